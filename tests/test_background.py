"""The table's background runners: the cooperative one (no threads) against the threaded one.

Where Python has no threads (Pyodide, in JupyterLite) Solve and Chances run in slices on the
event loop. Here that path is forced in CPython (``SOLITAIRE_WIDGETS_COOPERATIVE=1``) and
driven the way a kernel drives it: on a running asyncio loop, with the browser's messages
arriving as other callbacks on that loop, so a message is handled only if the job really
hands control back between its slices. The last test does the same in a real ipykernel,
with the Stop message sent over the kernel's shell channel.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest
from test_widget import control, move

from solitaire_widgets import Game
from solitaire_widgets.chances import move_chances
from solitaire_widgets.solver import solve
from solitaire_widgets.widget import GameWidget, runners
from solitaire_widgets.widget.runners import COOPERATIVE_ENV, threads_available

HARD_FLY = 1321  # a Fly deal still undecided after 45 CPU seconds of search
TIMEOUT = 120.0  # a guard against a hang, not a speed test (a loaded machine is slow)


@pytest.fixture
def cooperative(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Jobs run on the event loop, as in Pyodide."""
    monkeypatch.setenv(COOPERATIVE_ENV, "1")
    yield


def in_thread(body: Callable[[], None]) -> None:
    """Run ``body`` in a thread of its own, with no event loop yet: in the main thread the
    browser tests' Playwright leaves a loop registered as running."""
    failure: list[BaseException] = []

    def target() -> None:
        try:
            body()
        except BaseException as exc:
            failure.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(3 * TIMEOUT)
    assert not thread.is_alive(), "timed out"
    if failure:
        raise failure[0]


def on_loop(scenario: Callable[[], Awaitable[None]]) -> None:
    """Run ``scenario`` on a fresh running event loop, as a kernel's handlers run."""
    in_thread(lambda: asyncio.run(asyncio.wait_for(scenario(), TIMEOUT)))


async def until(condition: Callable[[], bool], timeout: float = TIMEOUT) -> None:
    """Let the loop run (other callbacks, the job's slices) until ``condition`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def finished(widget: GameWidget) -> bool:
    return widget._jobs.current is None and all(
        job.future is None or job.future.done() for job in widget._jobs.jobs
    )


def results(widget: GameWidget) -> dict[str, Any]:
    return {name: getattr(widget, name) for name in ("message", "replay", "solving", "chances")}


def threaded(game: Game, action: str, **kwargs: Any) -> dict[str, Any]:
    """The threaded runner's final traits for ``action`` on a copy of ``game``."""
    forced = os.environ.pop(COOPERATIVE_ENV, None)
    try:
        assert threads_available()
        widget = GameWidget(Game.from_json(game.to_json()), **kwargs)
        control(widget, action)
        assert widget._jobs.threads and widget._wait_for_background(TIMEOUT)
    finally:
        if forced is not None:
            os.environ[COOPERATIVE_ENV] = forced
    return results(widget)


# -- choosing the runner ------------------------------------------------------------------


def test_threads_unless_pyodide_or_forced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(COOPERATIVE_ENV, raising=False)
    assert threads_available()
    monkeypatch.setenv(COOPERATIVE_ENV, "0")
    assert threads_available()
    monkeypatch.setenv(COOPERATIVE_ENV, "1")
    assert not threads_available()
    monkeypatch.delenv(COOPERATIVE_ENV)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert not threads_available()


