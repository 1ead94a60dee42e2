"""How often each game can be won: the table ``benchmarks/winnability.py`` measured.

The table is package data (``winnability.json``): for deals 1..N of each game, the solver's
verdict and the positions its proof took, and whether the greedy and the hint players won the
deal; per game the counts and 95% intervals. Pure Python, no scipy: the intervals were worked
out when the table was made. Notebooks, the README and the docs quote these figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .intervals import percent, wilson
from .tallies import Tally
from .variants import game_names
from .variants.knobs import variant_of
from .winnability_file import table

if TYPE_CHECKING:
    from .solver import SolveResult

VERDICTS = {"S": "winnable", "U": "unwinnable", "?": "undecided"}


@dataclass(frozen=True)
class ThinkerRate:
    """How the thinker (who remembers what it has seen and looks ahead) did on the table's
    first ``deals`` deals: the thinker is dearer than the other players, so it plays fewer."""

    deals: int
    wins: int
    winnable: int  # how many of those deals the solver proved winnable
    wins_of_winnable: int  # the thinker's wins among them (every win is one of them)
    wilson: tuple[float, float]

    @property
    def rate(self) -> float:
        return self.wins / self.deals

    def __str__(self) -> str:
        low, high = self.wilson
        return (
            f"the thinker won {self.wins:,} of deals 1..{self.deals:,} ({percent(self.rate)}, "
            f"95% interval {percent(low)} to {percent(high)}): {self.wins_of_winnable:,} of their "
            f"{self.winnable:,} winnable deals"
        )


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
    budget: str  # the solver's search of each deal, in words a student reads
    thinker: ThinkerRate | None = None  # None: the thinker has not played this game's deals

    def measures(self) -> dict[str, Tally]:
        """Won, lost (and undecided) deals of the solver, the hint player and greedy."""
        return {
            "winnable (sees every card)": Tally(self.winnable, self.unwinnable, self.undecided),
            "hint player": Tally(self.hint_wins, self.deals - self.hint_wins),
            "greedy": Tally(self.greedy_wins, self.deals - self.greedy_wins),
        }

    def __str__(self) -> str:
        low, high = self.clopper_pearson
        return (
            f"{self.variant}: {self.winnable:,} of {self.winnable + self.unwinnable:,} decided "
            f"deals winnable ({percent(self.winnable_rate)}, 95% interval {percent(low)} to "
            f"{percent(high)}); "
            f"{self.undecided} undecided of deals 1..{self.deals:,} (the solver searched each "
            f"deal with a limit of {self.budget})"
        )


def _plain(variant: str) -> str:
    """The game ``variant`` names, whose table line it may read: a plain game only. Rules
    changed by knobs (``acme[redeals=3]``) give other verdicts, which the table does not hold:
    a ``ValueError`` says so (the forty-eighth review: "winnable only" on such a table quoted
    plain Acme's line)."""
    rules = variant_of(variant)
    if rules.name not in game_names():
        raise ValueError(
            f"the winnability table holds {rules.family} under its own rules, not "
            f"{rules.name}: changed rules give other verdicts (measure them with the solver)"
        )
    return rules.name


def rate(variant: str) -> Rate:
    """The winnable rate of a game over the deals of the table."""
    name = _plain(variant)
    data = table()
    game = data["games"][name]
    s = game["summary"]
    budget = data["budget"]
    seconds, nodes = budget.get("seconds"), budget.get("nodes")
    words = f"{seconds:g} computer seconds" if seconds else f"{nodes:,} positions"
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
        _thinker_rate(game),
    )


def _thinker_rate(game: dict[str, Any]) -> ThinkerRate | None:
    won: str | None = game.get("thinker")
    if not won:
        return None
    on = game["solver"][: len(won)]
    wins = won.count("W")
    return ThinkerRate(
        len(won),
        wins,
        on.count("S"),
        sum(w == "W" and v == "S" for w, v in zip(won, on, strict=True)),
        wilson(wins, len(won)),
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
    name = _plain(variant)
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
    thinker_wins: bool | None = None  # None: beyond the deals the thinker played


def deal(variant: str, seed: int) -> Deal | None:
    """The table's line for deal ``seed``, or None when the table does not reach it (a deal
    past its last, or rules changed by knobs)."""
    name = variant_of(variant).name
    game = table()["games"].get(name) if name in game_names() else None
    if game is None:
        return None
    i = seed - game["first"]
    if not 0 <= i < len(game["solver"]):
        return None

    def won(column: str) -> bool | None:
        text = game.get(column)
        return text[i] == "W" if text and i < len(text) else None

    return Deal(
        name,
        seed,
        VERDICTS[game["solver"][i]],
        game["nodes"][i],
        won("greedy"),
        won("hint"),
        won("thinker"),
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
    if known.thinker_wins is not None and known.verdict != "unwinnable":
        text += (
            " The thinker, who remembers every card it has seen and looks ahead, wins it too."
            if known.thinker_wins
            else " Even the thinker, who remembers every card it has seen and looks ahead,"
            " loses it."
        )
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
    return Deal(variant_of(variant).name, seed, verdict, proof.nodes, None, hint)
