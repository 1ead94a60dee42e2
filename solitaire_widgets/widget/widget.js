// The patience table: the browser half of GameWidget (anywidget, plain ES module).
//
// This file is a view. It draws the `view` trait that Python computes (only what a player
// may see), and turns clicks, drags and keys into intents sent with `model.send`. It decides
// no rule: `view.legal` is used only to highlight where a picked-up card could go, and every
// move, even one that looks illegal, is sent to Python, which plays it or explains why not.
// All text goes through textContent / DOM APIs, never through HTML strings.

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
  chances: ["Chances", "each move's chance to win, from random deals of the unseen cards"],
};

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

function makeButton(label, title, onClick, signal) {
  const button = make("button", "sw-button", label);
  button.type = "button";
  button.title = title;
  button.addEventListener("click", onClick, { signal });
  return button;
}

/** One face-up card: rank and suit in two corners and a large suit symbol. */
function drawCard(code) {
  const suit = SUITS[code[1]];
  const card = make("div", `sw-card sw-face sw-${suit.colour} sw-suit-${code[1]}`);
  card.dataset.card = code;
  card.setAttribute("aria-hidden", "true");
  for (const where of ["sw-corner", "sw-corner sw-corner-end"]) {
    const corner = make("span", where);
    corner.append(make("span", "sw-rank", rankText(code[0])), make("span", "sw-pip", suit.symbol));
    card.append(corner);
  }
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

/** The cards of one pile: fanned, or the top card (or a back) with a count. */
function drawPileCards(box, pile) {
  const cards = pile.cards || [];
  const down = pile.down || 0;
  const total = cards.length + down;
  if (total === 0) {
    box.append(drawEmpty(pile));
    return;
  }
  if (pile.fan) {
    const layers = (down ? [null] : []).concat(cards);
    box.classList.add("sw-fan");
    box.style.setProperty("--n1", String(Math.max(layers.length - 1, 1)));
    box.style.setProperty("--layers", String(layers.length - 1));
    layers.forEach((code, index) => {
      const card = code === null ? drawBack() : drawCard(code);
      card.style.setProperty("--i", String(index));
      box.append(card);
    });
  } else {
    if (total > 1) box.classList.add("sw-stacked");
    box.append(cards.length ? drawCard(cards[cards.length - 1]) : drawBack());
  }
  if (total > 1 && !pile.fan) box.append(make("span", "sw-count", total));
  else if (down && pile.fan) box.append(make("span", "sw-count", down));
  const faces = box.querySelectorAll(".sw-face");
  const top = faces[faces.length - 1];
  if (top && pile.kind !== "foundation") top.draggable = true;
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

/** "45%" for 0.45. */
function percent(x) {
  return `${Math.round(Number(x) * 100)}%`;
}

/** Build the widget's fixed skeleton: controls, table, replay bar, status lines. */
function buildSkeleton(el, act, signal) {
  const root = make("div", "sw-root");
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const controls = make("div", "sw-controls");
  controls.setAttribute("role", "toolbar");
  controls.setAttribute("aria-label", "game controls");
  const seed = make("input", "sw-seed");
  seed.type = "number";
  seed.min = "0";
  seed.step = "1";
  seed.setAttribute("aria-label", "deal number for a new deal (empty: any)");
  const buttons = {
    new: makeButton("New deal", "deal again; type a deal number to choose it", () => act.control("new"), signal),
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
  const fourLabel = make("label", "sw-four");
  const four = make("input");
  four.type = "checkbox";
  fourLabel.append(four, make("span", "", "four colours"));
  controls.append(buttons.new, seed, buttons.restart, buttons.undo, buttons.redo,
    buttons.hint, buttons.auto, buttons.redeal, buttons.review, buttons.solve, buttons.chances,
    fourLabel);
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
  // Background work (Solve, Chances): its progress, or a result the message line lacks.
  // aria-busy while running, so screen readers wait for the result instead of every count.
  const solving = make("div", "sw-solving");
  solving.setAttribute("aria-live", "polite");
  // The ranked hints after Hint: why the best move beat the next ones.
  const hints = make("div", "sw-hints");
  hints.append(make("div", "sw-hints-title", "Why? The best moves, best first:"));
  const hintList = make("ol", "sw-hint-list");
  hints.append(hintList);
  // The win chances per move after Chances.
  const chances = make("table", "sw-chances");
  const caption = make("caption", "sw-chances-title",
    "Win chances per move, from random deals of the unseen cards: no peeking");
  const head = make("tr");
  for (const text of ["move", "win chance", "95% range, deals"]) {
    const cell = make("th", "", text);
    cell.scope = "col";
    head.append(cell);
  }
  const thead = make("thead");
  thead.append(head);
  const chanceRows = make("tbody");
  chances.append(caption, thead, chanceRows);
  root.append(controls, replayBar, table, status, message, error, solving, hints, chances);
  el.append(root);
  return {
    root, controls, buttons, seed, four, replayBar, slider, step, table, status, message, error,
    solving, hints, hintList, chances, chanceRows,
  };
}

function render({ model, el }) {
  const abort = new AbortController();
  const signal = abort.signal;
  const state = { selected: null, focus: null, dragging: false };

  const send = (content) => model.send(content);
  const act = {
    move: (move) => send({ type: "move", move }),
    control: (action) => {
      const content = { type: "control", action };
      if (action === "new" && ui.seed.value.trim() !== "") content.seed = Number(ui.seed.value);
      send(content);
    },
    replay: (action, index) => send(index === undefined ? { type: "replay", action } : { type: "replay", action, index }),
    // Solve or Chances; the same button sends stop while its job is running.
    job: (task) => send({ type: "control", action: runningJob() === task ? "stop" : task }),
  };
  const ui = buildSkeleton(el, act, signal);

  const replay = () => {
    const value = model.get("replay") || {};
    return Array.isArray(value.steps) && value.steps.length ? value : null;
  };
  const shownView = () => {
    const rep = replay();
    return rep ? rep.steps[rep.index].view : model.get("view") || {};
  };
  const legal = () => (replay() ? [] : shownView().legal || []);
  const solving = () => model.get("solving") || {};
  const runningJob = () => (solving().running ? solving().task : null);
  const pileOf = (name) => (shownView().piles || {})[name];
  const pileNode = (name) => ui.table.querySelector(`[data-pile="${CSS.escape(name)}"]`);

  // -- drawing ----------------------------------------------------------------------

  function drawTable() {
    const view = shownView();
    const rows = view.rows || [];
    const hadFocus = ui.table.contains(document.activeElement);
    ui.table.replaceChildren();
    ui.table.setAttribute("aria-label", `${view.title || "patience"} table`);
    ui.root.style.setProperty("--cols", String(Math.max(1, ...rows.map((row) => row.length))));
    const names = rows.flat();
    if (!names.includes(state.focus)) state.focus = names[0] || null;
    for (const row of rows) {
      const line = make("div", "sw-row");
      for (const name of row) line.append(drawPile(name, view.piles[name]));
      ui.table.append(line);
    }
    applyHighlights();
    if (hadFocus && state.focus) pileNode(state.focus)?.focus();
  }

  function drawPile(name, pile) {
    const slot = make("div", `sw-slot sw-kind-${pile.kind}`);
    const box = make("div", "sw-pile");
    box.dataset.pile = name;
    box.tabIndex = name === state.focus ? 0 : -1;
    box.setAttribute("role", "button");
    box.setAttribute("aria-label", pileWords(pile));
    box.title = pile.label;
    drawPileCards(box, pile);
    slot.append(box, make("div", "sw-caption", name));
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
    for (const node of ui.table.querySelectorAll("[data-pile]")) {
      const name = node.dataset.pile;
      node.classList.toggle("sw-selected", name === state.selected);
      node.classList.toggle("sw-target", targets.has(name));
      node.classList.toggle("sw-hint-from", name === hint.from);
      node.classList.toggle("sw-hint-to", name === hint.to);
      node.classList.toggle("sw-last", !!last && (name === last.from || name === last.to));
      node.setAttribute("aria-pressed", String(name === state.selected));
    }
  }

  function drawControls() {
    const view = model.get("view") || {};
    const rep = replay();
    const has = (move) => (view.legal || []).includes(move);
    ui.root.classList.toggle("sw-replaying", !!rep);
    for (const [name, button] of Object.entries(ui.buttons)) {
      button.disabled = !!rep;
      if (name === "undo") button.disabled ||= view.moves_made === 0;
      if (name === "redo") button.disabled ||= !view.can_redo;
      if (name === "review") button.disabled ||= !view.moves_made;
    }
    ui.buttons.redeal.hidden = !has("redeal");
    const running = runningJob();
    for (const [task, [label, title]] of Object.entries(JOBS)) {
      const button = ui.buttons[task];
      const mine = running === task;
      button.textContent = mine ? "Stop" : label;
      button.title = mine ? "stop the search" : title;
      button.classList.toggle("sw-stop", mine);
      if (!mine) button.disabled ||= !!running;
    }
    ui.buttons.solve.disabled ||= view.status === "won";
    ui.buttons.chances.disabled ||= !(view.legal || []).length && runningJob() !== "chances";
    ui.seed.placeholder = view.seed === null || view.seed === undefined ? "deal #" : String(view.seed);
    ui.seed.disabled = !!rep;
    ui.four.checked = !!model.get("four_colour");
    ui.root.classList.toggle("sw-four-colour", !!model.get("four_colour"));
    ui.replayBar.hidden = !rep;
    if (rep) {
      const step = rep.steps[rep.index];
      ui.slider.max = String(rep.steps.length - 1);
      ui.slider.value = String(rep.index);
      let text = step.move
        ? `step ${rep.index} of ${rep.steps.length - 1}: ${step.move} (${step.words})`
        : `step 0 of ${rep.steps.length - 1}: ${step.words}`;
      if (rep.solver) {
        if (rep.index > rep.start) text += " · the solver's line (it looked at the face-down cards)";
        else if (rep.index === rep.start) text += " · where Solve was pressed";
        else text += " · the game before Solve";
      }
      ui.step.textContent = text;
      ui.step.classList.toggle("sw-solver-step", !!rep.solver && rep.index > rep.start);
    }
  }

  function drawStatus() {
    const view = shownView();
    ui.status.textContent = view.piles ? statusWords(view) : "";
    ui.status.classList.toggle("sw-won", view.status === "won");
    ui.message.textContent = model.get("message") || "";
    const error = model.get("error") || "";
    ui.error.textContent = error ? `✗ ${error}` : "";
    ui.error.hidden = !error;
    drawSolving();
  }

  function drawSolving() {
    const job = solving();
    const text = job.message || "";
    ui.solving.textContent = text;
    ui.solving.hidden = !text || text === (model.get("message") || "");
    ui.solving.setAttribute("aria-busy", String(!!job.running));
    ui.solving.dataset.status = job.status || "";
    ui.root.classList.toggle("sw-busy", !!job.running);
  }

  /** The ranked hints as a small list: move, reason, and "safe" for a move that cannot hurt. */
  function drawHints() {
    const hint = replay() ? {} : model.get("hint") || {};
    const ranked = Array.isArray(hint.ranked) ? hint.ranked : [];
    ui.hintList.replaceChildren(...ranked.map((item, index) => {
      const line = make("li", index === 0 ? "sw-hint-item sw-hint-best" : "sw-hint-item");
      line.append(make("span", "sw-hint-move", item.move), make("span", "sw-hint-reason", item.reason));
      if (item.safe) line.append(make("span", "sw-hint-safe", "safe"));
      return line;
    }));
    ui.hints.hidden = !ranked.length;
  }

  /** The win chances: "S-T1 — 45% (30%–60%, n=20)", one row per move, best first. */
  function drawChances() {
    const rows = replay() ? [] : model.get("chances") || [];
    ui.chanceRows.replaceChildren(...rows.map((row) => {
      const line = make("tr", "sw-chance");
      line.dataset.move = row.move;
      const rate = make("td", "sw-chance-rate");
      const bar = make("span", "sw-chance-bar");
      bar.setAttribute("aria-hidden", "true");
      bar.style.setProperty("--rate", String(Math.min(Math.max(Number(row.rate) || 0, 0), 1)));
      rate.append(bar, make("span", "", percent(row.rate)));
      line.append(make("td", "sw-chance-move", row.move), rate,
        make("td", "sw-chance-range", `(${percent(row.low)}–${percent(row.high)}, n=${row.n})`));
      return line;
    }));
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
    if (replay()) return;
    const pile = pileOf(name);
    if (!pile) return;
    if (state.selected) {
      const from = state.selected;
      select(null);
      if (from !== name) act.move(`${from}-${name}`);
      return;
    }
    if (pile.kind === "stock" && !(pile.cards || []).length) {
      useStock();
    } else if ((pile.cards || []).length && pile.kind !== "foundation") {
      select(name);
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
    if (replay() || !pile || !(pile.cards || []).length || pile.kind === "foundation") return;
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
    if (old) old.tabIndex = -1;
    state.focus = name;
    const node = pileNode(name);
    if (node) {
      node.tabIndex = 0;
      node.focus();
    }
  }

  function onTableKey(event) {
    const name = event.target.closest?.("[data-pile]")?.dataset.pile;
    if (!name) return false;
    if (event.key.startsWith("Arrow")) moveFocus(event.key);
    else if (event.key === "Enter" || event.key === " ") activate(name);
    else if (event.key === "Escape") select(null);
    else if (event.key === "f") sendHome(name);
    else return false;
    return true;
  }

  function onKey(event) {
    // Leave modified keys (Shift+Enter runs the cell, Shift+Tab goes back) to the page.
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return;
    if (event.target.tagName === "INPUT" && event.target.type !== "checkbox") return;
    let handled = onTableKey(event);
    if (!handled && KEY_CONTROLS[event.key] && !replay()) {
      act.control(KEY_CONTROLS[event.key]);
      handled = true;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation(); // keep notebook shortcuts (a, h, ...) out of the game
    }
  }

  // -- pointer ------------------------------------------------------------------------

  const pileAt = (event) => event.target.closest?.("[data-pile]")?.dataset.pile;
  const listen = (node, type, fn) => node.addEventListener(type, fn, { signal });

  listen(ui.table, "click", (event) => {
    const name = pileAt(event);
    if (name) {
      state.focus = name;
      activate(name);
    } else {
      select(null);
    }
  });
  listen(ui.table, "dblclick", (event) => {
    const name = pileAt(event);
    if (name) sendHome(name);
  });
  listen(ui.table, "dragstart", (event) => {
    const name = pileAt(event);
    if (!name || replay()) return event.preventDefault();
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
  listen(ui.root, "keydown", onKey);
  listen(ui.four, "change", () => {
    model.set("four_colour", ui.four.checked);
    model.save_changes();
  });
  listen(ui.slider, "input", () => act.replay("goto", Number(ui.slider.value)));
  listen(ui.seed, "keydown", (event) => {
    if (event.key === "Enter") act.control("new");
  });

  // -- model events ---------------------------------------------------------------------

  const handlers = {
    "change:view": drawAll,
    "change:replay": drawAll,
    "change:four_colour": drawControls,
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
  };
  for (const [event, fn] of Object.entries(handlers)) model.on(event, fn);
  drawAll();

  return () => {
    for (const [event, fn] of Object.entries(handlers)) model.off(event, fn);
    abort.abort();
    ui.root.remove();
  };
}

export default { render };
