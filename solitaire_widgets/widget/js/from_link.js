// The line above a table dealt from the page's link (widget/from_link.py). The browser-only
// site opens a notebook on a deal from a link such as
//   …/notebooks/index.html?path=play.ipynb&deal=ACME-7L
// The kernel cannot see that address (in JupyterLite it runs in a web worker), the page can:
// this view sends the link's deal code to Python, which reads it (dealcode) and deals the table
// or says why not. A box takes a code typed by hand when the link has none, or a wrong one.
// Python's words are shown as text, never as HTML.

import { keyLeavesTable } from "./keys.js";

export const PARAMETER = "deal";

/** The deal code in a page address's query string, or null when it names none. */
export function linkDeal(search) {
  return new URLSearchParams(search).get(PARAMETER);
}

function codeBox(model) {
  const form = document.createElement("form");
  form.className = "sw-link-form";
  const label = document.createElement("label");
  label.textContent = "Deal code ";
  const input = document.createElement("input");
  input.type = "text";
  input.className = "sw-link-code";
  input.maxLength = 80;
  input.placeholder = "ACME-7L";
  input.spellcheck = false;
  input.autocomplete = "off";
  label.append(input);
  const deal = document.createElement("button");
  deal.type = "submit";
  deal.className = "sw-link-deal";
  deal.textContent = "Deal";
  form.append(label, deal);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    model.send({ type: "code", code: input.value });
  });
  return form;
}

/**
 * Keys typed in the box stay in it, as in the table (keys.js): stopped on the window in the
 * capture phase, before the notebook's command-mode shortcuts see them (JupyterLab would take
 * Enter, Notebook 7 `a`, `b`, `x`...); their default actions (typing, Enter submits) still
 * happen. Returns what removes the listeners.
 */
function keepKeys(root) {
  const keep = (event) => {
    if (event.target instanceof Node && root.contains(event.target) && !keyLeavesTable(event)) {
      event.stopPropagation();
    }
  };
  const types = ["keydown", "keypress", "keyup"];
  for (const type of types) window.addEventListener(type, keep, { capture: true });
  return () => {
    for (const type of types) window.removeEventListener(type, keep, { capture: true });
  };
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "sw-link";
  const words = document.createElement("p");
  words.className = "sw-link-words";
  words.setAttribute("role", "status");
  const form = codeBox(model);
  const show = () => {
    words.textContent = model.get("words");
    form.hidden = !model.get("asking");
  };
  show();
  model.on("change:words", show);
  model.on("change:asking", show);
  root.append(words, form);
  el.append(root);
  const releaseKeys = keepKeys(root);
  model.send({ type: "link", code: linkDeal(window.location.search) });
  return () => {
    releaseKeys();
    model.off("change:words", show);
    model.off("change:asking", show);
  };
}

export default { render };
