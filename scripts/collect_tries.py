"""List the exercise checks recorded in students' notebooks: which try each was, its verdict and
points, and whose numbers it used.

    python scripts/collect_tries.py COURSE/submitted          # what nbgrader collected
    python scripts/collect_tries.py some/folder notebook.ipynb

Every check shows its verdict as an output whose metadata holds a record (``solitaire_widgets``:
the exercise, the try, the verdict, the points, the name the numbers were made from, where that
name came from, and for the project the draw of deals it was judged on). The notebook file keeps
the output of each check cell's last run, so this reads, per notebook, the last try of each
exercise. A student is named by nbgrader's folder (``submitted/<student>/<assignment>/``) when
the notebook sits in one, else by the file's folder. A name that differs from the nbgrader id is
marked ``!``: that student made their numbers from someone else's name (or a typing slip).

The count of tries starts again when the kernel restarts; a record is a floor, not a proof.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat

RECORD_KEY = "solitaire_widgets"


def records(path: Path) -> Iterator[dict[str, Any]]:
    """The check records stored in one notebook, in cell order."""
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            record = output.get("metadata", {}).get(RECORD_KEY)
            if isinstance(record, dict):
                yield record


def student_of(path: Path) -> str:
    """nbgrader's student id for a collected notebook, or the name of its folder."""
    parts = path.resolve().parts
    for folder in ("submitted", "autograded"):
        if folder in parts[:-3]:
            return parts[len(parts) - 3]
    return path.parent.name


def rows(paths: list[Path]) -> list[tuple[str, str, str, int, str, float, str, str]]:
    """(student, notebook, exercise, try, verdict, points, numbers from, draw) per recorded
    check; the draw is the project's (its deals, for ``replay_check``), "" for the others."""
    found = []
    for path in paths:
        who = student_of(path)
        for record in records(path):
            name = str(record.get("student", ""))
            numbers = f"{record.get('numbers from', '?')}:{name or '-'}"
            if name and name != who.casefold() and record.get("numbers from") == "typed":
                numbers += " !"
            found.append(
                (
                    who,
                    path.stem,
                    str(record.get("exercise", "?")),
                    int(record.get("try", 0)),
                    str(record.get("verdict", "?")),
                    float(record.get("points", 0.0)),
                    numbers,
                    str(record.get("draw", "")),
                )
            )
    return found


def notebooks(arguments: list[Path]) -> list[Path]:
    paths: list[Path] = []
    for argument in arguments:
        if argument.is_dir():
            paths.extend(
                p for p in sorted(argument.rglob("*.ipynb")) if ".ipynb_checkpoints" not in p.parts
            )
        else:
            paths.append(argument)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="notebooks, or folders of them")
    args = parser.parse_args(argv)
    found = rows(notebooks(args.paths))
    if not found:
        print("no check records found (were the notebooks saved after running the checks?)")
        return 1
    header = ("student", "notebook", "exercise", "try", "verdict", "points", "numbers from", "draw")
    widths = [max(len(str(row[i])) for row in [header, *found]) for i in range(len(header))]
    for row in [header, *found]:
        print("  ".join(str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
