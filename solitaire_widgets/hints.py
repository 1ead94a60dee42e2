"""Hints a learner can trust: ranked moves with reasons, using only what the player can see.

``hints(game)`` scores every legal move from the face-up cards alone (the tests shuffle the
face-down cards and check that no hint changes); ``knowledge.safe_moves`` are what Auto plays.
The engine is shared by every game: the words only one game needs come from its profile
(``games/<game>.py``: why its safe moves are safe, its unsafe moves home, its card moves onto
piles that are not foundations), and it never switches on a game's name.
Given a ``Game`` (or ``seen=`` positions), the hints know the game's history: a move back to
a position already seen is no progress and ranks below every move that makes some, so a
student who keeps playing the top hint never goes round in circles. Every reason says only
what is true of the move: a card is "uncovered" only when one lies beneath it.
``solver_hint`` is the exception that says so: it asks the solver, which sees every card.
(How likely a win is after each move: ``solitaire_widgets.chances``.)
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .advice import Hint, left_by, needed_soon
from .cards import CARDS
from .games import Profile, profile_of
from .kernel_state import refuse_in_turns
from .knowledge import safe_moves
from .moves import DEAL, DRAW, REDEAL, Move, parse_move
from .solver import solve
from .state import GameState, history_of, state_of
from .variants import VARIANTS, Variant

__all__ = [
    "HINT_LIMIT",
    "HOPELESS_LIMIT",
    "Hint",
    "best_move",
    "hints",
    "is_hopeless",
    "safe_moves",
    "solver_hint",
]


# ------------------------------------------------------------------------------ hopeless
HOPELESS_LIMIT = 20_000
"""The default budget of ``is_hopeless``: positions explored, or solver nodes."""
HINT_LIMIT = 2_000
"""The budget of the hopeless test inside ``hints``, which playouts call thousands of times."""


def is_hopeless(state: GameState, limit: int = HOPELESS_LIMIT) -> bool | None:
    """Whether the game can no longer be won: True (hopeless), False (not hopeless) or None
    (cannot tell yet: ``limit`` was reached first). Never False because a limit was hit.

    When every card is face up the question is exact and the solver answers it: True when
    no line wins (its exhaustive search is a proof), False when it finds one; it sees nothing
    the player cannot. While cards are face down the answer uses the face-up cards only: it
    explores every position reachable without a foundation move; True when none of them
    allows a foundation move or turns up a card (no card can ever go home again, whatever the
    hidden cards are), False when one does (a card can still go home or be turned up; whether
    the hidden cards save the game, nobody at the table can know).
    """
    return _hopelessness(state, limit)[0]


def _hopelessness(state: GameState, limit: int) -> tuple[bool | None, str]:
    """``is_hopeless``'s answer and, when hopeless, why in words."""
    rules = VARIANTS[state.variant]
    if rules.is_won(state):
        return False, ""
    if _face_up(rules, state):
        return _solved(rules, state, limit)
    seen = {state}
    frontier = [state]
    while frontier:
        node = frontier.pop()
        for move in rules.legal_moves(node):
            if move.dst.startswith("F") or _reveals(rules, node, move):
                return False, ""
            child = rules.apply(node, move)
            if child not in seen:
                if len(seen) >= limit:
                    return None, ""
                seen.add(child)
                frontier.append(child)
    return True, "no card can ever go home again from here, whatever you do"


def _face_up(rules: Variant, state: GameState) -> bool:
    return not any(rules.face_down(state, i) for i in range(len(state.piles)))


def _solved(rules: Variant, state: GameState, limit: int) -> tuple[bool | None, str]:
    """The exact answer when every card is face up: the solver sees no more than the player.
    The budget counts nodes, never seconds, so the answer does not depend on the machine."""
    result = solve(state, max_nodes=limit, max_seconds=None)
    if result.status == "unsolvable":
        return True, "no line wins from here, whatever you do (every card is face up)"
    return (False if result.status == "solved" else None), ""


def _reveals(rules: Variant, state: GameState, move: Move) -> bool:
    """Whether a move turns up a card the player has not seen in this position."""
    before = [rules.face_down(state, i) for i in range(len(state.piles))]
    after_state = rules.apply(state, move)
    after = [rules.face_down(after_state, i) for i in range(len(after_state.piles))]
    return any(a < b for a, b in zip(after, before, strict=True)) or move in (DEAL, REDEAL)


# ------------------------------------------------------------------------------ ranked hints
def hints(
    game_or_state: Any, seen: Collection[GameState] | None = None, *, limit: int = HINT_LIMIT
) -> list[Hint]:
    """Every legal move with a score and a reason, best first; face-up cards only.

    A ``Game`` brings its history (``game.seen``); for a bare ``GameState`` pass the
    positions already seen as ``seen`` (none by default; a set is used as it is, so a
    playout can grow one set move by move). A move back to one of them is no progress: it
    scores 0 and ranks below every other move. In a hopeless position (``is_hopeless`` with
    budget ``limit`` says True) every move scores 0 and says so. The test never changes the
    order, so a playout that only needs the best move passes ``limit=0`` to skip it.
    """
    refuse_in_turns("hints")  # it would choose for a student's player (the project)
    state = state_of(game_or_state, "hints")
    history = _history(game_or_state, seen)
    rules = VARIANTS[state.variant]
    legal = rules.legal_moves(state)
    if not legal:
        return []
    profile = profile_of(rules)
    safe = {m for m in legal if profile.is_safe(state, m)}
    alone = len(legal) == 1
    scored = [
        _no_progress(str(m))
        if history and _repeats(profile, state, m, history)
        else _score(profile, state, m, m in safe, alone)
        for m in legal
    ]
    order = {str(m): i for i, m in enumerate(legal)}
    ranked = sorted(scored, key=lambda h: (-h.score, order[h.move]))
    hopeless, why = _hopelessness(state, limit) if limit > 0 else (None, "")
    if hopeless:
        return [Hint(h.move, 0, f"hopeless: {why}") for h in ranked]
    return ranked


