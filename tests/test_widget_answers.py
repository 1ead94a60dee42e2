"""GameWidget, Python side: every message is answered, every useless click says why, hostile
sizes are refused before they are read, and the display carries a static table."""

from __future__ import annotations

import random
from typing import Any

import pytest
from wording import wording_faults

from solitaire_widgets import Game
from solitaire_widgets.solver import solve
from solitaire_widgets.widget import GameWidget, ReplayWidget
from solitaire_widgets.widget.protocol import MAX_DEPTH, MAX_MESSAGE_CHARS


def answered(widget: GameWidget) -> list[Any]:
    """Capture the custom messages the widget sends to the browser."""
    sent: list[Any] = []
    widget.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    return sent


def send(widget: GameWidget, content: object) -> None:
    widget._handle_custom_msg(content, [])


def nested(depth: int) -> object:
    value: object = "S-W"
    for _ in range(depth):
        value = [value]
    return value


def test_every_message_is_answered_with_its_seq_and_error() -> None:
    widget = GameWidget(Game("acme", seed=7))
    sent = answered(widget)
    send(widget, {"type": "move", "move": "S-W", "seq": 1})
    send(widget, {"type": "move", "move": "F1-F2", "seq": 2})
    send(widget, {"type": "control", "action": "undo"})
    send(widget, "junk")
    assert sent == [
        {"type": "answer", "seq": 1, "error": ""},
        {"type": "answer", "seq": 2, "error": widget.game.why_not("F1-F2")},
        {"type": "answer", "seq": None, "error": ""},
        {"type": "answer", "seq": None, "error": "a message must be an object, not text"},
    ]
    send(widget, {"type": "move", "move": "S-W", "seq": -4})
    assert "seq" in sent[-1]["error"] and widget.game.history == []


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ({}, "a message needs a type: move, pick, control or replay"),
        ({"type": None}, "unknown message type None; the types are move, pick, control or replay"),
        ({"type": "control", "action": "new", "seed": -1}, "a whole number, 0 or more"),
        ({"type": "control", "action": "new", "seed": 2**60}, "deal numbers stop at 2^53 - 1"),
        ({"type": "pick", "pile": "Q7"}, "there is no pile Q7"),
        ({"type": "pick", "pile": ["T1"]}, "a pick names a pile such as T1, not a list"),
    ],
)
def test_refusals_are_worded_for_people(content: object, words: str) -> None:
    widget = GameWidget(Game("acme", seed=7))
    send(widget, content)
    assert words in widget.error
    assert str(2**53 - 1) not in widget.error  # no 16-digit number for a student to read


@pytest.mark.parametrize(
    "content",
    [
        {"type": "move", "move": "S-W" * 400_000},  # 1.2 MB of text
        {"type": "move", "move": list(range(100_000))},
        {"type": "control", "action": "new", "seed": {str(i): i for i in range(20_000)}},
        {"type": "move", "move": nested(100_000)},  # would overflow any recursive reader
        {"type": "move", "move": nested(MAX_DEPTH)},
    ],
    ids=["1MB-string", "long-list", "wide-object", "100000-deep", "just-too-deep"],
)
def test_hostile_sizes_are_refused_unread(content: object) -> None:
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    sent = answered(widget)
    send(widget, content)
    assert widget.error.endswith("nothing was done"), widget.error
    assert ("too large" in widget.error) or (f"more than {MAX_DEPTH} levels" in widget.error)
    assert game.history == [] and sent[-1]["error"] == widget.error


def test_a_message_just_under_the_limits_is_read() -> None:
    widget = GameWidget(Game("acme", seed=7))
    send(widget, {"type": "move", "move": "x" * (MAX_MESSAGE_CHARS - 100)})
    assert widget.error.startswith("not a move: 'xxx")  # read, then refused as a move
    send(widget, {"type": "move", "move": nested(MAX_DEPTH - 1)})
    assert widget.error == "a move must be text such as R3-F1, not a list"


def test_a_huge_trait_write_is_refused_and_corrected() -> None:
    widget = GameWidget(Game("acme", seed=2))
    resent: list[object] = []
    widget.send_state = lambda key=None: resent.append(key)  # type: ignore[method-assign]
    widget.set_state({"four_colour": nested(10_000)})
    assert "nested too deep" in widget.error and widget.four_colour is False
    assert None in resent  # the whole state, sent again


# -- clicks that do nothing say why --------------------------------------------------------


def test_a_pick_on_a_pile_without_a_card_says_why() -> None:
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    send(widget, {"type": "pick", "pile": "F1"})
    assert widget.error == "cards never leave a foundation (F1)"
    send(widget, {"type": "pick", "pile": "W"})
    assert widget.error == "W is empty: there is no card to pick up"
    send(widget, {"type": "pick", "pile": "S"})
    assert widget.error == "S's cards are face down: none can be picked up"


