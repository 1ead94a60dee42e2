"""Hint's two stages and Chances' three columns, in JupyterLab and Notebook 7 (issue 21).

One notebook, two tables:

* **Hint** on Quadrennial deal 2's opening, where the thinker samples (a short, deterministic
  job: its move is ``think(game, seed=0)``, the same as ``game.hint()``): a click on Hint shows
  the quick hint first (``hints(game)[0]``, tagged "first guess"), then the thinker's move
  replaces it (tagged "the thinker's choice", its reason, its piles ringed). Both stages are
  recorded as they happen, in the kernel (an observer of the ``hint`` trait) and in the page
  (a ``MutationObserver`` on the hint panel's title and tag), so nothing depends on how fast
  the job runs;
* **Chances** on a position where every card has been seen (Quadrennial deal 2 after the quick
  hints until then: the thinker's games are proofs, so its column is cheap): three columns,
  winnable, the thinker and the hint rules, each as the kernel measured it, the headers in
  Python's words, and the two sentences of ``chances.GAP`` under the table.

Screenshots of both (``test-artifacts/<frontend>-think-*.png``) are for looking at.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from .harness import FRONTENDS, Frontend, NotebookSession, OpenNotebook, save_screenshot
from .test_widget_browser import EXPECT_TIMEOUT_MS, KERNEL_TIMEOUT, Table, assert_clean_page

pytestmark = pytest.mark.browser

SETUP = """
from solitaire_widgets import Game
from solitaire_widgets.chances import GAP, move_chances
from solitaire_widgets.hints import hints
from solitaire_widgets.information import info_state
from solitaire_widgets.thinker import think
from solitaire_widgets.widget import GameWidget

think_game = Game("quadrennial", seed=2)
THOUGHT = think(think_game, seed=0)
QUICK = hints(think_game)[0]

known_game = Game("quadrennial", seed=2)
while len(info_state(known_game.state).unseen) > 2:  # two left: Chances deals them at random
    known_game.play(hints(known_game)[0].move)

stages = []
"""

CELLS: list[str | tuple[str, str]] = [
    ("markdown", "# Hint's two stages and Chances' three columns (browser test)"),
    SETUP,
    "think_table = GameWidget(think_game)\n"
    "think_table.observe(lambda change: stages.append(change['new'].get('by')), names='hint')\n"
    "think_table",
    "known_table = GameWidget(known_game, chance_samples=2)\nknown_table",
]

# Every title and tag the hint panel shows, in order (text nodes keep their text once replaced).
JS_WATCH_HINTS = """(root) => {
  window.__swHintWords = [];
  const panel = root.querySelector('.sw-hints');
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === 3 && record.target.closest('.sw-hints-title')) {
          window.__swHintWords.push(node.textContent);
        } else if (node.nodeType === 1) {
          const tags = [node, ...node.querySelectorAll('.sw-hint-tag')];
          for (const tag of tags.filter((n) => n.matches('.sw-hint-tag'))) {
            window.__swHintWords.push(tag.textContent);
          }
        }
      }
    }
  }).observe(panel, {childList: true, subtree: true, characterData: true});
}"""


@pytest.fixture(autouse=True)
def _patient_expect() -> Iterator[None]:
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    yield
    expect.set_options(timeout=5_000)


def button(table: Table, name: str) -> Locator:
    return table.root.locator(".sw-controls").get_by_role("button", name=name, exact=True)


def js_percent(x: float) -> str:
    """Like words.js's ``percent``: JavaScript's Math.round, half up."""
    return f"{math.floor(x * 100 + 0.5)}%"


def measure_text(measure: dict[str, Any]) -> str:
    if measure["rate"] is None:
        return "—"
    rate, low, high = (js_percent(measure[k]) for k in ("rate", "low", "high"))
    return f"{rate}{low}–{high}"


def check_two_stages(nb: NotebookSession, table: Table, frontend: Frontend) -> None:
    """Hint: the quick hint first, then the thinker's move replaces it."""
    kernel = nb.kernel
    quick = kernel.eval("[QUICK.move, QUICK.reason]")
    thought = kernel.eval("[str(THOUGHT.move), THOUGHT.reason, THOUGHT.kind]")
    assert thought[2] == "sampled"  # a job, not an answer at once
    table.root.evaluate(JS_WATCH_HINTS)
    button(table, "Hint").click()
    kernel.wait_for("think_table.hint.get('by')", lambda by: by == "thinker", KERNEL_TIMEOUT)
    assert kernel.eval("stages") == ["quick", "thinker"]
    hints = table.root.locator(".sw-hints")
    expect(hints).to_have_attribute("data-by", "thinker")
    items = hints.locator(".sw-hint-item")
    expect(items.first.locator(".sw-hint-move")).to_have_text(thought[0])
    expect(items.first.locator(".sw-hint-reason")).to_have_text(thought[1])
    expect(items.first.locator(".sw-hint-tag")).to_have_text("the thinker's choice")
    expect(items.first).to_have_class(re.compile(r"\bsw-hint-by-thinker\b"))
    expect(table.root.locator(".sw-message")).to_have_text(
        f"hint: {thought[0]} — {thought[1]}; the thinker's choice"
    )
    source, target = thought[0].split("-")
    expect(table.pile(source)).to_have_class(re.compile(r"\bsw-hint-from\b"))
    expect(table.pile(target)).to_have_class(re.compile(r"\bsw-hint-to\b"))
    expect(button(table, "Hint")).to_have_text("Hint")  # Stop no more
    words = nb.page.evaluate("window.__swHintWords")
    first_guess, considered = words.index("first guess"), words.index("the thinker's choice")
    assert first_guess < considered, words  # the quick hint was shown first
    assert words[0].startswith("A first guess, by the quick hint rules"), words
    assert any(w.startswith("The thinker's considered choice") for w in words[first_guess:]), words
    expect(hints.locator(".sw-hints-title")).to_contain_text("The thinker's considered choice")
    hints.scroll_into_view_if_needed()
    save_screenshot(nb.page, f"{frontend}-think-hint")
    ranked = kernel.eval("[h['move'] for h in think_table.hint['ranked']]")
    assert ranked[0] == thought[0] and quick[0] in ranked  # the quick rules' move is still listed
    assert table.history() == []  # a hint plays nothing


