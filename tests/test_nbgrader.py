"""nbgrader's own round trip on one tutorial: the teacher's notebook is a valid nbgrader source
notebook; ``generate_assignment`` makes the student version; three students hand it in (every
answer right, nothing answered, the naive answers); ``autograde`` runs them with nbgrader's
hidden tests put back, and the gradebook holds full marks for the first and zero for the others.

The course directory is the one ``scripts/student_copies.py --course`` lays out.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook
from student_work import answer_cells, fill, grader, solution_of

from solitaire_widgets.exercises import EXERCISES

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "notebooks" / "04_fly.ipynb"

sys.path.insert(0, str(ROOT / "scripts"))
import student_copies  # noqa: E402


def test_generate_assignment_and_autograde(tmp_path: Path) -> None:
    course = tmp_path / "course"
    assignment = TUTORIAL.stem
    assert student_copies.make_course(course, [TUTORIAL]) == [assignment]
    student_copies.run_nbgrader(course, "generate_assignment", assignment, "--force")
    released = course / "release" / assignment / TUTORIAL.name
    student = nbformat.read(released, as_version=4)
    teacher = nbformat.read(TUTORIAL, as_version=4)
    points = sum(grader(c).get("points", 0) for c in teacher.cells if grader(c).get("grade"))
    assert points > 0 and len(answer_cells(student)) == len(answer_cells(teacher)) >= 3

    submissions = {"right": nbformat.from_dict(student), "empty": nbformat.from_dict(student)}
    submissions["naive"] = nbformat.from_dict(student)
    for exercise_id, cell in answer_cells(submissions["right"]).items():
        cell.source = fill(cell.source, solution_of(answer_cells(teacher)[exercise_id]))
    for exercise_id, cell in answer_cells(submissions["naive"]).items():
        cell.source = fill(cell.source, EXERCISES[exercise_id].naive)
    for name, nb in submissions.items():
        folder = course / "submitted" / name / assignment
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / TUTORIAL.name)
    # a student may edit a check cell: autograde puts the teacher's version back
    tampered = nbformat.read(course / "submitted" / "empty" / assignment / TUTORIAL.name, 4)
    for cell in tampered.cells:
        if grader(cell).get("grade"):
            cell.source = "pass"
    nbformat.write(tampered, course / "submitted" / "empty" / assignment / TUTORIAL.name)

    student_copies.run_nbgrader(course, "autograde", assignment, "--force")

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        scores = {name: gradebook.find_submission(assignment, name).score for name in submissions}
        maximum = gradebook.find_submission(assignment, "right").max_score
    assert maximum == points
    assert scores == {"right": points, "empty": 0, "naive": 0}, scores
    graded = nbformat.read(course / "autograded" / "right" / assignment / TUTORIAL.name, 4)
    assert any("### BEGIN HIDDEN TESTS" in c.source for c in graded.cells)  # were put back
    shutil.rmtree(course)
