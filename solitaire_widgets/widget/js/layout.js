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
const CARD_MIN = 24; // a narrow cell (a 200% zoom with the file browser open) still fits Fly
const TALL_MIN = 30; // the smallest card a tall pile shrinks the cards to
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
    : RUNGS.find((rung) => rung < widest && fits(rung, n)) ?? Math.min(widest, TALL_MIN));
  const tight = pick(layers);
  const loose = pick(layers + 3);
  let cardW = tight;
  const smallest = Math.min(widest, TALL_MIN);
  if (previous >= loose && previous <= tight && (fits(previous, layers) || previous === smallest)) {
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

/**
 * Where each pile's top card sits on the felt, in px from the felt's corner, from the same
 * arithmetic the CSS follows (a row of slots `cardW` wide with `gap` between them; a row as
 * tall as its tallest pile plus its caption; rows `rowGap` apart; a fan's card `i` at
 * `i * step`). `piles` maps a name to {layers, step} (layers above the bottom card; a step of
 * 0 for a pile that is not a fan). No layout is read.
 */
export function topPlaces(rows, sizes, piles) {
  const places = {};
  let y = sizes.gap;
  for (const row of rows) {
    let tallest = sizes.cardH;
    row.forEach((name, column) => {
      const { layers = 0, step = 0 } = piles[name] || {};
      tallest = Math.max(tallest, sizes.cardH + layers * step);
      places[name] = { x: sizes.gap + column * (sizes.cardW + sizes.gap), y: y + layers * step };
    });
    y += tallest + CAPTION_PX + sizes.rowGap;
  }
  return places;
}

/**
 * The offset {dx, dy} from where a card moved from pile `from` to pile `to` was (on top of
 * `from`, one step above its new top card when `from` is a fan) to where it is now (the top of
 * `to`): a slide starts there and ends at no offset.
 */
export function slideOffset(rows, sizes, piles, from, to) {
  const places = topPlaces(rows, sizes, piles);
  if (!places[from] || !places[to]) return null;
  const source = piles[from] || {};
  const above = source.step ? source.step : 0; // the card lay one step above the new top
  return { dx: places[from].x - places[to].x, dy: places[from].y + above - places[to].y };
}
