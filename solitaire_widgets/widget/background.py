"""The table's background work: Solve and win Chances, run in a daemon thread.

Both can take seconds (the solver is pure Python), so the widget runs them in a thread and the
kernel stays free to receive the Stop message. The functions here do the work and build the
synced state; they never touch a widget. They report through ``report(traits)``, which the
widget applies only while the job is still the current one (a stopped job, or a job whose
position changed, is detached and its reports are dropped).

Two kinds of knowledge, labelled as such:

* **Solve** sees every card, face-down ones included: its line and its verdict depend on the
  hidden cards. It runs only when the player asks, and every result says so.
* **Chances** never peeks: ``hints.win_chances`` deals the unseen cards at random many times
  and solves each deal, so the numbers depend only on what the player can see.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..hints import win_chances
from ..solver import solve
from ._types import JSONDict
from .replay import game_from_record, replay_steps

__all__ = [
    "NO_PEEKING",
    "PEEK",
    "PROGRESS_INTERVAL",
    "Job",
    "chances_state",
    "run_chances",
    "run_solve",
    "solving_state",
]

PROGRESS_INTERVAL = 0.2
"""Seconds between two progress updates of the ``solving`` trait."""

PEEK = "(the solver looked at the face-down cards)"
"""How every solver result is labelled."""

NO_PEEKING = "from random deals of the unseen cards: no peeking"
"""How the win chances are labelled."""

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
            message = "the game changed while the win chances were worked out: they were discarded"
        return solving_state(job, running=False, status="stale", message=message)
    if job.task == "solve":
        message = f"stopped: the solver did not decide ({job.nodes:,} positions looked at)"
    else:
        message = f"stopped: win chances for {job.done} of {job.total} moves"
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


def chance_row(chance: Any) -> JSONDict:
    """One entry of the ``chances`` trait from a ``hints.MoveChance``."""
    return {
        "move": chance.move,
        "rate": chance.rate,
        "low": chance.low,
        "high": chance.high,
        "n": chance.n,
        "wins": chance.wins,
        "unknown": chance.unknown,
    }


def chances_state(rows: Sequence[JSONDict]) -> list[JSONDict]:
    """The ``chances`` trait: the rows best first (ties keep the order of the legal moves)."""
    return sorted(rows, key=lambda row: -row["rate"])


def run_chances(
    job: Job,
    state: Any,
    moves: Sequence[Any],
    report: Report,
    *,
    samples: int,
    seed: int,
    max_nodes: int,
) -> JSONDict:
    """Estimate the chance to win after each of ``moves`` and return the final traits.

    Each move is estimated by ``hints.win_chances`` on the same ``samples`` deals of the unseen
    cards (the same ``seed`` gives the same deals), one move at a time so that progress can be
    shown; Stop is heard between two samples. The partial table is reported as it grows.
    """
    rows: list[JSONDict] = []
    job.total = len(moves)
    for done, move in enumerate(moves):
        job.done = done
        text = f"win chances: {done} of {job.total} moves"
        running = solving_state(job, running=True, status="running", message=text)
        if job.cancel.is_set() or not report({"solving": running, "chances": chances_state(rows)}):
            break
        estimate = win_chances(
            state,
            samples=samples,
            seed=seed,
            max_nodes=max_nodes,
            moves=[move],
            cancel=job.cancel.is_set,
        )
        if not estimate:  # stopped part-way through this move
            break
        rows.append(chance_row(estimate[0]))
    job.done = len(rows)
    message = f"win chances for {job.total} move{'' if job.total == 1 else 's'}, {NO_PEEKING}"
    return {
        "chances": chances_state(rows),
        "solving": solving_state(job, running=False, status="done", message=message),
        "message": message,
    }
