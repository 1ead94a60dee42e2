"""How late the kernel's event loop gets while the table's jobs run: a heartbeat's lateness.

Run: ``python benchmarks/lateness.py`` (about two minutes; ``--seconds`` per run, ``--variants``).

A timer on an asyncio event loop (the kernel's own loop, where comm messages, a click or Stop,
are handled) should fire every ``--interval`` ms; its lateness is how much later than planned
it fires. It is measured with no job (the baseline), then during Solve and Chances on each
game's hardest deal (the deal of ``winnability.json`` whose proof took the most positions),
in both runners of ``widget/runners.py``, driven without a widget: the thread runner
(a daemon thread, as in JupyterLab) and the cooperative runner (slices on the same loop, as in
JupyterLite). It prints max and p99 lateness in ms, and for the cooperative runner the largest
single turn (the work between two turns of the loop) and the largest single step of the work
(one ``next`` of the job), both in CPU ms. The bars (issue 19): lateness at most 50 ms over
the baseline, no cooperative step over 50 ms of CPU. Wall-clock figures: run it on a quiet
machine and read them as such.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Callable, Generator
from typing import Any

from solitaire_widgets import Game
from solitaire_widgets.widget.background import run_chances, run_solve
from solitaire_widgets.widget.jobs import KINDS
from solitaire_widgets.widget.options import DEFAULT_PLAYERS
from solitaire_widgets.widget.replay import replay_of
from solitaire_widgets.widget.runners import Job, run_cooperatively, run_in_thread
from solitaire_widgets.winnability_file import table

GAMES = ("quadrennial", "acquaintance", "acme", "fly")
BAR_MS = 50.0
PLAYERS = DEFAULT_PLAYERS  # the players the table's Chances measures (the thinker among them)


def hardest_deal(variant: str) -> int:
    """The deal of the table whose proof (or failed search) took the most positions."""
    game = table()["games"][variant]
    nodes: list[int] = game["nodes"]
    return int(game["first"]) + max(range(len(nodes)), key=nodes.__getitem__)


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else 0.0


class Timed:
    """A job's steps with the CPU time of each ``next`` recorded (the thread's own clock)."""

    def __init__(self, steps: Generator[Any, None, Any]) -> None:
        self.steps, self.cpu_ms = steps, [0.0]

    def __iter__(self) -> Timed:
        return self

    def __next__(self) -> Any:
        began = time.thread_time()
        try:
            return next(self.steps)
        finally:
            self.cpu_ms.append((time.thread_time() - began) * 1000)

    def send(self, value: Any) -> Any:
        return self.__next__()

    def close(self) -> None:
        self.steps.close()

    def throw(self, *args: Any) -> Any:
        return self.steps.throw(*args)


async def heartbeat(interval: float, until: Callable[[], bool], late: list[float]) -> None:
    """Fire ``interval`` s after the last firing until ``until()``; record each firing's
    lateness in ms. Each firing is planned from the last one, as a kernel's heartbeat answers
    a ping: planned on a fixed grid instead, every late firing would add to all the later
    ones, and a runner that hands back the loop every 30 ms would seem seconds late."""
    loop = asyncio.get_running_loop()
    planned = loop.time() + interval
    while not until():
        await asyncio.sleep(max(0.0, planned - loop.time()))
        fired = loop.time()
        late.append(max(0.0, (fired - planned) * 1000))
        planned = fired + interval


def work(kind: str, variant: str, seed: int, seconds: float) -> tuple[Job, Any]:
    game = Game(variant, seed=seed)
    job = Job(kind, winds_down=KINDS[kind].winds_down)  # as the table's own jobs
    if kind == "solve":
        steps = run_solve(job, game.state, replay_of(game), max_nodes=10**9, max_seconds=seconds)
    else:
        moves = game.legal_moves()
        steps = run_chances(
            job, game.state, moves, samples=1000, seed=0, max_nodes=None, players=PLAYERS
        )
    return job, steps


def measure(
    runner: str, kind: str, variant: str, seed: int, seconds: float, interval: float
) -> dict[str, float]:
    """One job on one runner; the heartbeat runs until it ends (or ``seconds`` of wall time
    pass: then it is stopped, as Stop would)."""
    job, steps = work(kind, variant, seed, seconds)
    timed = Timed(steps)
    turns: list[float] = []
    late: list[float] = []

    def apply(traits: Any, final: bool) -> bool:
        return True

    def fail(exc: Exception) -> None:
        raise exc

    async def scenario() -> None:
        deadline = time.monotonic() + seconds
        if runner == "thread":
            thread = run_in_thread(job, timed, apply, fail)  # type: ignore[arg-type]
            done: Callable[[], bool] = lambda: not thread.is_alive()  # noqa: E731
        else:
            task = run_cooperatively(job, timed, apply, fail)  # type: ignore[arg-type]
            done = task.done

        async def watch() -> None:
            while not done():
                if time.monotonic() > deadline:
                    job.cancel.set()
                began = time.thread_time()
                await asyncio.sleep(0)
                if runner == "cooperative":
                    turns.append((time.thread_time() - began) * 1000)

        await asyncio.gather(heartbeat(interval, done, late), watch())
        if runner == "thread":
            thread.join()

    asyncio.run(scenario())
    return {
        "max": max(late, default=0.0),
        "p99": p99(late),
        "turn": max(turns, default=0.0),
        "step": max(timed.cpu_ms),
    }


def baseline(seconds: float, interval: float) -> dict[str, float]:
    late: list[float] = []

    async def scenario() -> None:
        end = time.monotonic() + seconds
        await heartbeat(interval, lambda: time.monotonic() > end, late)

    asyncio.run(scenario())
    return {"max": max(late), "p99": p99(late), "median": statistics.median(late)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", nargs="*", default=list(GAMES))
    parser.add_argument("--seconds", type=float, default=4.0, help="per run (wall)")
    parser.add_argument("--interval", type=float, default=5.0, help="heartbeat, ms")
    args = parser.parse_args()
    interval = args.interval / 1000
    base = baseline(args.seconds, interval)
    print(
        f"baseline (no job): max {base['max']:.1f} ms, p99 {base['p99']:.1f} ms, "
        f"median {base['median']:.2f} ms; heartbeat every {args.interval:g} ms"
    )
    print(f"bars: lateness <= baseline max + {BAR_MS:g} ms; a cooperative step <= {BAR_MS:g} ms")
    header = f"{'game':13} {'deal':>5} {'job':7} {'runner':11} {'max':>7} {'p99':>7}"
    print(f"{header} {'turn CPU':>9} {'step CPU':>9}  verdict")
    worst_late, worst_step = 0.0, 0.0
    for variant in args.variants:
        seed = hardest_deal(variant)
        for kind in ("solve", "chances"):
            for runner in ("thread", "cooperative"):
                got = measure(runner, kind, variant, seed, args.seconds, interval)
                over = got["max"] - base["max"]
                worst_late = max(worst_late, over)
                ok = over <= BAR_MS
                turn = step = ""
                if runner == "cooperative":
                    worst_step = max(worst_step, got["step"])
                    ok = ok and got["step"] <= BAR_MS
                    turn, step = f"{got['turn']:.1f}", f"{got['step']:.1f}"
                print(
                    f"{variant:13} {seed:>5} {kind:7} {runner:11} {got['max']:7.1f} "
                    f"{got['p99']:7.1f} {turn:>9} {step:>9}  {'ok' if ok else 'OVER'}",
                    flush=True,
                )
    print(
        f"worst: lateness {worst_late:.1f} ms over the baseline's max; largest cooperative "
        f"step {worst_step:.1f} ms CPU"
    )


if __name__ == "__main__":
    main()
