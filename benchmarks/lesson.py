"""The five-minute lesson, scripted (issue 24's goal): "everyone open deal ACME-7" to a plot of
the class's results, with 30 SYNTHETIC students, timed step by step.

    python benchmarks/lesson.py [--code ACME-7L] [--students 30] [--runs 3] [--seed 24]

The steps, as docs/teaching.md ("A lesson with the whole class") lists them:

1. projector: the teacher's notebook puts the code on the projector (``projector(code)``, its
   HTML drawn as a notebook shows it);
2. open: each student's table (``GameWidget``, opened on deal 1 as a notebook would) takes the
   code in its New deal box, in lower case: the same message the browser sends;
3. play: each student plays that deal with the seeded student model of
   ``scripts/synthetic_class.py`` (the hint rules' first choice with the student's skill,
   else a random legal move, sometimes taken back; hints asked are counted). The moves are
   played on the table's game, which the table follows and logs as it does a click; the Hint
   button's thinker is not run;
4. save: each student presses Save (the same message the browser sends), in a folder of its
   own as nbgrader's ``submitted/<student>/`` would hold it;
5. collect: ``collect(folder)`` reads every file, replays and checks every game;
6. tally: ``tally(collected)`` and its text;
7. plot: ``tally.plot()``, drawn to a PNG as a notebook draws it.

Step 0, start: a fresh kernel's imports of the package, the table and the class tools (each run
is a fresh process, as each lesson's kernels are). It prints each step's CPU and wall seconds
(the median of ``--runs`` runs) and the total. The students' steps (2 to 4) run here one
student after the other; in class each runs on its own kernel at the same time, so one
student's share (the step divided by the students) is what the class waits for, and the total
for the class adds that share, not the sum. These are the computer's seconds: reading the code
off the projector and playing the deal are the class's own time, not measured here.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
STEPS = ("start", "projector", "open", "play", "save", "collect", "tally", "plot")
STUDENT_STEPS = ("open", "play", "save")


@contextlib.contextmanager
def timed(step: str, into: dict[str, tuple[float, float]]) -> Iterator[None]:
    """Add the CPU and wall seconds of the block to ``into[step]``."""
    cpu, wall = time.process_time(), time.perf_counter()
    yield
    before = into.get(step, (0.0, 0.0))
    into[step] = (
        before[0] + time.process_time() - cpu,
        before[1] + time.perf_counter() - wall,
    )


def quietly(call: Callable[[], Any]) -> Any:
    """Call, without its printed lines (``student()`` prints whose numbers these are)."""
    with contextlib.redirect_stdout(io.StringIO()):
        return call()


def one_lesson(code: str, students: int, seed: int, folder: Path) -> dict[str, tuple[float, float]]:
    """One run of the lesson in ``folder``, in a fresh process; each step's (CPU, wall) seconds."""
    times: dict[str, tuple[float, float]] = {}
    with timed("start", times):
        importlib.import_module("matplotlib").use("Agg")  # the PNG a notebook shows
        from solitaire_widgets import Game
        from solitaire_widgets.classroom import collect, projector, tally
        from solitaire_widgets.dealcode import read_code
        from solitaire_widgets.exercises import student
        from solitaire_widgets.widget import GameWidget
    synthetic: Any = importlib.import_module("synthetic_class")
    with timed("projector", times):
        shown = projector(code)
        quietly(lambda: (shown._repr_html_(), print(shown)))
    here = Path.cwd()
    try:
        for number in range(1, students + 1):
            name = f"student {number:02d}"
            mine = folder / f"student-{number:02d}"
            mine.mkdir()
            os.chdir(mine)  # the student's notebook's folder
            with timed("open", times):
                quietly(lambda name=name: student(name))
                table = GameWidget(Game(read_code(code)[0], seed=1))
                table._handle_custom_msg(
                    {"type": "control", "action": "new", "code": code.lower(), "seq": 1}, []
                )
                assert table.error == "" and table.game.seed == shown.seed, table.error
            with timed("play", times):
                rng, skill, asks = synthetic.student_model(number, seed)
                clock = synthetic.Clock(time.time())
                synthetic.play(table.game, table.game_log, skill, asks, rng, clock)
            with timed("save", times):
                table._handle_custom_msg({"type": "control", "action": "save", "seq": 2}, [])
                assert table.error == "" and table.message.startswith("saved 1 game"), table.error
            table.close()
    finally:
        os.chdir(here)
    with timed("collect", times):
        collected = collect(folder)
    assert len(collected.games) == students and not collected.problems, str(collected)
    with timed("tally", times):
        result = tally(collected)
        str(result)
    with timed("plot", times):
        figure = result.plot()
        if figure is not None:
            figure.savefig(io.BytesIO(), format="png")
            importlib.import_module("matplotlib.pyplot").close(figure)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--code", default="ACME-7L")
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--one-run", action="store_true", help="one run here; print its times")
    args = parser.parse_args()
    if args.one_run:
        sys.path.insert(0, str(ROOT / "scripts"))  # the student model: synthetic_class.py
        with tempfile.TemporaryDirectory() as folder:
            print(json.dumps(one_lesson(args.code, args.students, args.seed, Path(folder))))
        return
    runs = []
    for _ in range(args.runs):  # each run a fresh process, as each lesson's kernels are
        command = [sys.executable, __file__, "--one-run", "--code", args.code]
        command += ["--students", str(args.students), "--seed", str(args.seed)]
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        runs.append(json.loads(out.strip().splitlines()[-1]))
    n = args.students
    print(f"the lesson: {args.code}, {n} SYNTHETIC students, median of {args.runs} runs")
    print(f"{'step':<10} {'CPU s':>8} {'wall s':>8}   {'one student (CPU, wall)':>24}")
    total = [0.0, 0.0]
    for step in STEPS:
        cpu = statistics.median(run[step][0] for run in runs)
        wall = statistics.median(run[step][1] for run in runs)
        share = f"{cpu / n:>10.3f} {wall / n:>10.3f}" if step in STUDENT_STEPS else ""
        print(f"{step:<10} {cpu:>8.3f} {wall:>8.3f}   {share:>24}")
        total[0] += cpu / n if step in STUDENT_STEPS else cpu
        total[1] += wall / n if step in STUDENT_STEPS else wall
    print(
        f"the class waits (the teacher's steps, one student's share of 2-4): "
        f"{total[0]:.2f} CPU s, {total[1]:.2f} wall s"
    )
    everything = [statistics.median(sum(run[s][i] for s in STEPS) for run in runs) for i in (0, 1)]
    print(
        f"all {n} students on one machine, one after the other: "
        f"{everything[0]:.2f} CPU s, {everything[1]:.2f} wall s"
    )


if __name__ == "__main__":
    main()
