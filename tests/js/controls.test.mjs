// The toolbar's state (solitaire_widgets/widget/js/controls.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { controlStates, dealRequest } from "../../solitaire_widgets/widget/js/controls.js";

const playing = { moves_made: 3, can_redo: false, status: "playing", legal: ["S-W", "T1-F1"] };
const states = (over = {}) => controlStates({
  view: playing, replay: null, running: null, back: {}, restarted: {}, typed: "", ...over,
});

test("controls with nothing to do look unavailable, and stay clickable", () => {
  const fresh = states({ view: { ...playing, moves_made: 0 } });
  assert.equal(fresh.undo.off, true);
  assert.equal(fresh.review.off, true);
  assert.equal(fresh.redo.off, true);
  assert.equal(states().undo.off, false);
  assert.equal(states({ view: { ...playing, status: "won" } }).solve.off, true);
  assert.equal(states({ replay: { index: 0 } }).hint.off, true); // a replay: everything
});

test("Undo takes Restart back", () => {
  const after = states({ view: { ...playing, moves_made: 0, can_redo: true }, restarted: { moves: 12 } });
  assert.equal(after.undo.off, false);
  assert.equal(after.undo.title, "take back Restart: play the 12 moves again (u)");
});

test("a running job's button reads Stop; the other job looks unavailable", () => {
  const solving = states({ running: "solve" });
  assert.deepEqual([solving.solve.label, solving.solve.stop, solving.chances.off], ["Stop", true, true]);
  const looking = states({ running: "new" });
  assert.deepEqual([looking.new.label, looking.new.stop], ["Stop", true]);
  assert.equal(looking.solve.off, true);
});

test("the deal box asks for a random deal, a number or a code; Python reads the code", () => {
  assert.deepEqual(dealRequest("  "), {});
  assert.deepEqual(dealRequest(" 17 "), { seed: 17 });
  assert.deepEqual(dealRequest("acme-7l"), { code: "acme-7l" });
  assert.deepEqual(dealRequest("-3"), { code: "-3" }); // not a number: Python says what it is
});

test("New deal says which deal; Back and Redeal stay in place, unavailable until they can act", () => {
  assert.equal(states().new.label, "New deal");
  assert.equal(states({ typed: "17" }).new.label, "Deal 17");
  assert.equal(states({ typed: "acme-7l" }).new.label, "Deal ACME-7L");
  assert.match(states({ typed: "acme-7l" }).new.title, /code ACME-7L/);
  assert.deepEqual([states().back.off, states().back.label], [true, "Back to deal"]);
  const back = states({ back: { seed: 3, moves: 1 } }).back;
  assert.deepEqual([back.off, back.label], [false, "Back to deal 3"]);
  assert.match(back.title, /\(1 move\)/);
  assert.equal(states().redeal.off, true);
  assert.equal(states({ view: { ...playing, legal: ["redeal"] } }).redeal.off, false);
});

test("Hint reads Stop while the thinker thinks; the other jobs wait", () => {
  const thinking = states({ running: "hint" });
  assert.deepEqual([thinking.hint.label, thinking.hint.stop, thinking.hint.off], ["Stop", true, false]);
  assert.match(thinking.hint.title, /keep the quick hint/);
  assert.deepEqual([thinking.solve.off, thinking.chances.off], [true, true]);
  assert.deepEqual([states().hint.label, states().hint.stop], ["Hint", false]);
});
