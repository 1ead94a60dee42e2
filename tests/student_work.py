"""What a student does to a notebook: find its answer and check cells, type an answer in."""

from __future__ import annotations

import re
import textwrap
from typing import Any

STUB = "# YOUR CODE HERE"
_BLOCK = re.compile(r"^[ \t]*### BEGIN SOLUTION[ \t]*\n(.*?)^[ \t]*### END SOLUTION", re.S | re.M)


def grader(cell: Any) -> dict[str, Any]:
    """A cell's nbgrader metadata (empty for an ordinary cell)."""
    return dict(cell.metadata.get("nbgrader", {}))


def answer_cells(nb: Any) -> dict[str, Any]:
    """Answer cells by exercise id (their nbgrader grade_id)."""
    return {grader(c)["grade_id"]: c for c in nb.cells if grader(c).get("solution")}


def check_cells(nb: Any) -> dict[str, int]:
    """The index of each exercise's check cell (grade_id ``ID-check``)."""
    return {
        grader(c)["grade_id"].removesuffix("-check"): i
        for i, c in enumerate(nb.cells)
        if grader(c).get("grade")
    }


def solution_of(teacher_cell: Any) -> str:
    """The lines between the solution markers of a teacher's answer cell, dedented."""
    blocks = _BLOCK.findall(teacher_cell.source)
    assert len(blocks) == 1, f"one solution block per answer cell: {teacher_cell.source!r}"
    return textwrap.dedent(blocks[0])


def fill(cell_source: str, answer: str) -> str:
    """A student's answer cell with ``answer`` typed where the stub is, at its indentation."""
    lines = cell_source.split("\n")
    where = [i for i, line in enumerate(lines) if line.strip() == STUB]
    assert len(where) == 1, f"one stub per answer cell: {cell_source!r}"
    stub = lines[where[0]]
    indent = stub[: len(stub) - len(stub.lstrip())]
    typed = [indent + line if line.strip() else "" for line in answer.strip("\n").split("\n")]
    return "\n".join(lines[: where[0]] + typed + lines[where[0] + 1 :])
