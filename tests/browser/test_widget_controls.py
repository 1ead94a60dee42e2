"""The table's control buttons in a real JupyterLab 4: Hint, Solve, Stop, Chances, Auto, drag.

One notebook hosts one ``GameWidget`` per check (each on its own game, found by the setup
cell), so the page and the kernel are opened once for the module:

* Hint (button and ``h``, ``think=False``: the quick hints alone; the thinker's second stage
  is ``test_widget_think.py``'s): the hint shown is ``hints(game)[0]`` from the kernel, its source
  and target piles are marked, the "Why?" list shows the first three ranked moves, and
  playing the hinted move clears it all;
* Solve: the message gives the solver's move count, the replay opens at the position where
  Solve was pressed, ▶ and ▶| step through the line to a won position, Exit goes back, and the
  game's history is untouched;
* Stop: a search with a huge budget on a hard Fly deal stops within seconds, and says so;
* Chances (one player: the hint rules; three columns with the thinker are
  ``test_widget_think.py``'s): one row per legal move, with winnable and the hint rules'
  chance and the undecided count as the kernel computed them (and as
  ``chances.move_chances`` computes them again), the caption defining the columns, the gap
  under the table, no peeking;
* drag and drop (HTML5 DnD, as Playwright's ``drag_to`` performs it in Chromium) plays a move;
* Auto plays exactly the safe foundation moves the engine's ``autoplay`` would.

Every check reads the kernel *after* the click has reached it, and no test lets the page
reach beyond loopback.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, expect

from .conftest import _save_failure_artifacts
from .harness import (
    JupyterServer,
    NetworkLog,
    NotebookSession,
    kernel_for,
    new_offline_context,
    open_in_frontend,
    save_screenshot,
)
from .test_widget_browser import EXPECT_TIMEOUT_MS, KERNEL_TIMEOUT, Table, assert_clean_page

pytestmark = pytest.mark.browser

STOP_WAIT_SECONDS = 120.0  # a guard against a hang, not a speed test
STOP_HEARD_NODES = 4 * 1024  # the search checks Stop every slice (1,024 nodes, a little more
# where playouts run): after Stop it searches the slice under way and at most one more

# --------------------------------------------------------------------------- notebook

SETUP_CELL = '''
from solitaire_widgets import Game
from solitaire_widgets.chances import move_chances
from solitaire_widgets.hints import hints
from solitaire_widgets.knowledge import safe_moves
from solitaire_widgets.solver import solve
from solitaire_widgets.tallies import gap_words
from solitaire_widgets.widget import GameWidget


def first_seed(variant, fits):
    """The first deal of ``variant`` whose new game ``fits``."""
    return next(seed for seed in range(1, 1000) if fits(Game(variant, seed=seed)))


def pile_move(game, move, kinds=None):
    """An X-Y move between two drawn piles whose source shows a card to pick up."""
    src, dash, dst = str(move).partition("-")
    piles = game.view()["piles"]
    if not (dash and src in piles and dst in piles and piles[src]["cards"]):
        return False
    if piles[src]["kind"] == "foundation":
        return False
    return kinds is None or (piles[src]["kind"], piles[dst]["kind"]) == kinds


def ranked_hints(game):
    return [[h.move, h.reason, bool(h.safe)] for h in hints(game)]


HINT_SEED = first_seed(
    "acme", lambda g: len(hints(g)) >= 3 and pile_move(g, hints(g)[0].move)
)
SOLVE_SEED = first_seed("acme", lambda g: solve(g.state, max_nodes=20_000).status == "solved")
# Hard: the solver leaves this deal undecided after 45 CPU seconds (one of the undecided
# deals of docs/winnability.md), so Stop is pressed on a search that is surely still running.
STOP_SEED = 1321
CHANCE_SEED = first_seed("acme", lambda g: 2 <= len(g.legal_moves()) <= 4)
DRAG_SEED = first_seed(
    "acme", lambda g: any(pile_move(g, m, ("tableau", "tableau")) for m in g.legal_moves())
)
AUTO_SEED = first_seed("acme", lambda g: bool(safe_moves(g.state)))
'''

# One widget per cell, in this order on the page (``.sw-root`` index).
WIDGET_CELLS = {
    "hint": """
