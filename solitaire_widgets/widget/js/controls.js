// The toolbar's state: which controls look unavailable, which button reads Stop, the labels
// that say what a button will do. `controlStates` is pure (tested in tests/js); drawControls
// writes it into the buttons.
import { setAttr, setOff, setText } from "./dom.js";
import { JOBS } from "./skeleton.js";
import { plural } from "./words.js";

/**
 * The state of every control: `off` (shown as unavailable, still clickable: Python says why),
 * `label` and `title` per button. `running` is the control whose job runs (its
 * button reads Stop), `typed` what the deal box holds.
 */
export function controlStates({ view, replay, running, back, restarted, typed }) {
  const legal = view.legal || [];
  const undoRestart = restarted.moves
    ? `take back Restart: play the ${plural(restarted.moves, "move")} again (u)` : "";
  const states = {
    undo: { off: !view.moves_made && !restarted.moves, title: undoRestart || "take back the last move (u)" },
    redo: { off: !view.can_redo },
    review: { off: !view.moves_made },
    // While the thinker thinks about a hint, the other jobs wait (Hint reads Stop).
    solve: { off: view.status === "won" || (!!running && running !== "solve") },
    chances: { off: (!legal.length || !!running) && running !== "chances" },
    hint: { off: view.status !== "playing" },
    auto: { off: view.status !== "playing" },
    // Back and Redeal stay in place, shown as unavailable until they can act (a click says
    // why): the toolbar never reflows when they could.
    redeal: { off: !legal.includes("redeal") },
    back: {
      off: back.seed === undefined,
      label: "Back to deal",
      title: "no earlier game yet: New deal keeps the game it leaves, and this brings it back",
    },
  };
  if (back.seed !== undefined) {
    states.back.label = `Back to deal ${back.seed}`;
    states.back.title = `bring back deal ${back.seed} as you left it (${plural(back.moves, "move")}); this game is kept in its place`;
  }
  const looking = running === "new";
  const number = /^\d+$/.test(typed);
  const shown = number ? typed : typed.toUpperCase();
  states.new = {
    stop: looking,
    label: looking ? "Stop" : typed === "" ? "New deal" : `Deal ${shown}`,
    title: looking ? "stop looking for a winnable deal" : typed === ""
      ? "deal a random new game (type a deal number or a code like ACME-7L in the box to choose the deal)"
      : number ? `deal number ${typed}` : `the deal with code ${shown}`,
  };
  for (const [task, [label, title, stopTitle]] of Object.entries(JOBS)) {
    const mine = running === task;
    Object.assign(states[task], { stop: mine, label: mine ? "Stop" : label, title: mine ? stopTitle : title });
  }
  if (replay) for (const state of Object.values(states)) state.off = true;
  return states;
}

/**
 * What New deal asks for, from the deal box: nothing (a random deal), a deal number (digits
 * only) or a deal code (anything else: Python reads it and says what is wrong with it).
 */
export function dealRequest(typed) {
  const text = typed.trim();
  if (text === "") return {};
  return /^\d+$/.test(text) ? { seed: Number(text) } : { code: text };
}

/** Write the controls' state into the toolbar and the replay bar. */
export function drawControls(ctx) {
  const { ui, model } = ctx;
  const rep = ctx.replay();
  const states = controlStates({
    view: model.get("view") || {}, replay: rep, running: ctx.runningJob(),
    back: model.get("back") || {}, restarted: model.get("restarted") || {}, typed: ui.seed.value.trim(),
  });
  for (const [name, button] of Object.entries(ui.buttons)) {
    const state = states[name] || {};
    setOff(button, !!rep || !!state.off);
    if (state.label !== undefined) setText(button, state.label);
    if (state.title !== undefined && button.title !== state.title) button.title = state.title;
    if (state.stop !== undefined) button.classList.toggle("sw-stop", state.stop);
  }
  ui.seed.readOnly = !!rep;
  ui.four.checked = !!model.get("four_colour");
  ui.root.classList.toggle("sw-four-colour", !!model.get("four_colour"));
  ui.large.checked = !!model.get("large");
  ui.root.classList.toggle("sw-large", !!model.get("large"));
  ui.root.classList.toggle("sw-replaying", !!rep);
  ui.root.classList.toggle("sw-replay-only", !!rep?.standalone);
  ui.replayBar.hidden = !rep;
  if (rep) {
    ui.slider.max = String(rep.last);
    ui.slider.value = String(rep.index);
    setText(ui.step, rep.text || "");
    ui.step.classList.toggle("sw-solver-step", !!rep.solver && rep.index > rep.start);
  }
  setAttr(ui.controls, "aria-hidden", String(!!rep?.standalone));
}
