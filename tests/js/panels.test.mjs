// The hint panel's two stages and the three-column chances table
// (solitaire_widgets/widget/js/panels.js: the pure parts).
import assert from "node:assert/strict";
import { test } from "node:test";
import { chanceTable, hintPanel } from "../../solitaire_widgets/widget/js/panels.js";

const ranked = [
  { move: "R3-F1", reason: "7♥ goes home", safe: true },
  { move: "T1-T2", reason: "builds down", safe: false },
];

test("the quick hint is marked a first guess while the thinker thinks", () => {
  const panel = hintPanel({ move: "R3-F1", by: "quick", tag: "first guess", title: "A first guess:", ranked });
  assert.equal(panel.by, "quick");
  assert.equal(panel.title, "A first guess:");
  assert.deepEqual(panel.items.map((i) => [i.move, i.best, i.tag, i.safe]),
    [["R3-F1", true, "first guess", true], ["T1-T2", false, "", false]]);
});

test("the thinker's move replaces it, tagged as its considered choice", () => {
  const thinker = [{ move: "T1-T2", reason: "wins in 9 of 12 deals", safe: false }, ranked[0]];
  const panel = hintPanel({ move: "T1-T2", by: "thinker", tag: "the thinker's choice", title: "The thinker's choice:", ranked: thinker });
  assert.equal(panel.by, "thinker");
  assert.deepEqual(panel.items.map((i) => [i.move, i.tag]), [["T1-T2", "the thinker's choice"], ["R3-F1", ""]]);
});

test("no hint, no panel; the quick hints alone carry no tag", () => {
  assert.deepEqual(hintPanel({}), { title: "", by: "", items: [] });
  assert.equal(hintPanel({ by: "quick", tag: "", ranked }).items[0].tag, "");
});

const tally = (won, lost, undecided, rate, low, high) => ({
  won, lost, undecided, rate, low, high, all_low: low, all_high: high,
});

const rows = [{
  move: "S-W", samples: 4,
  winnable: { ...tally(3, 0, 1, 1, 0.44, 1), all_low: 0.3, all_high: 1 },
  players: [{ name: "thinker", ...tally(2, 2, 0, 0.5, 0.15, 0.85) }, { name: "hint", ...tally(0, 4, 0, 0, 0, 0.49) }],
}, {
  move: "R1-F1", samples: 4, winnable: tally(0, 0, 4, null, 0, 1),
  players: [{ name: "thinker", ...tally(0, 0, 4, null, 0, 1) }, { name: "hint", ...tally(0, 4, 0, 0, 0, 0.49) }],
}];
const lines = { caption: "After each move…", columns: ["the thinker", "the hint rules"], gap: "Two sentences." };

test("three measures: winnable, then one column per player in Python's words, then undecided", () => {
  const table = chanceTable(rows, lines);
  assert.deepEqual(table.headers,
    ["move", "winnable (sees every card)", "the thinker", "the hint rules", "undecided (all lost…all won)"]);
  assert.deepEqual(table.players.map((p) => p.name), ["thinker", "hint"]);
  assert.equal(table.caption, "After each move…");
  assert.equal(table.gap, "Two sentences.");
});

test("each row carries every player's rate and interval, on the same samples", () => {
  const [first, second] = chanceTable(rows, lines).rows;
  assert.deepEqual([first.winnable.text, first.winnable.range], ["100%", "44%–100%"]);
  assert.deepEqual(first.players.map((p) => [p.name, p.text, p.range]),
    [["thinker", "50%", "15%–85%"], ["hint", "0%", "0%–49%"]]);
  assert.deepEqual([first.undecided.text, first.undecided.range], ["1 of 4", "30%–100%"]);
  assert.match(first.undecided.title, /could not decide/);
  assert.deepEqual([second.winnable.text, second.winnable.decided, second.players[0].text], ["—", false, "—"]);
});

test("no rows, no table; an old caption without columns falls back to the players' names", () => {
  assert.deepEqual(chanceTable([], {}).rows, []);
  assert.deepEqual(chanceTable(rows, {}).headers.slice(2, 4), ["thinker", "hint"]);
});
