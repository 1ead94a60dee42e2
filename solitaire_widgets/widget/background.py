"""The table's background work: Solve, Chances, the thinker's hint and "winnable only", as
work functions.

Each can take seconds (the solver is pure Python). A work function,
``work(job) -> Generator[traits | None, None, traits]``, yields progress traits (or None)
between slices of a few tens of milliseconds and returns its final traits; it never touches a
widget or a game (see :mod:`.runners` for what drains it, and :mod:`.jobs` for the table's
one job at a time).

Two kinds of knowledge, labelled as such:

* **Solve** and **winnable only** see every card, face-down ones included: the line and the
  verdict depend on the hidden cards. They run only when the player asks, and every result
  says so.
* **Chances** never peeks at the real face-down cards: ``chances.chance_steps`` deals the
  unseen cards at random many times and measures every move on the same samples: *winnable*
  (the solver decides each sample, seeing that sample's cards) and each player's chance (by
  default *the thinker* and *the hint rules*, seeing only what the player has seen, play each
  sample). The numbers depend
  only on what the player has seen.
* **The thinker's hint** never peeks either: ``thinker.think_steps`` decides from what the
  player has seen (it remembers it), on random deals of the cards not seen yet.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar

from ..chances import ChanceReport, Chances, Tally, chance_steps
from ..engine import MAX_SEED, new_state
from ..information import Memory
from ..solver import WINNABLE_NODES, solve_steps
from ..stats.strategies import Strategy
from ..thinker import Thought
from ..winnability import how_hard
from ._types import JSONDict
from .hinting import hint_message, thinker_hint
from .replay import Replay
from .runners import Job, Steps
from .words import plural

__all__ = [
    "DEAL_TRIES",
    "NO_PEEKING",
    "PEEK",
    "PROGRESS_INTERVAL",
    "chance_row",
    "chances_state",
    "run_chances",
    "run_deal",
    "run_solve",
    "run_think",
    "solving_state",
    "thinking_text",
]

PROGRESS_INTERVAL = 0.2
"""Seconds between two progress updates of the ``solving`` trait."""

PEEK = "(the solver looked at the face-down cards)"
"""How every solver result is labelled."""

NO_PEEKING = "random deals of the unseen cards: no peeking at the real ones"
"""How the chances are labelled."""

Clock = Callable[[], float]
"""Where the progress throttle reads the time."""

DEAL_TRIES = 1000
""""Winnable only" looks at most this many deal numbers (as ``solver.next_winnable``)."""


def solving_state(
    job: Job, *, running: bool, status: str, message: str, reason: str = ""
) -> JSONDict:
    """The ``solving`` trait: ``{task, button, running, status, nodes, done, total, reason,
    message}``; ``button`` is the control whose button reads Stop while the job runs."""
    return {
        "task": job.task,
        "button": job.button or job.task,
        "running": running,
        "status": status,
        "nodes": job.nodes,
        "done": job.done,
        "total": job.total,
        "reason": reason,
        "message": message,
    }


Result = TypeVar("Result")


def _throttled(
    steps: Generator[int, None, Result], job: Job, text: str, clock: Clock
) -> Generator[JSONDict | None, None, Result]:
    """Drain a generator that yields node counts (``solve_steps``, ``think_steps``), yielding
    the progress line ``text`` (formatted with the job's ``nodes``) at most every
    ``PROGRESS_INTERVAL`` seconds of ``clock`` (wall time: a display's pace; the tests give a
    clock of their own) and None between; return what the generator returns."""
    last = clock()
    while True:
        try:
            job.nodes = next(steps)
        except StopIteration as done:
            result: Result = done.value
            return result
        now = clock()
        if now - last < PROGRESS_INTERVAL:
            yield None
            continue
        last = now
        line = text.format(nodes=job.nodes)
        yield {"solving": solving_state(job, running=True, status="running", message=line)}


def run_solve(
    job: Job,
    state: Any,
    game: Replay,
    *,
    max_nodes: int,
    max_seconds: float,
    clock: Clock = time.monotonic,
) -> Steps:
    """Solve ``state``, the last position of ``game``, one slice of ``solver.solve_steps`` at a
    time; return the final traits: ``solving`` and ``message``, and ``replay`` (a
    :class:`.Replay`, opened where Solve was pressed) when a winning line was found.

    Progress (the positions looked at) is yielded at most every ``PROGRESS_INTERVAL`` seconds.
    """
    steps = solve_steps(state, max_nodes=max_nodes, max_seconds=max_seconds, cancel=job.cancel)
    result = yield from _throttled(steps, job, "solving: {nodes:,} positions looked at", clock)
    job.nodes = result.nodes
    traits: JSONDict = {}
    if result.status == "solved":
        message = f"solved: {plural(len(result.moves), 'move')} {PEEK}"
        if result.moves:
            traits["replay"] = game.with_line(result.moves)
    elif result.status == "unsolvable":
        searched = f"in {plural(result.nodes, 'position')}" if result.nodes else "seen at once"
        message = f"unsolvable: no line wins from here, {searched} {PEEK}"
    else:
        why = result.reason or "its budget ran out"
        counted = plural(result.nodes, "position")
        message = f"undecided: the solver could not decide ({why}; {counted})"
    traits["message"] = message
    traits["solving"] = solving_state(
        job, running=False, status=result.status, reason=result.reason, message=message
    )
    return traits


def thinking_text(unseen: int) -> str:
    """The thinker's progress line, to be formatted with ``nodes``: what it looks at."""
    if unseen:
        deals = f"on random deals of the {plural(unseen, 'card')} you have not seen"
        return "thinking: {nodes:,} positions looked at, " + deals
    return "thinking: you know every card; the solver has looked at {nodes:,} positions"


def run_think(
    job: Job,
    steps: Generator[int, None, Thought | None],
    quick: JSONDict,
    *,
    unseen: int,
    clock: Clock = time.monotonic,
) -> Steps:
    """The thinker's hint: drain ``steps`` (a ``thinker.think_steps`` generator, perhaps
    already started), with progress at most every ``PROGRESS_INTERVAL`` seconds; return the
    final traits: the ``hint`` that replaces the ``quick`` one, ``message`` and ``solving``.
    ``unseen``: how many cards the player has not seen (the progress line says so)."""
    thought = yield from _throttled(steps, job, thinking_text(unseen), clock)
    if thought is None:  # think_steps was given a position without a legal move
        raise ValueError("no legal move is left: there is nothing to think about")
    job.nodes = max(job.nodes, thought.nodes)
    hint = thinker_hint(thought, quick)
    message = hint_message(hint, "the thinker's choice")
    solving = solving_state(job, running=False, status="done", message=message)
    return {"hint": hint, "message": message, "solving": solving}


def run_deal(
    job: Job, variant: str, start: int, *, typed: bool, clock: Clock = time.monotonic
) -> Steps:
    """ "Winnable only": the first deal number from ``start`` on that the solver proves winnable
    within ``solver.WINNABLE_NODES`` positions (the same deal as ``solver.next_winnable``), and
    how hard it is (``winnability.how_hard``, with that proof). ``typed``: the player typed
    ``start``, so the deals passed over are named.

    Returns ``{"deal": number, "skipped": words, "hard": words}``: the table deals it when the
    job ends (the job does not touch the game), or ``{"deal": None, "message": ...}`` when no
    deal among ``DEAL_TRIES`` (or up to ``MAX_SEED``, the last deal number) was proved winnable.
    """
    end = min(start + DEAL_TRIES, MAX_SEED + 1)  # the last deal number ends the search too
    job.total = end - start
    for number in range(start, end):
        job.done = number - start
        steps = solve_steps(
            new_state(variant, seed=number),
            max_nodes=WINNABLE_NODES,
            max_seconds=None,
            cancel=job.cancel,
        )
        tried = "" if number == start else f", {plural(number - start, 'deal')} passed over"
        text = f"looking for a winnable deal: deal {number:,}{tried}, {{nodes:,}} positions"
        proof = yield from _throttled(steps, job, text, clock)
        if proof.solved:
            skipped = _skipped(start, number) if typed else ""
            hard = how_hard(variant, number, proof=proof)
            return {"deal": number, "skipped": skipped, "hard": hard}
    message = (
        f"no deal from {start:,} to {end - 1:,} was proved winnable within "
        f"{WINNABLE_NODES:,} positions each: the game was not changed"
    )
    return {"deal": None, "message": message}


def _skipped(asked: int, dealt: int) -> str:
    """What "winnable only" passed over on its way from the deal asked for to the one dealt."""
    if asked == dealt:
        return ""
    if dealt == asked + 1:
        return f"Deal {asked} skipped: the solver did not prove it winnable. "
    return f"Deals {asked} to {dealt - 1} skipped: the solver did not prove them winnable. "


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
    """One entry of the ``chances`` trait: a move, winnable, and each player's chance
    (``players``: ``[{"name", ...tally}, ...]`` in the order measured)."""
    players = [{"name": name, **tally_json(tally)} for name, tally in chances.players]
    return {
        "move": chances.move,
        "samples": chances.samples,
        "winnable": tally_json(chances.winnable),
        "players": players,
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
    players: Sequence[str | Strategy],
    memory: Memory | None = None,
) -> Steps:
    """Measure winnable and each of ``players``' chance after each of ``moves``; a generator
    work function (yields progress traits or None between slices, returns the final traits).

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
        players=players,
        memory=memory,
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
        text = f"chances: {step.done} of {samples} samples, {plural(count, 'move')}"
        running = solving_state(job, running=True, status="running", message=text)
        yield {"solving": running, "chances": chances_state(step)}
    steps.close()
    assert report is not None  # the first step is the report before any sample
    job.done, job.nodes = report.done, report.nodes
    message = f"chances for {plural(count, 'move')} on {report.done} {NO_PEEKING}"
    status = "done" if report.complete else "unknown"
    return {
        "chances": chances_state(report),
        "solving": solving_state(job, running=False, status=status, message=message),
        "message": message,
    }
