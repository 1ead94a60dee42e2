"""GameWidget under stress: every message answered with its own seq, other people's code
isolated, long games linear, "winnable only" in the background, bad arguments refused."""

from __future__ import annotations

import asyncio
import math
import threading
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_background import in_thread, on_loop, until
from test_widget import all_steps, control, move, send

from solitaire_widgets import Game
from solitaire_widgets.widget import GameWidget, ReplayWidget, replay
from solitaire_widgets.widget.protocol import MAX_SEED

HARD_FLY = 1321  # a Fly deal still undecided after 45 CPU seconds of search
TIMEOUT = 30.0


def answers(widget: GameWidget) -> list[Any]:
    """The custom messages the widget sends to the browser, from now on."""
    sent: list[Any] = []
    widget.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    return sent


# -- every message answered with its own seq ------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        {"type": "control", "action": "new", "seed": -5, "seq": 7},  # the deal box's -5
        {"type": "move", "move": 42, "seq": 7},
        {"type": "pick", "pile": "Q9", "seq": 7},
        {"type": "control", "action": "undo", "seed": 3, "seq": 7},
        {"type": "replay", "action": "goto", "seq": 7},
        {"type": "spell", "seq": 7},
        {"type": "move", "move": "S-W", "extra": 1, "seq": 7},
    ],
)
def test_a_refused_intent_keeps_its_seq(content: dict[str, Any]) -> None:
    widget = GameWidget(Game("acme", seed=7))
    sent = answers(widget)
    send(widget, content)
    assert len(sent) == 1 and sent[0]["seq"] == 7 and sent[0]["error"] == widget.error != ""


def test_a_failure_inside_the_table_is_still_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    widget = GameWidget(Game("acme", seed=7))
    sent = answers(widget)

    def broken(table: GameWidget, intent: object) -> None:
        raise KeyError("boom")

    monkeypatch.setattr("solitaire_widgets.widget.table.perform", broken)
    with pytest.raises(KeyError):  # raised on, so the kernel's log shows the traceback
        widget._on_custom_msg(widget, {"type": "move", "move": "S-W", "seq": 3}, [])
    assert sent == [{"type": "answer", "seq": 3, "error": "the table failed: KeyError: 'boom'"}]
    assert widget.error == sent[0]["error"]


# -- other people's code isolated --------------------------------------------------------------


@pytest.mark.parametrize("kind", [ValueError, KeyError])
def test_a_raising_on_move_callback_does_not_refuse_the_move(kind: type[Exception]) -> None:
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    sent = answers(widget)
    heard: list[str] = []

    def teacher(move: str) -> None:
        raise kind("boom")

    widget.on_move(teacher)
    widget.on_move(heard.append)  # the next callback is still told
    with pytest.warns(RuntimeWarning, match="on_move callback"):
        send(widget, {"type": "move", "move": "S-W", "seq": 1})
    assert game.history == ["S-W"] and heard == ["S-W"]
    assert widget.view == game.view() and widget.message.startswith("S-W: ")
    assert "teacher" in widget.error and "the change stands" in widget.error
    assert not widget.error.startswith("boom")  # not shown as the refusal of the move
    assert sent == [{"type": "answer", "seq": 1, "error": widget.error}]
    send(widget, {"type": "control", "action": "undo", "seq": 2})
    assert widget.error == "" and game.history == []  # undo reports nothing to on_move


def test_a_raising_view_observer_cannot_keep_a_stale_job() -> None:
    game = Game("fly", seed=HARD_FLY)
    widget = GameWidget(game, solve_seconds=600, solve_nodes=10**9)

    def broken(change: object) -> None:
        raise ValueError("observer bug")

    widget.observe(broken, names="view")
    control(widget, "solve")
    assert widget.solving["running"] is True
    with pytest.warns(RuntimeWarning, match="observer"):
        game.play(str(game.legal_moves()[0]))  # a cell changes the game
    assert widget._jobs.current is None and widget.solving["status"] == "stale"
    assert widget.view == game.view() and widget.message.startswith(game.history[0])
    assert widget._wait_for_background(TIMEOUT)
    assert widget.solving["status"] == "stale" and widget.replay == {}
    widget.unobserve(broken, names="view")  # the isolated observer is found by its function
    game.undo()
    assert widget.view == game.view()


