"""The table and deal codes (issue 24, point 1): the New deal box takes a code, a code of
another game or with a slip is refused in words and changes nothing, and the status line
shows the code to say out loud."""

from __future__ import annotations

from pathlib import Path

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
    said = "a deal of Quadrennial; this table plays Quadrennial with changed rules (redeals=0)"
    assert said in widget.error and game.seed == 12


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("ACME-7K", "the check letter does not match"),
        ("ACME-7", "no check letter"),
        ("FLY-1K", "FLY-1K is a deal of Fly; this table plays Acme"),
        (  # the thirty-fourth review: not "a deal of Acme; this table plays Acme"
            "ACME-RESERVE10-7Y",
            "ACME-RESERVE10-7Y is a deal of Acme with changed rules (reserve=10); this table "
            "plays Acme (",
        ),
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


def test_the_table_logs_its_games_and_saves_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24 point 3: hints asked at the table are counted; save_games writes the file next
    to the notebook (merging with games already there), shows the log in its output's
    metadata, and collect reads it back."""
    from solitaire_widgets.classroom import collect
    from solitaire_widgets.classroom.collect import METADATA_KEY

    monkeypatch.chdir(tmp_path)
    shown: list[tuple[object, dict[str, object]]] = []
    monkeypatch.setattr(
        "IPython.display.display",
        lambda data, raw, metadata: shown.append((data, metadata)),
    )
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    send(widget, {"type": "control", "action": "hint"})
    game.play("S-W")
    path = widget.save_games(player="Ada L")
    assert path.name == "games-ada-l.json" and path.exists()
    ((data, metadata),) = shown
    assert "saved 1 game to games-ada-l.json" in data["text/plain"]  # type: ignore[index]
    assert 'download="games-ada-l.json"' in data["text/html"]  # type: ignore[index]
    log = metadata[METADATA_KEY]
    assert log["player"] == "Ada L" and log["games"][0]["hints"] == 1  # type: ignore[index]
    other = GameWidget(Game("fly", seed=1))
    other.game.play(other.game.legal_moves()[0])
    other.save_games(player="Ada L")
    found = collect(tmp_path)
    assert sorted(g.game.code for g in found.games) == ["ACME-7L", "FLY-1K"]
    assert found.problems == ()
    (tmp_path / "games-bob.json").write_text("not a log")
    with pytest.raises(ValueError, match="not a game log"):
        widget.save_games(player="bob")
