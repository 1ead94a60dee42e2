// Drawing cards and piles into the DOM: one node per pile, one per card, kept between redraws.
import { make } from "./dom.js";
import { SUITS, cardText, foundationSuit } from "./words.js";

/** One face-up card: rank and suit in two corners and a large suit symbol. */
export function drawCard(code) {
  const suit = SUITS[code[1]];
  const card = make("div", `sw-card sw-face sw-${suit.colour} sw-suit-${code[1]}`);
  card.dataset.card = code;
  card.setAttribute("aria-hidden", "true");
  const text = cardText(code);
  card.append(make("span", "sw-corner", text), make("span", "sw-corner sw-corner-end", text));
  const isCourt = "JQK".includes(code[0]);
  card.append(make("span", isCourt ? "sw-centre sw-court" : "sw-centre",
    isCourt ? code[0] + suit.symbol : suit.symbol));
  return card;
}

function drawBack() {
  const back = make("div", "sw-card sw-back");
  back.setAttribute("aria-hidden", "true");
  return back;
}

function drawEmpty(pile, redeal) {
  const slot = make("div", "sw-card sw-empty");
  slot.setAttribute("aria-hidden", "true");
  // The pile's name is in the caption below; an empty foundation also shows its suit, and an
  // empty stock that can be turned over again ↻.
  const mark = pile.kind === "foundation" ? foundationSuit(pile.label) : redeal ? "↻" : "";
  if (mark) slot.append(make("span", redeal ? "sw-empty-name sw-redeal-cue" : "sw-empty-name", mark));
  return slot;
}

/** What a pile's drawing depends on; the pile is redrawn only when this changes. */
export function pileKey(pile) {
  return JSON.stringify([pile.kind, pile.label, pile.fan, pile.down || 0, pile.cards || []]);
}

/** The layers of a fanned pile: one back for the face-down cards, then each face-up card. */
export function fanLayers(pile) {
  return (pile.down ? [null] : []).concat(pile.cards || []);
}

/** Keep the card nodes a fan's old and new layers share at the bottom; add the rest. */
function drawFan(box, pile) {
  const layers = fanLayers(pile);
  box.classList.add("sw-fan");
  box.style.setProperty("--layers", String(layers.length - 1));
  const old = [...box.children].filter((node) => node.classList.contains("sw-card"));
  let keep = 0;
  while (keep < old.length && keep < layers.length && old[keep].dataset.layer === String(layers[keep])) {
    keep += 1;
  }
  for (const node of old.slice(keep)) node.remove();
  for (let index = keep; index < layers.length; index += 1) {
    const code = layers[index];
    const card = code === null ? drawBack() : drawCard(code);
    card.dataset.layer = String(code);
    card.style.setProperty("--i", String(index));
    box.append(card);
  }
  for (const node of box.querySelectorAll(":scope > .sw-face")) node.draggable = false;
}

/**
 * Redraw one pile's cards into `box`. A fan keeps the card nodes its old and new layers share
 * at the bottom, so a move onto a 60-card pile adds one node instead of rebuilding sixty.
 * `count` is the node beside the pile's name that shows how many cards it holds; `redeal`: an
 * empty stock that can be turned over again.
 */
export function drawPileCards(box, pile, count, { redeal = false } = {}) {
  const cards = pile.cards || [];
  const down = pile.down || 0;
  const total = cards.length + down;
  if (!pile.fan || total === 0) {
    box.classList.remove("sw-fan");
    box.replaceChildren();
  }
  box.classList.toggle("sw-stacked", !pile.fan && total > 1);
  if (total === 0) box.append(drawEmpty(pile, redeal));
  else if (pile.fan) drawFan(box, pile);
  else box.replaceChildren(cards.length ? drawCard(cards[cards.length - 1]) : drawBack());
  const shown = pile.fan ? down : total > 1 ? total : 0;
  count.textContent = shown ? String(shown) : "";
  count.hidden = !shown;
  const faces = box.querySelectorAll(":scope > .sw-face");
  const top = faces[faces.length - 1];
  if (top && pile.kind !== "foundation") top.draggable = true;
}