def best_move(game_or_state: Any, seen: Collection[GameState] | None = None) -> Move | None:
    """The hint engine's choice (the first of ``hints``), or None when no move is legal."""
    ranked = hints(game_or_state, seen)
    return parse_move(ranked[0].move) if ranked else None


def _history(game_or_state: Any, seen: Collection[GameState] | None) -> Collection[GameState]:
    """The positions already seen: a ``Game``'s own (``state.history_of``), and ``seen``."""
    own = history_of(game_or_state)
    if not own:
        return () if seen is None else seen
    return own if not seen else {*own, *seen}


def _repeats(profile: Profile, state: GameState, move: Move, seen: Collection[GameState]) -> bool:
    """Whether ``move`` leads back to a position already seen.

    Most moves never can. Along a game the cards home never go down (cards never leave a
    foundation), so a move that sends a card home reaches a position unlike every earlier
    one; so does a move from one of the game's ``one_way_sources`` (its profile argues them:
    the stock, a redeal, ...). Only the others are played out and looked up.
    """
    if move.dst.startswith("F") or move.src in profile.one_way_sources:
        return False
    return profile.rules.apply(state, move) in seen


def _no_progress(move: str) -> Hint:
    return Hint(move, 0, "no progress: this returns to a position already seen in this game")


def _score(profile: Profile, state: GameState, move: Move, safe: bool, alone: bool) -> Hint:
    refuse_in_turns("hints")  # (a player called this scorer directly: the seventh review)
    rules = profile.rules
    if move == DRAW:
        return _draw_hint(rules, state, str(move), alone)
    if move == DEAL:
        return _deal_hint(rules, state, str(move), alone)
    if move == REDEAL:
        return _redeal_hint(rules, str(move), alone)
    card = state.piles[rules.index[move.src]][-1]
    if rules.kinds[rules.index[move.dst]] != "foundation":
        return profile.place_hint(state, move, card)
    shown = CARDS[card]
    if rules.stuck_only:  # no game's safety or timing argument holds there (``is_safe``)
        left = left_by(rules, state, move)
        return Hint(
            str(move),
            85,
            f"{shown} goes home and {left} (under this reading of the rules no move is ever "
            "claimed safe)",
        )
    if safe and card % 13 == 0 and profile.aces_always_safe:
        return Hint(str(move), 100, f"{shown} is an ace: playing it can never hurt", safe=True)
    if safe:
        reason = profile.safe_reason(state, move)
        return Hint(str(move), 95, f"{shown} goes home: {reason}", safe=True)
    return profile.home_hint(state, move, card)


def _draw_hint(rules: Variant, state: GameState, text: str, alone: bool) -> Hint:
    waste = state.piles[rules.waste]
    if waste and needed_soon(rules, state, waste[-1]):
        top = CARDS[waste[-1]]
        if alone:  # a warning about the only move would read as advice against it (review 48)
            return Hint(text, 20, f"nothing else can be played, though it buries {top}")
        return Hint(text, 20, f"drawing now would bury {top}, which a foundation needs soon")
    why = "nothing else can be played" if alone else "a new card to play"
    return Hint(text, 30, f"draw the next stock card: {why}")


def _deal_hint(rules: Variant, state: GameState, text: str, alone: bool) -> Hint:
    reserves = rules.reserves
    left = len(state.piles[rules.stock])
    reached = reserves[:left]  # a short stock deals onto the first piles only
    tops = [state.piles[r][-1] for r in reached if state.piles[r]]
    soon = [CARDS[c] for c in tops if needed_soon(rules, state, c)]
    if soon:
        cards = ", ".join(str(c) for c in soon)
        if alone:
            return Hint(text, 20, f"nothing else can be played, though it buries {cards}")
        return Hint(text, 20, f"dealing now would bury {cards}, needed on a foundation soon")
    if left < len(reserves):
        names = [rules.pile_names[r] for r in reserves[:left]]
        cards = "card" if left == 1 else f"{left} cards"
        piles = " and ".join(names) if left < 3 else f"{names[0]} to {names[-1]}"
        return Hint(text, 30, f"deal the last {cards} of the stock onto {piles}")
    return Hint(text, 30, "deal a new round: every reserve pile gets a new top card")


def _redeal_hint(rules: Variant, text: str, alone: bool) -> Hint:
    if rules.waste < 0:
        what = "gather the reserve piles into the stock and deal again"
    else:
        what = "turn the waste over for another pass"
    return Hint(text, 15, what + (": nothing else can be played" if alone else ""))


# ------------------------------------------------------------------------------ the solver
def solver_hint(game_or_state: Any, max_nodes: int = 200_000, max_seconds: float = 5.0) -> Hint:
    """The move that keeps this deal winnable, found by the solver, which sees hidden cards."""
    state = state_of(game_or_state, "solver_hint")
    result = solve(state, max_nodes=max_nodes, max_seconds=max_seconds)
    peek = "(the solver looked at the face-down cards)"
    if result.status == "solved" and result.moves:
        return Hint(
            result.moves[0], 100, f"keeps this deal winnable {peek}", uses_hidden_cards=True
        )
    if result.status == "unsolvable":
        return Hint("", 0, f"no line wins from here {peek}", uses_hidden_cards=True)
    return Hint(
        "", 0, f"the solver could not decide within its budget {peek}", uses_hidden_cards=True
    )
