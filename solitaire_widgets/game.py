"""``Game``: the mutable, checked, notebook-friendly handle on one deal.

It keeps the list of states (so undo is exact by construction), the moves in notation, a redo
list and its observers. Every change goes through ``play``, ``undo``, ``redo``, ``restart``,
``new_deal`` or ``autoplay``, and each tells every observer (the widgets) once; an observer
that raises is reported as a warning and never undoes the change nor silences the others.
"""

from __future__ import annotations

import json
import warnings
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any

from .cards import Card, check_deck, shuffled_deck
from .engine import check_seed, random_seed
from .knowledge import safe_moves
from .moves import IllegalMoveError, Move, parse_move
from .quoting import quoted
from .render import render_html, render_text
from .solver import next_winnable
from .state import GameState
from .variants import get_variant
from .view import view

if TYPE_CHECKING:
    from .hints import Hint

RECORD_FORMAT = "solitaire_widgets.game"
MAX_RECORD_CHARS = 1_000_000
"""``from_json`` refuses a longer text (1 MB) before parsing it."""
MAX_RECORD_MOVES = 20_000
"""``from_json`` refuses a record of more moves unless given a higher ``max_moves``."""
Observer = Callable[["Game"], None]
VIEW_KEYS = (
    *("variant", "title", "seed", "rows", "piles", "status", "moves_made", "can_redo"),
    *("redeals_left", "redeals_total", "cards_home", "cards_total", "legal", "last_move"),
)
"""The keys of ``Game.view()``, in the order it has always given them."""


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

    Two games are equal when they dealt the same cards and played the same moves (a deal
    number and the explicit deck it shuffles to are the same deal; the redo list and the
    observers do not count), so ``Game.from_json(game.to_json()) == game``. A game changes,
    so it is not hashable.
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
        self._rules = get_variant(variant)
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
                self.seed = _next_winnable(self.variant, self.seed)
            cards = shuffled_deck(self.seed, self._rules.decks)
        self._states: list[GameState] = [self._rules.deal(cards)]
        self._seen: Counter[GameState] | None = None  # see `seen`: built when first asked
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

    @property
    def positions(self) -> tuple[GameState, ...]:
        """Every position of this game so far, from the deal to now."""
        return tuple(self._states)

    @property
    def seen(self) -> Collection[GameState]:
        """The positions of this game so far, as a set (``state in game.seen`` is fast): the
        hints use it, since a move back to a position already seen is no progress. Built
        when first asked for, then kept up to date move by move."""
        if self._seen is None:
            self._seen = Counter(self._states)
        return self._seen.keys()

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
                f"{self.title} has no pile {quoted(name)}; its piles are {self._rules.pile_list()}"
            )
        return self.state.piles[index]

    def why_not(self, move: Move | str) -> str | None:
        """The reason a move is refused here, or None if it is legal. Never raises."""
        try:
            self._checked(move)
        except IllegalMoveError as error:
            return str(error)
        return None

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` (a ``Move`` or its notation, ``X-F`` and ``draw`` included) may be
        played here. Never raises."""
        return self.why_not(move) is None  # type: ignore[arg-type]

    def describe(self, move: Move | str) -> str:
        """A legal move in words, in the current position."""
        return self._rules.describe(self.state, self._checked(move))

    def hint(self) -> Hint | None:
        """The hint engine's best move here with its reason (``hints(game)[0]``, which knows
        this game's history), or None when no move is legal."""
        from .hints import hints  # the hint engine sits above the rules; import it when asked

        ranked = hints(self)
        return ranked[0] if ranked else None

    # ------------------------------------------------------------------ changing
    def play(self, move: Move | str) -> Move:
        """Play a move (a ``Move`` or its notation); raise ``IllegalMoveError`` if refused."""
        checked = self._checked(move)
        self._push(checked)
        self._redo.clear()
        self._notify()
        return checked

    def undo(self, n: int = 1) -> Move:
        """Take back the last ``n`` moves with their automatic consequences (all or none);
        return the move taken back last. The observers are told once."""
        _check_count(n)
        if not self._moves:
            raise IllegalMoveError("nothing to undo: no move has been played")
        if n > len(self._moves):
            raise IllegalMoveError(
                f"cannot undo {n} moves: only {_moves_word(len(self._moves))} been played"
            )
        for _ in range(n):
            self._forget(self._states.pop())
            move = self._moves.pop()
            self._redo.append(move)
        self._notify()
        return move

    def redo(self, n: int = 1) -> Move:
        """Play again the last ``n`` moves taken back (all or none); return the last one."""
        _check_count(n)
        if not self._redo:
            raise IllegalMoveError("nothing to redo: no move has been taken back")
        if n > len(self._redo):
            raise IllegalMoveError(
                f"cannot redo {n} moves: only {_moves_word(len(self._redo))} been taken back"
            )
        for _ in range(n):
            move = self._redo.pop()
            self._push(move)
        self._notify()
        return move

    def restart(self) -> None:
        """Back to the deal, history cleared (the moves can be redone one by one)."""
        self._redo.extend(reversed(self._moves))
        del self._states[1:]
        self._seen = None
        self._moves.clear()
        self._notify()

    def new_deal(self, seed: int | None = None, *, winnable: bool = False) -> None:
        """A new deal of the same variant (``seed`` None picks a number and records it);
        ``winnable=True``: the first deal from that number on that the solver proves won."""
        fresh = Game(self.variant, seed=random_seed() if seed is None else seed, winnable=winnable)
        self.seed, self.deck = fresh.seed, None
        self._states, self._moves, self._redo = fresh._states, [], []
        self._seen = None
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
        """What a player may see, JSON-ready: face-down cards only as counts (``view.view``
        of the position, with the deal number, the moves made and the last move)."""
        seen = view(self.state)
        game = {
            "seed": self.seed,
            "moves_made": len(self._moves),
            "can_redo": bool(self._redo),
            "last_move": str(self._moves[-1]) if self._moves else None,
        }
        return {key: game.get(key, seen.get(key)) for key in VIEW_KEYS}

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
    def from_json(cls, text: str, *, max_moves: int = MAX_RECORD_MOVES) -> Game:
        """Load a ``to_json`` record: the same deal, replayed through the checked ``play``.

        A record names its deal (a deal number or a deck); one without is refused, never
        dealt at random. Records longer than ``MAX_RECORD_CHARS`` characters or of more than
        ``max_moves`` moves are refused before any move is replayed. Every problem is a
        ``ValueError`` that says what is wrong.
        """
        if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_RECORD_CHARS:
            raise ValueError(
                f"not a game record: too long: at most {MAX_RECORD_CHARS:,} characters, "
                f"got {len(text):,}"
            )
        try:
            data = json.loads(text)
        except RecursionError:
            raise ValueError("not a game record: its JSON is nested too deeply") from None
        except (TypeError, json.JSONDecodeError) as error:
            raise ValueError(f"not a game record: {error}") from None
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise ValueError(
                f"not a game record: expected a JSON object with format {RECORD_FORMAT!r}"
            )
        moves = data.get("moves", [])
        if not isinstance(moves, list):
            raise ValueError("not a game record: 'moves' must be a list of moves in notation")
        if len(moves) > max_moves:
            raise ValueError(
                f"the record has {len(moves):,} moves: a record holds at most {max_moves:,} "
                "(Game.from_json(text, max_moves=...) to load a longer one)"
            )
        seed, deck = data.get("seed"), data.get("deck")
        if seed is None and deck is None:
            raise ValueError(
                "the record has no deal: it needs a deal number ('seed') or a deck ('deck')"
            )
        variant: Any = data.get("variant")
        game = cls(variant, seed=seed, deck=deck)
        for number, move in enumerate(moves, 1):
            try:
                game._push(game._checked(move))
            except IllegalMoveError as error:
                raise ValueError(
                    f"move {number} of the record ({quoted(move)}) is refused: {error}"
                ) from None
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.variant == other.variant
            and self._states[0] == other._states[0]
            and self._moves == other._moves
        )

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
        state = self._rules.apply(self.state, move)
        self._states.append(state)
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
        """Tell every observer; one that raises is reported as a warning, the rest still run."""
        for observer in list(self._observers):
            try:
                observer(self)
            except Exception as error:
                name = getattr(observer, "__qualname__", None) or repr(observer)
                warnings.warn(
                    f"observer {name} raised {type(error).__name__}: {error} "
                    "(the change stands and the other observers were told)",
                    RuntimeWarning,
                    stacklevel=3,
                )


def _check_count(n: object) -> None:
    """``undo(n)`` and ``redo(n)`` take a whole number of moves, at least one."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"undo and redo take a number of moves, 1 or more, not {quoted(n)}")


def _moves_word(count: int) -> str:
    return "1 has" if count == 1 else f"{count} have"


def _next_winnable(variant: str, start: int) -> int:
    return next_winnable(variant, start)[0]