def test_a_raising_observer_during_a_click_is_not_a_refusal() -> None:
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    widget.observe(lambda change: 1 / 0, names="message")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        move(widget, "S-W")
    assert game.history == ["S-W"] and widget.message.startswith("S-W: ")
    assert "ZeroDivisionError" in widget.error and "the change stands" in widget.error


def test_a_cell_that_changes_the_game_closes_the_replay() -> None:
    game = Game("acme", seed=7)
    widget = GameWidget(game)
    for _ in range(3):
        move(widget, "S-W")
    control(widget, "undo")
    send(widget, {"type": "replay", "action": "start"})
    assert widget.replay["last"] == 2
    game.play("S-W")  # in a cell
    assert widget.replay == {} and widget._replay is None
    assert widget.message.startswith("the game changed: the replay was closed. S-W: ")
    send(widget, {"type": "replay", "action": "next"})
    assert widget.error == "no replay is shown"


# -- long games -------------------------------------------------------------------------------


def looped(count: int) -> Game:
    """Acme deal 7 with ``count`` legal moves: a draw, then the waste's card back and forth."""
    game = Game("acme", seed=7)
    game.play("S-W")
    while len(game.history) < count:
        game.play("S-W")
    return game


def test_a_move_describes_the_last_move_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    game = looped(20)
    widget = GameWidget(game)

    def whole_history(self: Game) -> list[str]:
        raise AssertionError("the whole history was described")

    monkeypatch.setattr(Game, "history_words", whole_history)
    move(widget, "S-W")
    control(widget, "undo")
    control(widget, "redo")
    assert widget.error == "" and widget.message.startswith("played again: S-W: ")
    assert widget.message.endswith(game.describe("S-W") if game.is_legal("S-W") else "")


def test_back_loads_the_old_game_with_one_notification() -> None:
    game = looped(24)  # the stock of Acme deal 7 has 24 cards
    widget = GameWidget(game)
    played = game.to_json()
    control(widget, "new", seed=17)
    told: list[int] = []
    game.subscribe(lambda g: told.append(len(g.history)))
    control(widget, "back")
    assert widget.error == "" and game.to_json() == played
    assert told == [24]  # once, not once per move
    assert widget.message == "back to deal 7, 24 moves played"


def test_a_replay_beyond_the_limit_is_refused_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replay, "MAX_REPLAY_MOVES", 5)
    game = looped(6)
    widget = GameWidget(game)
    send(widget, {"type": "replay", "action": "start"})
    assert widget.error == "this game has 6 moves: a replay steps through at most 5 " + (
        "(the game itself is kept whole)"
    )
    assert widget.replay == {}
    control(widget, "undo")
    send(widget, {"type": "replay", "action": "start"})
    assert widget.error == "" and widget.replay["last"] == 5


def test_a_replay_sends_one_step_at_a_time() -> None:
    game = looped(24)
    widget = ReplayWidget(game)
    assert set(widget.replay) == {"index", "last", "move", "words", "text", "status", "view"} | {
        "standalone"
    }
    steps = all_steps(widget)
    assert [s["move"] for s in steps[1:]] == game.history
    assert steps[3]["view"]["moves_made"] == 3 and steps[3]["view"]["last_move"] == "S-W"


# -- "winnable only" in the background -------------------------------------------------------


def unwinnable_run(variant: str) -> int:
    """A deal number followed by several deals the solver does not prove winnable."""
    from solitaire_widgets import winnability

    return next(
        s
        for s in range(1, 2000)
        if all(winnability.deal(variant, s + i).verdict != "winnable" for i in range(3))
    )


