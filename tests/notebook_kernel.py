"""One kernel (the Python running the tests) that runs notebook cells and collects what they
print, for the tests that run notebooks as a student would."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jupyter_client.manager import start_new_kernel

CELL_TIMEOUT = 300


def ignores_output(cell: Any) -> bool:
    """Whether nbval leaves this cell's output unchecked (it differs on every run): the
    ``nbval-ignore-output`` tag (kept out of the source, which nbgrader's feedback shows a
    student) or the ``NBVAL_IGNORE_OUTPUT`` comment."""
    tags = cell.get("metadata", {}).get("tags", [])
    return "nbval-ignore-output" in tags or "NBVAL_IGNORE_OUTPUT" in cell.get("source", "")


@dataclass
class CellRun:
    """What one cell did: its status, what it printed (stdout, stderr), the error, the plain
    text of its displays and results, and the records of the exercise checks among them."""

    status: str = "not run"
    stdout: str = ""
    stderr: str = ""
    error: str = ""
    texts: list[str] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)

    @property
    def shown(self) -> str:
        """Everything the cell showed as text: what it printed, then its displays."""
        return self.stdout + "".join(self.texts)


class Kernel:
    """A python3 kernel started in ``cwd``, the Python of the tests first on PATH."""

    def __init__(self, cwd: Path) -> None:
        env = dict(os.environ)
        env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
        env.pop("MPLBACKEND", None)
        env.pop("JUPYTERHUB_USER", None)
        self.km, self.kc = start_new_kernel(kernel_name="python3", cwd=str(cwd), env=env)

    def run(self, code: str) -> CellRun:
        result = CellRun()

        def hook(msg: dict[str, Any]) -> None:
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream" and content["name"] == "stdout":
                result.stdout += content["text"]
            elif kind == "stream":
                result.stderr += content["text"]
            elif kind == "error":
                result.error = f"{content['ename']}: {content['evalue']}"
            elif kind in ("execute_result", "display_data"):
                result.texts.append(content["data"].get("text/plain", ""))
                record = content.get("metadata", {}).get("solitaire_widgets")
                if record:
                    result.records.append(record)

        reply = self.kc.execute_interactive(code, timeout=CELL_TIMEOUT, output_hook=hook)
        result.status = reply["content"]["status"]
        return result

    def close(self) -> None:
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)