hint_game = Game("acme", seed=HINT_SEED)
hint_table = GameWidget(hint_game, think=False)  # the quick hints (the thinker: test_widget_think)
hint_table
""",
    "solve": """
solve_game = Game("acme", seed=SOLVE_SEED)
# One move of the winning line first, so Solve is pressed after the deal.
solve_game.play(solve(solve_game.state, max_nodes=20_000).moves[0])
solve_table = GameWidget(solve_game)
solve_table
""",
    "stop": """
stop_game = Game("fly", seed=STOP_SEED)
stop_table = GameWidget(stop_game, solve_seconds=60, solve_nodes=10**9)
stop_table
""",
    "chances": """
chance_game = Game("acme", seed=CHANCE_SEED)
# One player, the hint rules (three columns with the thinker: test_widget_think.py).
chance_table = GameWidget(
    chance_game, chance_samples=4, chance_nodes=2000, chance_players=("hint",)
)
chance_table
""",
    "drag": """
drag_game = Game("acme", seed=DRAG_SEED)
drag_move = next(
    str(m) for m in drag_game.legal_moves() if pile_move(drag_game, m, ("tableau", "tableau"))
)
drag_table = GameWidget(drag_game)
drag_table
""",
    "auto": """
auto_game = Game("acme", seed=AUTO_SEED)
auto_table = GameWidget(auto_game)
auto_table
""",
}
INDEX = {name: i for i, name in enumerate(WIDGET_CELLS)}


@pytest.fixture(scope="module")
def controls_nb(
    jupyter_server: JupyterServer, chromium_browser: Browser
) -> Iterator[NotebookSession]:
    """The controls notebook, opened and run once in JupyterLab for the whole module.

    Same guard as ``offline_page`` (non-loopback requests aborted and recorded), but the page,
    its network log and the kernel are shared by this module's tests.
    """
    log = NetworkLog()
    context = new_offline_context(chromium_browser, log)
    page = context.new_page()
    page.on("console", lambda m: log.console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: log.page_errors.append(str(e)))
    cells: list[str | tuple[str, str]] = [
        ("markdown", "# table controls (browser test)"),
        SETUP_CELL,
        *WIDGET_CELLS.values(),
    ]
    path = jupyter_server.write_notebook("widget-controls-lab", cells)
    session: NotebookSession | None = None
    try:
        open_in_frontend(page, jupyter_server, path, "lab")
        session = NotebookSession(
            page=page,
            frontend="lab",
            path=path,
            server=jupyter_server,
            network=log,
            kernel=kernel_for(jupyter_server, path),
        )
        try:
            session.run_all()
        except Exception:
            save_screenshot(page, "widget-controls-setup-FAILED")
            raise
        expect(page.locator(".sw-root")).to_have_count(len(WIDGET_CELLS), timeout=EXPECT_TIMEOUT_MS)
        yield session
    finally:
        if session is not None:
            session.kernel.close()
        jupyter_server.shutdown_sessions(path)
        context.close()


@pytest.fixture
def nb(controls_nb: NotebookSession, request: pytest.FixtureRequest) -> Iterator[NotebookSession]:
    """The shared notebook, with patient ``expect`` and a screenshot if the test fails."""
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    try:
        yield controls_nb
    finally:
        expect.set_options(timeout=5_000)  # Playwright's default
        _save_failure_artifacts(controls_nb.page, controls_nb.network, request)


def table_of(nb: NotebookSession, name: str) -> Table:
    """The widget ``name`` (``hint``, ``solve``, ...) and its game in the kernel."""
    return Table(nb, INDEX[name], game=f"{name}_game" if name != "chances" else "chance_game")


def button(table: Table, label: str) -> Locator:
    return table.root.get_by_role("button", name=label, exact=True)


# --------------------------------------------------------------------------- Hint


def check_hint_shown(table: Table, widget: str) -> None:
    """The page shows ``hints(game)[0]``: message, marked piles, and the ranked list."""
    kernel = table.nb.kernel
    ranked = kernel.eval(f"ranked_hints({table.game})")
    assert ranked, "the position has a legal move"
    move, reason, _ = ranked[0]
    kernel.wait_for(f"{widget}.hint.get('move')", lambda m: m == move, KERNEL_TIMEOUT)
    expect(table.root.locator(".sw-message")).to_have_text(f"hint: {move} — {reason}")

    src, dst = move.split("-")
    expect(table.root.locator(".sw-hint-from")).to_have_count(1)
    expect(table.root.locator(".sw-hint-to")).to_have_count(1)
    expect(table.pile(src)).to_have_class(re.compile(r"\bsw-hint-from\b"))
    expect(table.pile(dst)).to_have_class(re.compile(r"\bsw-hint-to\b"))

    expect(table.root.locator(".sw-hints")).to_be_visible()
    items = table.root.locator(".sw-hint-item")
    top = ranked[:3]
    expect(items).to_have_count(len(top))
    expect(items.locator(".sw-hint-move")).to_have_text([m for m, _, _ in top])
    expect(items.locator(".sw-hint-reason")).to_have_text([r for _, r, _ in top])
    expect(items.first).to_have_class(re.compile(r"\bsw-hint-best\b"))
    for i, (_, _, safe) in enumerate(top):
        expect(items.nth(i).locator(".sw-hint-safe")).to_have_count(int(safe))


def check_no_hint(table: Table, widget: str) -> None:
    expect(table.root.locator(".sw-hint-from, .sw-hint-to")).to_have_count(0)
    expect(table.root.locator(".sw-hints")).to_be_hidden()
    expect(table.root.locator(".sw-hint-item")).to_have_count(0)
    assert table.nb.kernel.eval(f"{widget}.hint") == {}


def test_hint_button_and_key(nb: NotebookSession) -> None:
    """Hint shows the engine's best move and why; playing it clears the hint; so does ``h``."""
    table = table_of(nb, "hint")
    table.wait_matches()
    check_no_hint(table, "hint_table")

    button(table, "Hint").click()
    check_hint_shown(table, "hint_table")

    move = nb.kernel.eval("hints(hint_game)[0].move")
    table.click_move(move)
    table.wait_history([move])
    table.wait_matches()
    check_no_hint(table, "hint_table")

    # The h key (with the focus on the table) asks for the hint of the new position.
    table.pile(move.split("-")[0]).focus()
    nb.page.keyboard.press("h")
    check_hint_shown(table, "hint_table")
    assert table.history() == [move]  # a hint plays nothing
    assert_clean_page(nb)


