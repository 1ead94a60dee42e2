"""The JupyterLite site (``./scripts/site``): built offline, served on 127.0.0.1, used in chromium.

The site is built from the registries into a temporary folder, served by the build script's
own server, and opened in Debian's chromium with every request that is not to loopback
aborted and recorded. In it: ``00_start_here`` and a variant tutorial run top to bottom in
the Pyodide kernel (Python in the browser, no threads), a move is played by clicking the
table, Save downloads the table's game log, Solve gives a verdict, and Stop ends a long
Chances run — the background jobs running cooperatively on the kernel's event loop. Then the
list of outside requests must be empty.

Nothing here depends on the notebooks' wording: a table is found by what it is (a
``GameWidget`` output that is not a replay), a move by what the engine says is legal. The
notebooks that plot need matplotlib, which the offline site does not have; none is run here.
Screenshots and the build's timings go to ``test-artifacts/``.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from solitaire_widgets.classroom import collect

from .harness import ARTIFACTS_DIR, REPO_ROOT, NetworkLog, new_offline_context, save_screenshot

pytestmark = pytest.mark.browser

BUILD_TIMEOUT = 600  # seconds; a cold build downloads ~25 MB from npm and PyPI
KERNEL_START_MS = 240_000  # Pyodide starts, loads its packages: ~40 s on 2 idle cores
RUN_ALL_MS = 300_000  # a tutorial in Pyodide runs a few times slower than in CPython
EXPECT_MS = 60_000
START_HERE = "00_start_here.ipynb"
PLAY = "play.ipynb"  # what a deal link opens (widget.DealFromLink)
VARIANT_TUTORIAL = "*acme*.ipynb"  # one variant tutorial, found by name


def load_build_script() -> ModuleType:
    """``scripts/build_site.py`` as a module (its server and constants)."""
    spec = importlib.util.spec_from_file_location("build_site", REPO_ROOT / "scripts/build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_site"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """The site, built by the build script into a fresh folder and served on 127.0.0.1."""
    build_site = load_build_script()
    output = tmp_path_factory.mktemp("site") / "site"
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(REPO_ROOT / "scripts/build_site.py"), "--output", str(output)],
        capture_output=True,
        text=True,
        timeout=BUILD_TIMEOUT,
        check=False,
    )
    seconds = time.perf_counter() - started
    assert done.returncode == 0, f"the site build failed:\n{done.stdout}\n{done.stderr}"
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS_DIR / "site-timings.txt").write_text(
        f"build: {seconds:.0f} s, {size / 2**20:.1f} MB\n"
    )
    with build_site.serving(output) as url:
        yield output, url


@pytest.fixture(scope="module")
def browser_page(chromium_browser: Browser) -> Iterator[tuple[Page, NetworkLog]]:
    """One offline page for the module: outside requests aborted and recorded."""
    log = NetworkLog()
    context = new_offline_context(chromium_browser, log)
    page = context.new_page()
    page.on("console", lambda m: log.console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: log.page_errors.append(str(e)))
    try:
        yield page, log
    finally:
        (ARTIFACTS_DIR / "site-console.txt").write_text(
            "\n".join([*log.console, "--- page errors ---", *log.page_errors])
        )
        context.close()


@pytest.fixture
def fresh_page(
    chromium_browser: Browser, request: pytest.FixtureRequest
) -> Iterator[tuple[Page, NetworkLog]]:
    """A page in a context of its own: a new browser profile, so no notebook from an earlier
    test is restored beside the one opened (each would start a kernel of its own). A test may
    ask for other context options by indirect parametrization (a zoomed page)."""
    log = NetworkLog()
    context = new_offline_context(chromium_browser, log, **getattr(request, "param", {}))
    page = context.new_page()
    page.on("pageerror", lambda e: log.page_errors.append(str(e)))
    try:
        yield page, log
    finally:
        context.close()


@pytest.fixture(autouse=True)
def _patient_expect(
    request: pytest.FixtureRequest, browser_page: tuple[Page, NetworkLog]
) -> Iterator[None]:
    """Playwright's expect waits as long as Pyodide needs; a failed test leaves a screenshot."""
    expect.set_options(timeout=EXPECT_MS)
    yield
    expect.set_options(timeout=5_000)
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        save_screenshot(browser_page[0], f"{request.node.name}-FAILED")


