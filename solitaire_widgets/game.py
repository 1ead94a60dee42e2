"""``Game``: the mutable, checked, notebook-friendly handle on one deal, and the engine's façade.

It keeps the states (so undo is exact), the moves, a redo list, what the player was shown
(``memory``, taken-back moves included) and its observers. Every change (``play``, ``undo``,
``redo``, ``restart``, ``new_deal``, ``load``, ``autoplay``) tells every observer (the
widgets) once, after the change, outside the game's lock; an observer that raises is reported
as a warning and undoes nothing. It hands its position to the engines below it
(hints, safe moves, the solver), none of which imports it. One re-entrant lock guards every
change and read of its lists, so threads may share a game (docs/architecture.md).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import Any

from .advice import Hint
from .cards import Card, check_deck, shuffled_deck
from .checks import check_steps
from .dealcode import deal_code, read_code
from .engine import check_seed, random_seed
from .information import Memory, remember
from .knowledge import safe_moves
from .moves import IllegalMoveError, LegalMoves, Move, NotationError, parse_move
from .observers import Observers
from .quoting import quoted
from .record import MAX_RECORD_CHARS, MAX_RECORD_MOVES, RECORD_FORMAT, read_record, write_record
from .render import render_html, render_text
from .solver import next_winnable
from .state import GameState
from .thinker import think
from .variants.knobs import variant_of
from .view import VIEW_KEYS, view

__all__ = ["MAX_RECORD_CHARS", "MAX_RECORD_MOVES", "RECORD_FORMAT", "VIEW_KEYS", "Game"]

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

    Two games are equal when they dealt the same cards (a deal number or the deck it shuffles
    to) and played the same moves, so ``Game.from_json(game.to_json()) == game``; a game
    changes, so it is not hashable. ``game.code`` names a numbered deal (``dealcode``).
    """

    __hash__ = None  # type: ignore[assignment]

    def __init__(
        self,
        variant: str,
        seed: int | None = None,
        deck: Sequence[object] | None = None,
        *,
        winnable: bool = False,
    ) -> None:
        self._lock = threading.RLock()
        self._rules = variant_of(variant)  # a knob name too: "acme[reserve=10,stuck]"
        self.variant = self._rules.name
        self.seed: int | None = None
        self.deck: tuple[str, ...] | None = None
        if deck is not None:
            if seed is not None:
                raise ValueError("give a deal number or an explicit deck, not both")
            if winnable:
                raise ValueError("winnable=True picks a deal number: give no deck")
            cards = check_deck(deck, self._rules.decks, self._rules.title)
            self.deck = tuple(c.code for c in cards)
        else:
            self.seed = random_seed() if seed is None else check_seed(seed)
            if winnable:
                self.seed = next_winnable(self.variant, self.seed)[0]
            cards = shuffled_deck(self.seed, self._rules.decks)
        self._states: list[GameState] = [self._rules.deal(cards)]
        self._memory = remember(None, self._states[0])  # see `memory`
        self._seen: Counter[GameState] | None = None  # see `seen`: built when first asked
        self._moves: list[Move] = []
        self._redo: list[Move] = []
        self._observers: Observers[Game] = Observers()

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        """The current position (an immutable value)."""
        with self._lock:
            return self._states[-1]

    @property
    def memory(self) -> Memory:
        """What the player has seen, taken-back lines included: ``information.Memory``."""
        return self._memory

    @property
    def title(self) -> str:
        return self._rules.title

    @property
    def history(self) -> list[str]:
        """The moves played so far, in notation."""
        with self._lock:
            return [str(m) for m in self._moves]

    @property
    def positions(self) -> tuple[GameState, ...]:
        """Every position of this game so far, from the deal to now."""
        with self._lock:
            return tuple(self._states)

    @property
    def seen(self) -> Collection[GameState]:
        """The positions of this game so far, as a set (``state in game.seen`` is fast; the
        hints ask it). Built when first asked for, then kept up to date; each call a copy."""
        with self._lock:
            if self._seen is None:
                self._seen = Counter(self._states)
            return dict(self._seen).keys()

    def history_words(self) -> list[str]:
        """Each move played so far, in words."""
        with self._lock:
            pairs = list(zip(self._states, self._moves, strict=False))
        return [self._rules.describe(s, m) for s, m in pairs]

    @property
    def status(self) -> str:
        """``playing``, ``won`` or ``lost`` (not won and no legal move remains)."""
        return self._rules.outcome(self.state)

    @property
    def cards_home(self) -> int:
        """Cards on the foundations."""
        return self._rules.cards_home(self.state)

    @property
    def redeals_left(self) -> int:
        return self._rules.redeals_left(self.state)

    @property
    def can_undo(self) -> bool:
        with self._lock:
            return bool(self._moves)

    @property
    def can_redo(self) -> bool:
        with self._lock:
            return bool(self._redo)

    def legal_moves(self) -> LegalMoves:
        """Every legal move here, as ``Move`` values (``X-F`` resolved to a numbered
        foundation). ``in`` takes a move or its notation and agrees with ``is_legal``:
        ``"T4-F" in game.legal_moves()``."""
        state, rules = self.state, self._rules
        return LegalMoves(rules.legal_moves(state), lambda move: rules.resolve(state, move))

    def pile(self, name: str) -> tuple[Card, ...]:
        """The cards of a pile, bottom to top (face-down ones included: this is Python's view)."""
        index = self._rules.index.get(name.strip().upper()) if isinstance(name, str) else None
        if index is None:
            raise ValueError(
                f"{self.title} has no pile {quoted(name)}; its piles are {self._rules.pile_list()}"
            )
        return self.state.piles[index]

    def why_not(self, move: Move | str) -> str | None:
        """Why a move is refused here (or why its text is no move); None if legal. Never raises."""
        try:
            self._checked(move)
        except (IllegalMoveError, NotationError) as error:
            return str(error)
        return None

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` (a ``Move`` or its notation, ``X-F`` and ``draw`` included) may be
        played here. Never raises."""
        return self.why_not(move) is None  # type: ignore[arg-type]

    def describe(self, move: Move | str) -> str:
        """A legal move in words, in the current position."""
        with self._lock:
            return self._rules.describe(self.state, self._checked(move))

    def hint(self) -> Hint | None:
        """The thinker's move here, with its reason (``thinker.think``: it remembers what this
        game has shown and looks ahead on random deals of the cards not seen yet; a second or
        so), or None when no move is legal. The quick rule-level hints: ``hints(game)``."""
        if not self.legal_moves():
            return None
        return think(self).hint()

    # ------------------------------------------------------------------ changing
    def play(self, move: Move | str) -> Move:
        """Play a move (a ``Move`` or its notation); raise ``IllegalMoveError`` if the rules
        refuse it, ``NotationError`` if the text is not a move (both are ``ValueError``s)."""
        with self._lock:
            checked = self._checked(move)
            self._push(checked)
            self._redo.clear()
        self._notify()
        return checked

    def undo(self, n: int = 1) -> Move:
        """Take back the last ``n`` moves with their automatic consequences (all or none);
        return the move taken back last. The observers are told once."""
        with self._lock:
            check_steps(n, len(self._moves), "undo", "played")
            for _ in range(n):
                self._forget(self._states.pop())
                move = self._moves.pop()
                self._redo.append(move)
        self._notify()
        return move

    def redo(self, n: int = 1) -> Move:
        """Play again the last ``n`` moves taken back (all or none); return the last one."""
        with self._lock:
            check_steps(n, len(self._redo), "redo", "taken back")
            for _ in range(n):
                move = self._redo.pop()
                self._push(move)
        self._notify()
        return move

    def restart(self) -> None:
        """Back to the deal, history cleared (the moves can be redone one by one)."""
        with self._lock:
            self._redo.extend(reversed(self._moves))
            del self._states[1:]
            self._seen = None
            self._moves.clear()
        self._notify()

    def new_deal(self, seed: int | None = None, *, winnable: bool = False) -> None:
        """A new deal of the same variant (``seed`` None picks a number and records it);
        ``winnable=True``: the first deal from that number on that the solver proves won."""
        fresh = Game(self.variant, seed=random_seed() if seed is None else seed, winnable=winnable)
        self.load(fresh)  # the same number again: what it showed is remembered, as by load

    def saw(self, state: GameState) -> None:
        """The player was shown ``state``, a position of this deal (a replay's step): remember."""
        with self._lock:
            self._memory = remember(self._memory, state)

    def load(self, other: Game) -> None:
        """Become a copy of ``other``, a game of the same variant: its deal, its positions and
        its moves (no redo list); the observers are told once. Nothing is replayed, so a game
        of 20,000 moves loads as fast as one of 20 (the table's Back button uses it)."""
        if not isinstance(other, Game):
            raise TypeError(f"load takes a Game, not {quoted(other)}")
        if other.variant != self.variant:
            raise ValueError(f"a {self.title} game cannot load a {other.title} game")
        with other._lock:
            seed, deck, memory = other.seed, other.deck, other._memory
            states, moves = list(other._states), list(other._moves)
        with self._lock:
            if states[0] == self._states[0]:  # the same deal: what both games showed
                memory = tuple(map(min, memory, self._memory))
            self.seed, self.deck, self._memory = seed, deck, memory
            self._states, self._moves, self._redo = states, moves, []
            self._seen = None
        self._notify()

    def copy(self) -> Game:
        """An independent game in the same place (deal, moves, redo list), with no observers:
        moves tried on it leave this game as it is (``copy.copy`` and ``copy.deepcopy`` too)."""
        twin = Game(self.variant, seed=self.seed, deck=self.deck)
        with self._lock:
            twin._states, twin._moves, twin._redo = [*self._states], [*self._moves], [*self._redo]
            twin._memory = self._memory
        return twin

    __copy__ = copy

    def __deepcopy__(self, memo: object) -> Game:
        return self.copy()

    def autoplay(self) -> list[Move]:
        """Play the safe moves (``knowledge.safe_moves``: moves that can never lose a won game)
        until none is left; see docs/rules.md for what that means in each game."""
        played: list[Move] = []
        with self._lock:
            while self.status == "playing":
                safe = safe_moves(self.state)
                if not safe:
                    break
                self._push(safe[0])
                played.append(safe[0])
            if played:
                self._redo.clear()
        if played:
            self._notify()
        return played

    def subscribe(self, observer: Observer) -> Callable[[], None]:
        """Call ``observer(game)`` after every change; returns the function that unsubscribes."""
        return self._observers.subscribe(observer)

    # ------------------------------------------------------------------ views and records
    def view(self) -> dict[str, Any]:
        """What a player may see, JSON-ready: face-down cards only as counts (``view.view``
        of the position, with the deal number, the moves made and the last move)."""
        with self._lock:
            seen, last = view(self.state), str(self._moves[-1]) if self._moves else None
            game = {"seed": self.seed, "moves_made": len(self._moves), "last_move": last}
            game["can_redo"] = bool(self._redo)
        return {key: game.get(key, seen.get(key)) for key in VIEW_KEYS}

    def to_json(self) -> str:
        """A record that replays exactly: variant, deal number or deck, moves in notation."""
        with self._lock:
            return write_record(self.variant, self.seed, self.deck, self.history)

    @property
    def code(self) -> str | None:
        """The deal code, ``ACME-7L`` (``dealcode``); None for an own deck, which has none."""
        return None if self.seed is None else deal_code(self.variant, self.seed)

    @classmethod
    def from_code(cls, code: str) -> Game:
        """The deal a code names, any case: ``Game.from_code("acme-7l")``; a bad code is a
        ``DealCodeError`` (a ``ValueError``) naming what is wrong."""
        return cls(*read_code(code))

    @classmethod
    def from_json(cls, text: str, *, max_moves: int = MAX_RECORD_MOVES) -> Game:
        """Load a ``to_json`` record: the same deal, replayed through the checked ``play``.
        A record without a deal (a number or a deck), over ``MAX_RECORD_CHARS`` characters or
        of more than ``max_moves`` moves is refused before any move is replayed; every problem
        is a ``ValueError`` that says what is wrong."""
        record = read_record(text, max_moves)
        game = cls(record.variant, seed=record.seed, deck=record.deck)
        for number, move in enumerate(record.moves, 1):
            try:
                game._push(game._checked(move))
            except (IllegalMoveError, NotationError) as error:
                raise ValueError(
                    f"move {number} of the record ({quoted(move)}) is refused: {error}"
                ) from None
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        with self._lock:
            mine = self.variant, self._states[0], list(self._moves)
        with other._lock:
            theirs = other.variant, other._states[0], list(other._moves)
        return mine == theirs

    def __repr__(self) -> str:
        return render_text(self.view())

    def _repr_html_(self) -> str:
        return render_html(self.view())

    # ------------------------------------------------------------------ internals
    def _checked(self, move: Move | str) -> Move:
        """The move as it would be played here, or the error that refuses it."""
        with self._lock:
            state = self._states[-1]
            parsed = self._rules.resolve(state, parse_move(move))
            reason = self._rules.why_not(state, parsed)
        if reason is not None:
            raise IllegalMoveError(reason)
        return parsed

    def _push(self, move: Move) -> None:
        """Play a checked move (the caller holds the lock)."""
        state = self._rules.apply(self.state, move)
        self._states.append(state)
        self._memory = remember(self._memory, state)
        if self._seen is not None:
            self._seen[state] += 1
        self._moves.append(move)

    def _forget(self, state: GameState) -> None:
        """Take a position that was undone out of ``seen`` (once: it may occur twice)."""
        if self._seen is not None:
            self._seen[state] -= 1
            if not self._seen[state]:
                del self._seen[state]

    def _notify(self) -> None:
        """Tell every observer (``observers.Observers``), after the lock is released."""
        self._observers.notify(self)
