"""One candidate move measured on the same random deals as the others, and the paired
comparison that decides whether it is clearly better than another (the thinker's evidence).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .moves import Move

__all__ = ["MoveTally"]


@dataclass
class MoveTally:
    """A candidate move measured on the samples: won, lost and undecided deals, and (rollout)
    the cards its playouts brought home in all."""

    move: Move
    won: int = 0
    lost: int = 0
    undecided: int = 0
    home: int = 0
    outcomes: list[int] = field(default_factory=list, repr=False, compare=False)
    """Per deal: 1 won, 0 not (for paired comparisons)."""

    @property
    def samples(self) -> int:
        return self.won + self.lost + self.undecided

    def count(self, verdict: str) -> None:
        """Count one deal's verdict (``solved``, ``unsolvable`` or anything else: undecided)."""
        self.outcomes.append(verdict == "solved")
        if verdict == "solved":
            self.won += 1
        elif verdict == "unsolvable":
            self.lost += 1
        else:
            self.undecided += 1

    def better_than(self, other: MoveTally, margin: int) -> bool:
        """Whether this move won clearly more of the same deals than ``other``: of the deals
        one won and the other did not, this one won at least ``margin`` more, and so many
        that luck alone gives as many at most one time in ten (an exact one-sided sign test:
        a fair coin would win each such deal for either move)."""
        ours = sum(a > b for a, b in zip(self.outcomes, other.outcomes, strict=True))
        theirs = sum(b > a for a, b in zip(self.outcomes, other.outcomes, strict=True))
        split = ours + theirs
        luck = sum(math.comb(split, k) for k in range(ours, split + 1)) / 2**split
        return ours - theirs >= margin and luck <= 0.1

    def score(self) -> tuple[int, int, int]:
        """Higher is better: deals won, then fewer deals proved lost, then cards home. An
        undecided deal is no win: a position the solver cannot settle quickly is often just
        a wide one, not a good one."""
        return self.won, -self.lost, self.home
