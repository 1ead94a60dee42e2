// Fake anywidget model for the dev preview. Views come from views.json (written from the
// engine by make_views.py; not committed) or, without it, from made-up samples below.
import widget from "../../solitaire_widgets/widget/js/widget.js";

const params = new URLSearchParams(location.search);
const variant = params.get("variant") || "acme";
document.getElementById("cell").style.width = `${params.get("width") || 800}px`;
if (params.get("theme") === "dark") document.body.dataset.jpThemeLight = "false";

const RANKS = "A23456789TJQK";
const SUITS = "CDHS";
let counter = 7;
const card = () => {
  counter = (counter * 37 + 11) % 52;
  return RANKS[counter % 13] + SUITS[Math.floor(counter / 13)];
};
const cards = (n) => Array.from({ length: n }, card);
const up = (suit, top) => Array.from({ length: RANKS.indexOf(top) + 1 }, (_, i) => RANKS[i] + suit);
const pile = (kind, label, list, opts = {}) => ({
  kind, label, down: opts.down || 0, cards: list, fan: !!opts.fan,
});
const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];
const foundations = (n, tops) => Object.fromEntries(tops.slice(0, n).map((top, i) => [
  `F${i + 1}`,
  pile("foundation", `foundation ${i + 1}${n === 4 && variant !== "acquaintance" ? ` (${SUIT_NAMES[i]})` : ""}`,
    top ? up(SUITS[i % 4], top) : []),
]));

const SAMPLES = {
  quadrennial: () => ({
    title: "Quadrennial", rows: [["F1", "F2", "F3", "F4"], ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"], ["S", "W"]],
    piles: {
      ...foundations(4, ["3", "", "A", "5"]),
      ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8].map((i) => [`R${i}`, pile("reserve", `reserve ${i}`, i === 6 ? [] : [card()])])),
      S: pile("stock", "stock", [], { down: 27 }), W: pile("waste", "waste", cards(6)),
    },
    legal: ["R3-F2", "W-F1", "S-W"], redeals_left: 2, redeals_total: 2,
  }),
  acquaintance: () => ({
    title: "Acquaintance", rows: [["F1", "F2", "F3", "F4"], ["R1", "R2", "R3", "R4"], ["S"]],
    piles: {
      ...foundations(4, ["4", "2", "A", "7"]),
      R1: pile("reserve", "reserve 1", cards(6), { fan: true }), R2: pile("reserve", "reserve 2", cards(5), { fan: true }),
      R3: pile("reserve", "reserve 3", cards(7), { fan: true }), R4: pile("reserve", "reserve 4", cards(5), { fan: true }),
      S: pile("stock", "stock", [], { down: 20 }),
    },
    legal: ["R2-F1", "deal"], redeals_left: 2, redeals_total: 2,
  }),
  acme: () => ({
    title: "Acme", rows: [["F1", "F2", "F3", "F4"], ["R", "T1", "T2", "T3", "T4"], ["S", "W"]],
    piles: {
      ...foundations(4, ["2", "A", "3", "A"]),
      R: pile("reserve", "reserve", ["9H"], { down: 10 }),
      T1: pile("tableau", "tableau 1", ["KS", "QS", "JS"], { fan: true }), T2: pile("tableau", "tableau 2", ["8D"], { fan: true }),
      T3: pile("tableau", "tableau 3", ["5C"], { fan: true }), T4: pile("tableau", "tableau 4", ["TH", "9H", "8H", "7H"], { fan: true }),
      S: pile("stock", "stock", [], { down: 25 }), W: pile("waste", "waste", ["4D", "3C"]),
    },
    legal: ["W-F1", "R-T1", "S-W", "T4-T1"], redeals_left: 1, redeals_total: 1,
  }),
  fly: () => ({
    title: "Fly", rows: [["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"], ["R", "T1", "T2", "T3", "T4", "T5"], ["S"]],
    piles: {
      ...foundations(8, ["4", "2", "7", "A", "3", "A", "9", "5"]),
      R: pile("reserve", "reserve", ["QH"], { down: 6 }),
      T1: pile("tableau", "tableau 1", cards(18), { fan: true }), T2: pile("tableau", "tableau 2", cards(9), { fan: true }),
      T3: pile("tableau", "tableau 3", [], { fan: true }), T4: pile("tableau", "tableau 4", cards(4), { fan: true }),
      T5: pile("tableau", "tableau 5", cards(12), { fan: true }),
      S: pile("stock", "stock", ["6S"], { down: 21 }),
    },
    legal: ["S-T1", "S-T3", "R-T3", "R-T1"], redeals_left: 0, redeals_total: 0,
  }),
};

function sampleView() {
  const view = SAMPLES[variant]();
  const home = Object.entries(view.piles).filter(([, p]) => p.kind === "foundation")
    .reduce((sum, [, p]) => sum + p.cards.length, 0);
  return {
    variant, seed: 7, status: "playing", moves_made: 23, cards_home: home,
    cards_total: variant === "fly" ? 104 : 52, last_move: view.legal[0], ...view,
  };
}

class FakeModel {
  constructor(state) {
    this.state = state;
    this.handlers = {};
  }
  get(key) { return this.state[key]; }
  set(key, value) { this.state[key] = value; this.emit(`change:${key}`); }
  save_changes() { log(`save_changes ${JSON.stringify(this.state.four_colour)}`); }
  on(event, fn) { (this.handlers[event] ||= []).push(fn); }
  off(event, fn) { this.handlers[event] = (this.handlers[event] || []).filter((f) => f !== fn); }
  emit(event) { for (const fn of this.handlers[event] || []) fn(); }
  send(content) { log(`send ${JSON.stringify(content)}`); }
}

function log(line) {
  document.getElementById("log").textContent += `${line}\n`;
}

// Real engine views, if tests/widget_preview/make_views.py has written views.json.
const engineViews = await fetch("views.json").then((r) => (r.ok ? r.json() : null)).catch(() => null);
const view = engineViews?.[variant] ?? sampleView();
const model = new FakeModel({
  view,
  error: params.get("error") || "",
  hint: params.get("hint") ? { move: view.legal[0], reason: "a legal move", from: view.legal[0].split("-")[0], to: view.legal[0].split("-")[1] || "" } : {},
  message: params.get("hint") ? `hint: ${view.legal[0]} — a legal move` : "R3-F2: 2♦ from reserve 3 to foundation 2",
  four_colour: params.get("four") === "1",
  replay: params.get("replay") ? { index: 1, last: 1, move: "S-W", words: "draw 4♦ to the waste", text: "step 1 of 1: S-W, draw 4♦ to the waste", view } : {},
});
window.model = model;
window.cleanup = widget.render({ model, el: document.getElementById("cell") });