def test_a_thread_that_cannot_start_falls_back_to_the_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pyodide's ``RuntimeError: can't start new thread``, wherever it comes from."""
    monkeypatch.delenv(COOPERATIVE_ENV, raising=False)

    def refuse(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    def body() -> None:
        monkeypatch.setattr(threading.Thread, "start", refuse)
        widget = GameWidget(Game("acme", seed=1))
        control(widget, "solve")
        assert widget.error == "" and widget._jobs.threads == []
        assert widget._jobs.jobs[0].future is not None
        assert widget._wait_for_background(TIMEOUT)  # no loop runs here: this runs it
        assert widget.solving["status"] == "unsolvable"

    in_thread(body)


# -- the same results -----------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "seed"), [("acme", 2), ("quadrennial", 2), ("acme", 1)])
def test_cooperative_solve_gives_the_threaded_result(
    cooperative: None, variant: str, seed: int
) -> None:
    game = Game(variant, seed=seed)
    game.play(str(game.legal_moves()[0]))
    expected = threaded(game, "solve")
    widget = GameWidget(game)

    async def scenario() -> None:
        control(widget, "solve")
        assert widget.solving["running"] is True and widget._jobs.threads == []
        await until(lambda: finished(widget))

    on_loop(scenario)
    assert results(widget) == expected
    verdict = solve(game, max_nodes=widget.solve_nodes).status
    assert widget.solving["status"] == verdict


@pytest.mark.parametrize(("variant", "seed"), [("quadrennial", 3), ("acme", 7)])
def test_cooperative_chances_give_the_threaded_result(
    cooperative: None, variant: str, seed: int
) -> None:
    players = ("greedy", "hint")  # three columns, cheaply (the thinker's: test_widget_think)
    small = {"chance_samples": 5, "chance_nodes": 1500, "chance_seed": 4, "chance_players": players}
    game = Game(variant, seed=seed)
    expected = threaded(game, "chances", **small)
    widget = GameWidget(game, **small)

    async def scenario() -> None:
        control(widget, "chances")
        await until(lambda: finished(widget))

    on_loop(scenario)
    assert results(widget) == expected
    engine = move_chances(game, samples=5, seed=4, max_nodes=1500, players=players)
    rows = widget.chances

    def counts(tally: Any) -> tuple[int, int, int]:
        return tally["won"], tally["lost"], tally["undecided"]

    assert [(r["move"], [counts(m) for m in (r["winnable"], *r["players"])]) for r in rows] == [
        (c.move, [counts(vars(t)) for t in (c.winnable, *(t for _, t in c.players))])
        for c in engine
    ]


# -- responsive while working -------------------------------------------------------------------


def test_messages_are_handled_between_slices_and_stop_stops(cooperative: None) -> None:
    """A long search on the loop: a heartbeat keeps beating, a Hint is answered while the
    solver works, and Stop ends the job at once, with the same words as the threaded Stop."""
    game = Game("fly", seed=HARD_FLY)
    widget = GameWidget(game, solve_seconds=600, solve_nodes=10**9)
    beats: list[float] = []

    async def heartbeat() -> None:
        loop = asyncio.get_running_loop()
        while True:
            beats.append(loop.time())
            await asyncio.sleep(0.01)

    async def scenario() -> None:
        beating = asyncio.create_task(heartbeat())
        control(widget, "solve")
        await until(lambda: widget.solving["nodes"] > 5000)
        before, nodes = len(beats), widget.solving["nodes"]
        control(widget, "hint")  # the table stays usable
        assert widget.error == "" and widget.hint and widget.solving["running"] is True
        # the loop turns (the heartbeat beats) while the solver works on
        await until(lambda: len(beats) > before + 2 and widget.solving["nodes"] > nodes)
        assert widget.solving["running"] is True
        control(widget, "stop")
        assert (widget.solving["status"], widget.solving["reason"]) == ("unknown", "cancelled")
        assert widget.message.startswith("stopped: the solver did not decide")
        nodes = widget.solving["nodes"]
        await until(lambda: finished(widget))
        assert widget.solving["nodes"] == nodes  # nothing reported after Stop
        beating.cancel()

    on_loop(scenario)
    assert widget.replay == {} and game.history == []
    assert len(beats) >= 3


def test_chances_stop_keeps_the_samples_done(cooperative: None) -> None:
    """Stop during Chances on the loop: every move keeps the same samples measured so far."""
    game = Game("fly", seed=HARD_FLY)
    samples = 6
    players = ("greedy", "hint")  # cheap players: a sample ends soon (the thinker's: below)
    widget = GameWidget(game, chance_samples=samples, chance_nodes=2000, chance_players=players)

    async def scenario() -> None:
        control(widget, "chances")
        await until(lambda: widget.solving.get("done", 0) >= 1)
        control(widget, "stop")
        assert (widget.solving["status"], widget.solving["reason"]) == ("unknown", "cancelled")
        done = widget.solving["done"]
        assert 1 <= done < samples
        assert widget.message == "stopped: the chances shown are on the samples measured so far"
        partial = widget.chances
        assert partial and {row["samples"] for row in partial} == {done}
        await until(lambda: finished(widget))
        assert widget.chances == partial  # the stopped job reports nothing more

    on_loop(scenario)


def test_stop_is_heard_inside_the_thinkers_games(cooperative: None) -> None:
    """The thinker's column plays a whole thinking game per sample and move: Stop is heard
    between the slices of its search, not only after a sample."""
    game = Game("fly", seed=HARD_FLY)
    widget = GameWidget(game, chance_samples=6, chance_nodes=2000)

    async def scenario() -> None:
        control(widget, "chances")
        for _ in range(5):  # a few slices of the first sample
            await asyncio.sleep(0)
        control(widget, "stop")
        assert widget.error == "" and widget.solving["reason"] == "cancelled"
        shown = widget.chances
        await until(lambda: finished(widget))
        assert widget.chances == shown  # the stopped job reports nothing more

    on_loop(scenario)
    assert widget.solving["done"] < 6


def test_a_move_while_working_makes_the_job_stale(cooperative: None) -> None:
    game = Game("fly", seed=HARD_FLY)
    widget = GameWidget(game, solve_seconds=600, solve_nodes=10**9)

    async def scenario() -> None:
        control(widget, "solve")
        await until(lambda: widget.solving["nodes"] > 0)
        move(widget, str(game.legal_moves()[0]))  # a click on the table, between two slices
        assert widget.error == "" and widget.solving["status"] == "stale"
        await until(lambda: finished(widget))
        assert widget.solving["status"] == "stale" and widget.replay == {}

    on_loop(scenario)
    assert len(game.history) == 1 and widget.view == game.view()


def test_a_failing_job_says_so(cooperative: None, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ValueError("boom")
        yield  # a generator

    monkeypatch.setattr("solitaire_widgets.widget.table.run_solve", broken)

    def body() -> None:
        widget = GameWidget(Game("acme", seed=1))
        control(widget, "solve")
        assert widget._wait_for_background(TIMEOUT)
        assert widget.error == "the solve job failed: boom"
        assert widget.solving["status"] == "error" and widget._jobs.current is None
        assert widget.message == "stopped by the error shown"  # not "...: Stop stops it"

    in_thread(body)


def test_slices_are_short(cooperative: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each turn of the cooperative runner does about SLICE_SECONDS of work, not the job.
    With the slice made far shorter than one step of the search, each turn runs at most one
    step (on any machine, busy or not), so the loop gets many turns before 20,000 positions."""
    monkeypatch.setattr(runners, "SLICE_SECONDS", 1e-6)
    game = Game("fly", seed=HARD_FLY)
    widget = GameWidget(game, solve_seconds=600, solve_nodes=10**9)
    turns: list[int] = []

    async def scenario() -> None:
        control(widget, "solve")
        while widget.solving["nodes"] < 20_000:
            turns.append(widget.solving["nodes"])
            await asyncio.sleep(0)
        control(widget, "stop")
        await until(lambda: finished(widget))

    on_loop(scenario)
    assert len(turns) >= 10  # the job gave the loop back many times before 20,000 positions


