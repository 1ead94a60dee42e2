"""The table and deal codes (issue 24, point 1): the New deal box takes a code, a code of
another game or with a slip is refused in words and changes nothing, and the status line
shows the code to say out loud."""

from __future__ import annotations

import pytest

from solitaire_widgets import Game
from solitaire_widgets.cards import shuffled_deck
from solitaire_widgets.variants.knobs import Knobs
from solitaire_widgets.widget import GameWidget


def send(widget: GameWidget, content: object) -> None:
    """Deliver one custom message as the browser would."""
    widget._handle_custom_msg(content, [])


def new_deal(widget: GameWidget, **extra: object) -> None:
    send(widget, {"type": "control", "action": "new", **extra})


def test_the_box_takes_a_code_any_case_and_back_still_works() -> None:
    game = Game("acme", seed=1)
    widget = GameWidget(game)
    new_deal(widget, code=" acme-7l ")
    assert widget.error == "" and game.seed == 7
    assert widget.view == Game("acme", seed=7).view()
    assert widget.message == "new deal: ACME-7L (Back to deal 1 brings the last game back)"
    assert "code ACME-7L" in widget.lines["status"]
    send(widget, {"type": "control", "action": "back"})
    assert game.seed == 1 and "code ACME-1" in widget.lines["status"]


def test_a_knob_variant_table_takes_its_own_codes() -> None:
    name = Knobs("quadrennial", redeals=0).register()
    game = Game(name, seed=3)
    widget = GameWidget(game)
    code = Game(name, seed=12).code
    assert code is not None and code.startswith("QUADRENNIAL-REDEALS0-12")
    assert f"code {Game(name, seed=3).code}" in widget.lines["status"]
    new_deal(widget, code=code)
    assert widget.error == "" and (game.variant, game.seed) == (name, 12)
    new_deal(widget, code=Game("quadrennial", seed=12).code)  # the plain game's code
    assert "this table plays Quadrennial" in widget.error and game.seed == 12


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("ACME-7K", "the check letter does not match"),
        ("ACME-7", "no check letter"),
        ("FLY-1K", "FLY-1K is a deal of Fly; this table plays Acme"),
        ("CHESS-1A", "no game is called 'CHESS'"),
        ("", "a deal code is short text"),
        (7, "a deal code is short text"),
        ("A" * 81, "a deal code is short text"),
    ],
)
def test_a_bad_code_is_refused_in_words_and_changes_nothing(code: object, words: str) -> None:
    game = Game("acme", seed=1)
    game.play("S-W")
    widget = GameWidget(game)
    before = widget.view
    new_deal(widget, code=code)
    assert words in widget.error
    assert widget.view == before and game.history == ["S-W"] and widget.back == {}


def test_a_code_goes_with_new_alone() -> None:
    widget = GameWidget(Game("acme", seed=1))
    new_deal(widget, code="ACME-7L", seed=7)
    assert "without a deal number" in widget.error
    send(widget, {"type": "control", "action": "undo", "code": "ACME-7L"})
    assert "only goes with new" in widget.error


def test_winnable_only_does_not_apply_to_a_code() -> None:
    game = Game("acme", seed=1)
    widget = GameWidget(game)
    new_deal(widget, code="ACME-7L", winnable=True)
    assert widget.error == "" and game.seed == 7
    assert '"winnable only" does not apply' in widget.message


def test_an_own_deck_has_no_code_on_the_status_line() -> None:
    game = Game("acme", deck=[card.code for card in shuffled_deck(2, 1)])
    widget = GameWidget(game)
    assert "own deck" in widget.lines["status"] and "code" not in widget.lines["status"]
