"""What the solver, the hints and Auto all know about each game: safe moves and dead positions.

The layers run one way: rules -> knowledge -> solver -> hints. Each claim below has its
argument here, and the tests check every one against a plain exhaustive search (every legal
move, exact positions as keys) on thousands of small positions of each game.

**Safe moves** (``safe_moves``). A legal move is *safe* when, whenever the position before it
can be won, so can the position after it: it may be played without asking (Auto) and without
branching (the solver). Each argument shows how any winning line L from the position before
the move (B) becomes a winning line from the position after it (A): play L, skipping the
moves of the card that went home.

* Acme: every foundation move. The card c goes home; in B, c only waits: nothing can be
  placed on it (the one card that fits on c, the next lower card of its suit, is already home,
  since c fits its foundation), and cards above it in the waste must leave first either way.
  L's moves stay legal in A: the same cards are on top (c is not in the way), the foundation
  of c's suit takes in B nothing but c until c arrives, and a move L makes with c (to a tableau
  pile, or from one) is skipped. If c leaves a tableau pile, the reserve's top card fills it
  in A at once; then A's pile holds the card that is B's reserve top, and wherever L plays B's
  reserve top, A plays the same card from that pile, whose emptying again brings the next one
  (reserve cards and tableau tops go to the same places), until L plays c and both positions
  are the same. If c leaves the waste, every draw and the redeal find the same cards, c apart.
* Quadrennial, in the last pass only (no redeal left): the waste's top card, and a reserve
  card once the stock is empty. A card in the waste only waits there (L plays it from the
  waste or never), and with no redeal left the waste never becomes stock again; a reserve card
  played when the stock is empty is refilled by nothing, now or later. Nothing else: the
  moment a reserve card is played decides which stock card refills its pile, and a card left
  in the waste before the last pass is in the next pass's stock, which shifts which card
  refills which pile when; winning lines exist that depend on both (the tests give positions
  and deals where playing home at once loses a won game).
* Acquaintance and Fly build by rank, so the copies of a rank compete for the foundations.
  Safe: a card that goes onto a *lowest* foundation (no foundation below the one it goes on).
  Then every foundation that still needs the card's rank is at that same height, they are
  interchangeable, and L places c on one of them: rename that one and ours. Any card put above
  c in B (a deal, a Fly placement) must leave before c does, so the tops match. In
  Acquaintance a redeal gathers the reserve piles into the next stock, so a card taken out
  earlier shifts which pile every later card is dealt to: foundation moves are safe there only
  in the last pass, or, with one redeal left and the stock empty, when the card is the last
  one that redeal would gather (the top of the last non-empty pile): then nothing can cover
  it before the redeal, and removing the last card of the new stock shifts no other card, so
  A's passes match B's with c missing at the very end, and no later redeal gathers again.
  A card onto a higher foundation is not safe: a copy buried above a lower card may need
  that place.

**Dead positions** (``is_dead``): positions that provably cannot be won, cut by the solver.

* Quadrennial, last pass: the waste is a stack for good; a card above a lower card of its own
  suit can never go home (it must leave first, but needs the lower card home before it).
* Fly, and Acquaintance in the last pass (``rank_deadlock``): the piles whose cards can only
  go home, top first (Fly's tableau, Acquaintance's reserve piles), against what the
  foundations can reach. Let ``reach[h]`` bound how many foundations can ever stand at height
  h or above: those already there, plus at most one per copy of rank h-1 that can ever be
  freed, and no more than could reach h-1. A card can only be played while some foundation
  stands exactly at its rank, so a pile card is freed only if ``reach[rank] > `` (foundations
  already past its rank) and every card above it is freed; cards in the stock or the reserve
  can always be reached (the cards above them can be put on the tableau or dealt), so they are
  counted as free. Freed cards raise ``reach``; the bound is iterated until nothing changes.
  By induction over any line, every card it plays is freed and at most ``reach[h]``
  foundations ever reach h, so if ``reach[13]`` is short of all foundations, no line wins.
  It catches a ten lying above every remaining nine when no foundation is at ten, and chains
  of such blocks across piles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .moves import Move
from .state import GameState
from .variants import VARIANTS, Variant


def safe_moves(state: GameState) -> list[Move]:
    """The legal moves Auto may play and the solver plays without branching (see the module)."""
    rules = VARIANTS[state.variant]
    return [m for m in rules.legal_moves(state) if is_safe(rules, state, m)]


def first_safe(rules: Variant, state: GameState) -> Move | None:
    """The first of the safe moves (in ``legal_moves`` order), or None; ``safe_moves``' rule
    with shortcuts for speed (the solver asks it at every position)."""
    finder = _FINDERS.get(rules.name)
    if finder is None:
        finder = _FINDERS[rules.name] = _finder(rules)
    return finder(state)


_FINDERS: dict[str, Callable[[GameState], Move | None]] = {}


def _finder(rules: Variant) -> Callable[[GameState], Move | None]:
    """``first_safe`` for one variant, with what it looks at worked out once."""
    if rules.stuck_only:
        return lambda state: None
    if rules.family == "acme":  # every foundation move: the first top that fits
        sources = (rules.reserve, *_of_kind(rules, "tableau"), rules.waste)
        pair = rules.pair_moves

        def acme(state: GameState) -> Move | None:
            piles = state.piles
            for src in sources:
                pile = piles[src]
                if pile and len(piles[pile[-1] // 13]) == pile[-1] % 13:
                    return pair[src, pile[-1] // 13]
            return None

        return acme
    # Quadrennial refuses everything before the last pass, Acquaintance before the second
    early = {"quadrennial": rules.redeals_allowed, "acquaintance": rules.redeals_allowed - 1}
    first_pass_with_safe_moves = early.get(rules.family, 0)

    def other(state: GameState) -> Move | None:
        if state.redeals < first_pass_with_safe_moves:
            return None
        for move in rules.legal_moves(state):
            if is_safe(rules, state, move):
                return move
        return None

    return other


def is_safe(rules: Variant, state: GameState, move: Move) -> bool:
    """Whether a legal ``move`` is safe here (the rules and their arguments: the module)."""
    if not move.dst.startswith("F") or rules.stuck_only:
        return False  # (the arguments let a line use the stock whenever it likes)
    family = rules.family
    piles = state.piles
    if family == "acme":
        return True
    if family == "quadrennial":
        last_pass = state.redeals >= rules.redeals_allowed
        return quadrennial_safe(last_pass, move.src == "W", not piles[rules.stock])
    lowest = min(len(piles[f]) for f in rules.foundations)
    if len(piles[rules.index[move.dst]]) != lowest:
        return False
    if family == "acquaintance" and state.redeals < rules.redeals_allowed:
        # before the last pass: only the card the one redeal left would gather last
        return (
            state.redeals == rules.redeals_allowed - 1
            and not piles[rules.stock]
            and _last_gathered(rules, state) == move.src
        )
    return True


def _last_gathered(rules: Variant, state: GameState) -> str | None:
    """Acquaintance: the reserve pile whose top card a redeal would gather last."""
    for name in reversed([n for n in rules.pile_names if n.startswith("R")]):
        if state.piles[rules.index[name]]:
            return name
    return None


def is_dead(state: GameState) -> bool:
    """True when the position provably cannot be won (cheap tests; False when unsure)."""
    rules = VARIANTS[state.variant]
    family = rules.family
    piles = state.piles
    if family == "quadrennial":
        return quadrennial_dead(state.redeals >= rules.redeals_allowed, piles[rules.waste])
    if family == "fly":
        free = (*piles[rules.reserve], *piles[rules.stock])
        stacks = [piles[i] for i in _of_kind(rules, "tableau")]
    elif family == "acquaintance" and state.redeals >= rules.redeals_allowed:
        free, stacks = piles[rules.stock], [piles[i] for i in _of_kind(rules, "reserve")]
    else:
        return False  # no dead-position test for Acme (nor Acquaintance before the last pass)
    return rank_deadlock([len(piles[f]) for f in rules.foundations], stacks, free)


_KINDS: dict[tuple[str, str], tuple[int, ...]] = {}


def _of_kind(rules: Variant, kind: str) -> tuple[int, ...]:
    """The indices of a variant's piles of one kind (worked out once per variant)."""
    key = (rules.name, kind)
    if key not in _KINDS:
        _KINDS[key] = tuple(i for i, k in enumerate(rules.kinds) if k == kind)
    return _KINDS[key]


