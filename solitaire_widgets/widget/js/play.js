// Playing with the pointer and the keyboard: what a click, a drag or a key on the table asks
// Python for. Every move is sent (Python is the judge); a click that can do nothing is sent
// too, so that Python says why.
import { setAttr } from "./dom.js";
import { KEY_CONTROLS, arrowTarget, keyLeavesTable, pileKeyAction } from "./keys.js";
import { applyHighlights } from "./felt.js";
import { clickPlan } from "./moves.js";
import { cardWords } from "./words.js";

/** Pick up `name` (or put the card down: null), and show where it may go. */
export function select(ctx, name) {
  ctx.state.selected = name;
  applyHighlights(ctx);
}

/** The stock without a face-up card draws (S-W), deals, or redeals, as `legal` says. */
function useStock(ctx) {
  const moves = ctx.legal();
  const choice = ["S-W", "deal", "redeal"].find((move) => moves.includes(move));
  // Nothing legal: still ask Python, which explains why (e.g. the stock is empty).
  ctx.act.move(choice || ((ctx.shownView().piles || {}).W ? "S-W" : "deal"));
}

/**
 * A click, Enter or Space on a pile: put a picked-up card down there, or see what the pile
 * offers (moves.clickPlan). A click (`oneClick`) plays a card's only legal move at once; the
 * keyboard always picks up first, then puts down. True when the click played a move.
 */
export function activate(ctx, name, oneClick = false) {
  const pile = ctx.pileOf(name);
  if (!pile) return;
  if (ctx.replay()) {
    ctx.act.pick(name); // Python says that a replay is shown
    return;
  }
  const { state } = ctx;
  if (state.selected) {
    const from = state.selected;
    select(ctx, null);
    if (from !== name) ctx.act.move(`${from}-${name}`);
    return;
  }
  const plan = clickPlan(pile, name, ctx.legal(), ctx.shownView().status);
  if (plan === "stock") useStock(ctx);
  else if (plan === "ask") ctx.act.pick(name); // nothing to pick up here: Python says why
  else if (plan.play && oneClick) {
    ctx.act.move(plan.play);
    return true;
  } else {
    select(ctx, name);
    if (plan === "nowhere") ctx.act.pick(name); // Python says that it can go nowhere
  }
  return false;
}

/** Double-click or `f`: the card to the foundation that takes it (X-F). */
function sendHome(ctx, name) {
  const pile = ctx.pileOf(name);
  if (!pile) return;
  if (ctx.replay() || !(pile.cards || []).length || pile.kind === "foundation") {
    ctx.act.pick(name);
    return;
  }
  select(ctx, null);
  ctx.act.move(`${name}-F`);
}

/** Move the keyboard focus to pile `name` (the roving tabindex follows). */
function focusPile(ctx, name) {
  const old = ctx.pileNode(ctx.state.focus);
  if (old) setAttr(old, "tabindex", "-1");
  ctx.state.focus = name;
  const node = ctx.pileNode(name);
  if (node) {
    setAttr(node, "tabindex", "0");
    node.focus({ preventScroll: true });
  }
}

/** PageUp / PageDown in a fanned pile: focus its cards one by one, which shows each whole. */
function peek(ctx, name, up) {
  const box = ctx.pileNode(name);
  if (!box || !box.classList.contains("sw-fan")) return false;
  const faces = [...box.querySelectorAll(":scope > .sw-face")];
  if (!faces.length) return false;
  const at = faces.indexOf(document.activeElement);
  const from = at < 0 ? faces.length - 1 : at; // from the top card, which is always whole
  const next = Math.min(faces.length - 1, Math.max(0, from + (up ? -1 : 1)));
  const card = faces[next];
  card.setAttribute("tabindex", "-1");
  card.setAttribute("aria-label", `${cardWords(card.dataset.card)}, card ${next + 1} of ${faces.length} face up in ${ctx.pileOf(name)?.label || name}`);
  card.removeAttribute("aria-hidden");
  card.setAttribute("role", "img");
  card.focus({ preventScroll: true });
  return true;
}

/** A key on a focused pile (or one of its cards); true if it was the table's. */
function onPileKey(ctx, event) {
  const name = event.target.closest?.("[data-pile]")?.dataset.pile;
  const action = name ? pileKeyAction(event.key) : null;
  if (action === "focus") focusPile(ctx, arrowTarget(ctx.shownView().rows || [], ctx.state.focus, event.key));
  else if (action === "activate") activate(ctx, name);
  else if (action === "home") sendHome(ctx, name);
  else if (action === "drop") {
    select(ctx, null);
    if (event.target !== ctx.pileNode(name)) focusPile(ctx, name);
  } else if (action === "peek-up" || action === "peek-down") return peek(ctx, name, action === "peek-up");
  return action !== null;
}

