"""The profile: what the engines know about one game beyond its rules, behind one interface.

A game's rules are its ``Variant`` (``variants/<game>.py``). Everything else the engines know
about it lives in its profile (``games/<game>.py``), each claim with its argument there:

* the solver's view of it (``policy``: keys, move order, playouts, a search of its own) and
  the symmetry key (``key``), which ``chances`` shares;
* the safe moves (``is_safe``, ``first_safe``) and the dead positions (``is_dead``), which the
  solver, Auto and the hints use;
* the hint words only that game needs (``safe_words`` or ``safe_reason``, ``home_hint``,
  ``place_hint``) and the sources of moves that never lead back (``one_way_sources``);
* the default budget of a chance measurement (``chance_nodes``) and its rule card
  (``rule_card``).

The shared engines (``solver``, ``knowledge``, ``hints``, ``chances``, ``stats``) ask the
profile and never switch on a game's name. A profile is made for one variant, a knob variant
included (``games.profile_of``): the knobs are attributes of its ``rules``. The defaults
below claim nothing (no safe move, no dead position, no symmetry), so a new game is correct
before it is fast.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import ClassVar, Literal, NamedTuple

from ..advice import Hint, left_behind
from ..cards import CARDS
from ..moves import Move
from ..state import GameState
from ..variants import Variant
from .policy import Policy


class Setup(NamedTuple):
    """A rule card's position: the first cards of the deck (the rest in canonical order), then
    the moves played."""

    deck: str
    moves: tuple[str, ...] = ()


def at(deck: str, *moves: str) -> Setup:
    """``Setup(deck, moves)``, written as the cards are: ``at(_Q, "S-W")``."""
    return Setup(deck, moves)


@dataclass(frozen=True)
class CardExample:
    """A move in a position, whether the engine accepts it, and (``after``) a pile and the code
    of its top card once the move is played ("" for an empty pile)."""

    setup: Setup
    move: str
    legal: bool
    after: tuple[str, str] | None = None


@dataclass(frozen=True)
class CardRule:
    """One rule of a card: a short title, the rule in a sentence or two, and its examples."""

    title: str
    text: str
    examples: tuple[CardExample, ...]


@dataclass(frozen=True)
class RuleCardText:
    """A game's printable rule card: one line on what the game is, its numbered rules, and the
    rulings that settle what the rule text leaves open (the layout is read off the engine:
    ``exercises.rulecards``)."""

    summary: str
    rules: tuple[CardRule, ...]
    rulings: tuple[CardRule, ...]


@dataclass(frozen=True)
class ThinkerSettings:
    """How the thinker looks ahead in one game (each game's profile gives its own,
    ``Profile.thinker``; the thinker itself is ``solitaire_widgets.thinker``)."""

    method: Literal["solve", "rollout"] = "solve"
    samples: int = 12
    """Deals of the unseen cards measured for every decision."""
    max_samples: int = 36
    """At most this many, where the best two moves stay close."""
    nodes: int = 3_000
    """Per deal and move, the solver's positions (``solve``)."""
    exact_nodes: int = 200_000
    """The solver's positions for a position the player knows completely."""
    close: int = 2
    """Two moves are close when their scores differ by less than this many deals."""
    margin: int = 2
    """The hint rules' choice is left for another move only when that move won this many
    more of the same deals (``solve``: a paired comparison, so luck shared by both cancels)."""
    min_samples: int = 4
    """After this many deals, measuring stops early when every move has done the same so
    far, or when the best move cannot be caught within the deals left."""


