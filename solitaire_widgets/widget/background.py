"""The table's background work: Solve and win Chances, in a thread or in slices on the event loop.

Both can take seconds (the solver is pure Python). A job is a *work function*,
``work(job) -> Generator[traits | None, None, traits]``: it yields progress traits (or None)
between slices of a few tens of milliseconds and returns its final traits. It never touches a
widget. Two runners drain it, and both stop when ``job.cancel`` is set or the widget no longer
takes the job's reports (a stopped job, or one whose position changed, is detached):

* :func:`run_in_thread` in a daemon thread, so the kernel stays free to receive Stop;
* :func:`run_cooperatively` in slices on the kernel's asyncio event loop, for Python without
  threads (Pyodide in JupyterLite: ``RuntimeError: can't start new thread``) or when
  ``SOLITAIRE_WIDGETS_COOPERATIVE=1`` forces it. Between two slices the loop handles the
  messages that arrived (a click, Stop), so the table stays responsive. The same work gives
  the same results on either runner.

Two kinds of knowledge, labelled as such:

* **Solve** sees every card, face-down ones included: its line and its verdict depend on the
  hidden cards. It runs only when the player asks, and every result says so.
* **Chances** never peeks at the real face-down cards: ``chances.chance_steps`` deals the
  unseen cards at random many times and measures every move on the same samples, twice:
  *winnable* (the solver decides each sample, seeing that sample's cards) and *the player's
  chance* (the hint player, seeing only face-up cards, plays each sample). The numbers depend
  only on what the player has seen.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..chances import ChanceReport, Chances, Tally, chance_steps
from ..solver import SolveResult, solve_steps
from ._types import JSONDict
from .replay import game_from_record, replay_steps

__all__ = [
    "COOPERATIVE_ENV",
    "NO_PEEKING",
    "PEEK",
    "PROGRESS_INTERVAL",
    "SLICE_SECONDS",
    "Job",
    "chance_row",
    "chances_state",
    "run_chances",
    "run_cooperatively",
    "run_in_thread",
    "run_solve",
    "solving_state",
    "threads_available",
    "wait_for_jobs",
]

PROGRESS_INTERVAL = 0.2
"""Seconds between two progress updates of the ``solving`` trait."""

PEEK = "(the solver looked at the face-down cards)"
"""How every solver result is labelled."""

NO_PEEKING = "random deals of the unseen cards: no peeking at the real ones"
"""How the chances are labelled."""

SLICE_SECONDS = 0.05
"""The cooperative runner hands control back to the event loop after about this long."""

COOPERATIVE_ENV = "SOLITAIRE_WIDGETS_COOPERATIVE"
"""Set to 1 to run the jobs cooperatively even where threads exist (for tests)."""

Steps = Generator[JSONDict | None, None, JSONDict]
"""What a work function returns: progress traits (or None) per slice, then the final traits."""

Apply = Callable[[JSONDict, bool], bool]
"""``apply(traits, final)``: apply a job's traits if it is still current; False once it is not."""

Fail = Callable[[Exception], None]
"""Report a work function that raised (a bug must not die silently)."""


@dataclass
class Job:
    """One background computation: what it is, how to stop it, how far it got."""

    task: str  # "solve" or "chances"
    cancel: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None  # the thread runner's thread
    future: asyncio.Task[None] | None = None  # the cooperative runner's task
    loop: asyncio.AbstractEventLoop | None = None  # the loop that task runs on
    nodes: int = 0
    done: int = 0
    total: int = 0


def solving_state(
    job: Job, *, running: bool, status: str, message: str, reason: str = ""
) -> JSONDict:
    """The ``solving`` trait: ``{task, running, status, nodes, done, total, reason, message}``."""
    return {
        "task": job.task,
        "running": running,
        "status": status,
        "nodes": job.nodes,
        "done": job.done,
        "total": job.total,
        "reason": reason,
        "message": message,
    }


def stopped_state(job: Job, why: str) -> JSONDict:
    """The ``solving`` trait for a job stopped by the player (``why == "stop"``) or made stale
    by a change of the position (``why == "stale"``)."""
    if why == "stale":
        if job.task == "solve":
            message = "the game changed while the solver was working: its result was discarded"
        else:
            message = "the game changed while the chances were worked out: they were discarded"
        return solving_state(job, running=False, status="stale", message=message)
    if job.task == "solve":
        message = f"stopped: the solver did not decide ({job.nodes:,} positions looked at)"
    else:
        message = "stopped: the chances shown are on the samples measured so far"
    return solving_state(job, running=False, status="unknown", reason="cancelled", message=message)


