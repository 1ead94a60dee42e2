"""GameWidget, Python side: synced state, the intent protocol, sync, hidden cards, replay.

Browser messages are simulated by calling ``widget._handle_custom_msg(content, buffers)``,
which is what ipywidgets 8 calls for an anywidget ``model.send(...)``.
"""

from __future__ import annotations

import json
import random
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widgets import Game, winnability
from solitaire_widgets.cards import shuffled_deck
from solitaire_widgets.hints import hints
from solitaire_widgets.solver import WINNABLE_NODES, solve
from solitaire_widgets.widget import GameWidget, ReplayWidget, show
from solitaire_widgets.widget.protocol import MAX_SEED

VARIANTS = ["quadrennial", "acquaintance", "acme", "fly"]
SYNCED = [
    *("view", "error", "hint", "message", "four_colour", "replay", "solving", "chances"),
    "restarted",
]
WIDGET_DIR = Path(__file__).parents[1] / "solitaire_widgets" / "widget"

# The move shapes a random game of each variant reaches (pile numbers dropped).
EXPECTED_SHAPES = {
    "quadrennial": {"R-F", "W-F", "S-W", "redeal"},
    "acquaintance": {"R-F", "deal", "redeal"},
    "acme": {"R-F", "R-T", "T-F", "T-T", "W-F", "W-T", "S-W", "redeal"},
    "fly": {"R-F", "R-T", "S-F", "S-T", "T-F"},
}


def send(widget: GameWidget, content: object) -> None:
    """Deliver one custom message as the browser would."""
    widget._handle_custom_msg(content, [])


def move(widget: GameWidget, notation: str) -> None:
    send(widget, {"type": "move", "move": notation})


def control(widget: GameWidget, action: str, **extra: Any) -> None:
    send(widget, {"type": "control", "action": action, **extra})


def shape(notation: str) -> str:
    """``"R3-F1"`` -> ``"R-F"``; word moves stay as they are."""
    return re.sub(r"[0-9]+", "", notation)


def synced_state(widget: GameWidget) -> dict[str, Any]:
    return {name: getattr(widget, name) for name in SYNCED}


def assert_in_sync(widget: GameWidget, game: Game) -> None:
    assert widget.view == game.view()
    assert json.loads(json.dumps(widget.view)) == widget.view  # JSON-ready


# -- construction and repr --------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_initial_state_is_the_game_view(variant: str) -> None:
    game = Game(variant, seed=11)
    widget = GameWidget(game)
    assert_in_sync(widget, game)
    assert (widget.error, widget.hint, widget.message, widget.replay) == ("", {}, "", {})
    assert (widget.solving, widget.chances) == ({}, [])
    assert widget.four_colour is False
    assert widget.game is game


def test_repr_is_short_and_stable() -> None:
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    assert repr(widget) == "GameWidget(acme, deal 7, 0 moves)"
    game.play("S-W")
    assert repr(widget) == "GameWidget(acme, deal 7, 1 move)"
    deck = [r + s for _ in range(2) for s in "CDHS" for r in "A23456789TJQK"]
    assert repr(GameWidget(Game("fly", deck=deck))) == "GameWidget(fly, own deck, 0 moves)"


def test_variant_name_and_seed_make_a_game() -> None:
    widget = GameWidget("quadrennial", seed=5)
    assert widget.game.variant == "quadrennial" and widget.game.seed == 5
    assert repr(show(widget.game)) == "GameWidget(quadrennial, deal 5, 0 moves)"
    with pytest.raises(TypeError):
        GameWidget(Game("acme", seed=1), seed=2)


