"""Keeping Python's cyclic garbage collector off the solver's back.

The search's tables hold hundreds of thousands of keys, tuples of ``Card``s. A ``Card`` is an
instance of a class written in Python, so the collector tracks it, and a tuple of tracked
objects stays tracked too: every key stays on the collector's lists, and each full collection
(triggered as the tables grow) walks all of them, with the interpreter's lock held. That cost
grew to half a second per collection on a long Quadrennial search, stalling the kernel (its
heartbeat, a click's answer) in a thread as much as in the event loop, and it took about half
the solver's time. The tables hold no reference cycles (keys are tuples of cards and ints, the
values ints), so the collector has nothing to find in them: reference counting frees them.

So, around each slice of a search (a thousand positions or so):

* ``during_slice()``: the collector is paused while the slice runs (no collection starts in the
  middle of it, in this thread or another), and at its end ``gc.freeze()`` moves every object
  tracked so far, the tables' new keys included, out of the collector's sight (a constant-time
  list splice; reference counting still frees them as usual). Then the collector runs again
  between slices, over what was allocated since: a little.
* ``during_search()``: around a whole search; when the last search still running ends (or is
  cancelled, or raises), ``gc.unfreeze()`` hands the objects that are still alive back to the
  collector, so cyclic garbage made meanwhile (by the search's own generators, by the kernel)
  is collected as before. Unfrozen objects land in the oldest generation, which only a full
  collection looks at, and CPython starts one only when enough objects have *aged* into that
  generation, which frozen ones never do: without help, cyclic garbage made during searches
  was never collected (a process playing the thinker grew by 20 MB a game, 11 GB in 500
  games). So the objects the slices *made* are counted (the collector's own allocation count,
  read at each slice's end before ``freeze`` resets it: constant time), and once they
  outnumber a quarter of what the last full collection left alive (CPython's own rule for
  full collections), the end of the search counts the objects alive, and runs one if they
  too grew by that much: its cost stays in proportion to what the searches left behind. A
  search whose tables are gone leaves nothing, and runs none (the first full collection after
  a million objects were freed takes about 20 ms even in a small process). Counting every
  object handed back instead (the whole heap, frozen by each slice) ran a full collection
  after nearly every search: in a large process (a test run, a long notebook) a hint's small
  search then cost a walk of the whole heap, per move.

A search makes no reference cycles of its own (``test_a_search_makes_no_cyclic_garbage``), and
it empties its tables, a part at a time, before its end (``Search.release``): a full
collection at the hand-back is rare, and walks the rest of the process, not the tables
(walking a long Quadrennial search's 1.5 million keys took 2 s with the interpreter's lock
held).

Both nest and count: two searches at once (two tables, or Chances beside Solve, in threads or
in the cooperative runner) pause the collector until the last slice ends and unfreeze after the
last search, and the collector is switched back on only if it was on when the first pause
began (a caller's own ``gc.disable()`` is left alone). A search never leaves the collector off
after it ends, however it ends. The cost: while a search runs, cyclic garbage made by other
code waits for its end to be collected. ``gc.freeze`` is CPython's (also Pyodide's); where a
Python has none, both do nothing.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_slices = 0  # slices running now, in every thread
_searches = 0  # searches alive now
_was_enabled = True  # the collector's state when the running slices began
_can_freeze = hasattr(gc, "freeze") and hasattr(gc, "unfreeze")
_made = 0  # tracked objects made in slices since the last full collection
_alive = 0  # tracked objects the last full collection left
_AT_LEAST = 100_000  # no full collection for fewer objects made than this


@contextmanager
def during_slice() -> Iterator[None]:
    """One slice of a search: the collector paused, and what it tracks frozen at the end."""
    global _slices, _was_enabled, _made
    with _lock:
        if _slices == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _slices += 1
    try:
        yield
    finally:
        with _lock:
            _slices -= 1
            if _can_freeze:
                _made += gc.get_count()[0]  # made (less freed) since the last freeze
                gc.freeze()  # and the count starts again from zero
            if _slices == 0 and _was_enabled:
                gc.enable()


@contextmanager
def during_search() -> Iterator[None]:
    """A whole search: the objects frozen by its slices are unfrozen after the last search."""
    global _searches
    with _lock:
        _searches += 1
    try:
        yield
    finally:
        with _lock:
            _searches -= 1
            if _searches == 0 and _can_freeze:
                _hand_back()


def _hand_back() -> None:
    """Unfreeze; once the searches have made enough, run a full collection if the objects
    alive grew by as much since the last one (see above)."""
    global _made, _alive
    gc.unfreeze()
    if not gc.isenabled() or _made <= max(_AT_LEAST, _alive // 4):
        return
    _made = 0
    # What the searches made is mostly gone by now (their tables are emptied before the end):
    # if as much is still alive, part of it may be cyclic garbage that was frozen.
    if len(gc.get_objects()) - _alive > max(_AT_LEAST, _alive // 4):
        gc.collect()
        _alive = len(gc.get_objects())


def state() -> tuple[int, int, bool]:
    """Slices running, searches alive, and whether the collector is on (for the tests)."""
    with _lock:
        return _slices, _searches, gc.isenabled()
