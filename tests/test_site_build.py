"""The site build's own logic (``scripts/build_site.py``), without the network: the pins and
the Pyodide lock it writes. The whole build, in a browser, is ``tests/browser/test_site.py``."""

from __future__ import annotations

import importlib.util
import json
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
import tomllib
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts/build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_site", module)
    spec.loader.exec_module(module)
    return module


site = load()


def wheel(folder: Path, name: str, version: str, *requires: str, module: str = "") -> Path:
    """A minimal wheel: one module and its METADATA."""
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{module or name.replace('-', '_')}/__init__.py", "")
        lines = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
        lines += [f"Requires-Dist: {r}" for r in requires]
        archive.writestr(f"{dist}.dist-info/METADATA", "\n".join(lines) + "\n")
    return path


CORE_LOCK = {
    "info": {"python": "3.14.2"},
    "packages": {
        "numpy": {"name": "numpy", "file_name": "numpy-2.wasm32.whl", "depends": []},
        "top": {"name": "top", "file_name": "top-0-py3-none-any.whl", "depends": []},
    },
}


def test_the_lock_holds_what_the_roots_need_in_the_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(site, "PRELOADED", ("top",))
    wheels = [
        wheel(tmp_path, "top", "1.0", "mid>=2", 'pexpect; sys_platform != "emscripten"'),
        wheel(tmp_path, "mid", "2.1", 'extra-thing; extra == "test"', module="mid_mod"),
        wheel(tmp_path, "pexpect", "4.9"),  # downloaded (pip sees Linux) but not for Pyodide
        wheel(tmp_path, "unused", "1.0"),
    ]
    lock, used = site.make_lock(wheels, CORE_LOCK)
    assert sorted(lock["packages"]) == ["mid", "top"]
    assert sorted(p.name for p in used) == ["mid-2.1-py3-none-any.whl", "top-1.0-py3-none-any.whl"]
    top = lock["packages"]["top"]
    assert top["depends"] == ["mid"] and top["imports"] == ["top"]
    assert top["file_name"] == "top-1.0-py3-none-any.whl" and len(top["sha256"]) == 64
    assert lock["packages"]["mid"]["imports"] == ["mid_mod"]
    assert lock["info"] == CORE_LOCK["info"]


def test_the_full_distribution_is_listed_under_its_base(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(site, "PRELOADED", ("top",))
    lock, _ = site.make_lock([wheel(tmp_path, "top", "1.0")], CORE_LOCK, "https://x.example/full")
    assert lock["packages"]["numpy"]["file_name"] == "https://x.example/full/numpy-2.wasm32.whl"
    assert lock["packages"]["top"]["file_name"] == "top-1.0-py3-none-any.whl"  # ours wins


@pytest.mark.parametrize(
    ("requires", "words"),
    [
        (("mid>=3",), "top needs mid>=3, the site has mid 2.1"),
        (("gone",), "the site has gone None"),
    ],
)
def test_a_missing_or_wrong_dependency_fails_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, requires: tuple[str, ...], words: str
) -> None:
    monkeypatch.setattr(site, "PRELOADED", ("top",))
    wheels = [wheel(tmp_path, "top", "1.0", *requires), wheel(tmp_path, "mid", "2.1")]
    with pytest.raises(site.BuildError, match=words):
        site.make_lock(wheels, CORE_LOCK)


def test_the_pins_are_read_and_agree_with_the_build_tools() -> None:
    pins, npm = site.read_pins()
    for name in ("anywidget", "ipywidgets", "traitlets", "comm", "ipython", "jedi", "micropip"):
        assert name in pins
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    assert npm == PYODIDE_VERSION
    site.check_tools(pins, npm)  # the installed tools are the pinned ones
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pinned = {}
    for text in extras["optional-dependencies"]["site"]:
        requirement = Requirement(text)
        (spec,) = requirement.specifier
        if spec.operator == "==":
            pinned[canonicalize_name(requirement.name)] = spec.version
    assert set(pinned) == {"jupyterlite-core", "jupyterlite-pyodide-kernel"}
    site_extra = extras["optional-dependencies"]["site"]
    assert "nbgrader" in {Requirement(text).name for text in site_extra}  # the student copies
    assert pinned == {name: pins[name] for name in pinned}


