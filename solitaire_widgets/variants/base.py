"""What every variant shares: its piles as data, foundation rules, and the checked move reasons.

A variant declares its piles (names, kinds, layout rows), how its foundations build and how many
redeals it allows; it implements the fast unchecked core (``deal``, ``legal_moves``, ``apply``)
and one hook, ``place_reason``, that says why a card may not go from one pile to another.
Everything a person needs on top (reasons, ``X-F`` resolution, words, the visible view) is here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from ..cards import CARDS, RANK_DISPLAY, SUIT_WORDS, Card
from ..moves import DEAL, DRAW, REDEAL, Move
from ..quoting import quoted
from ..state import GameState, Pile

_KIND_OF_LETTER = {"F": "foundation", "R": "reserve", "T": "tableau", "S": "stock", "W": "waste"}


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def number_word(n: int) -> str:
    """'two' for 2: rule messages spell small counts out."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def no_redeal_left(title: str, allowed: int, passes: bool = True) -> str:
    """Why a redeal is refused once the redeals are used: "no redeals left: Acme allows one
    (two passes through the stock)", or, where changed rules allow none, "no redeal: these
    rules of Acme allow none (one pass ...)" (not "allows no (one passes)": review 39)."""
    if allowed == 0:
        said = f"no redeal: these rules of {title} allow none"
    else:
        said = f"no redeals left: {title} allows {number_word(allowed)}"
    passes_said = f"{number_word(allowed + 1)} pass{'es' if allowed else ''} through the stock"
    return f"{said} ({passes_said})" if passes else said


def rank_with_article(rank_index: int) -> str:
    """'an ace', 'a 4', 'an 8', 'a king'-style words for messages about rank foundations."""
    text = RANK_DISPLAY[rank_index]
    return ("an " if text in ("A", "8") else "a ") + text