# -- the page ------------------------------------------------------------------------------

JS_KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!(k && k.status === 'idle' && k.connectionStatus === 'connected');
}"""

JS_RUN_ALL = """async (ms) => {
  const run = window.jupyterapp.commands.execute('notebook:run-all-cells');
  const timer = new Promise((_, reject) => setTimeout(
      () => reject(new Error(`run-all-cells not finished after ${ms} ms`)), ms));
  return await Promise.race([run, timer]);
}"""

JS_CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets.map((c, i) => {
  if (c.model.type !== 'code') return {index: i, code: false};
  const outputs = c.model.outputs.toJSON();
  return {
    index: i, code: true, count: c.model.executionCount,
    errors: outputs.filter(o => o.output_type === 'error').map(o => `${o.ename}: ${o.evalue}`),
    models: outputs.map(o => (o.data || {})['application/vnd.jupyter.widget-view+json'])
                   .filter(v => v).map(v => v.model_id),
  };
})"""

# Runs code in the page's own kernel (the notebook's namespace) and returns what it printed.
JS_EXECUTE = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false});
  let out = '', error = '';
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') out += msg.content.text;
    if (msg.header.msg_type === 'error') error = `${msg.content.ename}: ${msg.content.evalue}`;
  };
  await future.done;
  if (error) throw new Error(error);
  return out;
}"""


# Whether the open notebook is marked modified, once its kernel's info has been written into
# it (the front end does that in a callback on the same promise, registered earlier, so it
# has run when this await returns); with the kernel's language_info and the notebook's.
JS_OPENED_STATE = """async () => {
  const w = window.jupyterapp.shell.currentWidget;
  const info = await w.sessionContext.session.kernel.info;
  await new Promise((resolve) => setTimeout(resolve, 0));
  return {
    dirty: w.context.model.dirty,
    marks: document.querySelectorAll('.jp-mod-dirty').length,
    kernel: info.language_info,
    notebook: w.context.model.getMetadata('language_info'),
  };
}"""


class Lite:
    """A notebook open in the JupyterLite site, and its Pyodide kernel."""

    def __init__(self, page: Page, url: str, name: str, app: str = "lab", query: str = "") -> None:
        """Open ``name`` in the site's ``app`` (``lab``: JupyterLab; ``notebooks``: Notebook 7),
        with ``query`` after the path (``&deal=ACME-7L``), and wait for its kernel."""
        self.page = page
        started = time.perf_counter()
        page.goto(f"{url}/{app}/index.html?path={name}{query}", wait_until="domcontentloaded")
        page.wait_for_function(
            "p => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
            " return !!(w && w.context && w.context.path === p); }",
            arg=name,
            timeout=KERNEL_START_MS,
            polling=500,
        )
        page.wait_for_function(JS_KERNEL_IDLE, timeout=KERNEL_START_MS, polling=500)
        self.kernel_seconds = time.perf_counter() - started
        # The notebook's own panel: a restored workspace may have other notebooks open.
        panel = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
        self.root = page.locator(f"[id='{panel}'] .jp-Notebook")

    def assert_opened_unmodified(self) -> None:
        """Opened, kernel started, nothing edited: no dirty mark (issue 22). The site's copy
        carries the language the Pyodide kernel reports (scripts/build_site.py)."""
        state = self.page.evaluate(JS_OPENED_STATE)
        assert state["kernel"] == state["notebook"], state
        assert (state["dirty"], state["marks"]) == (False, 0), state

    def run_all(self) -> list[dict[str, Any]]:
        """Run every cell; fail on an error output or a cell that did not run."""
        self.page.evaluate(JS_RUN_ALL, RUN_ALL_MS)
        self.page.wait_for_function(JS_KERNEL_IDLE, timeout=RUN_ALL_MS, polling=500)
        cells: list[dict[str, Any]] = self.page.evaluate(JS_CELLS)
        errors = [f"cell {c['index']}: {e}" for c in cells if c["code"] for e in c["errors"]]
        assert not errors, f"cells raised in Pyodide: {errors}"
        not_run = [c["index"] for c in cells if c["code"] and not c["count"]]
        assert not not_run, f"cells that did not run: {not_run}"
        return cells

    def eval(self, expr: str) -> Any:
        """A JSON-serialisable expression, evaluated in the kernel."""
        out = self.page.evaluate(JS_EXECUTE, f"import json as _j\nprint(_j.dumps({expr}))")
        return json.loads(str(out).strip().splitlines()[-1])

    def wait_for(self, expr: str, predicate: Any, timeout: float = 60.0) -> Any:
        """Poll ``expr`` in the kernel until ``predicate`` holds; return its value."""
        deadline = time.monotonic() + timeout
        value = self.eval(expr)
        while not predicate(value):
            assert time.monotonic() < deadline, f"kernel: {expr} = {value!r} after {timeout}s"
            time.sleep(0.5)
            value = self.eval(expr)
        return value

    def tables(self, cells: list[dict[str, Any]]) -> list[tuple[int, str]]:
        """(cell index, widget name in the kernel) of each live table shown, in order.

        A live table is a ``GameWidget`` output that is not showing a replay; the kernel
        gets a name for it (``_site_table_N``) so the test can ask about it."""
        shown = [(c["index"], m) for c in cells if c["code"] for m in c["models"]]
        self.setup()
        found = self.eval(
            "[i for i in ids if isinstance(_w.get(i), _GW) and not _w[i].replay]".replace(
                "ids", repr([m for _, m in shown])
            )
        )
        result = []
        for number, (index, model) in enumerate((i, m) for i, m in shown if m in found):
            name = f"_site_table_{number}"
            self.eval(f"globals().__setitem__({name!r}, _w[{model!r}]) or True")
            result.append((index, name))
        return result

    def setup(self) -> None:
        """Name the kernel-side helpers the test uses (apart from the notebook's own names)."""
        self.page.evaluate(
            JS_EXECUTE,
            "from ipywidgets.widgets.widget import _instances as _w\n"
            "from solitaire_widgets.widget import GameWidget as _GW",
        )

    def table(self, cell: int) -> Locator:
        return self.root.locator(".jp-Cell").nth(cell).locator(".sw-root").first


def button(table: Locator, label: str) -> Locator:
    return table.locator(".sw-controls").get_by_role("button", name=label, exact=True)


def click_moves(lite: Lite, name: str) -> list[list[str]]:
    """The piles to click for each legal move of a table, by the engine: a card's pile then
    its target, or the stock alone (a click on it draws or deals)."""
    moves: list[list[str]] = lite.eval(
        f"[[m.split('-')[0], m.split('-')[1]] for m in map(str, {name}.game.legal_moves())"
        f" if '-' in m and m != 'S-W'"
        f" and {name}.view['piles'].get(m.split('-')[0], {{}}).get('cards')"
        f" and {name}.view['piles'][m.split('-')[0]]['kind'] != 'foundation'"
        f" and m.split('-')[1] in {name}.view['piles']]"
        f" + [['S'] for m in map(str, {name}.game.legal_moves()) if m in ('S-W', 'deal')]"
    )
    return moves


# -- the tests --------------------------------------------------------------------------------


def test_the_site_is_pinned_and_complete(site: tuple[Path, str]) -> None:
    """Every wheel in the site's lock is pinned; every tutorial is in it, with Pyodide's kernel."""
    output, _ = site
    build_site = sys.modules["build_site"]
    pins, _npm = build_site.read_pins()
    lock = json.loads((output / "static/pyodide/pyodide-lock.json").read_text())
    own = {"solitaire-widgets", *build_site.KERNEL_WHEELS}
    for name, entry in lock["packages"].items():
        assert (output / "static/pyodide" / entry["file_name"]).is_file(), name
        if name not in own:
            assert pins[name] == entry["version"], name
    assert set(build_site.PRELOADED) <= set(lock["packages"])
    tutorials = sorted(p.name for p in (REPO_ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in (output / "files").glob("*.ipynb")) == sorted([*tutorials, PLAY])
    notebook = json.loads((output / "files" / START_HERE).read_text())
    assert notebook["metadata"]["kernelspec"]["name"] == "python"  # JupyterLite's Pyodide


def check_save_downloads(page: Page, table: Locator, tmp_path: Path) -> None:
    """Save in the browser-only site (issue 24 point 3): the kernel runs in the browser, so
    the browser downloads the log, which ``collect`` reads back with its games checked."""
    with page.expect_download() as info:
        button(table, "Save").click()
    download = info.value
    name = download.suggested_filename
    assert re.fullmatch(r"games-[a-z0-9-]+\.json", name), name
    expect(table.locator(".sw-message")).to_contain_text(
        re.compile(
            rf"^(saved \d+ games? to {name} in this browser's storage|could not write {name})"
        )
    )
    folder = tmp_path / "handed-in"
    folder.mkdir()
    download.save_as(folder / name)
    found = collect(folder)
    assert found.problems == () and found.games, str(found)


def test_start_here_runs_and_a_click_plays_a_move(
    site: tuple[Path, str], browser_page: tuple[Page, NetworkLog], tmp_path: Path
) -> None:
    _, url = site
    page, log = browser_page
    started = time.perf_counter()
    lite = Lite(page, url, START_HERE)
    lite.assert_opened_unmodified()
    cells = lite.run_all()
    tables = lite.tables(cells)
    assert tables, "00_start_here shows no live table"
    cell, name = tables[0]
    table = lite.table(cell)
    expect(table.locator(".sw-table")).to_be_visible()
    first_table = time.perf_counter() - started
    (ARTIFACTS_DIR / "site-timings.txt").open("a").write(
        f"00_start_here: kernel idle {lite.kernel_seconds:.0f} s,"
        f" run and first table {first_table:.0f} s after opening\n"
    )
    assert lite.eval("__import__('sys').platform") == "emscripten"  # Python in the browser

    history = lite.eval(f"{name}.game.history")
    clicks = click_moves(lite, name)
    assert clicks, f"no move to click on the first table of {START_HERE}"
    for pile in clicks[0]:
        table.locator(f'.sw-table [data-pile="{pile}"]').click()
    after = lite.wait_for(f"{name}.game.history", lambda h: len(h) == len(history) + 1)
    assert after[:-1] == history and after[-1].startswith(clicks[0][0])
    expect(table.locator(".sw-status")).to_contain_text(f"{len(after)} move")
    table.scroll_into_view_if_needed()
    save_screenshot(page, "site-start-here-move")
    check_save_downloads(page, table, tmp_path)

    button(table, "Solve").click()
    verdict = re.compile(r"^(solved|unsolvable|unknown): ")
    expect(table.locator(".sw-message")).to_have_text(verdict, timeout=120_000)
    status = lite.wait_for(f"{name}.solving['status']", lambda s: s != "running")
    assert status in ("solved", "unsolvable", "unknown")
    assert lite.eval(f"len({name}._jobs.threads)") == 0  # cooperative: Pyodide has no threads
    table.scroll_into_view_if_needed()
    save_screenshot(page, "site-start-here-solve")
    log.assert_no_external_requests()


def test_a_variant_tutorial_runs_and_stop_ends_a_long_chances_run(
    site: tuple[Path, str], fresh_page: tuple[Page, NetworkLog]
) -> None:
    _, url = site
    page, log = fresh_page  # its own profile: 00, open in the shared page, is not restored
    (path,) = sorted((REPO_ROOT / "notebooks").glob(VARIANT_TUTORIAL))[:1]
    lite = Lite(page, url, path.name)
    lite.assert_opened_unmodified()
    cells = lite.run_all()
    tables = lite.tables(cells)
    assert tables, f"{path.name} shows no live table"
    cell, name = tables[0]
    table = lite.table(cell)
    lite.eval(f"setattr({name}, 'chance_samples', 100_000) or True")  # far longer than the test
    moves = lite.eval(f"len({name}.game.legal_moves())")
    assert moves >= 1

    # The Chances button; it reads Stop while its job runs.
    chances = table.locator(".sw-controls .sw-button").filter(
        has_text=re.compile("^(Chances|Stop)$")
    )
    chances.click()
    expect(chances).to_have_text("Stop")
    solving = table.locator(".sw-solving")
    expect(solving).to_have_attribute("data-status", "running")
    # The table answers while the job works: the job yields to the event loop between slices.
    button(table, "Hint").click()
    expect(table.locator(".sw-message")).to_have_text(re.compile(r"^hint: "))
    assert lite.eval(f"{name}.solving['running']") is True
    table.scroll_into_view_if_needed()
    save_screenshot(page, "site-chances-running")

    chances.click()  # Stop
    stopped = "stopped: the chances shown are on the samples measured so far"
    # The words reach the page: in the message line, or in the job's own line beside it (in
    # JupyterLite the message line sometimes keeps the Hint's words after Stop, though the
    # kernel's message is the stop's: a known race of the view, not of the job)
    said = table.locator(".sw-message:visible, .sw-solving:visible", has_text=stopped)
    expect(said.first).to_be_visible(timeout=EXPECT_MS)
    expect(solving).to_have_attribute("data-status", "unknown")
    expect(chances).to_have_text("Chances")
    state = lite.eval(f"{name}.solving")
    assert (state["status"], state["reason"], state["running"]) == ("unknown", "cancelled", False)
    rows = lite.eval(f"{name}.chances")
    job_done = f"all(j.future is None or j.future.done() for j in {name}._jobs.jobs)"
    assert lite.wait_for(job_done, bool)
    assert lite.eval(f"{name}.chances") == rows  # the job ran on after Stop: nothing arrived
    table.scroll_into_view_if_needed()
    save_screenshot(page, "site-chances-stopped")
    log.assert_no_external_requests()


# -- deal links -------------------------------------------------------------------------------

JS_ERROR_OUTPUTS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(c => c.model.type === 'code')
  .flatMap(c => c.model.outputs.toJSON()).filter(o => o.output_type === 'error').length"""
JS_CELL_TYPES = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .map(c => c.model.type)"""


def play_line(lite: Lite) -> Locator:
    """The line above the table that ``DealFromLink`` shows."""
    return lite.root.locator(".sw-link-words")


def test_a_deal_link_opens_the_play_notebook_on_its_deal(
    site: tuple[Path, str], fresh_page: tuple[Page, NetworkLog]
) -> None:
    """``notebooks/index.html?path=play.ipynb&deal=acme-7l`` (Notebook 7, any case): the play
    notebook's cell deals Acme deal 7 on a live table that says its code; nothing else."""
    _, url = site
    page, log = fresh_page
    lite = Lite(page, url, PLAY, app="notebooks", query="&deal=acme-7l")
    assert "deal=acme-7l" in page.evaluate("() => window.location.search")
    lite.assert_opened_unmodified()  # in Notebook 7 too
    lite.run_all()
    expect(play_line(lite)).to_have_text(re.compile(r"^ACME-7L: Acme, deal 7\b"))
    assert lite.wait_for("play.table is not None and play.table.game.code", bool) == "ACME-7L"
    assert lite.eval("play.table.game.history") == []
    table = lite.root.locator(".sw-root").first
    expect(table.locator(".sw-status")).to_contain_text("code ACME-7L")
    expect(lite.root.locator(".sw-link-form")).to_be_hidden()
    table.scroll_into_view_if_needed()
    save_screenshot(page, "site-deal-link")
    log.assert_no_external_requests()


def test_a_link_with_a_slip_in_its_code_is_refused_in_words(
    site: tuple[Path, str], fresh_page: tuple[Page, NetworkLog]
) -> None:
    """A wrong check letter (JupyterLab this time): the code's own refusal on the line, no
    error output and no table; the code typed in the box then deals."""
    _, url = site
    page, log = fresh_page
    lite = Lite(page, url, PLAY, app="lab", query="&deal=ACME-7X")
    lite.run_all()
    refused = "The deal code in this page's link is refused: 'ACME-7X': the check letter"
    expect(play_line(lite)).to_contain_text(refused)
    assert page.evaluate(JS_ERROR_OUTPUTS) == 0
    assert lite.eval("play.table is None") is True
    expect(lite.root.locator(".sw-root")).to_have_count(0)
    save_screenshot(page, "site-deal-link-refused")

    # Typed key by key: `a`, `c`, `m`, `e`, Enter are command-mode shortcuts; they stay in the box.
    cells = page.evaluate(JS_CELL_TYPES)
    box = lite.root.locator(".sw-link-code")
    box.press_sequentially("acme-7l")
    box.press("Enter")
    expect(play_line(lite)).to_have_text(re.compile(r"^ACME-7L: Acme, deal 7\b"))
    assert lite.wait_for("play.table is not None and play.table.game.code", bool) == "ACME-7L"
    expect(lite.root.locator(".sw-root .sw-table")).to_be_visible()
    assert page.evaluate(JS_CELL_TYPES) == cells
    log.assert_no_external_requests()


# A 200% zoom in a browser window 1200 px wide: 600 CSS px, two device pixels each. With the
# file browser open, the cell is about 230 px wide: Fly's eight foundations fit only with the
# smallest cards (layout.js CARD_MIN; with the former 30 px cards F8 lay 40 px outside).
ZOOM_200 = {"viewport": {"width": 600, "height": 500}, "device_scale_factor": 2}


@pytest.mark.parametrize("fresh_page", [ZOOM_200], indirect=True)
def test_fly_fits_a_200_percent_zoom_with_the_file_browser_open(
    site: tuple[Path, str], fresh_page: tuple[Page, NetworkLog]
) -> None:
    """Issue 22: at 200% zoom with JupyterLab's file browser open, F8 was clipped. A deal
    link opens Fly (the widest table: eight foundations) in the zoomed page; every pile of the
    table shown lies inside the table."""
    _, url = site
    page, log = fresh_page
    lite = Lite(page, url, PLAY, app="lab", query="&deal=FLY-4B")
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    expect(page.locator(".jp-FileBrowser")).to_be_visible()
    lite.run_all()
    assert lite.wait_for("play.table is not None and play.table.game.code", bool) == "FLY-4B"
    table = lite.root.locator(".sw-root").first
    table.scroll_into_view_if_needed()
    expect(table.locator('.sw-table [data-pile="F8"]')).to_be_visible()
    edges = table.evaluate(
        "root => [root.getBoundingClientRect().right, Math.max(...[...root.querySelectorAll("
        "'.sw-pile')].map(p => p.getBoundingClientRect().right))]"
    )
    assert edges[1] <= edges[0] + 0.5, f"a pile reaches past the table: {edges}"
    save_screenshot(page, "site-fly-200-percent-zoom")
    log.assert_no_external_requests()
