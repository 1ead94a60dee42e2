"""The scripted lesson (``benchmarks/lesson.py``, issue 24 goal 1) still runs its steps: the
tables take the code, the students play and press Save, and collect finds every game with no
problem (the script asserts each). Its times are printed, never asserted here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[1] / "benchmarks" / "lesson.py"


def test_the_lesson_runs_every_step() -> None:
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--one-run", "--students", "3", "--code", "fly-2q"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    times = json.loads(run.stdout.strip().splitlines()[-1])
    steps = ["start", "projector", "open", "play", "save", "collect", "tally", "plot"]
    assert list(times) == steps
