"""Click-to-redraw latency of the live table in a real JupyterLab, in headless chromium.

Run: ``python benchmarks/widget_latency.py [--moves 50] [--variant acme] [--server both]``

Starts the same isolated Jupyter server and offline chromium as the browser tests
(``tests/browser/harness.py``), opens a notebook with a ``GameWidget`` and, in the page,
times from the dispatch of a click to the moment the widget's DOM shows the new position
(a ``MutationObserver`` on the status line, which ``drawAll`` writes after the table, sees
the new number of moves made). Each round is four timed clicks, each undone by the next:

* ``draw``: a click on the stock (``S-W``, the kernel plays it, the table is redrawn);
* ``move``: the second click of a pile-to-pile move (the first click only selects);
* ``undo``: the Undo button, after each of those.

The round trip is browser -> websocket -> server -> ZMQ -> kernel (the engine checks and plays
the move, ``game.view()``) and back. Prints median and p90 in ms, for "DOM updated" and for
"next animation frame".

``--server``: ``stock`` is jupyter_server as installed; ``nodelay`` sets ``TCP_NODELAY`` on
the kernel websocket (``solitaire_widgets/lab_server.py``, a ``ServerApp`` config option,
which ``./scripts/lab`` uses). With the
stock server, the kernel's ``comm_msg`` often waits ~40 ms behind its ``status: busy`` (Nagle's
algorithm against the browser's delayed ACK), which is most of the stock latency.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from solitaire_widgets.lab_server import OPTION  # noqa: E402
from tests.browser.harness import (  # noqa: E402
    CHROMIUM_ARGS,
    NetworkLog,
    chromium_path,
    kernel_for,
    new_offline_context,
    open_in_frontend,
    run_all_cells,
    running_jupyter_server,
)

NOTEBOOK_CELLS = [
    """
from solitaire_widgets import Game
from solitaire_widgets.widget import GameWidget

VARIANT = {variant!r}


def pile_move(game):
    '''A legal move between two piles, neither the stock nor a foundation, or None.'''
    piles = game.view()["piles"]
    for move in map(str, game.legal_moves()):
        src, dash, dst = move.partition("-")
        if dash and src != "S" and dst in piles and not dst.startswith("F") and piles[src]["cards"]:
            return move
    return None


SEED = next(s for s in range(1, 10_000) if pile_move(Game(VARIANT, seed=s)) and
            "S-W" in map(str, Game(VARIANT, seed=s).legal_moves()))