# -- in a real ipykernel ---------------------------------------------------------------------


def test_stop_reaches_a_cooperative_job_in_ipykernel() -> None:
    """ipykernel handles shell messages on its asyncio loop: the job's slices run there
    between them, so cells still run and a comm message (Stop) is heard mid-search."""
    from jupyter_client.manager import start_new_kernel

    env = {**os.environ, COOPERATIVE_ENV: "1"}
    manager, client = start_new_kernel(kernel_name="python3", env=env)
    try:

        def run(code: str) -> str:
            out: list[str] = []

            def hook(msg: dict[str, Any]) -> None:
                if msg["msg_type"] == "stream":
                    out.append(msg["content"]["text"])
                elif msg["msg_type"] == "error":
                    out.append("\n".join(msg["content"]["traceback"]))

            reply = client.execute_interactive(code, timeout=TIMEOUT, output_hook=hook)
            assert reply["content"]["status"] == "ok", "".join(out)
            return "".join(out)

        comm_id = run(
            "from solitaire_widgets import Game\n"
            "from solitaire_widgets.widget import GameWidget\n"
            f"w = GameWidget(Game('fly', seed={HARD_FLY}), solve_seconds=600,"
            " solve_nodes=10**9)\n"
            "w.solve()\n"
            "print(w.comm.comm_id)"
        ).strip()
        probe = "import json; print(json.dumps([w.solving, len(w._jobs.threads)]))"
        first, threads = json.loads(run(probe))
        assert first["running"] is True and threads == 0
        for _ in range(200):  # the search goes on between the cells
            state, _threads = json.loads(run(probe))
            if state["nodes"] > first["nodes"]:
                break
        assert state["nodes"] > first["nodes"] and state["running"] is True
        stop = {"method": "custom", "content": {"type": "control", "action": "stop"}}
        message = client.session.msg("comm_msg", {"comm_id": comm_id, "data": stop})
        client.shell_channel.send(message)
        for _ in range(200):
            state, _threads = json.loads(run(probe))
            if not state["running"]:
                break
        assert (state["status"], state["reason"]) == ("unknown", "cancelled")
        for _ in range(200):  # each cell lets the loop turn: the job ends at its next slice
            done = run(
                "import asyncio\nawait asyncio.sleep(0.01)\nprint(w._jobs.jobs[-1].future.done())"
            )
            if done.strip() == "True":
                break
        assert done.strip() == "True"
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


@pytest.mark.parametrize("winds_down", [True, False])
def test_a_stopped_job_winds_down_unreported_or_is_closed(winds_down: bool) -> None:
    """After Stop, a job that winds down (Solve: its search sees the cancel and empties its
    tables a part at a time) still runs to its own end, and nothing it reports is applied;
    any other job is closed at once."""
    taken: list[int] = []
    applied: list[object] = []

    def work() -> runners.Steps:
        for step in range(5):
            taken.append(step)
            yield {"step": step}
        return {"done": True}

    def body() -> None:
        job = runners.Job("solve", winds_down=winds_down)
        job.cancel.set()
        report = lambda t, f: applied.append(t) or True  # noqa: E731
        runners.run_cooperatively(job, work(), report, applied.append)
        assert runners.wait_for_jobs([job], TIMEOUT)

    in_thread(body)  # no loop running yet: the job runs on the runner's private loop
    assert taken == ([0, 1, 2, 3, 4] if winds_down else []) and applied == []
