// The patience table: the browser half of GameWidget (anywidget, plain ES module).
//
// This file is a view. It draws the `view` trait that Python computes (only what a player
// may see), and turns clicks, drags and keys into intents sent with `model.send`. It decides
// no rule: `view.legal` is used only to highlight where a picked-up card could go, and every
// move, even one that looks illegal, is sent to Python, which plays it or explains why not.
// A click that can do nothing (a foundation, a replay, a control shown as unavailable) is
// sent too, and Python says why. All text goes through textContent, never HTML strings.
//
// Speed: the DOM is kept between redraws (one node per pile, one per card), so a move
// rebuilds only the piles it changed, and nothing here reads layout (no forced reflow).
//
// Connection: Python answers every message ({type: "answer", seq}). A restarted, dead or
// shut-down kernel, a lost connection, or a message that cannot be sent turns the table into
// a "not connected: run the cell again" state; see watchConnection.

const RANK_WORDS = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
  8: "eight", 9: "nine", T: "ten", J: "jack", Q: "queen", K: "king",
};
const SUITS = {
  C: { symbol: "♣", name: "clubs", colour: "black" },
  D: { symbol: "♦", name: "diamonds", colour: "red" },
  H: { symbol: "♥", name: "hearts", colour: "red" },
  S: { symbol: "♠", name: "spades", colour: "black" },
};
const KEY_CONTROLS = { u: "undo", r: "redo", h: "hint", a: "auto" };
// The two background jobs: their button's label and title while idle.
const JOBS = {
  solve: ["Solve", "search for a winning line (the solver looks at the face-down cards)"],
  chances: ["Chances", "each move: winnable, and the player's chance, on random deals of the unseen cards"],
};
// The sentence that explains the two columns of Chances (chances.GAP in Python).
const GAP = "The gap between winnable and the player's chance is what seeing the face-down cards is worth.";
// Running the table's cell alone is not enough after a restart: the imports and the game are
// in earlier cells, so the notebook runs again from the top.
export const NOT_CONNECTED = "not connected: run the notebook again from the top (Run ▸ Run All Cells)";
const WAIT_NOTE_MS = 1000; // no answer after this: say what the kernel is doing
const SILENT_MS = 15000; // no answer after this, from a kernel not known to be busy: say so

/**
 * The line under the table while a message has waited `waited` ms for its answer, with the
 * kernel's status as the page knows it ("busy", "idle", ...; null where the front end has no
 * kernel object). A busy kernel is running a cell: the click waits for it. Nothing here
 * advises running anything again (that would replace the table and lose the game): only a
 * kernel known to be gone (see watchConnection) makes the table say so.
 */
export function waitWords(waited, status) {
  if (waited < WAIT_NOTE_MS) return "";
  if (status === "busy") return "the kernel is busy running a cell; your click waits for it";
  if (waited < SILENT_MS) return "waiting for the kernel…";
  return "no answer from the kernel yet: your click waits for it (a cell may be running)";
}
const REFRESH_MS = 5000; // after a reconnection, Python must answer a refresh within this
const WATCH_MS = 2000; // how often the kernel object itself is checked (shut down, replaced)

// Sizes are computed here, in pixels, from the widget's width (a ResizeObserver reports it
// after layout, so it is never read by force) and the piles' lengths, and handed to the CSS
// as plain lengths. (Container-query units made every redraw re-resolve the style of every
// card inside layout: 60 ms a click on a Fly table.)
//
// The height bound of the felt (see docs/widget.md, "Tall piles"): fans tighten and, past
// that, cards shrink, so that the felt is never taller than FELT_MAX px.
export const FELT_MAX = 640;
const CAPTION_PX = 16; // a caption's height under each pile (widget.css)
const CARD_MIN = 30;
const CARD_MAX = 96;
const CORNER = 0.24; // corner font size / card width (and at least CORNER_MIN px)
const CORNER_MIN = 9;
const CORNER_TOP = 1; // px between a card's top and its corner text (the card's border)
const MIN_STEP = 0.8; // cards shrink before a fan shows less than this of each corner's text
const FLOOR_STEP = 0.45; // with the smallest cards, a fan still shows this of each corner
const NORMAL_STEP = 0.26; // the offset of a fan with room, in card heights
// Card widths a tall pile shrinks the cards through (after the width-based size): a few
// rungs, so that a click on a tall pile changes the size of every card only now and then (a
// new size lays out every card again), and otherwise only the offset of the fan it changed.
const RUNGS = [88, 80, 72, 66, 60, 54, 48, 44, 40, 36, 33, 30];

/**
 * The table's sizes for a widget `width` px wide with `cols` piles in its widest row, `rows`
 * rows, and a tallest fan of `layers` cards above its bottom one: {gap, rowGap, cardW, cardH,
 * corner, room}, where `room` is the height the felt leaves the fans' layers. Pure arithmetic.
 * `previous` is the card width in use: it is kept while it fits and the pile is within three
 * cards of where it changed, so that a move and its undo do not resize every card each time.
 */
