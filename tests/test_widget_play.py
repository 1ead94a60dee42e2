"""GameWidget, Python side of the table in class (issue 22 points 6 to 9): the words it writes
for a win, a card that can go nowhere, Auto in Quadrennial, the static picture's note, and
the display preferences the browser may set."""

from __future__ import annotations

import pytest
from test_widget import control, send

from solitaire_widgets import Game
from solitaire_widgets.exercises import deck
from solitaire_widgets.hints import hints
from solitaire_widgets.solver import solve
from solitaire_widgets.variants import VARIANTS
from solitaire_widgets.widget import GameWidget


def test_a_won_game_says_so_over_the_felt() -> None:
    game = Game("acme", seed=next(s for s in range(1, 200) if solve(Game("acme", seed=s)).solved))
    line = solve(game).moves
    widget = GameWidget(game)
    for move in line[:-1]:
        game.play(move)
    assert "won" not in widget.lines
    send(widget, {"type": "move", "move": line[-1]})
    assert widget.lines["won"] == f"Won! Every card is home, in {len(line)} moves."
    assert widget.lines["status"].endswith("won!")
    control(widget, "undo")
    assert "won" not in widget.lines


def test_a_card_that_can_go_nowhere_says_so() -> None:
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    piles = widget.view["piles"]
    stuck = next(
        name
        for name, pile in piles.items()
        if pile["cards"]
        and pile["kind"] not in ("foundation", "stock")
        and not any(m.startswith(f"{name}-") for m in widget.view["legal"])
    )
    send(widget, {"type": "pick", "pile": stuck})
    assert widget.error.endswith(
        f"on {stuck} can go nowhere now: no legal move takes it (put it on a pile to see why not)"
    )
    movable = next(m.split("-")[0] for m in widget.view["legal"] if "-" in m)
    send(widget, {"type": "pick", "pile": movable})
    assert widget.error == ""  # a card that can move: nothing to say
    assert game.history == []


def test_auto_in_quadrennial_says_why_nothing_is_safe() -> None:
    widget = GameWidget(Game("quadrennial", seed=3))
    control(widget, "auto")
    assert widget.message == (
        "no safe move to a foundation: in Quadrennial Auto claims no move safe before pass 3 "
        "of 3 (the last), since a card played now can change what comes later (unless no "
        "refill can ever come: every reserve pile empty, or the stock and the waste both empty)"
    )
    acquaintance = GameWidget(Game("acquaintance", seed=2))  # the twenty-eighth review
    control(acquaintance, "auto")
    assert acquaintance.message.startswith(
        "no safe move to a foundation: in Acquaintance Auto claims no move safe before pass 2 "
        "of 3, since"
    )
    assert acquaintance.message.endswith("(but the last card home, which wins the game)")
    # the twenty-ninth review: with the stock and the waste empty no redeal can come, so
    # nothing is refilled and every card that fits is safe, before the last pass too
    kings = Game("quadrennial", deck=deck("KC KD KH KS QC QD QH QS"))
    while kings.pile("S") or kings.pile("W"):
        moves = [str(move) for move in kings.legal_moves()]
        kings.play(next((m for m in moves if m.startswith("W-F")), "S-W"))
    table = GameWidget(kings)
    control(table, "auto")
    assert kings.status == "won" and kings.state.redeals == 0
    acme = GameWidget(Game("acme", seed=7))
    control(acme, "auto")
    control(acme, "auto")
    assert acme.message == "no safe move to a foundation"


def test_the_last_card_home_is_safe_in_every_pass_and_auto_says_when_the_game_is_over() -> None:
    """Acquaintance before its second pass claims no move safe, but the last card home wins
    the game: no redeal follows, so it is safe (its hint said "Not safe yet: played now, it
    changes the cards the next redeal gathers", and Auto, before and after the win, "no move
    is safe before pass 2 of 3": the forty-second review)."""
    by_rank = [f"{rank}{suit}" for rank in "A23456789TJQK" for suit in "CDHS"]
    game = Game("acquaintance", deck=deck(" ".join(by_rank)))
    rules = VARIANTS["acquaintance"]
    while game.state.piles[rules.stock] or rules.cards_home(game.state) < 51:
        moves = [str(move) for move in game.legal_moves()]
        game.play(next((m for m in moves if "-F" in m), moves[0]))
    assert game.state.redeals == 0 and game.status == "playing"
    first = hints(game)[0]
    assert first.safe and first.reason.endswith("it is the last card, so the game is won")
    table = GameWidget(game)
    control(table, "auto")
    assert game.status == "won" and table.message.startswith("auto played 1: ")
    control(table, "auto")
    assert table.message == "nothing to play: the game is over, it is won"


def test_the_static_picture_says_when_it_was_taken() -> None:
    game = Game("acme", seed=7)
    game.play("S-W")
    bundle = GameWidget(game)._repr_mimebundle_()
    assert bundle is not None
    html = bundle[0]["text/html"]
    assert html.startswith(
        '<p class="sw-static-note"><em>The table as it was when this cell ran (deal 7, 1 move); '
        "the moves played on it later are not in this picture.</em></p>"
    )


def test_large_text_is_a_display_preference() -> None:
    widget = GameWidget(Game("acme", seed=7), large=True)
    assert widget.large is True
    widget.set_state({"large": False})
    assert widget.large is False and widget.error == ""
    widget.set_state({"large": "yes"})
    assert widget.large is False and "large must be true or false" in widget.error
    with pytest.raises(TypeError, match="large is True or False"):
        GameWidget(Game("acme", seed=7), large="yes")  # type: ignore[arg-type]
