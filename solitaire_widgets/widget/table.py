"""``GameWidget``: the live patience table, an anywidget over one engine ``Game``.

Data flows one way. The game is the single source of truth; the widget copies
``game.view()`` (only what a player may see) into the synced ``view`` trait every time the
game changes, whoever changed it: a click on any table showing the game, or
``game.play(...)`` in a notebook cell. The browser sends intents as custom messages
(see :mod:`.protocol`); Python validates them and asks the engine, which is the only judge of
legality (see :mod:`.controls`). Errors are shown in the ``error`` trait and change nothing.

The synced traits are declared and documented in :mod:`.traits`.

Every message from the browser is answered, whatever happens while it is handled, with a
custom message ``{"type": "answer", "seq", "error"}`` carrying the message's own ``seq``.

Other people's code runs inside the table's handlers: ``on_move`` callbacks and observers of
the traits. Each is isolated: one that raises is reported (a ``RuntimeWarning``, and the
error line says that the change stands) and never leaves a job attached, a trait unset or a
message unanswered.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import traitlets

from ..chances import nothing_to_chance
from ..classroom import GameLog
from ..game import Game
from ..information import info_state
from ..moves import Move
from ..render import render_html
from ..state import GameState
from ..thinker import think_steps
from ._types import GameLike, JSONDict
from .background import run_chances, run_solve, run_think
from .bundle import joined
from .callbacks import Callbacks, MoveCallback
from .controls import perform
from .deals import DealHistory
from .hinting import (
    FIRST_GUESS,
    QUICK_ONLY,
    QUICK_STOPPED,
    QUICK_THINKING,
    QUICK_WAITING,
    hint_for,
    hint_message,
    retitled,
    thinker_hint,
)
from .jobs import JobSlot
from .options import (
    TABLE_CHANCE_SAMPLES,
    Options,
    check_game,
    check_record,
    check_seed_shown,
    chosen_players,
    option_property,
)
from .protocol import IntentError, answer, parse_intent, seq_of
from .replay import Replay, game_from_record, replay_of
from .runners import Job
from .saving import save_log
from .traits import TableTraits
from .words import last_move_text, static_note, table_lines

__all__ = ["GameWidget", "ReplayWidget", "show"]

_HERE = Path(__file__).parent


class GameWidget(TableTraits):
    """An interactive table for one :class:`~solitaire_widgets.Game`.

    >>> from solitaire_widgets import Game              # doctest: +SKIP
    >>> game = Game("acme", seed=7)                      # doctest: +SKIP
    >>> GameWidget(game)                                 # doctest: +SKIP
    GameWidget(acme, deal 7, 0 moves)

    Several widgets may show the same game; all of them follow every change. Use
    :meth:`on_move` to react to moves played on the table, or
    ``widget.observe(fn, names="view")`` to react to any change of the position.
    """

    _esm = joined()  # the modules of js/, joined into one (see bundle.py)
    _css = _HERE / "widget.css"

    def __init__(
        self,
        game: GameLike | str,
        *,
        seed: int | None = None,
        four_colour: bool = False,
        large: bool = False,
        solve_seconds: float = 10.0,
        solve_nodes: int = 2_000_000,
        chance_samples: int = TABLE_CHANCE_SAMPLES,
        chance_nodes: int | None = None,
        chance_seed: int = 0,
        chance_players: Sequence[str] | None = None,
        chance_strategy: str | None = None,
        think: bool = True,
        **kwargs: Any,
    ) -> None:
        """Show ``game``, or a new game of the variant named ``game`` with deal ``seed``.

        ``solve_seconds`` and ``solve_nodes`` bound the Solve button's search. Chances measures
        each move on ``chance_samples`` deals of the unseen cards (from ``chance_seed``):
        winnable, with the solver given ``chance_nodes`` positions per deal (default: the
        game's, ``chances.default_nodes``), and the chance of each of ``chance_players``
        (default ``chances.DEFAULT_PLAYERS``: the thinker and the hint rules);
        ``chance_strategy="greedy"``, the older way to name one player, still works. Hint
        shows the quick hint at once, then lets the thinker think (seeded with
        ``chance_seed``) and shows its choice; ``think=False`` keeps to the quick hints.
        Every argument is checked here: ``TypeError`` for a value of the wrong kind,
        ``ValueError`` for one that cannot be used.
        """
        check_game(game, seed)
        for name, flag in (("four_colour", four_colour), ("large", large)):
            if not isinstance(flag, bool):
                raise TypeError(f"{name} is True or False, not {flag!r:.40}")
        self.options = Options(
            solve_seconds,
            solve_nodes,
            chance_samples,
            chance_nodes,
            chance_seed,
            chosen_players(chance_players, chance_strategy),  # type: ignore[arg-type]
            think,
        )
        if isinstance(game, str):
            game = _new_game(game, seed)
        check_seed_shown(game)
        self._guarding = False  # observers registered from here on are isolated (observe)
        self._lock = threading.RLock()  # held by every handler and by the job's updates
        self._jobs = JobSlot(self._lock, self._set)
        self._deals = DealHistory()
        self._replay: Replay | None = None
        self._callbacks = Callbacks()  # on_move callbacks, and anyone's code that raised
        self._plan: dict[GameState, Move] = {}  # the thinker's proved lines, kept (see hint)
        super().__init__(four_colour=four_colour, large=large, **kwargs)
        self._game: GameLike = game
        self.game_log = GameLog(game) if isinstance(game, Game) else None  # the games played here
        self._set({"view": game.view()})
        self._unsubscribe = game.subscribe(self._on_game_change)
        self.on_msg(self._on_custom_msg)
        self._guarding = True

    # -- reading ----------------------------------------------------------------------

    @property
    def game(self) -> GameLike:
        """The game on the table (the same object that was passed in)."""
        return self._game

    # The budgets: read and set as attributes, each checked as in the constructor.
    solve_seconds = option_property("solve_seconds")
    solve_nodes = option_property("solve_nodes")
    chance_samples = option_property("chance_samples")
    chance_nodes = option_property("chance_nodes")
    chance_seed = option_property("chance_seed")
    chance_players = option_property("chance_players")
    think = option_property("think")

    @property
    def chance_strategy(self) -> str:
        """The first player Chances measures (the older, one-player name of ``chance_players``;
        setting it measures that one player)."""
        return self.options.chance_players[0]

    @chance_strategy.setter
    def chance_strategy(self, name: str) -> None:
        players = chosen_players(None, name)
        self.options = replace(self.options, chance_players=players)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        """A short, stable description (notebook outputs are compared by nbval)."""
        game = self._game
        deal = "own deck" if game.seed is None else f"deal {game.seed}"
        count = self.view.get("moves_made", 0)
        parts = [game.variant, deal, f"{count} move" + ("" if count == 1 else "s")]
        if game.status != "playing":
            parts.append(game.status)
        if self._replay is not None:
            parts.append(f"replay step {self._replay.index}/{self._replay.last}")
        return f"{type(self).__name__}({', '.join(parts)})"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget, and a static picture of the table (``text/html``) for every viewer
        without a live kernel: nbconvert's HTML export, nbviewer, GitHub. (A front end with
        the widget manager shows the widget; the others fall back to the HTML.) The picture
        says that it is the table when the cell ran, not the game played after."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:  # a closed widget shows nothing
            return None
        data, metadata = bundle
        shown = self._replay.view() if self._replay is not None else self._game.view()
        return {**data, "text/html": static_note(shown) + render_html(shown)}, metadata

    # -- what code may call -------------------------------------------------------------

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Call ``callback(move)`` after each move played on this table.

        ``move`` is the notation as recorded in ``game.history`` (moves from the table, from
        the Auto button and redeals). Pass ``remove=True`` to stop. Moves played in code
        (``game.play``) are not reported here; observe ``view`` for every change. A callback
        that raises is reported and does not undo the move.
        """
        self._callbacks.on_move(callback, remove)

    def observe(
        self,
        handler: Callable[..., Any],
        names: Any = traitlets.All,
        type: str = "change",
    ) -> None:
        """``HasTraits.observe``, with the handler isolated: one that raises is reported (a
        ``RuntimeWarning``, and the error line) and the table's own work goes on."""
        if getattr(self, "_guarding", False):
            handler = self._callbacks.guard(handler)
        super().observe(handler, names=names, type=type)

    def save_games(self, path: str | Path | None = None, player: str | None = None) -> Path:
        """Save the games played at this table (``classroom.GameLog``) for the teacher: into
        the file ``path`` (default ``games-<name>.json`` next to the notebook, where a
        notebook's code runs; games already in the file from other tables are kept, each game
        once), and into this cell's output, whose metadata carries the log (so the notebook
        nbgrader collects carries it too), with a link to download the file (in the
        browser-only site, that is how the file leaves the browser; where the kernel cannot write
        the file, the output says so and the link and metadata carry the log all the same).
        ``player`` defaults to the name given to ``student()``. Returns the file's path.
        The table's Save button saves the same way."""
        if self.game_log is None:
            raise TypeError("this table's game is not a solitaire_widgets Game: no log is kept")
        return save_log(self.game_log, path, player)

    def start_replay(self) -> None:
        """Step through this game's history from the deal; the game itself is untouched."""
        with self._lock, self.hold_sync():
            if self._replay is not None:
                raise IntentError("a replay is already shown")
            busy = self._jobs.busy()
            if busy:
                raise IntentError(f"{busy}: wait, or press Stop")
            self._show_replay(replay_of(self._game))

    def solve(self) -> None:
        """Start the solver on the current position in the background (the Solve button).

        The solver sees the face-down cards, and its result says so. When it finds a win,
        the winning line is opened in the step-through replay at the current position.
        """
        with self._lock, self.hold_sync():
            self._jobs.check_idle()
            if self._game.status == "won":
                raise IntentError("the game is won already")
            if self._game.status == "lost":  # as Hint and Chances say (the forty-eighth review)
                raise IntentError("no legal move is left: the game is lost")
            so_far, state = replay_of(self._game), self._game.state
            nodes, seconds = self.options.solve_nodes, self.options.solve_seconds

            def work(job: Job) -> Any:
                return run_solve(job, state, so_far, max_nodes=nodes, max_seconds=seconds)

            self._jobs.start("solve", work)

    def measure_chances(self) -> None:
        """Measure each legal move's chances in the background (the Chances button): winnable
        (the solver, seeing each sample's cards) and each player's chance (players who see
        only the face-up cards: ``chance_players``), on the same random deals of the unseen
        cards; never the real ones."""
        with self._lock, self.hold_sync():
            self._jobs.check_idle()
            moves = list(self._game.legal_moves())
            if not moves:
                raise IntentError("no legal move is left")
            state, opts, memory = self._game.state, self.options, self._game.memory
            known = nothing_to_chance(state, "Solve", memory)
            if known is not None:
                raise IntentError(known)

            def work(job: Job) -> Any:
                return run_chances(
                    job,
                    state,
                    moves,
                    samples=opts.chance_samples,
                    seed=opts.chance_seed,
                    max_nodes=opts.chance_nodes,
                    players=opts.chance_players,
                    memory=memory,
                )

            self._jobs.start("chances", work, total=opts.chance_samples)

    def stop(self) -> None:
        """Stop the background job, if any (the Stop button).

        A stopped Solve shows no result; stopped Chances keep the table as measured so far
        (every move on the same samples); a stopped "winnable only" deals nothing; a stopped
        thinker leaves the quick hint in place.
        """
        with self._lock, self.hold_sync():
            if self._jobs.current is None:
                self._set({"message": "nothing to stop"})
                return
            thinking = self._jobs.current.task == "think"
            solving = self._jobs.detach("stop")
            traits = {"solving": solving, "message": solving["message"]}
            if thinking:
                traits["hint"] = retitled(self.hint, QUICK_STOPPED)
            self._set(traits)

    def close(self) -> None:
        """Stop following the game and any background job, and close the widget."""
        unsubscribe = getattr(self, "_unsubscribe", None)  # absent if __init__ failed early
        if unsubscribe is not None:
            unsubscribe()
        game_log = getattr(self, "game_log", None)
        if game_log is not None:
            game_log.close()
        jobs = getattr(self, "_jobs", None)
        if jobs is not None:
            jobs.detach("stop")
        super().close()

    def set_state(self, sync_data: Mapping[str, Any]) -> None:
        """State from the browser (see ``TableTraits.set_state``), under the table's lock."""
        with self._lock:
            super().set_state(sync_data)

    # -- used by the controls and the jobs ------------------------------------------------

    def _set(self, traits: JSONDict) -> None:
        """Set traits, one after the other; an observer that raises does not stop the rest.
        A ``Replay`` given for ``replay`` becomes the step it shows."""
        with self.hold_sync():
            for name, value in traits.items():
                if name == "replay":
                    self._replay = value if isinstance(value, Replay) else None
                    value = value.trait() if isinstance(value, Replay) else {}
                try:
                    setattr(self, name, value)
                except Exception as exc:  # an observer not registered through observe()
                    self._callbacks.failed(f"an observer of {name}", exc)
            if "view" in traits or "chances" in traits:
                self._set({"lines": table_lines(self.view, self.chances)})

    def _show_replay(self, replay: Replay | None) -> None:
        """Show ``replay`` at its step (its words on the message line), or leave it. A step of
        this deal (the game's, or Solve's line) shows cards the player then knows: remembered
        (the fifty-third review)."""
        if replay is not None and replay.positions[0] == self._game.positions[0]:
            self._game.saw(replay.positions[replay.index])
        self._set({"replay": replay, "message": "" if replay is None else replay.trait()["text"]})

    def _play(self, move: str) -> None:
        """Ask the engine to play ``move`` and tell the move callbacks."""
        self._game.play(move)
        self._notify([self.view.get("last_move") or move])

    def show_hint(self) -> None:
        """Show a hint (the Hint button), in two stages: the quick hint at once (the hint
        rules, from the face-up cards now), then the thinker's choice, which replaces it when
        the thinker ends (a background job: Hint reads Stop while it runs, Stop keeps the
        quick hint, a change of the position discards it). A forced, safe or proved move
        replaces the quick hint at once, with no job. ``think=False``: the quick hint only;
        while another job works, the quick hint only, and it says why."""
        with self._lock, self.hold_sync():
            game = self._game
            if game.status == "won":
                raise IntentError("the game is won: there is nothing left to hint")
            current = self._jobs.current
            if current is not None and current.task == "think":
                raise IntentError(
                    "the thinker is thinking about this position already: press Stop to keep "
                    "the quick hint"
                )
            if self.game_log is not None and game.legal_moves():
                self.game_log.hint_asked()
            busy = self._jobs.busy()
            if not self.options.think or busy:
                title = QUICK_WAITING.format(busy=busy) if busy else QUICK_ONLY
                quick = hint_for(game, title)
                if not quick:
                    raise IntentError("no legal move is left: the game is lost")
                note = f"the thinker waits: {busy}" if busy else ""
                self._set({"hint": quick, "message": hint_message(quick, note)})
                return
            quick = hint_for(game, QUICK_THINKING, FIRST_GUESS)
            if not quick:
                raise IntentError("no legal move is left: the game is lost")
            state, memory = game.state, game.memory
            steps = think_steps(
                state, game.seen, seed=self.options.chance_seed, plan=self._plan, memory=memory
            )
            try:
                first = next(steps)
            except StopIteration as done:  # forced, safe or proved: no search needed
                hint = thinker_hint(done.value, quick)
                self._set({"hint": hint, "message": hint_message(hint, "the thinker's choice")})
                return
            info = info_state(state, memory)
            unseen = 0 if info.complete else len(info.unseen)
            self._set({"hint": quick})

            def work(job: Job) -> Any:
                job.nodes = first
                return run_think(job, steps, quick, unseen=unseen)

            self._jobs.start("think", work)
            self._set({"message": hint_message(quick, "a first guess: the thinker is thinking")})

    def _notify(self, moves: list[str]) -> None:
        """Report moves played on this table to the ``on_move`` callbacks, each isolated."""
        self._callbacks.notify(moves)

    # -- game -> table ----------------------------------------------------------------

    def _on_game_change(self, _game: object) -> None:
        """Copy the new position to the browser. A job working on the old position is
        stopped first; an old hint, error, chances or replay no longer apply."""
        with self._lock, self.hold_sync():
            solving = self._jobs.detach("stale")
            closed = self._replay is not None
            view = self._game.view()
            message = last_move_text(self._game, view.get("last_move"))
            if closed:
                message = "the game changed: the replay was closed" + (
                    f". {message}" if message else ""
                )
            self._set(
                {
                    "replay": None,
                    "view": view,
                    "error": "",
                    "hint": {},
                    "chances": [],
                    "solving": solving,
                    "restarted": {},
                    "message": message,
                }
            )

    # -- table -> game ----------------------------------------------------------------

    def _on_custom_msg(self, _widget: object, content: object, _buffers: object) -> None:
        """Handle one intent from the browser; any refusal becomes ``error``. The answer, with
        the message's own ``seq``, goes after the state it changed (``hold_sync`` sends that
        when its block ends), and always goes."""
        seq = seq_of(content)
        error = "the table could not handle that message"
        try:
            with self._lock, self.hold_sync():
                self._callbacks.reset()
                try:
                    intent = parse_intent(content, self.view.get("piles", {}))
                    self.error = ""
                    perform(self, intent)
                except ValueError as exc:  # IntentError, or the engine's IllegalMoveError
                    self.error = str(exc) or "that is not possible"
                failures = self._callbacks.failures
                if failures and not self.error:
                    self.error = f"{'; '.join(failures)} (the change stands)"
                error = self.error
        except Exception as exc:  # a bug in the table: said, answered, then raised
            error = f"the table failed: {type(exc).__name__}: {exc}"
            with contextlib.suppress(Exception):
                self.error = error
            raise
        finally:
            self.send(answer(seq, error))

    def _wait_for_background(self, timeout: float = 30.0) -> bool:
        """Wait for the background jobs to end (for tests); True if they all did.

        A cooperative job on a loop that is not running is run to its end here."""
        return self._jobs.wait(timeout)


class ReplayWidget(GameWidget):
    """A table that opens on a step-through replay of a recorded game.

    ``record`` is a ``Game.to_json()`` text (or its parsed dict) or a game, which is copied.
    After Exit, the table plays on from the end of the record.
    """

    def __init__(self, record: str | Mapping[str, Any] | GameLike, **kwargs: Any) -> None:
        """Load ``record`` into a fresh game and show its first step."""
        check_record(record)
        super().__init__(game_from_record(record), **kwargs)
        with self._lock, self.hold_sync():
            self._show_replay(replace(replay_of(self.game), standalone=True))


def show(game: GameLike, **kwargs: Any) -> GameWidget:
    """A table for ``game`` (convenience for ``GameWidget(game)``)."""
    return GameWidget(game, **kwargs)


def _new_game(variant: str, seed: int | None) -> GameLike:
    """A new engine game."""
    return Game(variant, seed=seed)
