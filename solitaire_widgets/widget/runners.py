"""The table's background runners: a daemon thread, or slices on the event loop.

A job is a *work function*'s generator (see :mod:`.background`): it yields progress traits (or
None) between slices of a few tens of milliseconds and returns its final traits. Two runners
drain it, and both stop when ``job.cancel`` is set or the widget no longer takes the job's
reports (a stopped job, or one whose position changed, is detached):

* :func:`run_in_thread` in a daemon thread, so the kernel stays free to receive Stop;
* :func:`run_cooperatively` in slices on the kernel's asyncio event loop, for Python without
  threads (Pyodide in JupyterLite: ``RuntimeError: can't start new thread``) or when
  ``SOLITAIRE_WIDGETS_COOPERATIVE=1`` forces it. Between two slices the loop handles the
  messages that arrived (a click, Stop), so the table stays responsive. The same work gives
  the same results on either runner.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field

from ._types import JSONDict

__all__ = [
    "COOPERATIVE_ENV",
    "SLICE_SECONDS",
    "Apply",
    "Fail",
    "Job",
    "Steps",
    "run_cooperatively",
    "run_in_thread",
    "threads_available",
    "wait_for_jobs",
]

SLICE_SECONDS = 0.02
"""The cooperative runner hands control back to the event loop after about this long (plus
the step under way, at most a few tens of ms of CPU: ``benchmarks/lateness.py``), so a click
or Stop waits about 50 ms at most."""

HAND_BACK_SECONDS = 1e-6
"""The cooperative runner's hand-back between two slices: a timer this short (``sleep(0)``
would not be a timer), so the next slice comes after what is ready by then, without idling."""

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

    task: str  # the job's kind: "solve", "chances", "deal"
    button: str = ""  # the control whose button reads Stop while it runs (default: task)
    cancel: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None  # the thread runner's thread
    future: asyncio.Task[None] | None = None  # the cooperative runner's task
    loop: asyncio.AbstractEventLoop | None = None  # the loop that task runs on
    winds_down: bool = False  # after cancel it ends by itself, slice by slice (``_advance``)
    total: int = 0
    nodes: int = 0
    done: int = 0

    @property
    def running(self) -> bool:
        """Whether its thread or task has not ended yet."""
        return (self.thread is not None and self.thread.is_alive()) or (
            self.future is not None and not self.future.done()
        )


def threads_available() -> bool:
    """Whether jobs may run in a thread: not in Pyodide or WASI, not when forced off."""
    if os.environ.get(COOPERATIVE_ENV, "") not in ("", "0"):
        return False
    return sys.platform not in ("emscripten", "wasi")


def _advance(job: Job, steps: Steps, apply: Apply, fail: Fail) -> bool:
    """Run one slice of the work; True while it goes on.

    Once ``job.cancel`` is set, a job that ``winds_down`` is still run, slice by slice, to its
    end, and nothing it reports is applied (the work sees the cancel and ends by itself: a
    solve then empties its tables a part at a time, ``Search.release``); any other job is
    closed at once."""
    stopping = job.cancel.is_set()
    if stopping and not job.winds_down:
        steps.close()
        return False
    try:
        traits = next(steps)
    except StopIteration as done:
        if not stopping:
            apply(done.value, True)
        return False
    except Exception as exc:  # a bug must not die silently in the background
        if not stopping:
            fail(exc)
        return False
    if stopping:
        return True
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
            # A real turn of the loop, on a timer: what became ready meanwhile (a message, a
            # timer) runs before the next slice. ``sleep(0)`` queued the next slice ahead of
            # it, and a click waited two slices.
            await asyncio.sleep(HAND_BACK_SECONDS)

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
    return not any(job.running for job in jobs)