# -- moves ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_kind_of_move_updates_the_synced_state(variant: str) -> None:
    seen: set[str] = set()
    for seed in range(6):
        game = Game(variant, seed=seed)
        widget = GameWidget(game)
        rng = random.Random(seed)
        while game.legal_moves() and len(game.history) < 400:
            notation = str(rng.choice(game.legal_moves()))
            before = len(game.history)
            move(widget, notation)
            assert widget.error == ""
            assert len(game.history) == before + 1 and game.history[-1] == notation
            assert_in_sync(widget, game)
            assert widget.view["last_move"] == notation
            assert widget.message.startswith(notation + ": ")
            seen.add(shape(notation))
        assert widget.view["status"] == game.status != "playing"
    assert EXPECTED_SHAPES[variant] <= seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_x_to_f_goes_to_a_foundation(variant: str) -> None:
    for seed in range(200):
        game = Game(variant, seed=seed)
        home = [str(m) for m in game.legal_moves() if str(m).split("-")[-1].startswith("F")]
        if home:
            break
    else:
        pytest.skip("no deal with a foundation move at the start")
    widget = GameWidget(game)
    source = home[0].split("-")[0]
    move(widget, f"{source}-F")
    assert widget.error == ""
    assert game.history[0].startswith(source + "-F") and game.history[0] in home
    assert_in_sync(widget, game)


@pytest.mark.parametrize("variant", VARIANTS)
def test_illegal_moves_get_the_engine_reason_and_change_nothing(variant: str) -> None:
    game = Game(variant, seed=4)
    widget = GameWidget(game)
    names = list(game.view()["piles"])
    legal = {str(m) for m in game.legal_moves()}
    illegal = [f"{a}-{b}" for a in names for b in names if a != b and f"{a}-{b}" not in legal]
    assert illegal
    for notation in illegal[:40]:
        before = (game.to_json(), synced_state(widget)["view"])
        reason = game.why_not(notation)
        move(widget, notation)
        assert reason and widget.error == reason
        assert (game.to_json(), widget.view) == before


def test_an_error_clears_on_the_next_good_intent() -> None:
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    move(widget, "F1-F2")
    assert widget.error
    move(widget, "S-W")
    assert widget.error == ""


# -- malformed messages -----------------------------------------------------------------

MALFORMED: list[object] = [
    None,
    7,
    "S-W",
    ["move", "S-W"],
    {},
    {"type": None},
    {"type": 3},
    {"type": "explode"},
    {"move": "S-W"},
    {"type": "move"},
    {"type": "move", "move": None},
    {"type": "move", "move": 5},
    {"type": "move", "move": ["S", "W"]},
    {"type": "move", "move": ""},
    {"type": "move", "move": "   "},
    {"type": "move", "move": "S-W" * 400},
    {"type": "move", "move": "Z9-F1"},
    {"type": "move", "move": "R3-F9"},
    {"type": "move", "move": "S-W", "seed": 1},
    {"type": "move", "move": "<img src=x onerror=alert(1)>"},
    {"type": "move", "move": "S--W"},
    {"type": "move", "move": "\u0000"},
    {"type": "move", "move": "S-W; undo"},
    {"type": "control"},
    {"type": "control", "action": "explode"},
    {"type": "control", "action": 1},
    {"type": "control", "action": "undo", "seed": 3},
    {"type": "control", "action": "new", "seed": -1},
    {"type": "control", "action": "new", "seed": 1.5},
    {"type": "control", "action": "new", "seed": "7"},
    {"type": "control", "action": "new", "seed": True},
    {"type": "control", "action": "new", "seed": MAX_SEED + 1},
    {"type": "control", "action": "new", "seed": [7]},
    {"type": "control", "action": "new", "winnable": "yes"},
    {"type": "control", "action": "new", "winnable": 1},
    {"type": "control", "action": "undo", "winnable": True},
    {"type": "replay"},
    {"type": "replay", "action": "next"},
    {"type": "replay", "action": "goto", "index": 0},
    {"type": "replay", "action": "fly"},
    {"type": "replay", "action": "next", "index": 2},
]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("content", MALFORMED, ids=[repr(c)[:30] for c in MALFORMED])
def test_malformed_messages_are_refused_without_change(variant: str, content: object) -> None:
    game = Game(variant, seed=9)
    if variant == "acme":
        game.play("S-W")  # so that "undo" would change something if it were obeyed
    widget = GameWidget(game)
    record, view = game.to_json(), game.view()
    send(widget, content)
    assert isinstance(widget.error, str) and widget.error.strip()
    assert len(widget.error) < 300
    assert game.to_json() == record and widget.view == view and widget.replay == {}


def test_unknown_pile_reason_names_the_pile() -> None:
    widget = GameWidget(Game("acme", seed=1))
    move(widget, "R7-F1")
    assert "R7" in widget.error and "no pile" in widget.error


