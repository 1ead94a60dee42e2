// The link to the kernel (solitaire_widgets/widget/js/link.js) against a fake model, a fake
// clock and fake timers: numbered messages, answers, waiting words, a lost kernel.
import assert from "node:assert/strict";
import { test } from "node:test";
import { SILENT_MS, createLink, waitWords, watchConnection } from "../../solitaire_widgets/widget/js/link.js";

/** A fake model (what anywidget hands render), a clock and timers run by hand. */
function harness({ failing = false, status = "idle" } = {}) {
  const sent = [];
  const seen = { changes: [], waits: [], refused: 0 };
  let time = 0;
  let timers = [];
  const model = {
    send(content) {
      if (failing) throw new Error("Cannot send");
      sent.push(content);
    },
  };
  const kernel = { status };
  const link = createLink({
    model,
    changed: (l) => seen.changes.push(l.state),
    wait: (words) => seen.waits.push(words),
    refused: () => { seen.refused += 1; },
    now: () => time,
    later: (fn, ms) => timers.push([time + ms, fn]),
    status: () => kernel.status,
  });
  const advance = (ms) => {
    time += ms;
    const due = timers.filter(([at]) => at <= time);
    timers = timers.filter(([at]) => at > time);
    for (const [, fn] of due) fn();
  };
  return { link, sent, seen, advance, kernel };
}

test("messages are numbered and each answer clears its own", () => {
  const { link, sent, seen } = harness();
  assert.equal(link.send({ type: "move", move: "S-W" }), 1);
  assert.equal(link.send({ type: "control", action: "undo" }), 2);
  assert.deepEqual(sent, [{ type: "move", move: "S-W", seq: 1 }, { type: "control", action: "undo", seq: 2 }]);
  assert.equal(link.answer({ type: "answer", seq: 1, error: "" }), true);
  assert.deepEqual([...link.pending.keys()], [2]);
  assert.equal(link.answer({ type: "something else" }), false);
  link.answer({ type: "answer", seq: 2, error: "nothing to undo" });
  assert.equal(link.pending.size, 0);
  assert.equal(seen.waits.at(-1), "");
});

test("a late answer is explained, and a busy kernel is never called lost", () => {
  const { link, seen, advance, kernel } = harness({ status: "busy" });
  link.send({ type: "move", move: "S-W" });
  advance(500);
  assert.deepEqual(seen.waits, []);
  advance(600);
  assert.equal(seen.waits.at(-1), "the kernel is busy running a cell; your click waits for it");
  advance(SILENT_MS + 60_000);
  assert.equal(seen.waits.at(-1), "the kernel is busy running a cell; your click waits for it");
  kernel.status = "idle";
  link.noteSilence(); // the kernel's status changed
  assert.match(seen.waits.at(-1), /^no answer from the kernel yet/);
  assert.ok(seen.waits.every((words) => !/again|Run All/.test(words)));
  assert.equal(link.state, "live");
});

test("waiting words", () => {
  assert.equal(waitWords(500, "busy"), "");
  assert.equal(waitWords(2000, "idle"), "waiting for the kernel…");
  assert.equal(waitWords(2000, null), "waiting for the kernel…");
  assert.match(waitWords(SILENT_MS + 1, null), /your click waits for it/);
});

test("a message that cannot be sent loses the link; then every send is refused", () => {
  const { link, seen } = harness({ failing: true });
  assert.equal(link.send({ type: "move", move: "S-W" }), null);
  assert.equal(link.state, "dead");
  assert.match(link.why, /could not be sent \(Cannot send\)/);
  assert.equal(link.send({ type: "move", move: "S-W" }), null);
  assert.equal(seen.refused, 1);
  assert.deepEqual(seen.changes, ["dead"]);
});

test("a connection that comes back is live again once Python answers the refresh", () => {
  const { link, sent, seen, advance } = harness();
  link.suspend("the connection to the kernel was lost");
  assert.equal(link.send({ type: "move", move: "S-W" }), null); // refused while suspended
  link.resume();
  assert.deepEqual(sent.at(-1), { type: "control", action: "refresh", seq: 1 });
  assert.equal(link.state, "suspended");
  link.answer({ type: "answer", seq: 1, error: "" });
  assert.equal(link.state, "live");
  assert.deepEqual(seen.changes, ["suspended", "live"]);
  link.suspend("lost again");
  link.resume();
  advance(10_000); // no answer within REFRESH_MS
  assert.equal(link.state, "dead");
  assert.match(link.why, /did not answer after the connection came back/);
});

test("the kernel's signals: a restart is lost, busy is only a status", () => {
  const handlers = {};
  const signal = () => ({ connect: (fn) => { signal.fn = fn; }, disconnect() {} });
  const statusChanged = { connect: (fn) => { handlers.status = fn; }, disconnect() {} };
  const connectionStatusChanged = { connect: (fn) => { handlers.connection = fn; }, disconnect() {} };
  const kernel = { status: "idle", statusChanged, connectionStatusChanged, disposed: signal() };
  const model = { widget_manager: { kernel }, on() {}, off() {} };
  const heard = [];
  const stop = watchConnection(model, {
    lost: (why) => heard.push(["lost", why]),
    suspend: (why) => heard.push(["suspend", why]),
    resume: () => heard.push(["resume"]),
    status: (now) => heard.push(["status", now]),
  });
  handlers.status(null, "busy");
  handlers.connection(null, "connecting");
  handlers.connection(null, "connected");
  handlers.status(null, "restarting");
  stop();
  assert.deepEqual(heard.map(([kind, what]) => (kind === "lost" ? [kind, what.slice(0, 25)] : [kind, what])), [
    ["status", "busy"],
    ["suspend", "the connection to the kernel was lost"],
    ["resume", undefined],
    ["lost", "the kernel was restarted,"],
  ]);
});
