"""The tutorial notebooks as stored: executed, clean, magics known, valid nbgrader sources.

The notebooks themselves run under nbval (``pytest --nbval``, configured in pyproject.toml),
which compares every stored output with a fresh run. nbval can only catch what is stored: a
cell saved without running has no output to compare, a saved widget state goes stale, and a
``%magic`` it does not know... passes silently. These tests close those gaps, check that the
notebooks are nbgrader source notebooks and the command that writes the student copies, and
check that the nbval run can fail at all. The student copies are run in test_student_copies.py.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import nbformat
import pytest
from notebook_kernel import ignores_output

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
SANITIZE = NOTEBOOK_DIR / "nbval_sanitize.cfg"
EXPECTED = [
    "00_start_here.ipynb",
    "01_quadrennial.ipynb",
    "02_acquaintance.ipynb",
    "03_acme.ipynb",
    "04_acme_project.ipynb",
    "05_fly.ipynb",
    "06_probability_lab.ipynb",
    "07_testing_a_claim.ipynb",
]

sys.path.insert(0, str(ROOT / "scripts"))
import run_notebooks  # noqa: E402
import student_copies  # noqa: E402


def read(path: Path) -> Any:
    return nbformat.read(path, as_version=4)


def code_cells(nb: Any) -> list[Any]:
    return [cell for cell in nb.cells if cell.cell_type == "code"]


ids = [path.name for path in NOTEBOOKS]


def test_the_tutorials_are_all_there() -> None:
    present = [path.name for path in NOTEBOOKS]
    missing = [name for name in EXPECTED if name not in present]
    assert not missing, f"missing notebooks: {missing}"
    assert "notebooks/00_start_here.ipynb" in (ROOT / "scripts" / "lab").read_text()


# ----------------------------------------------------------------------------- stored state
@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_every_code_cell_was_executed_in_order(path: Path) -> None:
    """Stored executed: counts 1, 2, 3... (a cell never run has nothing for nbval to check)."""
    counts = [cell.execution_count for cell in code_cells(read(path))]
    unrun = [i for i, count in enumerate(counts) if count is None]
    assert not unrun, f"code cells {unrun} of {path.name} have no execution count"
    assert counts == list(range(1, len(counts) + 1)), (
        f"{path.name} was not run top to bottom in one kernel: {counts}"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_no_widget_state_or_stray_metadata(path: Path) -> None:
    nb = read(path)
    assert "widgets" not in nb.metadata, f"{path.name} stores widget state (metadata.widgets)"
    assert set(nb.metadata) <= {"kernelspec", "language_info"}, sorted(nb.metadata)
    # the Python that ran it, as JupyterLab writes it on opening: then it opens unmodified
    assert re.fullmatch(r"3\.\d+\.\d+", nb.metadata.language_info.get("version", "")), path.name
    for index, cell in enumerate(nb.cells):
        assert set(cell.metadata) <= {"tags", "nbgrader"}, f"cell {index}: {sorted(cell.metadata)}"
        assert cell.get("id"), f"cell {index} has no id"
        for output in cell.get("outputs", []):
            assert "application/vnd.jupyter.widget-state+json" not in output.get("data", {})
            assert output.get("output_type") != "error", f"cell {index} stored an error"
    nbformat.validate(nb)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_stored_clean(path: Path) -> None:
    """Stored exactly as ``scripts/run_notebooks.py`` stores them (stable model ids, merged
    streams), so that running a notebook again gives no diff."""
    nb = read(path)
    assert run_notebooks.clean(read(path), path.stem) == nb


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_hidden_tests_hold_no_maintainers_markers(path: Path) -> None:
    """nbgrader's feedback shows a student the hidden tests: no nbval marker in them (a cell
    tag says it instead; the forty-first review)."""
    for index, cell in enumerate(code_cells(read(path))):
        hidden = cell.source.partition("### BEGIN HIDDEN TESTS")[2]
        assert "NBVAL" not in hidden, f"{path.name} code cell {index}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_no_machine_paths(path: Path) -> None:
    text = path.read_text()
    found = re.findall(r"(?:/work/|/home/|/tmp/|/Users/|[A-Z]:\\\\)[^\s\"']*", text)
    assert not found, f"{path.name} mentions machine paths: {found[:3]}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_no_timings_unless_ignored(path: Path) -> None:
    """Times differ on every run: a cell that prints one must be one whose output nbval ignores."""
    timing = re.compile(r"\b\d+(?:\.\d+)?\s?(?:s|ms|seconds)\b(?! down)")
    for index, cell in enumerate(code_cells(read(path))):
        if ignores_output(cell):
            continue
        for output in cell.outputs:
            text = output.get("text") or output.get("data", {}).get("text/plain", "")
            assert not timing.search(text), f"cell {index} prints a timing: {text[:200]!r}"


# ----------------------------------------------------------------------------- magics
_MAGICS_SCRIPT = """
import json, sys
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
def names():
    magics = shell.magics_manager.magics
    return set(magics["line"]) | set(magics["cell"])
