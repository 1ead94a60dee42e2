"""Helpers behind the browser fixtures: Jupyter server process, offline pages, kernel access.

Everything here is plain Python (no fixtures), so tests can import the types and helpers:
``from .harness import Frontend, NotebookSession, save_screenshot, ...``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote, urlsplit

import nbformat
import pytest
from jupyter_client.blocking.client import BlockingKernelClient
from jupyter_core.paths import ENV_JUPYTER_PATH, SYSTEM_JUPYTER_PATH
from playwright.sync_api import Browser, BrowserContext, Page, Route, WebSocketRoute

Frontend = Literal["lab", "notebook"]
FRONTENDS: tuple[Frontend, ...] = ("lab", "notebook")

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS_DIR = REPO_ROOT / "test-artifacts"

SERVER_START_TIMEOUT = 90.0  # seconds; first start on a cold 2-core box is the slow case
SERVER_STOP_TIMEOUT = 15.0
PAGE_TIMEOUT_MS = 60_000  # default for every Playwright wait (a hang guard, as all of these)
KERNEL_IDLE_TIMEOUT_MS = 120_000
RUN_ALL_TIMEOUT_MS = 180_000
KERNEL_EXEC_TIMEOUT = 60.0

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
LOCAL_SCHEMES = frozenset({"data", "blob", "about"})

CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root in a container; the sandbox refuses to start
    "--disable-gpu",  # no GPU here; avoids GPU-process crashes and noisy fallbacks
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",  # no Google pings outside the page's own requests
    "--disable-component-update",
    "--disable-sync",
]

# Page config (read by both JupyterLab and Notebook 7 from <config dir>/labconfig/).
PAGE_CONFIG = {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}

# Server-side traitlets config written to <config dir>/jupyter_server_config.json.
SERVER_CONFIG: dict[str, Any] = {
    "ServerApp": {
        # token="" means unauthenticated, which makes tornado demand an XSRF cookie for
        # non-GET REST calls; the harness DELETEs sessions with plain urllib, so turn it off.
        "disable_check_xsrf": True,
    },
    # window.jupyterapp: lets tests run commands and read kernel state robustly.
    "LabApp": {"expose_app_in_browser": True, "news_url": None},
    "JupyterNotebookApp": {"expose_app_in_browser": True},
}

# User settings: no virtual scrolling, so every cell/output is in the DOM.
USER_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}

# --------------------------------------------------------------------------- artifacts


def slug(text: str) -> str:
    """A file-name-safe version of ``text`` (test ids contain brackets and slashes)."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:120] or "x"


def save_screenshot(page: Page, name: str) -> Path:
    """Save a full-page PNG as ``test-artifacts/<name>.png`` (gitignored) and return its path."""
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS_DIR / f"{slug(name)}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


# --------------------------------------------------------------------------- jupyter server


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _find_labextension(name: str, data_dirs: Sequence[str]) -> Path | None:
    for base in data_dirs:
        candidate = Path(base, "labextensions", name, "package.json")
        if candidate.is_file():
            return candidate
    return None


