"""Write the student version of the tutorial notebooks: the same notebooks without solutions.

    python scripts/student_copies.py OUT_DIR                 # every notebooks/*.ipynb
    python scripts/student_copies.py OUT_DIR notebooks/03_acme.ipynb

In the teacher's notebooks an exercise's answer sits between two comment lines in a code cell::

    ### BEGIN SOLUTION
    p_ace = 1 - Fraction(comb(48, 8), comb(52, 8))
    ### END SOLUTION

In the copy each such block (markers included) becomes, at the same indentation::

    # YOUR CODE HERE
    raise NotImplementedError()

and in a markdown cell it becomes "YOUR ANSWER HERE". The checks that follow an exercise stay, so
a student knows when an answer is right. Every output and execution count is cleared: the
stored outputs would give the answers away, and students run the notebooks themselves. The
teacher's notebooks are never modified, and OUT_DIR may not be the notebooks folder itself.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
_MARKER = re.compile(r"^(\s*)(### BEGIN SOLUTION|### END SOLUTION)\s*$")
CODE_STUB = ("# YOUR CODE HERE", "raise NotImplementedError()")
MARKDOWN_STUB = ("YOUR ANSWER HERE",)


class MarkerError(ValueError):
    """The solution markers of a cell do not pair up."""


def strip_solutions(source: str, stub: tuple[str, ...]) -> tuple[str, int]:
    """``source`` with every BEGIN/END SOLUTION block replaced by ``stub``; and how many."""
    out: list[str] = []
    inside = False
    count = 0
    for number, line in enumerate(source.split("\n"), 1):
        marker = _MARKER.match(line)
        if marker is None:
            if not inside:
                out.append(line)
            continue
        indent, which = marker.groups()
        if which == BEGIN:
            if inside:
                raise MarkerError(f"line {number}: {BEGIN} inside a solution block")
            inside = True
            count += 1
            out.extend(indent + text for text in stub)
        else:
            if not inside:
                raise MarkerError(f"line {number}: {END} without a {BEGIN}")
            inside = False
    if inside:
        raise MarkerError(f"{BEGIN} is never closed by {END}")
    return "\n".join(out), count


def student_notebook(nb: Any) -> tuple[Any, int]:
    """A copy of ``nb`` without solutions, outputs or execution counts; and how many blocks."""
    copy = nbformat.from_dict(nb)
    total = 0
    for index, cell in enumerate(copy.cells):
        stub = CODE_STUB if cell.cell_type == "code" else MARKDOWN_STUB
        try:
            cell.source, count = strip_solutions(cell.source, stub)
        except MarkerError as error:
            raise MarkerError(f"cell {index}: {error}") from None
        total += count
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    return copy, total


def write_copies(out_dir: Path, paths: list[Path]) -> dict[str, int]:
    """Write the student copy of each notebook into ``out_dir``; name -> solutions removed."""
    out_dir = out_dir.resolve()
    if any(out_dir == path.resolve().parent for path in paths):
        raise ValueError(f"{out_dir} holds the teacher's notebooks: choose another folder")
    out_dir.mkdir(parents=True, exist_ok=True)
    removed = {}
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        try:
            copy, count = student_notebook(nb)
        except MarkerError as error:
            raise MarkerError(f"{path.name}: {error}") from None
        nbformat.validate(copy)
        nbformat.write(copy, out_dir / path.name)
        removed[path.name] = count
    return removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Write copies of the notebooks with the solutions removed."
    )
    parser.add_argument("out_dir", type=Path, help="where to write the student copies")
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted(NOTEBOOKS.glob("*.ipynb"))
    try:
        removed = write_copies(args.out_dir, paths)
    except ValueError as error:  # MarkerError too
        print(f"error: {error}", file=sys.stderr)
        return 1
    for name, count in removed.items():
        print(f"{name}: {count} solution{'s' if count != 1 else ''} removed")
    print(f"student copies written to {args.out_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
