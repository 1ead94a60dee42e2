"""The table plays like a game, in JupyterLab and Notebook 7 (issue 22 points 6 to 9).

One notebook, several tables; every check uses that one page:

* **one-click play**: a card with exactly one legal destination is played by one click (the
  same move, no second message); a card with several is picked up and a second click
  chooses; a card that can go nowhere is picked up and the table says so;
* **Restart** is undone in one step by Undo, and its message says so;
* **the slide**: the moved card slides from its old place (``Element.animate`` is watched:
  one animation of at most 200 ms, a transform from the source pile's place), and none under
  ``prefers-reduced-motion``; the next click is not delayed (the card is in its pile at once);
* **hover**: hovering a buried card of a long Fly fan shows it whole while the top card stays
  whole and in sight (hit-tested with ``elementFromPoint``), with no picked-up ring;
* **count badges** beside the piles' names, off every card face;
* **teaching text** at least 14 px, and 20 px with "large text";
* **a visible win** (Python's words over the felt), the **↻ cue** on an empty stock that can
  be redealt, and a 260 px cell (a 200% zoom with the file browser open) that still holds
  Fly's eight foundations.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, expect

from .harness import FRONTENDS, Frontend, NotebookSession, OpenNotebook
from .test_widget_browser import EXPECT_TIMEOUT_MS, KERNEL_TIMEOUT, Table, assert_clean_page
from .test_widget_class import set_cell_width

pytestmark = pytest.mark.browser

SETUP = '''
from solitaire_widgets import Game
from solitaire_widgets.hints import hints
from solitaire_widgets.solver import solve
from solitaire_widgets.widget import GameWidget


def moves_from(game, pile):
    return [str(m) for m in game.legal_moves() if str(m).split("-")[0] == pile]


def clicks(game):
    """Piles with a face-up card, by how many legal destinations it has: 1, many, none."""
    piles = game.view()["piles"]
    shown = [s for s, p in piles.items() if p["cards"] and p["kind"] not in ("foundation", "stock")]
    count = {s: len(moves_from(game, s)) for s in shown}
    return ([s for s in shown if count[s] == 1], [s for s in shown if count[s] > 1],
            [s for s in shown if count[s] == 0])


PLAY_SEED = next(s for s in range(1, 1000) if all(clicks(Game("acme", seed=s))))
play_game = Game("acme", seed=PLAY_SEED)
ONE, MANY, NOWHERE = (piles[0] for piles in clicks(play_game))

fly_game = Game("fly", seed=1)
while len(fly_game.history) < 100 and fly_game.legal_moves():
    fly_game.play(hints(fly_game)[0].move)

WON_SEED = next(s for s in range(1, 200) if solve(Game("acme", seed=s), max_nodes=100_000).solved)
won_game = Game("acme", seed=WON_SEED)
LINE = solve(won_game, max_nodes=100_000).moves
for move in LINE[:-1]:
    won_game.play(move)

redeal_game = Game("acme", seed=3)
while "S-W" in redeal_game.legal_moves():
    redeal_game.play("S-W")
'''

CELLS: list[str | tuple[str, str]] = [
    ("markdown", "# the table plays like a game (browser test)"),
    SETUP,
    "play_table = GameWidget(play_game)\nplay_table",
    "fly_table = GameWidget(fly_game)\nfly_table",
    "won_table = GameWidget(won_game)\nwon_table",
    "redeal_table = GameWidget(redeal_game)\nredeal_table",
]

# Records every Element.animate call (the slide): keyframes, duration, and the card.
JS_WATCH_ANIMATIONS = """() => {
  window.__swSlides = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    window.__swSlides.push({card: this.dataset.card || null, frames: JSON.stringify(frames),
                            duration: typeof options === 'number' ? options : options.duration});
    return animate.call(this, frames, options);
  };
}"""

# For a fanned pile: is its top card whole and on top where it is drawn, while a buried card
# is hovered? (The hovered card is found at its own visible strip.)
JS_TOP_IN_SIGHT = """(box) => {
  const faces = [...box.querySelectorAll(':scope > .sw-face')];
  const top = faces[faces.length - 1].getBoundingClientRect();
  const hit = document.elementFromPoint(top.left + top.width / 2, top.top + top.height / 2);
  return {topHit: hit && hit.closest('.sw-card') === faces[faces.length - 1], height: top.height};
}"""

# Every count badge's box against every card face's box.
JS_BADGES_OFF_FACES = """(root) => {
  const boxes = (sel) => [...root.querySelectorAll(sel)].map(n => n.getBoundingClientRect());
  const faces = boxes('.sw-card');
  const badges = boxes('.sw-count:not([hidden])');
  const hits = badges.filter(b => faces.some(f => b.left < f.right && f.left < b.right
                                                  && b.top < f.bottom && f.top < b.bottom));
  return {badges: badges.length, over: hits.length};
}"""


@pytest.fixture(autouse=True)
def _patient_expect() -> Iterator[None]:
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    yield
    expect.set_options(timeout=5_000)


def button(table: Table, name: str) -> Locator:
    return table.root.locator(".sw-controls").get_by_role("button", name=name, exact=True)


def font_px(table: Table, selector: str) -> float:
    value: float = table.root.locator(selector).first.evaluate(
        "el => parseFloat(getComputedStyle(el).fontSize)"
    )
    return value


def check_one_click(nb: NotebookSession, table: Table) -> None:
    """One click plays a card's only move and it slides; a choice takes two; nowhere says so."""
    kernel = nb.kernel
    one = kernel.eval("ONE")
    move = kernel.eval(f"moves_from(play_game, {one!r})[0]")
    nb.page.evaluate(JS_WATCH_ANIMATIONS)
    table.pile(one).click()
    table.wait_history([move])
    table.wait_matches()  # the table redrawn: the slide has started
    slides = nb.page.evaluate("() => window.__swSlides")
    assert len(slides) == 1 and 0 < slides[0]["duration"] <= 200, slides
    assert "translate(" in slides[0]["frames"] and '"none"' in slides[0]["frames"]
    expect(table.pile(one)).to_have_attribute("aria-pressed", "false")  # nothing picked up
    # Several destinations: picked up, the targets ringed; a second click chooses.
    many = kernel.eval("clicks(play_game)[1][0]")
    target = kernel.eval(f"moves_from(play_game, {many!r})[0]").split("-")[1]
    table.pile(many).click()
    expect(table.pile(many)).to_have_attribute("aria-pressed", "true")
    expect(table.pile(target)).to_have_class(re.compile(r"\bsw-target\b"))
    table.pile(target).click()
    table.wait_history([move, f"{many}-{target}"])
    # A card that can go nowhere: picked up, and the table says why.
    nowhere = kernel.eval("clicks(play_game)[2][0]")
    table.pile(nowhere).click()
    expect(table.root.locator(".sw-error")).to_contain_text(f"on {nowhere} can go nowhere now")
    expect(table.pile(nowhere)).to_have_attribute("aria-pressed", "true")
    table.pile(nowhere).click()  # put it back
    expect(table.pile(nowhere)).to_have_attribute("aria-pressed", "false")
    # Reduced motion: the next move does not slide.
    nb.page.emulate_media(reduced_motion="reduce")
    nb.page.evaluate("() => { window.__swSlides = []; }")
    button(table, "Undo").click()
    table.wait_history([move])
    button(table, "Redo").click()
    table.wait_history([move, f"{many}-{target}"])
    table.wait_matches()
    assert nb.page.evaluate("() => window.__swSlides") == []
    nb.page.emulate_media(reduced_motion="no-preference")
    # Restart is undone in one step, and says so (issue 22 point 5).
    played = [move, f"{many}-{target}"]
    button(table, "Restart").click()
    table.wait_history([])
    expect(table.root.locator(".sw-message")).to_have_text(
        "back to the deal: Undo brings the 2 moves back"
    )
    expect(button(table, "Undo")).to_have_attribute("aria-disabled", "false")
    button(table, "Undo").click()
    table.wait_history(played)


