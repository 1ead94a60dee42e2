"""The project's check: a player judged fairly.

A student tunes a player on the training deals (``players.train``, deals 1 to 300, as often as
they like). The check plays it once on ``HELD_OUT_SIZE`` fresh deals drawn from ``HELD_OUT``,
numbers the training never uses, next to the random, greedy and hint players on the same deals,
and compares it with greedy deal by deal (McNemar's exact test).

Each check draws its deals when it runs, from the operating system's randomness (``secrets``):
no name, try number or seed decides them, so nobody (a student reading this file included) can
know them before the check, and a player cannot carry answers for them (the winning lines of
the deals it will be judged on, say). The draw is a short text, shown with the verdict and kept
in its record: ``held_out_deals(variant, draw)`` gives the same deals again on any computer, and
``replay_check(id, player, draw)`` the same verdict, so a teacher can re-run a check (it counts
as a try, as every verdict on held-out deals does).
nbgrader's grading run makes a draw of its own, and says it (``fresh.earned``). A deal on which
the player fails (it raises, or returns a move that is not legal) counts as lost, and the
verdict says where: a bug on a rare deal costs that deal, not every point (the ninth review).
Asking the package's advisors is refused outright.

Points, as nbgrader's partial credit: all of them when the player beats greedy significantly;
``MATCH_SHARE`` of them when it is not significantly worse than greedy; ``RANDOM_SHARE`` when
it beats random play significantly; none otherwise. The hints climb with the player: cards
home first, then a memory against going round in circles, then the idea that beats greedy.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from dataclasses import dataclass, replace

from ..engine import MAX_SEED
from . import session
from .answers import AnswerFormError, unwritten
from .kinds import Exercise, Feedback
from .players import (
    Comparison,
    PlayerError,
    Split,
    compare,
    first_choice,
    first_refused,
    player_name,
    refused_player,
)

HELD_OUT = range(10**9, MAX_SEED + 1)
"""Deal numbers the project is judged on: never training deals, and far too many to list
(a million of them could be indexed by their openings in seconds, so that a player recognised
its deal and rebuilt the face-down cards: the seventh review)."""
HELD_OUT_SIZE = 500
RANDOM_SHARE = 0.2
MATCH_SHARE = 0.4


CLOSE = (0.005, 0.2)
"""p-values against greedy this close to the bar (0.05) could come out on its other side on
another draw of deals: a verdict in this band says so."""
CLOSE_CALL = (
    "This split is close to the bar of significance (p = 0.05): on other deals it could come "
    "out the other way. The "
    "grading run draws deals of its own, so its points can differ from these; the further a "
    "player is from greedy, the surer its grade."
)


def close_call(split: Split) -> bool:
    """Whether a split against greedy lies near the bar (``CLOSE``): a marginal player's
    points depend on the draw (the eighth review saw 5 and 2 for one player)."""
    return split.only_first != split.only_second and CLOSE[0] <= split.p_value < CLOSE[1]


DRAW_DIGITS = 16
"""A draw is this many hexadecimal digits (64 bits) from ``secrets``."""


def new_draw() -> str:
    """A draw nobody can know before it is made: 64 bits of the operating system's randomness."""
    return secrets.token_hex(DRAW_DIGITS // 2)


def held_out_deals(variant: str, draw: str) -> tuple[int, ...]:
    """The fresh deals of one draw, the same on every computer (so a check can be re-run); a
    ``ValueError`` for a draw that is not ``DRAW_DIGITS`` hexadecimal digits."""
    if not isinstance(draw, str) or not re.fullmatch(f"[0-9a-f]{{{DRAW_DIGITS}}}", draw):
        raise ValueError(
            f"a draw is {DRAW_DIGITS} hexadecimal digits, as a check prints it, not {draw!r}"
        )
    seed = hashlib.sha256(f"{variant}-player|{draw}".encode()).digest()[:8]
    numbers = random.Random(int.from_bytes(seed, "big")).sample(HELD_OUT, HELD_OUT_SIZE)
    return tuple(sorted(numbers))


@dataclass(frozen=True)
class PlayerProject(Exercise):
    """A player function, judged on fresh deals against greedy (see the module's docstring)."""

    variant: str = "acme"
    memory_hint: str = ""
    idea_hint: str = ""

    def _assess(self, answer: object, draw: str | None = None) -> Feedback:
        """The verdict on a player for one draw of fresh deals: a new one when ``draw`` is None
        (drawn only after the player's code has run, from the operating system, so nothing
        the notebook or the player did before can decide them); a draw a check printed plays
        its deals, and gives its verdict, again (``replay_check``). Every verdict plays 500
        held-out deals, so every one is counted as a try (``Exercise.__init_subclass__``), a
        replay too: no loop gets verdicts on fresh deals for free."""
        number = session.tries(self.id) + 1 if draw is None else 1  # said: "try 2, new deals"
        if draw is not None:
            held_out_deals(self.variant, draw)  # a malformed draw is refused before anything
        if not callable(answer):
            raise AnswerFormError(f"`{self.name}` is a function: def {self.name}(view)")
        refusal = refused_player(answer)
        if refusal is not None:  # before any deal: it says nothing of the deals, no try
            raise AnswerFormError(f"{refusal}. No deal was played")
        try:
            first = first_choice(answer, self.variant)
        except Exception as error:  # the student's code: a bug, not a verdict (no try)
            raise AnswerFormError(
                f"Your player raised {error!r} on deal 1's first move: no deal was played"
            ) from None
        if (first is None or first is Ellipsis) and unwritten(answer):
            return self.feedback(
                "not answered yet",
                f"`{self.name}` returns {first!r}: write its body, so that it returns a move.",
            )
        refused = first_refused(first, self.variant)
        if refused is not None:  # a bug on the first move, like a raise there: no try
            raise AnswerFormError(
                f"On deal 1's first move your player {refused}. A player returns one of "
                "view.legal: no deal was played"
            )
        draw = new_draw() if draw is None else draw
        deals = held_out_deals(self.variant, draw)
        try:
            comparison = compare(
                answer, self.variant, deals, purpose="fresh deals", lose_on_error=True
            )
        except PlayerError as error:
            said = self.drawn(draw, player_name(answer))
            feedback = self.feedback("not yet", f"{error}. {said}")
        else:
            feedback = self.grade(comparison, number, draw)
        return replace(feedback, draw=draw)

    def drawn(self, draw: str, name: str = "") -> str:
        """Where the deals came from, and how to play them again (with the player's function
        by its own name, ``name``, when it has one)."""
        player = name if name.isidentifier() else self.name
        return (
            f"These {HELD_OUT_SIZE} deals were drawn when the check ran (draw {draw}); "
            f'`replay_check("{self.id}", {player}, "{draw}")` plays them again (import it '
            "from solitaire_widgets.exercises)."
        )

    def grade(self, comparison: Comparison, number: int = 1, draw: str = "") -> Feedback:
        """The verdict, points and hint for a player's games on the fresh deals."""
        greedy, random_play = comparison.against("greedy"), comparison.against("random")
        report = str(comparison)
        if draw:
            report += f"\n\n{self.drawn(draw, comparison.name)}"
        if number > 1:
            report += (
                f"\n\nThis was try {number}, on new deals. Over several tries a lucky split "
                "turns up more often than one try's p-value says: tune on the training deals, "
                "and check when you are done."
            )
        if close_call(greedy):
            report += f"\n\n{CLOSE_CALL}"
        if greedy.better:
            earned = f"Points for this try: {self.points} of {self.points}."
            return self.feedback("correct", f"{self.note} {earned}\n\n{report}")
        if not greedy.worse:
            share, reached = MATCH_SHARE, self.close_to_greedy(greedy)
        elif random_play.better:
            share, reached = RANDOM_SHARE, "Your player beats random play."
        else:
            share, reached = 0.0, ""
        failed = len(comparison.failures)
        hint = (
            f"Your player failed on {failed} of the {len(comparison.deals)} deals, each counted "
            "as lost (the first is said below): fix that first."
            if failed
            else self.hint_for(comparison, share)
        )
        earned = f"Points for this try: {share * self.points:g} of {self.points}."
        text = " ".join(part for part in (reached, earned, hint) if part)
        return self.feedback("not yet", f"{text}\n\n{report}", points=share * self.points)

    @staticmethod
    def close_to_greedy(greedy: Split) -> str:
        """What a split that luck could explain says, in the direction it went."""
        if greedy.only_first < greedy.only_second:
            return (
                "Your player did worse than greedy, but not clearly: luck could explain a "
                "difference this small."
            )
        if greedy.only_first > greedy.only_second:
            return (
                "Your player did better than greedy, but not clearly: luck could explain a "
                "difference this small."
            )
        return "Your player won as many deals as greedy."

    def hint_for(self, comparison: Comparison, share: float) -> str:
        """The next idea, from what the player did: cards home, circles, then greedy's gap."""
        if comparison.home_passed_up:
            return (
                f"Your player passed up a card that could go home {comparison.home_passed_up} "
                "times. In Acme a foundation move can never hurt (the next lower card of its suit "
                "is home already, so no card needs it on the tableau): play those first."
            )
        if comparison.circles:
            return (
                f"{comparison.circles} of your games ended going round in circles (a position "
                f"came back). {self.memory_hint}"
            )
        if share >= MATCH_SHARE:
            return self.idea_hint
        return self.otherwise