def test_winnable_only_is_a_job_with_progress_and_stop() -> None:
    game = Game("quadrennial", seed=1)
    widget = GameWidget(game)
    move(widget, "S-W")
    seen: list[dict[str, Any]] = []
    widget.observe(lambda change: seen.append(change["new"]), names="solving")
    start = unwinnable_run("quadrennial")
    control(widget, "new", seed=start, winnable=True)
    assert widget.error == "" and game.seed == 1  # nothing dealt yet
    assert widget.solving["task"] == "deal" and widget.solving["button"] == "new"
    assert widget.solving["running"] is True
    assert widget.message.startswith("looking for a deal the solver proves winnable")
    control(widget, "solve")
    assert widget.error == "a winnable deal is being looked for: press Stop first"
    control(widget, "stop")
    assert widget._wait_for_background(TIMEOUT)
    assert game.seed == 1 and game.history == ["S-W"]  # Stop deals nothing
    assert widget.solving["status"] == "unknown" and widget.solving["reason"] == "cancelled"
    assert widget.message.startswith("stopped: the deal was not changed")
    assert seen[0]["message"] == "looking for a winnable deal"


def test_a_move_while_looking_for_a_winnable_deal_stops_the_search() -> None:
    game = Game("quadrennial", seed=1)
    widget = GameWidget(game)
    control(widget, "new", seed=unwinnable_run("quadrennial"), winnable=True)
    move(widget, "S-W")
    assert widget.error == "" and widget.solving["status"] == "stale"
    assert widget._wait_for_background(TIMEOUT)
    assert game.seed == 1 and game.history == ["S-W"]


def test_the_winnable_deal_is_dealt_on_the_kernels_thread() -> None:
    """The search runs in a thread; the deal it found is dealt on the event loop's thread
    (the kernel's), where every other change of the game happens."""
    game = Game("acme", seed=1)
    widget = GameWidget(game)
    dealt_on: list[str] = []
    game.subscribe(lambda g: dealt_on.append(threading.current_thread().name))

    async def scenario() -> None:
        loop_thread = threading.current_thread().name
        control(widget, "new", seed=2, winnable=True)
        assert widget._jobs.threads  # the search itself runs in a thread
        await until(lambda: widget._jobs.current is None)
        assert dealt_on == [loop_thread]

    on_loop(scenario)
    assert widget.error == "" and widget.solving["status"] == "done"
    assert widget.message.startswith(f"new deal: {game.seed} (Back to deal 1")
    assert widget.back == {"seed": 1, "moves": 0}


def test_winnable_only_runs_cooperatively_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLITAIRE_WIDGETS_COOPERATIVE", "1")
    game = Game("acme", seed=1)
    widget = GameWidget(game)

    async def scenario() -> None:
        control(widget, "new", seed=2, winnable=True)
        assert widget._jobs.threads == [] and widget.solving["running"] is True
        await until(lambda: widget._jobs.current is None)
        await asyncio.sleep(0)

    on_loop(scenario)
    assert widget.solving["status"] == "done" and game.seed != 1


def test_no_winnable_deal_in_the_tries_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("solitaire_widgets.widget.background.DEAL_TRIES", 2)
    start = unwinnable_run("quadrennial")
    game = Game("quadrennial", seed=1)
    widget = GameWidget(game)

    def body() -> None:
        control(widget, "new", seed=start, winnable=True)
        assert widget._wait_for_background(120)

    in_thread(body)
    assert game.seed == 1
    assert widget.message == (
        f"no deal from {start:,} to {start + 1:,} was proved winnable within 100,000 "
        "positions each: the game was not changed"
    )


