"""Hints a learner can trust: ranked moves with reasons, using only what the player can see.

``hints(game)`` scores every legal move from the face-up cards alone (the tests shuffle the
face-down cards and check that no hint changes); ``knowledge.safe_moves`` are what Auto plays.
``solver_hint`` is the exception that says so: it asks the solver, which sees every card.
(How likely a win is after each move: ``solitaire_widgets.chances``.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import CARDS, RANK_DISPLAY
from .knowledge import safe_moves
from .moves import DEAL, DRAW, REDEAL, Move
from .solver import solve
from .state import GameState
from .variants import VARIANTS, Variant


@dataclass(frozen=True)
class Hint:
    """A suggested move, its score (higher is better, 0-100) and the reason in words."""

    move: str
    score: float
    reason: str
    safe: bool = False
    uses_hidden_cards: bool = False

    def __str__(self) -> str:
        return f"{self.move}: {self.reason}"


def _state_of(game_or_state: Any) -> GameState:
    state = getattr(game_or_state, "state", game_or_state)
    if not isinstance(state, GameState):
        raise TypeError(f"expected a Game or a GameState, not {type(game_or_state).__name__}")
    return state


# ------------------------------------------------------------------------------ hopeless
def is_hopeless(state: GameState, limit: int = 2_000) -> bool:
    """True when no foundation move can ever be reached again, judged from face-up cards only.

    It explores every position reachable without a foundation move. A move that would turn up
    a face-down card makes the answer "not hopeless" (the hidden card might help), so this
    never peeks; it also answers False if more than ``limit`` positions would be needed.
    """
    rules = VARIANTS[state.variant]
    if rules.is_won(state):
        return False
    seen = {state.key()}
    frontier = [state]
    while frontier:
        node = frontier.pop()
        for move in rules.legal_moves(node):
            if move.dst.startswith("F"):
                return False
            if _reveals(rules, node, move):
                return False
            child = rules.apply(node, move)
            if child.key() not in seen:
                if len(seen) >= limit:
                    return False
                seen.add(child.key())
                frontier.append(child)
    return True


def _reveals(rules: Variant, state: GameState, move: Move) -> bool:
    """Whether a move turns up a card the player has not seen in this position."""
    before = [rules.face_down(state, i) for i in range(len(state.piles))]
    after_state = rules.apply(state, move)
    after = [rules.face_down(after_state, i) for i in range(len(after_state.piles))]
    return any(a < b for a, b in zip(after, before, strict=True)) or move in (DEAL, REDEAL)


# ------------------------------------------------------------------------------ ranked hints
def hints(game_or_state: Any) -> list[Hint]:
    """Every legal move with a score and a reason, best first; face-up cards only.

    In a hopeless position (see ``is_hopeless``) every move scores 0 and says so.
    """
    state = _state_of(game_or_state)
    rules = VARIANTS[state.variant]
    legal = rules.legal_moves(state)
    if not legal:
        return []
    if is_hopeless(state):
        why = "hopeless: no foundation move can ever be reached again from here, whatever you do"
        return [Hint(str(m), 0, why) for m in legal]
    safe = set(safe_moves(state))
    scored = [_score(rules, state, m, m in safe) for m in legal]
    order = {str(m): i for i, m in enumerate(legal)}
    return sorted(scored, key=lambda h: (-h.score, order[h.move]))


def best_move(game_or_state: Any) -> Move | None:
    """The hint engine's choice (the first of ``hints``), or None when no move is legal."""
    ranked = hints(game_or_state)
    if not ranked:
        return None
    move = ranked[0].move
    if move in ("deal", "redeal"):
        return Move(move)
    src, dst = move.split("-")
    return Move(src, dst)


def _needed_ranks(rules: Variant, state: GameState) -> list[int]:
    """Rank index each foundation needs next (13 when complete)."""
    return [len(state.piles[f]) for f in rules.foundations]