def check_text_sizes(table: Table) -> None:
    """The teaching text: at least 14 px, 20 px with "large text"."""
    button(table, "Hint").click()
    expect(table.root.locator(".sw-hint-reason").first).to_be_visible()
    for selector in (".sw-hint-reason", ".sw-message", ".sw-status", ".sw-chances"):
        assert font_px(table, selector) >= 14, selector
    table.root.locator(".sw-large-text input").check()
    table.nb.kernel.wait_for("play_table.large", bool, KERNEL_TIMEOUT)
    for selector in (".sw-hint-reason", ".sw-message", ".sw-status"):
        assert font_px(table, selector) >= 20, selector
    table.root.locator(".sw-large-text input").uncheck()


def check_hover_and_badges(nb: NotebookSession, table: Table) -> None:
    """A buried card hovered is shown whole, the top card stays whole and in sight; no count
    badge lies on a card face."""
    box = max(
        (table.pile(name) for name in ("T1", "T2", "T3", "T4", "T5")),
        key=lambda pile: pile.locator(".sw-face").count(),
    )
    faces = box.locator(":scope > .sw-face")
    assert faces.count() >= 4
    nb.page.set_viewport_size({"width": 1280, "height": 1800})  # the spread fan in sight
    table.root.evaluate("root => root.scrollIntoView({block: 'start'})")
    buried = faces.nth(faces.count() - 3)
    shape = buried.bounding_box()
    assert shape is not None
    nb.page.mouse.move(shape["x"] + shape["width"] / 2, shape["y"] + 3)
    seen = box.evaluate(JS_TOP_IN_SIGHT)
    assert seen["topHit"], "the top card is covered while a buried card is hovered"
    under = nb.page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('.sw-card')?.dataset.card",
        [shape["x"] + shape["width"] / 2, shape["y"] + shape["height"] * 0.9],
    )
    assert under == buried.get_attribute("data-card"), "the hovered card is not shown whole"
    assert box.get_attribute("aria-pressed") == "false"
    nb.page.mouse.move(0, 0)
    nb.page.set_viewport_size({"width": 1280, "height": 900})
    badges = table.root.evaluate(JS_BADGES_OFF_FACES)
    assert badges["badges"] >= 3 and badges["over"] == 0, badges