# --------------------------------------------------------------------------- Solve / Stop


def test_solve_opens_the_winning_line(nb: NotebookSession) -> None:
    """Solve: the move count, the replay at the position where it was pressed, ▶, ▶| to a won
    position, Exit; the game itself is not changed."""
    table = table_of(nb, "solve")
    kernel = nb.kernel
    table.wait_matches()
    history = table.history()
    start = len(history)
    assert start == 1
    # The same search the button runs (same budgets), computed here for the expected count.
    line = kernel.eval(
        "solve(solve_game.state, max_nodes=solve_table.solve_nodes,"
        " max_seconds=solve_table.solve_seconds).moves"
    )
    assert line
    last = start + len(line)

    button(table, "Solve").click()
    message = table.root.locator(".sw-message")
    expect(message).to_have_text(
        f"solved: {len(line)} moves (the solver looked at the face-down cards)"
    )
    replay = kernel.wait_for(
        "solve_table.replay.get('index')", lambda i: i is not None, KERNEL_TIMEOUT
    )
    assert replay == start
    info = kernel.eval(
        "{k: solve_table.replay[k] for k in ('index', 'start', 'solver')}"
        " | {'moves': list(solve_table._replay.moves)}"
    )
    assert info == {"index": start, "start": start, "solver": True, "moves": [*history, *line]}

    bar = table.root.locator(".sw-replay")
    step = table.root.locator(".sw-step")
    expect(bar).to_be_visible()
    expect(step).to_have_text(
        re.compile(
            rf"^step {start} of {last}: {re.escape(history[-1])}, .+ · where Solve was pressed$"
        )
    )
    table.wait_matches("solve_game.view()")  # the replay opens on the live position

    button(table, "▶").click()  # (the solver's-line label: see the test below)
    expect(step).to_have_text(re.compile(rf"^step {start + 1} of {last}: {re.escape(line[0])}, "))
    kernel.wait_for("solve_table.replay['index']", lambda i: i == start + 1, KERNEL_TIMEOUT)
    table.wait_matches("solve_table.replay['view']")

    button(table, "▶|").click()
    kernel.wait_for("solve_table.replay['index']", lambda i: i == last, KERNEL_TIMEOUT)
    expect(step).to_have_text(re.compile(rf"^step {last} of {last}: {re.escape(line[-1])}, "))
    expect(table.root.locator(".sw-status")).to_contain_text("won!")
    assert kernel.eval("solve_table.replay['view']['status']") == "won"
    table.wait_matches("solve_table.replay['view']")

    button(table, "Exit").click()
    kernel.wait_for("solve_table.replay", lambda r: r == {}, KERNEL_TIMEOUT)
    expect(bar).to_be_hidden()
    assert table.history() == history  # Solve never plays on the game
    table.wait_matches()
    expect(table.root.locator(".sw-status")).not_to_contain_text("won")
    assert_clean_page(nb)