def quadrennial_safe(last_pass: bool, from_waste: bool, stock_empty: bool) -> bool:
    """Quadrennial: whether a card that fits its foundation is safe to play (the module)."""
    return last_pass and (from_waste or stock_empty)


def quadrennial_dead(last_pass: bool, waste: Sequence[int]) -> bool:
    """Quadrennial: in the last pass, a waste card above a lower card of its own suit."""
    return last_pass and _suit_inversion(waste)


def _suit_inversion(waste: Sequence[int]) -> bool:
    """A card lying above a lower card of its own suit (bottom to top)."""
    lowest = [99, 99, 99, 99]
    for card in waste:
        suit = card // 13
        if card > lowest[suit]:
            return True
        if card < lowest[suit]:
            lowest[suit] = card
    return False


def rank_deadlock(
    heights: Sequence[int], stacks: Sequence[Sequence[int]], free: Sequence[int]
) -> bool:
    """Rank foundations at ``heights``, ``stacks`` whose cards go home top first (bottom to
    top, as piles are kept), ``free`` cards reachable at will: True if no line can bring every
    foundation to the king (the bound ``reach`` of the module docstring)."""
    n = len(heights)
    at_least = [0] * 15  # at_least[h]: foundations standing at height h or above
    for h in heights:
        at_least[h] += 1
    for h in range(13, -1, -1):
        at_least[h] += at_least[h + 1]
    avail = [0] * 13  # copies of each rank that can be freed
    for card in free:
        avail[card % 13] += 1
    tops = [[card % 13 for card in reversed(s)] for s in stacks if s]
    done = [0] * len(tops)
    while True:
        reach = n
        open_rank = [False] * 13  # some foundation can stand exactly at this height
        for h in range(1, 14):
            above = at_least[h]
            below = min(reach - above, avail[h - 1]) if reach > above else 0
            open_rank[h - 1] = reach > at_least[h]
            reach = above + below
        changed = False
        for i, ranks in enumerate(tops):
            j = done[i]
            while j < len(ranks) and open_rank[ranks[j]]:
                avail[ranks[j]] += 1
                j += 1
            if j != done[i]:
                done[i] = j
                changed = True
        if not changed:
            return reach < n
