"""A table whose kernel is gone says so, in a real JupyterLab 4 (and Notebook 7).

A restarted kernel, a killed one (the server restarts it), a kernel shut down from the menu,
and a lost websocket: every table on the page turns into "not connected: run the notebook
again from the top (Run ▸ Run All Cells)"
(a banner that says what happened, the table greyed); a click on a pile, a button or a key
shows that line; running the notebook again from the top gives tables that play. A lost
connection that comes back asks Python for the whole state again and plays on.
"""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from .harness import NotebookSession, OpenNotebook, kernel_for, wait_for_kernel_idle
from .test_widget_browser import (
    EXPECT_TIMEOUT_MS,
    SUBSHELL_CANCELLED_BY_RESTART,
    Table,
    assert_clean_page,
)

pytestmark = pytest.mark.browser

NOT_CONNECTED = "not connected: run the notebook again from the top (Run ▸ Run All Cells)"
LOST_TIMEOUT_MS = 60_000  # a killed kernel is noticed when the server restarts it

CELLS: list[str | tuple[str, str]] = [
    ("markdown", "# not connected (browser test)"),
    """
from solitaire_widgets import Game
from solitaire_widgets.widget import GameWidget

game = Game("acme", seed=3)
other = Game("fly", seed=2)
""",
    "table = GameWidget(game)\ntable",
    "other_table = GameWidget(other)\nother_table",
]

JS_KERNEL = "() => window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel"


@pytest.fixture(autouse=True)
def _patient_expect() -> Iterator[None]:
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    yield
    expect.set_options(timeout=5_000)


def assert_not_connected(nb: NotebookSession, why: str) -> None:
    """Every table shows the banner with ``why``; clicks and keys show the line, do nothing."""
    roots = nb.page.locator(".sw-root")
    expect(roots).to_have_count(2)
    for index in range(2):
        root = roots.nth(index)
        expect(root).to_have_class(re.compile(r"\bsw-dead\b"), timeout=LOST_TIMEOUT_MS)
        banner = root.locator(".sw-conn")
        expect(banner).to_be_visible()
        expect(banner).to_have_attribute("role", "alert")
        expect(banner).to_contain_text(NOT_CONNECTED)
        expect(banner).to_contain_text(why)
    table = Table(nb)
    error = table.root.locator(".sw-error")
    for act in (
        lambda: table.pile("S").click(),
        lambda: table.root.get_by_role("button", name="Hint", exact=True).click(),
        lambda: table.pile("T1").click(),
    ):
        nb.page.evaluate("el => el.textContent = ''", error.element_handle())
        act()
        expect(error).to_have_text(f"✗ {NOT_CONNECTED}")
        expect(error).to_be_visible()
    table.pile("T1").focus()
    nb.page.keyboard.press("u")
    expect(error).to_have_text(f"✗ {NOT_CONNECTED}")
    expect(table.root.locator('[aria-pressed="true"]')).to_have_count(0)  # nothing picked up


def assert_playing_again(nb: NotebookSession) -> None:
    """After running the cells again: live tables, and a click plays in the new kernel."""
    nb.run_all()
    roots = nb.page.locator(".sw-root")
    expect(roots).to_have_count(2)
    for index in range(2):
        expect(roots.nth(index)).not_to_have_class(re.compile(r"\bsw-dead\b"))
        expect(roots.nth(index).locator(".sw-conn")).to_be_hidden()
    table = Table(nb)
    table.wait_matches()
    table.pile("S").click()
    table.wait_history(["S-W"])
    table.wait_matches()
    expect(table.root.locator(".sw-error")).to_be_hidden()


def reconnect(nb: NotebookSession) -> None:
    """A new kernel client for the notebook's (possibly new) kernel."""
    nb.kernel.close()
    nb.kernel = kernel_for(nb.server, nb.path)


@pytest.mark.parametrize("frontend", ["lab", "notebook"])
def test_a_restarted_kernel(open_notebook: OpenNotebook, frontend: str) -> None:
    nb = open_notebook("connection-restart", CELLS, frontend)
    Table(nb).wait_matches()
    nb.page.evaluate(f"async () => {{ await ({JS_KERNEL})().restart(); }}")
    assert_not_connected(nb, "the kernel was restarted")
    wait_for_kernel_idle(nb.page)
    reconnect(nb)
    assert nb.kernel.eval("'game' in globals()") is False  # the old tables' games are gone
    assert_playing_again(nb)
    assert_clean_page(nb, restarted=True)


