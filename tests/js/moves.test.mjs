// One-click play: what a click on a pile asks for (solitaire_widgets/widget/js/moves.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickPlan, movesFrom } from "../../solitaire_widgets/widget/js/moves.js";

const pile = (kind, cards, down = 0) => ({ kind, cards, down });
const legal = ["T1-F2", "T2-T3", "T2-T4", "S-W", "redeal"];

test("the legal moves of one pile", () => {
  assert.deepEqual(movesFrom(legal, "T2"), ["T2-T3", "T2-T4"]);
  assert.deepEqual(movesFrom(legal, "S"), ["S-W"]);
  assert.deepEqual(movesFrom(legal, "R1"), []);
});

test("a card with one legal destination is played in one click", () => {
  assert.deepEqual(clickPlan(pile("tableau", ["5H"]), "T1", legal, "playing"), { play: "T1-F2" });
});

test("a card with several destinations is picked up, to choose with a second click", () => {
  assert.equal(clickPlan(pile("tableau", ["4C"]), "T2", legal, "playing"), "select");
});

test("a card that can go nowhere is picked up, and Python says why", () => {
  assert.equal(clickPlan(pile("reserve", ["KS"]), "R1", legal, "playing"), "nowhere");
});

test("the stock, a foundation, an empty pile, a game over", () => {
  assert.equal(clickPlan(pile("stock", [], 12), "S", legal, "playing"), "stock");
  assert.equal(clickPlan(pile("foundation", ["AH"]), "F1", legal, "playing"), "ask");
  assert.equal(clickPlan(pile("tableau", []), "T5", legal, "playing"), "ask");
  assert.equal(clickPlan(pile("tableau", ["5H"]), "T1", legal, "won"), "ask");
  // Fly's stock shows its top card: it is played like any card.
  assert.deepEqual(clickPlan(pile("stock", ["9D"], 40), "S", legal, "playing"), { play: "S-W" });
});
