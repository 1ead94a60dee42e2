"""``DealFromLink``: the play notebook's table, dealt from the code in the page's link.

The page's messages are handed to the widget as the kernel would hand them
(``_handle_custom_msg``); the browser side is tested in chromium (tests/browser/test_site.py)
and in node (tests/js/from_link.test.mjs)."""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_widgets.dealcode import DealCodeError
from solitaire_widgets.widget import DealFromLink, GameWidget
from solitaire_widgets.widget.from_link import NO_DEAL, WAITING


def send(play: DealFromLink, content: Any) -> None:
    play._line._handle_custom_msg(content, [])


def test_the_links_code_deals_a_live_table_of_its_game() -> None:
    play = DealFromLink()
    assert (play.words, play.table, repr(play)) == (WAITING, None, "DealFromLink(no deal yet)")
    send(play, {"type": "link", "code": " fly-1k "})
    table = play.table
    assert isinstance(table, GameWidget)
    assert (table.game.variant, table.game.seed, table.game.history) == ("fly", 1, [])
    assert play.children == (play._line, table)
    assert play.words.startswith("FLY-1K: Fly, deal 1.")
    assert play._line.asking is False
    assert repr(play) == "DealFromLink(FLY-1K)"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("ACME-7X", "'ACME-7X': the check letter does not match"),
        ("ACME-17L", "'ACME-17L': the check letter does not match"),
        ("ACNE-7L", "no game is called 'ACNE'"),
        ("ACME-7", "'ACME-7' has no check letter"),
        ("x" * 100_000, "not a deal code: 'xxxxxxxxxxxxx...xxxxxxxxxxxxxx'"),
    ],
)
def test_a_code_with_a_slip_is_refused_in_the_codes_own_words(code: str, said: str) -> None:
    play = DealFromLink()
    send(play, {"type": "link", "code": code})
    assert play.table is None and play.children == (play._line,)
    assert play.words.startswith("The deal code in this page's link is refused: ")
    assert said in play.words and len(play.words) < 300
    assert play._line.asking is True  # the box to type the code
    with pytest.raises(DealCodeError):
        play.deal(code)


def test_no_code_in_the_link_asks_for_one_and_the_box_deals_it() -> None:
    play = DealFromLink()
    send(play, {"type": "link", "code": None})
    assert (play.words, play._line.asking, play.table) == (NO_DEAL, True, None)
    send(play, {"type": "code", "code": ""})
    assert play.words.startswith("The box is empty.")
    send(play, {"type": "code", "code": "acme-7x"})
    assert play.words.startswith("The code you typed is refused: 'acme-7x': the check letter")
    send(play, {"type": "code", "code": "acme-7l"})
    assert play.table is not None and play.table.game.code == "ACME-7L"


def test_only_the_first_deal_counts() -> None:
    """A view drawn again sends the link again; a later code never replaces the table (its
    games would be lost): the table's own New deal box deals again."""
    play = DealFromLink()
    send(play, {"type": "link", "code": "ACME-7L"})
    table, words = play.table, play.words
    assert table is not None
    table.game.play(str(table.game.legal_moves()[0]))
    for content in ({"type": "link", "code": "FLY-1K"}, {"type": "code", "code": "ACME-8S"}):
        send(play, content)
    assert (play.table, play.words, len(table.game.history)) == (table, words, 1)
    with pytest.raises(ValueError, match="already plays ACME-7L: use its New deal box"):
        play.deal("FLY-1K")


@pytest.mark.parametrize(
    "content",
    [None, [], "ACME-7L", {"type": "play", "code": "ACME-7L"}, {"type": "link", "code": 7}],
)
def test_a_message_it_does_not_read_is_said_and_changes_nothing(content: Any) -> None:
    play = DealFromLink()
    send(play, content)
    assert play.table is None
    assert play.words.startswith("the page sent a message this notebook does not read")


def test_the_browser_cannot_write_the_line() -> None:
    play = DealFromLink()
    play._line.set_state({"words": "<b>you won</b>", "asking": True})
    assert (play.words, play._line.asking) == (WAITING, False)


def test_saving_before_a_deal_says_why_not(tmp_path: Any) -> None:
    play = DealFromLink()
    with pytest.raises(ValueError, match="no deal yet"):
        play.save_games(tmp_path / "games.json", player="Ada")