def test_browser_cannot_rewrite_python_state() -> None:
    game = Game("acme", seed=2)
    widget = GameWidget(game)
    widget.set_state({"view": {"piles": {}}, "error": "", "four_colour": True})
    assert widget.view == game.view()
    assert widget.four_colour is True
    assert "view" in widget.error


def test_a_refused_trait_write_is_sent_back_corrected() -> None:
    widget = GameWidget(Game("acme", seed=2))
    sent: list[object] = []
    widget.send_state = lambda key=None: sent.append(key)  # type: ignore[method-assign]
    widget.set_state({"four_colour": "yes"})
    assert widget.four_colour is False
    assert widget.error == "four_colour must be true or false: it was not changed"
    assert ["four_colour"] in sent
    sent.clear()
    widget.set_state({"view": {}})
    assert ["view"] in sent and widget.error == "the table may not change view"


# -- controls ---------------------------------------------------------------------------


def test_undo_redo_restart() -> None:
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    control(widget, "undo")
    assert "nothing to undo" in widget.error
    move(widget, "S-W")
    move(widget, "S-W")
    control(widget, "undo")
    assert widget.error == "" and game.history == ["S-W"] and widget.message == "took back S-W"
    control(widget, "redo")
    assert game.history == ["S-W", "S-W"]
    assert_in_sync(widget, game)
    control(widget, "restart")
    assert game.history == [] and widget.view == {**Game("acme", seed=7).view(), "can_redo": True}
    assert widget.message == "back to the deal: Undo brings the 2 moves back"
    assert widget.restarted == {"moves": 2}
    control(widget, "redo")
    assert game.history == ["S-W"] and widget.restarted == {}
    control(widget, "restart")
    control(widget, "undo")  # Restart taken back in one step
    assert widget.error == "" and game.history == ["S-W"] and widget.restarted == {}
    assert widget.message == "took back Restart: 1 move played again"
    control(widget, "undo")  # then Undo is an ordinary undo again
    assert game.history == [] and widget.message == "took back S-W"
    control(widget, "restart")
    assert widget.message == "back to the deal" and widget.restarted == {}  # nothing taken


@pytest.mark.parametrize("variant", VARIANTS)
def test_new_deal_with_and_without_number(variant: str) -> None:
    game = Game(variant, seed=1)
    widget = GameWidget(game)
    control(widget, "new", seed=42)
    assert widget.error == "" and game.seed == 42
    assert widget.view == Game(variant, seed=42).view()
    assert widget.message == "new deal: 42 (Back to deal 1 brings the last game back)"
    control(widget, "new")
    assert isinstance(game.seed, int) and game.history == []
    assert_in_sync(widget, game)


def winnable_deal(widget: GameWidget, **seed: int) -> None:
    """New deal with "winnable only" ticked: a background job; wait for its end. In a thread
    of its own: the job deals on the event loop that was running when it started, and in the
    main thread the browser tests' Playwright leaves a loop registered as running."""
    failure: list[BaseException] = []

    def body() -> None:
        try:
            control(widget, "new", winnable=True, **seed)
            assert widget.error == "" and widget.solving["task"] == "deal"
            assert widget._wait_for_background(60)
        except BaseException as exc:
            failure.append(exc)

    thread = threading.Thread(target=body)
    thread.start()
    thread.join(120)
    assert not thread.is_alive() and not failure, failure


def test_winnable_only_deals_the_next_deal_the_solver_wins_and_says_how_hard() -> None:
    lost = next(s for s in range(1, 50) if winnability.deal("acme", s).verdict == "unwinnable")
    won = next(s for s in range(lost, 100) if winnability.deal("acme", s).verdict == "winnable")
    game = Game("acme", seed=1)
    widget = GameWidget(game)
    winnable_deal(widget, seed=lost)
    assert widget.error == "" and game.seed == won and game.history == []
    skipped = f"Deal {lost}" if won == lost + 1 else f"Deals {lost} to {won - 1}"
    assert widget.message == (
        f"new deal: {won} (Back to deal 1 brings the last game back). {skipped} skipped: the "
        f"solver did not prove {'it' if won == lost + 1 else 'them'} winnable. "
        f"{winnability.how_hard('acme', won)}"
    )
    assert widget.message.count("Winnable: the solver, which sees every card") == 1
    winnable_deal(widget, seed=won)
    assert game.seed == won and "skipped" not in widget.message
    assert widget.message.endswith(winnability.how_hard("acme", won))
    winnable_deal(widget)  # a random number: the solver decides it now
    assert isinstance(game.seed, int) and solve(game, max_nodes=100_000).solved
    control(widget, "new", seed=lost)  # unticked: the deal asked for, winnable or not
    assert game.seed == lost and "Winnable" not in widget.message


