"""The table's browser code: its modules' unit tests (node), the one module anywidget loads,
and the shape every module keeps (no function over 150 lines, no HTML strings, no network)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from solitaire_widgets.widget import GameWidget
from solitaire_widgets.widget.bundle import JS_DIR, BundleError, joined

REPO = Path(__file__).parents[1]
MAX_FUNCTION_LINES = 150


def node() -> str:
    path = shutil.which("node")
    if path is None:
        pytest.fail("node is needed for the table's JS tests (./scripts/test installs it)")
    return path


def test_the_js_unit_tests_pass() -> None:
    """``node --test tests/js``: the pure modules and the link against a fake model."""
    run = subprocess.run(
        [node(), "--test", "--test-reporter=spec", str(REPO / "tests" / "js")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, f"node --test failed:\n{run.stdout[-6000:]}\n{run.stderr[-3000:]}"
    assert re.search(r"\bpass [1-9]", run.stdout), run.stdout[-2000:]


def test_the_widget_loads_the_joined_modules(tmp_path: Path) -> None:
    """``_esm`` is every module joined into one: node imports it as anywidget does (one module,
    no relative import left to resolve), and it exports ``render``."""
    text = joined()
    assert GameWidget._esm == text
    assert not re.search(r"^\s*import\s", text, re.M)
    module = tmp_path / "joined.mjs"
    module.write_text(text, encoding="utf-8")
    script = (
        f"const m = await import({json.dumps(module.as_uri())});"
        "console.log(JSON.stringify([Object.keys(m), typeof m.default.render]));"
    )
    out = subprocess.run(
        [node(), "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(out.stdout) == [["default"], "function"]


def test_the_joiner_refuses_what_it_cannot_join(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text('import { b } from "./b.js";\nexport function a() {}\n')
    (tmp_path / "b.js").write_text('import { a } from "./a.js";\nexport const b = 1;\n')
    with pytest.raises(BundleError, match=r"import each other: a.js -> b.js -> a.js"):
        joined(tmp_path, "a.js")
    (tmp_path / "c.js").write_text(
        'import x from "https://example.org/x.js";\nexport const c = 1;\n'
    )
    with pytest.raises(BundleError, match=r"c\.js: only `import"):
        joined(tmp_path, "c.js")
    (tmp_path / "d.js").write_text('import { e } from "./e.js";\nexport default { e };\n')
    (tmp_path / "e.js").write_text("const e = 1;\nexport { e };\n")
    with pytest.raises(BundleError, match=r"e\.js: only export function"):
        joined(tmp_path, "d.js")


def test_modules_join_without_colliding(tmp_path: Path) -> None:
    """Two modules with a private helper of the same name, and an import renamed."""
    (tmp_path / "one.js").write_text(
        "const helper = () => 1;\nexport function one() { return helper(); }\n"
    )
    (tmp_path / "two.js").write_text(
        "const helper = () => 2;\nexport function two() { return helper(); }\n"
    )
    (tmp_path / "main.js").write_text(
        'import { one } from "./one.js";\nimport { two as deux } from "./two.js";\n'
        "export default { total: () => one() + deux() };\n"
    )
    module = tmp_path / "joined.mjs"
    module.write_text(joined(tmp_path, "main.js"), encoding="utf-8")
    script = (
        f"const m = await import({json.dumps(module.as_uri())}); console.log(m.default.total());"
    )
    out = subprocess.run(
        [node(), "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert out.stdout.strip() == "3"


def function_lengths(text: str) -> dict[str, int]:
    """The length in lines of every function (declared, or an arrow with a block body),
    from its first line to its closing brace (braces in strings and comments are rare here
    and balanced)."""
    lines = text.splitlines()
    start = re.compile(
        r"(?:function\s+(\w+)\s*\(|(\w+)\s*(?:=|:)\s*(?:async\s*)?\([^)]*\)\s*=>\s*\{)"
    )
    lengths: dict[str, int] = {}
    for number, line in enumerate(lines):
        match = start.search(line)
        if not match:
            continue
        name = match.group(1) or match.group(2)
        depth = 0
        for end in range(number, len(lines)):
            code = re.sub(r"//.*$", "", lines[end])
            depth += code.count("{") - code.count("}")
            if (depth <= 0 and end > number) or (end == number and depth == 0 and "{" in code):
                break
        lengths[f"{name} (line {number + 1})"] = end - number + 1
    return lengths


def test_no_js_function_over_150_lines_and_no_html_or_network() -> None:
    modules = sorted(JS_DIR.glob("*.js"))
    assert len(modules) >= 8
    too_long = {}
    for module in modules:
        text = module.read_text(encoding="utf-8")
        for name, length in function_lengths(text).items():
            if length > MAX_FUNCTION_LINES:
                too_long[f"{module.name}: {name}"] = length
        assert "innerHTML" not in text and "outerHTML" not in text, module.name
        assert "insertAdjacentHTML" not in text, module.name
        assert "http://" not in text and "https://" not in text, module.name
    assert not too_long, too_long
    assert "render" in function_lengths((JS_DIR / "widget.js").read_text()).__repr__()


def test_the_modules_ship_in_the_package() -> None:
    """pyproject's package data takes widget/js/*.js and the CSS."""
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"widget/js/*.js"' in text and '"widget/*.css"' in text
    css = (JS_DIR.parent / "widget.css").read_text(encoding="utf-8")
    assert ".sw-root" in css and "--jp-" in css and "http" not in css
