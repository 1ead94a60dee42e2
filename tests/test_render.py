"""The plain text and HTML pictures of a game, shown in a notebook without any widget."""

from __future__ import annotations

from solitaire_widgets import Game


def test_text_table_shows_status_and_piles() -> None:
    game = Game("acme", seed=1)
    text = repr(game)
    assert text.splitlines()[0] == (
        "Acme, deal 1: playing, 0 moves, 4/52 cards home, 1 of 1 redeals left"
    )
    assert "R   [12 down] 9♠" in text
    assert "S [31 down]" in text


def test_html_escapes_and_hides_face_down_cards() -> None:
    game = Game("fly", seed=2)
    html = game._repr_html_()
    assert html.startswith('<div class="solitaire-widgets-text">')
    hidden = game.pile("S")[:-1]
    shown = game.pile("S")[-1]
    assert str(shown) in html
    assert "[82 down]" in html
    assert "<script" not in html
    # a hidden card may coincide with a shown one in Fly (two decks); check a Quadrennial game
    quad = Game("quadrennial", seed=2)
    q_html = quad._repr_html_()
    visible = {str(c) for i in range(1, 9) for c in quad.pile(f"R{i}")}
    assert all(str(c) not in q_html for c in quad.pile("S") if str(c) not in visible)
    assert hidden


def test_history_in_words() -> None:
    game = Game("quadrennial", seed=2)
    game.play("S-W")
    assert game.history_words() == ["draw the top stock card onto the waste"]
