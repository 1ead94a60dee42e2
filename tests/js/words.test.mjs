// The words about cards and piles (solitaire_widgets/widget/js/words.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { cardText, cardWords, foundationSuit, moveEnds, percent, pileWords, plural } from "../../solitaire_widgets/widget/js/words.js";

test("cards are named for the eye and for the ear", () => {
  assert.deepEqual([cardText("TH"), cardWords("7H"), cardText("AS"), cardWords("QC")],
    ["10♥", "seven of hearts", "A♠", "queen of clubs"]);
});

test("a pile's spoken name says its top card, what lies under it and how many", () => {
  const pile = { label: "tableau 2", cards: ["7H", "6S"], down: 3, fan: true };
  assert.equal(pileWords(pile), "six of spades, top of tableau 2, over seven of hearts, 3 face down, 5 cards");
  assert.equal(pileWords({ label: "waste", cards: [], down: 0 }), "waste, empty");
  assert.equal(pileWords({ label: "stock", cards: [], down: 1 }), "stock, 1 face down, 1 card");
});

test("small words", () => {
  assert.deepEqual([plural(1, "move"), plural(2, "move"), plural(0, "card")], ["1 move", "2 moves", "0 cards"]);
  assert.equal(percent(0.456), "46%");
  assert.deepEqual(moveEnds("R3-F1"), { from: "R3", to: "F1" });
  assert.equal(moveEnds("deal"), null);
  assert.equal(foundationSuit("foundation 2 (diamonds)"), "♦");
  assert.equal(foundationSuit("foundation 5"), "");
});
