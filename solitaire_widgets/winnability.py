"""How often each game can be won: the table ``benchmarks/winnability.py`` measured.

The table is package data (``winnability.json``): for deals 1..N of each game, the solver's
verdict and the positions its proof took, and whether the greedy and the hint players won the
deal; per game the counts and 95% intervals. Pure Python, no scipy: the intervals were worked
out when the table was made. Notebooks, the README and the docs quote these figures.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from .intervals import percent, wilson
from .tallies import Tally
from .variants import VARIANTS, get_variant

if TYPE_CHECKING:
    from .solver import SolveResult

FORMAT = "solitaire_widgets.winnability/1"
LETTERS = {"solved": "S", "unsolvable": "U", "unknown": "?"}
VERDICTS = {"S": "winnable", "U": "unwinnable", "?": "undecided"}


FILE = "winnability.json"


@cache
def table() -> dict[str, Any]:
    """The whole table, as stored (see ``benchmarks/winnability.py`` for its fields), checked
    by ``load_table``."""
    return load_table(resources.files(__package__).joinpath(FILE).read_text(), FILE)


def load_table(text: str, source: str = FILE) -> dict[str, Any]:
    """Parse and check a winnability table: ``ValueError`` naming ``source`` and the field
    for anything the readers here could trip on or be misled by (a wrong type, a cut column, a
    count that does not add up, a missing game), so that a damaged file never gives a wrong
    verdict nor a raw ``KeyError`` from deep inside."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise ValueError(f"{source}: nested too deeply to be a winnability table") from None
    except ValueError as exc:
        raise ValueError(f"{source}: not JSON ({exc})") from None
    _Check(source).table(data)
    result: dict[str, Any] = data
    return result


