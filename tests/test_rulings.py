"""One test per ruling of RULES.md, each quoting the ruling it checks."""

from __future__ import annotations

import random

import pytest
from positions import codes, deck_starting_with, state_of

from solitaire_widgets import DEAL, DRAW, REDEAL, Game, IllegalMoveError, Move, parse_card
from solitaire_widgets.variants import VARIANTS, game_names
from solitaire_widgets.variants.knobs import variant_of

QUAD, ACQ, ACME, FLY = (VARIANTS[n] for n in ("quadrennial", "acquaintance", "acme", "fly"))


def refused(game: Game, move: str, *words: str) -> str:
    """Assert ``move`` is refused, the game unchanged, and the reason holds ``words``."""
    state, history = game.state, game.history
    with pytest.raises(IllegalMoveError) as error:
        game.play(move)
    assert game.state is state and game.history == history
    for word in words:
        assert word in str(error.value), (word, str(error.value))
    return str(error.value)


# ---------------------------------------------------------------------------------- cards
def test_card_parsing() -> None:
    """'Parsing is case-insensitive and also accepts 10 for ten and the suit symbols ♣ ♦ ♥ ♠;
    display uses 10♥.'"""
    assert parse_card("th") == parse_card("TH") == parse_card("10h") == parse_card("10♥")
    assert parse_card("a♠").code == "AS"
    assert str(parse_card("TH")) == "10♥"
    with pytest.raises(ValueError, match="not a card"):
        parse_card("1H")


def test_fly_copies_share_a_code() -> None:
    """'Fly uses two decks: the two copies of a card have the same code.'"""
    deck = deck_starting_with("", decks=2)
    assert len(deck) == 104 and deck.count("7H") == 2
    game = Game("fly", deck=deck)
    assert game.pile("F1")[0].code == game.pile("F5")[0].code == "AC"


# ---------------------------------------------------------------------------------- piles
def test_suit_and_rank_foundations() -> None:
    """'Quadrennial and Acme foundations build up by suit ... Acquaintance and Fly foundations
    build up by rank, suit ignored.'"""
    acme = state_of("acme", F1="AC", F2="AD", F3="AH", F4="AS", T1="2H", T2="2D")
    assert ACME.why_not(acme, Move("T1", "F3")) is None
    assert "F1 builds clubs and needs 2♣ next" in str(ACME.why_not(acme, Move("T1", "F1")))
    acq = state_of("acquaintance", F1="AC", F2="AD", F3="AH", F4="AS", R1="2H", R2="3C")
    assert ACQ.why_not(acq, Move("R1", "F1")) is None
    assert "needs a 2 next" in str(ACQ.why_not(acq, Move("R2", "F1")))


def test_foundations_end_at_king() -> None:
    """'Every foundation ends at King.'"""
    full = " ".join(f"{r}S" for r in "A23456789TJQK")
    fly = state_of("fly", F1=full.replace("S", "C"), T1="AH")
    assert "complete" in str(FLY.why_not(fly, Move("T1", "F1")))


def test_cards_never_leave_a_foundation() -> None:
    """'Cards never leave a foundation.'"""
    game = Game("acme", seed=3)
    refused(game, "F1-T1", "never leave a foundation")


def test_only_the_top_card_moves() -> None:
    """'Only the top card of a pile may move, one card at a time.'"""
    state = state_of("acme", F1="AC", F2="AD", F3="AH", F4="AS", T1="2C 9D", R="5S")
    assert ACME.why_not(state, Move("T1", "F1")) is not None  # 2♣ lies under 9♦


def test_next_reserve_card_turns_face_up() -> None:
    """'When the top card of a pile with face-down cards leaves, the next card turns face up.'"""
    game = Game("acme", seed=1)
    reserve = game.pile("R")
    assert game.view()["piles"]["R"] == {**game.view()["piles"]["R"], "down": 12}
    state = state_of("acme", F1="AC", F2="AD", F3="AH", F4="AS", R="7H 2C", T1="KS")
    after = ACME.apply(state, Move("R", "F1"))
    assert ACME.face_down(after, ACME.reserve) == 0 and codes(after, "R") == "7H"
    assert len(reserve) == 13


