// Where a moved card slides from (solitaire_widgets/widget/js/layout.js): plain arithmetic.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CAPTION_PX, slideOffset, topPlaces } from "../../solitaire_widgets/widget/js/layout.js";

const sizes = { gap: 6, rowGap: 9, cardW: 60, cardH: 84 };
const rows = [["S", "W", "F1"], ["T1", "T2"]];

test("each pile's top card, row by row", () => {
  const places = topPlaces(rows, sizes, { T1: { layers: 3, step: 20 }, T2: { layers: 0, step: 0 } });
  assert.deepEqual(places.S, { x: 6, y: 6 });
  assert.deepEqual(places.F1, { x: 6 + 2 * 66, y: 6 });
  const second = 6 + 84 + CAPTION_PX + 9; // the first row: one card and its caption
  assert.deepEqual(places.T1, { x: 6, y: second + 60 });
  assert.deepEqual(places.T2, { x: 72, y: second });
});

test("a card slides from where it lay to where it lies", () => {
  const piles = { T1: { layers: 2, step: 20 }, T2: { layers: 1, step: 20 }, W: {} };
  // T1 had three layers: the card lay one step above T1's new top, at 3 * 20.
  const second = 6 + 84 + CAPTION_PX + 9;
  assert.deepEqual(slideOffset(rows, sizes, piles, "T1", "T2"), { dx: -66, dy: second + 60 - (second + 20) });
  assert.deepEqual(slideOffset(rows, sizes, piles, "S", "W"), { dx: -66, dy: 0 });
  assert.equal(slideOffset(rows, sizes, piles, "S", "X9"), null);
});
