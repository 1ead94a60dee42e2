"""``Game``: the mutable, checked, notebook-friendly handle on one deal.

It keeps the list of states (so undo is exact by construction), the moves in notation, a redo
list and its observers. Every change goes through ``play``, ``undo``, ``redo``, ``restart`` or
``new_deal``, and each tells the observers (the widgets) once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from .cards import Card, check_deck, shuffled_deck
from .knowledge import safe_moves
from .moves import IllegalMoveError, Move, parse_move
from .render import render_html, render_text
from .rules import check_seed, random_seed
from .solver import next_winnable
from .state import GameState
from .variants import get_variant

RECORD_FORMAT = "solitaire_widgets.game"
Observer = Callable[["Game"], None]


class Game:
    """One deal of one variant, played move by move.

    ``Game(variant, winnable=True)`` deals the first number from ``seed`` (or a random one)
    on that the solver proves winnable (``solver.next_winnable``); it is recorded as an
    ordinary deal number, so the game replays like any other.

    >>> game = Game("acme", seed=7)
    >>> game.play("S-W")
    Move(src='S', dst='W')
    >>> game.history
    ['S-W']
    """

    def __init__(
        self,
        variant: str,
        seed: int | None = None,
        deck: Sequence[object] | None = None,
        *,
        winnable: bool = False,
    ) -> None:
        self._rules = get_variant(variant)
        self.variant = self._rules.name
        self.seed: int | None = None
        self.deck: tuple[str, ...] | None = None
        if deck is not None:
            if seed is not None:
                raise ValueError("give a deal number or an explicit deck, not both")
            if winnable:
                raise ValueError("winnable=True picks a deal number: give no deck")
            cards = check_deck(deck, self._rules.decks)
            self.deck = tuple(c.code for c in cards)
        else:
            self.seed = random_seed() if seed is None else check_seed(seed)
            if winnable:
                self.seed = _next_winnable(self.variant, self.seed)
            cards = shuffled_deck(self.seed, self._rules.decks)
        self._states: list[GameState] = [self._rules.deal(cards)]
        self._moves: list[Move] = []
        self._redo: list[Move] = []
        self._observers: list[Observer] = []

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        """The current position (an immutable value)."""
        return self._states[-1]

    @property
    def title(self) -> str:
        return self._rules.title

    @property
    def history(self) -> list[str]:
        """The moves played so far, in notation."""
        return [str(m) for m in self._moves]

    def history_words(self) -> list[str]:
        """Each move played so far, in words."""
        return [self._rules.describe(s, m) for s, m in zip(self._states, self._moves, strict=False)]

    @property
    def status(self) -> str:
        """``playing``, ``won`` or ``lost`` (not won and no legal move remains)."""
        return self._rules.outcome(self.state)

    @property
    def is_over(self) -> bool:
        return self.status != "playing"

    @property
    def cards_home(self) -> int:
        """Cards on the foundations."""
        return self._rules.cards_home(self.state)

    @property
    def redeals_left(self) -> int:
        return self._rules.redeals_left(self.state)

    @property
    def can_undo(self) -> bool:
        return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def legal_moves(self) -> list[Move]:
        """Every legal move here (``X-F`` already resolved to a numbered foundation)."""
        return self._rules.legal_moves(self.state)

    def pile(self, name: str) -> tuple[Card, ...]:
        """The cards of a pile, bottom to top (face-down ones included: this is Python's view)."""
        index = self._rules.index.get(name.strip().upper()) if isinstance(name, str) else None
        if index is None:
            raise ValueError(
                f"{self.title} has no pile {name!r}; its piles are {self._rules.pile_list()}"
            )
        return self.state.piles[index]

    def why_not(self, move: Move | str) -> str | None:
        """The reason a move is refused here, or None if it is legal. Never raises."""
        try:
            self._checked(move)
        except IllegalMoveError as error:
            return str(error)
        return None

    def describe(self, move: Move | str) -> str:
        """A legal move in words, in the current position."""
        return self._rules.describe(self.state, self._checked(move))

    # ------------------------------------------------------------------ changing
    def play(self, move: Move | str) -> Move:
        """Play a move (a ``Move`` or its notation); raise ``IllegalMoveError`` if refused."""
        checked = self._checked(move)
        self._push(checked)
        self._redo.clear()
        self._notify()
        return checked

    def undo(self) -> Move:
        """Take back the last move with its automatic consequences."""
        if not self._moves:
            raise IllegalMoveError("nothing to undo: no move has been played")
        self._states.pop()
        move = self._moves.pop()
        self._redo.append(move)
        self._notify()
        return move

    def redo(self) -> Move:
        """Play again the last move taken back."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo: no move has been taken back")
        move = self._redo.pop()
        self._push(move)
        self._notify()
        return move

    def restart(self) -> None:
        """Back to the deal, history cleared (the moves can be redone one by one)."""
        self._redo.extend(reversed(self._moves))
        del self._states[1:]
        self._moves.clear()
        self._notify()

    def new_deal(self, seed: int | None = None, *, winnable: bool = False) -> None:
        """A new deal of the same variant (``seed`` None picks a number and records it);
        ``winnable=True``: the first deal from that number on that the solver proves won."""
        fresh = Game(self.variant, seed=random_seed() if seed is None else seed, winnable=winnable)
        self.seed, self.deck = fresh.seed, None
        self._states, self._moves, self._redo = fresh._states, [], []
        self._notify()

    def autoplay(self) -> list[Move]:
        """Play the safe moves (``knowledge.safe_moves``: moves that can never lose a won game)
        until none is left; see docs/rules.md for what that means in each game."""
        played: list[Move] = []
        while self.status == "playing":
            safe = safe_moves(self.state)
            if not safe:
                break
            self._push(safe[0])
            played.append(safe[0])
        if played:
            self._redo.clear()
            self._notify()
        return played

    def subscribe(self, observer: Observer) -> Callable[[], None]:
        """Call ``observer(game)`` after every change; returns the function that unsubscribes."""
        self._observers.append(observer)

        def unsubscribe() -> None:
            if observer in self._observers:
                self._observers.remove(observer)

        return unsubscribe

    # ------------------------------------------------------------------ views and records
    def view(self) -> dict[str, Any]:
        """What a player may see, JSON-ready: face-down cards only as counts."""
        rules, state = self._rules, self.state
        legal = rules.legal_moves(state)  # once: the status and the list both need it
        piles = {}
        for i, name in enumerate(rules.pile_names):
            down = rules.face_down(state, i)
            piles[name] = {
                "kind": rules.kinds[i],
                "label": rules.label(i),
                "down": down,
                "cards": [c.code for c in state.piles[i][down:]],
                "fan": name in rules.fanned,
            }
        return {
            "variant": self.variant,
            "title": self.title,
            "seed": self.seed,
            "rows": [list(row) for row in rules.rows],
            "piles": piles,
            "status": rules.outcome(state, legal),
            "moves_made": len(self._moves),
            "can_redo": bool(self._redo),
            "redeals_left": rules.redeals_left(state),
            "redeals_total": rules.redeals_allowed,
            "cards_home": rules.cards_home(state),
            "cards_total": rules.total_cards,
            "legal": [str(m) for m in legal],
            "last_move": str(self._moves[-1]) if self._moves else None,
        }

    def to_json(self) -> str:
        """A record that replays exactly: variant, deal number or deck, moves in notation."""
        return json.dumps(
            {
                "format": RECORD_FORMAT,
                "variant": self.variant,
                "seed": self.seed,
                "deck": list(self.deck) if self.deck is not None else None,
                "moves": self.history,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a ``to_json`` record: the same deal, replayed through the checked ``play``."""
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as error:
            raise ValueError(f"not a game record: {error}") from None
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise ValueError(
                f"not a game record: expected a JSON object with format {RECORD_FORMAT!r}"
            )
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise ValueError("not a game record: 'moves' must be a list of moves in notation")
        variant: Any = data.get("variant")
        game = cls(variant, seed=data.get("seed"), deck=data.get("deck"))
        for number, move in enumerate(moves, 1):
            try:
                game._push(game._checked(move))
            except IllegalMoveError as error:
                raise ValueError(
                    f"move {number} of the record ({move!r}) is refused: {error}"
                ) from None
        return game

    def __repr__(self) -> str:
        return render_text(self.view())

    def _repr_html_(self) -> str:
        return render_html(self.view())

    # ------------------------------------------------------------------ internals
    def _checked(self, move: Move | str) -> Move:
        parsed = self._rules.resolve(self.state, parse_move(move))
        reason = self._rules.why_not(self.state, parsed)
        if reason is not None:
            raise IllegalMoveError(reason)
        return parsed

    def _push(self, move: Move) -> None:
        self._states.append(self._rules.apply(self.state, move))
        self._moves.append(move)

    def _notify(self) -> None:
        for observer in list(self._observers):
            observer(self)


def _next_winnable(variant: str, start: int) -> int:
    return next_winnable(variant, start)[0]