# Loopback REST calls must never go through an $http_proxy configured on the CI machine.
_NO_PROXY_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass
class JupyterServer:
    """A running ``jupyterlab`` subprocess; also serves Notebook 7 on the same port."""

    url: str
    root_dir: Path
    runtime_dir: Path
    log_path: Path
    process: subprocess.Popen[bytes]

    def api(self, method: str, path: str, body: Any = None, timeout: float = 10.0) -> Any:
        """Call the REST API (``path`` like ``/api/sessions``) and return the decoded JSON."""
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        with _NO_PROXY_OPENER.open(req, timeout=timeout) as resp:
            raw = resp.read()
        return json.loads(raw) if raw else None

    def log_tail(self, chars: int = 4000) -> str:
        """The end of the server's combined stdout/stderr, for failure messages."""
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return "<no server log>"

    def write_notebook(self, name: str, cells: Sequence[str | tuple[str, str]]) -> str:
        """Write ``name`` (``.ipynb`` added) into the server root; return its server path.

        A plain string is a code cell; ``("markdown", text)`` / ``("code", src)`` pick the kind.
        The notebook carries ``python3`` kernelspec metadata so no kernel picker appears.
        """
        path = name if name.endswith(".ipynb") else f"{name}.ipynb"
        nb = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
        nb.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3 (ipykernel)",
            "language": "python",
        }
        nb.metadata["language_info"] = {"name": "python"}
        for cell in cells:
            kind, src = ("code", cell) if isinstance(cell, str) else cell
            if kind == "markdown":
                nb.cells.append(nbformat.v4.new_markdown_cell(src))  # type: ignore[no-untyped-call]
            else:
                nb.cells.append(nbformat.v4.new_code_cell(src))  # type: ignore[no-untyped-call]
        target = self.root_dir / path
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, str(target))  # type: ignore[no-untyped-call]
        return path

    def page_url(self, path: str, frontend: Frontend) -> str:
        """URL opening ``path`` in JupyterLab (``lab``) or Notebook 7 (``notebook``)."""
        if frontend == "lab":
            # ?reset drops any saved workspace, so earlier tests' tabs are not restored.
            return f"{self.url}/lab/tree/{quote(path)}?reset"
        return f"{self.url}/notebooks/{quote(path)}"

    def sessions_for(self, path: str) -> list[dict[str, Any]]:
        """Server sessions (dicts from ``/api/sessions``) whose notebook path is ``path``."""
        sessions: list[dict[str, Any]] = self.api("GET", "/api/sessions")
        return [s for s in sessions if s.get("path") == path]

    def connection_file(self, kernel_id: str) -> Path:
        """The kernel's connection file in this server's private runtime dir."""
        return self.runtime_dir / f"kernel-{kernel_id}.json"

    def shutdown_sessions(self, path: str | None = None) -> None:
        """Delete sessions (and so their kernels) for ``path``, or all sessions."""
        sessions: list[dict[str, Any]] = self.api("GET", "/api/sessions")
        for s in sessions:
            if path is None or s.get("path") == path:
                with contextlib.suppress(urllib.error.URLError, OSError):
                    self.api("DELETE", f"/api/sessions/{s['id']}", timeout=20.0)


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1))


def _prepare_jupyter_dirs(base: Path) -> dict[str, Path]:
    """Create fresh config/data/runtime/root dirs with our config and a venv kernelspec."""
    dirs = {k: base / k for k in ("config", "data", "runtime", "root")}
    for d in dirs.values():
        d.mkdir(parents=True)
    _write_json(dirs["config"] / "labconfig" / "page_config.json", PAGE_CONFIG)
    _write_json(dirs["config"] / "jupyter_server_config.json", SERVER_CONFIG)
    for rel, settings in USER_SETTINGS.items():
        _write_json(dirs["config"] / "lab" / "user-settings" / rel, settings)
    # The temp data dir comes first on the data path, so this spec shadows any other
    # "python3" spec: kernels run exactly the interpreter running pytest.
    _write_json(
        dirs["data"] / "kernels" / "python3" / "kernel.json",
        {
            "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "Python 3 (ipykernel)",
            "language": "python",
            "metadata": {"debugger": True},
        },
    )
    return dirs


def check_prerequisites() -> None:
    """Fail (never skip) with a clear message when a harness dependency is missing."""
    missing = [
        m
        for m in ("ipykernel", "jupyterlab", "notebook", "anywidget")
        if importlib.util.find_spec(m) is None
    ]
    if missing:
        pytest.fail(f"browser tests need {missing} importable by {sys.executable}", pytrace=False)
    # Labextensions must be found although JUPYTER_DATA_DIR is a temp dir: they live under
    # sys.prefix/share/jupyter (ENV_JUPYTER_PATH), which stays on the search path.
    # (JUPYTER_PATH and the user data dir are deliberately not inherited by the server.)
    search = [*ENV_JUPYTER_PATH, *SYSTEM_JUPYTER_PATH]
    for ext in ("anywidget", "@jupyter-widgets/jupyterlab-manager"):
        if _find_labextension(ext, search) is None:
            pytest.fail(
                f"labextension {ext!r} not found in {search}; install anywidget/ipywidgets "
                "into the environment (not with --user)",
                pytrace=False,
            )


