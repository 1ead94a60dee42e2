"""Hints a learner can trust: ranked moves with reasons, using only what the player can see.

``hints(game)`` scores every legal move from the face-up cards alone (the tests shuffle the
face-down cards and check that no hint changes); ``knowledge.safe_moves`` are what Auto plays.
Given a ``Game`` (or ``seen=`` positions), the hints know the game's history: a move back to
a position already seen is no progress and ranks below every move that makes some, so a
student who keeps playing the top hint never goes round in circles. Every reason says only
what is true of the move: a card is "uncovered" only when one lies beneath it.
``solver_hint`` is the exception that says so: it asks the solver, which sees every card.
(How likely a win is after each move: ``solitaire_widgets.chances``.)
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from .cards import CARDS, RANK_DISPLAY
from .knowledge import safe_moves
from .moves import DEAL, DRAW, REDEAL, Move, parse_move
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
    state = _state_of(game_or_state)
    history = _history(game_or_state, seen)
    rules = VARIANTS[state.variant]
    legal = rules.legal_moves(state)
    if not legal:
        return []
    safe = set(safe_moves(state))
    alone = len(legal) == 1
    scored = [
        _no_progress(str(m))
        if history and _repeats(rules, state, m, history)
        else _score(rules, state, m, m in safe, alone)
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
    """The positions already seen: a ``Game``'s own, and ``seen``."""
    own = getattr(game_or_state, "seen", None)
    if own is None:
        return () if seen is None else seen
    return own if not seen else {*own, *seen}


def _repeats(rules: Variant, state: GameState, move: Move, seen: Collection[GameState]) -> bool:
    """Whether ``move`` leads back to a position already seen.

    Most moves never can. Along a game the redeals used and the cards home never go down,
    and within a pass the stock, the waste and Acme's and Fly's reserve ``R`` never grow
    back (the waste grows only by a draw, which shrinks the stock). So a move that sends a
    card home, redeals, or takes a card from the stock, the waste or ``R`` reaches a position
    unlike every earlier one; only the others are played out and looked up.
    """
    if move.dst.startswith("F") or move.src in _ONE_WAY_SOURCES:
        return False
    return rules.apply(state, move) in seen


_ONE_WAY_SOURCES = frozenset({"S", "W", "R", "deal", "redeal"})


def _no_progress(move: str) -> Hint:
    return Hint(move, 0, "no progress: this returns to a position already seen in this game")


def _needed_ranks(rules: Variant, state: GameState) -> list[int]:
    """Rank index each foundation needs next (13 when complete)."""
    return [len(state.piles[f]) for f in rules.foundations]


