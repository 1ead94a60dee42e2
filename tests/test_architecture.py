"""The package's shape, as docs/architecture.md draws it: the import graph has no circles and
never runs from a lower floor to a higher one, every module has its floor, and the shared
engines never switch on a game's name (only ``games/`` and ``variants/`` may)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire_widgets"
DOC = ROOT / "docs" / "architecture.md"
GAME_NAMES = {"quadrennial", "acquaintance", "acme", "fly"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def floors() -> dict[str, int]:
    """The floors as the doc's ``floors`` block draws them: name -> floor."""
    block = re.search(r"```floors\n(.*?)```", DOC.read_text(), re.S)
    assert block, "docs/architecture.md has no floors block"
    drawn: dict[str, int] = {}
    for line in block.group(1).splitlines():
        match = re.fullmatch(r"floor (\d+)\s+[^:]+:\s+(.+)", line.strip())
        assert match, line
        for name in match.group(2).split(","):
            name = name.strip()
            full = (
                "solitaire_widgets" if name == "solitaire_widgets" else f"solitaire_widgets.{name}"
            )
            drawn[full] = int(match.group(1))
    return drawn


def floor_of(module: str, drawn: dict[str, int]) -> int | None:
    """The floor of the longest drawn name that is the module or a package holding it."""
    best = None
    for name, floor in drawn.items():
        if (module == name or module.startswith(name + ".")) and (
            best is None or len(name) > len(best[0])
        ):
            best = (name, floor)
    return None if best is None else best[1]


def imports(module: str) -> list[tuple[str, bool]]:
    """The package modules ``module`` imports, each with whether it runs at import time
    (False for imports under ``if TYPE_CHECKING:``)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text())
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    found = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        for target in targets:
            if target in MODULES:
                found.append((target, id(node) not in typing_only))
    return found


def test_every_module_has_a_floor() -> None:
    drawn = floors()
    assert [m for m in MODULES if floor_of(m, drawn) is None] == []
    assert [name for name in drawn if name not in MODULES] == [], "a drawn name is no module"


def test_no_import_runs_from_a_lower_floor_to_a_higher_one() -> None:
    drawn = floors()
    upward = [
        f"{module} (floor {floor_of(module, drawn)}) imports {target} "
        f"(floor {floor_of(target, drawn)})"
        for module in MODULES
        for target, _ in imports(module)
        if (floor_of(target, drawn) or 0) > (floor_of(module, drawn) or 0)
    ]
    assert upward == []


def test_the_import_graph_has_no_circles() -> None:
    graph = {m: {t for t, runtime in imports(m) if runtime and t != m} for m in MODULES}
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    circles: list[list[str]] = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                circles.append([*path[path.index(target) :], target])
            elif target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert circles == []


def _names(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return {
            e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
        }
    return set()


def game_branches(source: str) -> list[str]:
    """Where code decides by a game's name: a comparison with a game's name (``==``, ``in``)
    or with a ``family``, a table keyed by game names, a subscript or a string test by one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            if any(_names(p) & GAME_NAMES for p in parts):
                found.append(f"line {line}: compares with a game's name")
            if any(isinstance(p, ast.Attribute) and p.attr == "family" for p in parts):
                found.append(f"line {line}: compares a family")
        elif isinstance(node, ast.Dict):
            if any(k is not None and _names(k) & GAME_NAMES for k in node.keys):
                found.append(f"line {line}: a table keyed by game names")
        elif isinstance(node, ast.Subscript) and _names(node.slice) & GAME_NAMES:
            found.append(f"line {line}: looks up a game's name")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in ("startswith", "endswith", "get") and any(
                _names(a) & GAME_NAMES for a in node.args
            ):
                found.append(f"line {line}: tests a string against a game's name")
        elif isinstance(node, ast.MatchValue) and _names(node.value) & GAME_NAMES:
            found.append(f"line {line}: matches a game's name")
    return found


@pytest.mark.parametrize(
    "module",
    [
        m
        for m in MODULES
        if not m.startswith(("solitaire_widgets.games", "solitaire_widgets.variants"))
    ],
)
def test_shared_code_never_switches_on_a_game_name(module: str) -> None:
    assert game_branches(MODULES[module].read_text()) == []


def test_the_branch_finder_finds_branches() -> None:
    """The check above can fail: each kind of branch it looks for is found."""
    source = (
        'if rules.family == "acme": pass\n'
        'if variant in ("fly", "acme"): pass\n'
        'BUDGET = {"fly": 1}\n'
        'x = BUDGET["quadrennial"]\n'
        'if name.startswith("acquaintance"): pass\n'
        "if a.family != b: pass\n"
    )
    lines = {finding.split(":")[0] for finding in game_branches(source)}
    assert lines == {f"line {n}" for n in range(1, 7)}
    assert game_branches('Position("fly", "KS")') == []  # data naming a game is no branch


def test_no_module_is_over_400_lines() -> None:
    """Small modules whose names explain themselves (the widget and the exercises apart)."""
    long = {
        module: len(path.read_text().splitlines())
        for module, path in MODULES.items()
        if not module.startswith(("solitaire_widgets.widget", "solitaire_widgets.exercises"))
        and len(path.read_text().splitlines()) > 400
    }
    assert long == {}
