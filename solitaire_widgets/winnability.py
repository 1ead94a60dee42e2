"""How often each game can be won: the table ``benchmarks/winnability.py`` measured.

The table is package data (``winnability.json``): for deals 1..N of each game, the solver's
verdict and the positions its proof took, and whether the greedy and the hint players won the
deal; per game the counts and 95% intervals. Pure Python, no scipy: the intervals were worked
out when the table was made. Notebooks, the README and the docs quote these figures.

>>> rate("acme").winnable_rate  # doctest: +SKIP
0.126
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from .intervals import percent
from .variants import get_variant

if TYPE_CHECKING:
    from .solver import SolveResult

FORMAT = "solitaire_widgets.winnability/1"
LETTERS = {"solved": "S", "unsolvable": "U", "unknown": "?"}
VERDICTS = {"S": "winnable", "U": "unwinnable", "?": "undecided"}


@cache
def table() -> dict[str, Any]:
    """The whole table, as stored (see ``benchmarks/winnability.py`` for its fields)."""
    text = resources.files(__package__).joinpath("winnability.json").read_text()
    data: dict[str, Any] = json.loads(text)
    if data.get("format") != FORMAT:
        raise ValueError(f"winnability.json is not a {FORMAT} table")
    return data


@dataclass(frozen=True)
class Rate:
    """One game's line of the table."""

    variant: str
    deals: int
    winnable: int
    unwinnable: int
    undecided: int
    winnable_rate: float
    wilson: tuple[float, float]
    clopper_pearson: tuple[float, float]
    bounds: tuple[float, float]
    greedy_wins: int
    hint_wins: int
    budget: str

    def __str__(self) -> str:
        low, high = self.clopper_pearson
        return (
            f"{self.variant}: {self.winnable:,} of {self.winnable + self.unwinnable:,} decided "
            f"deals winnable ({percent(self.winnable_rate)}, 95% CI {percent(low)} to "
            f"{percent(high)}); "
            f"{self.undecided} undecided of deals 1..{self.deals:,} ({self.budget} each)"
        )


def rate(variant: str) -> Rate:
    """The winnable rate of a game over the deals of the table."""
    name = get_variant(variant).family
    data = table()
    game = data["games"][name]
    s = game["summary"]
    budget = data["budget"]
    words = f"{budget['seconds']:g} CPU s" if budget["seconds"] else f"{budget['nodes']:,} nodes"
    return Rate(
        name,
        s["deals"],
        s["solved"],
        s["unsolvable"],
        s["unknown"],
        s["winnable_rate"],
        tuple(s["wilson"]),
        tuple(s["clopper_pearson"]),
        tuple(s["bounds"]),
        s.get("greedy", {}).get("wins", 0),
        s.get("hint", {}).get("wins", 0),
        words,
    )


@dataclass(frozen=True)
class Recheck:
    """A game's undecided deals of the table, solved once more with a bigger budget."""

    variant: str
    deals: int  # how many were undecided
    seconds: float  # the bigger budget, CPU seconds per deal
    winnable: int
    unwinnable: int
    still_undecided: tuple[int, ...]  # their deal numbers

    def __str__(self) -> str:
        return (
            f"{self.variant}: the {self.deals:,} undecided deals again, {self.seconds:g} CPU s "
            f"each: {self.winnable:,} winnable, {self.unwinnable:,} unwinnable, "
            f"{len(self.still_undecided):,} still undecided"
        )


def recheck(variant: str) -> Recheck | None:
    """What more search settled of a game's undecided deals (None: no recheck was made)."""
    name = get_variant(variant).family
    again = table()["games"][name].get("recheck")
    if again is None:
        return None
    verdicts: str = again["solver"]
    still = tuple(d for d, v in zip(again["deals"], verdicts, strict=True) if v == "?")
    return Recheck(
        name, len(verdicts), again["seconds"], verdicts.count("S"), verdicts.count("U"), still
    )


@dataclass(frozen=True)
class Deal:
    """What the table knows about one deal."""

    variant: str
    seed: int
    verdict: str  # winnable, unwinnable or undecided
    nodes: int
    greedy_wins: bool | None
    hint_wins: bool | None


def deal(variant: str, seed: int) -> Deal | None:
    """The table's line for deal ``seed``, or None when the table does not reach it."""
    name = get_variant(variant).family
    game = table()["games"].get(name)
    if game is None:
        return None
    i = seed - game["first"]
    if not 0 <= i < len(game["solver"]):
        return None

    def won(column: str) -> bool | None:
        text = game.get(column)
        return text[i] == "W" if text else None

    return Deal(
        name, seed, VERDICTS[game["solver"][i]], game["nodes"][i], won("greedy"), won("hint")
    )


def how_hard(variant: str, seed: int, *, proof: SolveResult | None = None) -> str:
    """How hard deal ``seed`` is, in words a student understands: is it winnable, how much
    search the proof took, and does the hint player (who sees only what you see) win it.
    From the table when it holds the deal, else worked out now (a second or two); ``proof``,
    the solver's result on this deal within ``WINNABLE_NODES`` when the caller has one, is not
    searched again."""
    known = deal(variant, seed)
    if known is None:
        known = _measure(variant, seed, proof)
    if known.verdict == "unwinnable":
        text = f"No line wins this deal: the solver tried every one ({known.nodes:,} positions)."
    elif known.verdict == "undecided":
        text = "The solver could not decide this deal within its budget: one of the hardest."
    else:
        if known.nodes < 2_000:
            ease = "it found one almost at once"
        elif known.nodes < 50_000:
            ease = "after a short search"
        else:
            ease = "only after a long search: a hard deal to find a win in"
        text = (
            f"Winnable: the solver, which sees every card, found a win after looking at "
            f"{known.nodes:,} positions ({ease})."
        )
    if known.hint_wins:
        text += " The hint player wins it too: following the hints is enough."
    elif known.verdict == "winnable":
        text += " The hint player loses it: to win, you need moves the hints do not rank first."
    return text


def _measure(variant: str, seed: int, proof: SolveResult | None) -> Deal:
    from .engine import new_state
    from .solver import WINNABLE_NODES, solve
    from .stats.strategies import HintPlay

    state = new_state(variant, seed=seed)
    if proof is None:
        proof = solve(state, max_nodes=WINNABLE_NODES, max_seconds=None)
    verdict = {"solved": "winnable", "unsolvable": "unwinnable"}.get(proof.status, "undecided")
    hint = HintPlay()(state, random.Random(seed)).outcome == "won"
    return Deal(get_variant(variant).family, seed, verdict, proof.nodes, None, hint)
