"""Build the tutorials as a JupyterLite site: Python in the browser, no server, nothing installed.

    ./scripts/site                     # build build/site/ (same as: python scripts/build_site.py)
    ./scripts/site --serve             # build, then serve it on http://127.0.0.1:8000/
    ./scripts/site --serve --no-build  # serve what was built
    ./scripts/site --pyodide-packages https://cdn.jsdelivr.net/pyodide/v314.0.6/full/

The site is JupyterLab and Notebook 7 (jupyterlite-core) with the Pyodide kernel
(jupyterlite-pyodide-kernel); the Pyodide core (the CPython 3.14 interpreter as WebAssembly)
from the npm registry; this package's own wheel and the pure-Python wheels it and the kernel
need (anywidget, ipywidgets, traitlets, comm, ipython, jedi, ...) from PyPI; the student copy
of every tutorial (made by nbgrader, as ``scripts/student_copies.py`` makes them: no solutions,
hidden tests, maintainers' cells or outputs, since the site is what a class is given), and
``play.ipynb``, which a deal link opens on a deal
(``notebooks/index.html?path=play.ipynb&deal=ACME-7L``: ``docs/site.md``). Every version is
pinned in ``site/constraints.txt``.

The wheels are listed in the site's own Pyodide lock file (``static/pyodide/pyodide-lock.json``)
and loaded when the kernel starts, so ``import solitaire_widgets`` works in the first cell with
no ``%pip install``; the kernel never falls back to PyPI. So the site makes no request beyond
the host it is served from, and it runs from a USB stick or any static web host.

What the offline core lacks is Pyodide's compiled packages (numpy, matplotlib, scipy): they
exist only in Pyodide's full distribution. ``--pyodide-packages BASE`` lists every package of
that distribution in the lock with ``BASE`` in front of its file name (the public CDN above, or
a folder on the same host where the full distribution's files are), so ``import matplotlib``
loads it from there; without it the notebooks that plot say that matplotlib is missing.

Downloads are cached in ``build/site-cache/`` (by version), so a rebuild is quick.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterable, Iterator
from email.parser import Parser
from pathlib import Path
from typing import Any

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / "site" / "constraints.txt"
NOTEBOOKS = ROOT / "notebooks"
# The notebook a deal link opens (…/notebooks/index.html?path=play.ipynb&deal=ACME-7L).
PLAY = NOTEBOOKS / "class" / "play.ipynb"
DEFAULT_OUTPUT = ROOT / "build" / "site"
CACHE = ROOT / "build" / "site-cache"

PACKAGE = "solitaire-widgets"
# What the kernel's worker would otherwise install itself with micropip/piplite at start-up:
# listed as preloaded packages, they come from the lock instead (see the kernel's worker.js).
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
PRELOADED = (*KERNEL_PACKAGES, PACKAGE)
# Wheels that ship with the kernel (piplite, the kernel, stand-ins for ipykernel and
# widgetsnbextension); they win over PyPI's wheels of the same name.
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")
# The labextensions the page needs, taken from these pinned wheels (not from the environment).
LABEXTENSION_WHEELS = ("anywidget", "jupyterlab-widgets")
KERNEL_LABEXTENSION = "@jupyterlite/pyodide-kernel-extension"
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
# The language the Pyodide kernel reports (its kernelInfoRequest, fixed in the kernel's
# labextension, "3.8" whatever Pyodide runs). JupyterLab and Notebook 7 write the kernel's
# language_info into a notebook when its kernel starts: a copy that carried anything else (the
# tutorials carry CPython's, for JupyterLab on a server) would open already "modified".
# check_language_info() finds this very object in the pinned kernel's code.
PYODIDE_LANGUAGE_INFO = {
    "codemirror_mode": {"name": "python", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.8",
}
# pip download: pure-Python wheels for the browser's Python (markers are evaluated below).
PIP_TARGET = [
    "--only-binary=:all:",
    "--python-version", "3.14",
    "--platform", "pyodide_2026_0_wasm32",
    "--implementation", "py",
    "--abi", "none",
]  # fmt: skip


class BuildError(RuntimeError):
    """The site cannot be built as pinned; the message says why and what to do."""


# -- pins ---------------------------------------------------------------------------------


def read_pins(path: Path = CONSTRAINTS) -> tuple[dict[str, str], str]:
    """``{canonical name: version}`` from the constraints file, and the npm Pyodide version."""
    pins: dict[str, str] = {}
    npm = ""
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if line.startswith("#npm:"):
            name, _, version = line.removeprefix("#npm:").strip().partition("@")
            if name != "pyodide" or not version:
                raise BuildError(f"{path.name}: expected '#npm: pyodide@VERSION', got {raw!r}")
            npm = version
        elif line and not line.startswith("#"):
            name, sep, version = line.partition("==")
            if not sep:
                raise BuildError(f"{path.name}: every line pins one version (==), not {raw!r}")
            pins[canonicalize_name(name.split("[")[0])] = version.strip()
    if not npm:
        raise BuildError(f"{path.name}: no '#npm: pyodide@VERSION' line")
    return pins, npm


def check_tools(pins: dict[str, str], npm_pyodide: str) -> None:
    """The installed build tools are the pinned ones, and they expect this Pyodide."""
    for tool in ("jupyterlite-core", "jupyterlite-pyodide-kernel"):
        installed = importlib.metadata.version(tool)
        if installed != pins[tool]:
            raise BuildError(
                f"{tool} {installed} is installed but {CONSTRAINTS.name} pins {pins[tool]}: "
                "run ./scripts/site (it installs the pinned tools into .venv)"
            )
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    if npm_pyodide != PYODIDE_VERSION:
        raise BuildError(
            f"jupyterlite-pyodide-kernel expects Pyodide {PYODIDE_VERSION}, "
            f"{CONSTRAINTS.name} pins pyodide@{npm_pyodide}"
        )


# -- fetching -----------------------------------------------------------------------------


def run(command: list[str], **kwargs: Any) -> None:
    """Run a command; fail with its output."""
    done = subprocess.run(command, capture_output=True, text=True, check=False, **kwargs)
    if done.returncode:
        raise BuildError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")


def pyodide_core(version: str, cache: Path) -> Path:
    """The npm package ``pyodide@version``, unpacked (cached)."""
    unpacked = cache / f"pyodide-{version}"
    if (unpacked / "package" / "pyodide-lock.json").is_file():
        return unpacked / "package"
    if shutil.which("npm") is None:
        raise BuildError("npm is needed to fetch the Pyodide core (Debian: apt-get install npm)")
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        run(["npm", "pack", "--silent", f"pyodide@{version}", "--pack-destination", tmp])
        (tarball,) = Path(tmp).glob("pyodide-*.tgz")
        with tarfile.open(tarball) as archive:
            archive.extractall(Path(tmp) / "x", filter="data")
        shutil.rmtree(unpacked, ignore_errors=True)
        shutil.move(Path(tmp) / "x", unpacked)
    return unpacked / "package"


def own_wheel(cache: Path) -> Path:
    """This package built as a wheel from the working tree."""
    out = cache / "own"
    shutil.rmtree(out, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(ROOT), "-w", str(out)])
    (wheel,) = out.glob("*.whl")
    return wheel


def pypi_wheels(requirements: Iterable[str], pins: dict[str, str], cache: Path) -> list[Path]:
    """The pinned pure-Python wheels for ``requirements`` and what they need (cached)."""
    key = hashlib.sha256(
        (CONSTRAINTS.read_text() + "\n".join(sorted(requirements))).encode()
    ).hexdigest()[:12]
    out = cache / f"wheels-{key}"
    if not (out / ".complete").exists():
        shutil.rmtree(out, ignore_errors=True)
        command = [sys.executable, "-m", "pip", "download", "--quiet", *PIP_TARGET]
        command += ["-c", str(CONSTRAINTS), "-d", str(out), *sorted(requirements)]
        run(command)
        (out / ".complete").touch()
    wheels = sorted(out.glob("*.whl"))
    for wheel in wheels:
        name, version, _, _ = parse_wheel_filename(wheel.name)
        if pins.get(name) != str(version):
            raise BuildError(
                f"{wheel.name} is not pinned in {CONSTRAINTS.name}: add '{name}=={version}' "
                "(or pin the package that brought it in)"
            )
    return wheels


def kernel_labextension() -> Path:
    """The Pyodide kernel's labextension as installed with the pinned jupyterlite-pyodide-kernel."""
    from jupyter_core.paths import ENV_JUPYTER_PATH

    for base in ENV_JUPYTER_PATH:
        candidate = Path(base, "labextensions", KERNEL_LABEXTENSION)
        if (candidate / "package.json").is_file():
            return candidate
    raise BuildError(f"{KERNEL_LABEXTENSION} not found in {ENV_JUPYTER_PATH}")


