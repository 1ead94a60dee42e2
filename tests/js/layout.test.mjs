// The table's sizes (solitaire_widgets/widget/js/layout.js): the felt's height bound.
import assert from "node:assert/strict";
import { test } from "node:test";
import { CAPTION_PX, FELT_MAX, fanStep, tableSizes } from "../../solitaire_widgets/widget/js/layout.js";

// For every width, each game's layout and every fan length it can build (Fly: 96 cards on one
// pile; Acme's piles and Acquaintance's hold far fewer than the 20 and 30 tried), grown and
// shrunk one card at a time as in a game, the felt is at most FELT_MAX px tall; until the cards
// are at their smallest, a fan shows 0.8 of each corner's text, and then at least 0.45.
test("the felt stays within its bound and a fan shows the corners", () => {
  let cases = 0;
  for (const width of [300, 368, 620, 850, 1150, 1600]) {
    for (const [cols, rows, most] of [[8, 2, 96], [6, 2, 20], [4, 3, 30]]) {
      let previous = 0;
      for (const layers of [...Array(most).keys(), ...[...Array(most).keys()].reverse()]) {
        const s = tableSizes(width, cols, rows, layers, previous);
        previous = s.cardW;
        const step = fanStep(s, layers);
        const felt = rows * (s.cardH + CAPTION_PX) + (rows - 1) * s.rowGap + 2 * s.gap + layers * step;
        const where = JSON.stringify({ width, cols, rows, layers, cardW: s.cardW });
        assert.ok(felt <= FELT_MAX + 0.01, where);
        assert.ok(s.cardW >= 30 && s.cardW <= 96, where);
        assert.ok((step - 1) / s.corner >= (s.cardW > 30 ? 0.8 : 0.45) - 1e-9, where);
        cases += 1;
      }
    }
  }
  assert.equal(cases, 6 * 2 * (96 + 20 + 30));
});

test("a move and its undo keep the card size (no relayout of every card)", () => {
  const first = tableSizes(620, 8, 2, 40, 0);
  assert.equal(tableSizes(620, 8, 2, 41, first.cardW).cardW, first.cardW);
  assert.equal(tableSizes(620, 8, 2, 40, first.cardW).cardW, first.cardW);
});