# -- bad arguments refused up front -----------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "error", "words"),
    [
        (lambda: GameWidget(None), TypeError, "a Game or the name of a game"),  # type: ignore[arg-type]
        (lambda: GameWidget(5), TypeError, "not 5"),  # type: ignore[arg-type]
        (lambda: GameWidget("chess"), ValueError, "unknown variant"),
        (lambda: GameWidget("acme", seed="7"), TypeError, "seed is a deal number"),  # type: ignore[arg-type]
        (lambda: GameWidget(Game("acme", seed=1), seed=2), TypeError, "only goes with the name"),
        (lambda: GameWidget(Game("acme", seed=2**60)), ValueError, "2^53 - 1"),
        (lambda: ReplayWidget(5), TypeError, "a game record"),  # type: ignore[arg-type]
        (lambda: ReplayWidget(None), TypeError, "not None"),  # type: ignore[arg-type]
        (lambda: ReplayWidget("{"), ValueError, "not a game record"),
        (lambda: GameWidget("acme", chance_samples=-1), ValueError, "chance_samples"),
        (lambda: GameWidget("acme", chance_samples=0), ValueError, "from 1"),
        (lambda: GameWidget("acme", chance_samples=2.5), TypeError, "chance_samples"),  # type: ignore[arg-type]
        (lambda: GameWidget("acme", chance_nodes=0), ValueError, "chance_nodes"),
        (lambda: GameWidget("acme", chance_seed=-1), ValueError, "chance_seed"),
        (lambda: GameWidget("acme", chance_strategy="solver"), ValueError, "face-up"),
        (lambda: GameWidget("acme", chance_strategy=3), TypeError, "chance_strategy"),  # type: ignore[arg-type]
        (lambda: GameWidget("acme", solve_seconds=math.nan), ValueError, "solve_seconds"),
        (lambda: GameWidget("acme", solve_seconds=-1), ValueError, "above 0"),
        (lambda: GameWidget("acme", solve_seconds="10"), TypeError, "seconds"),  # type: ignore[arg-type]
        (lambda: GameWidget("acme", solve_nodes=True), TypeError, "solve_nodes"),
        (lambda: GameWidget("acme", solve_nodes=-5), ValueError, "solve_nodes"),
        (lambda: GameWidget("acme", four_colour="yes"), TypeError, "four_colour"),  # type: ignore[arg-type]
    ],
)
def test_bad_constructor_arguments_are_refused(make: Any, error: type, words: str) -> None:
    with pytest.raises(error, match=words.replace("^", r"\^")):
        make()


HOSTILE_NUMBERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-(10**30), 10**30),
    st.booleans(),
    st.text(max_size=5),
    st.none(),
    st.just(10**5000),
)
NUMBER_ARGUMENTS = ["solve_seconds", "solve_nodes", "chance_samples", "chance_nodes", "chance_seed"]


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from(NUMBER_ARGUMENTS), value=HOSTILE_NUMBERS)
def test_hostile_numbers_are_refused_or_usable(name: str, value: object) -> None:
    game = Game("acme", seed=1)
    try:
        widget = GameWidget(game, **{name: value})
    except (TypeError, ValueError) as exc:
        assert name in str(exc) and len(str(exc)) < 200
        return
    kept = getattr(widget, name)
    if value is None:
        assert name == "chance_nodes" and kept is None
        return
    assert not isinstance(value, bool | str) and kept == value
    assert isinstance(kept, int | float) and 0 <= kept <= (MAX_SEED if "seed" in name else 10**12)
    assert kept > 0 or (name == "chance_seed" and kept == 0)
    assert name != "chance_samples" or kept <= 100_000
    assert name != "solve_seconds" or kept <= 24 * 3600
    assert game.history == []


def test_the_largest_deal_the_browser_holds_is_shown() -> None:
    widget = GameWidget(Game("acme", seed=MAX_SEED))
    assert widget.view["seed"] == MAX_SEED


def test_a_budget_set_later_is_checked_too() -> None:
    widget = GameWidget(Game("acme", seed=1))
    widget.chance_samples = 100_000
    assert widget.chance_samples == widget.options.chance_samples == 100_000
    with pytest.raises(ValueError, match="chance_samples"):
        widget.chance_samples = 0
    with pytest.raises(TypeError, match="solve_seconds"):
        widget.solve_seconds = "soon"  # type: ignore[assignment]
    assert widget.chance_samples == 100_000 and widget.solve_seconds == 10.0
