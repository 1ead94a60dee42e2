"""The table as a class uses it, in a real JupyterLab 4: every click says what it did or why it
did nothing, a late Fly click lays nothing out by force, tall piles squeeze, and the table
reads at a 368 px cell and in the dark theme.

One notebook hosts one ``GameWidget`` per check (the setup cell finds each position by
playing, so no deal is hard-coded). Screenshots go to ``test-artifacts/``:
``lab-<table>-<width>px-<theme>.png`` at cells of 368 and 620 px and a 1280 px window, and
``lab-fly-60-cards-<width>px.png`` (issue 15's position).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, expect

from .conftest import _save_failure_artifacts
from .harness import ARTIFACTS_DIR, JupyterServer, NotebookSession, shared_notebook
from .test_widget_browser import EXPECT_TIMEOUT_MS, KERNEL_TIMEOUT, Table, assert_clean_page

pytestmark = pytest.mark.browser

WIDGET_JS = Path(__file__).parents[2] / "solitaire_widgets" / "widget" / "js"
FELT_MAX = 640  # px: the felt's height bound (widget.js FELT_MAX, docs/widget.md)
CORNER_COVERED = 0.2  # a squeezed fan may cover at most this part of a card's corner text

SETUP_CELL = '''
import random
from solitaire_widgets import Game, winnability
from solitaire_widgets.hints import hints
from solitaire_widgets.widget import GameWidget, ReplayWidget


def position(variant, fits, length=300):
    """(seed, history, found) of the first random-game position where fits(game) is found."""
    for seed in range(1, 300):
        game = Game(variant, seed=seed)
        rng = random.Random(seed)
        while game.status == "playing" and len(game.history) < length:
            found = fits(game)
            if found:
                return seed, list(game.history), found
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError(f"no {variant} position fits")


def replayed(variant, seed, history):
    game = Game(variant, seed=seed)
    for move in history:
        game.play(move)
    return game


def fill_move(game):
    """Acme: a click move of a tableau pile's only card while the reserve can fill the pile."""
    if not game.pile("R"):
        return None
    for move in map(str, game.legal_moves()):
        src, _, dst = move.partition("-")
        if src.startswith("T") and len(game.pile(src)) == 1 and dst[:1] in ("T", "F"):
            return move
    return None


def refill_move(game):
    """Quadrennial: a reserve card home while the stock can refill its pile."""
    moves = [m for m in map(str, game.legal_moves()) if m.startswith("R")]
    return moves[0] if moves and game.pile("S") else None


def redeal_ready(game):
    return "redeal" if "redeal" in map(str, game.legal_moves()) else None


def finished(variant, status):
    for seed in range(1, 300):
        game = Game(variant, seed=seed)
        rng = random.Random(seed)
        while game.status == "playing":
            game.autoplay()
            if game.status == "playing":
                game.play(rng.choice(game.legal_moves()))
        if game.status == status:
            return game
    raise AssertionError(f"no {status} {variant} game")


def hinted(variant, moves):
    """A game after ``moves`` moves that follow the best hint (a student pressing Hint)."""
    for seed in range(1, 300):
        game = Game(variant, seed=seed)
        while len(game.history) < moves and game.status == "playing" and hints(game):
            game.play(hints(game)[0].move)
        if len(game.history) == moves and game.status == "playing":
            return game
    raise AssertionError(f"no {variant} game lasts {moves} hinted moves")


def tall(cards):
    """Fly: the stock's cards onto T1 until it holds ``cards`` (a beginner's common play)."""
    game = Game("fly", seed=3)
    while len(game.pile("T1")) < cards:
        game.play("S-T1")
    game.play("R-T2")
    return game


def played(variant, moves, seed=7):
    game = Game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = [m for m in game.legal_moves() if str(m) != "redeal"]
        if not legal or game.status != "playing":
            break
        game.play(rng.choice(legal))
    return game