def test_winnable_only_under_changed_rules_says_how_hard_under_those_rules() -> None:
    """The forty-eighth review: on acme[redeals=3], "winnable only" proved deal 3 winnable
    and then said "No line wins this deal", plain Acme's line of the table. The table holds
    the plain games only: under other rules the deal is measured with the proof just found."""
    assert winnability.deal("acme", 3).verdict == "unwinnable"  # under Acme's own rules
    widget = GameWidget(Game("acme[redeals=3]", seed=1))
    winnable_deal(widget, seed=3)
    assert widget.game.seed == 3 and "No line wins" not in widget.message
    assert "Winnable: the solver, which sees every card, found a win" in widget.message
    assert not widget.message.endswith(" ")
    assert winnability.deal("acme[redeals=3]", 3) is None
    for ask in (winnability.rate, winnability.recheck):
        with pytest.raises(
            ValueError, match=r"holds acme under its own rules, not acme\[redeals=3\]"
        ):
            ask("acme[redeals=3]")


def test_winnable_only_stops_at_the_last_deal_number() -> None:
    """The forty-eighth review: from 2^53 - 3 the search went past the last deal number and
    failed ("a deal number stops at 2^53 - 1"), its message line still saying it looked."""
    widget = GameWidget(Game("acme", seed=1))
    winnable_deal(widget, seed=MAX_SEED - 2)
    assert widget.error == ""
    assert widget.game.seed in range(MAX_SEED - 2, MAX_SEED + 1) or widget.message == (
        f"no deal from {MAX_SEED - 2:,} to {MAX_SEED:,} was proved winnable within "
        f"{WINNABLE_NODES:,} positions each: the game was not changed"
    )


def test_solve_on_a_lost_game_says_it_is_lost_as_hint_and_chances_do() -> None:
    """The forty-eighth review: Solve on a lost position answered "unsolvable: no line wins
    from here, in 0 positions"; Hint and Chances say that no legal move is left."""
    game, rng = Game("quadrennial", seed=5), random.Random(1)
    while game.legal_moves():
        game.play(rng.choice(game.legal_moves()))
    widget = GameWidget(game)
    for action in ("solve", "hint", "chances"):
        control(widget, action)
        assert widget.error.startswith("no legal move is left"), (action, widget.error)
    control(widget, "solve")
    assert widget.error == "no legal move is left: the game is lost"
    assert widget._jobs.current is None


def test_back_brings_the_last_game_back_and_swaps() -> None:
    game = Game("acme", seed=3)
    widget = GameWidget(game)
    assert widget.back == {}
    control(widget, "back")
    assert "no earlier game" in widget.error
    for _ in range(3):
        move(widget, "S-W")
    played = game.to_json()
    control(widget, "new", seed=17)
    assert widget.back == {"seed": 3, "moves": 3}
    move(widget, "S-W")
    control(widget, "back")
    assert widget.error == "" and game.to_json() == played
    assert widget.message == "back to deal 3, 3 moves played"
    assert_in_sync(widget, game)
    assert widget.back == {"seed": 17, "moves": 1}
    control(widget, "back")
    assert game.seed == 17 and game.history == ["S-W"] and widget.back["seed"] == 3


def test_an_own_deck_game_is_not_kept() -> None:
    deck = [r + s for s in "CDHS" for r in "A23456789TJQK"]
    game = Game("acme", deck=deck)
    widget = GameWidget(game)
    control(widget, "new", seed=5)
    assert widget.back == {} and widget.message == "new deal: 5"