def _wait_ready(server: JupyterServer, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    last_error: Exception | None = None
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"jupyter server exited with {server.process.returncode}:\n{server.log_tail()}"
            )
        try:
            server.api("GET", "/api/status", timeout=2.0)
            return
        except (urllib.error.URLError, OSError, ValueError) as exc:
            last_error = exc
            time.sleep(0.25)
    raise TimeoutError(
        f"jupyter server not ready after {timeout}s ({last_error!r}):\n{server.log_tail()}"
    )


def _stop_process_group(proc: subprocess.Popen[bytes], timeout: float) -> None:
    """SIGTERM the server (it shuts its kernels down), then SIGKILL its process group."""
    if proc.poll() is None:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=timeout)
    # Kernels are in the server's own process group (start_new_session=True): reap leftovers.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=5)


@contextlib.contextmanager
def running_jupyter_server(
    timeout: float = SERVER_START_TIMEOUT, extra_args: Sequence[str] = ()
) -> Iterator[JupyterServer]:
    """Run an isolated ``python -m jupyterlab`` (also serving Notebook 7); always stop it.

    Config/data/runtime/root dirs are fresh temp dirs; the repo root is put on the kernel's
    (and the server's) ``PYTHONPATH`` so notebooks import the checkout under test.
    ``extra_args`` are appended to the server's command line (e.g. ``--ServerApp.x=y``).
    """
    check_prerequisites()
    base = Path(tempfile.mkdtemp(prefix="sw-browser-"))
    dirs = _prepare_jupyter_dirs(base)
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "JPY_"))}
    env.update(
        JUPYTER_CONFIG_DIR=str(dirs["config"]),
        JUPYTER_DATA_DIR=str(dirs["data"]),
        JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
        PYTHONUNBUFFERED="1",
        PYTHONPATH=os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH")) if p),
    )
    cmd = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser", "--allow-root",
        "--ServerApp.token=", "--ServerApp.password=",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={dirs['root']}",
        *extra_args,
    ]  # fmt: skip
    log_path = base / "server.log"
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            cmd, env=env, cwd=dirs["root"], stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
    server = JupyterServer(
        url=f"http://127.0.0.1:{port}",
        root_dir=dirs["root"],
        runtime_dir=dirs["runtime"],
        log_path=log_path,
        process=proc,
    )
    try:
        _wait_ready(server, timeout)
        yield server
    finally:
        with contextlib.suppress(Exception):
            if proc.poll() is None:
                server.shutdown_sessions()
        _stop_process_group(proc, SERVER_STOP_TIMEOUT)
        ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):
            shutil.copy(log_path, ARTIFACTS_DIR / "jupyter-server.log")
        shutil.rmtree(base, ignore_errors=True)


# --------------------------------------------------------------------------- browser


def chromium_path() -> str:
    """``$CHROMIUM_PATH`` or ``chromium`` on PATH; fails (never skips) when there is none."""
    override = os.environ.get("CHROMIUM_PATH")
    if override:
        if not os.access(override, os.X_OK):
            pytest.fail(f"CHROMIUM_PATH={override!r} is not an executable", pytrace=False)
        return override
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        pytest.fail(
            "chromium not found on PATH: install Debian's `chromium` package (or set "
            "CHROMIUM_PATH). Browser tests fail rather than skip when it is missing.",
            pytrace=False,
        )
    return path


def _is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or (parts.hostname or "") in LOOPBACK_HOSTS


@dataclass
class NetworkLog:
    """Non-loopback requests the page tried (all were aborted), plus console/page errors."""

    external_requests: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)

    def assert_no_external_requests(self) -> None:
        """Fail if the page tried to reach anything but 127.0.0.1/localhost."""
        assert not self.external_requests, (
            f"page attempted non-loopback requests: {self.external_requests}"
        )


def _install_offline_routes(context: BrowserContext, log: NetworkLog) -> None:
    def on_request(route: Route) -> None:
        if _is_local(route.request.url):
            route.continue_()
        else:
            log.external_requests.append(route.request.url)
            route.abort("blockedbyclient")

    def on_websocket(ws: WebSocketRoute) -> None:
        log.external_requests.append(ws.url)
        ws.close()

    context.route("**/*", on_request)
    # Only non-loopback sockets are routed; the kernel websocket is left untouched.
    context.route_web_socket(lambda url: not _is_local(url), on_websocket)


