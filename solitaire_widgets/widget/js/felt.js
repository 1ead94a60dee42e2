// The felt: one slot per pile (its cards, its name and its count under it), laid out once per
// game, redrawn pile by pile. Nothing here reads the layout (no forced reflow): the sizes come
// from layout.js and the width a ResizeObserver reported.
import { drawPileCards, fanLayers, pileKey } from "./cards.js";
import { make, setAttr } from "./dom.js";
import { fanStep, slideOffset, tableSizes } from "./layout.js";
import { moveEnds, pileWords } from "./words.js";

/** One pile's slot: the pile (a button for the keyboard) and, under it, its name and count. */
function makeSlot(ctx, name) {
  const slot = make("div", "sw-slot");
  const box = make("div", "sw-pile");
  box.dataset.pile = name;
  box.setAttribute("role", "button");
  // The roving tabindex changes only on focus (focusPile, focusin), never in a redraw:
  // changing it makes Chromium lay the page out at once.
  box.setAttribute("tabindex", "-1");
  const label = make("div", "sw-label");
  const count = make("span", "sw-count");
  count.hidden = true;
  count.setAttribute("aria-hidden", "true"); // the pile's spoken name says how many
  label.append(make("span", "sw-caption", name), count);
  slot.append(box, label);
  ctx.piles.set(name, { slot, box, count, key: "", layers: 0, step: "" });
  return slot;
}

/** Lay out the rows (once per layout), then redraw only the piles that changed. */
export function drawTable(ctx) {
  const { ui, state, piles } = ctx;
  const view = ctx.shownView();
  const rows = view.rows || [];
  const rowsKey = JSON.stringify(rows);
  if (rowsKey !== state.rowsKey) {
    state.rowsKey = rowsKey;
    piles.clear();
    ui.table.replaceChildren(...rows.map((row) => {
      const line = make("div", "sw-row");
      for (const name of row) line.append(makeSlot(ctx, name));
      return line;
    }));
  }
  setAttr(ui.table, "aria-label", `${view.title || "patience"} table`);
  const names = rows.flat();
  if (!names.includes(state.focus)) {
    state.focus = names[0] || null;
    if (state.focus) setAttr(ctx.pileNode(state.focus), "tabindex", "0");
  }
  for (const name of names) {
    const pile = (view.piles || {})[name];
    const entry = piles.get(name);
    if (!pile || !entry) continue;
    entry.layers = pile.fan ? Math.max(fanLayers(pile).length - 1, 0) : 0;
    // An empty stock that can be turned over again shows ↻.
    const redeal = pile.kind === "stock" && (view.legal || []).includes("redeal");
    const key = pileKey(pile) + redeal;
    if (key !== entry.key) {
      entry.key = key;
      drawPileCards(entry.box, pile, entry.count, { redeal });
      entry.box.setAttribute("aria-label", pileWords(pile));
      entry.box.title = pile.label;
    }
  }
  applySizes(ctx);
  applyHighlights(ctx);
  slideTheMovedCard(ctx, view);
}

const SLIDE_MS = 160;

/**
 * After a move (the position shown is one move on from the last one drawn, in the same game
 * or replay), the moved card slides from its old place to its new one: SLIDE_MS, only a
 * transform (no layout read: the offset is layout.js arithmetic), never under
 * prefers-reduced-motion, and it never delays a click: the card is already in its pile, and
 * it lets the pointer through while it slides.
 */
function slideTheMovedCard(ctx, view) {
  const { state, piles } = ctx;
  const shown = `${ctx.replay() ? "replay" : "game"} ${view.variant} ${view.seed}`;
  const before = state.drawn;
  state.drawn = { shown, moves: view.moves_made };
  const ends = moveEnds(view.last_move);
  if (!before || before.shown !== shown || view.moves_made !== before.moves + 1 || !ends) return;
  if (globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
  const cards = piles.get(ends.to)?.box.querySelectorAll(":scope > .sw-card");
  const card = cards?.[cards.length - 1];
  const geometry = {};
  for (const [name, entry] of piles) geometry[name] = { layers: entry.layers, step: entry.stepPx || 0 };
  const offset = card && slideOffset(view.rows || [], state.sizes, geometry, ends.from, ends.to);
  if (!offset || typeof card.animate !== "function") return;
  card.classList.add("sw-sliding");
  const slide = card.animate(
    [{ transform: `translate(${offset.dx}px, ${offset.dy}px)` }, { transform: "none" }],
    { duration: SLIDE_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" },
  );
  const done = () => card.classList.remove("sw-sliding");
  slide.onfinish = done;
  slide.oncancel = done;
}

/** Hand the sizes for the current width and piles to the CSS, as lengths that changed. */
export function applySizes(ctx) {
  const { ui, state, piles } = ctx;
  const rows = ctx.shownView().rows || [];
  const cols = Math.max(1, ...rows.map((row) => row.length));
  let tallest = 0;
  for (const entry of piles.values()) tallest = Math.max(tallest, entry.layers || 0);
  const sizes = tableSizes(state.width || 600, cols, Math.max(1, rows.length), tallest, state.cardW);
  state.cardW = sizes.cardW;
  state.sizes = sizes;
  const px = (value) => `${Math.round(value * 100) / 100}px`;
  const vars = {
    "--gap": px(sizes.gap), "--row-gap": px(sizes.rowGap), "--card-w": px(sizes.cardW),
    "--card-h": px(sizes.cardH), "--corner": px(sizes.corner),
  };
  for (const [name, value] of Object.entries(vars)) {
    if (state.vars[name] !== value) {
      state.vars[name] = value;
      ui.root.style.setProperty(name, value);
    }
  }
  for (const entry of piles.values()) {
    entry.stepPx = entry.layers ? fanStep(sizes, entry.layers) : 0;
    const step = entry.layers ? px(entry.stepPx) : "";
    if (entry.step !== step) {
      entry.step = step;
      if (step) entry.box.style.setProperty("--step", step);
      else entry.box.style.removeProperty("--step");
    }
  }
}

/** Selection, legal targets, hint and last move as classes; no redraw (keeps drags alive). */
export function applyHighlights(ctx) {
  const { state, piles } = ctx;
  const view = ctx.shownView();
  const hint = ctx.replay() ? {} : ctx.model.get("hint") || {};
  const last = moveEnds(view.last_move);
  const targets = new Set();
  for (const move of ctx.legal()) {
    const ends = moveEnds(move);
    if (ends && ends.from === state.selected) targets.add(ends.to);
  }
  for (const [name, { slot, box }] of piles) {
    const kind = (view.piles || {})[name]?.kind || "";
    const className = `sw-slot sw-kind-${kind}`;
    if (slot.className !== className) slot.className = className;
    box.classList.toggle("sw-selected", name === state.selected);
    box.classList.toggle("sw-target", targets.has(name));
    box.classList.toggle("sw-hint-from", name === hint.from);
    box.classList.toggle("sw-hint-to", name === hint.to);
    box.classList.toggle("sw-last", !!last && (name === last.from || name === last.to));
    setAttr(box, "aria-pressed", String(name === state.selected));
  }
}
