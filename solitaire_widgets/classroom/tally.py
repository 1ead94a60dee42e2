"""The class's results beside the solver's and the players' on the same deals.

For each game (Acme, Fly, ...): how many games the class played and won, the win rate with its
95% Wilson interval, and, on the deals the class played (each deal counted as often as it was
played), the share the solver proves winnable and the shares the hint rules, greedy and the
thinker win, from the winnability table (``winnability.json``: deals 1..N of each plain game;
a deal outside it, or a knob variant, has no comparison, and the count says so). Then the
cards home of every game (for a histogram), the hints asked (counts; names only when asked),
and the paired question "did the class beat the hint rules on the deals it played?": each
game is a pair (the student's result, the hint rules' result on the same deal); only the games
one side won and the other lost tell them apart, and McNemar's exact test (a sign test on
those games) says how often a split at least that one-sided would come by luck alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..exercises.players import mcnemar_p_value, plain_probability
from ..intervals import Interval, wilson
from ..variants import game_names, get_variant
from ..winnability_file import table
from .collect import ClassGame, Collected

__all__ = ["COLUMNS", "ClassTally", "GameRow", "Paired", "tally"]

COLUMNS = ("hint", "greedy", "thinker")
"""The players of the winnability table compared with the class, where the table has them."""


@dataclass(frozen=True)
class GameRow:
    """One game's line: the class, and the table's verdicts on the same deals."""

    title: str
    games: int
    wins: int
    interval: Interval
    compared: int  # the class's games whose deal the table holds
    winnable: int  # of those, on deals the solver proves winnable
    undecided: int  # of those, on deals the solver left undecided
    players: dict[str, int]  # of those, on deals each player wins (only the table's columns)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class Paired:
    """The class against the hint rules, game by game on the same deals."""

    games: int
    class_only: int  # the class won, the hint rules lost
    hint_only: int  # the hint rules won, the class lost

    @property
    def p_value(self) -> float:
        return mcnemar_p_value(self.class_only, self.hint_only)

    def __str__(self) -> str:
        if not self.games:
            return "No game was played on a deal the table holds: nothing to pair."
        told = self.class_only + self.hint_only
        verdict = (
            "a split this one-sided, or more, would come by luck alone with probability "
            f"{plain_probability(self.p_value)}"
        )
        if self.p_value < 0.05:
            side = "the class" if self.class_only > self.hint_only else "the hint rules"
            verdict += f": {side} did better, and luck does not easily explain it"
        else:
            verdict += ": luck explains it easily, so no winner can be named"
        return (
            f"On {self.games} games, {told} tell the class and the hint rules apart: "
            f"{self.class_only} the class won and the hint rules lost, {self.hint_only} the "
            f"other way. McNemar's exact test: {verdict}."
        )


@dataclass(frozen=True)
class ClassTally:
    """What ``tally`` found; ``str()`` is the teacher's summary."""

    rows: tuple[GameRow, ...]
    cards_home: dict[str, tuple[int, ...]]  # game title -> cards home of each game
    cards_total: dict[str, int]
    hints: dict[str, int]  # player -> hints asked (all games)
    paired: Paired
    left_out: int

    def hint_counts(self) -> dict[str, int]:
        """How many players asked no hint, 1 to 5, 6 to 20, more: counts, not names."""
        bands = Counter(_band(n) for n in self.hints.values())
        return {band: bands[band] for band in ("none", "1 to 5", "6 to 20", "more than 20")}

    def hints_by_player(self) -> dict[str, int]:
        """Each player's hints, by name: only when the teacher asks for names."""
        return dict(sorted(self.hints.items()))

    def table(self) -> list[dict[str, Any]]:
        """The rows as plain values (rates as fractions), for a DataFrame or a print."""
        out = []
        for row in self.rows:
            line: dict[str, Any] = {
                "game": row.title,
                "games": row.games,
                "won": row.wins,
                "class win rate": round(row.rate, 3),
                "95% interval": (round(row.interval.low, 3), round(row.interval.high, 3)),
            }
            if row.compared:
                line["winnable (same deals)"] = round(row.winnable / row.compared, 3)
                for name, wins in row.players.items():
                    line[f"{name} (same deals)"] = round(wins / row.compared, 3)
            out.append(line)
        return out

    def __str__(self) -> str:
        lines = []
        for row in self.rows:
            lines.append(
                f"{row.title}: the class won {row.wins} of {row.games} games "
                f"({row.rate:.1%}, 95% interval {row.interval})"
            )
            if row.compared:
                rates = [f"winnable {row.winnable / row.compared:.1%}"] + [
                    f"{name} rules {wins / row.compared:.1%}"
                    if name == "hint"
                    else f"{name} {wins / row.compared:.1%}"
                    for name, wins in row.players.items()
                ]
                undecided = f", {row.undecided} undecided" if row.undecided else ""
                lines.append(f"  on the same {row.compared} deals: {', '.join(rates)}{undecided}")
            else:
                lines.append("  no deal of these games is in the winnability table")
        lines.append(str(self.paired))
        return "\n".join(lines)

    def plot(self) -> Any:
        """Two plots side by side: the win rates with intervals, and the cards home. Returns
        the figure, or None without matplotlib (a note says so)."""
        from ..stats.plots import pyplot_if_installed

        plt = pyplot_if_installed()
        if plt is None:
            return None
        fig, (rates, homes) = plt.subplots(1, 2, figsize=(11, 4))
        names: list[str] = []
        values: list[float] = []
        errors: list[list[float]] = [[], []]
        for row in self.rows:
            bars: list[tuple[str, float, Interval | None]] = [("class", row.rate, row.interval)]
            if row.compared:
                bars.append(("winnable", row.winnable / row.compared, None))
                bars += [(n, w / row.compared, None) for n, w in row.players.items()]
            for label, value, interval in bars:
                names.append(f"{row.title}\n{label}")
                values.append(value)
                low, high = (value, value) if interval is None else interval
                errors[0].append(value - low)
                errors[1].append(high - value)
        rates.bar(range(len(values)), values, yerr=errors, capsize=4, color="tab:green")
        rates.set_xticks(range(len(values)), names, fontsize=8)
        rates.set_ylabel("share of the class's games won")
        rates.set_title("The class (95% interval) and the table, same deals")
        for title, homes_of in self.cards_home.items():
            total = self.cards_total[title]
            homes.hist(
                homes_of, bins=range(0, total + 2, max(1, total // 26)), alpha=0.7, label=title
            )
        homes.set_xlabel("cards home at the end")
        homes.set_ylabel("games")
        homes.set_title("Cards home, every game of the class")
        homes.legend()
        fig.tight_layout()
        return fig


def tally(collected: Collected | Sequence[ClassGame]) -> ClassTally:
    """The class's results (see the module docstring)."""
    games = collected.games if isinstance(collected, Collected) else tuple(collected)
    left_out = len(collected.problems) if isinstance(collected, Collected) else 0
    by_title: dict[str, list[ClassGame]] = {}
    for item in games:
        by_title.setdefault(get_variant(item.game.variant).title, []).append(item)
    rows, homes, totals = [], {}, {}
    pairs = [0, 0, 0]
    for title, played in by_title.items():
        wins = sum(g.game.outcome == "won" for g in played)
        compared = winnable = undecided = 0
        players: Counter[str] = Counter()
        columns: set[str] = set()
        for item in played:
            known = _table_line(item)
            if known is None:
                continue
            verdict, won = known
            compared += 1
            winnable += verdict == "S"
            undecided += verdict == "?"
            for name, result in won.items():
                columns.add(name)
                players[name] += result
            if "hint" in won:
                mine = item.game.outcome == "won"
                pairs[0] += 1
                pairs[1] += mine and not won["hint"]
                pairs[2] += won["hint"] and not mine
        shown = {name: players[name] for name in COLUMNS if name in columns}
        rows.append(
            GameRow(
                title,
                len(played),
                wins,
                wilson(wins, len(played)),
                compared,
                winnable,
                undecided,
                shown,
            )
        )
        homes[title] = tuple(g.game.cards_home for g in played)
        totals[title] = get_variant(played[0].game.variant).total_cards
    hints: Counter[str] = Counter()
    for item in games:
        hints[item.player] += item.game.hints
    return ClassTally(tuple(rows), homes, totals, dict(hints), Paired(*pairs), left_out)


def _table_line(item: ClassGame) -> tuple[str, dict[str, bool]] | None:
    """The table's solver letter (S, U, ?) and each player's win on this game's deal, or None
    when the table does not hold the deal (a knob variant, an own deck, a deal past N)."""
    variant, seed = item.game.variant, item.game.seed
    rules = get_variant(variant)
    if seed is None or rules.name not in game_names():
        return None
    game = table()["games"].get(rules.family)
    if game is None:
        return None
    index = seed - game["first"]
    if not 0 <= index < len(game["solver"]):
        return None
    won = {
        name: game[name][index] == "W"
        for name in COLUMNS
        if isinstance(game.get(name), str) and index < len(game[name])
    }
    return game["solver"][index], won


def _band(hints: int) -> str:
    if hints == 0:
        return "none"
    if hints <= 5:
        return "1 to 5"
    return "6 to 20" if hints <= 20 else "more than 20"
