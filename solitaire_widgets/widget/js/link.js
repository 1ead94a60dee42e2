// The table's link to its kernel: numbered messages, their answers, and the kernel's state.
// No DOM: what to show is handed to callbacks, so the logic is tested against a fake model
// (tests/js/link.test.mjs).
//
// Python answers every message ({type: "answer", seq, error}). A restarted, dead or shut-down
// kernel, a lost connection, or a message that cannot be sent makes the link "dead" (the table
// then says "not connected"); a connection that drops and comes back is "suspended" until
// Python answers a refresh.

// Running the table's cell alone is not enough after a restart: the imports and the game are
// in earlier cells, so the notebook runs again from the top.
export const NOT_CONNECTED = "not connected: run the notebook again from the top (Run ▸ Run All Cells)";
export const WAIT_NOTE_MS = 1000; // no answer after this: say what the kernel is doing
export const SILENT_MS = 15000; // no answer after this, from a kernel not known to be busy
export const REFRESH_MS = 5000; // after a reconnection, Python must answer a refresh within this
const WATCH_MS = 2000; // how often the kernel object itself is checked (shut down, replaced)
const RESTARTED = "the kernel was restarted, so this table has no game behind it any more";

/**
 * The line under the table while a message has waited `waited` ms for its answer, with the
 * kernel's status as the page knows it ("busy", "idle", ...; null where the front end has no
 * kernel object). A busy kernel is running a cell: the click waits for it. Nothing here
 * advises running anything again (that would replace the table and lose the game): only a
 * kernel known to be gone (see watchConnection) makes the table say so.
 */
export function waitWords(waited, status) {
  if (waited < WAIT_NOTE_MS) return "";
  if (status === "busy") return "the kernel is busy running a cell; your click waits for it";
  if (waited < SILENT_MS) return "waiting for the kernel…";
  return "no answer from the kernel yet: your click waits for it (a cell may be running)";
}

/**
 * The link of one table: `send(content)` numbers a message (`seq`) and returns the number (null
 * when it was not sent), `answer(content)` takes Python's answer, `lose(why)`, `suspend(why)`
 * and `resume()` follow the kernel. Callbacks: `changed(link)` when its state changes,
 * `wait(words)` for the waiting line, `refused()` when a message cannot go (no kernel).
 * `now`, `later` and `status` (the kernel's status) are the clock, the timer and the kernel,
 * given by the page or by a test.
 */
export function createLink({ model, changed, wait, refused, now, later, status }) {
  const link = { state: "live", why: "", seq: 0, pending: new Map(), refresh: 0 };

  link.send = (content) => {
    if (link.state !== "live") {
      refused();
      return null;
    }
    link.seq += 1;
    const seq = link.seq;
    try {
      model.send({ ...content, seq });
    } catch (error) {
      link.lose(`the message could not be sent (${error?.message || error})`);
      return null;
    }
    link.pending.set(seq, now());
    later(link.noteSilence, WAIT_NOTE_MS + 20);
    return seq;
  };

  /** While a message has no answer, say why: the kernel is busy running a cell, or silent. */
  link.noteSilence = () => {
    if (link.state === "dead" || !link.pending.size) {
      wait("");
      return;
    }
    const waited = now() - Math.min(...link.pending.values());
    wait(waitWords(waited, status()));
    if (waited < SILENT_MS) later(link.noteSilence, Math.max(20, SILENT_MS - waited + 20));
  };

  /** Python's answer to message `content.seq`; true if it was one. */
  link.answer = (content) => {
    if (!content || content.type !== "answer") return false;
    link.pending.delete(content.seq);
    if (!link.pending.size) wait("");
    if (content.seq === link.refresh) {
      link.refresh = 0;
      link.state = "live";
      link.why = "";
      changed(link);
    }
    return true;
  };

  link.lose = (why) => {
    if (link.state === "dead") return;
    link.state = "dead";
    link.why = why;
    link.pending.clear();
    wait("");
    changed(link);
  };

  link.suspend = (why) => {
    if (link.state !== "live") return;
    link.state = "suspended";
    link.why = why;
    changed(link);
  };

  /** The link is back: ask Python for the whole state again; live once it answers. */
  link.resume = () => {
    if (link.state !== "suspended") return;
    link.state = "live";
    link.refresh = link.send({ type: "control", action: "refresh" }) || 0;
    if (link.state === "dead") return;
    link.state = "suspended";
    const asked = link.refresh;
    later(() => {
      if (link.refresh === asked && link.state === "suspended") {
        link.lose("the kernel did not answer after the connection came back");
      }
    }, REFRESH_MS);
  };
  return link;
}

/**
 * Follow the kernel behind `model`: `lost(why)` once it is gone for good, `suspend(why)`
 * while the connection is down, `resume()` when it is back, `status(now)` for every other
 * status ("busy", "idle", ...). What a front end offers: ipywidgets' widget manager has the
 * kernel connection (`kernel.status`: restarting, autorestarting, dead; `connectionStatus`:
 * connected, connecting, disconnected; `disposed` when it is shut down), and marks every
 * model `comm_live = false` on a restart (`comm_live_update`). Where there is no kernel
 * object, the answers to messages still tell. Returns the function that stops watching.
 */
export function watchConnection(model, { lost, suspend, resume, status }) {
  const manager = model.widget_manager;
  const kernel = manager?.kernel;
  const offs = [];
  const onStatus = (_sender, now) => {
    if (now === "restarting" || now === "autorestarting") lost(RESTARTED);
    else if (now === "dead") lost("the kernel has stopped");
    else status(now);
  };
  const onConnection = (_sender, now) => {
    if (now === "connected") resume();
    else suspend("the connection to the kernel was lost");
  };
  const onLive = () => lost(RESTARTED);
  model.on("comm_live_update", onLive);
  offs.push(() => model.off("comm_live_update", onLive));
  if (kernel && kernel.statusChanged && kernel.connectionStatusChanged) {
    kernel.statusChanged.connect(onStatus);
    kernel.connectionStatusChanged.connect(onConnection);
    const onDisposed = () => lost("the kernel was shut down");
    kernel.disposed?.connect(onDisposed);
    offs.push(() => {
      kernel.statusChanged.disconnect(onStatus);
      kernel.connectionStatusChanged.disconnect(onConnection);
      kernel.disposed?.disconnect(onDisposed);
    });
    const check = () => {
      if (kernel.isDisposed || ("kernel" in manager && manager.kernel !== kernel)) {
        lost("the kernel was shut down or changed");
      } else if (kernel.status === "dead") {
        lost("the kernel has stopped");
      }
    };
    check();
    const timer = setInterval(check, WATCH_MS);
    offs.push(() => clearInterval(timer));
  }
  return () => offs.forEach((off) => off());
}
