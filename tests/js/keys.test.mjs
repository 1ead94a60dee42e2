// What a key means (solitaire_widgets/widget/js/keys.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { arrowTarget, keyLeavesTable, pileKeyAction } from "../../solitaire_widgets/widget/js/keys.js";

const key = (name, mods = {}) => ({ key: name, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });

test("plain keys stay in the table; Tab, Shift+Enter and modified keys leave it", () => {
  for (const name of ["d", "m", "0", "x", "c", "v", "a", "b", "z", "y", "i", "Enter", "Escape", " ", "ArrowUp", "F8"]) {
    assert.equal(keyLeavesTable(key(name)), false, name);
    const shifted = name.length === 1 ? name.toUpperCase() : name;
    assert.equal(keyLeavesTable(key(shifted, { shiftKey: true })), name === "Enter", `Shift+${name}`);
  }
  assert.equal(keyLeavesTable(key("Tab")), true);
  assert.equal(keyLeavesTable(key("Tab", { shiftKey: true })), true);
  assert.equal(keyLeavesTable(key("Enter", { shiftKey: true })), true);
  assert.equal(keyLeavesTable(key("Enter", { ctrlKey: true })), true);
  assert.equal(keyLeavesTable(key("Enter", { altKey: true })), true);
  assert.equal(keyLeavesTable(key("s", { metaKey: true })), true);
});

test("a key on a pile", () => {
  assert.deepEqual(["ArrowLeft", "Enter", " ", "Escape", "f", "PageUp", "PageDown", "d"].map(pileKeyAction),
    ["focus", "activate", "activate", "drop", "home", "peek-up", "peek-down", null]);
});

test("arrows move between piles, row by row, and stop at the edges", () => {
  const rows = [["S", "W", "F1", "F2"], ["R", "T1", "T2"]];
  assert.equal(arrowTarget(rows, "S", "ArrowRight"), "W");
  assert.equal(arrowTarget(rows, "S", "ArrowLeft"), "S");
  assert.equal(arrowTarget(rows, "F2", "ArrowDown"), "T2"); // the row below is shorter
  assert.equal(arrowTarget(rows, "T1", "ArrowUp"), "W");
  assert.equal(arrowTarget(rows, "T2", "ArrowDown"), "T2");
  assert.equal(arrowTarget(rows, "X9", "ArrowDown"), "X9");
});