def js_object(value: Any) -> str:
    """A JSON value as a minified JavaScript literal writes it (``{name:"python",version:3}``)."""
    if isinstance(value, dict):
        return "{" + ",".join(f"{key}:{js_object(item)}" for key, item in value.items()) + "}"
    return json.dumps(value)


def check_language_info() -> None:
    """The pinned kernel reports ``PYODIDE_LANGUAGE_INFO``, which the site's notebooks carry
    (else each would open "modified"): its code holds that very object literal."""
    wanted = f"language_info:{js_object(PYODIDE_LANGUAGE_INFO)}"
    for script in sorted((kernel_labextension() / "static").glob("*.js")):
        if wanted in script.read_text(encoding="utf-8", errors="replace"):
            return
    raise BuildError(
        "the Pyodide kernel does not report the language_info the site's notebooks carry "
        f"(PYODIDE_LANGUAGE_INFO; every notebook would open modified): find {KERNEL_LABEXTENSION}"
        "'s kernelInfoRequest and copy its language_info into build_site.py"
    )


def kernel_wheels() -> list[Path]:
    """The wheels shipped in the kernel's labextension, the newest of each name."""
    newest: dict[str, tuple[Any, Path]] = {}
    for wheel in (kernel_labextension() / "static" / "pypi").glob("*.whl"):
        name, version, _, _ = parse_wheel_filename(wheel.name)
        if name in KERNEL_WHEELS and (name not in newest or version > newest[name][0]):
            newest[name] = (version, wheel)
    missing = set(KERNEL_WHEELS) - set(newest)
    if missing:
        raise BuildError(f"the kernel's labextension lacks the wheels {sorted(missing)}")
    return [wheel for _, wheel in newest.values()]