export function tableSizes(width, cols, rows, layers, previous = 0) {
  const gap = Math.min(10, Math.max(4, width * 0.01));
  const rowGap = gap * 1.5;
  const byWidth = Math.min(CARD_MAX, Math.max(CARD_MIN, (width - gap * (cols + 1)) / cols));
  // The fixed part of the felt: each row's bottom card and caption, the gaps, the padding.
  const fixed = (w) => rows * (w * 1.4 + CAPTION_PX) + (rows - 1) * rowGap + 2 * gap;
  const shown = (w) => CORNER_TOP + MIN_STEP * Math.max(CORNER_MIN, w * CORNER);
  const fits = (w, n) => fixed(w) + n * shown(w) <= FELT_MAX;
  const widest = Math.floor(byWidth);
  const pick = (n) => (n <= 0 || fits(widest, n)
    ? widest
    : RUNGS.find((rung) => rung < widest && fits(rung, n)) ?? CARD_MIN);
  const tight = pick(layers);
  const loose = pick(layers + 3);
  let cardW = tight;
  if (previous >= loose && previous <= tight && (fits(previous, layers) || previous === CARD_MIN)) {
    cardW = previous;
  } else if (previous && previous < loose) {
    cardW = loose;
  }
  const cardH = cardW * 1.4;
  const corner = Math.max(CORNER_MIN, cardW * CORNER);
  return { gap, rowGap, cardW, cardH, corner, room: FELT_MAX - fixed(cardW) };
}

/** A fan's offset: the normal one while the felt has room, tighter as the pile grows. */
export function fanStep(sizes, layers) {
  const share = layers > 0 ? sizes.room / layers : Infinity;
  return Math.max(CORNER_TOP + FLOOR_STEP * sizes.corner, Math.min(share, NORMAL_STEP * sizes.cardH));
}

/** "10♥" for "TH". */
export function cardText(code) {
  return rankText(code[0]) + SUITS[code[1]].symbol;
}

/** "ten of hearts" for "TH". */
export function cardWords(code) {
  return `${RANK_WORDS[code[0]]} of ${SUITS[code[1]].name}`;
}

function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

/** Source and target pile of a move in X-Y notation, or null for word moves. */
function moveEnds(move) {
  const parts = (move || "").split("-");
  return parts.length === 2 ? { from: parts[0], to: parts[1] } : null;
}

/** Create an element with a class and optional text (text only via textContent). */
function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** Write a text only when it changed (an unchanged line is not touched at all). */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

function makeButton(label, title, onClick, signal) {
  const button = make("button", "sw-button", label);
  button.type = "button";
  button.title = title;
  button.addEventListener("click", onClick, { signal });
  return button;
}

/**
 * Show a control as unavailable without disabling it: a disabled button hears no click, and
 * a click on an unavailable control is sent so that Python can say why.
 */
function setOff(button, off) {
  button.classList.toggle("sw-off", off);
  setAttr(button, "aria-disabled", String(off));
}

/** One face-up card: rank and suit in two corners and a large suit symbol. */
function drawCard(code) {
  const suit = SUITS[code[1]];
  const card = make("div", `sw-card sw-face sw-${suit.colour} sw-suit-${code[1]}`);
  card.dataset.card = code;
  card.setAttribute("aria-hidden", "true");
  const text = cardText(code);
  card.append(make("span", "sw-corner", text), make("span", "sw-corner sw-corner-end", text));
  const isCourt = "JQK".includes(code[0]);
  card.append(make("span", isCourt ? "sw-centre sw-court" : "sw-centre",
    isCourt ? code[0] + suit.symbol : suit.symbol));
  return card;
}

function drawBack() {
  const back = make("div", "sw-card sw-back");
  back.setAttribute("aria-hidden", "true");
  return back;
}

function drawEmpty(pile) {
  const slot = make("div", "sw-card sw-empty");
  slot.setAttribute("aria-hidden", "true");
  // The pile's name is in the caption below; an empty foundation also shows its suit.
  const suit = pile.kind === "foundation" ? foundationSuit(pile.label) : "";
  if (suit) slot.append(make("span", "sw-empty-name", suit));
  return slot;
}

/** "♣" from a label like "foundation 1 (clubs)", for the empty foundation's placeholder. */
function foundationSuit(label) {
  for (const suit of Object.values(SUITS)) {
    if ((label || "").includes(`(${suit.name})`)) return suit.symbol;
  }
  return "";
}

/** The accessible name of a pile: "seven of hearts, top of reserve 3, 4 cards". */
function pileWords(pile) {
  const cards = pile.cards || [];
  const total = cards.length + (pile.down || 0);
  if (total === 0) return `${pile.label}, empty`;
  const parts = [];
  if (cards.length) {
    parts.push(`${cardWords(cards[cards.length - 1])}, top of ${pile.label}`);
    if (pile.fan && cards.length > 1) {
      parts.push(`over ${cards.slice(0, -1).reverse().map(cardWords).join(", ")}`);
    }
  } else {
    parts.push(pile.label);
  }
  if (pile.down) parts.push(`${pile.down} face down`);
  parts.push(`${total} card${total === 1 ? "" : "s"}`);
  return parts.join(", ");
}

/** What a pile's drawing depends on; the pile is redrawn only when this changes. */
function pileKey(pile) {
  return JSON.stringify([pile.kind, pile.label, pile.fan, pile.down || 0, pile.cards || []]);
}

/** The layers of a fanned pile: one back for the face-down cards, then each face-up card. */
function fanLayers(pile) {
  return (pile.down ? [null] : []).concat(pile.cards || []);
}

/**
 * Redraw one pile's cards into `box`. A fan keeps the card nodes its old and new layers share
 * at the bottom, so a move onto a 60-card pile adds one node instead of rebuilding sixty.
 */
