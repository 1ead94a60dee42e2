"""nbgrader's own round trip on every tutorial: the teacher's notebooks are valid nbgrader source
notebooks; ``generate_assignment`` makes the student versions; students hand them in (every
answer right, nothing answered, the naive answers, and for the project a copy of greedy);
``autograde`` runs them with nbgrader's hidden tests put back, and the gradebook holds full
marks for the first, zero for the empty and naive ones, zero for naive answers whose cells
redefine the graders' names and change the checks in memory (the hidden tests ask a fresh copy),
and the project's partial credit for greedy's copy.

The course directory is the one ``scripts/student_copies.py --course`` lays out. The students
leave the name empty, so their personal numbers come from their nbgrader id: the folder
nbgrader grades them in.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest
from naive_answers import NAIVE
from nbgrader.api import Gradebook
from student_work import answer_cells, fill, grader, solution_of

from solitaire_widgets.exercises import EXERCISES
from solitaire_widgets.exercises.project import MATCH_SHARE

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = sorted((ROOT / "notebooks").glob("*.ipynb"))

sys.path.insert(0, str(ROOT / "scripts"))
import student_copies  # noqa: E402

GREEDY = """\
for wanted in ORDER:
    for move in view.legal:
        if kind(view, move) == wanted and not view.repeats(move):
            return move
return view.legal[0]"""
"""A project answer that plays exactly as greedy (the notebook's ``greedy_player``)."""

CHEAT = """
passed = lambda *args: True
points = lambda *args: 5.0
check = lambda *args: print("correct")
import solitaire_widgets.exercises as _sw
import solitaire_widgets.exercises.checking as _checking
import solitaire_widgets.exercises.kinds as _kinds
_sw.passed = _checking.passed = _sw.judge = _checking.judge = passed
_sw.points = _checking.points = points
_kinds.Feedback.correct = property(lambda self: True)
_kinds.Exercise.feedback = lambda self, verdict, message, points=None: _kinds.Feedback(
    self.id, self.title, "correct", message, float(self.points)
)"""
"""What a cheat types under a naive answer: the graders' names redefined, the package's checks
changed in memory. The hidden tests trust none of it."""


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One course with every tutorial as an assignment, released and handed in, autograded."""
    course = tmp_path_factory.mktemp("nbgrader") / "course"
    assignments = student_copies.release_course(course, TUTORIALS)
    assert assignments == [path.stem for path in TUTORIALS]
    for path in TUTORIALS:
        assignment = path.stem
        student = nbformat.read(course / "release" / assignment / path.name, as_version=4)
        teacher = nbformat.read(path, as_version=4)
        kinds = ("right", "empty", "naive", "cheat")
        submissions = {name: nbformat.from_dict(student) for name in kinds}
        for exercise_id, cell in answer_cells(submissions["right"]).items():
            cell.source = fill(cell.source, solution_of(answer_cells(teacher)[exercise_id]))
        for exercise_id, cell in answer_cells(submissions["naive"]).items():
            cell.source = fill(cell.source, NAIVE[exercise_id])
        for exercise_id, cell in answer_cells(submissions["cheat"]).items():
            cell.source = fill(cell.source, NAIVE[exercise_id]) + CHEAT
        if "acme-player" in answer_cells(student):
            submissions["greedy"] = nbformat.from_dict(student)
            cell = answer_cells(submissions["greedy"])["acme-player"]
            cell.source = fill(cell.source, GREEDY)
        # a student may edit a check cell: autograde puts the teacher's version back
        for cell in submissions["empty"].cells:
            if grader(cell).get("grade"):
                cell.source = "pass"
        for name, nb in submissions.items():
            folder = course / "submitted" / name / assignment
            folder.mkdir(parents=True)
            nbformat.write(nb, folder / path.name)
        student_copies.run_nbgrader(course, "autograde", assignment, "--force")
    return course


@pytest.mark.parametrize("path", TUTORIALS, ids=[p.name for p in TUTORIALS])
def test_autograde_gives_the_marks_each_submission_earns(path: Path, course: Path) -> None:
    assignment = path.stem
    teacher = nbformat.read(path, as_version=4)
    checks = [c for c in teacher.cells if grader(c).get("grade")]
    points = sum(grader(c)["points"] for c in checks)
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        names = [s.student.id for s in gradebook.assignment_submissions(assignment)]
        scores = {name: gradebook.find_submission(assignment, name).score for name in names}
        maximum = gradebook.find_submission(assignment, "right").max_score
    assert maximum == points > 0 and len(checks) >= 1
    expected = {"right": points, "empty": 0, "naive": 0, "cheat": 0}
    if "greedy" in scores:
        expected["greedy"] = MATCH_SHARE * EXERCISES["acme-player"].points
    assert scores == expected, scores
    graded = nbformat.read(course / "autograded" / "right" / assignment / path.name, 4)
    assert any("### BEGIN HIDDEN TESTS" in c.source for c in graded.cells)  # were put back
    assert not [c for c in graded.cells if "claims" in c.get("metadata", {}).get("tags", [])]
