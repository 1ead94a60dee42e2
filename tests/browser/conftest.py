"""Pytest fixtures for real-browser tests (JupyterLab 4 / Notebook 7 in Debian chromium).

* ``jupyter_server`` (session): one isolated ``jupyterlab`` server, also serving Notebook 7.
* ``chromium_browser`` (session): headless Debian chromium driven by Playwright.
* ``network_log`` / ``offline_page``: a page whose non-loopback requests are aborted+recorded.
* ``open_notebook``: factory that writes, opens and runs a notebook, returning a
  :class:`~.harness.NotebookSession` whose ``kernel`` runs code in the page's own kernel.

Helpers and types live in ``harness.py``; see ``docs/browser-tests.md``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright

from .harness import (
    ARTIFACTS_DIR,
    CHROMIUM_ARGS,
    Frontend,
    JupyterServer,
    NetworkLog,
    NotebookSession,
    OpenNotebook,
    chromium_path,
    kernel_for,
    new_offline_context,
    open_in_frontend,
    running_jupyter_server,
    save_screenshot,
    slug,
)


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``browser`` marker so ``-m browser`` selects these tests."""
    config.addinivalue_line(
        "markers", "browser: drives a real JupyterLab / Notebook 7 in headless chromium"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test under ``tests/browser`` as ``browser`` (before ``-m`` filtering)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the item so page teardown can screenshot failures."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def _save_failure_artifacts(page: Page, log: NetworkLog, request: pytest.FixtureRequest) -> None:
    """Once per failed test: full-page screenshot and console/page-error dump."""
    rep = getattr(request.node, "rep_call", None)
    if (rep is not None and not rep.failed) or getattr(request.node, "_sw_artifacts", False):
        return
    request.node._sw_artifacts = True
    with contextlib.suppress(Exception):
        save_screenshot(page, f"{request.node.name}-FAILED")
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS_DIR / f"{slug(request.node.name + '-console')}.txt").write_text(
        "\n".join(
            [
                *log.console,
                "--- page errors ---",
                *log.page_errors,
                "--- blocked non-loopback requests ---",
                *log.external_requests,
            ]
        )
    )


@pytest.fixture(scope="session")
def jupyter_server() -> Iterator[JupyterServer]:
    """One isolated Jupyter server (``/lab`` and Notebook 7) for the whole session."""
    with running_jupyter_server() as server:
        yield server


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    """The sync Playwright driver for the session."""
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def chromium_browser(playwright_instance: Playwright) -> Iterator[Browser]:
    """Headless Debian chromium; Playwright's own browser download is not needed."""
    browser = playwright_instance.chromium.launch(
        executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS, timeout=60_000
    )
    try:
        yield browser
    finally:
        browser.close()


@pytest.fixture
def network_log() -> NetworkLog:
    """What ``offline_page`` tried to reach; call ``assert_no_external_requests()``."""
    return NetworkLog()


@pytest.fixture
def offline_page(
    chromium_browser: Browser, network_log: NetworkLog, request: pytest.FixtureRequest
) -> Iterator[Page]:
    """A fresh context+page with the offline guard; screenshot + console dump on failure."""
    context = new_offline_context(chromium_browser, network_log)
    page = context.new_page()
    page.on("console", lambda m: network_log.console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: network_log.page_errors.append(str(e)))
    try:
        yield page
    finally:
        _save_failure_artifacts(page, network_log, request)
        context.close()


@pytest.fixture
def open_notebook(
    jupyter_server: JupyterServer,
    offline_page: Page,
    network_log: NetworkLog,
    request: pytest.FixtureRequest,
) -> Iterator[OpenNotebook]:
    """Factory ``open_notebook(name, cells, frontend="lab", run=True) -> NotebookSession``.

    Writes ``<name>-<frontend>.ipynb`` into the server root, opens it, waits for an idle
    kernel, connects ``session.kernel`` to it and (if ``run``) runs all cells. Teardown
    closes the kernel clients and shuts those kernels down.
    """
    opened: list[NotebookSession] = []

    def _open(
        name: str,
        cells: Sequence[str | tuple[str, str]],
        frontend: Frontend = "lab",
        run: bool = True,
    ) -> NotebookSession:
        path = jupyter_server.write_notebook(f"{slug(name)}-{frontend}", cells)
        open_in_frontend(offline_page, jupyter_server, path, frontend)
        session = NotebookSession(
            page=offline_page,
            frontend=frontend,
            path=path,
            server=jupyter_server,
            network=network_log,
            kernel=kernel_for(jupyter_server, path),
        )
        opened.append(session)
        if run:
            session.run_all()
        return session

    try:
        yield _open
    finally:
        # Capture the page before kernels go away (this teardown runs before offline_page's).
        _save_failure_artifacts(offline_page, network_log, request)
        for s in opened:
            s.kernel.close()
            jupyter_server.shutdown_sessions(s.path)
