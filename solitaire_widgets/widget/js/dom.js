// Small DOM helpers. Text only ever goes in through textContent, never as HTML.

/** An element with a class and optional text. */
export function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** Write a text only when it changed (an unchanged line is not touched at all). */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

/** Set an attribute only when it changed. */
export function setAttr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** A button that calls `onClick` until `signal` aborts. */
export function makeButton(label, title, onClick, signal) {
  const button = make("button", "sw-button", label);
  button.type = "button";
  button.title = title;
  button.addEventListener("click", onClick, { signal });
  return button;
}

/**
 * Show a control as unavailable without disabling it: a disabled button hears no click, and
 * a click on an unavailable control is sent so that Python can say why.
 */
export function setOff(button, off) {
  button.classList.toggle("sw-off", off);
  setAttr(button, "aria-disabled", String(off));
}

/** Flash a line again (the same refusal twice: show that the second click was heard). */
export function flash(node) {
  node.classList.remove("sw-flash");
  // Restart the animation on the next frame (no layout read needed).
  requestAnimationFrame(() => node.classList.add("sw-flash"));
}
