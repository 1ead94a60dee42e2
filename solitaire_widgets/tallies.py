"""What a chance measurement reports: tallies of won, lost and undecided samples, with
Wilson's intervals, per move and for the position (``chances`` makes them)."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .checks import check_confidence
from .intervals import Interval, Reading, percent, read_claim, undecided_bounds, wilson
from .stats.strategies import Outcome


def gap_words(players: Sequence[str]) -> str:
    """What the differences between winnable and the players measured mean: about the thinker
    and the hint rules only where they were measured (the forty-eighth review: these words
    stood under a table of greedy and random)."""
    if "thinker" not in players:
        return (
            "Winnable minus a player's chance is what the hidden cards and its way of playing "
            "cost together."
        )
    text = (
        "Winnable minus the thinker's chance is what the hidden cards cost (at most: a better "
        "player may yet close some of it)"
    )
    if "hint" not in players:
        return f"{text}."
    simple = "the thinker's chance minus the hint rules' is what playing by simple rules costs, "
    simple += "at least"
    return f"{text}; {simple}."


GAP = gap_words(("thinker", "hint"))
"""The two sentences under the default players' measures (the thinker and the hint rules)."""


@dataclass(frozen=True)
class Tally:
    """One measure on the samples: how many were won, lost, and left undecided."""

    won: int = 0
    lost: int = 0
    undecided: int = 0
    confidence: float = 0.95

    def __post_init__(self) -> None:
        object.__setattr__(self, "confidence", check_confidence(self.confidence))

    @property
    def samples(self) -> int:
        return self.won + self.lost + self.undecided

    @property
    def decided(self) -> int:
        return self.won + self.lost

    @property
    def rate(self) -> float:
        """Won over decided samples (``nan`` when none is decided)."""
        return self.won / self.decided if self.decided else math.nan

    @property
    def interval(self) -> Interval:
        """Wilson's interval for ``rate``, over the decided samples."""
        return wilson(self.won, self.decided, self.confidence)

    @property
    def bounds(self) -> Interval:
        """Over every sample: the undecided counted all lost at the low end, all won at the high
        end (equal to ``interval`` when nothing is undecided)."""
        return undecided_bounds(self.won, self.decided, self.undecided, self.confidence)

    def read(self, claim: float) -> Reading:
        """What these samples say about a claimed value (``intervals.read_claim``)."""
        return read_claim(
            claim, self.won, self.decided, undecided=self.undecided, confidence=self.confidence
        )

    def count(self, outcome: Outcome) -> Tally:
        """This tally with one more sample."""
        return Tally(
            self.won + (outcome == "won"),
            self.lost + (outcome == "lost"),
            self.undecided + (outcome == "unknown"),
            self.confidence,
        )

    def __str__(self) -> str:
        if not self.decided:
            return f"undecided on all {self.samples} samples"
        ci = self.interval
        text = f"{percent(self.rate)} [{percent(ci.low)}, {percent(ci.high)}]"
        if self.undecided:
            low, high = self.bounds
            text += (
                f", {self.undecided} of {self.samples} undecided "
                f"(all lost … all won: [{percent(low)}, {percent(high)}])"
            )
        return text


@dataclass(frozen=True)
class Chances:
    """The measures after one move (``move`` in notation), or for the position (``move`` ""):
    winnable, and each player's chance (``players``: name and tally, in the order asked)."""

    move: str
    winnable: Tally
    players: tuple[tuple[str, Tally], ...]

    @property
    def samples(self) -> int:
        return self.winnable.samples

    @property
    def player(self) -> Tally:
        """The first player's chance."""
        return self.players[0][1]

    @property
    def strategy(self) -> str:
        """The first player's name."""
        return self.players[0][0]

    def chance(self, player: str) -> Tally:
        """A player's chance, by name (``KeyError`` if it was not measured)."""
        return dict(self.players)[player]

    def __str__(self) -> str:
        label = self.move or "from here"
        chances = "; ".join(f"{_title(name)} {tally}" for name, tally in self.players)
        return f"{label}: winnable {self.winnable}; {chances}"


def _title(player: str) -> str:
    """A player's name as a report says it: "the thinker", "hint player"."""
    return "the thinker" if player == "thinker" else f"{player} player"


@dataclass(frozen=True)
class ChanceReport:
    """The measurement: the position's chances, each move's (best first), and how it was made.

    ``done`` samples were measured of the ``samples`` asked for (fewer when stopped); every
    move and the position were measured on the same ``done`` samples.
    """

    position: Chances | None
    moves: tuple[Chances, ...]
    samples: int
    done: int
    seed: int
    max_nodes: int
    players: tuple[str, ...]
    nodes: int = 0  # solver nodes used in all

    @property
    def strategy(self) -> str:
        """The players measured, by name."""
        return ", ".join(self.players)

    @property
    def complete(self) -> bool:
        return self.done == self.samples

    def __str__(self) -> str:
        lines = [
            f"on {self.done} samples of the unseen cards (seed {self.seed}; the solver "
            f"{self.max_nodes:,} nodes per sample; players: {self.strategy})"
            + ("" if self.complete else f", stopped after {self.done} of {self.samples}")
        ]
        lines += [f"  {c}" for c in ((self.position,) if self.position else ()) + self.moves]
        lines.append(gap_words(self.players))
        return "\n".join(lines)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))


def best_first(chances: Iterable[Chances]) -> tuple[Chances, ...]:
    """Highest player's chance first, then highest winnable; ties keep their order."""

    def score(rate: float) -> float:
        return -1.0 if math.isnan(rate) else rate

    return tuple(sorted(chances, key=lambda c: (-score(c.player.rate), -score(c.winnable.rate))))