# -- the lock file --------------------------------------------------------------------------

# The browser's Python, for evaluating the markers of dependencies.
PYODIDE_ENVIRONMENT = {
    "implementation_name": "cpython",
    "platform_machine": "wasm32",
    "platform_system": "Emscripten",
    "sys_platform": "emscripten",
    "os_name": "posix",
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "platform_python_implementation": "CPython",
    "extra": "",
}


def wheel_metadata(wheel: Path) -> tuple[list[str], list[Requirement]]:
    """A wheel's top-level import names and its requirements in the browser."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        metadata = Parser().parsestr(archive.read(meta).decode())
    imports = set()
    for name in names:
        top = name.split("/")[0]
        if top.endswith((".dist-info", ".data")):
            continue
        if "/" in name:
            imports.add(top)
        elif top.endswith(".py"):
            imports.add(top.removesuffix(".py"))
    requirements = []
    for text in metadata.get_all("Requires-Dist") or []:
        requirement = Requirement(text)
        marker: Marker | None = requirement.marker
        if marker is None or marker.evaluate(dict(PYODIDE_ENVIRONMENT)):
            requirements.append(requirement)
    return sorted(imports), requirements


def lock_entry(wheel: Path, depends: list[str], imports: list[str]) -> dict[str, Any]:
    """One package of a Pyodide lock file for a wheel next to it."""
    name, version, _, _ = parse_wheel_filename(wheel.name)
    return {
        "name": name,
        "version": str(version),
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def make_lock(
    wheels: Iterable[Path], core_lock: dict[str, Any], packages_base: str | None = None
) -> tuple[dict[str, Any], list[Path]]:
    """The site's Pyodide lock and the wheels it uses: every package the preloaded ones need,
    with its dependencies, from ``wheels`` (the first wheel of a name wins).

    With ``packages_base``, every other package of Pyodide's full distribution is listed too,
    its file under ``packages_base`` (a URL or a path relative to the lock).
    """
    by_name: dict[str, Path] = {}
    for wheel in wheels:
        by_name.setdefault(parse_wheel_filename(wheel.name)[0], wheel)
    entries: dict[str, dict[str, Any]] = {}
    todo = list(PRELOADED)
    while todo:
        name = todo.pop()
        if name in entries:
            continue
        if name not in by_name:
            raise BuildError(f"no wheel for {name!r}, which the site needs")
        imports, requirements = wheel_metadata(by_name[name])
        for requirement in requirements:
            wanted = canonicalize_name(requirement.name)
            have = parse_wheel_filename(by_name[wanted].name)[1] if wanted in by_name else None
            if have is None or not requirement.specifier.contains(have, prereleases=True):
                raise BuildError(f"{name} needs {requirement}, the site has {wanted} {have}")
        depends = sorted({canonicalize_name(r.name) for r in requirements})
        entries[name] = lock_entry(by_name[name], depends, imports)
        todo.extend(depends)
    if packages_base is not None:
        base = packages_base if packages_base.endswith("/") else packages_base + "/"
        for name, entry in core_lock["packages"].items():
            if canonicalize_name(name) not in entries:
                entries[name] = {**entry, "file_name": base + entry["file_name"]}
    lock = {"info": core_lock["info"], "packages": dict(sorted(entries.items()))}
    used = [by_name[name] for name in entries if name in by_name]
    return lock, used


# -- the site -------------------------------------------------------------------------------


def site_notebooks() -> list[Path]:
    """The notebooks the site holds, all in its top folder: the tutorials, and the notebook
    that deal links open (``play.ipynb``: ``widget.DealFromLink``)."""
    return [*sorted(NOTEBOOKS.glob("*.ipynb")), PLAY]


def student_copies(paths: list[Path], out_dir: Path) -> list[Path]:
    """The student copy of each tutorial, written into ``out_dir`` by
    ``scripts/student_copies.py`` (nbgrader's ``generate_assignment``); the copies' paths."""
    spec = importlib.util.spec_from_file_location(
        "student_copies", ROOT / "scripts" / "student_copies.py"
    )
    if spec is None or spec.loader is None:
        raise BuildError("scripts/student_copies.py cannot be loaded")
    copies = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(copies)
    try:
        names = copies.write_copies(out_dir, paths)
    except copies.CopyError as error:
        raise BuildError(f"the student copies cannot be made: {error}") from None
    return [out_dir / name for name in names]


def site_files(out_dir: Path) -> list[Path]:
    """The notebooks as the site holds them: the student copy of each tutorial (written into
    ``out_dir``) and the play notebook, which has nothing to hide."""
    tutorials = [path for path in site_notebooks() if path != PLAY]
    shutil.rmtree(out_dir, ignore_errors=True)
    return [*student_copies(tutorials, out_dir), PLAY]


def site_notebook(path: Path) -> dict[str, Any]:
    """A notebook as the site shows it: its cells, the Pyodide kernel's spec and language,
    which the front end finds unchanged when the kernel starts (so the notebook does not open
    "modified")."""
    notebook: dict[str, Any] = json.loads(path.read_text())
    metadata = notebook.setdefault("metadata", {})
    metadata["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    metadata["language_info"] = json.loads(json.dumps(PYODIDE_LANGUAGE_INFO))
    return notebook


def lite_config() -> dict[str, Any]:
    """``jupyter-lite.json``: the kernel preloads the lock's packages and never asks PyPI."""
    kernel = {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": list(PRELOADED)}}
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "solitaire_widgets tutorials",
            "exposeAppInBrowser": True,  # window.jupyterapp, for the site's browser test
            "litePluginSettings": {PLUGIN: kernel},
        },
    }