function drawPileCards(box, pile) {
  const cards = pile.cards || [];
  const down = pile.down || 0;
  const total = cards.length + down;
  box.querySelector(":scope > .sw-count")?.remove();
  if (!pile.fan || total === 0) {
    box.classList.remove("sw-fan", "sw-squeezable");
    box.replaceChildren();
  }
  box.classList.toggle("sw-stacked", !pile.fan && total > 1);
  if (total === 0) {
    box.append(drawEmpty(pile));
  } else if (pile.fan) {
    const layers = fanLayers(pile);
    box.classList.add("sw-fan");
    box.style.setProperty("--layers", String(layers.length - 1));
    const old = [...box.children].filter((node) => node.classList.contains("sw-card"));
    let keep = 0;
    while (keep < old.length && keep < layers.length && old[keep].dataset.layer === String(layers[keep])) {
      keep += 1;
    }
    for (const node of old.slice(keep)) node.remove();
    for (let index = keep; index < layers.length; index += 1) {
      const code = layers[index];
      const card = code === null ? drawBack() : drawCard(code);
      card.dataset.layer = String(code);
      card.style.setProperty("--i", String(index));
      box.append(card);
    }
    for (const node of box.querySelectorAll(":scope > .sw-face")) node.draggable = false;
  } else {
    box.replaceChildren(cards.length ? drawCard(cards[cards.length - 1]) : drawBack());
  }
  if (total > 1 && !pile.fan) box.append(make("span", "sw-count", total));
  else if (down && pile.fan) box.append(make("span", "sw-count", down));
  const faces = box.querySelectorAll(":scope > .sw-face");
  const top = faces[faces.length - 1];
  if (top && pile.kind !== "foundation") top.draggable = true;
}

/**
 * Whether a key pressed inside the table may leave it for the notebook: Tab and Shift+Tab
 * (focus moves on), Shift+Enter (runs the cell), and keys with Ctrl, Alt or Meta (the
 * notebook's other run shortcuts, Ctrl+Enter and Alt+Enter, and the browser's own, such as
 * Ctrl+S). Every other key stays in the table: `d d`, `m`, `0 0`, `x`, `a`... are the
 * notebook's command-mode shortcuts, and a student guesses `d` for "deal".
 */
export function keyLeavesTable(event) {
  if (event.key === "Tab" || event.ctrlKey || event.metaKey || event.altKey) return true;
  return event.shiftKey && event.key === "Enter";
}

function statusWords(view) {
  const parts = [view.title || view.variant || ""];
  parts.push(view.seed === null || view.seed === undefined ? "own deck" : `deal ${view.seed}`);
  parts.push(`${view.moves_made} move${view.moves_made === 1 ? "" : "s"}`);
  if (view.redeals_total) {
    parts.push(`redeals left ${view.redeals_left} of ${view.redeals_total}`);
  }
  parts.push(`${view.cards_home}/${view.cards_total} cards home`);
  if (view.status === "won") parts.push("won!");
  else if (view.status === "lost") parts.push("lost: no legal move left");
  return parts.join(" · ");
}

/** "Hint" for "hint". */
function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "45%" for 0.45. */
function percent(x) {
  return `${Math.round(Number(x) * 100)}%`;
}

/** Build the widget's fixed skeleton: controls, table, replay bar, status lines. */
function buildSkeleton(el, act, signal) {
  const root = make("div", "sw-root");
  // Shown only when the kernel is gone: what happened and what to do.
  const conn = make("div", "sw-conn");
  conn.setAttribute("role", "alert");
  conn.hidden = true;
  const connWhat = make("strong", "sw-conn-what", NOT_CONNECTED);
  const connWhy = make("span", "sw-conn-why");
  conn.append(connWhat, connWhy);
  const controls = make("div", "sw-controls");
  controls.setAttribute("role", "toolbar");
  controls.setAttribute("aria-label", "game controls");
  const seed = make("input", "sw-seed");
  seed.type = "number";
  seed.min = "0";
  seed.step = "1";
  seed.placeholder = "random deal";
  seed.setAttribute("aria-label", "deal number for New deal; leave it empty for a random deal");
  const buttons = {
    new: makeButton("New deal", "", () => act.newDeal(), signal),
    back: makeButton("Back", "", () => act.control("back"), signal),
    restart: makeButton("Restart", "back to the start of this deal", () => act.control("restart"), signal),
    undo: makeButton("Undo", "take back the last move (u)", () => act.control("undo"), signal),
    redo: makeButton("Redo", "play again the move taken back (r)", () => act.control("redo"), signal),
    hint: makeButton("Hint", "suggest a move (h)", () => act.control("hint"), signal),
    auto: makeButton("Auto", "play the moves that can never lose a won game; which they are in each game: docs/rules.md (a)", () => act.control("auto"), signal),
    redeal: makeButton("Redeal", "turn the cards over for another pass", () => act.control("redeal"), signal),
    review: makeButton("Review", "step through this game from the deal", () => act.replay("start"), signal),
    solve: makeButton(JOBS.solve[0], JOBS.solve[1], () => act.job("solve"), signal),
    chances: makeButton(JOBS.chances[0], JOBS.chances[1], () => act.job("chances"), signal),
  };
  // New deal picks only deals the solver proves winnable while this is ticked.
  const winnableLabel = make("label", "sw-winnable");
  const winnable = make("input");
  winnable.type = "checkbox";
  winnableLabel.title = "New deal picks the next deal number the solver proves winnable, and says how hard it is";
  winnableLabel.append(winnable, make("span", "", "winnable only"));
  const fourLabel = make("label", "sw-four");
  const four = make("input");
  four.type = "checkbox";
  fourLabel.append(four, make("span", "", "four colours"));
  controls.append(buttons.new, seed, winnableLabel, buttons.back, buttons.restart, buttons.undo, buttons.redo,
    buttons.hint, buttons.auto, buttons.redeal, buttons.review, buttons.solve, buttons.chances,
    fourLabel);
  // New deal on a game that cannot be brought back (an own deck) asks first.
  const confirm = make("div", "sw-confirm");
  confirm.setAttribute("role", "alertdialog");
  confirm.hidden = true;
  const confirmText = make("span", "sw-confirm-text");
  const confirmYes = makeButton("Deal anyway", "end this game and deal again", () => act.confirmNew(true), signal);
  const confirmNo = makeButton("Keep playing", "keep this game", () => act.confirmNew(false), signal);
  confirm.append(confirmText, confirmYes, confirmNo);
  const replayBar = make("div", "sw-replay");
  replayBar.setAttribute("role", "toolbar");
  replayBar.setAttribute("aria-label", "replay controls");
  const slider = make("input", "sw-slider");
  slider.type = "range";
  slider.min = "0";
  slider.setAttribute("aria-label", "replay step");
  const step = make("div", "sw-step");
  replayBar.append(
    makeButton("|◀", "first step", () => act.replay("first"), signal),
    makeButton("◀", "previous step", () => act.replay("prev"), signal),
    slider,
    makeButton("▶", "next step", () => act.replay("next"), signal),
    makeButton("▶|", "last step", () => act.replay("last"), signal),
    makeButton("Exit", "leave the replay and play on", () => act.replay("exit"), signal),
    step,
  );
  const table = make("div", "sw-table");
  table.setAttribute("role", "group");
  const status = make("div", "sw-status");
  status.setAttribute("aria-live", "polite");
  const message = make("div", "sw-message");
  message.setAttribute("aria-live", "polite");
  const error = make("div", "sw-error");
  error.setAttribute("role", "alert");
  // A note while the kernel has not answered yet (busy running a cell, or gone).
  const wait = make("div", "sw-wait");
  wait.hidden = true;
  // Background work (Solve, Chances): its progress, or a result the message line lacks.
  // aria-busy while running, so screen readers wait for the result instead of every count.
  const solving = make("div", "sw-solving");
  solving.setAttribute("aria-live", "polite");
  // The ranked hints after Hint: why the best move beat the next ones.
  const hints = make("div", "sw-hints");
  hints.append(make("div", "sw-hints-title", "Why? The best moves, best first:"));
  const hintList = make("ol", "sw-hint-list");
  hints.append(hintList);
  // The chances per move after Chances: winnable and the player's chance, side by side.
  const chances = make("table", "sw-chances");
  const caption = make("caption", "sw-chances-title");
  const head = make("tr");
  const headers = ["move", "winnable (sees every card)", "player's chance", "undecided (all lost…all won)"];
  const headCells = headers.map((text) => {
    const cell = make("th", "", text);
    cell.scope = "col";
    return cell;
  });
  head.append(...headCells);
  const thead = make("thead");
  thead.append(head);
  const chanceRows = make("tbody");
  chances.append(caption, thead, chanceRows);
  root.append(conn, controls, confirm, replayBar, table, status, message, error, wait, solving,
    hints, chances);
  el.append(root);
  return {
    root, conn, connWhy, controls, buttons, seed, winnable, four, confirm, confirmText, replayBar, slider,
    step, table, status, message, error, wait, solving, hints, hintList, chances, caption,
    headCells, chanceRows,
  };
}