def _needed_soon(rules: Variant, state: GameState, card: int) -> bool:
    """Whether a foundation will take ``card`` after at most one more card."""
    heights = _needed_ranks(rules, state)
    if rules.suit_foundations:
        return 0 <= card % 13 - heights[card // 13] <= 1
    return any(0 <= card % 13 - h <= 1 for h in heights)


def _score(rules: Variant, state: GameState, move: Move, safe: bool) -> Hint:
    text = str(move)
    piles = state.piles
    if move == DRAW:
        return _draw_hint(rules, state, text)
    if move == DEAL:
        return _deal_hint(rules, state, text)
    if move == REDEAL:
        return Hint(text, 15, "turn the cards over for another pass: nothing else can be played")
    src, dst = rules.index[move.src], rules.index[move.dst]
    card = piles[src][-1]
    where = rules.label(src)
    if rules.kinds[dst] == "foundation":
        return _foundation_hint(rules, state, move, card, safe)
    target = piles[dst]
    if rules.family == "acme":
        return _acme_tableau_hint(rules, state, move, card, target)
    # Fly: the stock or reserve card onto a tableau pile
    if move.src == "R":
        base = 62
        why = "frees the next reserve card: the reserve is the hardest pile to dig out"
    else:
        base = 50
        why = "moves the stock on to its next card"
    if not target:
        return Hint(text, base, f"puts {card} on an empty pile, where it blocks nothing; {why}")
    top = target[-1]
    if top % 13 > card % 13:
        closeness = min(top % 13 - card % 13, 10)
        return Hint(
            text,
            base + 10 - closeness,
            f"{card} on {top}: it will go home before {top} is needed, so it blocks nothing; {why}",
        )
    buried = f"{top}" + (
        " which a foundation needs next" if _needed_soon(rules, state, top) else ""
    )
    return Hint(
        text,
        base - 30 - (10 if _needed_soon(rules, state, top) else 0),
        f"would bury {buried} under the higher {card} (taken from {where})",
    )


def _foundation_hint(rules: Variant, state: GameState, move: Move, card: int, safe: bool) -> Hint:
    text = str(move)
    shown = CARDS[card]
    if safe and card % 13 == 0:
        return Hint(text, 100, f"{shown} is an ace: playing it can never hurt", safe=True)
    if safe:
        if rules.family == "acme":
            why = "a card helps no other card until it is home, so this can never hurt"
        elif rules.family == "quadrennial":
            why = "the waste's top card only waits, so playing it home can never hurt"
        else:
            why = "it goes on a lowest foundation, so no other copy can need that place"
        return Hint(text, 95, f"{shown} goes home: {why}", safe=True)
    if rules.family == "quadrennial":
        pile = move.src
        return Hint(
            text,
            85,
            f"{shown} goes home and the next stock card refills {pile}; drawing first would "
            f"refill {pile} with a later card instead",
        )
    if rules.family == "acquaintance" and state.redeals < rules.redeals_allowed:
        later = "; a redeal will gather the piles differently"
    else:
        later = ""
    return Hint(
        text,
        80,
        f"{shown} goes home and uncovers the card beneath it, but a higher foundation takes it: "
        f"another {RANK_DISPLAY[card % 13]} may need this place later{later}",
    )


def _acme_tableau_hint(
    rules: Variant, state: GameState, move: Move, card: int, target: tuple[Any, ...]
) -> Hint:
    text = str(move)
    shown = CARDS[card]
    src_pile = state.piles[rules.index[move.src]]
    reserve = state.piles[rules.reserve]
    if move.src.startswith("T") and len(src_pile) == 1 and reserve:
        return Hint(
            text,
            80,
            f"{shown} onto {CARDS[target[-1]]} empties {move.src}, which the reserve fills at "
            "once: a hidden card comes into play",
        )
    if move.src == "R":
        return Hint(text, 75, f"{shown} off the reserve uncovers its next card")
    if move.src == "W":
        return Hint(text, 55, f"{shown} off the waste onto the tableau, where it stays playable")
    if not target:
        return Hint(text, 35, f"{shown} into the empty {move.dst} uncovers the card beneath it")
    return Hint(
        text, 45, f"{shown} onto {CARDS[target[-1]]}: uncovers the card beneath it in {move.src}"
    )


def _draw_hint(rules: Variant, state: GameState, text: str) -> Hint:
    waste = state.piles[rules.waste]
    if waste and _needed_soon(rules, state, waste[-1]):
        top = CARDS[waste[-1]]
        return Hint(text, 20, f"drawing now would bury {top}, which a foundation needs soon")
    return Hint(text, 30, "draw the next stock card: nothing better is on the table")


def _deal_hint(rules: Variant, state: GameState, text: str) -> Hint:
    tops = [
        state.piles[r][-1]
        for r in range(len(state.piles))
        if rules.kinds[r] == "reserve"
        if state.piles[r]
    ]
    soon = [CARDS[c] for c in tops if _needed_soon(rules, state, c)]
    if soon:
        cards = ", ".join(str(c) for c in soon)
        return Hint(text, 20, f"dealing now would bury {cards}, needed on a foundation soon")
    return Hint(text, 30, "deal a new round: every reserve pile gets a new top card")


# ------------------------------------------------------------------------------ the solver
def solver_hint(game_or_state: Any, max_nodes: int = 200_000, max_seconds: float = 5.0) -> Hint:
    """The move that keeps this deal winnable, found by the solver, which sees hidden cards."""
    state = _state_of(game_or_state)
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