def build(output: Path, packages_base: str | None = None, cache: Path = CACHE) -> Path:
    """Build the site into ``output`` (replaced); return it."""
    started = time.perf_counter()
    pins, npm_pyodide = read_pins()
    check_tools(pins, npm_pyodide)
    check_language_info()
    cache.mkdir(parents=True, exist_ok=True)
    core = pyodide_core(npm_pyodide, cache)
    own = own_wheel(cache)
    _, own_requirements = wheel_metadata(own)
    requirements = {str(r) for r in own_requirements} | {"comm", "ipython", "jedi", "micropip"}
    downloaded = pypi_wheels(requirements, pins, cache)
    core_lock = json.loads((core / "pyodide-lock.json").read_text())
    lock, used = make_lock([own, *kernel_wheels(), *downloaded], core_lock, packages_base)

    lite = cache / "lite"
    shutil.rmtree(lite, ignore_errors=True)
    static = lite / "static" / "pyodide"
    static.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy2(core / name, static / name)
    for wheel in used:
        shutil.copy2(wheel, static / wheel.name)
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n")
    files = lite / "files"
    files.mkdir()
    for path in site_files(cache / "student-copies"):
        (files / path.name).write_text(json.dumps(site_notebook(path), indent=1) + "\n")
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1) + "\n")
    by_name = {parse_wheel_filename(w.name)[0]: w for w in downloaded}
    extensions = [str(by_name[name]) for name in LABEXTENSION_WHEELS]
    build_config = {
        "LiteBuildConfig": {
            "federated_extensions": [*extensions, str(kernel_labextension())],
            "ignore_sys_prefix": ["federated_extensions"],  # only the pinned labextensions
            "no_sourcemaps": True,
            "contents": ["files"],
        }
    }
    (lite / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=1) + "\n")

    shutil.rmtree(output, ignore_errors=True)
    jupyter_lite = [sys.executable, "-m", "jupyterlite_core", "build"]
    run([*jupyter_lite, "--lite-dir", str(lite), "--output-dir", str(output)], cwd=lite)
    check_site(output)
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    seconds = time.perf_counter() - started
    print(f"built {output} ({size / 2**20:.0f} MB) in {seconds:.0f} s", flush=True)
    return output


