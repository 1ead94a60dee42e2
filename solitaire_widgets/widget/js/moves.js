// What a click on a pile asks for, read from the legal moves Python sent (`view.legal`). Pure.
// It decides no rule: a card with exactly one legal destination is played at once (the same
// move two clicks would send), every other click picks the card up or asks Python why not.
import { moveEnds } from "./words.js";

/** The legal moves whose source is pile `name` ("T1-F2", not the word moves). */
export function movesFrom(legal, name) {
  return legal.filter((move) => moveEnds(move)?.from === name);
}

/**
 * What a click on pile `name` (shown as `pile`, no card picked up yet) does:
 * {play: move} for a card with exactly one legal destination (one click plays it), "select"
 * for a card with several (a second click chooses), "nowhere" for a card with none (it is
 * picked up, and Python says why it can go nowhere), "stock" for a stock without a face-up
 * card (draw, deal or redeal), "ask" for anything else (a foundation, an empty pile, a game
 * over: Python says why nothing happens).
 */
export function clickPlan(pile, name, legal, status) {
  const cards = pile.cards || [];
  if (pile.kind === "stock" && !cards.length) return "stock";
  if (!cards.length || pile.kind === "foundation" || status !== "playing") return "ask";
  const moves = movesFrom(legal, name);
  if (moves.length === 1) return { play: moves[0] };
  return moves.length ? "select" : "nowhere";
}