@pytest.mark.parametrize("variant", VARIANTS)
def test_hint_names_a_legal_move_and_its_piles(variant: str) -> None:
    game = Game(variant, seed=3)
    widget = GameWidget(game, think=False)  # the quick hint (the thinker's: test_widget_think)
    control(widget, "hint")
    hint = widget.hint
    assert hint["move"] in widget.view["legal"]
    assert hint["reason"] == hints(game)[0].reason
    assert hint["from"] in widget.view["piles"]
    assert hint["to"] in {*widget.view["piles"], ""}
    assert hint["move"] in widget.message
    move(widget, hint["move"])
    assert widget.hint == {}  # a hint belongs to one position


def test_hint_when_no_move_is_left() -> None:
    game = Game("acme", seed=0)
    rng = random.Random(0)
    while game.legal_moves():
        game.play(rng.choice(game.legal_moves()))
    widget = GameWidget(game)
    control(widget, "hint")
    assert widget.hint == {} and "no legal move" in widget.error


def test_auto_plays_safe_moves_and_reports_them() -> None:
    for seed in range(300):
        game = Game("fly", seed=seed)
        if any(str(m).split("-")[1].startswith("F") for m in game.legal_moves()):
            break
    widget = GameWidget(game)
    reported: list[str] = []
    widget.on_move(reported.append)
    control(widget, "auto")
    assert widget.error == "" and game.history and reported == game.history
    assert widget.message.startswith(f"auto played {len(game.history)}")
    control(widget, "auto")
    assert widget.message == "no safe move to a foundation"


def test_redeal_button() -> None:
    game = Game("acme", seed=5)
    widget = GameWidget(game)
    control(widget, "redeal")
    assert widget.error == game.why_not("redeal") and game.history == []
    while "S-W" in widget.view["legal"]:
        move(widget, "S-W")
    assert "redeal" in widget.view["legal"]
    control(widget, "redeal")
    assert widget.error == "" and game.history[-1] == "redeal"
    assert_in_sync(widget, game)


# -- sync with the game and between widgets ---------------------------------------------


def test_two_widgets_on_one_game_stay_in_sync() -> None:
    game = Game("quadrennial", seed=8)
    first, second = GameWidget(game), GameWidget(game)
    move(first, "S-W")
    assert first.view == second.view == game.view()
    game.play("S-W")  # a later notebook cell
    assert first.view == second.view == game.view()
    assert game.history == ["S-W", "S-W"]
    move(second, "F1-F2")
    assert second.error and first.error == ""  # errors belong to the table that erred
    control(first, "hint")
    move(second, "S-W")
    assert first.hint == {} and first.view == game.view()
    first.close()
    game.play("S-W")
    assert second.view == game.view() != first.view


def test_on_move_reports_table_moves_only() -> None:
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    reported: list[str] = []
    widget.on_move(reported.append)
    move(widget, "S-W")
    move(widget, "F1-F2")  # illegal: not reported
    game.play("S-W")  # played in code: observe "view" for that
    assert reported == ["S-W"]
    widget.on_move(reported.append, remove=True)
    move(widget, "S-W")
    assert reported == ["S-W"]


def test_observe_view_sees_every_change() -> None:
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    changes: list[object] = []
    widget.observe(changes.append, names="view")
    game.play("S-W")
    move(widget, "S-W")
    control(widget, "undo")
    assert len(changes) == 3


# -- hidden cards -----------------------------------------------------------------------
#
# Two checks. Structurally, each pile of ``view`` lists exactly the engine's face-up cards
# and only counts the face-down ones. Differentially, a game whose never-seen face-down
# cards are shuffled among themselves (same moves, same visible history) must give the
# widget exactly the same synced state: then no trait can carry a face-down identity. (A
# text scan is not enough: "F1 needs A♣ next" names a card by rule, not by position.)


def anonymous(status: str) -> str:
    """A status line without its deal ("deal 7 · code ACME-7L" or "own deck": the twin is an
    own deck)."""
    return re.sub(r"deal \d+ · code [A-Z0-9-]+|deal \d+|own deck", "deal ?", status)


def face_up_and_hidden(game: Game) -> tuple[set[str], list[str]]:
    """The face-up codes of ``game.view()`` (checked against the engine) and the face-down."""
    face_up: set[str] = set()
    hidden: list[str] = []
    for name, pile in game.view()["piles"].items():
        cards = [card.code for card in game.pile(name)]
        assert set(pile) == {"kind", "label", "down", "cards", "fan"}
        assert pile["down"] + len(pile["cards"]) == len(cards)
        assert pile["cards"] == cards[pile["down"] :]
        face_up.update(pile["cards"])
        hidden.extend(cards[: pile["down"]])
    return face_up, hidden