def run_solve(
    job: Job,
    state: Any,
    record: str,
    start: int,
    *,
    max_nodes: int,
    max_seconds: float,
    clock: Callable[[], float] = time.monotonic,
) -> Steps:
    """Solve ``state`` (the game recorded in ``record``, ``start`` moves in), one slice of
    ``solver.solve_steps`` at a time; return the final traits: ``solving`` and ``message``,
    and ``replay`` when a winning line was found.

    Progress (the positions looked at) is yielded at most every ``PROGRESS_INTERVAL`` seconds
    of ``clock`` (wall time: a display's pace; the tests give a clock of their own).
    The replay is the record followed by the solver's line, computed through the engine and
    opened at step ``start``, the position where Solve was pressed.
    """
    last = clock()
    steps = solve_steps(state, max_nodes=max_nodes, max_seconds=max_seconds, cancel=job.cancel)
    while True:
        try:
            job.nodes = next(steps)
        except StopIteration as done:
            result: SolveResult = done.value
            break
        now = clock()
        if now - last < PROGRESS_INTERVAL:
            yield None
            continue
        last = now
        text = f"solving: {job.nodes:,} positions looked at"
        yield {"solving": solving_state(job, running=True, status="running", message=text)}
    job.nodes = result.nodes
    if result.status == "solved":
        count = len(result.moves)
        message = f"solved: {count} move{'' if count == 1 else 's'} {PEEK}"
        traits: JSONDict = {"message": message}
        if result.moves:
            traits["replay"] = _solver_replay(record, result.moves, start)
    elif result.status == "unsolvable":
        message = f"unsolvable: no line wins from here, in {result.nodes:,} positions {PEEK}"
        traits = {"message": message}
    else:
        why = result.reason or "its budget ran out"
        message = f"unknown: the solver could not decide ({why}; {result.nodes:,} positions)"
        traits = {"message": message}
    traits["solving"] = solving_state(
        job, running=False, status=result.status, reason=result.reason, message=message
    )
    return traits


def _solver_replay(record: str, line: Sequence[str], start: int) -> JSONDict:
    """The ``replay`` trait for the recorded game followed by ``line``, at step ``start``."""
    game = game_from_record(record)
    for move in line:
        game.play(move)
    steps = replay_steps(game)
    return {"steps": steps, "index": start, "start": start, "solver": True}


def tally_json(tally: Tally) -> JSONDict:
    """One measure of a ``chances`` row: its counts, rate (None when no sample is decided),
    Wilson interval over the decided samples, and the bounds counting the undecided ones
    all lost (``all_low``) ... all won (``all_high``)."""
    low, high = tally.interval
    all_low, all_high = tally.bounds
    return {
        "won": tally.won,
        "lost": tally.lost,
        "undecided": tally.undecided,
        "rate": tally.rate if tally.decided else None,
        "low": low,
        "high": high,
        "all_low": all_low,
        "all_high": all_high,
    }


def chance_row(chances: Chances) -> JSONDict:
    """One entry of the ``chances`` trait: a move and both of its measures."""
    return {
        "move": chances.move,
        "samples": chances.samples,
        "strategy": chances.strategy,
        "winnable": tally_json(chances.winnable),
        "player": tally_json(chances.player),
    }


def chances_state(report: ChanceReport) -> list[JSONDict]:
    """The ``chances`` trait: one row per move, best first (as the report orders them)."""
    return [chance_row(c) for c in report.moves] if report.done else []