def check_site(output: Path) -> None:
    """What the build must have produced (a wrong config builds silently otherwise)."""
    needed = [
        "lab/index.html",
        "notebooks/index.html",
        "static/pyodide/pyodide.mjs",
        "static/pyodide/pyodide-lock.json",
        "extensions/anywidget/package.json",
        "extensions/@jupyter-widgets/jupyterlab-manager/package.json",
        f"extensions/{KERNEL_LABEXTENSION}/package.json",
        *(f"files/{p.name}" for p in site_notebooks()),
    ]
    missing = [name for name in needed if not (output / name).is_file()]
    if missing:
        raise BuildError(f"the built site lacks {missing}")
    config = json.loads((output / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][PLUGIN]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise BuildError(f"the kernel does not load the site's own Pyodide: {kernel}")


# -- serving --------------------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types browsers insist on (module workers, WebAssembly)."""

    extensions_map = {  # noqa: RUF012 (the base class's attribute, replaced)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".ipynb": "application/json",
        ".whl": "application/zip",
    }

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: one line per failed request only. The kernel's file-system calls
        (``/api/drive``) are answered by JupyterLite's service worker; where the browser
        runs none, they fail here, as on any static host, and the kernel does without."""
        failed = len(args) > 1 and str(args[1]).startswith(("4", "5"))
        if failed and "/api/drive" not in str(args[0]):
            super().log_message(format, *args)


@contextlib.contextmanager
def serving(site: Path, port: int = 0) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 in a thread (``port`` 0: a free one); yield its URL."""
    import threading

    handler = functools.partial(SiteHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def serve_forever(site: Path, port: int) -> None:
    """Serve the site until Ctrl-C."""
    if not (site / "index.html").is_file():
        raise BuildError(f"no site in {site}: build it first (./scripts/site)")
    with contextlib.ExitStack() as stack:
        try:
            url = stack.enter_context(serving(site, port))
        except OSError as error:
            message = f"cannot serve on 127.0.0.1:{port}: {error.strerror}; try --port N"
            raise BuildError(message) from None
        print(f"serving {site} at {url}/lab/index.html (Ctrl-C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(3600)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="the site's folder")
    parser.add_argument("--serve", action="store_true", help="serve it on 127.0.0.1 afterwards")
    parser.add_argument("--port", type=int, default=8000, help="the port for --serve")
    parser.add_argument("--no-build", action="store_true", help="serve what was built")
    parser.add_argument(
        "--pyodide-packages",
        metavar="BASE",
        help="where Pyodide's full distribution is served (numpy, matplotlib, scipy)",
    )
    args = parser.parse_args(argv)
    try:
        if not args.no_build:
            build(args.output.resolve(), args.pyodide_packages)
        if args.serve:
            serve_forever(args.output.resolve(), args.port)
    except BuildError as error:
        print(f"scripts/site: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
