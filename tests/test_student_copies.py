"""The student copies, run as a student runs them: untouched, top to bottom; with the naive
answers typed in; with the solutions, top to bottom again; and with no solution left in them.

The copies are made once by ``scripts/student_copies.py`` (nbgrader's ``generate_assignment``).
Each notebook gets one kernel. It runs the untouched copy top to bottom; then, in the same
namespace, each answer cell with its naive answer and its check; then the copy with the
solutions, top to bottom after a ``%reset``. So the package is imported once per notebook and
the file costs about two runs of the tutorials. The untouched run of a notebook that plots runs
without matplotlib, as on a site that has none: its first cell must say so, and every cell must
still run.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
import pytest
from jupyter_client.manager import start_new_kernel
from student_work import answer_cells, check_cells, fill, grader, solution_of

from solitaire_widgets.exercises import EXERCISES
from solitaire_widgets.stats.plots import MATPLOTLIB_MISSING

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
CELL_TIMEOUT = 300


@dataclass
class CellRun:
    status: str = "not run"
    stdout: str = ""
    error: str = ""
    texts: list[str] = field(default_factory=list)


class Kernel:
    """One kernel (the Python running the tests), running cells and collecting what they print."""

    def __init__(self, cwd: Path) -> None:
        env = dict(os.environ)
        env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
        env.pop("MPLBACKEND", None)
        self.km, self.kc = start_new_kernel(kernel_name="python3", cwd=str(cwd), env=env)

    def run(self, code: str) -> CellRun:
        result = CellRun()

        def hook(msg: dict[str, Any]) -> None:
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream" and content["name"] == "stdout":
                result.stdout += content["text"]
            elif kind == "stream":
                result.texts.append(content["text"])
            elif kind == "error":
                result.error = f"{content['ename']}: {content['evalue']}"
            elif kind in ("execute_result", "display_data"):
                result.texts.append(content["data"].get("text/plain", ""))

        reply = self.kc.execute_interactive(code, timeout=CELL_TIMEOUT, output_hook=hook)
        result.status = reply["content"]["status"]
        return result

    def close(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)


@pytest.fixture(scope="module")
def copies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("students")
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "student_copies.py"), str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return out


def run_all(kernel: Kernel, nb: Any, prelude: str = "") -> list[CellRun]:
    """Every code cell, in order, after a reset (``prelude`` first); markdown is skipped."""
    setup = kernel.run("%reset -f\n" + prelude)
    assert setup.status == "ok", setup.error
    return [
        kernel.run(c.source) if c.cell_type == "code" else CellRun("markdown") for c in nb.cells
    ]


def verdict_of(run: CellRun, title: str) -> str:
    match = re.search(
        rf"^{re.escape(title)}: (not answered yet|not yet|correct)\.", run.stdout, re.M
    )
    assert match, f"no verdict of {title!r} in {run.stdout!r}"
    return match.group(1)


NO_MATPLOTLIB = (
    "import sys\nfor name in ('matplotlib', 'matplotlib.pyplot'):\n    sys.modules[name] = None\n"
)
WITH_MATPLOTLIB = (
    "import sys\nfor name in ('matplotlib', 'matplotlib.pyplot'):\n"
    "    if sys.modules.get(name, 0) is None:\n        del sys.modules[name]\n"
)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_student_copy_runs_untouched_naive_and_solved(path: Path, copies: Path) -> None:
    teacher = nbformat.read(path, as_version=4)
    student = nbformat.read(copies / path.name, as_version=4)
    answers, checks = answer_cells(student), check_cells(student)
    teacher_answers = answer_cells(teacher)
    assert set(answers) == set(checks) == set(teacher_answers)
    plots = "pyplot_if_installed" in "".join(c.source for c in student.cells)
    kernel = Kernel(NOTEBOOK_DIR)
    try:
        # 1. untouched: every cell runs, every check says "not answered yet"
        runs = run_all(kernel, student, NO_MATPLOTLIB if plots else "")
        failed = [(i, r.error) for i, r in enumerate(runs) if r.status not in ("ok", "markdown")]
        assert not failed, f"{path.name}, untouched: cells failed {failed}"
        if plots:
            first_code = next(r for r in runs if r.status != "markdown")
            assert MATPLOTLIB_MISSING in first_code.stdout
        for exercise_id, index in checks.items():
            title = EXERCISES[exercise_id].title
            assert verdict_of(runs[index], title) == "not answered yet", exercise_id

        # 2. the naive answers, typed into the answer cells of the notebook just run: each answer
        # cell and its check run again (answer cells need only what the notebook set up), and
        # every check says "not yet", with the hint aimed at that answer
        for exercise_id, index in checks.items():
            exercise = EXERCISES[exercise_id]
            typed = kernel.run(fill(answers[exercise_id].source, exercise.naive))
            assert typed.status == "ok", (exercise_id, typed.error)
            run = kernel.run(student.cells[index].source)
            assert run.status == "ok", run.error
            assert verdict_of(run, exercise.title) == "not yet", exercise_id
            hint = exercise.mistakes[0].hint if exercise.mistakes else "passed up a card"
            assert hint in run.stdout, (exercise_id, run.stdout)

        # 3. the solutions: every check says "correct", every cell runs
        solved = nbformat.from_dict(student)
        for exercise_id in answers:
            cell = answer_cells(solved)[exercise_id]
            cell.source = fill(cell.source, solution_of(teacher_answers[exercise_id]))
        runs = run_all(kernel, solved, WITH_MATPLOTLIB)
        failed = [(i, r.error) for i, r in enumerate(runs) if r.status not in ("ok", "markdown")]
        assert not failed, f"{path.name}, solved: cells failed {failed}"
        for exercise_id, index in checks.items():
            assert verdict_of(runs[index], EXERCISES[exercise_id].title) == "correct"
        values = {
            exercise_id: kernel.run(f"print(repr({name}))\nprint({name})").stdout.split("\n")[:2]
            for exercise_id in answers
            if EXERCISES[exercise_id].level != "project"
            for name in [EXERCISES[exercise_id].name]
        }
    finally:
        kernel.close()

    # 4. nothing of a solution is in the student copy: no line of it, no value
    text = "\n".join(cell.source for cell in student.cells)
    for exercise_id, cell in teacher_answers.items():
        for line in solution_of(cell).split("\n"):
            if len(line.strip()) > 3:
                assert line.strip() not in text, f"{exercise_id}: {line.strip()!r} in the copy"
    for exercise_id, forms in values.items():
        assert "Ellipsis" not in forms, f"{exercise_id}: not answered in the solved run"
        for form in forms:
            if len(form) >= 3:  # shorter ones (9, 18) are ordinary numbers in any text
                assert form not in text, f"{exercise_id}: its value {form} is in the copy"
    assert "passed(" not in "".join(c.source for c in student.cells if grader(c).get("grade"))