def deal_codes(game: Game) -> list[str]:
    """The game's deck, first card dealt first."""
    if game.deck is not None:
        return list(game.deck)
    decks = 2 if game.variant == "fly" else 1
    return [card.code for card in shuffled_deck(game.seed or 0, decks)]


def shuffled_twin(game: Game, seen: set[str], replay: bool = True) -> Game | None:
    """The same game with its never-seen face-down cards rotated among their deck places
    (``replay`` False: at its deal, for a caller that plays it as the game was played)."""
    _, hidden = face_up_and_hidden(game)
    secret = set(hidden) - seen
    deck = deal_codes(game)
    places = [i for i, code in enumerate(deck) if code in secret]
    if len({deck[i] for i in places}) < 2:
        return None
    rotated = [deck[i] for i in places[1:] + places[:1]]
    for place, code in zip(places, rotated, strict=True):
        deck[place] = code
    twin = Game(game.variant, deck=deck)
    for notation in game.history if replay else ():
        twin.play(notation)
    return twin


def observable(widget: GameWidget, probes: list[str]) -> dict[str, Any]:
    """Everything the widget would sync, for this position, with a few probing intents."""
    # the twin is rebuilt from the history alone, so it has nothing to redo
    out: dict[str, Any] = {"view": {**widget.view, "seed": None, "can_redo": None}}
    for notation in probes:
        move(widget, notation)
        out[f"error {notation}"] = widget.error
    control(widget, "hint")
    # the thinker's job runs on: wait for its answer, which depends on the cards a player has
    # seen, not on the machine's speed (a snapshot while it ran compared one widget done with
    # one still running: a test that failed by chance on a busy machine)
    assert widget._wait_for_background(120)
    out["hint"], out["hint message"] = widget.hint, widget.message
    send(widget, {"type": "replay", "action": "start"})
    steps = all_steps(widget) if widget.replay else []
    out["replay"] = [
        {**step, "view": {**step["view"], "seed": None}, "status": anonymous(step["status"])}
        for step in steps
    ]
    out["lines"] = {**widget.lines, "status": anonymous(widget.lines["status"])}
    send(widget, {"type": "replay", "action": "exit"})
    out["message"] = widget.message
    out["solving"], out["chances"] = widget.solving, widget.chances  # nothing before Solve
    return out


def play_script(widget: GameWidget, script: list[int]) -> set[str]:
    """Undo, Hint, refused and legal moves as ``script`` says; the cards shown along the way."""
    game = widget._game
    seen, _ = face_up_and_hidden(game)
    for roll in script:
        legal = [str(m) for m in game.legal_moves()]
        if roll < 5:
            control(widget, "undo")
        elif roll < 10:
            control(widget, "hint")
        elif roll < 20:
            names = list(widget.view["piles"])
            move(widget, f"{names[roll % len(names)]}-{names[(roll * 7) % len(names)]}")
        elif legal:
            move(widget, legal[roll % len(legal)])
        seen |= face_up_and_hidden(game)[0]
    return seen


@settings(max_examples=40, deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10**6),
    script=st.lists(st.integers(0, 99), min_size=1, max_size=120),
)
def test_no_face_down_identity_in_any_synced_trait(
    variant: str, seed: int, script: list[int]
) -> None:
    game = Game(variant, seed=seed)
    seen = play_script(GameWidget(game), script)
    twin = shuffled_twin(game, seen, replay=False)
    if twin is None:
        return
    play_script(GameWidget(twin), script)  # undone moves showed it the same cards (its memory)
    assert twin.history == game.history
    assert face_up_and_hidden(twin)[1] != face_up_and_hidden(game)[1]  # the secret differs
    names = list(game.view()["piles"])
    candidates = [f"{a}-{b}" for a in names for b in names if a != b] + ["deal", "redeal"]
    probes = [p for p in candidates if game.why_not(p) is not None][:30]  # refused: no change
    assert [twin.why_not(p) for p in candidates] == [game.why_not(p) for p in candidates]
    twin_widget = GameWidget(twin)
    assert observable(twin_widget, probes) == observable(GameWidget(game), probes)


