// The table's sizes, in pixels, from the widget's width and the piles' lengths. Pure
// arithmetic: the CSS gets plain lengths (see docs/widget.md, "Tall piles"). A ResizeObserver
// reports the width after layout, so nothing here ever reads the layout. (Container-query
// units made every redraw re-resolve the style of every card inside layout: 60 ms a click on a
// Fly table.)
//
// The felt (the green table) is never taller than FELT_MAX px: fans tighten and, past that,
// cards shrink.

export const FELT_MAX = 640;
export const CAPTION_PX = 16; // a caption's height under each pile (widget.css)
const CARD_MIN = 30;
const CARD_MAX = 96;
const CORNER = 0.24; // corner font size / card width (and at least CORNER_MIN px)
const CORNER_MIN = 9;
const CORNER_TOP = 1; // px between a card's top and its corner text (the card's border)
const MIN_STEP = 0.8; // cards shrink before a fan shows less than this of each corner's text
const FLOOR_STEP = 0.45; // with the smallest cards, a fan still shows this of each corner
const NORMAL_STEP = 0.26; // the offset of a fan with room, in card heights
// Card widths a tall pile shrinks the cards through (after the width-based size): a few
// rungs, so that a click on a tall pile changes the size of every card only now and then (a
// new size lays out every card again), and otherwise only the offset of the fan it changed.
const RUNGS = [88, 80, 72, 66, 60, 54, 48, 44, 40, 36, 33, 30];

/**
 * The table's sizes for a widget `width` px wide with `cols` piles in its widest row, `rows`
 * rows, and a tallest fan of `layers` cards above its bottom one: {gap, rowGap, cardW, cardH,
 * corner, room}, where `room` is the height the felt leaves the fans' layers.
 * `previous` is the card width in use: it is kept while it fits and the pile is within three
 * cards of where it changed, so that a move and its undo do not resize every card each time.
 */
export function tableSizes(width, cols, rows, layers, previous = 0) {
  const gap = Math.min(10, Math.max(4, width * 0.01));
  const rowGap = gap * 1.5;
  const byWidth = Math.min(CARD_MAX, Math.max(CARD_MIN, (width - gap * (cols + 1)) / cols));
  // The fixed part of the felt: each row's bottom card and caption, the gaps, the padding.
  const fixed = (w) => rows * (w * 1.4 + CAPTION_PX) + (rows - 1) * rowGap + 2 * gap;
  const shown = (w) => CORNER_TOP + MIN_STEP * Math.max(CORNER_MIN, w * CORNER);
  const fits = (w, n) => fixed(w) + n * shown(w) <= FELT_MAX;
  const widest = Math.floor(byWidth);
  const pick = (n) => (n <= 0 || fits(widest, n)
    ? widest
    : RUNGS.find((rung) => rung < widest && fits(rung, n)) ?? CARD_MIN);
  const tight = pick(layers);
  const loose = pick(layers + 3);
  let cardW = tight;
  if (previous >= loose && previous <= tight && (fits(previous, layers) || previous === CARD_MIN)) {
    cardW = previous;
  } else if (previous && previous < loose) {
    cardW = loose;
  }
  const cardH = cardW * 1.4;
  const corner = Math.max(CORNER_MIN, cardW * CORNER);
  return { gap, rowGap, cardW, cardH, corner, room: FELT_MAX - fixed(cardW) };
}

/** A fan's offset: the normal one while the felt has room, tighter as the pile grows. */
export function fanStep(sizes, layers) {
  const share = layers > 0 ? sizes.room / layers : Infinity;
  return Math.max(CORNER_TOP + FLOOR_STEP * sizes.corner, Math.min(share, NORMAL_STEP * sizes.cardH));
}