def new_offline_context(browser: Browser, log: NetworkLog, **options: Any) -> BrowserContext:
    """A browser context that aborts and records non-loopback requests into ``log``;
    ``options`` go to ``new_context`` (``viewport``, ``device_scale_factor``: a zoomed page)."""
    settings: dict[str, Any] = {"viewport": {"width": 1280, "height": 900}} | options
    context = browser.new_context(**settings, service_workers="block")
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    _install_offline_routes(context, log)
    return context


# --------------------------------------------------------------------------- kernel access


class KernelError(AssertionError):
    """Code run through :class:`Kernel` raised in the kernel."""


class Kernel:
    """A second client on a notebook's kernel: run code there and get its stdout back."""

    def __init__(self, connection_file: Path) -> None:
        self.client = BlockingKernelClient()
        self.client.load_connection_file(str(connection_file))
        self.client.start_channels()
        self.client.wait_for_ready(timeout=KERNEL_EXEC_TIMEOUT)

    def run(self, code: str, timeout: float = KERNEL_EXEC_TIMEOUT) -> str:
        """Execute ``code`` in the kernel (shared namespace) and return what it printed."""
        chunks: list[str] = []
        errors: list[str] = []

        def hook(msg: dict[str, Any]) -> None:
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream" and content.get("name") == "stdout":
                chunks.append(content["text"])
            elif kind == "error":
                errors.append("\n".join(content.get("traceback", [])))

        reply = self.client.execute_interactive(
            code, timeout=timeout, output_hook=hook, store_history=False, allow_stdin=False
        )
        if reply["content"]["status"] != "ok" or errors:
            content = reply["content"]
            detail = "\n".join(errors) or f"{content.get('ename')}: {content.get('evalue')}"
            raise KernelError(f"kernel raised while running:\n{code}\n{_strip_ansi(detail)}")
        return "".join(chunks)

    def eval(self, expr: str, timeout: float = KERNEL_EXEC_TIMEOUT) -> Any:
        """Evaluate a JSON-serialisable expression in the kernel and return its value."""
        out = self.run(f"import json as _j; print(_j.dumps({expr}))", timeout=timeout)
        return json.loads(out.strip().splitlines()[-1])

    def wait_for(
        self,
        expr: str,
        predicate: Callable[[Any], bool],
        timeout: float = 10.0,
        interval: float = 0.2,
    ) -> Any:
        """Poll ``eval(expr)`` until ``predicate`` holds; return the value or fail with the last.

        Browser->kernel comm messages are asynchronous, so after a click check with this.
        """
        deadline = time.monotonic() + timeout
        value = self.eval(expr)
        while not predicate(value):
            if time.monotonic() > deadline:
                raise AssertionError(f"kernel: {expr} = {value!r} after {timeout}s")
            time.sleep(interval)
            value = self.eval(expr)
        return value

    def close(self) -> None:
        """Stop this client's channels (the kernel itself keeps running)."""
        self.client.stop_channels()


def _strip_ansi(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


# --------------------------------------------------------------------------- notebook UI

_JS_KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const ctx = w && w.sessionContext;
  const k = ctx && ctx.session && ctx.session.kernel;
  return !!(ctx && ctx.isReady && k && k.status === 'idle' && k.connectionStatus === 'connected');
}"""

# notebook:run-all-cells resolves once every cell has finished (or was aborted after an
# error), so awaiting it is exact; the race only bounds the wait.
_JS_RUN_ALL = """async (ms) => {
  const run = window.jupyterapp.commands.execute('notebook:run-all-cells');
  const timer = new Promise((_, reject) => setTimeout(
      () => reject(new Error(`run-all-cells not finished after ${ms} ms`)), ms));
  return await Promise.race([run, timer]);
}"""

_JS_ERRORS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const errs = [];
  w.content.widgets.forEach((c, i) => {
    if (c.model.type !== 'code') return;
    for (const o of c.model.outputs.toJSON()) {
      if (o.output_type === 'error') errs.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
    }
  });
  return errs;
}"""


