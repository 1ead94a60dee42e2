"""The table's background job: one at a time, its kinds, its start, progress, Stop and end.

A kind of job is a :class:`JobKind`: its words and the control whose button reads Stop while
it runs. Adding one (the thinker's hint was the fourth) is an entry in ``KINDS`` and a work
function (see :mod:`.background`). :class:`JobSlot` holds the table's current job and applies
its reports while it is current: a stopped job, or one whose position changed, is detached
and whatever it reports after that is dropped.

Threads. Progress traits are applied from the job's thread under the table's lock (every
handler of the table holds it too). The end of a job that changes the game ("winnable only"
deals the deal it found) is applied on the kernel's own thread instead: it is handed to the
event loop that was running when the job started, so the game is only ever changed by one
thread, and two tables on one game cannot lock each other (each table's lock is taken by its
own observers of the game). Without a running loop (a plain script) it is applied at once.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from ._types import JSONDict
from .background import solving_state
from .protocol import IntentError
from .runners import Job, Steps, run_cooperatively, run_in_thread, threads_available, wait_for_jobs

__all__ = ["KINDS", "JobKind", "JobSlot"]


@dataclass(frozen=True)
class JobKind:
    """A kind of background job and its words."""

    task: str
    button: str  # the control whose button reads Stop while it runs
    busy: str  # why another job, or Review, must wait
    started: str  # the message line when it starts
    progress: str  # the first progress line ({total}: the job's total)
    stale: str  # when the position changed under it
    stopped: str  # after Stop ({nodes}, {done}: how far it got)
    changes_game: bool = False  # its end is applied on the kernel's thread
    keeps_chances: bool = False  # a Chances table shown stays while it runs
    winds_down: bool = False  # after Stop its work ends itself, a slice at a time (runners)


KINDS = {
    kind.task: kind
    for kind in (
        JobKind(
            "solve",
            "solve",
            "the solver is working",
            "the solver is searching (it looks at the face-down cards): Stop stops it",
            "solving: 0 positions looked at",
            "the game changed while the solver was working: its result was discarded",
            "stopped: the solver did not decide ({nodes:,} positions looked at)",
            winds_down=True,  # its tables, a million keys or more, are emptied in parts
        ),
        JobKind(
            "chances",
            "chances",
            "the chances are being worked out",
            "working out the chances on random deals of the unseen cards: Stop stops it",
            "chances: 0 of {total} samples",
            "the game changed while the chances were worked out: they were discarded",
            "stopped: the chances shown are on the samples measured so far",
        ),
        JobKind(
            "think",
            "hint",
            "the thinker is thinking about a hint",
            "thinking: the quick hint shows meanwhile; Stop keeps it",
            "thinking: 0 positions looked at",
            "the game changed while the thinker was thinking: its hint was discarded",
            "stopped: the quick hint stands (the thinker looked at {nodes:,} positions)",
            keeps_chances=True,
        ),
        JobKind(
            "deal",
            "new",
            "a winnable deal is being looked for",
            "looking for a deal the solver proves winnable (it looks at the face-down cards): "
            "Stop stops it",
            "looking for a winnable deal",
            "the game changed while a winnable deal was looked for: the search was stopped",
            "stopped: the deal was not changed ({done:,} deals looked at)",
            changes_game=True,
        ),
    )
}


@dataclass
class JobSlot:
    """The table's one background job. ``apply(traits)`` sets a job's traits on the table
    (called with ``lock`` held); ``lock`` is the table's."""

    lock: threading.RLock
    apply: Callable[[JSONDict], None]
    current: Job | None = None
    jobs: list[Job] = field(default_factory=list)  # that may still run, for tests to wait on
    threads: list[threading.Thread] = field(default_factory=list)  # the thread runner's

    def check_idle(self) -> None:
        """Refuse to start anything while a job works."""
        if self.current is not None:
            raise IntentError(f"{KINDS[self.current.task].busy}: press Stop first")

    def busy(self) -> str:
        """Why the table is busy (``""`` when it is not)."""
        return "" if self.current is None else KINDS[self.current.task].busy

    def start(
        self,
        task: str,
        work: Callable[[Job], Steps],
        *,
        total: int = 0,
        finish: Callable[[Job, JSONDict], JSONDict] | None = None,
    ) -> Job:
        """Run ``work(job)`` in the background (a daemon thread, or slices on the event loop
        where there are no threads). ``finish(job, final)``, if given, turns the work's final
        value into the traits to set; it runs only if the job is still current when it ends."""
        kind = KINDS[task]
        self.check_idle()
        job = Job(task, button=kind.button, total=total, winds_down=kind.winds_down)
        self.current = job
        started: JSONDict = {} if kind.keeps_chances else {"chances": []}
        started["solving"] = solving_state(
            job, running=True, status="running", message=kind.progress.format(total=total)
        )
        self.apply({**started, "message": kind.started})
        home = _running_loop() if kind.changes_game else None

        def report(traits: JSONDict, final: bool) -> bool:
            if final and home is not None and not _on(home):
                home.call_soon_threadsafe(self._end, job, traits, finish)
                return True
            if final:
                return self._end(job, traits, finish)
            return self._progress(job, traits)

        def fail(exc: Exception) -> None:
            if home is not None and not _on(home):
                home.call_soon_threadsafe(self._fail, job, exc)
            else:
                self._fail(job, exc)

        self.jobs = [*(j for j in self.jobs if j.running), job]
        steps = work(job)
        if threads_available():
            try:
                thread = run_in_thread(job, steps, report, fail)
            except RuntimeError:  # "can't start new thread": run on the event loop instead
                pass
            else:
                self.threads = [t for t in self.threads if t.is_alive()] + [thread]
                return job
        run_cooperatively(job, steps, report, fail)
        return job

    def detach(self, why: str) -> JSONDict:
        """Cancel the current job and forget it (``why``: ``"stop"`` or ``"stale"``); the
        ``solving`` trait that says so (``{}`` when no job runs)."""
        job = self.current
        if job is None:
            return {}
        job.cancel.set()
        self.current = None
        kind = KINDS[job.task]
        if why == "stale":
            return solving_state(job, running=False, status="stale", message=kind.stale)
        message = kind.stopped.format(nodes=job.nodes, done=job.done)
        return solving_state(
            job, running=False, status="unknown", reason="cancelled", message=message
        )

    def wait(self, timeout: float) -> bool:
        """Wait for the jobs to end (for tests); True if they all did."""
        done = wait_for_jobs(self.jobs, timeout)
        self.jobs = [job for job in self.jobs if job.running]
        return done

    def _progress(self, job: Job, traits: JSONDict) -> bool:
        with self.lock:
            if self.current is not job:
                return False
            self.apply(traits)
            return True

    def _end(
        self, job: Job, final: JSONDict, finish: Callable[[Job, JSONDict], JSONDict] | None
    ) -> bool:
        """End ``job`` with its ``final`` value, if it is still current."""
        with self.lock:
            if self.current is not job:
                return False
            self.current = None
            try:
                traits = final if finish is None else finish(job, final)
            except ValueError as exc:  # the game refused what the job found
                traits = _failed(job, f"the {job.task} job could not end: {exc}")
            self.apply(traits)
            return True

    def _fail(self, job: Job, exc: Exception) -> None:
        """End ``job``, whose work raised (a bug must not die silently), if it is current."""
        with self.lock:
            if self.current is job:
                self.current = None
                self.apply(_failed(job, f"the {job.task} job failed: {exc}"))


def _failed(job: Job, error: str) -> JSONDict:
    """The traits of a job that failed: the error, ``solving`` saying so, and a message line
    that no longer says the job is working (the forty-eighth review)."""
    solving = solving_state(job, running=False, status="error", message=error)
    return {"error": error, "message": "stopped by the error shown", "solving": solving}


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread (the kernel's), or None."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _on(loop: asyncio.AbstractEventLoop) -> bool:
    """Whether this thread is running ``loop``."""
    return _running_loop() is loop
