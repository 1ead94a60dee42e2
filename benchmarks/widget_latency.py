"""Click-to-redraw latency of the live table in a real JupyterLab, in headless chromium:
Fly after 100 moves of a real game against Acme, and a replay's ▶ against a move, in the same
run, and their ratios.

Run: ``python benchmarks/widget_latency.py [--moves 30] [--server nodelay] [--after 100]``

Starts the same isolated Jupyter server and offline chromium as the browser tests
(``tests/browser/harness.py``) and opens one notebook per table:

* ``acme``: a fresh Acme deal (the reference figure);
* ``fly``: a Fly deal after ``--after`` moves (default 100) of a real game, played by
  following the Hint button's best move, as a student would; its piles are tall by then.

In the page it times from the dispatch of a click to the moment the widget's DOM shows the
new position (a ``MutationObserver`` on the status line, which ``drawAll`` writes after the
table, sees the new number of moves made). Each round is timed clicks, each undone by the next:

* ``draw`` (Acme only: Fly has no draw): a click on the stock (``S-W``);
* ``move``: the second click of a pile-to-pile move whose card has several destinations (the
  first click only picks it up);
* ``one-click``: the one click on a card that has exactly one legal destination, which plays it
  (one-click play: the same single message as the second click of a move, so the same round
  trip; the ratio one-click / move says so);
* ``undo``: the Undo button, after each of those.

And a replay, on the Fly table: ``step``: the ▶ button of the step-through replay of Fly deal 1
played to its end along the solver's winning line (161 steps), clicked 5 times a second (a
click every 200 ms, each timed until its step is drawn), all the way through the line; its
ratio to the Fly table's ``move`` in the same run. A step is sent on demand: the index goes to
Python, one view comes back.

The round trip is browser -> websocket -> server -> ZMQ -> kernel (the engine checks and plays
the move, ``game.view()``) and back. Prints median and p90 in ms, for "DOM updated" and for
"next animation frame", then the Fly / Acme ratio of the medians.

``--server``: ``stock`` is jupyter_server as installed; ``nodelay`` (the default) sets
``TCP_NODELAY`` on the kernel websocket (``solitaire_widgets/lab_server.py``, which
``./scripts/lab`` uses). With the stock server, the kernel's ``comm_msg`` often waits ~40 ms
behind its ``status: busy`` (Nagle's algorithm against the browser's delayed ACK).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from solitaire_widgets.lab_server import OPTION  # noqa: E402
from tests.browser.harness import (  # noqa: E402
    CHROMIUM_ARGS,
    JupyterServer,
    NetworkLog,
    chromium_path,
    kernel_for,
    new_offline_context,
    open_in_frontend,
    run_all_cells,
    running_jupyter_server,
)

SETUP_CELL = '''
from solitaire_widgets import Game
from solitaire_widgets.hints import hints
from solitaire_widgets.widget import GameWidget

VARIANT, AFTER = {variant!r}, {after!r}


def targets(game, src):
    """The piles the card on ``src`` may legally go to."""
    return [str(m).split("-")[1] for m in game.legal_moves() if str(m).split("-")[0] == src]


def pile_move(game, several=True):
    """A legal move between two piles, its source showing a card to pick up, whose card has
    several destinations (``several``: a click picks it up, a second click plays it; its target
    not a foundation) or exactly one (one click plays it; a foundation too); or None."""
    piles = game.view()["piles"]
    for move in map(str, game.legal_moves()):
        src, dash, dst = move.partition("-")
        home = dst.startswith("F") and several
        if dash and dst in piles and not home and piles[src]["cards"]:
            count = len(targets(game, src))
            if piles[src]["kind"] != "foundation" and (count > 1 if several else count == 1):
                return move
    return None


def real_game(seed):
    """Deal ``seed`` after AFTER moves that follow the best hint each time, or None if the
    game ends first or leaves no pile move (or, but in Fly, no draw) to time."""
    game = Game(VARIANT, seed=seed)
    while len(game.history) < AFTER:
        ranked = hints(game)
        if not ranked or game.status != "playing":
            return None
        game.play(ranked[0].move)
    drawable = VARIANT == "fly" or "S-W" in map(str, game.legal_moves())
    return game if pile_move(game) and pile_move(game, False) and drawable else None


game = next(g for g in map(real_game, range(1, 500)) if g is not None)
SEED, MOVE, ONE_CLICK = game.seed, pile_move(game), pile_move(game, False)
TALLEST = max(len(p["cards"]) + p["down"] for p in game.view()["piles"].values() if p["fan"])
'''
TABLE_CELL = "table = GameWidget(game)\ntable"
# Fly only: the replay of deal 1 played along the solver's winning line.
REPLAY_CELLS = [
    "from solitaire_widgets.solver import solve\n"
    "from solitaire_widgets.widget import ReplayWidget\n"
    "line_game = Game('fly', seed=1)\n"
    "for move in solve(line_game).moves:\n"
    "    line_game.play(move)\n"
    "STEPS = len(line_game.history)",
    "replay = ReplayWidget(line_game)\nreplay",
]

# Click ▶ on the second table (the replay) every `cadenceMs`, `steps` times; each click timed
# until its step's line shows "step k of" and to the next animation frame; resolve with the
# list of [ms to DOM update, ms to the next frame].
JS_TIMED_STEPS = """async ({steps, cadenceMs, timeoutMs}) => {
  const root = document.querySelectorAll('.sw-root')[1];
  const line = root.querySelector('.sw-step');
  const next = [...root.querySelectorAll('.sw-replay button')].find(b => b.textContent === '▶');
  const times = [];
  const sleep = (ms) => new Promise(r => setTimeout(r, ms));
  for (let k = 1; k <= steps; k += 1) {
    const shown = new RegExp(`^step ${k} of `);
    const t0 = performance.now();
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => { observer.disconnect(); reject(new Error(`step ${k}`)); },
                               timeoutMs);
      const observer = new MutationObserver(() => {
        if (!shown.test(line.textContent)) return;
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      });
      observer.observe(line, {childList: true, characterData: true, subtree: true});
      next.click();
    });
    const dom = performance.now() - t0;
    await new Promise((r) => requestAnimationFrame(r));
    times.push([dom, performance.now() - t0]);
    await sleep(Math.max(0, cadenceMs - (performance.now() - t0)));
  }
  return times;
}"""

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
SERVERS = {"stock": (), "nodelay": (OPTION,)}
VARIANTS = {"acme": 0, "fly": None}  # moves played first; None: --after

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


def measure(
    page: Page, variant: str, moves: tuple[str, str], made: int, rounds: int, gap_ms: int
) -> Samples:
    """``rounds`` x (draw, undo, move, undo, one-click, undo), without the draw in Fly;
    samples per kind. ``moves``: a two-click move and a one-click move."""
    (src, dst), one = moves[0].split("-"), moves[1].split("-")[0]
    out: Samples = {"draw": [], "move": [], "one-click": [], "undo": []}
    for _ in range(rounds):
        if variant != "fly":
            out["draw"].append(timed_click(page, pile("S"), made + 1, gap_ms))
            out["undo"].append(timed_click(page, UNDO_BUTTON, made, gap_ms))
        page.locator(pile(src)).first.click()  # pick up (no message to Python)
        out["move"].append(timed_click(page, pile(dst), made + 1, gap_ms))
        out["undo"].append(timed_click(page, UNDO_BUTTON, made, gap_ms))
        out["one-click"].append(timed_click(page, pile(one), made + 1, gap_ms))
        out["undo"].append(timed_click(page, UNDO_BUTTON, made, gap_ms))
    return out


def measure_steps(page: Page, steps: int) -> Samples:
    """▶ through the replay, 5 clicks a second; the samples of ``step``."""
    times = page.evaluate(JS_TIMED_STEPS, {"steps": steps, "cadenceMs": 200, "timeoutMs": 15_000})
    return {"step": [(float(dom), float(frame)) for dom, frame in times]}


def run_variant(
    args: argparse.Namespace, browser: Browser, server: JupyterServer, variant: str
) -> tuple[int, str, int, int, Samples]:
    """Open the variant's notebook, time the clicks (and in Fly the replay's ▶); (deal, move,
    moves made, tallest, samples)."""
    log = NetworkLog()
    context = new_offline_context(browser, log)
    after = VARIANTS[variant]
    after = args.after if after is None else after
    try:
        page = context.new_page()
        cells = [SETUP_CELL.format(variant=variant, after=after), TABLE_CELL]
        if variant == "fly":
            cells += REPLAY_CELLS
        path = server.write_notebook(f"latency-{variant}", cells)
        open_in_frontend(page, server, path, "lab")
        kernel = kernel_for(server, path)
        try:
            run_all_cells(page, timeout_ms=300_000)
            page.locator(".sw-root .sw-table").first.wait_for()
            seed, move, one, made, tallest = kernel.eval(
                "[SEED, MOVE, ONE_CLICK, len(game.history), TALLEST]"
            )
            measure(page, variant, (move, one), made, args.warmup, args.gap_ms)
            samples = measure(page, variant, (move, one), made, args.moves, args.gap_ms)
            history = kernel.eval("len(game.history)")
            assert history == made, f"every move was undone, yet {history} moves are made"
            if variant == "fly":
                samples.update(measure_steps(page, kernel.eval("STEPS")))
        finally:
            kernel.close()
            server.shutdown_sessions(path)
    finally:
        context.close()
    log.assert_no_external_requests()
    return seed, move, made, tallest, samples


def median(samples: list[tuple[float, float]]) -> float:
    return statistics.median(s[0] for s in samples)


def summary(label: str, samples: list[tuple[float, float]]) -> str:
    def stats(values: list[float]) -> str:
        p90 = statistics.quantiles(values, n=10, method="inclusive")[8]
        return f"median {statistics.median(values):5.1f} ms  p90 {p90:5.1f} ms"

    dom = [s[0] for s in samples]
    frame = [s[1] for s in samples]
    return f"  {label:<9} n={len(samples):<3} DOM: {stats(dom)}   next frame: {stats(frame)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--moves", type=int, default=30, help="timed moves of each kind")
    parser.add_argument("--after", type=int, default=100, help="Fly moves played before timing")
    parser.add_argument("--warmup", type=int, default=3, help="untimed rounds first")
    parser.add_argument("--gap-ms", type=int, default=0, help="pause before each timed click")
    parser.add_argument(
        "--server",
        choices=[*SERVERS, "both"],
        default="nodelay",
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
                with running_jupyter_server(extra_args=SERVERS[name]) as server:
                    medians: dict[str, dict[str, float]] = {}
                    for variant in VARIANTS:
                        seed, move, made, tallest, samples = run_variant(
                            args, browser, server, variant
                        )
                        print(
                            f"{variant}, deal {seed} after {made} moves (tallest pile {tallest}"
                            f" cards), {name} server: click -> redrawn table"
                        )
                        if samples["draw"]:
                            print(summary("draw", samples["draw"]) + "   (stock click, S-W)")
                        print(summary("move", samples["move"]) + f"   (second click of {move})")
                        print(summary("one-click", samples["one-click"]) + "   (one click)")
                        print(summary("undo", samples["undo"]) + "   (Undo button)")
                        if "step" in samples:
                            print(
                                summary("step", samples["step"])
                                + "   (replay ▶ of Fly deal 1's solved line, 5 clicks a second)"
                            )
                        medians[variant] = {k: median(v) for k, v in samples.items() if v}
                    fly, acme = medians["fly"], medians["acme"]
                    for kind in ("move", "one-click", "undo"):
                        ratio = fly[kind] / acme[kind]
                        print(
                            f"  Fly / Acme, {kind}: {fly[kind]:.1f} / {acme[kind]:.1f} ms"
                            f" = {ratio:.2f}"
                        )
                    for name, (a, b) in {
                        "Fly replay ▶ / Fly move": ("step", "move"),
                        "Fly one-click / Fly move": ("one-click", "move"),
                    }.items():
                        print(f"  {name}: {fly[a]:.1f} / {fly[b]:.1f} ms = {fly[a] / fly[b]:.2f}")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