/** A key that stays in the table (see keyLeavesTable), pressed anywhere inside it. */
function onKey(ctx, event) {
  const { ui } = ctx;
  if (ctx.link.state !== "live") {
    event.preventDefault();
    ctx.showNotConnected();
    return;
  }
  if (event.target === ui.seed) {
    if (event.key === "Enter") ctx.act.newDeal(); // other keys type into the box
    return;
  }
  if (event.shiftKey || (event.target.tagName === "INPUT" && event.target.type !== "checkbox")) return;
  let handled = onPileKey(ctx, event);
  if (!handled && KEY_CONTROLS[event.key]) {
    const action = KEY_CONTROLS[event.key];
    if (action === "hint") ctx.act.job("hint"); // `h` is the Hint button: Stop while it thinks
    else ctx.act.control(action);
    handled = true;
  }
  if (handled) event.preventDefault();
}

/**
 * Every key that stays in the table (keyLeavesTable) is stopped on the window, in the capture
 * phase: before any handler of the notebook sees it. Notebook 7 reads keys on the document in
 * the capture phase (before the table's own handlers), JupyterLab in the bubble phase, where
 * its search for a shortcut stops at the focused pile (which matches the command-mode bindings
 * before any ancestor's data-lm-suppress-shortcuts is reached). The table handles the key right
 * here; default actions (typing in the deal box, a button's Enter) still happen.
 */
function keepKeys(ctx, listen) {
  for (const type of ["keydown", "keypress", "keyup"]) {
    listen(window, type, (event) => {
      if (!(event.target instanceof Node) || !ctx.ui.root.contains(event.target) || keyLeavesTable(event)) return;
      event.stopPropagation();
      if (type === "keydown") onKey(ctx, event);
    }, { capture: true });
  }
}

/** Drag a top card onto a pile (HTML5 drag and drop). */
function dragging(ctx, listen, pileAt) {
  const { ui, state } = ctx;
  listen(ui.table, "dragstart", (event) => {
    const name = pileAt(event);
    if (!name || ctx.replay()) {
      event.preventDefault();
      if (name) ctx.act.pick(name);
      return;
    }
    event.dataTransfer.setData("text/plain", name);
    event.dataTransfer.effectAllowed = "move";
    state.dragging = true;
    select(ctx, name);
  });
  listen(ui.table, "dragover", (event) => {
    if (state.dragging && pileAt(event)) event.preventDefault();
  });
  listen(ui.table, "drop", (event) => {
    const target = pileAt(event);
    const source = state.selected;
    event.preventDefault();
    state.dragging = false;
    select(ctx, null);
    if (target && source && target !== source) ctx.act.move(`${source}-${target}`);
  });
  listen(ui.table, "dragend", () => {
    if (state.dragging) select(ctx, null);
    state.dragging = false;
  });
}

/** Listen to the pointer and the keyboard on the table (until `listen`'s signal aborts). */
export function attachPlay(ctx, listen) {
  const { ui, state } = ctx;
  const pileAt = (event) => event.target.closest?.("[data-pile]")?.dataset.pile;
  keepKeys(ctx, listen);
  // Without a kernel every click only says so (capture: before any other handler).
  for (const type of ["click", "dblclick", "dragstart", "change"]) {
    listen(ui.root, type, (event) => {
      if (ctx.link.state === "live") return;
      if (type === "change" && event.target === ui.four) ui.four.checked = !!ctx.model.get("four_colour");
      if (type === "change" && event.target === ui.large) ui.large.checked = !!ctx.model.get("large");
      event.preventDefault();
      event.stopPropagation();
      ctx.showNotConnected();
    }, { capture: true });
  }
  // The second click of a double-click is the double-click's: it neither picks up nor plays.
  listen(ui.table, "click", (event) => {
    if (event.detail > 1) return;
    const name = pileAt(event);
    state.played = name ? activate(ctx, name, true) : false;
    if (!name) select(ctx, null);
  });
  // A pile focused by a click (or by the page) becomes the one Tab comes back to.
  listen(ui.table, "focusin", (event) => {
    const name = pileAt(event);
    if (!name || name === state.focus) return;
    const old = ctx.pileNode(state.focus);
    if (old) setAttr(old, "tabindex", "-1");
    state.focus = name;
    setAttr(ctx.pileNode(name), "tabindex", "0");
  });
  // A double-click sends the card home, unless its first click already played it.
  listen(ui.table, "dblclick", (event) => {
    const name = pileAt(event);
    if (name && !ctx.replay() && !state.played) sendHome(ctx, name);
  });
  dragging(ctx, listen, pileAt);
}