def check_three_columns(nb: NotebookSession, table: Table, frontend: Frontend) -> None:
    """Chances: winnable, the thinker, the hint rules; the gap under the table."""
    kernel = nb.kernel
    chances = table.root.locator(".sw-chances")
    expect(chances).to_be_hidden()
    button(table, "Chances").click()
    kernel.wait_for("known_table.solving.get('status')", lambda s: s == "done", KERNEL_TIMEOUT)
    rows = kernel.eval("known_table.chances")
    again = kernel.eval(
        "[[c.move, c.winnable.won] + [t.won for _, t in c.players]"
        " for c in move_chances(known_game, samples=2, seed=0)]"
    )
    assert [[r["move"], r["winnable"]["won"], *(p["won"] for p in r["players"])] for r in rows] == (
        again
    )
    expect(chances).to_be_visible()
    expect(chances.locator("thead th")).to_have_text(
        [
            "move",
            "winnable (sees every card)",
            "the thinker",
            "the hint rules",
            "undecided (all lost…all won)",
        ]
    )
    lines = chances.locator("tbody tr.sw-chance")
    expect(lines).to_have_count(len(rows))
    expect(lines.locator(".sw-chance-winnable")).to_have_text(
        [measure_text(r["winnable"]) for r in rows]
    )
    for index, name in enumerate(("thinker", "hint")):
        expect(lines.locator(f".sw-chance-{name}")).to_have_text(
            [measure_text(r["players"][index]) for r in rows]
        )
    caption = chances.locator("caption")
    expect(caption).to_contain_text("The thinker: the share won by a player who sees only")
    expect(caption).to_contain_text("The hint rules: the share won by the quick hints")
    expect(table.root.locator(".sw-chances-gap")).to_have_text(kernel.eval("GAP"))
    table.root.locator(".sw-chances-gap").scroll_into_view_if_needed()
    save_screenshot(nb.page, f"{frontend}-think-chances")


@pytest.mark.parametrize("frontend", FRONTENDS)
def test_hint_thinks_and_chances_have_three_columns(
    open_notebook: OpenNotebook, frontend: Frontend
) -> None:
    nb = open_notebook("think", CELLS, frontend)
    expect(nb.page.locator(".sw-root")).to_have_count(2)
    think = Table(nb, index=0, game="think_game")
    think.wait_matches()
    check_two_stages(nb, think, frontend)
    known = Table(nb, index=1, game="known_game")
    known.wait_matches()
    check_three_columns(nb, known, frontend)
    assert_clean_page(nb)