/**
 * Follow the kernel behind `model` and call `lost(why)` once it is gone for good, `suspend(why)`
 * while the connection is down, and `resume()` when it is back. What a front end offers:
 * ipywidgets' widget manager has the kernel connection (`kernel.status`: restarting,
 * autorestarting, dead; `connectionStatus`: connected, connecting, disconnected; `disposed`
 * when it is shut down), and marks every model `comm_live = false` on a restart
 * (`comm_live_update`). Where there is no kernel object, the answers to messages still tell.
 * `status(now)` hears every other status ("busy", "idle", ...): the wait line says what a
 * busy kernel is doing. Returns the function that stops watching.
 */
function watchConnection(model, { lost, suspend, resume, status }) {
  const manager = model.widget_manager;
  const kernel = manager?.kernel;
  const offs = [];
  const onStatus = (_sender, now) => {
    if (now === "restarting" || now === "autorestarting") lost("the kernel was restarted, so this table has no game behind it any more");
    else if (now === "dead") lost("the kernel has stopped");
    else status(now);
  };
  const onConnection = (_sender, status) => {
    if (status === "connected") resume();
    else suspend("the connection to the kernel was lost");
  };
  const onLive = () => lost("the kernel was restarted, so this table has no game behind it any more");
  model.on("comm_live_update", onLive);
  offs.push(() => model.off("comm_live_update", onLive));
  if (kernel && kernel.statusChanged && kernel.connectionStatusChanged) {
    kernel.statusChanged.connect(onStatus);
    kernel.connectionStatusChanged.connect(onConnection);
    const onDisposed = () => lost("the kernel was shut down");
    kernel.disposed?.connect(onDisposed);
    offs.push(() => {
      kernel.statusChanged.disconnect(onStatus);
      kernel.connectionStatusChanged.disconnect(onConnection);
      kernel.disposed?.disconnect(onDisposed);
    });
    const check = () => {
      if (kernel.isDisposed || ("kernel" in manager && manager.kernel !== kernel)) {
        lost("the kernel was shut down or changed");
      } else if (kernel.status === "dead") {
        lost("the kernel has stopped");
      }
    };
    check();
    const timer = setInterval(check, WATCH_MS);
    offs.push(() => clearInterval(timer));
  }
  return () => offs.forEach((off) => off());
}

