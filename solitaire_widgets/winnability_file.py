"""The winnability table's file, ``winnability.json`` (package data, written by
``benchmarks/winnability.py``): read once and checked field by field, so that a damaged file
never gives a wrong verdict nor a raw ``KeyError`` from deep inside. ``winnability`` reads it.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from .variants import VARIANTS

FORMAT = "solitaire_widgets.winnability/1"
LETTERS = {"solved": "S", "unsolvable": "U", "unknown": "?"}


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
