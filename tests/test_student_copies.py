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
from pathlib import Path
from typing import Any

import nbformat
import pytest
from naive_answers import NAIVE
from notebook_kernel import CellRun, Kernel
from student_work import answer_cells, check_cells, fill, grader, solution_of

from solitaire_widgets.exercises import EXERCISES
from solitaire_widgets.stats.plots import MATPLOTLIB_MISSING

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))


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
        rf"^{re.escape(title)}(?:, try \d+)?: (not answered yet|not yet|correct)\.", run.shown, re.M
    )
    assert match, f"no verdict of {title!r} in {run.shown!r}"
    assert run.records and run.records[-1]["verdict"] == match.group(1), run.records
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
            typed = kernel.run(fill(answers[exercise_id].source, NAIVE[exercise_id]))
            assert typed.status == "ok", (exercise_id, typed.error)
            run = kernel.run(student.cells[index].source)
            assert run.status == "ok", run.error
            assert verdict_of(run, exercise.title) == "not yet", exercise_id
            hint = (  # (06's statements: one message, a question for each statement)
                exercise.mistakes[0].hint
                if exercise.mistakes
                else "passed up a card"
                if exercise.level == "project"
                else exercise.otherwise
            )
            assert hint in run.shown, (exercise_id, run.shown)

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
            for name in [EXERCISES[exercise_id].name]
            if "def " + name not in answers[exercise_id].source  # a function has no value
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
    graded = "".join(c.source for c in student.cells if grader(c).get("grade"))
    assert "passed(" not in graded and "points(" not in graded
    assert not [c for c in student.cells if "claims" in c.metadata.get("tags", [])]
    assert not [t for c in student.cells for t in c.metadata.get("tags", []) if "nbval" in t]


def test_the_tries_travel_in_the_saved_notebook(
    copies: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A student copy run by a kernel and saved (as Jupyter saves it) holds each check's record
    in its outputs; collect_tries lists them per nbgrader student folder. Run in nbgrader's
    folder of a student, with no name typed, the numbers come from the student's id."""
    from nbclient import NotebookClient

    sys.path.insert(0, str(ROOT / "scripts"))
    import collect_tries

    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"])
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    name = "00_start_here.ipynb"
    nb = nbformat.read(copies / name, as_version=4)
    (cell,) = answer_cells(nb).values()
    cell.source = fill(cell.source, 'legal = ["S-W", "R-T1"]')
    folder = tmp_path / "submitted" / "ada" / "00_start_here"
    folder.mkdir(parents=True)
    client = NotebookClient(nb, kernel_name="python3", resources={"metadata": {"path": folder}})
    client.execute()
    nbformat.write(nb, folder / name)
    assert list(collect_tries.records(folder / name)) == [
        {
            "exercise": "start-legal",
            "try": 1,
            "verdict": "not yet",
            "points": 0.0,
            "student": "ada",
            "numbers from": "nbgrader",
        }
    ]
    rows = collect_tries.rows(collect_tries.notebooks([tmp_path / "submitted"]))
    assert rows == [("ada", "00_start_here", "start-legal", 1, "not yet", 0.0, "nbgrader:ada", "")]