class Variant(ABC):
    """One patience game: its layout as data, its fast core, and checked reasons."""

    name: str
    title: str
    decks: int = 1
    pile_names: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    fanned: frozenset[str] = frozenset()
    suit_foundations: bool
    stock_face_up_top: bool = False
    reserve_face_up_top_only: bool = False

    # The rule knobs (``variants.knobs``): a "what if" question may change these, and only these.
    redeals_allowed: int = 0
    """Redeals allowed (the knob ``redeals`` exists where a game has at least one)."""
    reserve_size: int | None = None
    """Cards in the reserve (Quadrennial: its one-card piles); None: no reserve-size knob."""
    reserve_limits: tuple[int, int] = (0, 0)
    """The smallest and largest reserve the deck allows, for the reserve-size knob."""
    draws_or_deals: bool = True
    """Whether the stock is used by a draw or a deal (Fly plays its top card straight away):
    only such a game has the stricter reading ``stuck_only``."""
    stuck_only: bool = False
    """The stricter reading of the rule texts: draw, deal or redeal only when no other move
    can be played (``variants.knobs``; False in every game's own rules)."""

    @property
    def family(self) -> str:
        """The game this variant plays (a rule-knob variant keeps its base game's family)."""
        return type(self).name

    def __init__(self) -> None:
        self.index = {name: i for i, name in enumerate(self.pile_names)}
        self.kinds = tuple(_KIND_OF_LETTER[n[0]] for n in self.pile_names)
        self.foundations = tuple(i for i, k in enumerate(self.kinds) if k == "foundation")
        self.stock = self.index.get("S", -1)
        self.waste = self.index.get("W", -1)
        self.reserve = self.index.get("R", -1)
        self.tableau = self.piles_of("tableau")
        self.reserves = self.piles_of("reserve")
        self.pair_moves = {
            (a, b): Move(self.pile_names[a], self.pile_names[b])
            for a in range(len(self.pile_names))
            for b in range(len(self.pile_names))
            if a != b
        }
        self.total_cards = 52 * self.decks

    def piles_of(self, kind: str) -> tuple[int, ...]:
        """The indices of the piles of one kind (``foundation``, ``reserve``, ``tableau``,
        ``stock``, ``waste``), in pile order."""
        return tuple(i for i, k in enumerate(self.kinds) if k == kind)

    # ----------------------------------------------------------------- the fast core
    @abstractmethod
    def deal(self, deck: Sequence[Card]) -> GameState:
        """The starting position for a full deck, index 0 being the first card dealt."""

    @abstractmethod
    def legal_moves(self, state: GameState) -> list[Move]:
        """Every legal move, in a fixed order; unchecked input, for speed."""

    @abstractmethod
    def apply(self, state: GameState, move: Move) -> GameState:
        """The position after a legal move, with its automatic consequences; unchecked."""

    @abstractmethod
    def place_reason(self, state: GameState, src: int, dst: int, card: Card) -> str | None:
        """Why ``card``, the top of pile ``src``, may not go onto pile ``dst`` (None: it may)."""

    # ----------------------------------------------------------------- foundations
    def foundation_accepts(self, state: GameState, card: int, f: int) -> bool:
        """Whether foundation pile ``f`` takes ``card`` next."""
        pile = state.piles[f]
        if self.suit_foundations:
            return card // 13 == f % 4 and len(pile) == card % 13
        return len(pile) == card % 13

    def foundation_reason(self, state: GameState, card: Card, f: int) -> str | None:
        """Why foundation ``f`` refuses ``card``, in the player's words (None: it accepts)."""
        if self.foundation_accepts(state, card, f):
            return None
        name = self.pile_names[f]
        pile = state.piles[f]
        if self.suit_foundations:
            suit = f % 4
            suit_word = SUIT_WORDS[suit]
            if len(pile) == 13:
                return f"{card} cannot go on {name}: {name} is complete (A to K of {suit_word})"
            return (
                f"{card} cannot go on {name}: {name} builds {SUIT_WORDS[suit]} "
                f"and needs {CARDS[suit * 13 + len(pile)]} next"
            )
        if len(pile) == 13:
            return f"{card} cannot go on {name}: {name} is complete (it ends at a king)"
        return (
            f"{card} cannot go on {name}: {name} builds up by rank, suit ignored, "
            f"and needs {rank_with_article(len(pile))} next"
        )

    def cards_home(self, state: GameState) -> int:
        return sum(len(state.piles[f]) for f in self.foundations)

    def is_won(self, state: GameState) -> bool:
        return self.cards_home(state) == self.total_cards

    def outcome(self, state: GameState, legal: list[Move] | None = None) -> str:
        """``won``, ``lost`` (no legal move remains) or ``playing``; pass ``legal`` if known."""
        if self.is_won(state):
            return "won"
        return "playing" if (self.legal_moves(state) if legal is None else legal) else "lost"

    # ----------------------------------------------------------------- checked layer
    def why_not(self, state: GameState, move: Move) -> str | None:
        """The rule a move breaks in this position, in the player's words; None if legal."""
        if self.is_won(state):
            return "the game is over: it is won, every card is home"
        reason = self._move_reason(state, move)
        if reason is not None and not self.legal_moves(state):
            return f"the game is over, no legal move remains: {reason}"
        return reason

    def unknown_pile(self, move: Move) -> str | None:
        """Why a pile move names a pile this game does not have (``F``, "whichever foundation
        takes it", is a target only); None when it names none, or is a named move."""
        if not move.dst:
            return None
        unknown = [n for n in (move.src, move.dst) if n not in self.index and n != "F"]
        if unknown or move.src == "F":
            return (
                f"{self.title} has no pile {quoted(unknown[0] if unknown else move.src)}; "
                f"its piles are {self.pile_list()}"
            )
        return None

    def _move_reason(self, state: GameState, move: Move) -> str | None:
        # the named moves by their strings: cheaper than comparing Moves
        if not move.dst and move.src == "deal":
            return self.deal_reason(state)
        if not move.dst and move.src == "redeal":
            return self.redeal_reason(state)
        if move.src == "S" and move.dst == "W":
            return self.draw_reason(state)
        if not move.dst:
            return (
                f"{quoted(move.src)} is not a move: a move names a source and a target pile, "
                "like 'T4-F1' or 'R-F', or is one of draw, deal, redeal"
            )
        if move.src in self.index and self.kinds[self.index[move.src]] == "foundation":
            return f"cards never leave a foundation ({move.src})"
        unknown = self.unknown_pile(move)
        if unknown is not None:
            return unknown
        if move.dst == "F":
            return self._resolve_foundation(state, move)[1]
        src, dst = self.index[move.src], self.index[move.dst]
        if src == dst:
            return f"{move.src}-{move.dst} moves nothing: a card cannot move onto its own pile"
        if self.kinds[dst] == "stock":
            return "nothing is ever placed on the stock"
        if not state.piles[src]:
            return f"{move.src} is empty: there is no card to move"
        return self.place_reason(state, src, dst, state.piles[src][-1])

    def resolve(self, state: GameState, move: Move) -> Move:
        """``X-F`` becomes the leftmost foundation that accepts the card; other moves as given.

        An ``X-F`` no foundation takes stays as it is, for ``why_not`` to explain.
        """
        if move.dst == "F" and move.src in self.index:
            resolved, _ = self._resolve_foundation(state, move)
            return move if resolved is None else resolved
        return move

    def _resolve_foundation(self, state: GameState, move: Move) -> tuple[Move | None, str | None]:
        reasons = []
        for f in self.foundations:
            concrete = Move(move.src, self.pile_names[f])
            reason = self._move_reason(state, concrete)
            if reason is None:
                return concrete, None
            reasons.append(reason)
        pile = state.piles[self.index[move.src]]
        if not pile:
            return None, reasons[0]
        card = pile[-1]
        if self.suit_foundations:
            return None, reasons[card // 13]
        needs = sorted({len(state.piles[f]) for f in self.foundations if len(state.piles[f]) < 13})
        if any(reason.startswith(f"{card} cannot go on") for reason in reasons):
            wanted = ", ".join(RANK_DISPLAY[n] for n in needs)
            return None, f"no foundation takes {card}: the foundations need {wanted} next"
        return None, reasons[0]

    def draw_reason(self, state: GameState) -> str | None:
        """Why ``S-W`` is refused; variants with a waste allow it whenever the stock has cards."""
        if self.waste < 0:
            return f"{self.title} has no waste pile"
        if not state.piles[self.stock]:
            more = " (redeal to turn the waste over)" if self.redeal_reason(state) is None else ""
            return f"the stock is empty: there is nothing to draw{more}"
        return None

    def deal_reason(self, state: GameState) -> str | None:
        hint = self.stock_hint(state)
        return f"{self.title} has no deal move" + ("" if hint is None else f": {hint}")

    @property
    def has_deal(self) -> bool:
        """Whether the game has the named move ``deal`` (a game that has it says when it is
        legal: it overrides ``deal_reason``)."""
        return type(self).deal_reason is not Variant.deal_reason

    def redeal_reason(self, state: GameState) -> str | None:
        """With a waste: turn it over when the stock is empty, while redeals are left. Used-up
        redeals are said first, so a player is not sent to draw for a redeal that never comes;
        "keep drawing" only where a draw is legal (not under the stricter reading while
        another move can be played; review 42)."""
        if self.waste < 0:
            return f"{self.title} has no redeal"
        if state.redeals >= self.redeals_allowed:
            return no_redeal_left(self.title, self.redeals_allowed)
        if state.piles[self.stock]:
            then = ": keep drawing (S-W)" if self.draw_reason(state) is None else ""
            return f"redeal only when the stock is empty{then}"
        if not state.piles[self.waste]:
            return "the waste is empty: there is nothing to turn over"
        return None

    def move_top(self, state: GameState, move: Move) -> GameState:
        """The position after moving the top card of ``move.src`` onto ``move.dst``, and
        nothing else (the whole of a pile move in Acquaintance and Fly)."""
        piles = list(state.piles)
        src, dst = self.index[move.src], self.index[move.dst]
        piles[dst] = (*piles[dst], piles[src][-1])
        piles[src] = piles[src][:-1]
        return GameState(state.variant, tuple(piles), state.redeals)

    def draw_or_turn_over(self, piles: list[Pile], move: Move) -> None:
        """Apply ``S-W`` (the stock's top card onto the waste) or ``redeal`` (the waste turned
        over into the stock, so the card drawn first comes first again) to ``piles``."""
        stock, waste = self.stock, self.waste
        if move.src == "S":
            piles[waste] = (*piles[waste], piles[stock][-1])
            piles[stock] = piles[stock][:-1]
        else:
            piles[stock] = tuple(reversed(piles[waste]))
            piles[waste] = ()

    def stock_hint(self, state: GameState) -> str | None:
        """How the stock is played, said only where that move is legal now: not with the stock
        empty, nor under the stricter reading while another move can be played (review 46)."""
        return "draw from the stock with S-W" if self.draw_reason(state) is None else None

    def face_down_stock(self, state: GameState) -> str:
        """Why a card of a face-down stock goes nowhere but the waste; "draw it first" only
        where the draw is legal now, else why it is not (review 46)."""
        why = self.draw_reason(state)
        if why is None:
            return "the stock is face down: draw its top card to the waste first (S-W)"
        return f"the stock is face down: its cards go only to the waste, by S-W, and {why}"

    def waste_only_from_stock(self, state: GameState) -> str:
        """Why a card goes to the waste from no pile but the stock; "(S-W)" only where the
        draw is legal now, else why it is not (as ``face_down_stock``)."""
        why = self.draw_reason(state)
        if why is None:
            return "only the stock's top card goes to the waste (S-W)"
        return f"only the stock's top card goes to the waste, by S-W, and {why}"

    # ----------------------------------------------------------------- words and views
    def pile_list(self) -> str:
        """Pile names grouped, e.g. 'F1-F4, R, T1-T4, S, W'."""
        groups: list[list[str]] = []
        for name in self.pile_names:
            if groups and groups[-1][0][0] == name[0] and len(name) > 1:
                groups[-1].append(name)
            else:
                groups.append([name])
        return ", ".join(g[0] if len(g) == 1 else f"{g[0]}-{g[-1]}" for g in groups)

    def label(self, pile: int) -> str:
        """The pile in words: 'foundation 1 (clubs)', 'reserve 3', 'stock'."""
        name = self.pile_names[pile]
        kind = self.kinds[pile]
        if len(name) == 1:
            return kind
        label = f"{kind} {name[1:]}"
        if kind == "foundation" and self.suit_foundations:
            label += f" ({SUIT_WORDS[pile % 4]})"
        return label

    def face_down(self, state: GameState, pile: int) -> int:
        """How many cards at the bottom of a pile are face down."""
        size = len(state.piles[pile])
        if pile == self.stock:
            return max(size - 1, 0) if self.stock_face_up_top else size
        if pile == self.reserve and self.reserve_face_up_top_only:
            return max(size - 1, 0)
        return 0

    def describe(self, state: GameState, move: Move) -> str:
        """A legal move in words, from the position before it, with its automatic consequences
        (see ``consequence``). It names only cards a player sees before the move: the stock's
        face-down top card is "the top stock card"."""
        if move == DRAW:
            return "draw the top stock card onto the waste"
        if move == REDEAL:
            return (
                "turn the waste over into a new stock "
                f"(redeal {state.redeals + 1} of {self.redeals_allowed})"
            )
        if move == DEAL:
            return "deal one card from the stock onto each reserve pile"
        src, dst = self.index[move.src], self.index[move.dst]
        words = f"{state.piles[src][-1]} from {self.label(src)} to {self.label(dst)}"
        after = self.consequence(state, src)
        return f"{words}; {after}" if after else words

    def consequence(self, state: GameState, src: int) -> str:
        """What the rules do at once when the top card leaves pile ``src`` (a refill, a fill
        from the reserve), in words that name only face-up cards; ``""`` when nothing."""
        return ""

    def redeals_left(self, state: GameState) -> int:
        return self.redeals_allowed - state.redeals