def test_solver_line_stays_labelled_when_stepping(nb: NotebookSession) -> None:
    """Stepping into the solver's line keeps it marked as the solver's (it peeked)."""
    table = table_of(nb, "solve")
    kernel = nb.kernel
    start = len(table.history())
    button(table, "Solve").click()
    kernel.wait_for("solve_table.replay.get('index')", lambda i: i == start, KERNEL_TIMEOUT)
    try:
        button(table, "▶").click()
        kernel.wait_for("solve_table.replay['index']", lambda i: i == start + 1, KERNEL_TIMEOUT)
        marks = kernel.eval("[solve_table.replay.get('start'), solve_table.replay.get('solver')]")
        assert marks == [start, True], f"replay after ▶ lost its solver marks: {marks}"
        expect(table.root.locator(".sw-step")).to_contain_text(
            "the solver's line (it looked at the face-down cards)"
        )
        expect(table.root.locator(".sw-step")).to_have_class(re.compile(r"\bsw-solver-step\b"))
    finally:
        button(table, "Exit").click()
        kernel.wait_for("solve_table.replay", lambda r: r == {}, KERNEL_TIMEOUT)


def test_stop_ends_a_long_search(nb: NotebookSession) -> None:
    """On a hard Fly deal with a huge budget, Stop ends the search at its next check."""
    table = table_of(nb, "stop")
    kernel = nb.kernel
    table.wait_matches()
    solve_button = table.root.locator(".sw-controls .sw-button").filter(
        has_text=re.compile("^(Solve|Stop)$")
    )
    expect(solve_button).to_have_text("Solve")

    solve_button.click()
    expect(solve_button).to_have_text("Stop")
    expect(solve_button).to_have_class(re.compile(r"\bsw-stop\b"))
    # Searching for real: the progress line counts positions.
    solving = table.root.locator(".sw-solving")
    expect(solving).to_have_text(re.compile(r"^solving: [1-9][\d,]* positions looked at$"))
    expect(solving).to_have_attribute("data-status", "running")
    assert kernel.eval("stop_table.solving['running']") is True

    solve_button.click()
    stopped = re.compile(r"^stopped: the solver did not decide \(([\d,]+) positions looked at\)$")
    message = table.root.locator(".sw-message")
    expect(message).to_have_text(stopped, timeout=STOP_WAIT_SECONDS * 1000)
    expect(solving).to_have_attribute("data-status", "unknown")
    expect(solve_button).to_have_text("Solve")
    state = kernel.eval("stop_table.solving")
    assert (state["status"], state["reason"], state["running"]) == ("unknown", "cancelled", False)
    # The thread really ends (it would otherwise eat a core for a minute), and it heard Stop at
    # its next check: the positions it looked at after Stop are at most two slices' worth.
    kernel.run("stop_job = stop_table._jobs.jobs[-1]")
    assert kernel.eval(f"stop_table._wait_for_background({STOP_WAIT_SECONDS})") is True
    match = stopped.match(message.inner_text())
    assert match is not None
    at_stop = int(match.group(1).replace(",", ""))
    assert kernel.eval("stop_job.nodes") - at_stop <= 2 * STOP_HEARD_NODES
    assert kernel.eval("[stop_table.replay, stop_game.history]") == [{}, []]
    assert_clean_page(nb)