found = {"": sorted(names())}
try:
    from ipykernel.zmqshell import KernelMagics
    found[""] = sorted(set(found[""]) | set(KernelMagics.magics["line"])
                       | set(KernelMagics.magics["cell"]))
except ImportError:
    pass
for extension in sys.argv[1:]:
    before = names()
    shell.extension_manager.load_extension(extension)
    found[extension] = sorted(names() - before)
print(json.dumps(found))
"""


@cache
def magics_of(extensions: tuple[str, ...] = ()) -> dict[str, frozenset[str]]:
    """The built-in magics (key ""), those of ipykernel's shell included, and the magics each
    extension adds when loaded. Asked in a separate Python: an IPython shell made here would
    make the rest of the test session look like a notebook (tqdm.auto, for one, would notice)."""
    run = subprocess.run(
        [sys.executable, "-c", _MAGICS_SCRIPT, *extensions],
        capture_output=True,
        text=True,
        check=True,
    )
    return {key: frozenset(value) for key, value in json.loads(run.stdout).items()}


_USE = re.compile(r"^\s*(?:[\w.]+\s*=\s*)?%{1,2}([A-Za-z_]\w*)", re.MULTILINE)
_LOAD_EXT = re.compile(r"^\s*%load_ext\s+([\w.]+)", re.MULTILINE)
_DEFINED = re.compile(
    r"@register_(?:line_|cell_|line_cell_)?magic(?:\(\s*[\"'](\w+)[\"']\s*\))?\s*\n\s*def (\w+)"
)


def unknown_magics(sources: list[str]) -> list[str]:
    """Magics used in these cells that are neither built in nor loaded or defined in them."""
    text = "\n".join(sources)
    extensions = tuple(sorted(set(_LOAD_EXT.findall(text))))
    allowed: set[str] = set()
    for names in magics_of(extensions).values():
        allowed |= names
    for named, function in _DEFINED.findall(text):
        allowed.add(named or function)
    used = {name for source in sources for name in _USE.findall(source)}
    return sorted(used - allowed)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_magics_are_known(path: Path) -> None:
    """nbval lets an unknown %magic pass silently; here it fails."""
    unknown = unknown_magics([cell.source for cell in code_cells(read(path))])
    assert not unknown, f"{path.name} uses magics that are not built in or loaded: {unknown}"


def test_the_magic_check_itself() -> None:
    assert unknown_magics(["%matplotlib inline\nx = 1", "%%time\nx = 2"]) == []
    assert unknown_magics(["%nosuchmagic 3"]) == ["nosuchmagic"]
    assert unknown_magics(["result = %nosuchmagic"]) == ["nosuchmagic"]
    assert unknown_magics(["%%nosuchcell\nx"]) == ["nosuchcell"]
    assert unknown_magics(["%autoreload 2"]) == ["autoreload"]
    assert unknown_magics(["%load_ext autoreload", "%autoreload 2"]) == []
    defined = "@register_line_magic\ndef hi(line):\n    return line"
    assert unknown_magics([defined, "%hi there"]) == []


# ----------------------------------------------------------------------------- nbgrader
_MARKER = re.compile(r"(BEGIN|END) (SOLUTION|HIDDEN TESTS|MARK SCHEME)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_a_valid_nbgrader_source_notebook(path: Path) -> None:
    """nbgrader's own metadata validator passes; grade ids are unique; solution blocks sit only
    in solution cells and hidden tests only in graded cells (nbgrader reads the marker words
    anywhere, so prose may not mention them); every check cell hides its test."""
    from nbgrader.nbgraderformat import MetadataValidator

    nb = read(path)
    MetadataValidator().validate_nb(nb)
    ids_seen = [c.metadata.nbgrader["grade_id"] for c in nb.cells if "nbgrader" in c.metadata]
    assert len(ids_seen) == len(set(ids_seen)), f"duplicate grade ids in {path.name}"
    for index, cell in enumerate(nb.cells):
        meta = cell.metadata.get("nbgrader", {})
        markers = {m.group(2) for m in _MARKER.finditer(cell.source)}
        if meta.get("solution"):
            assert cell.cell_type == "code" and markers == {"SOLUTION"}, f"cell {index}"
            assert student_copies.CODE_STUB not in cell.source
        elif meta.get("grade"):
            assert markers == {"HIDDEN TESTS"} and meta.get("locked"), f"cell {index}"
            assert meta["points"] > 0
        else:
            assert not markers, f"cell {index} of {path.name} mentions an nbgrader marker"


def test_the_course_directory(tmp_path: Path) -> None:
    course = tmp_path / "course"
    assignments = student_copies.make_course(course, NOTEBOOKS[1:3])
    assert assignments == [NOTEBOOKS[1].stem, NOTEBOOKS[2].stem]
    for path in NOTEBOOKS[1:3]:
        assert (course / "source" / path.stem / path.name).read_bytes() == path.read_bytes()
    from traitlets.config import Config

    config = Config()
    source = (course / "nbgrader_config.py").read_text()
    exec(compile(source, "nbgrader_config.py", "exec"), {"get_config": lambda: config})
    assert config.ClearSolutions.code_stub == {"python": "# YOUR CODE HERE"}


def test_a_copy_with_a_solution_left_is_refused() -> None:
    cell = nbformat.v4.new_code_cell("x = ...\n### BEGIN SOLUTION\nx = 1\n### END SOLUTION")
    with pytest.raises(student_copies.CopyError, match="cell 0 still holds"):
        student_copies.check_copy(nbformat.v4.new_notebook(cells=[cell]), "bad.ipynb")
    ran = nbformat.v4.new_code_cell("x = 1")
    ran.execution_count = 1
    with pytest.raises(student_copies.CopyError, match="keeps its outputs"):
        student_copies.check_copy(nbformat.v4.new_notebook(cells=[ran]), "ran.ipynb")


def test_a_copy_loses_the_maintainers_cells_and_the_tests_tags() -> None:
    kept = nbformat.v4.new_code_cell("project_check()", metadata={"tags": ["nbval-ignore-output"]})
    both = nbformat.v4.new_code_cell("x = 1", metadata={"tags": ["nbval-skip", "students"]})
    claims = nbformat.v4.new_code_cell("assert True", metadata={"tags": ["claims"]})
    graded = nbformat.v4.new_code_cell("y = 2", metadata={"nbgrader": {"grade": False}})
    nb = nbformat.v4.new_notebook(cells=[kept, claims, both, graded])
    with pytest.raises(student_copies.CopyError, match="cell 0 keeps a tag for the tests"):
        student_copies.check_copy(nb, "tagged.ipynb")
    copy = student_copies.without_claims(nb)
    assert [c.source for c in copy.cells] == ["project_check()", "x = 1", "y = 2"]
    assert [dict(c.metadata) for c in copy.cells] == [
        {},
        {"tags": ["students"]},
        {"nbgrader": {"grade": False}},
    ]
    student_copies.check_copy(copy, "tagged.ipynb")


def test_student_copies_never_overwrite_the_teachers_notebooks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert student_copies.main([str(NOTEBOOK_DIR)]) == 1
    assert "teacher" in capsys.readouterr().err


# ----------------------------------------------------------------------------- nbval can fail
def probe(folder: Path, name: str, stored_output: str) -> None:
    """A one-cell notebook whose fresh run prints "deal 7 of acme, 0x7f..." (an address that
    differs every run), stored with ``stored_output``."""
    cell = nbformat.v4.new_code_cell('print("deal 7 of acme,", hex(id(object())))')
    cell.execution_count = 1
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=stored_output)]
    nb = nbformat.v4.new_notebook(cells=[cell])
    nb.metadata = {"kernelspec": {"name": "python3", "language": "python", "display_name": "P"}}
    nbformat.write(nb, folder / name)


def test_nbval_passes_a_matching_output_and_fails_a_changed_one(tmp_path: Path) -> None:
    """Strict nbval with the project's sanitize file: a sanitized difference (a memory address)
    passes, a real one (the deal number) fails."""
    probe(tmp_path, "probe_same.ipynb", "deal 7 of acme, 0x7fb2c41a9e40\n")
    probe(tmp_path, "probe_changed.ipynb", "deal 8 of acme, 0x7fb2c41a9e40\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\n")  # not the project's addopts
    run = subprocess.run(
        [
            sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA",
            "--nbval", "--nbval-current-env", f"--nbval-sanitize-with={SANITIZE}",
            "-c", str(tmp_path / "pytest.ini"), "--rootdir", str(tmp_path), str(tmp_path),
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )  # fmt: skip
    report = run.stdout + run.stderr
    assert run.returncode == 1, report
    assert re.search(r"PASSED probe_same.ipynb::Cell 0", report), report
    assert re.search(r"FAILED probe_changed.ipynb::Cell 0", report), report
    assert "deal 8 of acme" in report


def test_the_pytest_configuration_runs_the_notebooks_strictly() -> None:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    options = config["addopts"].split()
    assert "--nbval" in options and "--nbval-lax" not in options
    assert "notebooks" in config["testpaths"] and "tests" in config["testpaths"]
    assert any(option.endswith("notebooks/nbval_sanitize.cfg") for option in options)
    assert json.dumps(config)  # plain data


# ----------------------------------------------------------------------------- lessons that fit
WORD_BUDGET = {
    # Half the prose of the tutorials before they were cut to fit a lesson (issue 23): 00 had
    # 1300 words; 01 2224; 02 1973; 03 2406 (now 03 and 04); Fly 1564; the lab 2563 (now 06, 07).
    "00_start_here.ipynb": 650,
    "01_quadrennial.ipynb": 1112,
    "02_acquaintance.ipynb": 986,
    "03_acme.ipynb": 1203,
    "04_acme_project.ipynb": 1203,
    "05_fly.ipynb": 782,
    "06_probability_lab.ipynb": 1281,
    "07_testing_a_claim.ipynb": 1281,
}
QUESTION = re.compile(r"\*\*Think:\*\*|\*\*Predict:?\*\*|^#+ Exercise|\*\*The question", re.M)
SCREENS = 75  # lines: about two screens of a laptop, markdown, code and outputs together


def prose(nb: Any) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def test_every_tutorial_has_a_word_budget() -> None:
    assert sorted(WORD_BUDGET) == [path.name for path in NOTEBOOKS]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_the_prose_fits_its_budget(path: Path) -> None:
    words = len(prose(read(path)).split())
    assert words <= WORD_BUDGET[path.name], f"{path.name}: {words} words of prose"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids)
def test_a_question_every_screen_or_two(path: Path) -> None:
    """A question to the student (Think, Predict, an exercise) at least every two screens:
    markdown lines, code lines and up to 20 lines of each output count."""
    gap, worst, where = 0, 0, 0
    for index, cell in enumerate(read(path).cells):
        if cell.cell_type == "markdown":
            for line in cell.source.split("\n"):
                gap = 0 if QUESTION.search(line) else gap + 1
        elif "claims" not in cell.metadata.get("tags", []):
            gap += len(cell.source.split("\n"))
            for output in cell.get("outputs", []):
                text = output.get("text") or output.get("data", {}).get("text/plain", "")
                gap += min(len(text.split("\n")), 20)
        if gap > worst:
            worst, where = gap, index
    assert worst <= SCREENS, f"{path.name}: {worst} lines without a question, up to cell {where}"


TERMS = [
    *("foundation", "tableau", "reserve", "stock", "waste", "home", "deal", "legal", "hint"),
    *("ruling", "pass", "solver", "winnable", "undecided", "sample space", "outcome", "event"),
    *("complement", "proportion", "confidence interval", "consistent with", "hypergeometric"),
    *("expected value", "safe", "hopeless", "greedy", "paired comparison", "p-value"),
    *("significant", "training deals", "fresh deals", "win rate", "coverage", "half-width"),
    *("excluded", "birthday problem", "simulation", "view", "player", "circles", "thinker"),
    "independent",
]


def first_use(term: str, text: str) -> int | None:
    """Where a term is first used in prose (headings do not count: they announce)."""
    used = re.compile(rf"(?<![\w-]){re.escape(term)}(?:s|es|ing|ed)?(?![\w-])", re.IGNORECASE)
    offset = 0
    for line in text.split("\n"):
        if not line.startswith("#") and (found := used.search(line)):
            return offset + found.start()
        offset += len(line) + 1
    return None


def test_no_term_is_used_before_it_is_defined() -> None:
    """Each term of the glossary is defined (in bold) where a student first meets it: in the
    first lesson that uses it, at or before its first use; later lessons may use it freely."""
    defined: set[str] = set()
    late = []
    for path in NOTEBOOKS:
        text = prose(read(path))
        here = set()
        for term in TERMS:
            use = first_use(term, text)
            if use is None:
                continue
            bold = re.search(rf"\*\*[^*]*?{re.escape(term)}[^*]*?\*\*", text, re.IGNORECASE)
            if bold:
                here.add(term)
            if term not in defined and (bold is None or bold.start() > use):
                late.append(f"{path.name}: {term!r}")
        defined |= here
    assert not late, f"used before they are defined: {late}"


def test_the_glossary_says_where_each_term_is_defined() -> None:
    glossary = (ROOT / "docs" / "teaching" / "glossary.md").read_text()
    missing = [term for term in TERMS if term.lower() not in glossary.lower()]
    assert not missing, f"not in the glossary: {missing}"


def test_student_copies_tell_a_notebook_from_the_output_folder(tmp_path: Path) -> None:
    """``--course DIR notebook.ipynb`` names a notebook, not an output folder (it was taken for
    one: a folder named ``04_fly.ipynb/``, or a raw FileExistsError)."""
    first = str(NOTEBOOKS[0])
    assert student_copies.split_arguments([first]) == (None, [NOTEBOOKS[0]])
    assert student_copies.split_arguments(["out", first]) == (Path("out"), [NOTEBOOKS[0]])
    with pytest.raises(student_copies.CopyError, match="one output folder"):
        student_copies.split_arguments(["out", "other"])
    with pytest.raises(student_copies.CopyError, match="no such notebook"):
        student_copies.split_arguments([str(tmp_path / "missing.ipynb")])
