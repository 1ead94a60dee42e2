"""Write the student version of the tutorials with nbgrader: no solutions, no hidden tests, no
outputs; and set up an nbgrader course directory for collecting and grading them.

    python scripts/student_copies.py OUT_DIR                 # every notebooks/*.ipynb
    python scripts/student_copies.py OUT_DIR notebooks/03_acme.ipynb
    python scripts/student_copies.py --course COURSE_DIR     # one nbgrader assignment per tutorial
    python scripts/student_copies.py --course COURSE_DIR notebooks/03_acme.ipynb

The copies are made by nbgrader's own ``generate_assignment``. What this script adds to it:

* the code stub. nbgrader replaces each solution block by ``# YOUR CODE HERE`` and
  ``raise NotImplementedError()``, which stops Run All at the first exercise. Our answer cells
  set their variable to ``...`` before the solution block, so the stub here is the comment
  alone: an untouched copy runs top to bottom and every check says "not answered yet".
  ``--course`` writes that setting into the course's ``nbgrader_config.py``.
* no course directory or gradebook to set up for a quick hand-out: OUT_DIR mode makes a
  temporary one, and copies the released notebooks out of it;
* the maintainers' cells out: a cell tagged ``claims`` checks that the teacher's prose still
  says what the outputs show (re-run after an engine change, it fails instead of storing text
  that contradicts them); a student never sees it;
* the maintainers' tags out: ``nbval-*`` tags tell the tests how to compare outputs, and mean
  nothing to a student (other tags, and nbgrader's metadata, stay);
* a check of every copy: no solution line, hidden test, claims cell or nbval tag left, no
  outputs, valid nbformat.

The teacher's notebooks are never modified, and OUT_DIR may not be the notebooks folder itself.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
ASSIGNMENT = "tutorials"

CODE_STUB = "# YOUR CODE HERE"
NBGRADER_CONFIG = f'''\
"""nbgrader settings for the solitaire_widgets tutorials (written by scripts/student_copies.py)."""

c = get_config()  # noqa: F821 (nbgrader defines it)

# The answer cells set their variable to ... before the solution block, so the stub needs no
# `raise NotImplementedError()`: a student copy then runs top to bottom under Run All.
c.ClearSolutions.code_stub = {{"python": {CODE_STUB!r}}}

# The project's check plays 2,000 games of Acme: give a cell more than the default 30 s.
c.Execute.timeout = 300
'''

_LEFT_OVER = re.compile(r"(BEGIN|END) (SOLUTION|HIDDEN TESTS)")
CLAIMS_TAG = "claims"
TEST_TAG_PREFIX = "nbval-"  # tags for the tests (nbval), not for students


class CopyError(ValueError):
    """nbgrader failed, or a copy still holds something a student must not see."""


def run_nbgrader(course: Path, *args: str) -> str:
    """Run an nbgrader command in ``course``; its log, or ``CopyError`` with it on failure.

    The Python running this script comes first on PATH: nbgrader starts ``alembic`` (its
    database migrations) and kernels by name."""
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    run = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args],
        cwd=course,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    if run.returncode != 0:
        raise CopyError(f"nbgrader {' '.join(args)} failed:\n{run.stdout}{run.stderr}")
    return run.stdout + run.stderr


def without_claims(nb: Any) -> Any:
    """The notebook without its maintainers' cells (tagged ``claims``) and without the tests'
    tags (``nbval-*``); a cell left with no tag loses its ``tags`` list."""
    nb.cells = [c for c in nb.cells if CLAIMS_TAG not in c.get("metadata", {}).get("tags", [])]
    for cell in nb.cells:
        metadata = cell.get("metadata", {})
        if "tags" in metadata:
            metadata["tags"] = [t for t in metadata["tags"] if not t.startswith(TEST_TAG_PREFIX)]
            if not metadata["tags"]:
                del metadata["tags"]
    return nb


def check_copy(nb: Any, name: str) -> None:
    """A student copy holds no solution or hidden-test block, no claims cell and no outputs."""
    nbformat.validate(nb)
    for index, cell in enumerate(nb.cells):
        if _LEFT_OVER.search(cell.source):
            raise CopyError(f"{name}: cell {index} still holds a solution or hidden-test marker")
        tags = cell.get("metadata", {}).get("tags", [])
        if CLAIMS_TAG in tags:
            raise CopyError(f"{name}: cell {index} is a maintainers' claims cell")
        if any(tag.startswith(TEST_TAG_PREFIX) for tag in tags):
            raise CopyError(f"{name}: cell {index} keeps a tag for the tests ({', '.join(tags)})")
        if cell.cell_type == "code" and (cell.outputs or cell.execution_count is not None):
            raise CopyError(f"{name}: cell {index} keeps its outputs")


def write_config(course: Path) -> None:
    (course / "nbgrader_config.py").write_text(NBGRADER_CONFIG)


def make_course(course: Path, paths: list[Path], per_notebook: bool = True) -> list[str]:
    """Lay out an nbgrader course directory: the config and ``source/{assignment}/``; one
    assignment per tutorial (named after it), or all in one (``tutorials``). Its assignments."""
    course.mkdir(parents=True, exist_ok=True)
    write_config(course)
    assignments = []
    for path in paths:
        assignment = path.stem if per_notebook else ASSIGNMENT
        folder = course / "source" / assignment
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, folder / path.name)
        if assignment not in assignments:
            assignments.append(assignment)
    return assignments


def write_copies(out_dir: Path, paths: list[Path]) -> list[str]:
    """Write the student copy of each notebook into ``out_dir`` (via a temporary course)."""
    out_dir = out_dir.resolve()
    if any(out_dir == path.resolve().parent for path in paths):
        raise CopyError(f"{out_dir} holds the teacher's notebooks: choose another folder")
    with tempfile.TemporaryDirectory(prefix="nbgrader-course-") as folder:
        course = Path(folder)
        make_course(course, paths, per_notebook=False)
        run_nbgrader(course, "generate_assignment", ASSIGNMENT, "--force")
        out_dir.mkdir(parents=True, exist_ok=True)
        written = []
        for path in paths:
            released = course / "release" / ASSIGNMENT / path.name
            nb = without_claims(nbformat.read(released, as_version=4))
            check_copy(nb, path.name)
            nbformat.write(nb, out_dir / path.name)
            written.append(path.name)
    return written


def release_course(course: Path, paths: list[Path]) -> list[str]:
    """Lay out the course, run ``generate_assignment`` for each tutorial, and take the claims
    cells out of the released copies; the assignments."""
    assignments = make_course(course, paths)
    for assignment in assignments:
        run_nbgrader(course, "generate_assignment", assignment, "--force")
    for released in sorted((course / "release").glob("*/*.ipynb")):
        nb = without_claims(nbformat.read(released, as_version=4))
        check_copy(nb, released.name)
        nbformat.write(nb, released)
    return assignments


def split_arguments(given: list[str]) -> tuple[Path | None, list[Path]]:
    """The output folder and the notebooks among the positional arguments: a notebook ends in
    ``.ipynb``; at most one other argument, the folder. ``CopyError`` says what is wrong."""
    notebooks = [Path(arg) for arg in given if arg.endswith(".ipynb")]
    folders = [Path(arg) for arg in given if not arg.endswith(".ipynb")]
    if len(folders) > 1:
        raise CopyError(f"one output folder, not {len(folders)}: {', '.join(map(str, folders))}")
    missing = [str(path) for path in notebooks if not path.is_file()]
    if missing:
        raise CopyError(f"no such notebook: {', '.join(missing)}")
    return (folders[0] if folders else None), notebooks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "arguments",
        nargs="*",
        metavar="OUT_DIR | NOTEBOOK",
        help="where to write the student copies, and the notebooks (default: notebooks/*.ipynb)",
    )
    parser.add_argument("--course", type=Path, help="set up an nbgrader course directory here")
    args = parser.parse_args(argv)
    try:
        out_dir, notebooks = split_arguments(args.arguments)
        paths = notebooks or sorted(NOTEBOOKS.glob("*.ipynb"))
        if args.course is None and out_dir is None:
            parser.error("give OUT_DIR, or --course COURSE_DIR, or both")
        if args.course is not None:
            assignments = release_course(args.course, paths)
            print(f"nbgrader course in {args.course}: assignments {', '.join(assignments)}")
            print(f"student copies in {args.course / 'release'}")
        if out_dir is not None:
            for name in write_copies(out_dir, paths):
                print(f"{name}: student copy written")
            print(f"student copies written to {out_dir}")
    except CopyError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