def won_game(variant: str) -> Game:
    """A game played to a win along the solver's line."""
    game = Game(variant, seed=1, winnable=True)
    for move in solve(game).moves:
        game.play(move)
    assert game.status == "won"
    return game


def finished(variant: str, status: str) -> Game:
    """A game played at random until it ends with ``status``."""
    for seed in range(300):
        game = Game(variant, seed=seed)
        rng = random.Random(seed)
        while game.status == "playing":
            game.autoplay()
            if game.status == "playing":
                game.play(rng.choice(game.legal_moves()))
        if game.status == status:
            return game
    raise AssertionError(f"no {status} {variant} game found")


def test_clicks_on_a_finished_game_say_it_is_over() -> None:
    lost = GameWidget(finished("acme", "lost"))
    send(lost, {"type": "pick", "pile": "F1"})
    assert lost.error.startswith("the game is over: no legal move is left")
    send(lost, {"type": "control", "action": "hint"})
    assert lost.error == "no legal move is left: the game is lost"
    won = GameWidget(won_game("quadrennial"))
    send(won, {"type": "pick", "pile": "R1"})
    assert won.error == "the game is over: it is won, every card is home"
    send(won, {"type": "control", "action": "hint"})
    assert won.error == "the game is won: there is nothing left to hint"
    send(won, {"type": "control", "action": "solve"})
    assert won.error == "the game is won already"


def test_clicks_during_a_replay_say_why() -> None:
    game = Game("acme", seed=3)
    game.play("S-W")
    widget = ReplayWidget(game)
    for content in (
        {"type": "pick", "pile": "T1"},
        {"type": "move", "move": "W-T1"},
        {"type": "control", "action": "undo"},
        {"type": "control", "action": "new"},
    ):
        send(widget, content)
        assert widget.error == "a replay is shown: press Exit to go back to the game"
    send(widget, {"type": "control", "action": "refresh"})
    assert widget.error == ""


def test_controls_shown_as_unavailable_say_why() -> None:
    widget = GameWidget(Game("acme", seed=3))
    expected = {
        "undo": "nothing to undo: no move has been played",
        "redo": "nothing to redo: no move has been taken back",
        "back": "there is no earlier game to go back to: New deal keeps one",
    }
    for action, words in expected.items():
        send(widget, {"type": "control", "action": action})
        assert widget.error == words
    send(widget, {"type": "replay", "action": "start"})
    assert widget.error == "nothing to review yet: no move has been played"


# -- wording ---------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["quadrennial", "acquaintance", "acme", "fly"])
def test_no_message_has_doubled_brackets_or_a_repeated_word(variant: str) -> None:
    """Random clicks, good and bad, on random games: every message and error line reads well."""
    texts: set[str] = set()
    for seed in range(8):
        game = Game(variant, seed=seed)
        widget = GameWidget(game, solve_seconds=1, solve_nodes=300)
        rng = random.Random(seed)
        names = list(game.view()["piles"])
        for _ in range(150):
            roll = rng.random()
            if roll < 0.6 and game.legal_moves():
                notation = str(rng.choice(game.legal_moves()))
                content: dict[str, Any] = {"type": "move", "move": notation}
            elif roll < 0.75:
                content = {"type": "move", "move": f"{rng.choice(names)}-{rng.choice(names)}"}
            elif roll < 0.85:
                content = {"type": "pick", "pile": rng.choice(names)}
            else:
                action = rng.choice(["undo", "redo", "hint", "auto", "redeal", "restart", "back"])
                content = {"type": "control", "action": action}
            send(widget, content)
            texts |= {widget.message, widget.error}
        send(widget, {"type": "control", "action": "solve"})
        assert widget._wait_for_background(30)
        texts |= {widget.message, widget.error, widget.solving.get("message", "")}
        send(widget, {"type": "replay", "action": "start"})
        for _ in range(5):
            send(widget, {"type": "replay", "action": "next"})
            texts |= {widget.message, widget.error}
    faults = [fault for text in texts for fault in wording_faults(text)]
    assert not faults, faults
    assert len(texts) > 30


# -- outside a live kernel ----------------------------------------------------------------


def test_the_display_carries_a_static_table() -> None:
    game = Game("fly", seed=2)
    game.play(game.legal_moves()[0])
    shown = GameWidget(game)._repr_mimebundle_()
    assert shown is not None
    bundle, _ = shown
    assert "application/vnd.jupyter.widget-view+json" in bundle
    html = bundle["text/html"]
    assert html.endswith(game._repr_html_()) and html.startswith('<p class="sw-static-note">')
    assert str(game.pile("S")[-1]) in html and "<script" not in html


def test_a_replay_shows_its_step_statically() -> None:
    game = Game("acme", seed=3)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    shown = ReplayWidget(game)._repr_mimebundle_()
    assert shown is not None
    assert shown[0]["text/html"].endswith(Game("acme", seed=3)._repr_html_())  # step 0: the deal