class Profile:
    """What the engines know about one game beyond its rules, for one variant of it."""

    policy_class: ClassVar[type[Policy]] = Policy
    """The solver's view of the game (``policy`` makes one per solve)."""
    chance_nodes: ClassVar[int] = 5_000
    """The solver's node budget per sample of a chance measurement (``chances``)."""
    rule_card: ClassVar[RuleCardText | None] = None
    """The game's rule card (``scripts/rule_cards.py``), None for a game without one."""
    one_way_sources: ClassVar[frozenset[str]] = frozenset({"redeal"})
    """Move sources (pile names, ``deal``, ``redeal``) after which no earlier position of the
    game can come back (the hints skip looking such a move up; the module argues each)."""
    safe_words: ClassVar[str] = "this can never lose a game that can still be won"
    """Why a safe move that is not an ace can never hurt, in a hint's words."""
    aces_always_safe: ClassVar[bool] = False
    """Whether every ace that can go home is safe to play (Acme, Fly): a safe ace's hint then
    gives that reason. Not in Quadrennial or Acquaintance, where the moment matters even for an
    ace (a refill, a redeal), so their safe aces get the game's own reason (review 35)."""
    early_safe_words: ClassVar[str] = ""
    """Where moves are safe before ``first_safe_pass`` after all (``safe_possible``), in the
    words Auto adds to "Auto claims no move safe before pass N" ("" for nowhere)."""
    thinker: ClassVar[ThinkerSettings] = ThinkerSettings()
    """How the thinker looks ahead in this game (``solitaire_widgets.thinker``)."""

    first_safe: Callable[[GameState], Move | None]
    """The first safe move (in ``legal_moves`` order), or None: ``is_safe``'s rule with the
    shortcuts of ``_finder`` (the solver asks it at every position)."""

    def __init__(self, rules: Variant) -> None:
        self.rules = rules
        self.first_safe = (lambda state: None) if rules.stuck_only else self._finder()

    # ------------------------------------------------------------------ the solver
    def policy(self, use_knowledge: bool = True) -> Policy:
        """The search's view of this game, fresh for one solve."""
        return self.policy_class(self, use_knowledge)

    def key(self, state: GameState) -> Hashable:
        """A key that merges only positions equal up to an exact symmetry of the rules (so
        won alike): the position itself unless the game argues for more."""
        return state.piles, state.redeals

    def rollout(self, state: GameState, rng: random.Random) -> tuple[int, int]:
        """A playout by a player who sees only the face-up cards, from ``state`` to the end:
        (cards home, moves made). The thinker's ``rollout`` method measures moves with it;
        only a game that uses that method needs one."""
        raise NotImplementedError(f"{self.rules.title} has no rollout player")

    # ------------------------------------------------------------------ safe and dead
    def is_safe(self, state: GameState, move: Move) -> bool:
        """Whether a legal ``move`` is safe: whenever the position before it can be won, so
        can the one after it. Only foundation moves are claimed, and none under the stricter
        reading ``stuck_only`` (every argument lets a line use the stock whenever it likes)."""
        if self.rules.stuck_only or not move.dst.startswith("F"):
            return False
        return self.safe_home(state, move)

    def safe_home(self, state: GameState, move: Move) -> bool:
        """Whether a legal move of a card home is safe (``is_safe``; the game's argument)."""
        return False

    def safe_reason(self, state: GameState, move: Move) -> str:
        """Why a safe move home (not an ace) can never hurt, in a hint's words: the game's
        ``safe_words``, unless the reason depends on the move."""
        return self.safe_words

    def first_safe_pass(self) -> int:
        """The first pass (redeals used) in which any move can be safe (a shortcut)."""
        return 0

    def safe_possible(self, state: GameState) -> bool:
        """Whether any move can be safe in ``state`` (a shortcut: when not, the finder looks
        no further and Auto says why): from ``first_safe_pass`` on, unless the game knows more."""
        return state.redeals >= self.first_safe_pass()

    def _finder(self) -> Callable[[GameState], Move | None]:
        """``first_safe`` for this variant, with what it looks at worked out once."""
        rules, safe_home, possible = self.rules, self.safe_home, self.safe_possible

        def first(state: GameState) -> Move | None:
            if not possible(state):
                return None
            for move in rules.legal_moves(state):
                if move.dst.startswith("F") and safe_home(state, move):
                    return move
            return None

        return first

    def is_dead(self, state: GameState) -> bool:
        """True when the position provably cannot be won (cheap tests; False when unsure)."""
        return False

    # ------------------------------------------------------------------ hint words
    def home_hint(self, state: GameState, move: Move, card: int) -> Hint:
        """A move of ``card`` home that is not safe, scored and worded for this game."""
        left = left_behind(self.rules, state, self.rules.index[move.src])
        return Hint(str(move), 80, f"{CARDS[card]} goes home and {left}")

    def place_hint(self, state: GameState, move: Move, card: int) -> Hint:
        """A move of ``card`` onto a pile that is not a foundation, scored and worded for this
        game (draws, deals and redeals are the hint engine's own)."""
        rules = self.rules
        src, dst = rules.index[move.src], rules.index[move.dst]
        left = left_behind(rules, state, src)
        return Hint(
            str(move), 50, f"{CARDS[card]} from {rules.label(src)} to {rules.label(dst)}; {left}"
        )
