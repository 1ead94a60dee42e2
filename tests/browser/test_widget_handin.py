"""A student's round of the class lesson, in JupyterLab and Notebook 7 (issue 24 points 1 and
3): the New deal box takes the code on the projector (any case; a slip is refused in words and
deals nothing) and the line under the table shows it; the Save button refuses while nothing is
played, then writes ``games-<name>.json`` next to the notebook and says so; the file reads back
with ``classroom.collect``. Where the kernel runs in the browser (the browser-only site: made
to look so here), the browser downloads the same text.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Locator, expect

from solitaire_widgets.classroom import collect

from .harness import FRONTENDS, Frontend, JupyterServer, OpenNotebook
from .test_widget_browser import KERNEL_TIMEOUT, Table, assert_clean_page

pytestmark = pytest.mark.browser


def cells(frontend: Frontend) -> list[str | tuple[str, str]]:
    return [
        ("markdown", "# a student's round: the deal code, play, Save (browser test)"),
        "from solitaire_widgets import Game\nfrom solitaire_widgets.exercises import student\n"
        f"from solitaire_widgets.widget import GameWidget\nstudent('Ana {frontend}')",
        "game = Game('acme', seed=1)\ntable = GameWidget(game)\ntable",
    ]


def button(table: Table, label: str) -> Locator:
    return table.root.locator(".sw-controls").get_by_role("button", name=label, exact=True)


def check_the_deal_code(table: Table) -> None:
    """The code as said out loud, typed in lower case; one with a slip first."""
    kernel = table.nb.kernel
    seed = table.root.locator(".sw-seed")
    seed.fill("acme-7x")  # deal 7's check letter is L
    button(table, "Deal ACME-7X").click()
    expect(table.root.locator(".sw-error")).to_contain_text("the check letter does not match")
    assert kernel.eval("[game.seed, game.history]") == [1, []]
    seed.fill("acme-7l")
    button(table, "Deal ACME-7L").click()
    kernel.wait_for("game.seed", lambda s: s == 7, KERNEL_TIMEOUT)
    expect(seed).to_have_value("")
    expect(table.root.locator(".sw-error")).to_have_text("")
    expect(table.root.locator(".sw-message")).to_have_text(re.compile(r"^new deal: ACME-7L \("))
    expect(table.root.locator(".sw-status")).to_contain_text("deal 7 · code ACME-7L")


def check_save(table: Table, server: JupyterServer, frontend: Frontend, tmp_path: Path) -> Path:
    """Save refuses with nothing played, then saves the game: the file is next to the notebook
    and ``collect`` reads it back, checked."""
    name = f"games-ana-{frontend}.json"
    button(table, "Save").click()
    expect(table.root.locator(".sw-error")).to_have_text(
        "✗ nothing to save yet: no move has been played on this table"
    )
    assert not (server.root_dir / name).exists()
    table.pile("S").click()
    table.wait_history(["S-W"])
    button(table, "Save").click()
    expect(table.root.locator(".sw-message")).to_have_text(f"saved 1 game to {name}")
    expect(table.root.locator(".sw-error")).to_have_text("")
    handed_in = tmp_path / "handed-in"
    handed_in.mkdir()
    shutil.copy(server.root_dir / name, handed_in / name)
    found = collect(handed_in)
    assert found.problems == ()
    assert [(g.player, g.game.code, g.game.moves) for g in found.games] == [
        (f"ana {frontend}", "ACME-7L", 1)  # collect reads names in lower case
    ]
    return server.root_dir / name


@pytest.mark.parametrize("frontend", FRONTENDS)
def test_a_student_deals_the_code_plays_and_saves(
    open_notebook: OpenNotebook,
    jupyter_server: JupyterServer,
    frontend: Frontend,
    tmp_path: Path,
) -> None:
    nb = open_notebook("handin", cells(frontend), frontend)
    table = Table(nb)
    table.wait_matches()
    check_the_deal_code(table)
    saved = check_save(table, jupyter_server, frontend, tmp_path)

    # The browser-only site's way out: the kernel says it runs in the browser, the browser
    # downloads the very text of the file.
    nb.kernel.run(
        "import solitaire_widgets.widget.saving as saving_\n"
        "kernel_in_browser_ = saving_.kernel_in_browser\n"
        "saving_.kernel_in_browser = lambda: True"
    )
    try:
        with nb.page.expect_download() as info:
            button(table, "Save").click()
        download = info.value
        assert download.suggested_filename == saved.name
        assert Path(download.path()).read_text(encoding="utf-8") + "\n" == saved.read_text(
            encoding="utf-8"
        )
        expect(table.root.locator(".sw-message")).to_contain_text(
            "downloads it too: hand that file in"
        )
    finally:
        nb.kernel.run("saving_.kernel_in_browser = kernel_in_browser_")
    assert_clean_page(nb)