def test_a_bad_constraints_line_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "constraints.txt"
    path.write_text("#npm: pyodide@1.0\nanywidget>=0.9\n")
    with pytest.raises(site.BuildError, match="pins one version"):
        site.read_pins(path)
    path.write_text("anywidget==0.9\n")
    with pytest.raises(site.BuildError, match="no '#npm: pyodide@VERSION' line"):
        site.read_pins(path)


def test_the_site_notebooks_use_the_pyodide_kernel() -> None:
    names = [path.name for path in site.site_notebooks()]
    assert "00_start_here.ipynb" in names and names[-1] == "play.ipynb"  # what deal links open
    assert len(set(names)) == len(names) and site.PLAY.is_file()
    notebook = site.site_notebook(ROOT / "notebooks" / "00_start_here.ipynb")
    assert notebook["metadata"] == {  # what the kernel reports: it opens unmodified
        "kernelspec": site.PYODIDE_KERNELSPEC,
        "language_info": site.PYODIDE_LANGUAGE_INFO,
    }
    config = site.lite_config()["jupyter-config-data"]["litePluginSettings"][site.PLUGIN]
    assert config["disablePyPIFallback"] is True
    assert config["loadPyodideOptions"]["packages"] == list(site.PRELOADED)


def test_the_site_holds_student_copies(tmp_path: Path) -> None:
    """The site is what a class is given (issue 23 point 2): its tutorials are nbgrader's
    student copies, with no solution, hidden test, maintainers' claims cell or output."""
    files = site.site_files(tmp_path / "copies")
    assert [path.name for path in files] == [path.name for path in site.site_notebooks()]
    for path in files[:-1]:
        teacher = (ROOT / "notebooks" / path.name).read_text()
        assert "BEGIN SOLUTION" in teacher or "BEGIN HIDDEN TESTS" in teacher, path.name
        notebook = site.site_notebook(path)
        text = json.dumps(notebook)
        for secret in ("BEGIN SOLUTION", "BEGIN HIDDEN TESTS", '"claims"'):
            assert secret not in text, (path.name, secret)
        code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
        assert code and all(not cell["outputs"] for cell in code), path.name
    assert files[-1] == site.PLAY


def load_lock_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("lock", ROOT / "scripts/lock.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_test_environment_and_the_site_pin_the_same_versions() -> None:
    """constraints.txt (what ./scripts/test and ./scripts/lab install) and the site's pins
    agree on every package both hold, but the ones scripts/lock.py says differ, and why; and
    the lock pins pip and the stack the browser tests run (a fresh machine gets the same)."""
    lock = load_lock_script()
    tested = lock.pins((ROOT / "constraints.txt").read_text())
    shipped = lock.pins((ROOT / "site/constraints.txt").read_text())
    both = set(tested) & set(shipped)
    assert {"anywidget", "ipywidgets", "traitlets", "jupyterlite-core"} <= both
    differ = {name for name in both if tested[name] != shipped[name]}
    assert differ <= set(lock.NOT_SHARED), {n: (tested[n], shipped[n]) for n in differ}
    assert {"pip", "ipykernel", "jupyterlab", "notebook", "jupyter-server", "playwright"} <= set(
        tested
    )
    header = (ROOT / "constraints.txt").read_text().split("\n", 9)
    assert any(f"Python {lock.PYTHON}" in line for line in header)


def test_the_pinned_kernel_reports_the_language_the_site_notebooks_carry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in the kernel's own code; a kernel that reports another language fails the build
    (the browser test sees the same: tests/browser/test_site.py, no notebook opens modified)."""
    site.check_language_info()
    assert site.js_object({"a": {"b": 3}, "c": "x"}) == '{a:{b:3},c:"x"}'
    other = tmp_path / "kernel"
    (other / "static").mkdir(parents=True)
    (other / "static" / "1.js").write_text(
        "kernelInfoRequest(){return{language_info:"
        + site.js_object({**site.PYODIDE_LANGUAGE_INFO, "version": "3.14"})
        + "}}"
    )
    monkeypatch.setattr(site, "kernel_labextension", lambda: other)
    with pytest.raises(site.BuildError, match="would open modified"):
        site.check_language_info()