def run_chances(
    job: Job,
    state: Any,
    moves: Sequence[Any],
    *,
    samples: int,
    seed: int,
    max_nodes: int | None,
    strategy: str,
) -> Steps:
    """Measure both chances after each of ``moves``; a generator work function (yields progress
    traits or None between slices, returns the final traits).

    Every move is measured on the same ``samples`` deals of the unseen cards (the same
    ``seed`` gives the same deals), sample after sample, so the table grows more precise as
    it runs, and Stop, heard between two slices, leaves every move measured on the same
    samples. The table and the progress are reported after each sample.
    """
    steps = chance_steps(
        state,
        moves,
        position=False,
        samples=samples,
        seed=seed,
        max_nodes=max_nodes,
        strategy=strategy,
    )
    job.total = samples
    count = len(moves)
    report: ChanceReport | None = None
    while not job.cancel.is_set():
        try:
            step = next(steps)
        except StopIteration as done:
            report = done.value
            break
        if step is None:
            yield None
            continue
        report = step
        job.done, job.nodes = step.done, step.nodes
        text = f"chances: {step.done} of {samples} samples, {count} move{'' if count == 1 else 's'}"
        running = solving_state(job, running=True, status="running", message=text)
        yield {"solving": running, "chances": chances_state(step)}
    steps.close()
    assert report is not None  # the first step is the report before any sample
    job.done, job.nodes = report.done, report.nodes
    moves_text = f"{count} move{'' if count == 1 else 's'}"
    message = f"chances for {moves_text} on {report.done} {NO_PEEKING}"
    status = "done" if report.complete else "unknown"
    return {
        "chances": chances_state(report),
        "solving": solving_state(job, running=False, status=status, message=message),
        "message": message,
    }


# -- the runners ---------------------------------------------------------------------------


def threads_available() -> bool:
    """Whether jobs may run in a thread: not in Pyodide or WASI, not when forced off."""
    if os.environ.get(COOPERATIVE_ENV, "") not in ("", "0"):
        return False
    return sys.platform not in ("emscripten", "wasi")


def _advance(job: Job, steps: Steps, apply: Apply, fail: Fail) -> bool:
    """Run one slice of the work; True while it goes on."""
    if job.cancel.is_set():
        steps.close()
        return False
    try:
        traits = next(steps)
    except StopIteration as done:
        apply(done.value, True)
        return False
    except Exception as exc:  # a bug must not die silently in the background
        fail(exc)
        return False
    if traits is not None and not apply(traits, False):
        steps.close()
        return False
    return True


def run_in_thread(job: Job, steps: Steps, apply: Apply, fail: Fail) -> threading.Thread:
    """Drain ``steps`` in a started daemon thread (``RuntimeError`` where there are none)."""

    def drain() -> None:
        while _advance(job, steps, apply, fail):
            pass

    thread = threading.Thread(target=drain, name=f"solitaire-{job.task}", daemon=True)
    thread.start()
    job.thread = thread
    return thread


def run_cooperatively(job: Job, steps: Steps, apply: Apply, fail: Fail) -> asyncio.Task[None]:
    """Drain ``steps`` in slices on the event loop: about ``SLICE_SECONDS`` of work, then the
    loop handles what arrived (comm messages: clicks, Stop) before the next slice.

    The loop is the running one (ipykernel's, or Pyodide's WebLoop, which always runs). With
    no loop running (a plain script, a test) it is a private loop that :func:`wait_for_jobs`
    runs.
    """

    async def slices() -> None:
        while True:
            deadline = time.perf_counter() + SLICE_SECONDS
            while time.perf_counter() < deadline:
                if not _advance(job, steps, apply, fail):
                    return
            await asyncio.sleep(0)  # a real turn of the loop: pending messages are handled

    loop = _event_loop()
    job.loop = loop
    job.future = loop.create_task(slices(), name=f"solitaire-{job.task}")
    return job.future


_private_loop: asyncio.AbstractEventLoop | None = None


def _event_loop() -> asyncio.AbstractEventLoop:
    """The running event loop; in Pyodide its WebLoop; else a private one."""
    global _private_loop
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":
        return asyncio.get_event_loop()  # Pyodide's WebLoop: running, though not from JS calls
    if _private_loop is None or _private_loop.is_closed():
        _private_loop = asyncio.new_event_loop()
    return _private_loop


def wait_for_jobs(jobs: Sequence[Job], timeout: float) -> bool:
    """Wait up to ``timeout`` seconds for ``jobs`` to end; True if they all did.

    A thread is joined. A cooperative job on a loop that is not running is run to its end
    here; on the running loop of this thread nothing can block, so it only says whether the
    jobs are done.
    """
    deadline = time.monotonic() + timeout
    for job in jobs:
        if job.thread is not None:
            job.thread.join(max(0.0, deadline - time.monotonic()))
    pending = [job for job in jobs if job.future is not None and not job.future.done()]
    for job in pending:
        assert job.future is not None and job.loop is not None
        if job.loop.is_running():
            continue
        left = max(0.0, deadline - time.monotonic())
        job.loop.run_until_complete(asyncio.wait([job.future], timeout=left))
    return not any(
        (job.thread is not None and job.thread.is_alive())
        or (job.future is not None and not job.future.done())
        for job in jobs
    )
