// The patience table: the browser half of GameWidget (anywidget). The entry module: it wires
// the others together. Python joins the modules into the one ES module anywidget loads
// (solitaire_widgets/widget/bundle.py); node imports them one by one in tests/js.
//
// This is a view. It draws the `view` trait that Python computes (only what a player may see),
// and turns clicks, drags and keys into intents sent with `model.send`. It decides no rule:
// `view.legal` is used only to highlight where a picked-up card could go, and every move, even
// one that looks illegal, is sent to Python, which plays it or explains why not. Its words
// about the game come from Python too (the `lines` trait, the replay step).
//
// Speed: the DOM is kept between redraws (one node per pile, one per card), so a move
// rebuilds only the piles it changed, and nothing here reads layout (no forced reflow).
import { dealRequest, drawControls } from "./controls.js";
import { flash, setText } from "./dom.js";
import { downloadFile, downloadRequest } from "./download.js";
import { applyHighlights, applySizes, drawTable } from "./felt.js";
import { NOT_CONNECTED, createLink, watchConnection } from "./link.js";
import { drawChances, drawHints, drawSolving, drawStatus } from "./panels.js";
import { attachPlay } from "./play.js";
import { buildSkeleton } from "./skeleton.js";
import { plural } from "./words.js";

/** The intents the table sends, over `ctx.link` (the skeleton's buttons call them). */
function intents(ctx) {
  const { model, state } = ctx;
  const send = (content) => ctx.link.send(content);
  const act = {
    move: (move) => send({ type: "move", move }),
    pick: (pile) => send({ type: "pick", pile }),
    control: (action, extra = {}) => send({ type: "control", action, ...extra }),
    replay: (action, index) => send(index === undefined ? { type: "replay", action } : { type: "replay", action, index }),
    // Solve, Chances or Hint; the same button (or key) sends stop while its job is running.
    job: (task) => act.control(ctx.runningJob() === task ? "stop" : task),
    newDeal: () => {
      if (ctx.runningJob() === "new") {
        act.control("stop"); // "winnable only" is looking for a deal: the button reads Stop
        return;
      }
      const { ui } = ctx;
      const typed = ui.seed.value.trim();
      const view = model.get("view") || {};
      const own = view.seed === null || view.seed === undefined;
      if (own && view.moves_made > 0 && !state.confirming && !ctx.replay() && ctx.link.state === "live") {
        state.confirming = true; // this game cannot be brought back: ask first
        ui.confirmText.textContent = `New deal ends this game (own deck, ${plural(view.moves_made, "move")}), and it cannot be brought back.`;
        ui.confirm.hidden = false;
        return;
      }
      const extra = dealRequest(typed);
      if (ui.winnable.checked) extra.winnable = true;
      const seq = act.control("new", extra);
      if (seq && typed !== "") state.newSeed = seq;
    },
    confirmNew: (yes) => {
      ctx.ui.confirm.hidden = true;
      if (yes) act.newDeal();
      state.confirming = false;
    },
  };
  return act;
}

/** What the table reads of its model, as functions of `ctx`. */
function readers(ctx) {
  const { model, piles } = ctx;
  const replay = () => {
    const value = model.get("replay") || {};
    return value.view ? value : null;
  };
  const shownView = () => replay()?.view || model.get("view") || {};
  const solving = () => model.get("solving") || {};
  return {
    replay,
    shownView,
    solving,
    legal: () => (replay() ? [] : shownView().legal || []),
    // The control whose button reads Stop while a job runs (Solve, Chances, New deal).
    runningJob: () => (solving().running ? solving().button || solving().task : null),
    pileOf: (name) => (shownView().piles || {})[name],
    pileNode: (name) => piles.get(name)?.box,
  };
}