class _Check:
    """The checks of ``load_table``; each failure names the file and the field."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> ValueError:
        return ValueError(f"{self.source}: {where}: {problem}")

    def of(self, value: Any, kind: type | tuple[type, ...], where: str) -> Any:
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        if isinstance(value, bool) or not isinstance(value, kind):
            raise self.fail(where, f"expected {names}, found {type(value).__name__}")
        return value

    def field(self, parent: dict[str, Any], key: str, kind: Any, where: str) -> Any:
        if key not in parent:
            raise self.fail(f"{where}.{key}" if where else key, "missing")
        return self.of(parent[key], kind, f"{where}.{key}" if where else key)

    def count(self, parent: dict[str, Any], key: str, where: str) -> int:
        value: int = self.field(parent, key, int, where)
        if value < 0:
            raise self.fail(f"{where}.{key}", f"a count cannot be negative ({value})")
        return value

    def share(self, value: Any, where: str) -> float:
        number: float = self.of(value, (int, float), where)
        if not 0 <= number <= 1:
            raise self.fail(where, f"a share must lie in 0..1, not {number!r}")
        return number

    def pair(self, parent: dict[str, Any], key: str, where: str) -> None:
        pair = self.field(parent, key, list, where)
        if len(pair) != 2:
            raise self.fail(f"{where}.{key}", f"expected 2 bounds, found {len(pair)}")
        low, high = (self.share(b, f"{where}.{key}[{i}]") for i, b in enumerate(pair))
        if low > high:
            raise self.fail(f"{where}.{key}", f"the low bound {low} is above the high {high}")

    def letters(self, parent: dict[str, Any], key: str, allowed: str, where: str) -> str:
        text: str = self.field(parent, key, str, where)
        wrong = set(text) - set(allowed)
        if wrong:
            raise self.fail(f"{where}.{key}", f"unknown letters {''.join(sorted(wrong))!r}")
        return text

    def table(self, data: Any) -> None:
        self.of(data, dict, "the table")
        if data.get("format") != FORMAT:
            raise self.fail("format", f"not a {FORMAT} table")
        budget = self.field(data, "budget", dict, "")
        seconds = budget.get("seconds")
        nodes = budget.get("nodes")
        if seconds is not None:
            self.of(seconds, (int, float), "budget.seconds")
        if nodes is not None:
            self.of(nodes, int, "budget.nodes")
        if not seconds and not nodes:
            raise self.fail("budget", "neither seconds nor nodes")
        games = self.field(data, "games", dict, "")
        for family in sorted({v.family for v in VARIANTS.values()}):
            self.game(self.field(games, family, dict, "games"), f"games.{family}")

    def game(self, game: dict[str, Any], where: str) -> None:
        first: int = self.field(game, "first", int, where)
        if first < 1:
            raise self.fail(f"{where}.first", f"deal numbers start at 1, not {first}")
        solver = self.letters(game, "solver", "".join(LETTERS.values()), where)
        nodes = self.field(game, "nodes", list, where)
        if len(nodes) != len(solver):
            raise self.fail(f"{where}.nodes", f"{len(nodes)} entries for {len(solver)} deals")
        for i, n in enumerate(nodes):
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise self.fail(f"{where}.nodes[{i}]", f"not a count of positions: {n!r}")
        for column in ("greedy", "hint"):
            if column in game:
                won = self.letters(game, column, "WL", where)
                if len(won) != len(solver):
                    raise self.fail(f"{where}.{column}", f"{len(won)} deals, not {len(solver)}")
        if "thinker" in game:  # the first deals only: the thinker is dearer
            won = self.letters(game, "thinker", "WL", where)
            if not 0 < len(won) <= len(solver):
                raise self.fail(f"{where}.thinker", f"{len(won)} deals, of {len(solver)}")
        summary = self.field(game, "summary", dict, where)
        at = f"{where}.summary"
        if self.count(summary, "deals", at) != len(solver):
            raise self.fail(f"{at}.deals", f"says {summary['deals']}, solver has {len(solver)}")
        for status, letter in LETTERS.items():
            if self.count(summary, status, at) != solver.count(letter):
                raise self.fail(
                    f"{at}.{status}",
                    f"says {summary[status]}, the solver column has {solver.count(letter)}",
                )
        self.share(self.field(summary, "winnable_rate", (int, float), at), f"{at}.winnable_rate")
        for key in ("wilson", "clopper_pearson", "bounds"):
            self.pair(summary, key, at)
        for column in ("greedy", "hint", "thinker"):
            if column in summary:
                player = self.field(summary, column, dict, at)
                wins = self.count(player, "wins", f"{at}.{column}")
                if column in game and wins != game[column].count("W"):
                    raise self.fail(f"{at}.{column}.wins", f"says {wins}, the column differs")
                if column == "thinker" and column in game:
                    deals = self.count(player, "deals", f"{at}.thinker")
                    if deals != len(game["thinker"]):
                        raise self.fail(f"{at}.thinker.deals", f"says {deals}, the column differs")
        if "recheck" in game:
            self.recheck(self.field(game, "recheck", dict, where), f"{where}.recheck")

    def recheck(self, again: dict[str, Any], where: str) -> None:
        verdicts = self.letters(again, "solver", "".join(LETTERS.values()), where)
        deals = self.field(again, "deals", list, where)
        if len(deals) != len(verdicts):
            raise self.fail(f"{where}.deals", f"{len(deals)} deals for {len(verdicts)} verdicts")
        for i, d in enumerate(deals):
            if isinstance(d, bool) or not isinstance(d, int) or d < 1:
                raise self.fail(f"{where}.deals[{i}]", f"not a deal number: {d!r}")
        seconds = self.field(again, "seconds", (int, float), where)
        if not seconds > 0:
            raise self.fail(f"{where}.seconds", f"a budget must be positive, not {seconds!r}")


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


def rate(variant: str) -> Rate:
    """The winnable rate of a game over the deals of the table."""
    name = get_variant(variant).family
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
    thinker_wins: bool | None = None  # None: beyond the deals the thinker played


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
    return Deal(get_variant(variant).family, seed, verdict, proof.nodes, None, hint)