'''

# One widget per cell, in this order on the page (``.sw-root`` index).
WIDGET_CELLS = {
    "fill": """
FILL = position("acme", fill_move)
fill_game = replayed("acme", *FILL[:2])
fill_table = GameWidget(fill_game)
fill_table
""",
    "refill": """
REFILL = position("quadrennial", refill_move)
refill_game = replayed("quadrennial", *REFILL[:2])
refill_table = GameWidget(refill_game)
refill_table
""",
    "redeal": """
REDEAL = position("acquaintance", redeal_ready)
redeal_game = replayed("acquaintance", *REDEAL[:2])
redeal_table = GameWidget(redeal_game)
redeal_table
""",
    "replay": """
replay_game = played("acme", 4)
replay_table = ReplayWidget(replay_game)
replay_table
""",
    "lost": """
lost_game = finished("acme", "lost")
lost_table = GameWidget(lost_game)
lost_table
""",
    "fresh": """
fresh_game = Game("acme", seed=3)
fresh_table = GameWidget(fresh_game)
fresh_table
""",
    "own": """
from solitaire_widgets.cards import shuffled_deck
own_game = Game("acme", deck=[card.code for card in shuffled_deck(5, 1)])
own_game.play("S-W")
own_table = GameWidget(own_game)
own_table
""",
    "hostile": """
hostile_game = Game("acme", seed=4)
hostile_table = GameWidget(hostile_game)
hostile_table
""",
    "fly100": """
fly100_game = hinted("fly", 100)
fly100_table = GameWidget(fly100_game)
fly100_table
""",
    "fly60": """
fly60_game = tall(60)
fly60_table = GameWidget(fly60_game)
fly60_table
""",
    "quadrennial": "quadrennial_game = played('quadrennial', 40)\nGameWidget(quadrennial_game)",
    "acquaintance": "acquaintance_game = played('acquaintance', 30)\nGameWidget(acquaintance_game)",
    "acme": "acme_game = played('acme', 40)\nGameWidget(acme_game)",
}
INDEX = {name: i for i, name in enumerate(WIDGET_CELLS)}


@pytest.fixture(scope="module")
def class_nb(jupyter_server: JupyterServer, chromium_browser: Browser) -> Iterator[NotebookSession]:
    cells: list[str | tuple[str, str]] = [
        ("markdown", "# the table in class (browser test)"),
        SETUP_CELL,
        *WIDGET_CELLS.values(),
    ]
    with shared_notebook(jupyter_server, chromium_browser, "widget-class", cells, 180_000) as nb:
        expect(nb.page.locator(".sw-root")).to_have_count(
            len(WIDGET_CELLS), timeout=EXPECT_TIMEOUT_MS
        )
        yield nb


@pytest.fixture
def nb(class_nb: NotebookSession, request: pytest.FixtureRequest) -> Iterator[NotebookSession]:
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    try:
        yield class_nb
    finally:
        expect.set_options(timeout=5_000)
        _save_failure_artifacts(class_nb.page, class_nb.network, request)


def table_of(nb: NotebookSession, name: str) -> Table:
    return Table(nb, INDEX[name], game=f"{name}_game")


def button(table: Table, label: str) -> Locator:
    return table.root.locator(".sw-controls").get_by_role("button", name=label, exact=True)


def expect_refusal(table: Table, reason: str) -> None:
    """The error line shows ``reason`` and the answer to this click has come (it flashes)."""
    error = table.root.locator(".sw-error")
    expect(error).to_have_text(f"✗ {reason}")
    expect(error).to_be_visible()
    expect(error).to_have_class(re.compile(r"\bsw-flash\b"))


def press_unavailable(control: Locator) -> None:
    """Click a control shown as unavailable (``aria-disabled``): a student can, Playwright
    only when forced (it treats aria-disabled as disabled)."""
    expect(control).to_have_attribute("aria-disabled", "true")
    control.click(force=True)


def clear_flash(table: Table) -> None:
    table.root.locator(".sw-error").evaluate("el => el.classList.remove('sw-flash')")


# --------------------------------------------------------------------------- consequences


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("fill", r"; the reserve's top card, (10|[2-9AJQK])[♣♦♥♠], fills tableau \d$"),
        ("refill", r"; reserve \d is refilled with the top stock card$"),
        ("redeal", r"^redeal: gather reserve 1 to reserve 4 into a new stock; then each reserve"),
    ],
)
def test_automatic_consequences_are_named_in_the_status_line(
    nb: NotebookSession, name: str, words: str
) -> None:
    """The move's line under the table says what the rules did by themselves."""
    table = table_of(nb, name)
    kernel = nb.kernel
    table.wait_matches()
    history = table.history()
    move = kernel.eval(f"{name.upper()}[2]")
    said = kernel.eval(f"{name}_game.describe({move!r})")
    assert re.search(words, f"{move}: {said}"), said
    if move == "redeal":
        table.pile("S").click()
    else:
        table.click_move(move)
    table.wait_history([*history, move])
    table.wait_matches()
    expect(table.root.locator(".sw-message")).to_have_text(f"{move}: {said}")
    assert_clean_page(nb)


# --------------------------------------------------------------------------- say why


def test_clicks_during_a_replay_say_why(nb: NotebookSession) -> None:
    table = table_of(nb, "replay")
    replay = "a replay is shown: press Exit to go back to the game"
    expect(table.root.locator(".sw-replay")).to_be_visible()
    table.pile("T1").click()
    expect_refusal(table, replay)
    # A ReplayWidget opens on its own bar: the game's toolbar waits for Exit (issue 22).
    expect(table.root.locator(".sw-controls")).to_be_hidden()
    clear_flash(table)
    table.pile("T2").focus()
    nb.page.keyboard.press("h")
    expect_refusal(table, replay)
    bar = table.root.locator(".sw-replay")
    bar.get_by_role("button", name="◀", exact=True).click()
    expect_refusal(table, "this is the deal, step 0: there is no step before it")
    bar.get_by_role("button", name="▶|", exact=True).click()
    nb.kernel.wait_for("replay_table.replay['index']", lambda i: i == 4, KERNEL_TIMEOUT)
    bar.get_by_role("button", name="▶", exact=True).click()
    expect_refusal(table, "this is the last step (4 of 4): there is no step after it")
    assert nb.kernel.eval("len(replay_game.history)") == 4
    assert_clean_page(nb)


def test_clicks_on_a_finished_game_say_why(nb: NotebookSession) -> None:
    table = table_of(nb, "lost")
    table.wait_matches()
    history = table.history()
    table.pile("F1").click()
    expect_refusal(
        table, "the game is over: no legal move is left (Restart or New deal to play again)"
    )
    clear_flash(table)
    press_unavailable(button(table, "Hint"))
    expect_refusal(table, "no legal move is left: the game is lost")
    assert table.history() == history
    assert_clean_page(nb)


def test_unavailable_controls_say_why_every_time(nb: NotebookSession) -> None:
    table = table_of(nb, "fresh")
    table.wait_matches()
    for label, reason in [
        ("Undo", "nothing to undo: no move has been played"),
        ("Redo", "nothing to redo: no move has been taken back"),
        ("Review", "nothing to review yet: no move has been played"),
    ]:
        expect(button(table, label)).to_have_attribute("aria-disabled", "true")
        expect(button(table, label)).to_have_class(re.compile(r"\bsw-off\b"))
        for _ in range(2):  # the same refusal twice: the second is shown as heard too
            clear_flash(table)
            press_unavailable(button(table, label))
            expect_refusal(table, reason)
    table.pile("F2").click()
    expect_refusal(table, "cards never leave a foundation (F2)")
    table.pile("W").click()
    expect_refusal(table, "W is empty: there is no card to pick up")
    assert table.history() == []
    assert_clean_page(nb)


# --------------------------------------------------------------------------- New deal


def test_new_deal_says_what_it_does_and_can_be_taken_back(nb: NotebookSession) -> None:
    table = table_of(nb, "fresh")
    kernel = nb.kernel
    seed = table.root.locator(".sw-seed")
    new = button(table, "New deal")
    expect(seed).to_have_attribute("placeholder", "random deal")
    expect(new).to_have_attribute("title", re.compile("random"))
    table.pile("S").click()
    table.wait_history(["S-W"])

    seed.fill("17")
    deal = button(table, "Deal 17")
    expect(deal).to_be_visible()
    deal.click()
    kernel.wait_for("fresh_game.seed", lambda s: s == 17, KERNEL_TIMEOUT)
    assert table.history() == []
    expect(seed).to_have_value("")  # a second press deals a random game, as the box says
    expect(button(table, "New deal")).to_be_visible()
    back = button(table, "Back to deal 3")
    expect(back).to_be_visible()
    expect(back).to_have_attribute("title", re.compile(r"as you left it \(1 move\)"))
    expect(table.root.locator(".sw-message")).to_have_text(
        "new deal: 17 (Back to deal 3 brings the last game back)"
    )

    back.click()
    kernel.wait_for("[fresh_game.seed, fresh_game.history]", lambda v: v == [3, ["S-W"]])
    table.wait_matches()
    expect(table.root.locator(".sw-message")).to_have_text("back to deal 3, 1 move played")
    expect(button(table, "Back to deal 17")).to_be_visible()
    assert_clean_page(nb)


def test_new_deal_on_an_own_deck_asks_first(nb: NotebookSession) -> None:
    table = table_of(nb, "own")
    kernel = nb.kernel
    record = kernel.eval("own_game.to_json()")
    button(table, "New deal").click()
    ask = table.root.locator(".sw-confirm")
    expect(ask).to_be_visible()
    expect(ask).to_contain_text("New deal ends this game (own deck, 1 move)")
    ask.get_by_role("button", name="Keep playing").click()
    expect(ask).to_be_hidden()
    assert kernel.eval("own_game.to_json()") == record
    button(table, "New deal").click()
    ask.get_by_role("button", name="Deal anyway").click()
    kernel.wait_for("own_game.seed", lambda s: isinstance(s, int), KERNEL_TIMEOUT)
    assert table.history() == []
    expect(ask).to_be_hidden()
    assert_clean_page(nb)


def test_winnable_only_deals_a_deal_the_solver_wins(nb: NotebookSession) -> None:
    """Ticked, New deal skips the deals no line wins and says how hard the one it dealt is."""
    table = table_of(nb, "fresh")
    kernel = nb.kernel
    lost, won = kernel.eval(
        "[(lost := next(s for s in range(1, 50) if winnability.deal('acme', s).verdict =="
        " 'unwinnable')), next(s for s in range(lost, 99) if winnability.deal('acme', s).verdict"
        " == 'winnable')]"
    )
    box = table.root.locator(".sw-winnable input")
    expect(table.root.locator(".sw-winnable")).to_have_attribute("title", re.compile("winnable"))
    box.check()
    table.root.locator(".sw-seed").fill(str(lost))
    button(table, f"Deal {lost}").click()
    kernel.wait_for("fresh_game.seed", lambda s: s == won, KERNEL_TIMEOUT)
    message = table.root.locator(".sw-message")
    expect(message).to_contain_text(f"new deal: {won}")
    expect(message).to_contain_text(re.compile(rf"Deals? {lost}.* skipped: .*Winnable: the solver"))
    assert table.history() == []
    box.uncheck()
    table.root.locator(".sw-seed").fill(str(lost))
    button(table, f"Deal {lost}").click()
    kernel.wait_for("fresh_game.seed", lambda s: s == lost, KERNEL_TIMEOUT)
    expect(message).not_to_contain_text("Winnable")
    assert_clean_page(nb)


# --------------------------------------------------------------------------- hostile

JS_MODEL = """async (index) => {
  // The widget model behind the index-th table: through JupyterLab's widget tree, down to
  // the view ipywidgets attached to it.
  const root = document.querySelectorAll('.sw-root')[index];
  const walk = (w) => {
    if (w._view && w._view.model && w.node.contains(root)) return w._view.model;
    for (const child of (w.widgets || [])) {
      const found = walk(child);
      if (found) return found;
    }
    return null;
  };
  for (const cell of window.jupyterapp.shell.currentWidget.content.widgets) {
    const model = cell.outputArea ? walk(cell.outputArea) : null;
    if (model) { window.swModel = model; return model.model_id; }
  }
  throw new Error('no widget model for table ' + index);
}"""


def test_hostile_messages_are_refused_and_shown(nb: NotebookSession) -> None:
    """A 1.2 MB move and a deeply nested one, sent through the table's own comm, are refused
    with a clear error in the table; a bad value written to a trait is corrected."""
    table = table_of(nb, "hostile")
    kernel = nb.kernel
    table.wait_matches()
    model_id = nb.page.evaluate(JS_MODEL, INDEX["hostile"])
    assert model_id == kernel.eval("hostile_table.model_id")
    error = table.root.locator(".sw-error")

    nb.page.evaluate("() => window.swModel.send({type: 'move', move: 'S-W'.repeat(400000)})")
    expect(error).to_have_text("✗ the message is too large (over 64 KB): nothing was done")
    nb.page.evaluate(
        "() => { let v = 'S-W'; for (let i = 0; i < 50; i++) v = [v];"
        " window.swModel.send({type: 'move', move: v}); }"
    )
    expect(error).to_have_text(
        "✗ the message is nested too deep (more than 4 levels): nothing was done"
    )
    assert table.history() == []

    nb.page.evaluate(
        "() => { window.swModel.set('four_colour', 'yes'); window.swModel.save_changes(); }"
    )
    expect(error).to_have_text("✗ four_colour must be true or false: it was not changed")
    nb.page.wait_for_function("() => window.swModel.get('four_colour') === false")
    expect(table.root.locator(".sw-four input")).not_to_be_checked()
    assert kernel.eval("hostile_table.four_colour") is False
    assert_clean_page(nb)


# --------------------------------------------------------------------------- speed


def widget_functions() -> set[str]:
    """The names of the widget's JS functions (to find their frames in a trace)."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(WIDGET_JS.glob("*.js")))
    return set(re.findall(r"function\s+(\w+)", source)) | set(
        re.findall(r"const\s+(\w+)\s*=\s*\([^)]*\)\s*=>", source)
    )


def test_a_late_fly_click_lays_nothing_out_by_force(nb: NotebookSession) -> None:
    """Fly after 100 hinted moves: a move and its undo redraw without any layout forced by
    widget.js (Chromium's trace records a forced layout with the script's stack), and keep
    the DOM: the piles' nodes and the cards that did not move are the same nodes."""
    table = table_of(nb, "fly100")
    kernel = nb.kernel
    table.wait_matches()
    history = table.history()
    assert len(history) == 100
    move = next(
        m
        for m in kernel.eval("[str(m) for m in fly100_game.legal_moves()]")
        if m.startswith(("S-T", "R-T"))
    )
    src, dst = move.split("-")
    mark = "el => { el.__kept = true; for (const c of el.children) c.__kept = true; }"
    for name in (src, dst):
        table.pile(name).evaluate(mark)
    cards_before = table.pile(dst).locator(".sw-card").count()

    browser = nb.page.context.browser
    assert browser is not None
    browser.start_tracing(
        page=nb.page,
        categories=["devtools.timeline", "disabled-by-default-devtools.timeline.stack"],
    )
    try:
        for _ in range(3):
            table.click_move(move)  # one click, or two: as the card's destinations say
            table.wait_history([*history, move])
            expect(table.root.locator(".sw-status")).to_contain_text("101 moves")
            kept = table.pile(dst).evaluate(
                "el => [el.__kept === true, [...el.children].filter(c => c.classList.contains("
                "'sw-card') && !c.__kept).length]"
            )
            assert kept == [True, 1], kept  # the pile's node kept, one new card node
            button(table, "Undo").click()
            table.wait_history(history)
            expect(table.root.locator(".sw-status")).to_contain_text("100 moves")
    finally:
        trace = json.loads(browser.stop_tracing())
    assert table.pile(src).evaluate("el => el.__kept") is True
    assert table.pile(dst).locator(".sw-card").count() == cards_before

    ours = widget_functions()
    forced = []
    for event in trace["traceEvents"]:
        if event.get("name") != "Layout":
            continue
        stack = ((event.get("args") or {}).get("beginData") or {}).get("stackTrace") or []
        names = [frame.get("functionName") for frame in stack]
        if any(name in ours for name in names):
            forced.append(names[:4])
    layouts = [e for e in trace["traceEvents"] if e.get("name") == "Layout"]
    assert layouts, "the trace recorded layouts (the check can see them)"
    assert not forced, f"layouts forced by widget.js: {forced}"
    assert_clean_page(nb)


# --------------------------------------------------------------------------- tall piles

JS_FAN = """(root) => {
  const box = root.querySelector('.sw-table [data-pile="T1"]');
  const felt = root.querySelector('.sw-table').getBoundingClientRect();
  const outer = root.getBoundingClientRect();
  const cards = [...box.querySelectorAll(':scope > .sw-card')].map(c => c.getBoundingClientRect());
  const corners = [...box.querySelectorAll(':scope > .sw-face')].map(c => {
    const r = c.querySelector('.sw-corner').getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            text: c.querySelector('.sw-corner').textContent};
  });
  return {felt: felt.height, outer: [outer.left, outer.top, outer.right, outer.bottom],
          cards: cards.map(r => [r.top, r.bottom, r.height]), corners,
          label: box.getAttribute('aria-label')};
}"""


def check_tall_pile(table: Table, nb: NotebookSession) -> dict[str, Any]:
    """The felt within its bound; each corner inside the widget, covered at most
    CORNER_COVERED by the next card; the top card whole; the spoken name lists all 60."""
    cards = nb.kernel.eval("[c.code for c in fly60_game.pile('T1')]")
    assert len(cards) == 60
    fan = table.root.evaluate(JS_FAN)
    assert fan["felt"] <= FELT_MAX + 0.5, fan["felt"]
    left, top, right, bottom = fan["outer"]
    corners = fan["corners"]
    assert [c["text"] for c in corners] == [
        ("10" if code[0] == "T" else code[0]) + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[1]]
        for code in cards
    ]
    boxes = fan["cards"]
    following_cards = [*boxes[1:], None]
    for corner, following in zip(corners, following_cards, strict=True):
        assert left <= corner["left"] and corner["right"] <= right
        assert top <= corner["top"] and corner["bottom"] <= bottom
        if following is not None:
            covered = max(0.0, corner["bottom"] - following[0])
            height = corner["bottom"] - corner["top"]
            assert covered <= CORNER_COVERED * height + 0.5, (corner, following, covered)
    top_card = boxes[-1]
    assert abs(top_card[2] - (boxes[0][2])) < 0.5 and top_card[1] <= bottom  # whole
    spoken = re.findall(
        r"\b(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of "
        r"(clubs|diamonds|hearts|spades)\b",
        fan["label"],
    )
    assert len(spoken) == 60, fan["label"]  # every card is spoken
    return fan


def test_a_60_card_pile_squeezes_within_the_bound(nb: NotebookSession) -> None:
    table = table_of(nb, "fly60")
    page = nb.page
    table.wait_matches()
    for width in (1280, 620):
        set_cell_width(nb, None if width == 1280 else width)
        check_tall_pile(table, nb)
        save(table, f"lab-fly-60-cards-{width}px")
    set_cell_width(nb, None)

    # Hovering a buried card shows it whole; so does focusing it (PageUp in the pile).
    card = table.pile("T1").locator(".sw-face").nth(30)
    box = card.bounding_box()
    assert box is not None
    card.hover(position={"x": box["width"] / 2, "y": 2})  # on its visible strip
    box = card.bounding_box()
    assert box is not None
    below = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('.sw-card')?.dataset.layer",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.8],
    )
    assert below == card.get_attribute("data-layer")
    page.mouse.move(0, 0)
    table.pile("T1").focus()
    for _ in range(3):
        page.keyboard.press("PageUp")
    focused = table.pile("T1").locator(".sw-face").nth(56)
    expect(focused).to_be_focused()
    expect(focused).to_have_attribute("aria-label", re.compile(r", card 57 of 60 face up in"))
    box = focused.bounding_box()
    assert box is not None
    shown = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('.sw-card')"
        " === document.activeElement",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.8],
    )
    assert shown
    page.keyboard.press("Escape")
    expect(table.pile("T1")).to_be_focused()
    assert_clean_page(nb)


# --------------------------------------------------------------------------- narrow cells, looks

JS_LAYOUT = """(root) => {
  const box = (el) => el.getBoundingClientRect();
  const r = box(root);
  const overlaps = [];
  for (const slot of root.querySelectorAll('.sw-slot')) {
    const caption = box(slot.querySelector('.sw-caption'));
    for (const other of root.querySelectorAll('.sw-count')) {
      const b = box(other);
      if (b.left < caption.right && caption.left < b.right && b.top < caption.bottom
          && caption.top < b.bottom) overlaps.push(slot.querySelector('.sw-caption').textContent);
    }
  }
  const outside = [];
  for (const el of root.querySelectorAll('*')) {
    if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') continue;  // hidden
    if (el.closest('.sw-selected')) continue;
    const b = box(el);
    if (b.width && (b.right > r.right + 1 || b.left < r.left - 1)) {
      outside.push(el.className || el.tagName);
    }
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      outside.push('scroll:' + el.className);
  }
  const controls = box(root.querySelector('.sw-controls'));
  const button = box(root.querySelector('.sw-controls .sw-button'));
  const controlsRows = Math.round(controls.height / button.height);
  return {width: r.width, overlaps, outside, controlsRows};
}"""

JS_LOOKS = """(root) => {
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const felt = getComputedStyle(root.querySelector('.sw-table')).backgroundImage;
  const face = rgb(getComputedStyle(root.querySelector('.sw-face')).backgroundColor);
  return {felt: (felt.match(/rgb\\([^)]*\\)/g) || []).map(rgb), face};
}"""


# Resolves once the first table's width has stayed the same over three pairs of animation
# frames: JupyterLab lays its panels out again a frame or two after a resize or a theme change.
# (An event, not a pause: on a loaded machine the frames simply come later.)
JS_SETTLED_WIDTH = """async () => {
  const frames = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const root = document.querySelector('.sw-root');
  let last = null, same = 0;
  while (same < 3) {
    await frames();
    const width = root ? root.getBoundingClientRect().width : 0;
    same = width === last ? same + 1 : 0;
    last = width;
  }
  return last;
}"""


def set_cell_width(nb: NotebookSession, width: int | None) -> None:
    """A 1280 x 900 window (``None``), or a window in which the tables are ``width`` px wide."""
    page = nb.page
    page.set_viewport_size({"width": 1280, "height": 900})
    shown = page.evaluate(JS_SETTLED_WIDTH)
    if width is None:
        return
    for _ in range(4):
        if abs(shown - width) <= 1:
            return
        viewport = page.viewport_size
        assert viewport is not None
        page.set_viewport_size({"width": int(viewport["width"] + width - shown), "height": 900})
        shown = page.evaluate(JS_SETTLED_WIDTH)
    raise AssertionError(f"could not make the cell {width} px wide (it is {shown})")


def save(table: Table, name: str) -> Path:
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS_DIR / f"{name}.png"
    table.root.screenshot(path=str(path))
    return path


def set_theme(nb: NotebookSession, dark: bool) -> None:
    theme = "JupyterLab Dark" if dark else "JupyterLab Light"
    nb.page.evaluate(
        "async (t) => { await window.jupyterapp.commands.execute("
        "'apputils:change-theme', {theme: t}) }",
        theme,
    )
    nb.page.wait_for_function(
        "(d) => document.body.dataset.jpThemeLight === String(!d)",
        arg=dark,
        timeout=EXPECT_TIMEOUT_MS,
    )
    nb.page.evaluate(JS_SETTLED_WIDTH)


LOOK_TABLES = ["fly100", "quadrennial", "acquaintance", "acme", "fly60"]


def test_narrow_cells_both_themes_and_screenshots(nb: NotebookSession) -> None:
    """At cells of 368 and 620 px and in a 1280 px window, light and dark: names and badges
    never overlap, nothing leaves the widget, controls wrap; the felt is green and the card
    faces light in both themes. A screenshot of each table goes to test-artifacts/."""
    try:
        for dark in (False, True):
            set_theme(nb, dark)
            theme = "dark" if dark else "light"
            for width in (368, 620, None):
                set_cell_width(nb, width)
                label = f"{width}px" if width else "1280px-window"
                for name in LOOK_TABLES:
                    table = table_of(nb, name)
                    table.wait_matches()
                    layout = table.root.evaluate(JS_LAYOUT)
                    assert not layout["overlaps"], (name, label, layout["overlaps"])
                    assert not layout["outside"], (name, label, layout["outside"])
                    if width == 368:
                        assert abs(layout["width"] - 368) <= 1
                        assert layout["controlsRows"] >= 2  # the controls wrap
                    looks = table.root.evaluate(JS_LOOKS)
                    assert looks["felt"] and all(g > r + 20 and g > b for r, g, b in looks["felt"])
                    assert min(looks["face"]) > 230, looks["face"]  # light faces
                    save(table, f"lab-{name}-{label}-{theme}")
    finally:
        set_theme(nb, False)
        set_cell_width(nb, None)
    assert_clean_page(nb)


def test_rings_differ_in_shape(nb: NotebookSession) -> None:
    """Last move: a dashed ring; a legal target: a double ring; the picked-up card: a solid ring
    and lifted. Each is a different shape, not only a different colour."""
    table = table_of(nb, "acme")
    table.wait_matches()
    last = table.root.locator(".sw-last").first
    expect(last).to_have_css("outline-style", "dashed")
    move = next(
        m
        for m in nb.kernel.eval("[str(m) for m in acme_game.legal_moves()]")
        if "-" in m and m.split("-")[0] != "S"
    )
    src, dst = move.split("-")
    table.pick_up(src)
    expect(table.pile(dst)).to_have_css("outline-style", "double")
    held = table.pile(src).locator(".sw-card").last
    expect(held).to_have_css("transform", re.compile(r"matrix\(1, 0, 0, 1, 0, -4\)"))
    shadow = held.evaluate("el => getComputedStyle(el).boxShadow")
    assert "0px 0px 0px 3px" in shadow, shadow  # a solid ring around the card
    table.pile(src).click()  # put it back
    expect(table.root.locator(".sw-target")).to_have_count(0)
    save(table, "lab-acme-rings")
    assert_clean_page(nb)