@dataclass
class NotebookSession:
    """A notebook opened in a frontend, with its kernel reachable from the test."""

    page: Page
    frontend: Frontend
    path: str
    server: JupyterServer
    network: NetworkLog
    kernel: Kernel

    def run_all(self, timeout_ms: int = RUN_ALL_TIMEOUT_MS) -> None:
        """Run every cell through the app's command registry; wait, then fail on errors."""
        run_all_cells(self.page, timeout_ms)

    def screenshot(self, name: str) -> Path:
        """Save ``test-artifacts/<frontend>-<name>.png``."""
        return save_screenshot(self.page, f"{self.frontend}-{name}")

    def outputs(self) -> Any:
        """The frontend's view of every cell's outputs (nbformat JSON), for debugging."""
        return self.page.evaluate(
            "() => window.jupyterapp.shell.currentWidget.content.widgets"
            ".map(c => c.model.type === 'code' ? c.model.outputs.toJSON() : [])"
        )


def wait_for_kernel_idle(page: Page, timeout_ms: int = KERNEL_IDLE_TIMEOUT_MS) -> None:
    """Wait until the current notebook's kernel is started, connected and idle."""
    page.wait_for_function(_JS_KERNEL_IDLE, timeout=timeout_ms, polling=200)


def run_all_cells(page: Page, timeout_ms: int = RUN_ALL_TIMEOUT_MS) -> None:
    """Run ``notebook:run-all-cells`` and await its completion, then wait for an idle kernel.

    Raises ``AssertionError`` listing any cell that produced an error output.
    """
    page.evaluate(_JS_RUN_ALL, timeout_ms)
    wait_for_kernel_idle(page, timeout_ms)
    errors = page.evaluate(_JS_ERRORS)
    assert not errors, f"notebook cells raised: {errors}"


def open_in_frontend(page: Page, server: JupyterServer, path: str, frontend: Frontend) -> None:
    """Navigate to ``path`` in the given frontend and wait for its kernel to be idle."""
    page.goto(server.page_url(path, frontend), wait_until="domcontentloaded")
    page.wait_for_function(
        "p => !!(window.jupyterapp && window.jupyterapp.shell.currentWidget"
        " && window.jupyterapp.shell.currentWidget.context"
        " && window.jupyterapp.shell.currentWidget.context.path === p)",
        arg=path,
        timeout=KERNEL_IDLE_TIMEOUT_MS,
        polling=200,
    )
    wait_for_kernel_idle(page)


def kernel_for(server: JupyterServer, path: str, timeout: float = 20.0) -> Kernel:
    """Connect a :class:`Kernel` client to the kernel of ``path``'s (single) server session."""
    deadline = time.monotonic() + timeout
    while True:
        sessions = server.sessions_for(path)
        if len(sessions) == 1:
            conn = server.connection_file(sessions[0]["kernel"]["id"])
            if conn.is_file():
                return Kernel(conn)
        if time.monotonic() > deadline:
            raise AssertionError(f"expected one kernel session for {path}, got {sessions}")
        time.sleep(0.2)


OpenNotebook = Callable[..., NotebookSession]


@contextlib.contextmanager
def shared_notebook(
    server: JupyterServer,
    browser: Browser,
    name: str,
    cells: Sequence[str | tuple[str, str]],
    timeout_ms: int = RUN_ALL_TIMEOUT_MS,
) -> Iterator[NotebookSession]:
    """A notebook opened and run once in JupyterLab, for a module's tests to share.

    Same guard as the ``offline_page`` fixture (non-loopback requests aborted and recorded);
    a failed run saves ``test-artifacts/<name>-setup-FAILED.png``. Closes everything after.
    """
    log = NetworkLog()
    context = new_offline_context(browser, log)
    page = context.new_page()
    page.on("console", lambda m: log.console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: log.page_errors.append(str(e)))
    path = server.write_notebook(f"{name}-lab", cells)
    session: NotebookSession | None = None
    try:
        open_in_frontend(page, server, path, "lab")
        session = NotebookSession(
            page=page,
            frontend="lab",
            path=path,
            server=server,
            network=log,
            kernel=kernel_for(server, path),
        )
        try:
            session.run_all(timeout_ms)
        except Exception:
            save_screenshot(page, f"{name}-setup-FAILED")
            raise
        yield session
    finally:
        if session is not None:
            session.kernel.close()
        server.shutdown_sessions(path)
        context.close()
