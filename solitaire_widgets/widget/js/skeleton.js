// The table's fixed skeleton, built once: controls, replay bar, the felt, lines and panels.
// Every node the drawing functions touch is returned by name (`ui`).
import { make, makeButton } from "./dom.js";
import { NOT_CONNECTED } from "./link.js";

// The background jobs: the control a job's button belongs to, its label and title while idle,
// and its title while it runs (the button then reads Stop).
export const JOBS = {
  solve: ["Solve", "search for a winning line (the solver looks at the face-down cards)", "stop the search"],
  chances: ["Chances", "each move: winnable, the thinker's chance and the hint rules', on random deals of the unseen cards",
    "stop: keep the chances measured so far"],
  hint: ["Hint", "suggest a move (h): the quick hint at once, then the thinker's considered choice",
    "stop thinking: keep the quick hint (h)"],
};

function checkbox(className, label, title) {
  const box = make("label", className);
  const input = make("input");
  input.type = "checkbox";
  if (title) box.title = title;
  box.append(input, make("span", "", label));
  return [box, input];
}

/** The game's toolbar: New deal and its box, Back, the play controls, the jobs, options. */
function buildControls(act, signal) {
  const controls = make("div", "sw-controls");
  controls.setAttribute("role", "toolbar");
  controls.setAttribute("aria-label", "game controls");
  const seed = make("input", "sw-seed");
  seed.type = "text"; // a deal number (17) or a deal code (ACME-7L); Python reads either
  seed.spellcheck = false;
  seed.autocomplete = "off";
  seed.maxLength = 80;
  seed.placeholder = "random deal";
  seed.setAttribute("aria-label", "deal number or deal code for New deal; leave it empty for a random deal");
  const button = (label, title, onClick) => makeButton(label, title, onClick, signal);
  const buttons = {
    new: button("New deal", "", () => act.newDeal()),
    back: button("Back", "", () => act.control("back")),
    restart: button("Restart", "back to the start of this deal (Undo brings the moves back)", () => act.control("restart")),
    undo: button("Undo", "take back the last move (u)", () => act.control("undo")),
    redo: button("Redo", "play again the move taken back (r)", () => act.control("redo")),
    hint: button(JOBS.hint[0], JOBS.hint[1], () => act.job("hint")),
    auto: button("Auto", "play the moves that can never lose a won game (a)", () => act.control("auto")),
    redeal: button("Redeal", "turn the cards over for another pass", () => act.control("redeal")),
    review: button("Review", "step through this game from the deal", () => act.replay("start")),
    save: button("Save", "save this table's games for the teacher: games-<your name>.json next to the notebook (in the browser-only site, a download too)", () => act.control("save")),
    solve: button(JOBS.solve[0], JOBS.solve[1], () => act.job("solve")),
    chances: button(JOBS.chances[0], JOBS.chances[1], () => act.job("chances")),
  };
  // New deal picks only deals the solver proves winnable while this is ticked.
  const [winnableLabel, winnable] = checkbox("sw-winnable", "winnable only",
    "New deal picks the next deal number the solver proves winnable, and says how hard it is");
  const [fourLabel, four] = checkbox("sw-four", "four colours");
  // For a projector: the teaching text (lines, hints, chances) in a larger size.
  const [largeLabel, large] = checkbox("sw-large-text", "large text",
    "the lines under the table, the hints and the chances in a larger size (for a projector)");
  buttons.back.classList.add("sw-back-button"); // wide enough for "Back to deal 12345"
  controls.append(buttons.new, seed, winnableLabel, buttons.back, buttons.restart, buttons.undo,
    buttons.redo, buttons.hint, buttons.auto, buttons.redeal, buttons.review, buttons.save,
    buttons.solve, buttons.chances, fourLabel, largeLabel);
  return { controls, seed, buttons, winnable, four, large };
}

