// What a key means to the table. Pure: it reads a key event's fields, never the DOM.

/** The control keys, anywhere in the table (not in the deal box). */
export const KEY_CONTROLS = { u: "undo", r: "redo", h: "hint", a: "auto" };

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

/**
 * What a key does on a focused pile: "focus" (an arrow moves between piles), "activate"
 * (Enter or Space: pick up or put down), "drop" (Escape), "home" (`f`: to a foundation),
 * "peek-up" / "peek-down" (PageUp / PageDown: the cards of a fan one by one), or null.
 */
export function pileKeyAction(key) {
  if (key.startsWith("Arrow")) return "focus";
  if (key === "Enter" || key === " ") return "activate";
  if (key === "Escape") return "drop";
  if (key === "f") return "home";
  if (key === "PageUp") return "peek-up";
  if (key === "PageDown") return "peek-down";
  return null;
}

/** The pile an arrow key moves the focus to, in the table's `rows` of pile names. */
export function arrowTarget(rows, focus, key) {
  let r = rows.findIndex((row) => row.includes(focus));
  if (r < 0) return focus;
  let c = rows[r].indexOf(focus);
  if (key === "ArrowLeft") c = Math.max(0, c - 1);
  if (key === "ArrowRight") c = Math.min(rows[r].length - 1, c + 1);
  if (key === "ArrowUp") r = Math.max(0, r - 1);
  if (key === "ArrowDown") r = Math.min(rows.length - 1, r + 1);
  return rows[r][Math.min(c, rows[r].length - 1)];
}
