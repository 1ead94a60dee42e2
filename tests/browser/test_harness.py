"""End-to-end proof of the browser harness with a tiny inline anywidget.

A click in the real page must change the Python-side trait and deliver a custom message to
the kernel, in both JupyterLab and Notebook 7, without any non-loopback request.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from .harness import FRONTENDS, Frontend, NetworkLog, OpenNotebook

pytestmark = pytest.mark.browser

COUNTER_WIDGET = '''
import anywidget
import traitlets


class Counter(anywidget.AnyWidget):
    """Button whose clicks bump `count` and send a custom message to Python."""

    _esm = """
    function render({ model, el }) {
      const btn = document.createElement("button");
      btn.className = "harness-counter";
      const label = () => { btn.textContent = `count is ${model.get("count")}`; };
      label();
      model.on("change:count", label);
      btn.addEventListener("click", () => {
        model.set("count", model.get("count") + 1);
        model.save_changes();
        model.send({ kind: "clicked", count: model.get("count") });
      });
      el.appendChild(btn);
    }
    export default { render };
    """
    count = traitlets.Int(0).tag(sync=True)


received = []
counter = Counter()
counter.on_msg(lambda widget, content, buffers: received.append(content))
counter
'''


@pytest.mark.parametrize("frontend", FRONTENDS)
def test_click_reaches_kernel(open_notebook: OpenNotebook, frontend: Frontend) -> None:
    """Clicking the rendered button updates ``count`` and delivers ``model.send`` to Python."""
    nb = open_notebook("counter", [("markdown", "# harness"), COUNTER_WIDGET], frontend)
    button = nb.page.locator("button.harness-counter")
    expect(button).to_have_text("count is 0")
    assert nb.kernel.eval("[counter.count, received]") == [0, []]

    button.click()

    nb.kernel.wait_for("counter.count", lambda v: v == 1)
    assert nb.kernel.wait_for("received", bool) == [{"kind": "clicked", "count": 1}]
    expect(button).to_have_text("count is 1")

    # And the other direction: a change made in the kernel re-renders the view.
    nb.kernel.run("counter.count = 41")
    expect(button).to_have_text("count is 41")
    button.click()
    nb.kernel.wait_for("counter.count", lambda v: v == 42)
    # The trait update and the custom message are separate comm messages: wait for each.
    nb.kernel.wait_for("len(received)", lambda n: n == 2)
    assert nb.kernel.run("print(received[-1]['count'])").strip() == "42"

    nb.screenshot("counter")
    nb.network.assert_no_external_requests()


def test_network_guard_blocks_and_records(offline_page: Page, network_log: NetworkLog) -> None:
    """The guard is not vacuous: an outside fetch/websocket fails and is recorded."""
    offline_page.set_content("<p>offline</p>")
    outcome = offline_page.evaluate(
        """async () => {
          new WebSocket('wss://example.invalid/socket');
          try { await fetch('https://example.com/x.js'); return 'fetched'; }
          catch (e) { return 'blocked'; }
        }"""
    )
    assert outcome == "blocked"
    for _ in range(300):  # let the websocket route handler record its URL (a hang guard)
        if any(u.startswith("wss://example.invalid") for u in network_log.external_requests):
            break
        offline_page.wait_for_timeout(100)
    assert "https://example.com/x.js" in network_log.external_requests
    assert any(u.startswith("wss://example.invalid") for u in network_log.external_requests)
    with pytest.raises(AssertionError, match="non-loopback"):
        network_log.assert_no_external_requests()
    with pytest.raises(PlaywrightError):
        offline_page.goto("http://example.org/")


def test_run_all_reports_cell_errors(open_notebook: OpenNotebook) -> None:
    """A raising cell makes ``open_notebook`` fail loudly instead of hanging or passing."""
    with pytest.raises(AssertionError, match="ZeroDivisionError"):
        open_notebook("raises", ["x = 1", "1 / 0", "y = 2"], "lab")