def _needed_soon(rules: Variant, state: GameState, card: int) -> bool:
    """Whether a foundation will take ``card`` after at most one more card."""
    heights = _needed_ranks(rules, state)
    if rules.suit_foundations:
        return 0 <= card % 13 - heights[card // 13] <= 1
    return any(0 <= card % 13 - h <= 1 for h in heights)


def _goes_home(rules: Variant, state: GameState, card: int) -> bool:
    """Whether some foundation takes ``card`` now."""
    return any(rules.foundation_accepts(state, card, f) for f in rules.foundations)


def _left_behind(rules: Variant, state: GameState, src: int) -> str:
    """What taking the top card off pile ``src`` leaves, in words that are true of it:
    'uncovers 7♣', 'turns up the next reserve card' or 'empties T3'."""
    pile = state.piles[src]
    name = rules.pile_names[src]
    if len(pile) < 2:
        return f"empties {name}"
    if rules.face_down(state, src):
        return f"turns up the next {rules.kinds[src]} card"
    return f"uncovers {CARDS[pile[-2]]}"


def _score(rules: Variant, state: GameState, move: Move, safe: bool, alone: bool) -> Hint:
    text = str(move)
    piles = state.piles
    if move == DRAW:
        return _draw_hint(rules, state, text, alone)
    if move == DEAL:
        return _deal_hint(rules, state, text)
    if move == REDEAL:
        return _redeal_hint(rules, text, alone)
    src, dst = rules.index[move.src], rules.index[move.dst]
    card = piles[src][-1]
    where = rules.label(src)
    if rules.kinds[dst] == "foundation":
        return _foundation_hint(rules, state, move, card, safe)
    target = piles[dst]
    if rules.family == "acme":
        return _acme_tableau_hint(rules, state, move, card, target)
    # Fly: the stock or reserve card onto a tableau pile
    why = _left_behind(rules, state, src)
    if move.src == "R":
        base = 62
        why += ": the reserve is the hardest pile to dig out" if len(piles[src]) > 1 else ""
    else:
        base = 50
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
    soon = _needed_soon(rules, state, top)
    higher = "the higher " if card % 13 > top % 13 else ""
    return Hint(
        text,
        base - 30 - (10 if soon else 0),
        f"would bury {top}{' which a foundation needs soon' if soon else ''} under {higher}"
        f"{card} (taken from {where})",
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
        if not state.piles[rules.stock]:
            return Hint(text, 85, f"{shown} goes home; the stock is empty, so {pile} stays empty")
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
    left = _left_behind(rules, state, rules.index[move.src])
    return Hint(
        text,
        80,
        f"{shown} goes home and {left}. Not safe yet: that foundation is not the lowest, so "
        f"another {RANK_DISPLAY[card % 13]} may need this place later{later}",
    )


def _acme_tableau_hint(
    rules: Variant, state: GameState, move: Move, card: int, target: tuple[Any, ...]
) -> Hint:
    """Acme: a card onto a tableau pile, scored by what the move frees."""
    text = str(move)
    shown = CARDS[card]
    src = rules.index[move.src]
    src_pile = state.piles[src]
    reserve = state.piles[rules.reserve]
    onto = f"onto {CARDS[target[-1]]}" if target else f"into the empty {move.dst}"
    left = _left_behind(rules, state, src)
    if move.src == "R":
        if len(reserve) > 1:
            return Hint(text, 75, f"{shown} off the reserve {onto} {left}")
        return Hint(
            text, 70, f"{shown} {onto} {left}: from now on an empty tableau pile takes any card"
        )
    if move.src == "W":
        return Hint(text, 55, f"{shown} off the waste {onto}, where it stays playable")
    if len(src_pile) == 1 and reserve:
        turns = "; the next reserve card turns face up" if len(reserve) > 1 else ""
        return Hint(
            text, 80, f"{shown} {onto} {left}, which the reserve's top card fills at once{turns}"
        )
    if len(src_pile) == 1:
        return Hint(
            text, 40, f"{shown} {onto} {left}: with the reserve empty it takes any card later"
        )
    beneath = src_pile[-2]
    if _goes_home(rules, state, beneath):
        return Hint(text, 70, f"{shown} {onto} {left}, which can go home next")
    return Hint(text, 45 if target else 35, f"{shown} {onto} {left}")


def _draw_hint(rules: Variant, state: GameState, text: str, alone: bool) -> Hint:
    waste = state.piles[rules.waste]
    if waste and _needed_soon(rules, state, waste[-1]):
        top = CARDS[waste[-1]]
        return Hint(text, 20, f"drawing now would bury {top}, which a foundation needs soon")
    why = "nothing else can be played" if alone else "a new card to play"
    return Hint(text, 30, f"draw the next stock card: {why}")


def _deal_hint(rules: Variant, state: GameState, text: str) -> Hint:
    reserves = [r for r in range(len(state.piles)) if rules.kinds[r] == "reserve"]
    tops = [state.piles[r][-1] for r in reserves if state.piles[r]]
    soon = [CARDS[c] for c in tops if _needed_soon(rules, state, c)]
    if soon:
        cards = ", ".join(str(c) for c in soon)
        return Hint(text, 20, f"dealing now would bury {cards}, needed on a foundation soon")
    left = len(state.piles[rules.stock])
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
