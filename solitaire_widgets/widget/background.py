"""The table's background work: Solve and Chances, run in a daemon thread.

Both can take seconds (the solver is pure Python), so the widget runs them in a thread and the
kernel stays free to receive the Stop message. The functions here do the work and build the
synced state; they never touch a widget. They report through ``report(traits)``, which the
widget applies only while the job is still the current one (a stopped job, or a job whose
position changed, is detached and its reports are dropped).

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

import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..chances import ChanceReport, Chances, Tally, chance_steps
from ..solver import solve
from ._types import JSONDict
from .replay import game_from_record, replay_steps

__all__ = [
    "NO_PEEKING",
    "PEEK",
    "PROGRESS_INTERVAL",
    "Job",
    "chance_row",
    "chances_state",
    "drain",
    "run_chances",
    "run_solve",
    "solving_state",
]

PROGRESS_INTERVAL = 0.2
"""Seconds between two progress updates of the ``solving`` trait."""

PEEK = "(the solver looked at the face-down cards)"
"""How every solver result is labelled."""

NO_PEEKING = "random deals of the unseen cards: no peeking at the real ones"
"""How the chances are labelled."""

Report = Callable[[JSONDict], bool]
"""Apply some traits if the job is still current; False once it is not."""


@dataclass
class Job:
    """One background computation: what it is, how to stop it, how far it got."""

    task: str  # "solve" or "chances"
    cancel: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
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
    report: Report,
    *,
    max_nodes: int,
    max_seconds: float,
) -> JSONDict:
    """Solve ``state`` (the game recorded in ``record``, ``start`` moves in) and return the
    final traits: ``solving`` and ``message``, and ``replay`` when a winning line was found.

    The replay is the record followed by the solver's line, computed through the engine and
    opened at step ``start``, the position where Solve was pressed.
    """
    last = time.monotonic()

    def progress(nodes: int) -> None:
        nonlocal last
        job.nodes = nodes
        now = time.monotonic()
        if now - last >= PROGRESS_INTERVAL:
            last = now
            text = f"solving: {nodes:,} positions looked at"
            report({"solving": solving_state(job, running=True, status="running", message=text)})

    result = solve(
        state, max_nodes=max_nodes, max_seconds=max_seconds, cancel=job.cancel, progress=progress
    )
    job.nodes = result.nodes
    if result.status == "solved":
        count = len(result.moves)
        message = f"solved: {count} move{'' if count == 1 else 's'} {PEEK}"
        traits: JSONDict = {"message": message}
        if result.moves:
            traits["replay"] = _solver_replay(record, result.moves, start)
    elif result.status == "unsolvable":
        message = f"unsolvable: no line wins from here ({result.nodes:,} positions) {PEEK}"
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
) -> Generator[JSONDict | None, None, JSONDict]:
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


def drain(work: Generator[JSONDict | None, None, JSONDict], report: Report) -> JSONDict:
    """Run a generator work function to its end in this thread, reporting each progress; the
    final traits (empty once ``report`` says the job is no longer current)."""
    while True:
        try:
            traits = next(work)
        except StopIteration as done:
            final: JSONDict = done.value
            return final
        if traits is not None and not report(traits):
            work.close()
            return {}