# -- replay -----------------------------------------------------------------------------


def played_game(variant: str, seed: int, count: int) -> Game:
    game = Game(variant, seed=seed)
    rng = random.Random(seed)
    while game.legal_moves() and len(game.history) < count:
        game.play(rng.choice(game.legal_moves()))
    return game


def all_steps(widget: GameWidget) -> list[dict[str, Any]]:
    """Every step of the replay shown, asked for one by one as the slider does."""
    steps = []
    for index in range(widget.replay["last"] + 1):
        send(widget, {"type": "replay", "action": "goto", "index": index})
        assert widget.error == ""
        steps.append(widget.replay)
    return steps


@pytest.mark.parametrize("variant", VARIANTS)
def test_replay_steps_match_the_recorded_game(variant: str) -> None:
    game = played_game(variant, 21, 40)
    record = game.to_json()
    widget = ReplayWidget(record)
    assert widget.replay["index"] == 0
    steps = all_steps(widget)
    assert len(steps) == len(game.history) + 1
    assert steps[0]["move"] == ""
    fresh = Game(variant, seed=21)

    def position(view: dict[str, Any]) -> dict[str, Any]:
        return {**view, "can_redo": None}  # a replay step's buttons are off anyway

    assert position(steps[0]["view"]) == position(fresh.view())
    words = game.history_words()
    for index, notation in enumerate(game.history, 1):
        fresh.play(notation)
        assert steps[index]["move"] == notation
        assert steps[index]["words"] == words[index - 1]
        assert position(steps[index]["view"]) == position(fresh.view())
        assert (
            steps[index]["text"]
            == f"step {index} of {len(game.history)}: {notation}, " + (words[index - 1])
        )
    assert widget.game.history == game.history  # the replayed game ends at the record's end
    assert json.loads(json.dumps(widget.replay)) == widget.replay


def test_replay_navigation() -> None:
    game = played_game("acme", 3, 10)
    widget = ReplayWidget(game)
    last = len(game.history)
    replay = lambda action, **extra: send(widget, {"type": "replay", "action": action, **extra})  # noqa: E731
    replay("prev")
    assert widget.replay["index"] == 0 and "there is no step before it" in widget.error
    replay("next")
    assert widget.replay["index"] == 1
    assert widget.message.startswith(f"step 1 of {last}: {game.history[0]}")
    replay("last")
    assert widget.replay["index"] == last
    replay("next")
    assert widget.replay["index"] == last and widget.error == (
        f"this is the last step ({last} of {last}): there is no step after it"
    )
    replay("goto", index=4)
    assert widget.replay["index"] == 4
    replay("goto", index=last + 1)
    assert widget.replay["index"] == 4 and "no step" in widget.error
    replay("first")
    assert widget.replay["index"] == 0
    assert repr(widget) == f"ReplayWidget(acme, deal 3, {last} moves, replay step 0/{last})"
    before = widget.game.to_json()
    move(widget, widget.view["legal"][0])
    control(widget, "undo")
    assert "replay" in widget.error and widget.game.to_json() == before
    replay("start")
    assert "already" in widget.error
    replay("exit")
    assert widget.replay == {} and widget.error == ""
    move(widget, widget.view["legal"][0])
    assert widget.error == "" and len(widget.game.history) == last + 1


def test_replay_of_own_game_leaves_the_game_alone() -> None:
    game = played_game("fly", 5, 25)
    widget = GameWidget(game)
    notified: list[object] = []
    game.subscribe(notified.append)
    record = game.to_json()
    send(widget, {"type": "replay", "action": "start"})
    assert widget.error == "" and widget.replay["last"] == len(game.history)
    assert game.to_json() == record and notified == []
    assert all_steps(widget)[-1]["view"] == game.view()
    assert game.to_json() == record and notified == []


def test_replay_accepts_a_parsed_record() -> None:
    game = played_game("quadrennial", 2, 12)
    widget = ReplayWidget(json.loads(game.to_json()))
    assert [s["move"] for s in all_steps(widget)[1:]] == game.history