game = Game(VARIANT, seed=SEED)
MOVE = pile_move(game)
""",
    "table = GameWidget(game)\ntable",
]

# Click `selector` inside the first table; resolve with [ms to DOM update, ms to next frame]
# once the status line reports `moves` moves made.
JS_TIMED_CLICK = """async ({selector, moves, timeoutMs}) => {
  const root = document.querySelector('.sw-root');
  const status = root.querySelector('.sw-status');
  const target = root.querySelector(selector);
  if (!target) throw new Error(`no ${selector}`);
  const done = new RegExp(`\\\\b${moves} moves?\\\\b`);
  if (done.test(status.textContent)) throw new Error(`already at ${moves} moves`);
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error('timeout')); },
                             timeoutMs);
    const observer = new MutationObserver(() => {
      if (!done.test(status.textContent)) return;
      const dom = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve([dom, performance.now() - t0]));
    });
    observer.observe(status, {childList: true, characterData: true, subtree: true});
    const t0 = performance.now();
    target.click();
  });
}"""

UNDO_BUTTON = ".sw-controls button[title^='take back']"
NODELAY_ARGS = (OPTION,)
SERVERS = {"stock": (), "nodelay": NODELAY_ARGS}

Samples = dict[str, list[tuple[float, float]]]


def timed_click(page: Page, selector: str, moves: int, gap_ms: int) -> tuple[float, float]:
    """One click and its redraw; (ms to DOM update, ms to the next animation frame)."""
    if gap_ms:
        page.wait_for_timeout(gap_ms)
    dom, frame = page.evaluate(
        JS_TIMED_CLICK, {"selector": selector, "moves": moves, "timeoutMs": 15_000}
    )
    return float(dom), float(frame)


def pile(name: str) -> str:
    return f'.sw-table [data-pile="{name}"]'


def measure(page: Page, move: str, rounds: int, gap_ms: int) -> Samples:
    """``rounds`` x (draw, undo, move, undo); returns the samples per kind."""
    src, dst = move.split("-")
    out: Samples = {"draw": [], "move": [], "undo": []}
    for _ in range(rounds):
        out["draw"].append(timed_click(page, pile("S"), 1, gap_ms))
        out["undo"].append(timed_click(page, UNDO_BUTTON, 0, gap_ms))
        page.locator(pile(src)).first.click()  # pick up (no message to Python)
        out["move"].append(timed_click(page, pile(dst), 1, gap_ms))
        out["undo"].append(timed_click(page, UNDO_BUTTON, 0, gap_ms))
    return out


def run(
    args: argparse.Namespace, browser: Browser, server_args: Sequence[str]
) -> tuple[int, str, Samples]:
    """Start a server, open the notebook, time the clicks; (deal, move, samples)."""
    log = NetworkLog()
    with running_jupyter_server(extra_args=server_args) as server:
        context = new_offline_context(browser, log)
        try:
            page = context.new_page()
            cells: list[str | tuple[str, str]] = [
                NOTEBOOK_CELLS[0].format(variant=args.variant),
                NOTEBOOK_CELLS[1],
            ]
            path = server.write_notebook("latency", cells)
            open_in_frontend(page, server, path, "lab")
            kernel = kernel_for(server, path)
            try:
                run_all_cells(page)
                page.locator(".sw-root .sw-table").wait_for()
                seed, move = kernel.eval("[SEED, MOVE]")
                measure(page, move, args.warmup, args.gap_ms)
                samples = measure(page, move, args.moves, args.gap_ms)
                history = kernel.eval("game.history")
                assert history == [], f"every move was undone, yet history is {history}"
            finally:
                kernel.close()
                server.shutdown_sessions()
        finally:
            context.close()
    log.assert_no_external_requests()
    return seed, move, samples


def summary(label: str, samples: list[tuple[float, float]]) -> str:
    def stats(values: list[float]) -> str:
        p90 = statistics.quantiles(values, n=10, method="inclusive")[8]
        return f"median {statistics.median(values):5.1f} ms  p90 {p90:5.1f} ms"

    dom = [s[0] for s in samples]
    frame = [s[1] for s in samples]
    return f"  {label:<5} n={len(samples):<3} DOM: {stats(dom)}   next frame: {stats(frame)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--moves", type=int, default=50, help="timed moves of each kind")
    parser.add_argument("--variant", default="acme", help="a variant with a stock to draw from")
    parser.add_argument("--warmup", type=int, default=5, help="untimed rounds first")
    parser.add_argument("--gap-ms", type=int, default=0, help="pause before each timed click")
    parser.add_argument(
        "--server",
        choices=[*SERVERS, "both"],
        default="both",
        help="stock jupyter_server, or its kernel websocket with TCP_NODELAY "
        "(see solitaire_widgets/lab_server.py)",
    )
    args = parser.parse_args()
    servers = list(SERVERS) if args.server == "both" else [args.server]

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS
        )
        try:
            for name in servers:
                seed, move, samples = run(args, browser, SERVERS[name])
                print(
                    f"{args.variant}, deal {seed}, {name} server: click -> redrawn table"
                    " (JupyterLab, headless chromium)"
                )
                print(summary("draw", samples["draw"]) + "   (stock click, S-W)")
                print(summary("move", samples["move"]) + f"   (second click of {move})")
                print(summary("undo", samples["undo"]) + "   (Undo button)")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