# ---------------------------------------------------------------------------------- moves
def test_x_to_f_means_leftmost_accepting_foundation() -> None:
    """'X-F (no number) means the leftmost foundation that accepts the card.'"""
    game = Game("fly", deck=deck_starting_with("3H 4H 5H 6H 7H 8H 9H TH JH QH KH 2S 2H", 2))
    assert game.pile("R")[-1].code == "2H"
    assert str(game.play("R-F")) == "R-F1"
    assert str(game.play("R-F")) == "R-F2"  # 2♠: F1 now needs a 3, F2 is the leftmost taker


def test_x_to_f_with_no_taker_names_the_need() -> None:
    """'X-F (no number) means the leftmost foundation that accepts the card.' - and when none
    does, the reason says what the foundations need."""
    game = Game("fly", seed=1)
    top = game.pile("R")[-1]
    if top.rank != 2:
        refused(game, "R-F", "no foundation takes", "need 2")


def test_draw_is_s_to_w() -> None:
    """'S-W (also accepted: draw): turn the top stock card face up onto the waste.'"""
    game = Game("quadrennial", seed=2)
    top = game.pile("S")[-1]
    assert game.play("draw") == DRAW
    assert game.pile("W") == (top,) and game.history == ["S-W"]


def test_deal_one_card_each_r1_first_until_the_stock_runs_out() -> None:
    """'deal (Acquaintance): one card from the stock face up onto each reserve pile, R1 first;
    if the stock runs out during a deal, the remaining piles get nothing.'"""
    state = state_of("acquaintance", F1="AC", F2="AD", F3="AH", F4="AS", R1="KS", S="5C 9D")
    after = ACQ.apply(state, DEAL)
    assert [codes(after, f"R{i}") for i in range(1, 5)] == ["KS 9D", "5C", "", ""]
    assert codes(after, "S") == ""


def test_undo_takes_back_a_move_with_its_consequences() -> None:
    """'A move includes its automatic consequences ...; undo takes back the move and its
    consequences together.'"""
    game = Game("quadrennial", deck=deck_starting_with("AC 5D 6D 7D 8D 9D TD JD 2C"))
    before = game.state
    game.play("R1-F1")
    assert [c.code for c in game.pile("R1")] == ["2C"]  # refilled by the same move
    game.undo()
    assert game.state == before


def test_illegal_move_names_the_rule_and_changes_nothing() -> None:
    """'An illegal move is refused with an error that names the rule it breaks; the state is
    unchanged.'"""
    game = Game("quadrennial", deck=deck_starting_with("7H"))
    refused(game, "R1-F3", "7♥ cannot go on F3", "F3 builds hearts and needs A♥ next")


