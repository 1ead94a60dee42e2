// Words about cards and piles, for the eye and for screen readers. Pure: no DOM.
// (The words about the game, what a move did, the status line, a replay step, come from
// Python: see solitaire_widgets/widget/words.py.)

export const RANK_WORDS = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
  8: "eight", 9: "nine", T: "ten", J: "jack", Q: "queen", K: "king",
};
export const SUITS = {
  C: { symbol: "♣", name: "clubs", colour: "black" },
  D: { symbol: "♦", name: "diamonds", colour: "red" },
  H: { symbol: "♥", name: "hearts", colour: "red" },
  S: { symbol: "♠", name: "spades", colour: "black" },
};

/** "10" for "T", the other ranks as they are. */
export function rankText(rank) {
  return rank === "T" ? "10" : rank;
}

/** "10♥" for "TH". */
export function cardText(code) {
  return rankText(code[0]) + SUITS[code[1]].symbol;
}

/** "ten of hearts" for "TH". */
export function cardWords(code) {
  return `${RANK_WORDS[code[0]]} of ${SUITS[code[1]].name}`;
}

/** "1 move", "2 moves". */
export function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** "45%" for 0.45. */
export function percent(x) {
  return `${Math.round(Number(x) * 100)}%`;
}

/** Source and target pile of a move in X-Y notation, or null for word moves ("deal"). */
export function moveEnds(move) {
  const parts = (move || "").split("-");
  return parts.length === 2 ? { from: parts[0], to: parts[1] } : null;
}

/** "♣" from a label like "foundation 1 (clubs)", for an empty foundation's placeholder. */
export function foundationSuit(label) {
  for (const suit of Object.values(SUITS)) {
    if ((label || "").includes(`(${suit.name})`)) return suit.symbol;
  }
  return "";
}

/** The accessible name of a pile: "seven of hearts, top of reserve 3, 4 cards". */
export function pileWords(pile) {
  const cards = pile.cards || [];
  const total = cards.length + (pile.down || 0);
  if (total === 0) return `${pile.label}, empty`;
  const parts = [];
  if (cards.length) {
    parts.push(`${cardWords(cards[cards.length - 1])}, top of ${pile.label}`);
    if (pile.fan && cards.length > 1) {
      parts.push(`over ${cards.slice(0, -1).reverse().map(cardWords).join(", ")}`);
    }
  } else {
    parts.push(pile.label);
  }
  if (pile.down) parts.push(`${pile.down} face down`);
  parts.push(plural(total, "card"));
  return parts.join(", ");
}