function render({ model, el }) {
  const abort = new AbortController();
  const signal = abort.signal;
  const state = {
    selected: null, focus: null, dragging: false, rowsKey: "", chancesKey: "", hintsKey: "",
    width: 0, vars: {}, cardW: 0,
  };
  const piles = new Map(); // pile name -> {slot, box, key}
  // The connection: "live", "suspended" (the link is down, may come back) or "dead".
  const link = { state: "live", why: "", seq: 0, pending: new Map(), refresh: 0, newSeed: null };

  const act = {}; // filled below; the skeleton's handlers call it when clicked
  const ui = buildSkeleton(el, act, signal);

  // -- talking to Python ------------------------------------------------------------

  /** Send one intent, numbered; a table without a kernel only says so. */
  function send(content) {
    if (link.state !== "live") {
      showNotConnected();
      return null;
    }
    link.seq += 1;
    const seq = link.seq;
    try {
      model.send({ ...content, seq });
    } catch (error) {
      loseConnection(`the message could not be sent (${error?.message || error})`);
      return null;
    }
    link.pending.set(seq, performance.now());
    setTimeout(noteSilence, WAIT_NOTE_MS + 20);
    return seq;
  }

  /** While a message has no answer, say why: the kernel is busy running a cell, or silent. */
  function noteSilence() {
    if (link.state === "dead" || !link.pending.size) {
      ui.wait.hidden = true;
      return;
    }
    const waited = performance.now() - Math.min(...link.pending.values());
    const words = waitWords(waited, model.widget_manager?.kernel?.status ?? null);
    setText(ui.wait, words);
    ui.wait.hidden = !words;
    if (waited < SILENT_MS) setTimeout(noteSilence, Math.max(20, SILENT_MS - waited + 20));
  }

  function onAnswer(content) {
    if (!content || content.type !== "answer") return;
    link.pending.delete(content.seq);
    if (!link.pending.size) ui.wait.hidden = true;
    if (content.seq === link.refresh) {
      link.refresh = 0;
      setLive();
    }
    if (content.seq === link.newSeed?.seq) {
      if (!content.error) ui.seed.value = "";
      link.newSeed = null;
      drawControls();
    }
    if (content.error) flash(ui.error); // the same refusal again: show that it was heard
  }

  function flash(node) {
    node.classList.remove("sw-flash");
    // Restart the animation on the next frame (no layout read needed).
    requestAnimationFrame(() => node.classList.add("sw-flash"));
  }

  function loseConnection(why) {
    if (link.state === "dead") return;
    link.state = "dead";
    link.why = why;
    link.pending.clear();
    drawConnection();
  }

  function suspend(why) {
    if (link.state !== "live") return;
    link.state = "suspended";
    link.why = why;
    drawConnection();
  }

  /** The link is back: ask Python for the whole state again; live once it answers. */
  function resume() {
    if (link.state !== "suspended") return;
    link.state = "live";
    link.refresh = send({ type: "control", action: "refresh" }) || 0;
    link.state = "suspended";
    const asked = link.refresh;
    setTimeout(() => {
      if (link.refresh === asked && link.state === "suspended") {
        loseConnection("the kernel did not answer after the connection came back");
      }
    }, REFRESH_MS);
  }

  function setLive() {
    link.state = "live";
    link.why = "";
    drawConnection();
  }

  function drawConnection() {
    const off = link.state !== "live";
    ui.root.classList.toggle("sw-dead", off);
    ui.conn.hidden = !off;
    setText(ui.connWhy, off ? ` (${link.why})` : "");
    ui.wait.hidden = true;
    if (off) showNotConnected();
    else drawStatus();
  }

  /** Any click or key on a table without a kernel shows what to do. */
  function showNotConnected() {
    setText(ui.error, `✗ ${NOT_CONNECTED}`);
    ui.error.hidden = false;
    flash(ui.conn);
  }

  Object.assign(act, {
    move: (move) => send({ type: "move", move }),
    pick: (pile) => send({ type: "pick", pile }),
    control: (action, extra = {}) => send({ type: "control", action, ...extra }),
    newDeal: () => {
      if (runningJob() === "new") {
        act.control("stop"); // "winnable only" is looking for a deal: the button reads Stop
        return;
      }
      const typed = ui.seed.value.trim();
      const view = model.get("view") || {};
      const own = view.seed === null || view.seed === undefined;
      if (own && view.moves_made > 0 && !state.confirming && !replay() && link.state === "live") {
        state.confirming = true; // this game cannot be brought back: ask first
        ui.confirmText.textContent = `New deal ends this game (own deck, ${view.moves_made} move${view.moves_made === 1 ? "" : "s"}), and it cannot be brought back.`;
        ui.confirm.hidden = false;
        return;
      }
      const extra = typed === "" ? {} : { seed: Number(typed) };
      if (ui.winnable.checked) extra.winnable = true;
      const seq = act.control("new", extra);
      if (seq && typed !== "") link.newSeed = { seq };
    },
    confirmNew: (yes) => {
      ui.confirm.hidden = true;
      if (yes) act.newDeal();
      state.confirming = false;
    },
    replay: (action, index) => send(index === undefined ? { type: "replay", action } : { type: "replay", action, index }),
    // Solve or Chances; the same button sends stop while its job is running.
    job: (task) => send({ type: "control", action: runningJob() === task ? "stop" : task }),
  });

  const replay = () => {
    const value = model.get("replay") || {};
    return value.view ? value : null;
  };
  const shownView = () => {
    const rep = replay();
    return rep ? rep.view : model.get("view") || {};
  };
  const legal = () => (replay() ? [] : shownView().legal || []);
  const solving = () => model.get("solving") || {};
  // The control whose button reads Stop while a job runs (Solve, Chances, New deal).
  const runningJob = () => (solving().running ? solving().button || solving().task : null);
  const pileOf = (name) => (shownView().piles || {})[name];
  const pileNode = (name) => piles.get(name)?.box;

  // -- drawing ----------------------------------------------------------------------

  /** Lay out the rows (once per layout), then redraw only the piles that changed. */
  function drawTable() {
    const view = shownView();
    const rows = view.rows || [];
    const rowsKey = JSON.stringify(rows);
    if (rowsKey !== state.rowsKey) {
      state.rowsKey = rowsKey;
      piles.clear();
      ui.table.replaceChildren(...rows.map((row) => {
        const line = make("div", "sw-row");
        for (const name of row) line.append(makeSlot(name));
        return line;
      }));
    }
    setAttr(ui.table, "aria-label", `${view.title || "patience"} table`);
    const names = rows.flat();
    if (!names.includes(state.focus)) {
      state.focus = names[0] || null;
      if (state.focus) setAttr(pileNode(state.focus), "tabindex", "0");
    }
    for (const name of names) {
      const pile = (view.piles || {})[name];
      const entry = piles.get(name);
      if (!pile || !entry) continue;
      entry.layers = pile.fan ? Math.max(fanLayers(pile).length - 1, 0) : 0;
      const key = pileKey(pile);
      if (key !== entry.key) {
        entry.key = key;
        drawPileCards(entry.box, pile);
        entry.box.setAttribute("aria-label", pileWords(pile));
        entry.box.title = pile.label;
      }
    }
    applySizes();
    applyHighlights();
  }

  /** Hand the sizes for the current width and piles to the CSS, as lengths that changed. */
  function applySizes() {
    const rows = shownView().rows || [];
    const cols = Math.max(1, ...rows.map((row) => row.length));
    let tallest = 0;
    for (const entry of piles.values()) tallest = Math.max(tallest, entry.layers || 0);
    const sizes = tableSizes(state.width || 600, cols, Math.max(1, rows.length), tallest, state.cardW);
    state.cardW = sizes.cardW;
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
      const step = entry.layers ? px(fanStep(sizes, entry.layers)) : "";
      if (entry.step !== step) {
        entry.step = step;
        if (step) entry.box.style.setProperty("--step", step);
        else entry.box.style.removeProperty("--step");
      }
    }
  }

  function makeSlot(name) {
    const slot = make("div", "sw-slot");
    const box = make("div", "sw-pile");
    box.dataset.pile = name;
    box.setAttribute("role", "button");
    // The roving tabindex changes only on focus (focusPile, focusin), never in a redraw:
    // changing it makes Chromium lay the page out at once.
    box.setAttribute("tabindex", "-1");
    slot.append(box, make("div", "sw-caption", name));
    piles.set(name, { slot, box, key: "", layers: 0, step: "" });
    return slot;
  }

  /** Selection, legal targets, hint and last move as classes; no redraw (keeps drags alive). */
  function applyHighlights() {
    const view = shownView();
    const hint = replay() ? {} : model.get("hint") || {};
    const last = moveEnds(view.last_move);
    const targets = new Set();
    for (const move of legal()) {
      const ends = moveEnds(move);
      if (ends && ends.from === state.selected) targets.add(ends.to);
    }
    for (const [name, { slot, box }] of piles) {
      const kind = (view.piles || {})[name]?.kind || "";
      slot.className = `sw-slot sw-kind-${kind}`;
      box.classList.toggle("sw-selected", name === state.selected);
      box.classList.toggle("sw-target", targets.has(name));
      box.classList.toggle("sw-hint-from", name === hint.from);
      box.classList.toggle("sw-hint-to", name === hint.to);
      box.classList.toggle("sw-last", !!last && (name === last.from || name === last.to));
      setAttr(box, "aria-pressed", String(name === state.selected));
    }
  }

  function drawControls() {
    const view = model.get("view") || {};
    const rep = replay();
    const has = (move) => (view.legal || []).includes(move);
    const running = runningJob();
    const restarted = model.get("restarted") || {};
    ui.root.classList.toggle("sw-replaying", !!rep);
    ui.buttons.undo.title = restarted.moves
      ? `take back Restart: play the ${restarted.moves} move${restarted.moves === 1 ? "" : "s"} again (u)`
      : "take back the last move (u)";
    const off = {
      undo: !view.moves_made && !restarted.moves,
      redo: !view.can_redo,
      review: !view.moves_made,
      solve: view.status === "won" || (!!running && running !== "solve"),
      chances: (!(view.legal || []).length || !!running) && running !== "chances",
      hint: view.status !== "playing",
      auto: view.status !== "playing",
    };
    for (const [name, button] of Object.entries(ui.buttons)) setOff(button, !!rep || !!off[name]);
    ui.buttons.redeal.hidden = !has("redeal");
    const back = model.get("back") || {};
    ui.buttons.back.hidden = back.seed === undefined;
    if (back.seed !== undefined) {
      setText(ui.buttons.back, `Back to deal ${back.seed}`);
      ui.buttons.back.title = `bring back deal ${back.seed} as you left it (${back.moves} move${back.moves === 1 ? "" : "s"}); this game is kept in its place`;
    }
    const typed = ui.seed.value.trim();
    const looking = running === "new";
    setText(ui.buttons.new, looking ? "Stop" : typed === "" ? "New deal" : `Deal ${typed}`);
    ui.buttons.new.title = looking ? "stop looking for a winnable deal" : typed === ""
      ? "deal a random new game (type a number in the box to choose the deal)"
      : `deal number ${typed}`;
    ui.buttons.new.classList.toggle("sw-stop", looking);
    for (const [task, [label, title]] of Object.entries(JOBS)) {
      const button = ui.buttons[task];
      const mine = running === task;
      setText(button, mine ? "Stop" : label);
      button.title = mine ? "stop the search" : title;
      button.classList.toggle("sw-stop", mine);
    }
    ui.seed.readOnly = !!rep;
    ui.four.checked = !!model.get("four_colour");
    ui.root.classList.toggle("sw-four-colour", !!model.get("four_colour"));
    ui.replayBar.hidden = !rep;
    if (rep) {
      ui.slider.max = String(rep.last);
      ui.slider.value = String(rep.index);
      setText(ui.step, rep.text || "");
      ui.step.classList.toggle("sw-solver-step", !!rep.solver && rep.index > rep.start);
    }
  }

  function drawStatus() {
    const view = shownView();
    setText(ui.status, view.piles ? statusWords(view) : "");
    ui.status.classList.toggle("sw-won", view.status === "won");
    setText(ui.message, model.get("message") || "");
    if (link.state !== "live") return; // the error line says what to do
    const error = model.get("error") || "";
    setText(ui.error, error ? `✗ ${error}` : "");
    ui.error.hidden = !error;
    drawSolving();
  }

  function drawSolving() {
    const job = solving();
    const text = job.message || "";
    setText(ui.solving, text);
    ui.solving.hidden = !text || text === (model.get("message") || "");
    setAttr(ui.solving, "aria-busy", String(!!job.running));
    ui.solving.dataset.status = job.status || "";
    ui.root.classList.toggle("sw-busy", !!job.running);
  }

  /** The ranked hints as a small list: move, reason, and "safe" for a move that cannot hurt. */
  function drawHints() {
    const hint = replay() ? {} : model.get("hint") || {};
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
  function drawChances() {
    const rows = replay() ? [] : model.get("chances") || [];
    const key = JSON.stringify(rows);
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
    const first = rows[0];
    if (first) {
      ui.headCells[2].textContent = `${first.strategy} player (sees the face-up cards)`;
      ui.caption.textContent = `After each move, on ${first.samples} random deals of the unseen cards`
        + " (never the real ones), with 95% intervals. Winnable: the share of deals a player who"
        + ` could see every card would still win. ${capitalized(first.strategy)} player: the share`
        + ` the ${first.strategy} player wins, seeing only the face-up cards. ${GAP}`;
    }
    ui.chances.hidden = !rows.length;
  }

  function drawAll() {
    state.selected = null;
    drawTable();
    drawControls();
    drawStatus();
    drawHints();
    drawChances();
  }

  // -- play -------------------------------------------------------------------------

  /** A click, Enter or Space on a pile: pick up, put down, or use the stock. */
  function activate(name) {
    const pile = pileOf(name);
    if (!pile) return;
    if (replay()) {
      act.pick(name); // Python says that a replay is shown
      return;
    }
    if (state.selected) {
      const from = state.selected;
      select(null);
      if (from !== name) act.move(`${from}-${name}`);
      return;
    }
    if (pile.kind === "stock" && !(pile.cards || []).length) {
      useStock();
    } else if ((pile.cards || []).length && pile.kind !== "foundation" && shownView().status === "playing") {
      select(name);
    } else {
      act.pick(name); // nothing to pick up here: Python says why
    }
  }

  /** The stock without a face-up card draws (S-W), deals, or redeals, as `legal` says. */
  function useStock() {
    const moves = legal();
    const choice = ["S-W", "deal", "redeal"].find((move) => moves.includes(move));
    // Nothing legal: still ask Python, which explains why (e.g. the stock is empty).
    act.move(choice || ((shownView().piles || {}).W ? "S-W" : "deal"));
  }

  function select(name) {
    state.selected = name;
    applyHighlights();
  }

  function sendHome(name) {
    const pile = pileOf(name);
    if (!pile) return;
    if (replay() || !(pile.cards || []).length || pile.kind === "foundation") {
      act.pick(name);
      return;
    }
    select(null);
    act.move(`${name}-F`);
  }

  // -- keyboard -----------------------------------------------------------------------

  function moveFocus(key) {
    const rows = shownView().rows || [];
    let r = rows.findIndex((row) => row.includes(state.focus));
    if (r < 0) return;
    let c = rows[r].indexOf(state.focus);
    if (key === "ArrowLeft") c = Math.max(0, c - 1);
    if (key === "ArrowRight") c = Math.min(rows[r].length - 1, c + 1);
    if (key === "ArrowUp") r = Math.max(0, r - 1);
    if (key === "ArrowDown") r = Math.min(rows.length - 1, r + 1);
    c = Math.min(c, rows[r].length - 1);
    focusPile(rows[r][c]);
  }

  function focusPile(name) {
    const old = pileNode(state.focus);
    if (old) setAttr(old, "tabindex", "-1");
    state.focus = name;
    const node = pileNode(name);
    if (node) {
      setAttr(node, "tabindex", "0");
      node.focus({ preventScroll: true });
    }
  }

  /** PageUp / PageDown in a fanned pile: focus its cards one by one, which shows each whole. */
  function peek(name, up) {
    const box = pileNode(name);
    if (!box || !box.classList.contains("sw-fan")) return false;
    const faces = [...box.querySelectorAll(":scope > .sw-face")];
    if (!faces.length) return false;
    const at = faces.indexOf(document.activeElement);
    const from = at < 0 ? faces.length - 1 : at; // from the top card, which is always whole
    const next = Math.min(faces.length - 1, Math.max(0, from + (up ? -1 : 1)));
    const card = faces[next];
    card.setAttribute("tabindex", "-1");
    card.setAttribute("aria-label", `${cardWords(card.dataset.card)}, card ${next + 1} of ${faces.length} face up in ${pileOf(name)?.label || name}`);
    card.removeAttribute("aria-hidden");
    card.setAttribute("role", "img");
    card.focus({ preventScroll: true });
    return true;
  }

  function onTableKey(event) {
    const name = event.target.closest?.("[data-pile]")?.dataset.pile;
    if (!name) return false;
    if (event.key.startsWith("Arrow")) moveFocus(event.key);
    else if (event.key === "Enter" || event.key === " ") activate(name);
    else if (event.key === "Escape") {
      select(null);
      if (event.target !== pileNode(name)) focusPile(name);
    } else if (event.key === "f") sendHome(name);
    else if (event.key === "PageUp" || event.key === "PageDown") return peek(name, event.key === "PageUp");
    else return false;
    return true;
  }

  /** A key that stays in the table (see keyLeavesTable), pressed anywhere inside it. */
  function onKey(event) {
    if (link.state !== "live") {
      event.preventDefault();
      showNotConnected();
      return;
    }
    if (event.target === ui.seed) {
      if (event.key === "Enter") act.newDeal(); // other keys type into the box
      return;
    }
    if (event.shiftKey || (event.target.tagName === "INPUT" && event.target.type !== "checkbox")) return;
    let handled = onTableKey(event);
    if (!handled && KEY_CONTROLS[event.key]) {
      act.control(KEY_CONTROLS[event.key]);
      handled = true;
    }
    if (handled) event.preventDefault();
  }

  // -- pointer ------------------------------------------------------------------------

  const pileAt = (event) => event.target.closest?.("[data-pile]")?.dataset.pile;
  const listen = (node, type, fn, options = {}) => node.addEventListener(type, fn, { signal, ...options });

  // Every key that stays in the table (keyLeavesTable) is stopped on the window, in the
  // capture phase: before any handler of the notebook sees it. Notebook 7 reads keys on the
  // document in the capture phase (before the table's own handlers), JupyterLab in the bubble
  // phase, where its search for a shortcut stops at the focused pile (which matches the
  // command-mode bindings before any ancestor's data-lm-suppress-shortcuts is reached). The
  // table handles the key right here; default actions (typing in the deal box, a button's
  // Enter) still happen.
  for (const type of ["keydown", "keypress", "keyup"]) {
    listen(window, type, (event) => {
      if (!(event.target instanceof Node) || !ui.root.contains(event.target) || keyLeavesTable(event)) return;
      event.stopPropagation();
      if (type === "keydown") onKey(event);
    }, { capture: true });
  }
  // Without a kernel every click only says so (capture: before any other handler).
  for (const type of ["click", "dblclick", "dragstart", "change"]) {
    listen(ui.root, type, (event) => {
      if (link.state === "live") return;
      if (type === "change" && event.target === ui.four) ui.four.checked = !!model.get("four_colour");
      event.preventDefault();
      event.stopPropagation();
      showNotConnected();
    }, { capture: true });
  }
  listen(ui.table, "click", (event) => {
    const name = pileAt(event);
    if (name) activate(name);
    else select(null);
  });
  // A pile focused by a click (or by the page) becomes the one Tab comes back to.
  listen(ui.table, "focusin", (event) => {
    const name = pileAt(event);
    if (!name || name === state.focus) return;
    const old = pileNode(state.focus);
    if (old) setAttr(old, "tabindex", "-1");
    state.focus = name;
    setAttr(pileNode(name), "tabindex", "0");
  });
  listen(ui.table, "dblclick", (event) => {
    const name = pileAt(event);
    if (name && !replay()) sendHome(name);
  });
  listen(ui.table, "dragstart", (event) => {
    const name = pileAt(event);
    if (!name || replay()) {
      event.preventDefault();
      if (name) act.pick(name);
      return;
    }
    event.dataTransfer.setData("text/plain", name);
    event.dataTransfer.effectAllowed = "move";
    state.dragging = true;
    select(name);
  });
  listen(ui.table, "dragover", (event) => {
    if (state.dragging && pileAt(event)) event.preventDefault();
  });
  listen(ui.table, "drop", (event) => {
    const target = pileAt(event);
    const source = state.selected;
    event.preventDefault();
    state.dragging = false;
    select(null);
    if (target && source && target !== source) act.move(`${source}-${target}`);
  });
  listen(ui.table, "dragend", () => {
    if (state.dragging) select(null);
    state.dragging = false;
  });
  listen(ui.four, "change", () => {
    model.set("four_colour", ui.four.checked);
    model.save_changes();
  });
  listen(ui.slider, "input", () => act.replay("goto", Number(ui.slider.value)));
  listen(ui.seed, "input", drawControls);

  // -- model events ---------------------------------------------------------------------

  const handlers = {
    "change:view": drawAll,
    "change:replay": drawAll,
    "change:four_colour": drawControls,
    "change:back": drawControls,
    "change:restarted": drawControls,
    "change:hint": () => {
      applyHighlights();
      drawHints();
    },
    "change:solving": () => {
      drawControls();
      drawSolving();
    },
    "change:chances": drawChances,
    "change:message": drawStatus,
    "change:error": drawStatus,
    "msg:custom": onAnswer,
  };
  for (const [event, fn] of Object.entries(handlers)) model.on(event, fn);
  const unwatch = watchConnection(model, { lost: loseConnection, suspend, resume, status: noteSilence });
  // The width, as laid out: reported after layout and before paint, so the first frame is drawn
  // at the right size and no redraw ever reads the layout.
  const resizes = new ResizeObserver((entries) => {
    const width = entries[entries.length - 1].contentRect.width;
    if (Math.abs(width - state.width) < 0.5) return;
    state.width = width;
    applySizes();
  });
  resizes.observe(ui.root);
  drawAll();

  return () => {
    for (const [event, fn] of Object.entries(handlers)) model.off(event, fn);
    unwatch();
    resizes.disconnect();
    abort.abort();
    ui.root.remove();
  };
}

export default { render };
