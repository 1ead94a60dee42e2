"""Refresh ``constraints.txt``: the exact version of every package the test and lab extras install.

    python3 scripts/lock.py            # resolve again from PyPI and rewrite constraints.txt
    python3 scripts/lock.py --check    # only say whether constraints.txt is up to date

``scripts/_venv.sh`` installs with ``-c constraints.txt``, so ``./scripts/test`` and
``./scripts/lab`` give the same packages on every machine, whenever they run; a new release
upstream changes nothing until someone runs this script, runs ``./scripts/test``, and commits
the new file. ``./scripts/test_latest`` checks, by hand, that the newest releases still pass.

The resolution is pip's own (``pip install --dry-run --report``, nothing is installed) for the
``test`` extra (which includes ``lab`` and ``site``) and pip itself, for the Python running
this script: run it with the Python the CI uses (3.11; the file says which it was made for),
since a package may need another version on another Python. The versions that the JupyterLite
site also ships (``site/constraints.txt``: anywidget, ipywidgets, traitlets, comm, ...) are
taken from there, so the table is tested with the packages a class gets in the browser, except
the few in ``NOT_SHARED`` (each with its reason; ``tests/test_site_build.py`` checks the rest
agree).
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "constraints.txt"
SITE = ROOT / "site" / "constraints.txt"
EXTRA = "test"
PYTHON = "3.11"  # the Python of the CI: the lock is resolved for it

NOT_SHARED = {
    "ipython": "the site's ipython (9.12.0) needs Python 3.12 or later; the kernel here runs 3.11",
    "micropip": "Pyodide's own installer: not installed outside the browser",
}
"""Packages of ``site/constraints.txt`` whose pin the lock does not follow, and why."""

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)")


def canonical(name: str) -> str:
    """A package name as pip compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(text: str) -> dict[str, str]:
    """The ``name==version`` lines of a constraints file's text, by canonical name."""
    found: dict[str, str] = {}
    for line in text.splitlines():
        match = PIN.match(line.strip())
        if match:
            found[canonical(match.group(1))] = match.group(2)
    return found


def resolve() -> dict[str, str]:
    """What pip would install for the extra (and pip itself) from scratch, with the site's
    shared pins as constraints."""
    shared = {n: v for n, v in pins(SITE.read_text()).items() if n not in NOT_SHARED}
    with tempfile.TemporaryDirectory() as tmp:
        constraints = Path(tmp) / "site-shared.txt"
        constraints.write_text("".join(f"{n}=={v}\n" for n, v in sorted(shared.items())))
        report = Path(tmp) / "report.json"
        command = [
            sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed",
            "--quiet", "--report", str(report), "-c", str(constraints),
            f"{ROOT}[{EXTRA}]", "pip",
        ]  # fmt: skip
        subprocess.run(command, check=True)
        data = json.loads(report.read_text())
    versions = {
        canonical(item["metadata"]["name"]): item["metadata"]["version"] for item in data["install"]
    }
    versions.pop("solitaire-widgets", None)  # the project itself is installed from the checkout
    return versions


def render(versions: dict[str, str]) -> str:
    header = [
        "# The exact version of every package that scripts/_venv.sh installs for the test and lab",
        "# extras (./scripts/test, ./scripts/lab), so every machine tests the same stack.",
        f"# Resolved by scripts/lock.py for Python {PYTHON} ({platform.system()}"
        f" {platform.machine()}); refresh with:",
        "#     python3 scripts/lock.py && ./scripts/test",
        "# ./scripts/test_latest runs the suite on the newest releases instead (a check by hand).",
        "# Shared with site/constraints.txt (same versions), except:",
        *(f"#   {name}: {why}" for name, why in sorted(NOT_SHARED.items())),
    ]
    body = [f"{name}=={version}" for name, version in sorted(versions.items())]
    return "\n".join([*header, *body]) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    running = ".".join(platform.python_version_tuple()[:2])
    if running != PYTHON:
        print(f"lock.py: run it with Python {PYTHON} (the CI's), not {running}", file=sys.stderr)
        return 2
    versions = resolve()
    if args.check:
        same = LOCK.exists() and pins(LOCK.read_text()) == versions
        print("constraints.txt is up to date" if same else "constraints.txt is out of date")
        return 0 if same else 1
    LOCK.write_text(render(versions))
    print(f"wrote {LOCK.relative_to(ROOT)}: {len(versions)} packages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