/** New deal on a game that cannot be brought back (an own deck) asks first. */
function buildConfirm(act, signal) {
  const confirm = make("div", "sw-confirm");
  confirm.setAttribute("role", "alertdialog");
  confirm.hidden = true;
  const confirmText = make("span", "sw-confirm-text");
  confirm.append(confirmText,
    makeButton("Deal anyway", "end this game and deal again", () => act.confirmNew(true), signal),
    makeButton("Keep playing", "keep this game", () => act.confirmNew(false), signal));
  return { confirm, confirmText };
}

/** The step-through replay's bar: |◀ ◀ slider ▶ ▶| Exit, and the step's line. */
function buildReplayBar(act, signal) {
  const replayBar = make("div", "sw-replay");
  replayBar.setAttribute("role", "toolbar");
  replayBar.setAttribute("aria-label", "replay controls");
  const slider = make("input", "sw-slider");
  slider.type = "range";
  slider.min = "0";
  slider.setAttribute("aria-label", "replay step");
  const step = make("div", "sw-step");
  const button = (label, title, action) => makeButton(label, title, () => act.replay(action), signal);
  replayBar.append(button("|◀", "first step", "first"), button("◀", "previous step", "prev"),
    slider, button("▶", "next step", "next"), button("▶|", "last step", "last"),
    button("Exit", "leave the replay and play on", "exit"), step);
  return { replayBar, slider, step };
}

/** The lines under the felt: status, message, error, waiting, the job's progress. */
function buildLines() {
  const line = (className, role) => {
    const node = make("div", className);
    if (role === "alert") node.setAttribute("role", "alert");
    else node.setAttribute("aria-live", "polite");
    return node;
  };
  const status = line("sw-status");
  const message = line("sw-message");
  const error = line("sw-error", "alert");
  // A note while the kernel has not answered yet (busy running a cell).
  const wait = make("div", "sw-wait");
  wait.hidden = true;
  // Background work: its progress, or a result the message line lacks. aria-busy while
  // running, so screen readers wait for the result instead of every count.
  const solving = line("sw-solving");
  return { status, message, error, wait, solving };
}

/** The ranked hints after Hint, and the chances per move after Chances. */
function buildPanels() {
  const hints = make("div", "sw-hints");
  const hintsTitle = make("div", "sw-hints-title");
  const hintList = make("ol", "sw-hint-list");
  hints.append(hintsTitle, hintList);
  const chances = make("table", "sw-chances");
  const caption = make("caption", "sw-chances-title");
  const chanceHead = make("tr"); // the columns: move, winnable, one per player, undecided
  const thead = make("thead");
  thead.append(chanceHead);
  const chanceRows = make("tbody");
  chances.append(caption, thead, chanceRows);
  // Under the table: what the differences between the columns mean (Python's two sentences).
  const gap = make("p", "sw-chances-gap");
  gap.hidden = true;
  return { hints, hintsTitle, hintList, chances, caption, chanceHead, chanceRows, gap };
}

/** Build the widget's skeleton into `el`; `act` holds the intents its buttons send. */
export function buildSkeleton(el, act, signal) {
  const root = make("div", "sw-root");
  // Shown only when the kernel is gone: what happened and what to do.
  const conn = make("div", "sw-conn");
  conn.setAttribute("role", "alert");
  conn.hidden = true;
  const connWhy = make("span", "sw-conn-why");
  conn.append(make("strong", "sw-conn-what", NOT_CONNECTED), connWhy);
  const table = make("div", "sw-table");
  table.setAttribute("role", "group");
  // A won game says so over the felt (Python's words); it lets the pointer through.
  const win = make("div", "sw-win");
  win.setAttribute("role", "status");
  win.hidden = true;
  const felt = make("div", "sw-felt");
  felt.append(table, win);
  const parts = {
    ...buildControls(act, signal), ...buildConfirm(act, signal), ...buildReplayBar(act, signal),
    ...buildLines(), ...buildPanels(),
  };
  root.append(conn, parts.controls, parts.confirm, parts.replayBar, felt, parts.status,
    parts.message, parts.error, parts.wait, parts.solving, parts.hints, parts.chances, parts.gap);
  el.append(root);
  return { root, conn, connWhy, table, win, ...parts };
}