def check_win_and_redeal_cue(nb: NotebookSession) -> None:
    """The last move of a won game: the win is shown over the felt; an empty stock that can
    be turned over again shows ↻."""
    won = Table(nb, index=2, game="won_game")
    last = nb.kernel.eval("LINE[-1]")
    source, target = last.split("-")
    won.pile(source).click()
    if won.pile(source).get_attribute("aria-pressed") == "true":
        won.pile(target).click()  # a card with several destinations
    nb.kernel.wait_for("won_game.status", lambda s: s == "won", KERNEL_TIMEOUT)
    banner = won.root.locator(".sw-win")
    expect(banner).to_be_visible()
    expect(banner).to_have_text(re.compile(r"^Won! Every card is home, in \d+ moves\.$"))
    redeal = Table(nb, index=3, game="redeal_game")
    expect(redeal.pile("S").locator(".sw-redeal-cue")).to_have_text("↻")


@pytest.mark.parametrize("frontend", FRONTENDS)
def test_the_table_plays_like_a_game(open_notebook: OpenNotebook, frontend: Frontend) -> None:
    nb = open_notebook("play", CELLS, frontend)
    expect(nb.page.locator(".sw-root")).to_have_count(4)
    play = Table(nb, index=0, game="play_game")
    play.wait_matches()
    check_one_click(nb, play)
    check_text_sizes(play)
    fly = Table(nb, index=1, game="fly_game")
    fly.wait_matches()
    check_hover_and_badges(nb, fly)
    check_win_and_redeal_cue(nb)
    if frontend == "lab":  # a 200% zoom with the file browser open: a 260 px cell
        set_cell_width(nb, 260)
        right = fly.root.evaluate(
            "root => [root.getBoundingClientRect().right, Math.max(...[...root.querySelectorAll("
            "'.sw-pile')].map(p => p.getBoundingClientRect().right))]"
        )
        assert right[1] <= right[0] + 0.5, f"a pile reaches past the table: {right}"
        set_cell_width(nb, None)
    assert_clean_page(nb)
