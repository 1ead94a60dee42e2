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

/**
 * The hint panel, from the `hint` trait: its title (Python's words: which stage it is), who
 * gave it (`by`: "quick" for the quick hint rules, "thinker" for the thinker's considered
 * choice) and the ranked moves, best first; the best one carries the stage's tag ("first
 * guess", "the thinker's choice"). Pure: tested in tests/js.
 */
export function hintPanel(hint) {
  const ranked = Array.isArray(hint.ranked) ? hint.ranked : [];
  const items = ranked.map((item, index) => ({
    move: item.move, reason: item.reason, safe: !!item.safe, best: index === 0,
    tag: index === 0 ? hint.tag || "" : "",
  }));
  return { title: hint.title || "", by: hint.by || "", items };
}

/** The ranked hints as a small list: move, reason, the stage's tag, "safe" for a safe move. */
export function drawHints(ctx) {
  const { ui, state } = ctx;
  const panel = hintPanel(ctx.replay() ? {} : ctx.model.get("hint") || {});
  const key = JSON.stringify(panel);
  if (key === state.hintsKey) return;
  state.hintsKey = key;
  setText(ui.hintsTitle, panel.title);
  ui.hints.dataset.by = panel.by;
  ui.hintList.replaceChildren(...panel.items.map((item) => {
    const line = make("li", item.best ? `sw-hint-item sw-hint-best sw-hint-by-${panel.by}` : "sw-hint-item");
    line.append(make("span", "sw-hint-move", item.move), make("span", "sw-hint-reason", item.reason));
    if (item.tag) line.append(make("span", "sw-hint-tag", item.tag));
    if (item.safe) line.append(make("span", "sw-hint-safe", "safe"));
    return line;
  }));
  ui.hints.hidden = !panel.items.length;
}

/** One measure as the table shows it: the rate and its 95% interval ("—" when undecided). */
function measureText(measure) {
  const decided = measure.rate !== null && measure.rate !== undefined;
  return {
    decided,
    rate: decided ? Math.min(Math.max(Number(measure.rate), 0), 1) : 0,
    text: decided ? percent(measure.rate) : "—",
    range: decided ? `${percent(measure.low)}–${percent(measure.high)}` : "",
  };
}

/**
 * The chances table, from the `chances` rows and the `lines` trait: the column headers (move,
 * winnable, one per player in Python's words, undecided) and per row its move, winnable, each
 * player's chance and the winnable column's undecided samples. Pure: tested in tests/js.
 */
export function chanceTable(rows, lines) {
  const first = rows[0] || { players: [] };
  const names = Array.isArray(lines.columns) ? lines.columns : [];
  const players = first.players.map((player, index) => ({ name: player.name, header: names[index] || player.name }));
  const headers = ["move", "winnable (sees every card)", ...players.map((p) => p.header), "undecided (all lost…all won)"];
  const body = rows.map((row) => {
    const w = row.winnable;
    const undecided = { text: `${w.undecided} of ${row.samples}`, range: "", title: "" };
    if (w.undecided) {
      undecided.range = `${percent(w.all_low)}–${percent(w.all_high)}`;
      undecided.title = `${w.undecided} deals the solver could not decide within its budget: `
        + `winnable lies between ${percent(w.all_low)} (all of them lost) and ${percent(w.all_high)} (all won)`;
    }
    return {
      move: row.move,
      winnable: measureText(w),
      players: row.players.map((player) => ({ name: player.name, ...measureText(player) })),
      undecided,
    };
  });
  return { headers, players, rows: body, caption: lines.caption || "", gap: lines.gap || "" };
}

/** One measure's cell: a bar, the rate, and its interval. */
function measureCell(className, measure) {
  const cell = make("td", `sw-chance-measure ${className}`);
  const bar = make("span", "sw-chance-bar");
  bar.setAttribute("aria-hidden", "true");
  bar.style.setProperty("--rate", String(measure.rate));
  cell.append(bar, make("span", "sw-chance-rate", measure.text), make("span", "sw-chance-range", measure.range));
  return cell;
}

/** The chances: one row per move, best first: move, winnable, each player's chance, undecided;
 * the caption over it, and the gap between the measures in two sentences under it. */
export function drawChances(ctx) {
  const { ui, state, model } = ctx;
  const rows = ctx.replay() ? [] : model.get("chances") || [];
  const table = chanceTable(rows, model.get("lines") || {});
  const key = JSON.stringify(table);
  if (key === state.chancesKey) return;
  state.chancesKey = key;
  ui.chanceHead.replaceChildren(...table.headers.map((text) => {
    const cell = make("th", "", text);
    cell.scope = "col";
    return cell;
  }));
  ui.chanceRows.replaceChildren(...table.rows.map((row) => {
    const line = make("tr", "sw-chance");
    line.dataset.move = row.move;
    const undecided = make("td", "sw-chance-undecided", row.undecided.text);
    if (row.undecided.range) undecided.append(make("span", "sw-chance-range", row.undecided.range));
    if (row.undecided.title) undecided.title = row.undecided.title;
    line.append(make("td", "sw-chance-move", row.move), measureCell("sw-chance-winnable", row.winnable),
      ...row.players.map((p) => measureCell(`sw-chance-player sw-chance-${p.name}`, p)), undecided);
    return line;
  }));
  setText(ui.caption, table.caption);
  setText(ui.gap, table.gap);
  ui.chances.hidden = !rows.length;
  ui.gap.hidden = !rows.length || !table.gap;
}
