// The deal code in the page's link (solitaire_widgets/widget/js/from_link.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { PARAMETER, linkDeal } from "../../solitaire_widgets/widget/js/from_link.js";

test("the link's deal parameter is read as the page has it, decoded, or null", () => {
  assert.equal(PARAMETER, "deal");
  assert.equal(linkDeal("?path=play.ipynb&deal=ACME-7L"), "ACME-7L");
  assert.equal(linkDeal("?deal=acme-7l&path=play.ipynb"), "acme-7l");
  assert.equal(linkDeal("?path=play.ipynb&deal=ACME%20-7L"), "ACME -7L"); // Python refuses it
  assert.equal(linkDeal("?path=play.ipynb"), null);
  assert.equal(linkDeal(""), null);
  assert.equal(linkDeal("?deal="), ""); // an empty code: Python says the link names none
});
