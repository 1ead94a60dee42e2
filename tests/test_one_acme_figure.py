"""One Acme figure: wherever the notebooks (their prose and stored outputs), the README or the
docs state the share of Acme deals that can be won, it is the winnability table's.

A *statement* is a sentence or list item of prose, a line of output or of a code block, or a
cell of a Markdown table read with its column's header (a column of a player's wins is
skipped). A statement states the figure when it
names Acme and what the solver measures (winnable, the solver, sees every card, sees all);
each of its percentages is then a figure of it, except intervals ("[a, b]", "a% to b%",
"between a% and b%"), confidence levels ("95% interval") and the rule text's claim (15%).
Every such figure must be the table's rate at its own rounding (12.8%, 12.78%, 13%).

A figure written without these words is not found; a first-N estimate printed without the
word Acme on its line (the lab's shrinking interval) is not the figure, and is not taken for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from solitaire_widgets import winnability

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(
    [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "notebooks").glob("*.ipynb")]
)

ABOUT_ACME = re.compile(r"\bacme\b", re.IGNORECASE)
ABOUT_THE_SOLVER = re.compile(r"winnable|solver|sees? (?:every|all)", re.IGNORECASE)
NUMBER = r"[-+]?\d+(?:\.\d+)?"
NOT_FIGURES = [
    re.compile(r"\[[^\]]*\]"),  # an interval in brackets
    re.compile(rf"{NUMBER}%?\s*(?:to|and|…|–)\s*{NUMBER}%"),  # a% to b%, between a% and b%
    re.compile(rf"{NUMBER}%\s*(?:CI|interval|confidence|Wilson|Clopper|level)", re.IGNORECASE),
    re.compile(r"(?<![\d.])15%"),  # the rule text's claim
]
PERCENT = re.compile(rf"({NUMBER})%")
PLAYER = re.compile(r"hint|greedy|random|thinker", re.IGNORECASE)


def figures(statement: str) -> list[str]:
    """The Acme winnable figures a statement states, as written (without the % sign)."""
    if not (ABOUT_ACME.search(statement) and ABOUT_THE_SOLVER.search(statement)):
        return []
    for pattern in NOT_FIGURES:
        statement = pattern.sub(" ", statement)
    return PERCENT.findall(statement)


def prose_statements(text: str) -> Iterator[str]:
    """Sentences and list items of Markdown; lines of its code blocks; its table cells, each
    with its column's header before it."""
    paragraph: list[str] = []
    header: list[str] | None = None
    in_code = False

    def sentences() -> Iterator[str]:
        joined = " ".join(paragraph)
        yield from re.split(r"(?<=[.!?:;])\s+(?=[A-Z*\"(`_])", joined)
        paragraph.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            yield from sentences()
            in_code = not in_code
            continue
        if in_code:
            yield stripped
            continue
        if stripped.startswith("|"):
            yield from sentences()
            cells = [cell.strip() for cell in stripped.strip("|").split("|")]
            if header is None:
                header = cells
            elif ABOUT_ACME.search(stripped):  # a row of Acme's (not the |---| line)
                for name, cell in zip(header, cells, strict=False):
                    if not PLAYER.search(name):  # a column of a player's wins is not the figure
                        yield f"Acme, {name}: {cell}"
            continue
        header = None
        if not stripped or re.match(r"([-*]|\d+\.)\s", stripped):
            yield from sentences()
        if stripped:
            paragraph.append(stripped)
    yield from sentences()


def statements(path: Path) -> Iterator[str]:
    if path.suffix == ".md":
        yield from prose_statements(path.read_text())
        return
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "markdown":
            yield from prose_statements(cell.source)
        elif cell.cell_type == "code":
            for output in cell.get("outputs", []):
                text = output.get("text", "") or output.get("data", {}).get("text/plain", "")
                yield from text.splitlines()


def matches(written: str, rate: float) -> bool:
    decimals = len(written.partition(".")[2])
    return written in (f"{rate:.{decimals}%}"[:-1], f"{100 * rate:.{decimals}f}")


def test_the_acme_figure_is_the_tables_wherever_it_is_stated() -> None:
    rate = winnability.rate("acme").winnable_rate
    found: dict[str, list[tuple[str, str]]] = {}
    for path in SOURCES:
        for statement in statements(path):
            for written in figures(statement):
                found.setdefault(written, []).append((path.name, statement.strip()))
    wrong = {w: places for w, places in found.items() if not matches(w, rate)}
    assert not wrong, f"the table says {rate:.2%} of Acme deals are winnable; also stated: {wrong}"
    notebooks = {name for places in found.values() for name, _ in places if "ipynb" in name}
    assert notebooks, "no notebook states the table's Acme figure"


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        # what the README, the docs and the lab said before there was one table
        (
            'the Acme text\'s "about 15% winnable" measured by the solver, which sees every card '
            "(12.6% under our rulings);",
            ["12.6"],
        ),
        (
            "Under the rulings this package enforces, 12.6% of Acme deals can be won by a player "
            "who sees every card, with a 95% interval of 11.7% to 13.6% over 5000 deals.",
            ["12.6"],
        ),
        (
            "acme          solver    31 won of  200 =  15.5%   95% interval [11.14%, 21.16%]",
            ["15.5"],
        ),
        (
            "acme: 1,281 of 10,000 decided deals winnable (12.8%, 95% CI 12.2% to 13.5%); "
            "0 undecided of deals 1..10,000 (10 CPU s each)",
            ["12.8"],
        ),
        # not the figure: other measures, other games, no Acme, the claim
        ("acme          hint      16 won of  150 =  10.7%   95% interval [6.67%, 16.62%]", []),
        ("quadrennial: 274 of 288 decided deals winnable (95.1%, 95% CI 92.0% to 97.3%)", []),
        ("first    200 deals: 31 winnable of 200 decided = 15.5%     consistent", []),
        ("The Acme rule text says only about 15% of deals are statistically winnable.", []),
    ],
)
def test_figures_finds_the_stated_acme_rate(statement: str, expected: list[str]) -> None:
    assert figures(statement) == expected


def test_a_table_cell_is_read_with_its_header() -> None:
    table = (
        "| variant | greedy | hint engine | solver (sees all) |\n"
        "|---|---|---|---|\n"
        "| Quadrennial | 10.5% [8.7, 12.6] | 10.5% | 92.3% [88.7, 94.8] |\n"
        "| Acme | 4.5% [3.4, 6.0] | 10.2% [8.5, 12.2] | 14.0% [12.0, 16.3]; 12.6% on 5000 |\n"
    )
    found = [f for statement in prose_statements(table) for f in figures(statement)]
    assert found == ["14.0", "12.6"]
    prose = "Acme's hint player wins 10.2%.\n\nOf Acme deals, 14.0% are winnable; the rest are not."
    assert [f for s in prose_statements(prose) for f in figures(s)] == ["14.0"]


def test_a_figure_matches_at_its_own_rounding() -> None:
    assert matches("12.8", 0.12777) and matches("12.78", 0.12777) and matches("13", 0.12777)
    assert not matches("12.6", 0.12777) and not matches("14.0", 0.12777)
