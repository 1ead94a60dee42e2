// The Save button's download (solitaire_widgets/widget/js/download.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { downloadFile, downloadRequest } from "../../solitaire_widgets/widget/js/download.js";

test("a download message names a plain JSON file and carries text; anything else is no download", () => {
  const text = '{"format": "solitaire_widgets.games"}';
  assert.deepEqual(downloadRequest({ type: "download", name: "games-ana.json", text }), { name: "games-ana.json", text });
  assert.equal(downloadRequest({ type: "answer", seq: 3, error: "" }), null);
  assert.equal(downloadRequest(null), null);
  for (const name of ["../games.json", "games-ana.html", "a/b.json", "", 7, "x".repeat(81) + ".json"]) {
    assert.equal(downloadRequest({ type: "download", name, text }), null, String(name));
  }
  assert.equal(downloadRequest({ type: "download", name: "games-ana.json", text: { html: "<b>" } }), null);
});

test("the file is a Blob behind a link clicked once, then dropped, its URL let go later", async () => {
  const clicked = [];
  const body = [];
  const link = {
    click() { clicked.push([this.href, this.download, this.hidden]); },
    remove() { body.splice(body.indexOf(this), 1); },
  };
  const doc = { createElement: (tag) => (assert.equal(tag, "a"), link), body: { append: (n) => body.push(n) } };
  const made = [];
  const revoked = [];
  const urls = { createObjectURL: (blob) => (made.push(blob), "blob:1"), revokeObjectURL: (u) => revoked.push(u) };
  const later = [];
  downloadFile({ name: "games-ana.json", text: "{}" }, { doc, urls, later: (fn, ms) => later.push([fn, ms]) });
  assert.deepEqual(clicked, [["blob:1", "games-ana.json", true]]);
  assert.deepEqual(body, []);
  assert.equal(made[0].type, "application/json");
  assert.equal(await made[0].text(), "{}");
  assert.deepEqual(revoked, []);
  later[0][0]();
  assert.deepEqual(revoked, ["blob:1"]);
});