def test_a_restart_while_subshells_start(open_notebook: OpenNotebook, offline_page: Page) -> None:
    """The race behind ``SUBSHELL_CANCELLED_BY_RESTART``, made certain: the kernel's answers
    to create_subshell_request are held back, so the restart finds them pending. The page
    shows that known error (and no other), the tables say "not connected", and the cells run
    again give tables that play."""
    held: list[bytes | str] = []

    def kernel_socket(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def from_kernel(message: str | bytes) -> None:
            text = message if isinstance(message, bytes) else message.encode()
            if b"create_subshell_reply" in text:
                held.append(message)
            else:
                ws.send(message)

        server.on_message(from_kernel)

    offline_page.context.route_web_socket(re.compile(r"/api/kernels/[^/]+/channels"), kernel_socket)
    nb = open_notebook("connection-subshells", CELLS, "notebook")
    Table(nb).wait_matches()
    assert held, "the kernel has subshells (ipykernel 7) and the page asked for one"
    nb.page.evaluate(f"async () => {{ await ({JS_KERNEL})().restart(); }}")
    assert_not_connected(nb, "the kernel was restarted")
    for _ in range(100):  # the rejection comes with the restart; wait up to 10 s for it
        if SUBSHELL_CANCELLED_BY_RESTART in nb.network.page_errors:
            break
        nb.page.wait_for_timeout(100)
    assert SUBSHELL_CANCELLED_BY_RESTART in nb.network.page_errors
    wait_for_kernel_idle(nb.page)
    reconnect(nb)
    assert_playing_again(nb)
    assert_clean_page(nb, restarted=True)


def test_a_killed_kernel(open_notebook: OpenNotebook) -> None:
    nb = open_notebook("connection-killed", CELLS, "lab")
    Table(nb).wait_matches()
    os.kill(nb.kernel.eval("__import__('os').getpid()"), signal.SIGKILL)
    expect(nb.page.locator(".sw-root").first).to_have_class(
        re.compile(r"\bsw-dead\b"), timeout=LOST_TIMEOUT_MS
    )
    # JupyterLab says so too, in a dialog a student closes before clicking on.
    dialog = nb.page.get_by_role("dialog")
    expect(dialog).to_contain_text("appears to have died")
    dialog.get_by_role("button").last.click()
    expect(dialog).to_be_hidden()
    assert_not_connected(nb, "the kernel was restarted")
    wait_for_kernel_idle(nb.page)
    reconnect(nb)
    assert_playing_again(nb)
    assert_clean_page(nb, restarted=True)


def test_a_kernel_shut_down_from_the_menu(open_notebook: OpenNotebook) -> None:
    nb = open_notebook("connection-shutdown", CELLS, "lab")
    Table(nb).wait_matches()
    nb.page.evaluate(
        "async () => { await window.jupyterapp.commands.execute('kernelmenu:shutdown') }"
    )
    assert_not_connected(nb, "the kernel was shut down")
    nb.page.evaluate(
        "async () => { await window.jupyterapp.shell.currentWidget.sessionContext"
        ".changeKernel({name: 'python3'}); }"
    )
    wait_for_kernel_idle(nb.page)
    reconnect(nb)
    assert_playing_again(nb)
    assert_clean_page(nb, restarted=True)


def test_a_lost_connection(open_notebook: OpenNotebook, offline_page: Page) -> None:
    """The kernel websocket is cut (and reconnecting refused): not connected, clicks say so and
    reach nothing; let it reconnect: the table asks for its state again and plays on."""
    links: list[WebSocketRoute] = []
    cut = {"on": False}

    def kernel_socket(ws: WebSocketRoute) -> None:
        if cut["on"]:
            ws.close()
            return
        ws.connect_to_server()
        links.append(ws)

    offline_page.context.route_web_socket(re.compile(r"/api/kernels/[^/]+/channels"), kernel_socket)
    nb = open_notebook("connection-lost", CELLS, "lab")
    table = Table(nb)
    table.wait_matches()
    assert links, "the kernel websocket went through the route"
    cut["on"] = True
    for ws in links:
        ws.close()
    assert_not_connected(nb, "the connection to the kernel was lost")
    assert table.history() == []  # the clicks reached nothing

    # Let it reconnect: the table asks Python for its whole state and is live again.
    nb.kernel.run("game.play('S-W')")  # a change the table missed while cut off
    cut["on"] = False
    expect(table.root).not_to_have_class(re.compile(r"\bsw-dead\b"), timeout=LOST_TIMEOUT_MS)
    expect(table.root.locator(".sw-conn")).to_be_hidden()
    table.wait_matches()  # the missed move is drawn
    table.root.get_by_role("button", name="Undo", exact=True).click()
    table.wait_history([])
    table.wait_matches()
    assert_clean_page(nb)
