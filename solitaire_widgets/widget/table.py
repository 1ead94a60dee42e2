"""``GameWidget``: the live patience table, an anywidget over one engine ``Game``.

Data flows one way. The game is the single source of truth; the widget copies
``game.view()`` (only what a player may see) into the synced ``view`` trait every time the
game changes, whoever changed it: a click on any table showing the game, or
``game.play(...)`` in a notebook cell. The browser sends intents as custom messages
(see :mod:`solitaire_widgets.widget.protocol`); Python validates them and asks the engine,
which is the only judge of legality. Errors are shown in the ``error`` trait and change
nothing.

Synced traits (all JSON, all written by Python only except ``four_colour``):

``view``
    ``game.view()``, or the live game's view while a replay is shown.
``error``
    The reason the last intent was refused, ``""`` if it was not.
``hint``
    ``{"move", "reason", "from", "to", "ranked"}`` after the Hint button, else ``{}``;
    ``ranked`` is the first three ranked hints ``{"move", "reason", "safe"}``, best first.
``message``
    One line describing what just happened (also read out by screen readers).
``four_colour``
    Draw clubs green and diamonds blue; a display preference the browser may set.
``replay``
    ``{"steps": [{"move", "words", "view"}, ...], "index": k}`` while stepping through a
    recorded game, else ``{}``. A solver's line adds ``"start": k, "solver": true``.
``solving``
    The background job (Solve or Chances): ``{"task", "running", "status", "nodes", "done",
    "total", "reason", "message"}``, or ``{}`` before any job and after the position changed.
``chances``
    Both chances per move after Chances, ``[{"move", "samples", "strategy", "winnable",
    "player"}, ...]`` best first, ``[]`` otherwise; ``winnable`` and ``player`` are each
    ``{"won", "lost", "undecided", "rate", "low", "high", "all_low", "all_high"}`` (see
    ``background.tally_json``). The table grows sample by sample while Chances runs.
``back``
    ``{"seed": 3, "moves": 12}`` after New deal: the game left behind, which the Back button
    brings back (the two then swap places); ``{}`` when there is none.

Every message from the browser is answered, once handled, with a custom message
``{"type": "answer", "seq", "error"}`` (see :func:`.protocol.answer`), so the table can tell a
kernel that hears it from one that does not.

Solve and Chances run in the background (see :mod:`.background`), so the kernel keeps handling
messages (Stop, moves) while they work: in a daemon thread, or where Python has no threads
(Pyodide, in JupyterLite) in slices on the kernel's event loop. A thread's trait updates are
made under a lock that every handler of the widget also holds, so the widget's state never
mixes two half-updates; observers of ``solving``, ``chances``, ``replay`` and ``message`` may
therefore be called from that thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..chances import DEFAULT_SAMPLES, visible_strategy
from ..engine import random_seed
from ..game import Game
from ..render import render_html
from ..solver import next_winnable
from ..winnability import how_hard
from ._types import GameLike, JSONDict
from .background import (
    Job,
    Steps,
    run_chances,
    run_cooperatively,
    run_in_thread,
    run_solve,
    stopped_state,
    threads_available,
    wait_for_jobs,
)
from .hinting import hint_for
from .protocol import (
    ControlIntent,
    Intent,
    IntentError,
    MoveIntent,
    PickIntent,
    ReplayIntent,
    answer,
    check_size,
    parse_intent,
    parse_seq,
)
from .replay import game_from_record, replay_state, replay_steps

__all__ = ["GameWidget", "ReplayWidget", "show"]

_HERE = Path(__file__).parent
_BUSY = {"solve": "the solver is working", "chances": "the chances are being worked out"}
_BROWSER_WRITABLE = frozenset({"four_colour"})
"""Synced traits the browser may change; every other state update from it is refused."""

MoveCallback = Callable[[str], object]


class GameWidget(anywidget.AnyWidget):
    """An interactive table for one :class:`~solitaire_widgets.Game`.

    >>> from solitaire_widgets import Game              # doctest: +SKIP
    >>> game = Game("acme", seed=7)                      # doctest: +SKIP
    >>> GameWidget(game)                                 # doctest: +SKIP
    GameWidget(acme, deal 7, 0 moves)

    Several widgets may show the same game; all of them follow every change. Use
    :meth:`on_move` to react to moves played on the table, or
    ``widget.observe(fn, names="view")`` to react to any change of the position.
    """

    _esm = _HERE / "widget.js"
    _css = _HERE / "widget.css"

    view = traitlets.Dict().tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    replay = traitlets.Dict().tag(sync=True)
    solving = traitlets.Dict().tag(sync=True)
    chances: traitlets.List[JSONDict] = traitlets.List().tag(sync=True)
    back = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        game: GameLike | str,
        *,
        seed: int | None = None,
        four_colour: bool = False,
        solve_seconds: float = 10.0,
        solve_nodes: int = 2_000_000,
        chance_samples: int = DEFAULT_SAMPLES,
        chance_nodes: int | None = None,
        chance_seed: int = 0,
        chance_strategy: str = "hint",
        **kwargs: Any,
    ) -> None:
        """Show ``game``, or a new game of the variant named ``game`` with deal ``seed``.

        ``solve_seconds`` and ``solve_nodes`` bound the Solve button's search. Chances measures
        each move on ``chance_samples`` deals of the unseen cards (from ``chance_seed``):
        winnable, with the solver given ``chance_nodes`` positions per deal (default: the
        game's, ``chances.default_nodes``), and the chance of the ``chance_strategy`` player.
        """
        visible_strategy(chance_strategy)  # refuse a bad name (or the solver) now
        if isinstance(game, str):
            game = _new_game(game, seed)
        elif seed is not None:
            raise TypeError("seed only goes with a variant name, not with a Game")
        self._lock = threading.RLock()  # held by every handler and by the job's updates
        self._job: Job | None = None
        self._threads: list[threading.Thread] = []  # the thread runner's, alive or not
        self._jobs: list[Job] = []  # jobs that may still be running, for tests to wait on
        super().__init__(four_colour=four_colour, **kwargs)
        self.solve_seconds = float(solve_seconds)
        self.solve_nodes = int(solve_nodes)
        self.chance_samples = int(chance_samples)
        self.chance_nodes = None if chance_nodes is None else int(chance_nodes)
        self.chance_seed = int(chance_seed)
        self.chance_strategy = chance_strategy
        self._game: GameLike = game
        self._previous: tuple[int, list[str]] | None = None  # the game New deal left behind
        self._move_callbacks: list[MoveCallback] = []
        self.view = game.view()
        self._unsubscribe = game.subscribe(self._on_game_change)
        self.on_msg(self._on_custom_msg)

    @property
    def game(self) -> GameLike:
        """The game on the table (the same object that was passed in)."""
        return self._game

    def __repr__(self) -> str:
        """A short, stable description (notebook outputs are compared by nbval)."""
        game = self._game
        deal = "own deck" if game.seed is None else f"deal {game.seed}"
        count = len(game.history)
        parts = [game.variant, deal, f"{count} move" + ("" if count == 1 else "s")]
        if game.status != "playing":
            parts.append(game.status)
        if self.replay:
            parts.append(f"replay step {self.replay['index']}/{len(self.replay['steps']) - 1}")
        return f"{type(self).__name__}({', '.join(parts)})"

    def on_move(self, callback: MoveCallback, remove: bool = False) -> None:
        """Call ``callback(move)`` after each move played on this table.

        ``move`` is the notation as recorded in ``game.history`` (moves from the table, from
        the Auto button and redeals). Pass ``remove=True`` to stop. Moves played in code
        (``game.play``) are not reported here; observe ``view`` for every change.
        """
        if remove:
            self._move_callbacks.remove(callback)
        else:
            self._move_callbacks.append(callback)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget, and a static picture of the table (``text/html``) for every viewer
        without a live kernel: nbconvert's HTML export, nbviewer, GitHub. (A front end with
        the widget manager shows the widget; the others fall back to the HTML.)"""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:  # a closed widget shows nothing
            return None
        data, metadata = bundle
        replay = self.replay
        shown = replay["steps"][replay["index"]]["view"] if replay else self._game.view()
        return {**data, "text/html": render_html(shown)}, metadata

    def start_replay(self) -> None:
        """Step through this game's history from the deal; the game itself is untouched."""
        with self._lock:
            if self.replay:
                raise IntentError("a replay is already shown")
            if self._job is not None:
                raise IntentError(f"{_BUSY[self._job.task]}: wait, or press Stop")
            steps = replay_steps(game_from_record(self._game))
            self.replay = replay_state(steps, 0)
            self.message = _step_text(self.replay)

    def solve(self) -> None:
        """Start the solver on the current position in the background (the Solve button).

        The solver sees the face-down cards, and its result says so. When it finds a win,
        the winning line is opened in the step-through replay at the current position.
        """
        with self._lock:
            self._check_idle()
            if self._game.status == "won":
                raise IntentError("the game is won already")
            game = self._game
            record, start, state = game.to_json(), len(game.history), game.state
            nodes, seconds = self.solve_nodes, self.solve_seconds
            self._start_job(
                "solve",
                lambda job: run_solve(
                    job, state, record, start, max_nodes=nodes, max_seconds=seconds
                ),
                "solving: 0 positions looked at",
                "the solver is searching (it looks at the face-down cards): Stop stops it",
            )

    def measure_chances(self) -> None:
        """Measure each legal move's chances in the background (the Chances button): winnable
        (the solver, seeing each sample's cards) and the player's chance (a visible-only
        strategy), on the same random deals of the unseen cards; never the real ones."""
        with self._lock:
            self._check_idle()
            moves = list(self._game.legal_moves())
            if not moves:
                raise IntentError("no legal move is left")
            state = self._game.state
            samples, seed = self.chance_samples, self.chance_seed
            nodes, strategy = self.chance_nodes, self.chance_strategy
            self._start_job(
                "chances",
                lambda job: run_chances(
                    job,
                    state,
                    moves,
                    samples=samples,
                    seed=seed,
                    max_nodes=nodes,
                    strategy=strategy,
                ),
                f"chances: 0 of {self.chance_samples} samples",
                "working out the chances on random deals of the unseen cards: Stop stops it",
            )

    def stop(self) -> None:
        """Stop the background job, if any (the Stop button).

        A stopped Solve shows no result; stopped Chances keep the table as measured so far
        (every move on the same samples).
        """
        with self._lock, self.hold_sync():
            job = self._job
            if job is None:
                self.message = "nothing to stop"
                return
            self.solving = self._detach_job("stop")
            self.message = self.solving["message"]

    def close(self) -> None:
        """Stop following the game and any background job, and close the widget."""
        unsubscribe = getattr(self, "_unsubscribe", None)  # absent if __init__ failed early
        if unsubscribe is not None:
            unsubscribe()
        job = getattr(self, "_job", None)
        if job is not None:
            job.cancel.set()
        super().close()

    def set_state(self, sync_data: Mapping[str, Any]) -> None:
        """Accept state from the browser only for display preferences.

        The browser must not rewrite the view, the error or the replay: everything the
        player sees is computed here. A refused update is answered by sending the true
        state back, so the browser's copy is corrected.
        """
        with self._lock:
            try:
                check_size(sync_data)
            except IntentError as exc:
                self.error = str(exc)
                self.send_state()
                return
            refused = sorted(str(key) for key in sync_data if key not in _BROWSER_WRITABLE)
            wrong: list[str] = []
            for key in sorted(set(sync_data) & _BROWSER_WRITABLE):
                try:
                    super().set_state({key: sync_data[key]})
                except traitlets.TraitError:
                    wrong.append(key)
            if refused:
                self.error = f"the table may not change {', '.join(refused)[:60]}"
                self.send_state([key for key in refused if key in self.keys])
            if wrong:
                self.error = f"{', '.join(wrong)} must be true or false: it was not changed"
                self.send_state(wrong)

    # -- background work ----------------------------------------------------------------

    def _check_idle(self) -> None:
        """Refuse to start a second job while one is working."""
        if self._job is not None:
            raise IntentError(f"{_BUSY[self._job.task]}: press Stop first")

    def _start_job(
        self,
        task: str,
        work: Callable[[Job], Steps],
        progress: str,
        started: str,
    ) -> None:
        """Run ``work(job)`` in the background: in a daemon thread, or cooperatively on the
        event loop where there are no threads. Its progress and final traits are applied
        while the job is still current. ``progress`` is the first progress line, ``started``
        the message."""
        job = Job(task)
        self._job = job
        with self.hold_sync():
            self.chances = []
            self.solving = {
                "task": task,
                "running": True,
                "status": "running",
                "nodes": 0,
                "done": 0,
                "total": 0,
                "reason": "",
                "message": progress,
            }
            self.message = started

        def apply(traits: JSONDict, final: bool) -> bool:
            return self._report(job, traits, final)

        def fail(exc: Exception) -> None:
            self._report(
                job,
                {
                    "error": f"the {task} job failed: {exc}",
                    "solving": {**self.solving, "running": False, "status": "error"},
                },
                final=True,
            )

        self._jobs = [*self._unfinished_jobs(), job]
        steps = work(job)
        if threads_available():
            try:
                thread = run_in_thread(job, steps, apply, fail)
            except RuntimeError:  # "can't start new thread": run on the event loop instead
                pass
            else:
                self._threads = [t for t in self._threads if t.is_alive()] + [thread]
                return
        run_cooperatively(job, steps, apply, fail)

    def _report(self, job: Job, traits: JSONDict, final: bool = False) -> bool:
        """Apply a job's traits if it is still the current job; ``final`` ends it."""
        with self._lock:
            if self._job is not job:
                return False
            if final:
                self._job = None
            with self.hold_sync():
                for name, value in traits.items():
                    setattr(self, name, value)
            return True

    def _detach_job(self, why: str) -> JSONDict:
        """Cancel the current job and forget it; the ``solving`` trait that says so."""
        job = self._job
        assert job is not None
        job.cancel.set()
        self._job = None
        return stopped_state(job, why)

    def _wait_for_background(self, timeout: float = 30.0) -> bool:
        """Wait for the background jobs to end (for tests); True if they all did.

        A cooperative job on a loop that is not running is run to its end here."""
        done = wait_for_jobs(self._jobs, timeout)
        self._jobs = self._unfinished_jobs()
        return done

    def _unfinished_jobs(self) -> list[Job]:
        """The jobs whose thread or task has not ended yet."""
        return [
            job
            for job in self._jobs
            if (job.thread is not None and job.thread.is_alive())
            or (job.future is not None and not job.future.done())
        ]

    # -- game -> table ----------------------------------------------------------------

    def _on_game_change(self, _game: object) -> None:
        """Copy the new position to the browser; an old hint, error, solver result or
        chances no longer apply, and a job working on the old position is stopped."""
        with self._lock, self.hold_sync():
            self.view = self._game.view()
            self.error = ""
            self.hint = {}
            self.chances = []
            self.solving = self._detach_job("stale") if self._job is not None else {}
            self.message = _last_move_text(self._game)

    # -- table -> game ----------------------------------------------------------------

    def _on_custom_msg(self, _widget: object, content: object, _buffers: object) -> None:
        """Handle one intent from the browser; any refusal becomes ``error``. The answer goes
        after the state it changed (``hold_sync`` sends that when its block ends)."""
        seq = None
        with self._lock:
            with self.hold_sync():
                try:
                    intent = parse_intent(content, self.view.get("piles", {}))
                    seq = parse_seq(content)
                    self.error = ""
                    self._perform(intent)
                except ValueError as exc:  # IntentError, or the engine's IllegalMoveError
                    self.error = str(exc) or "that is not possible"
            error = self.error
        self.send(answer(seq, error))

    def _perform(self, intent: Intent) -> None:
        """Route a valid intent; a replay on the table blocks play until it is left."""
        if isinstance(intent, ReplayIntent):
            self._replay_control(intent)
        elif isinstance(intent, ControlIntent) and intent.action == "refresh":
            self.send_state()  # after a lost connection: the browser's copy may be stale
        elif self.replay:
            raise IntentError("a replay is shown: press Exit to go back to the game")
        elif isinstance(intent, MoveIntent):
            self._play(intent.move)
        elif isinstance(intent, PickIntent):
            self._pick(intent.pile)
        else:
            self._control(intent)

    def _pick(self, pile: str) -> None:
        """Say why a click on ``pile`` picks nothing up."""
        game = self._game
        if game.status == "won":
            raise IntentError("the game is over: it is won, every card is home")
        if game.status == "lost":
            raise IntentError(
                "the game is over: no legal move is left (Restart or New deal to play again)"
            )
        shown = self.view["piles"][pile]
        if shown["kind"] == "foundation":
            raise IntentError(f"cards never leave a foundation ({pile})")
        if not shown["cards"] and not shown["down"]:
            raise IntentError(f"{pile} is empty: there is no card to pick up")
        if not shown["cards"]:
            raise IntentError(f"{pile}'s cards are face down: none can be picked up")

    def _play(self, move: str) -> None:
        """Ask the engine to play ``move`` and tell the move callbacks."""
        self._game.play(move)
        self._notify(list(self._game.history[-1:]) or [move])

    def _control(self, intent: ControlIntent) -> None:
        """Run a control button."""
        game, action = self._game, intent.action
        if action == "undo":
            last = game.history[-1] if game.history else ""
            game.undo()
            self.message = f"took back {last}"
        elif action == "redo":
            game.redo()
            self.message = f"played again: {_last_move_text(game)}"
        elif action == "restart":
            game.restart()
            self.message = "back to the deal"
        elif action == "hint":
            self._show_hint()
        elif action == "auto":
            self._autoplay()
        elif action == "new":
            self._new_deal(intent.seed, winnable=intent.winnable)
        elif action == "back":
            self._back()
        elif action == "solve":
            self.solve()
        elif action == "chances":
            self.measure_chances()
        elif action == "stop":
            self.stop()
        else:  # "redeal"
            self._play("redeal")

    def _new_deal(self, seed: int | None, *, winnable: bool = False) -> None:
        """Deal again; a numbered game left behind is kept for the Back button. ``winnable``:
        the first deal from ``seed`` on that the solver proves winnable, and how hard it is."""
        game = self._game
        left = (game.seed, list(game.history)) if game.seed is not None else None
        proof = None
        if winnable:  # the solver's proof is kept, so how_hard does not search again
            number, proof = next_winnable(game.variant, random_seed() if seed is None else seed)
            game.new_deal(number)
        else:
            game.new_deal(seed)
        self._previous = left
        self.back = {} if left is None else {"seed": left[0], "moves": len(left[1])}
        self.message = f"new deal: {game.seed}"
        if left is not None:
            self.message += f" (Back to deal {left[0]} brings the last game back)"
        if proof is not None and game.seed is not None:
            hard = how_hard(game.variant, game.seed, proof=proof)
            self.message += f". {_skipped(seed, game.seed)}{hard}"

    def _back(self) -> None:
        """Bring back the game the last New deal left; the current one takes its place."""
        if self._previous is None:
            raise IntentError("there is no earlier game to go back to: New deal keeps one")
        game = self._game
        seed, moves = self._previous
        left = (game.seed, list(game.history)) if game.seed is not None else None
        game.new_deal(seed)
        for move in moves:
            game.play(move)
        self._previous = left
        self.back = {} if left is None else {"seed": left[0], "moves": len(left[1])}
        count = f"{len(moves)} move" + ("" if len(moves) == 1 else "s")
        self.message = f"back to deal {seed}, {count} played"

    def _show_hint(self) -> None:
        """Set ``hint`` to the best move, or explain that there is none."""
        if self._game.status == "won":
            raise IntentError("the game is won: there is nothing left to hint")
        hint = hint_for(self._game)
        if not hint:
            raise IntentError("no legal move is left: the game is lost")
        self.hint = hint
        self.message = f"hint: {hint['move']} — {hint['reason']}"

    def _autoplay(self) -> None:
        """Play the safe foundation moves and say which."""
        played = [str(move) for move in self._game.autoplay()]
        self._notify(played)
        if played:
            self.message = f"auto played {len(played)}: {' '.join(played)}"
        else:
            self.message = "no safe move to a foundation"

    def _notify(self, moves: Sequence[str]) -> None:
        """Report moves played on this table to the ``on_move`` callbacks."""
        for move in moves:
            for callback in list(self._move_callbacks):
                callback(move)

    def _replay_control(self, intent: ReplayIntent) -> None:
        """Start, step through or leave the replay."""
        if intent.action == "start":
            if not self._game.history and not self.replay and self._job is None:
                raise IntentError("nothing to review yet: no move has been played")
            self.start_replay()
            return
        if not self.replay:
            raise IntentError("no replay is shown")
        if intent.action == "exit":
            self.replay = {}
            self.message = _last_move_text(self._game)
            return
        last = len(self.replay["steps"]) - 1
        index = _step_index(intent, self.replay["index"], last)
        self.replay = {**self.replay, "index": index}  # keeps a solver line's start and label
        self.message = _step_text(self.replay)


class ReplayWidget(GameWidget):
    """A table that opens on a step-through replay of a recorded game.

    ``record`` is a ``Game.to_json()`` text (or its parsed dict) or a game, which is copied.
    After Exit, the table plays on from the end of the record.
    """

    def __init__(self, record: str | Mapping[str, Any] | GameLike, **kwargs: Any) -> None:
        """Load ``record`` into a fresh game and show its first step."""
        super().__init__(game_from_record(record), **kwargs)
        self.start_replay()


def show(game: GameLike, **kwargs: Any) -> GameWidget:
    """A table for ``game`` (convenience for ``GameWidget(game)``)."""
    return GameWidget(game, **kwargs)


def _new_game(variant: str, seed: int | None) -> GameLike:
    """A new engine game."""
    return Game(variant, seed=seed)


def _skipped(asked: int | None, dealt: int) -> str:
    """What "winnable only" passed over on its way from the deal asked for to the one dealt."""
    if asked is None or asked == dealt:
        return ""
    if dealt == asked + 1:
        return f"Deal {asked} skipped: the solver did not prove it winnable. "
    return f"Deals {asked} to {dealt - 1} skipped: the solver did not prove them winnable. "


def _last_move_text(game: GameLike) -> str:
    """``"R3-F1: 7♥ from reserve 3 to foundation 1"`` for the last move, or ``""``."""
    if not game.history:
        return ""
    words = game.history_words()
    return f"{game.history[-1]}: {words[-1]}" if words else game.history[-1]


def _step_index(intent: ReplayIntent, index: int, last: int) -> int:
    """The replay step an intent asks for; ``prev`` at the deal and ``next`` at the end are
    refused with words (a click that does nothing says why)."""
    if intent.action == "goto":
        assert intent.index is not None  # guaranteed by parse_intent
        if intent.index > last:
            raise IntentError(f"there is no step {intent.index}; the last step is {last}")
        return intent.index
    if intent.action in ("first", "prev") and index == 0:
        raise IntentError("this is the deal, step 0: there is no step before it")
    if intent.action in ("next", "last") and index == last:
        raise IntentError(f"this is the last step ({last} of {last}): there is no step after it")
    targets = {"first": 0, "prev": max(index - 1, 0), "next": min(index + 1, last), "last": last}
    return targets[intent.action]


def _step_text(replay: JSONDict) -> str:
    """``"step 3 of 40: R3-F1, 7♥ from reserve 3 to foundation 1"`` for the current step."""
    index = replay["index"]
    step = replay["steps"][index]
    last = len(replay["steps"]) - 1
    if not step["move"]:
        return f"step 0 of {last}: {step['words']}"
    return f"step {index} of {last}: {step['move']}, {step['words']}"
