"""What holds in every game whose foundations build by rank, suit ignored (Acquaintance, Fly).

**Safe moves.** The copies of a rank compete for the foundations. Safe: a card that goes onto
a *lowest* foundation (no foundation below the one it goes on). Let L be a winning line from
the position before the move (B); A is the position after it. Every foundation that still
needs the card's rank is at that same height, they are interchangeable, and L places c on one
of them: rename that one and ours, and play L in A, skipping the moves of c. Any card put
above c in B (a deal, a Fly placement) must leave before c does, so the tops match. A card
onto a higher foundation is not safe: a copy buried above a lower card may need that place.
(A game may ask for more: Acquaintance's redeal, in ``acquaintance``.)

**Dead positions** (``rank_deadlock``): the piles whose cards can only go home, top first
(Fly's tableau, Acquaintance's reserve piles), against what the foundations can reach. Let
``reach[h]`` bound how many foundations can ever stand at height h or above: those already
there, plus at most one per copy of rank h-1 that can ever be freed, and no more than could
reach h-1. A card can only be played while some foundation stands exactly at its rank, so a
pile card is freed only if ``reach[rank] >`` (foundations already past its rank) and every
card above it is freed; cards in the stock or the reserve can always be reached (the cards
above them can be put on the tableau or dealt), so they are counted as free. Freed cards
raise ``reach``; the bound is iterated until nothing changes. By induction over any line,
every card it plays is freed and at most ``reach[h]`` foundations ever reach h, so if
``reach[13]`` is short of all foundations, no line wins. It catches a ten lying above every
remaining nine when no foundation is at ten, and chains of such blocks across piles.

**Candidate moves** (``one_per_foundation_height``): of one card's moves to foundations of the
same height, the positions after them have the same key (foundations are known by their sorted
heights), so only the leftmost is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..advice import Hint, left_behind
from ..cards import CARDS, RANK_WORDS
from ..moves import Move
from ..state import GameState
from .base import Profile


class RankProfile(Profile):
    """A game whose foundations build by rank: the lowest-foundation rule and the deadlock."""

    safe_words: ClassVar[str] = (
        "it goes on a lowest foundation, so no other card of its rank can need that place"
    )

    def safe_home(self, state: GameState, move: Move) -> bool:
        """Onto a lowest foundation (the module)."""
        piles = state.piles
        lowest = min(len(piles[f]) for f in self.rules.foundations)
        return len(piles[self.rules.index[move.dst]]) == lowest

    def stacks_and_free(self, state: GameState) -> tuple[list[Sequence[int]], Sequence[int]] | None:
        """The piles whose cards go home top first, and the cards reachable at will, for
        ``rank_deadlock``; None where the game has no such test here."""
        return None

    def is_dead(self, state: GameState) -> bool:
        piles = self.stacks_and_free(state)
        if piles is None:
            return False
        heights = [len(state.piles[f]) for f in self.rules.foundations]
        return rank_deadlock(heights, *piles)

    def later_words(self, state: GameState) -> str:
        """Why a move home may be unsafe later in the game, beyond the lowest-foundation rule
        ("" for none): Acquaintance's redeal."""
        return ""

    def home_hint(self, state: GameState, move: Move, card: int) -> Hint:
        left = left_behind(self.rules, state, self.rules.index[move.src])
        reasons = []
        target = state.piles[self.rules.index[move.dst]]
        if len(target) > min(len(state.piles[f]) for f in self.rules.foundations):
            covered, rank = CARDS[target[-1]], RANK_WORDS[card % 13]
            article = "an" if rank[0] in "aeiou" else "a"  # an eight, an ace
            reasons.append(
                f"it covers the {covered} on {move.dst}, and another {rank} may need that "
                f"{covered}: a lower foundation cannot take {article} {rank} yet"
            )
        later = self.later_words(state)
        if later:
            reasons.append(later)
        because = f": {'; '.join(reasons)}" if reasons else ""
        return Hint(str(move), 80, f"{CARDS[card]} goes home and {left}. Not safe yet{because}")


def rank_deadlock(
    heights: Sequence[int], stacks: Sequence[Sequence[int]], free: Sequence[int]
) -> bool:
    """Rank foundations at ``heights``, ``stacks`` whose cards go home top first (bottom to
    top, as piles are kept), ``free`` cards reachable at will: True if no line can bring every
    foundation to the king (the bound ``reach`` of the module docstring)."""
    n = len(heights)
    at_least = [0] * 15  # at_least[h]: foundations standing at height h or above
    for h in heights:
        at_least[h] += 1
    for h in range(13, -1, -1):
        at_least[h] += at_least[h + 1]
    avail = [0] * 13  # copies of each rank that can be freed
    for card in free:
        avail[card % 13] += 1
    tops = [[card % 13 for card in reversed(s)] for s in stacks if s]
    done = [0] * len(tops)
    while True:
        reach = n
        open_rank = [False] * 13  # some foundation can stand exactly at this height
        for h in range(1, 14):
            above = at_least[h]
            below = min(reach - above, avail[h - 1]) if reach > above else 0
            open_rank[h - 1] = reach > at_least[h]
            reach = above + below
        changed = False
        for i, ranks in enumerate(tops):
            j = done[i]
            while j < len(ranks) and open_rank[ranks[j]]:
                avail[ranks[j]] += 1
                j += 1
            if j != done[i]:
                done[i] = j
                changed = True
        if not changed:
            return reach < n


def one_per_foundation_height(
    state: GameState, moves: list[Move], index: dict[str, int]
) -> list[Move]:
    """Of moves of one card to foundations of equal height, keep the leftmost."""
    out = []
    seen: set[tuple[str, int]] = set()
    for m in moves:
        if m.dst.startswith("F"):
            mark = (m.src, len(state.piles[index[m.dst]]))
            if mark in seen:
                continue
            seen.add(mark)
        out.append(m)
    return out
