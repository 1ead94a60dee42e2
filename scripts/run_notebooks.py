"""Execute the tutorial notebooks in place and store them clean, the way the tests expect.

    python scripts/run_notebooks.py                      # every notebooks/*.ipynb
    python scripts/run_notebooks.py notebooks/03_acme.ipynb

Each notebook is run from top to bottom in a fresh kernel of the Python running this script
(working directory: ``notebooks/``), then cleaned: the widget state that Jupyter saves is
dropped (the tables are rebuilt when the cells run), the notebook metadata keeps only the kernel
and language (with the version of the Python that ran it, as JupyterLab would write it), cell
metadata keeps only tags, cell ids are kept as they are, consecutive prints
to one stream become one output (the kernel splits them at random), and widget model ids,
random on every run, are replaced by ids derived from the notebook's name. So running a
notebook again changes nothing unless what it prints changed. The stored
outputs are what ``pytest --nbval`` compares a fresh run against, so run this after editing a
notebook, and look at the diff. It prints how long each notebook took.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
}
CELL_METADATA_KEPT = ("tags", "nbgrader")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def clean(nb: Any, stem: str) -> Any:
    """Strip what changes from run to run (in place; returns ``nb``). The language's version is
    kept: it is the one the kernel that ran the notebook reported, and JupyterLab, which writes
    the kernel's language_info into a notebook it opens, then finds nothing to change (without
    it, every tutorial would open already "modified")."""
    version = nb.metadata.get("language_info", {}).get("version")
    language = dict(LANGUAGE_INFO) | ({"version": version} if version else {})
    nb.metadata = nbformat.from_dict({"kernelspec": dict(KERNELSPEC), "language_info": language})
    nb.nbformat, nb.nbformat_minor = 4, 5
    used: set[str] = set()
    models: dict[str, str] = {}
    for index, cell in enumerate(nb.cells):
        cell.metadata = nbformat.from_dict(
            {k: v for k, v in cell.metadata.items() if k in CELL_METADATA_KEPT}
        )
        if not cell.get("id") or cell.id in used:
            cell.id = f"{stem[:2]}-{index:03d}"
        used.add(cell.id)
        if cell.cell_type != "code":
            continue
        cell.outputs = merge_streams(cell.outputs)
        for output in cell.outputs:
            output.pop("transient", None)
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view and "model_id" in view:
                if view["model_id"] not in models:
                    seed = f"{stem}:{len(models)}".encode()
                    models[view["model_id"]] = hashlib.md5(seed).hexdigest()
                view["model_id"] = models[view["model_id"]]
    return nb


def merge_streams(outputs: list[Any]) -> list[Any]:
    """Consecutive stream outputs of one name (stdout, stderr) as one output."""
    merged: list[Any] = []
    for output in outputs:
        last = merged[-1] if merged else None
        if (
            output.output_type == "stream"
            and last is not None
            and last.output_type == "stream"
            and last.name == output.name
        ):
            last.text += output.text
        else:
            merged.append(output)
    return merged


def execute(path: Path, timeout: int = 300) -> float:
    """Run one notebook in place and clean it; return the seconds it took."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    # the kernel is the Python running this script, whatever "python" is on PATH
    os.environ["PATH"] = str(Path(sys.executable).parent) + os.pathsep + os.environ["PATH"]
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        store_widget_state=False,
    )
    started = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - started
    clean(nb, path.stem)
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted(NOTEBOOKS.glob("*.ipynb"))
    for path in paths:
        seconds = execute(path)
        print(f"{path.name}: {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