# --------------------------------------------------------------------------- Chances


def js_percent(x: float) -> str:
    """Like widget.js's ``percent``: JavaScript's Math.round, half up."""
    return f"{math.floor(x * 100 + 0.5)}%"


def measure_text(measure: dict[str, Any]) -> str:
    """A measure's cell as widget.js writes it: rate, then its interval ("—" if undecided)."""
    if measure["rate"] is None:
        return "—"
    rate, low, high = (js_percent(measure[k]) for k in ("rate", "low", "high"))
    return f"{rate}{low}–{high}"


def undecided_text(row: dict[str, Any]) -> str:
    w = row["winnable"]
    if not w["undecided"]:
        return f"0 of {row['samples']}"
    span = f"{js_percent(w['all_low'])}–{js_percent(w['all_high'])}"
    return f"{w['undecided']} of {row['samples']}{span}"


def test_chances_table(nb: NotebookSession) -> None:
    """Chances: one row per legal move, both measures as the kernel measured them, the gap
    between them explained in the caption, no peeking."""
    table = table_of(nb, "chances")
    kernel = nb.kernel
    table.wait_matches()
    moves = kernel.eval("[str(m) for m in chance_game.legal_moves()]")
    chances = table.root.locator(".sw-chances")
    expect(chances).to_be_hidden()

    button(table, "Chances").click()
    kernel.wait_for("chance_table.solving.get('status')", lambda s: s == "done", KERNEL_TIMEOUT)
    rows = kernel.eval("chance_table.chances")
    assert sorted(row["move"] for row in rows) == sorted(moves)
    # The same measurement, made again in the kernel outside the widget.
    again = kernel.eval(
        "[[c.move, c.winnable.won, c.winnable.undecided, c.player.won] for c in"
        " move_chances(chance_game, samples=4, seed=0, max_nodes=2000, players=('hint',))]"
    )
    assert [
        [r["move"], r["winnable"]["won"], r["winnable"]["undecided"], r["players"][0]["won"]]
        for r in rows
    ] == again

    expect(chances).to_be_visible()
    lines = chances.locator("tbody tr.sw-chance")
    expect(lines).to_have_count(len(moves))
    expect(lines.locator(".sw-chance-move")).to_have_text([r["move"] for r in rows])  # best first
    expect(lines.locator(".sw-chance-winnable")).to_have_text(
        [measure_text(r["winnable"]) for r in rows]
    )
    expect(lines.locator(".sw-chance-player")).to_have_text(
        [measure_text(r["players"][0]) for r in rows]
    )
    expect(lines.locator(".sw-chance-undecided")).to_have_text([undecided_text(r) for r in rows])
    for i, row in enumerate(rows):
        expect(lines.nth(i)).to_have_attribute("data-move", row["move"])
    headers = chances.locator("thead th")
    expect(headers).to_have_text(
        [
            "move",
            "winnable (sees every card)",
            "the hint rules",
            "undecided (all lost…all won)",
        ]
    )
    caption = chances.locator("caption")
    expect(caption).to_contain_text("on 4 random deals of the unseen cards (never the real ones)")
    expect(caption).to_contain_text("The hint rules: the share won by the quick hints")
    # the words about the one player measured (not the thinker's two sentences: review 48)
    gap = kernel.eval("gap_words(('hint',))")
    assert "thinker" not in gap
    expect(table.root.locator(".sw-chances-gap")).to_have_text(gap)
    count = f"{len(moves)} move{'' if len(moves) == 1 else 's'}"
    expect(table.root.locator(".sw-message")).to_have_text(
        f"chances for {count} on 4 random deals of the unseen cards: no peeking at the real ones"
    )
    assert table.history() == []
    assert_clean_page(nb)