# ---------------------------------------------------------------------------------- deals
def test_deal_number_uses_a_fresh_random_instance() -> None:
    """'Deal number N: the list in canonical order, shuffled by random.Random(N).shuffle(cards)
    (a fresh Random instance, never the global generator).'"""
    random.seed(99)
    expected_global = random.random()
    random.seed(99)
    game = Game("quadrennial", seed=42)
    assert random.random() == expected_global  # the global generator was not used
    cards = [f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK"]
    random.Random(42).shuffle(cards)
    assert [game.pile(f"R{i}")[0].code for i in range(1, 9)] == cards[:8]


def test_explicit_deck_replaces_the_shuffle() -> None:
    """'An explicit deck (all 52 or 104 codes, each exactly once or twice) may replace the
    shuffle.'"""
    deck = deck_starting_with("KS QS JS TS")
    game = Game("acme", deck=deck)
    assert [game.pile(f"T{i}")[0].code for i in range(1, 5)] == ["KS", "QS", "JS", "TS"]
    assert game.seed is None and game.deck == tuple(deck)
    assert Game.from_json(game.to_json()).state == game.state


def test_a_game_without_a_number_picks_and_records_one() -> None:
    """'A game started without a number picks one and records it, so every game can be
    replayed.'"""
    game = Game("fly")
    assert isinstance(game.seed, int)
    assert Game("fly", seed=game.seed).state == game.state


def test_dealing_a_pile_puts_each_card_on_top() -> None:
    """'Dealing a pile one card at a time puts each card on top of the ones before it.' (Acme's
    reserve: the 13th card is on top.)"""
    deck = deck_starting_with("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2D 3D 4D 5D 6D 7D")
    game = Game("acme", deck=deck)
    reserve = [c.code for c in game.pile("R")]
    assert reserve[0] == "6C" and reserve[-1] == "6D"
    assert game.pile("S")[-1].code == "7D"


def test_quadrennial_deal() -> None:
    """'Quadrennial: R1..R8 get the first eight cards; the remaining 44 form the stock, the
    ninth card of the deck on top (drawn first).'"""
    deck = deck_starting_with("KC QC JC TC 9C 8C 7C 6C 5H")
    game = Game("quadrennial", deck=deck)
    assert [game.pile(f"R{i}")[0].code for i in range(1, 9)] == deck[:8]
    assert len(game.pile("S")) == 44 and game.pile("S")[-1].code == "5H"


def test_acquaintance_deal() -> None:
    """'Acquaintance: the four aces go to F1..F4 in suit order wherever they lie in the deck;
    the other 48 keep their order: R1..R4 get the first four, the remaining 44 form the stock.'"""
    deck = deck_starting_with("AS 9H AD 8H AC AH 7H 6H 5H")
    game = Game("acquaintance", deck=deck)
    assert [game.pile(f"F{i}")[0].code for i in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    assert [game.pile(f"R{i}")[0].code for i in range(1, 5)] == ["9H", "8H", "7H", "6H"]
    assert game.pile("S")[-1].code == "5H" and len(game.pile("S")) == 44


def test_acme_deal() -> None:
    """'Acme: ... T1..T4 get the first four, the next 13 form the reserve (the 13th on top, face
    up, the rest face down), the remaining 31 form the stock (the next card on top). The waste
    starts empty.'"""
    game = Game("acme", seed=5)
    view = game.view()["piles"]
    assert view["R"]["down"] == 12 and len(view["R"]["cards"]) == 1
    assert view["S"]["down"] == 31 and view["S"]["cards"] == [] and view["W"]["cards"] == []


def test_fly_deal() -> None:
    """'Fly: the eight aces to F1..F8 (♣ ♦ ♥ ♠ ♣ ♦ ♥ ♠); of the other 96: the first 13 form the
    reserve (the 13th on top, face up), the remaining 83 form the stock.'"""
    game = Game("fly", seed=5)
    assert [game.pile(f"F{i}")[0].code for i in range(1, 9)] == ["AC", "AD", "AH", "AS"] * 2
    assert len(game.pile("R")) == 13 and len(game.pile("S")) == 83
    assert all(not game.pile(f"T{i}") for i in range(1, 6))


# ---------------------------------------------------------------------------------- Quadrennial
def test_quadrennial_draw_whenever_the_stock_has_cards() -> None:
    """Quadrennial: 'S-W is allowed whenever the stock has cards, not only when nothing else can
    be played.'"""
    game = Game("quadrennial", deck=deck_starting_with("AC AD AH AS"))
    assert "R1-F1" in [str(m) for m in game.legal_moves()]
    game.play("S-W")


def test_quadrennial_refill_at_once_and_empty_stays_empty() -> None:
    """Quadrennial: 'A reserve card played to a foundation is replaced at once by the top stock
    card, as part of the same move. A pile emptied while the stock is empty stays empty.'"""
    state = state_of("quadrennial", F1="AC", R1="2C", R2="3C", S="9D")
    after = QUAD.apply(state, Move("R1", "F1"))
    assert codes(after, "R1") == "9D" and codes(after, "S") == ""
    after = QUAD.apply(after, Move("R2", "F1"))
    assert codes(after, "R2") == ""
    with_waste = after._replace(piles=(*after.piles[:-1], (parse_card("KD"),)))
    assert "nothing is ever placed" in str(QUAD.why_not(with_waste, Move("W", "R2")))


def test_quadrennial_redeal() -> None:
    """Quadrennial: 'redeal: allowed when the stock is empty, the waste is not, and fewer than
    two redeals were used. The waste is turned over: the card drawn first in the last pass
    becomes the stock's top.'"""
    state = state_of("quadrennial", R1="KS", S="", W="5H 6H 7H")
    assert QUAD.why_not(state, REDEAL) is None
    after = QUAD.apply(state, REDEAL)
    assert codes(after, "S") == "7H 6H 5H" and after.piles[QUAD.stock][-1].code == "5H"
    assert "two" in str(QUAD.why_not(state._replace(redeals=2), REDEAL))
    assert "keep drawing" in str(QUAD.why_not(after, REDEAL))
    assert "waste is empty" in str(QUAD.why_not(state_of("quadrennial", R1="KS"), REDEAL))


def test_quadrennial_waste_and_reserve_only_to_foundations() -> None:
    """Quadrennial: 'Waste and reserve cards go only to foundations. Nothing is ever placed on a
    reserve pile.'"""
    state = state_of("quadrennial", R1="KS", R2="", W="5H", S="2C")
    assert "nothing is ever placed" in str(QUAD.why_not(state, Move("W", "R2")))
    assert "only the stock's top card goes to the waste" in str(
        QUAD.why_not(state, Move("R1", "W"))
    )


# ---------------------------------------------------------------------------------- Acquaintance
def test_acquaintance_top_card_only_to_foundations() -> None:
    """Acquaintance: 'A reserve pile is a fanned pile that grows with every deal; only its top
    card may move, and only to a foundation.'"""
    state = state_of("acquaintance", F1="AC", F2="AD", F3="AH", F4="AS", R1="2C KD", R2="3C")
    assert ACQ.why_not(state, Move("R1", "F1")) is not None
    assert "never move between reserve piles" in str(ACQ.why_not(state, Move("R2", "R1")))
    assert "R1" in ACQ.fanned


def test_acquaintance_deal_whenever_the_stock_has_cards() -> None:
    """Acquaintance: 'deal is allowed whenever the stock has cards (the text's "when no moves
    remain" is advice).'"""
    game = Game("acquaintance", deck=deck_starting_with("2C 2D 2H 2S"))
    assert len(game.legal_moves()) > 1
    game.play("deal")


def test_acquaintance_redeal_gathers_and_deals_at_once() -> None:
    """Acquaintance: 'redeal: allowed when the stock is empty and fewer than two redeals were
    used. The piles are gathered left to right into a new stock whose dealing order is R1 bottom
    to top, then R2 ..., then R3, then R4; then one deal follows at once.'"""
    state = state_of(
        "acquaintance", F1="AC", F2="AD", F3="AH", F4="AS", R1="KC QC", R2="JC", R4="TC 9C"
    )
    assert ACQ.why_not(state, REDEAL) is None
    after = ACQ.apply(state, REDEAL)
    assert [codes(after, f"R{i}") for i in range(1, 5)] == ["KC", "QC", "JC", "TC"]
    assert codes(after, "S") == "9C" and after.redeals == 1
    assert "two" in str(ACQ.why_not(state._replace(redeals=2), REDEAL))
    with_stock = state_of("acquaintance", F1="AC", R1="KC", S="5D")
    assert "stock is empty" in str(ACQ.why_not(with_stock, REDEAL))


# ---------------------------------------------------------------------------------- Acme
ACES = dict(F1="AC", F2="AD", F3="AH", F4="AS")


def test_acme_tableau_builds_down_by_suit() -> None:
    """Acme: 'Tableau builds down by suit: a card may go onto the tableau card of its suit one
    rank higher. Moves: tableau, reserve and waste tops to a foundation or a tableau pile;
    tableau to tableau.'"""
    state = state_of("acme", **ACES, R="3S", T1="9H", T2="8H", T3="8C", T4="KD", W="QD")
    assert ACME.why_not(state, Move("T2", "T1")) is None
    assert ACME.why_not(state, Move("W", "T4")) is None
    assert "builds down by suit, so 9♥ takes only 8♥" in str(ACME.why_not(state, Move("T3", "T1")))
    assert "nothing is ever placed on the reserve" in str(ACME.why_not(state, Move("W", "R")))


def test_acme_empty_tableau_filled_from_reserve_at_once() -> None:
    """Acme: 'A tableau pile that becomes empty is filled at once with the reserve's top card
    (the next reserve card turns face up), as part of the move that emptied it.'"""
    state = state_of("acme", **ACES, R="5S 6S", T1="2C", T2="9H", T3="9C", T4="KD")
    after = ACME.apply(state, Move("T1", "F1"))
    assert codes(after, "T1") == "6S" and codes(after, "R") == "5S"
    assert ACME.face_down(after, ACME.reserve) == 0


def test_acme_empty_tableau_after_the_reserve() -> None:
    """Acme: 'Once the reserve is empty, an empty tableau pile accepts any single top card of the
    waste or of another tableau pile; moving a tableau pile's only card onto an empty tableau
    pile is not a move.'"""
    state = state_of("acme", **ACES, T1="", T2="9H", T3="KC QC", T4="5D", W="7S")
    assert ACME.why_not(state, Move("W", "T1")) is None
    assert ACME.why_not(state, Move("T3", "T1")) is None
    assert "is not a move" in str(ACME.why_not(state, Move("T2", "T1")))


def test_acme_draw_and_one_redeal() -> None:
    """Acme: 'S-W whenever the stock has cards; redeal (the waste turned over as in
    Quadrennial) once.'"""
    state = state_of("acme", **ACES, T1="KC", W="5H 6H 7H")
    after = ACME.apply(state, REDEAL)
    assert codes(after, "S") == "7H 6H 5H"
    drawn = ACME.apply(after, DRAW)
    assert codes(drawn, "W") == "5H"
    assert "Acme allows one" in str(ACME.why_not(drawn._replace(piles=state.piles), REDEAL))


# ---------------------------------------------------------------------------------- Fly
def test_fly_stock_top_is_face_up_and_goes_anywhere() -> None:
    """Fly: 'The stock's top card is face up: it may be played to a foundation (S-F2) or onto
    any tableau pile, empty or not (S-T4), at any time.'"""
    game = Game("fly", seed=3)
    assert game.view()["piles"]["S"]["cards"] == [game.pile("S")[-1].code]
    legal = [str(m) for m in game.legal_moves()]
    assert {f"S-T{i}" for i in range(1, 6)} <= set(legal)
    game.play("S-T4")
    game.play("S-T4")  # onto a non-empty pile: no building rule
    assert len(game.pile("T4")) == 2


def test_fly_reserve_top_to_foundation_or_any_tableau() -> None:
    """Fly: 'The reserve's top card may go to a foundation or onto any tableau pile. Nothing goes
    onto the reserve.'"""
    game = Game("fly", seed=3)
    assert {f"R-T{i}" for i in range(1, 6)} <= {str(m) for m in game.legal_moves()}
    game.play("S-T1")
    refused(game, "T1-R", "nothing is ever placed on the reserve")


def test_fly_tableau_only_to_foundations_and_no_redeal() -> None:
    """Fly: 'Tableau cards never move except to a foundation. There is no redeal.'"""
    game = Game("fly", seed=3)
    game.play("S-T1")
    refused(game, "T1-T2", "never move except to a foundation")
    refused(game, "redeal", "no redeal")


# ---------------------------------------------------------------------------------- the end
def test_won_when_every_card_is_home() -> None:
    """'Won: every card is on a foundation.'"""
    full = {f"F{i + 1}": " ".join(f"{r}{s}" for r in "A23456789TJQK") for i, s in enumerate("CDHS")}
    state = state_of("acme", **full)
    assert ACME.outcome(state) == "won" and ACME.legal_moves(state) == []
    almost = state_of("acme", **{**full, "F4": full["F4"][:-3]}, T1="KS")
    assert ACME.outcome(almost) == "playing"
    assert ACME.outcome(ACME.apply(almost, Move("T1", "F4"))) == "won"


def test_lost_when_no_legal_move_remains() -> None:
    """'Lost: not won and no legal move remains.'"""
    stuck = state_of("quadrennial", R1="KS", redeals=2, W="5H")
    assert QUAD.legal_moves(stuck) == [] and QUAD.outcome(stuck) == "lost"
    not_yet = stuck._replace(redeals=1)
    assert QUAD.outcome(not_yet) == "playing"  # a redeal is still allowed


# ---------------------------------------------------------------------------------- visibility
@pytest.mark.parametrize("variant", game_names())  # the four games, whatever else registered
def test_view_names_face_up_cards_only(variant: str) -> None:
    """'Face down: the stock (except Fly's top stock card) and, in Acme and Fly, every reserve
    card below the top. ... a face-down pile shows as its size.'"""
    game = Game(variant, seed=8)
    view = game.view()["piles"]
    stock = game.pile("S")
    expected_up = [stock[-1].code] if variant == "fly" else []
    assert view["S"]["cards"] == expected_up and view["S"]["down"] == len(stock) - len(expected_up)
    if "R" in view:
        assert view["R"]["cards"] == [game.pile("R")[-1].code] and view["R"]["down"] == 12
    shown = {c for pile in view.values() for c in pile["cards"]}
    hidden = {c.code for c in stock[: len(stock) - len(expected_up)]}
    if variant in ("acme",):
        assert not (shown & hidden)


def test_view_says_when_redo_is_possible() -> None:
    game = Game("acme", seed=3)
    assert game.view()["can_redo"] is False
    game.play("S-W")
    game.undo()
    assert game.view()["can_redo"] is True
    game.play("S-W")
    assert game.view()["can_redo"] is False


@pytest.mark.parametrize(
    ("variant", "stock_move", "words"),
    [
        ("quadrennial", "S-W", "no redeals left: Quadrennial allows two"),
        ("acme", "S-W", "no redeals left: Acme allows one"),
        ("acquaintance", "deal", "no redeals left: Acquaintance allows two"),
        ("acme[redeals=0]", "S-W", "no redeal: these rules of Acme allow none"),
        ("quadrennial[redeals=0]", "S-W", "no redeal: these rules of Quadrennial allow none"),
        ("acquaintance[redeals=0]", "deal", "no redeal: these rules of Acquaintance allow none"),
    ],
)
def test_a_redeal_that_never_comes_is_not_waited_for(
    variant: str, stock_move: str, words: str
) -> None:
    """A redeal refused while the stock has cards says that the redeals are used up, where they
    are, not "redeal only when the stock is empty: keep drawing", which sent a player to draw
    for a redeal that never comes (the forty-second review)."""
    game = Game(variant, seed=3)
    while game.state.redeals < VARIANTS[variant].redeals_allowed:
        game.play(stock_move if game.why_not(stock_move) is None else "redeal")
    game.play(stock_move)  # the last pass, the stock not yet empty
    said = refused(game, "redeal", words)
    assert "only when the stock is empty" not in said


def test_a_stricter_redeal_refusal_does_not_send_to_a_refused_draw() -> None:
    """Under the stricter reading a draw is refused while another move plays: the redeal's
    refusal then does not say "keep drawing (S-W)" (the forty-second review)."""
    for seed in range(1, 40):
        game = Game("quadrennial[stuck]", seed=seed)
        if game.why_not("S-W") is not None:
            break
    else:
        pytest.fail("no deal of quadrennial[stuck] opens with a refused draw")
    said = refused(game, "redeal", "only when the stock is empty")
    assert "S-W" not in said
    plain = Game("quadrennial", seed=seed)
    assert "keep drawing (S-W)" in refused(plain, "redeal")


SENT_TO = {  # words of a refusal that send a player to a move, and that move
    "draw its top card to the waste first": "S-W",
    "draw from the stock with S-W": "S-W",
    "keep drawing (S-W)": "S-W",
    "deal the rest of the stock first": "deal",
    "redeal to": "redeal",
    "reserve piles with deal": "deal",
    "goes to the waste (S-W)": "S-W",
    "reserve piles only by deal": "deal",
}


@pytest.mark.parametrize(
    "variant",
    [
        *("quadrennial", "quadrennial[stuck]", "acme", "acme[stuck]"),
        *("acquaintance", "acquaintance[stuck]", "fly"),
    ],
)
def test_a_refusal_sends_a_player_only_to_a_legal_move(variant: str) -> None:
    """The forty-sixth review: under the stricter reading, "S-F1" and "deal" were answered
    "draw its top card to the waste first (S-W)" and "draw from the stock with S-W" while S-W
    was refused; with the stock empty, "deal" still said to draw, and Fly's "draw" and "deal"
    pointed to the stock's face-up top card when no stock was left. The forty-eighth: Fly's
    examples named S-F1 where no foundation took the card, and Acquaintance's S-W said "with
    deal" where a deal was refused; "R1-W" said "(S-W)" with the stock empty, and
    Acquaintance's "S-R1" "only by deal" where a deal was refused (", and" says why). Random
    games: at every position, every stock move, move from the stock and move to the waste
    refused; a move it sends to, or gives as an example, is legal."""
    names = variant_of(variant).pile_names
    asked = ["S-W", "deal", "redeal", *(f"S-{name}" for name in names if name != "S")]
    if "W" in names:
        asked += [f"{name}-W" for name in names if name not in ("S", "W")]
    sent = 0
    for seed in range(1, 9):
        game, rng = Game(variant, seed=seed), random.Random(seed)
        while True:
            legal = {str(move) for move in game.legal_moves()}
            for move in asked:
                reason = game.why_not(move)
                for words, target in SENT_TO.items():
                    said = reason is not None and words in reason
                    if said and f"{words}, and " not in str(reason):  # ", and" says why not
                        assert target in legal, (seed, game.history, move, reason)
                        sent += 1
                if reason is not None and "face-up top card goes straight" in reason:
                    examples = reason.rsplit("(", 1)[1].rstrip(")").split(", ")
                    assert set(examples) <= legal, (seed, move, reason)  # review 48
                    sent += 1
            if not legal or len(game.history) >= 300:  # random play can go round in circles
                break
            game.play(rng.choice(sorted(legal)))
    assert sent > 50


@pytest.mark.parametrize(
    ("variant", "seed", "draws", "move", "words"),
    [
        ("acme[stuck]", 3, 0, "S-F1", "its cards go only to the waste, by S-W, and under the"),
        ("acme[stuck]", 3, 0, "deal", "Acme has no deal move"),
        ("quadrennial[stuck]", 2, 0, "deal", "Quadrennial has no deal move"),
        ("quadrennial", 1, 44, "deal", "Quadrennial has no deal move"),
        ("acme", 1, 31, "deal", "Acme has no deal move"),
        ("quadrennial", 2, 0, "deal", "Quadrennial has no deal move: draw from the stock"),
    ],
)
def test_the_stock_refusals_of_the_review(
    variant: str, seed: int, draws: int, move: str, words: str
) -> None:
    """The positions the forty-sixth review named, by their words: "with S-W" only where S-W
    plays (the last case)."""
    game = Game(variant, seed=seed)
    for _ in range(draws):
        game.play("S-W")
    said = refused(game, move, words)
    assert ("S-W" in said) == (game.why_not("S-W") is None or "by S-W, and" in said)


def test_fly_with_its_stock_used_up_points_to_no_stock_card() -> None:
    """Fly's "draw" and "deal" after the stock is used up say so (the forty-sixth review)."""
    game, rng = Game("fly", seed=1), random.Random(1)
    while game.state.piles[VARIANTS["fly"].stock] and game.legal_moves():
        game.play(rng.choice(game.legal_moves()))
    assert game.status == "playing", "deal 1's random game ends before its stock is used up"
    refused(game, "draw", "Fly has no waste, and its stock is used up: there is nothing to draw")
    refused(game, "deal", "Fly has no deal move: its stock is used up")