/** The connection: the banner, and every click or key without a kernel says so. */
function connection(ctx) {
  const { ui } = ctx;
  ctx.showNotConnected = () => {
    setText(ui.error, `✗ ${NOT_CONNECTED}`);
    ui.error.hidden = false;
    flash(ui.conn);
  };
  const changed = (link) => {
    const off = link.state !== "live";
    ui.root.classList.toggle("sw-dead", off);
    ui.conn.hidden = !off;
    setText(ui.connWhy, off ? ` (${link.why})` : "");
    if (off) ctx.showNotConnected();
    else drawStatus(ctx);
  };
  const wait = (words) => {
    setText(ui.wait, words);
    ui.wait.hidden = !words;
  };
  ctx.link = createLink({
    model: ctx.model, changed, wait, refused: ctx.showNotConnected,
    now: () => performance.now(), later: setTimeout,
    status: () => ctx.model.widget_manager?.kernel?.status ?? null,
  });
}

/** Python's answer to a message: the deal box empties after a deal; a refusal flashes. Before
 * Save's answer, Python may ask for a download (the browser-only site). */
function onCustom(ctx, content) {
  const file = downloadRequest(content);
  if (file) {
    downloadFile(file);
    return;
  }
  if (!ctx.link.answer(content)) return;
  if (content.seq === ctx.state.newSeed) {
    if (!content.error) ctx.ui.seed.value = "";
    ctx.state.newSeed = null;
    drawControls(ctx);
  }
  if (content.error) flash(ctx.ui.error); // the same refusal again: show that it was heard
}

function drawAll(ctx) {
  ctx.state.selected = null;
  drawTable(ctx);
  drawControls(ctx);
  drawStatus(ctx);
  drawHints(ctx);
  drawChances(ctx);
}

function render({ model, el }) {
  const abort = new AbortController();
  const listen = (node, type, fn, options = {}) => node.addEventListener(type, fn, { signal: abort.signal, ...options });
  const state = {
    selected: null, focus: null, dragging: false, rowsKey: "", chancesKey: "", hintsKey: "",
    width: 0, vars: {}, cardW: 0, newSeed: null, confirming: false,
  };
  const ctx = { model, state, piles: new Map() };
  Object.assign(ctx, readers(ctx));
  ctx.act = intents(ctx);
  ctx.ui = buildSkeleton(el, ctx.act, abort.signal);
  connection(ctx);
  attachPlay(ctx, listen);
  const { ui } = ctx;
  for (const [box, trait] of [[ui.four, "four_colour"], [ui.large, "large"]]) {
    listen(box, "change", () => {
      model.set(trait, box.checked);
      model.save_changes();
    });
  }
  listen(ui.slider, "input", () => ctx.act.replay("goto", Number(ui.slider.value)));
  listen(ui.seed, "input", () => drawControls(ctx));
  const controls = () => drawControls(ctx);
  const handlers = {
    "change:view": () => drawAll(ctx),
    "change:replay": () => drawAll(ctx),
    "change:four_colour": controls,
    "change:large": controls,
    "change:back": controls,
    "change:restarted": controls,
    "change:hint": () => {
      applyHighlights(ctx);
      drawHints(ctx);
    },
    "change:solving": () => {
      drawControls(ctx);
      drawSolving(ctx);
    },
    "change:chances": () => drawChances(ctx),
    "change:lines": () => {
      drawStatus(ctx);
      drawChances(ctx);
    },
    "change:message": () => drawStatus(ctx),
    "change:error": () => drawStatus(ctx),
    "msg:custom": (content) => onCustom(ctx, content),
  };
  for (const [event, fn] of Object.entries(handlers)) model.on(event, fn);
  const { link } = ctx;
  const unwatch = watchConnection(model, { lost: link.lose, suspend: link.suspend, resume: link.resume, status: link.noteSilence });
  // The width, as laid out: reported after layout and before paint, so the first frame is drawn
  // at the right size and no redraw ever reads the layout.
  const resizes = new ResizeObserver((entries) => {
    const width = entries[entries.length - 1].contentRect.width;
    if (Math.abs(width - state.width) < 0.5) return;
    state.width = width;
    applySizes(ctx);
  });
  resizes.observe(ui.root);
  drawAll(ctx);
  return () => {
    for (const [event, fn] of Object.entries(handlers)) model.off(event, fn);
    unwatch();
    resizes.disconnect();
    abort.abort();
    ui.root.remove();
  };
}

export default { render };