def test_chances_caption_wraps_in_a_narrow_cell(nb: NotebookSession) -> None:
    """The caption explains both columns in a sentence or two; it wraps, never overflows."""
    table = table_of(nb, "chances")
    chances = table.root.locator(".sw-chances")
    expect(chances).to_be_visible()  # measured by the test above (same notebook)
    caption = chances.locator("caption")
    box = caption.evaluate(
        "(el) => { const root = el.closest('.sw-root'); const old = root.style.width;"
        " root.style.width = '260px'; const r = el.getBoundingClientRect();"
        " const out = {width: r.width, height: r.height, scroll: el.scrollWidth,"
        " client: el.clientWidth, line: parseFloat(getComputedStyle(el).lineHeight) || 16};"
        " root.style.width = old; return out; }"
    )
    assert box["scroll"] <= box["client"] + 1  # nothing runs out of the caption
    assert box["height"] > 2 * box["line"]  # it wrapped onto several lines


# --------------------------------------------------------------------------- drag, Auto


def test_drag_and_drop_plays_a_move(nb: NotebookSession) -> None:
    """Dragging the top card of a pile onto a legal target plays that move in the kernel."""
    table = table_of(nb, "drag")
    table.wait_matches()
    move = nb.kernel.eval("drag_move")
    src, dst = move.split("-")
    card = table.pile(src).locator('.sw-face[draggable="true"]')
    expect(card).to_have_count(1)  # only the top card of a pile can be dragged

    card.drag_to(table.pile(dst))
    table.wait_history([move])
    table.wait_matches()
    expect(table.pile(src)).to_have_class(re.compile(r"\bsw-last\b"))
    expect(table.pile(dst)).to_have_class(re.compile(r"\bsw-last\b"))
    expect(table.root.locator('[aria-pressed="true"]')).to_have_count(0)  # nothing left held
    assert nb.kernel.eval("drag_table.error") == ""
    assert_clean_page(nb)


def test_auto_plays_the_safe_moves(nb: NotebookSession) -> None:
    """Auto plays exactly the safe foundation moves (what ``Game.autoplay`` plays)."""
    table = table_of(nb, "auto")
    kernel = nb.kernel
    table.wait_matches()
    safe = kernel.eval("[str(m) for m in safe_moves(auto_game.state)]")
    expected = kernel.eval("[str(m) for m in Game.from_json(auto_game.to_json()).autoplay()]")
    assert safe and set(safe) <= set(expected)

    button(table, "Auto").click()
    table.wait_history(expected)
    table.wait_matches()
    expect(table.root.locator(".sw-message")).to_have_text(
        f"auto played {len(expected)}: {' '.join(expected)}"
    )
    assert kernel.eval("safe_moves(auto_game.state)") == []
    assert_clean_page(nb)
