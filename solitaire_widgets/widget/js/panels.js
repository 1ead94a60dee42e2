// The lines and panels under the felt: status, message, error, the job's progress, the
// ranked hints and the chances table. Their words are Python's (the `lines` trait, the
// replay step's `status`); these functions only put them in place.
import { make, setAttr, setText } from "./dom.js";
import { percent } from "./words.js";

/** The status line, the message, the error (unless the kernel is gone), the job's line. */
export function drawStatus(ctx) {
  const { ui, model } = ctx;
  const rep = ctx.replay();
  const view = ctx.shownView();
  const lines = model.get("lines") || {};
  setText(ui.status, (rep ? rep.status : lines.status) || "");
  ui.status.classList.toggle("sw-won", view.status === "won");
  // A visible win, over the felt, in Python's words (the live game only, not a replay).
  const won = !rep && view.status === "won" && lines.won ? lines.won : "";
  setText(ui.win, won);
  ui.win.hidden = !won;
  ui.root.classList.toggle("sw-game-won", !!won);
  setText(ui.message, model.get("message") || "");
  if (ctx.link.state !== "live") return; // the error line says what to do
  const error = model.get("error") || "";
  setText(ui.error, error ? `✗ ${error}` : "");
  ui.error.hidden = !error;
  drawSolving(ctx);
}

/** The background job's progress, or its result when the message line does not show it. */
export function drawSolving(ctx) {
  const { ui, model } = ctx;
  const job = ctx.solving();
  const text = job.message || "";
  setText(ui.solving, text);
  ui.solving.hidden = !text || text === (model.get("message") || "");
  setAttr(ui.solving, "aria-busy", String(!!job.running));
  ui.solving.dataset.status = job.status || "";
  ui.root.classList.toggle("sw-busy", !!job.running);
}

/** The ranked hints as a small list: move, reason, and "safe" for a move that cannot hurt. */
export function drawHints(ctx) {
  const { ui, state } = ctx;
  const hint = ctx.replay() ? {} : ctx.model.get("hint") || {};
  const ranked = Array.isArray(hint.ranked) ? hint.ranked : [];
  const key = JSON.stringify(ranked);
  if (key === state.hintsKey) return;
  state.hintsKey = key;
  ui.hintList.replaceChildren(...ranked.map((item, index) => {
    const line = make("li", index === 0 ? "sw-hint-item sw-hint-best" : "sw-hint-item");
    line.append(make("span", "sw-hint-move", item.move), make("span", "sw-hint-reason", item.reason));
    if (item.safe) line.append(make("span", "sw-hint-safe", "safe"));
    return line;
  }));
  ui.hints.hidden = !ranked.length;
}

/** One measure of a chances row: a bar, the rate, and its 95% interval ("—" if undecided). */
function measureCell(className, measure) {
  const cell = make("td", `sw-chance-measure ${className}`);
  const decided = measure.rate !== null && measure.rate !== undefined;
  const bar = make("span", "sw-chance-bar");
  bar.setAttribute("aria-hidden", "true");
  bar.style.setProperty("--rate", String(decided ? Math.min(Math.max(Number(measure.rate), 0), 1) : 0));
  cell.append(bar, make("span", "sw-chance-rate", decided ? percent(measure.rate) : "—"),
    make("span", "sw-chance-range", decided ? `${percent(measure.low)}–${percent(measure.high)}` : ""));
  return cell;
}

/** The undecided samples of the winnable column, and the range they leave open. */
function undecidedCell(row) {
  const w = row.winnable;
  const cell = make("td", "sw-chance-undecided", `${w.undecided} of ${row.samples}`);
  if (w.undecided) {
    cell.append(make("span", "sw-chance-range", `${percent(w.all_low)}–${percent(w.all_high)}`));
    cell.title = `${w.undecided} deals the solver could not decide within its budget: `
      + `winnable lies between ${percent(w.all_low)} (all of them lost) and ${percent(w.all_high)} (all won)`;
  }
  return cell;
}

/** The chances: one row per move, best first: move, winnable, player's chance, undecided. */
export function drawChances(ctx) {
  const { ui, state, model } = ctx;
  const rows = ctx.replay() ? [] : model.get("chances") || [];
  const lines = model.get("lines") || {};
  const key = JSON.stringify([rows, lines.caption]);
  if (key === state.chancesKey) return;
  state.chancesKey = key;
  ui.chanceRows.replaceChildren(...rows.map((row) => {
    const line = make("tr", "sw-chance");
    line.dataset.move = row.move;
    line.append(make("td", "sw-chance-move", row.move),
      measureCell("sw-chance-winnable", row.winnable),
      measureCell("sw-chance-player", row.player),
      undecidedCell(row));
    return line;
  }));
  if (lines.player) setText(ui.headCells[2], lines.player);
  setText(ui.caption, lines.caption || "");
  ui.chances.hidden = !rows.length;
}
