"""GameWidget's background work, Python side: Solve, Stop, Chances, and the ranked hints.

The jobs run in a daemon thread; the tests wait for it with ``widget._wait_for_background``.
Browser messages are simulated as in ``test_widget.py``.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from test_widget import (
    VARIANTS,
    all_steps,
    anonymous,
    control,
    face_up_and_hidden,
    move,
    played_game,
    send,
    shuffled_twin,
)

from solitaire_widgets import Game
from solitaire_widgets.chances import move_chances
from solitaire_widgets.hints import hints
from solitaire_widgets.information import info_state
from solitaire_widgets.solver import SLICE_NODES, solve
from solitaire_widgets.view import view
from solitaire_widgets.widget import GameWidget
from solitaire_widgets.widget.background import NO_PEEKING, PEEK, PROGRESS_INTERVAL, run_solve
from solitaire_widgets.widget.replay import replay_of
from solitaire_widgets.widget.runners import Job

# Every synced trait that is not anywidget's or ipywidgets' own.
OWN_TRAITS = [
    "back",
    "chances",
    "error",
    "four_colour",
    "hint",
    "large",
    "lines",
    "message",
    "replay",
    "restarted",
    "solving",
    "view",
]
HARD_FLY = 1321  # a Fly deal still undecided after 45 CPU seconds of search
TIMEOUT = 120.0  # a guard against a hung thread, not a speed test: the jobs take under 1 s
STOP_HEARD_NODES = 4 * SLICE_NODES  # a slice: SLICE_NODES, a little more where playouts run


def own_state(widget: GameWidget) -> dict[str, Any]:
    return {name: getattr(widget, name) for name in OWN_TRAITS}


def wait_until(condition: Any, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_the_synced_traits_are_known() -> None:
    """A new synced trait must be added here, and so to the hidden-card twin test below."""
    widget = GameWidget(Game("acme", seed=1))
    synced = {name for name in widget.trait_names(sync=True) if not name.startswith("_")}
    assert synced - {"layout", "tabbable", "tooltip"} == set(OWN_TRAITS)
    assert widget.solving == {} and widget.chances == []


# -- Solve ------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "seed"), [("acme", 2), ("quadrennial", 2), ("fly", 3)])
def test_solve_hands_the_winning_line_to_the_replay(variant: str, seed: int) -> None:
    game = Game(variant, seed=seed)
    for notation in solve(game, max_nodes=100_000).moves[:3]:  # start from a played position
        game.play(notation)
    record, start = game.to_json(), len(game.history)
    expected = solve(game, max_nodes=100_000)
    widget = GameWidget(game)
    control(widget, "solve")
    assert widget.error == "" and widget.solving["running"] is True
    assert widget._wait_for_background(TIMEOUT)

    count = len(expected.moves)
    assert widget.message == f"solved: {count} moves {PEEK}"
    assert widget.solving["status"] == "solved" and widget.solving["running"] is False
    assert widget.solving["message"] == widget.message
    replay = widget.replay
    assert replay["index"] == replay["start"] == start and replay["solver"] is True
    assert replay["last"] == start + count
    assert replay["view"] == game.view() | {"can_redo": False}  # opened where Solve was pressed
    steps = all_steps(widget)
    assert len(steps) == start + count + 1
    assert [step["move"] for step in steps[1:]] == [*game.history, *expected.moves]
    assert steps[-1]["view"]["status"] == "won"
    fresh = Game.from_json(record)
    words = []
    for notation in expected.moves:  # every step is the engine's own view
        fresh.play(notation)
        words.append(fresh.history_words()[-1])
    assert steps[-1]["view"] == fresh.view() | {"can_redo": False}
    assert [step["words"] for step in steps[start + 1 :]] == words
    assert game.to_json() == record  # the game itself is untouched

    send(widget, {"type": "replay", "action": "goto", "index": start})
    send(widget, {"type": "replay", "action": "next"})
    assert widget.replay["index"] == start + 1
    send(widget, {"type": "replay", "action": "exit"})
    assert widget.replay == {} and widget.view == game.view()


def test_unsolvable_is_said_plainly() -> None:
    widget = GameWidget(Game("acme", seed=1))
    control(widget, "solve")
    assert widget._wait_for_background(TIMEOUT)
    assert widget.solving["status"] == "unsolvable" and widget.replay == {}
    assert widget.message.startswith("unsolvable: no line wins from here")
    assert widget.message.endswith(PEEK)


@pytest.mark.parametrize(("seed", "words"), [(1, "seen at once"), (35, "in 1 position")])
def test_an_unsolvable_count_is_said_in_good_english(seed: int, words: str) -> None:
    """The fifty-second review: "in 1 positions", and "in 0 positions" where the solver's
    first look decides (Acquaintance after 52 random moves)."""
    game, rng = Game("acquaintance", seed=seed), random.Random(seed)
    for _ in range(52):
        game.play(rng.choice(game.legal_moves()))
    widget = GameWidget(game)
    control(widget, "solve")
    assert widget._wait_for_background(TIMEOUT)
    assert widget.message == f"unsolvable: no line wins from here, {words} {PEEK}"


def test_unknown_when_the_budget_runs_out() -> None:
    widget = GameWidget(Game("fly", seed=HARD_FLY), solve_nodes=3000)
    control(widget, "solve")
    assert widget._wait_for_background(TIMEOUT)
    assert widget.solving["status"] == "unknown" and widget.replay == {}
    assert "node budget" in widget.solving["reason"]
    assert widget.message.startswith("undecided: the solver could not decide (node budget")


def test_progress_is_reported_from_the_thread() -> None:
    """The thread's progress reaches the ``solving`` trait: positions counted up, in order,
    then the verdict. (How often is the throttle's business: tested below on a clock of its
    own, since a node budget and a wall-time throttle never meet in one count.)"""
    widget = GameWidget(Game("fly", seed=HARD_FLY), solve_nodes=40 * SLICE_NODES)
    seen: list[dict[str, Any]] = []
    widget.observe(lambda change: seen.append(change["new"]), names="solving")
    control(widget, "solve")
    assert widget._wait_for_background(TIMEOUT)
    running = [state["nodes"] for state in seen if state.get("running")]
    assert running and running[0] == 0  # the start
    assert running == sorted(running)
    assert widget.solving["status"] == "unknown" and "node budget" in widget.solving["reason"]
    assert widget.solving["nodes"] == 40 * SLICE_NODES


def test_progress_is_throttled() -> None:
    """One progress report per ``PROGRESS_INTERVAL`` of the clock, whatever the number of
    slices in between: here the clock moves 0.3 interval per slice, so every fourth slice
    reports, and the others yield None."""
    ticks = iter(range(10**6))

    def clock() -> float:
        return next(ticks) * PROGRESS_INTERVAL * 0.3

    game = Game("fly", seed=HARD_FLY)
    job = Job("solve")
    steps = run_solve(
        job, game.state, replay_of(game), max_nodes=40 * SLICE_NODES, max_seconds=600,
        clock=clock,
    )  # fmt: skip
    yielded: list[Any] = []
    with pytest.raises(StopIteration) as done:
        while True:
            yielded.append(next(steps))
    reports = [i for i, traits in enumerate(yielded) if traits is not None]
    assert len(yielded) >= 30
    assert reports == list(range(3, len(yielded), 4))
    nodes = [yielded[i]["solving"]["nodes"] for i in reports]
    assert nodes == sorted(nodes) and nodes[0] > 0
    assert done.value.value["solving"]["status"] == "unknown"


def test_stop_ends_the_search() -> None:
    game = Game("fly", seed=HARD_FLY)
    widget = GameWidget(game, solve_seconds=600, solve_nodes=10**9)
    control(widget, "solve")
    assert widget.message.startswith("the solver is searching")
    wait_until(lambda: widget.solving["nodes"] > 0)
    job = widget._jobs.jobs[-1]
    control(widget, "stop")
    at_stop = job.nodes
    assert widget.error == ""
    assert widget.solving["running"] is False
    assert (widget.solving["status"], widget.solving["reason"]) == ("unknown", "cancelled")
    assert widget.message.startswith("stopped: the solver did not decide")
    assert widget._wait_for_background(TIMEOUT)
    # heard at the search's next check: the slice under way and at most one more
    assert job.nodes - at_stop <= 2 * STOP_HEARD_NODES
    assert widget.replay == {} and game.history == []
    control(widget, "stop")  # nothing left to stop: said, not an error
    assert widget.error == "" and widget.message == "nothing to stop"


@pytest.mark.parametrize("how", ["table", "code", "undo"])
def test_a_change_during_solving_discards_the_result(how: str) -> None:
    game = Game("fly", seed=HARD_FLY)
    if how == "undo":
        game.play(str(game.legal_moves()[0]))
    widget = GameWidget(game, solve_seconds=600, solve_nodes=10**9)
    control(widget, "solve")
    wait_until(lambda: widget.solving["nodes"] > 0)
    legal = str(game.legal_moves()[0])
    if how == "table":
        move(widget, legal)
    elif how == "code":
        game.play(legal)
    else:
        control(widget, "undo")
    assert widget.error == ""
    assert widget.solving["status"] == "stale" and widget.solving["running"] is False
    assert "discarded" in widget.solving["message"]
    assert widget._wait_for_background(TIMEOUT)
    assert widget.solving["status"] == "stale" and widget.replay == {}
    assert widget.view == game.view()
    game.play(str(game.legal_moves()[0]))  # the next change clears the old note
    assert widget.solving == {}


def test_one_job_at_a_time_and_no_replay_while_working() -> None:
    game = Game("fly", seed=HARD_FLY)
    widget = GameWidget(game, solve_seconds=600, solve_nodes=10**9)
    control(widget, "solve")
    for action in ("solve", "chances"):
        control(widget, action)
        assert "press Stop first" in widget.error
    send(widget, {"type": "replay", "action": "start"})
    assert "the solver is working" in widget.error and widget.replay == {}
    control(widget, "hint")  # the table stays usable
    assert widget.error == "" and widget.hint
    assert widget.solving["running"] is True
    widget.close()  # closing the table stops the job
    assert widget._wait_for_background(TIMEOUT)


def test_solve_refused_when_won_and_in_a_replay() -> None:
    game = Game("acme", seed=2)
    for notation in solve(game).moves:
        game.play(notation)
    widget = GameWidget(game)
    control(widget, "solve")
    assert "won already" in widget.error and widget.solving == {}
    send(widget, {"type": "replay", "action": "start"})
    control(widget, "solve")
    assert "replay" in widget.error and widget.solving == {}


MALFORMED = [
    {"type": "control", "action": "solve", "seed": 1},
    {"type": "control", "action": "stop", "seed": 0},
    {"type": "control", "action": "chances", "seed": 3},
    {"type": "control", "action": "chances", "index": 2},
    {"type": "control", "action": "solve", "samples": 100},
    {"type": "control", "action": "stop", "move": "S-W"},
    {"type": "control", "action": "Solve"},
    {"type": "control", "action": "solve "},
    {"type": "control", "action": ["solve"]},
    {"type": "control", "action": {"solve": True}},
    {"type": "control", "action": "chance"},
    {"type": "solve"},
    {"type": "stop"},
    {"type": "chances", "action": "chances"},
    {"type": "replay", "action": "solve"},
    {"type": "replay", "action": "stop"},
]


@pytest.mark.parametrize("content", MALFORMED, ids=[repr(c)[:40] for c in MALFORMED])
def test_malformed_job_messages_are_refused(content: object) -> None:
    game = Game("acme", seed=2)
    widget = GameWidget(game)
    before = own_state(widget)
    send(widget, content)
    assert widget.error.strip() and len(widget.error) < 300
    assert {**own_state(widget), "error": ""} == {**before, "error": ""}
    assert widget._jobs.current is None and widget._jobs.threads == []


def test_malformed_stop_does_not_stop() -> None:
    widget = GameWidget(Game("fly", seed=HARD_FLY), solve_seconds=600, solve_nodes=10**9)
    control(widget, "solve")
    control(widget, "stop", seed=1)
    assert widget.error and widget.solving["running"] is True
    control(widget, "stop")
    assert widget.solving["running"] is False
    assert widget._wait_for_background(TIMEOUT)


# -- Chances ------------------------------------------------------------------------------

PLAYERS = ("greedy", "hint")  # three columns, cheaply (the thinker's: test_widget_think)
SMALL = {"chance_samples": 6, "chance_nodes": 1500, "chance_seed": 4, "chance_players": PLAYERS}


def measures(row: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A chances row's measures by name: winnable, then each player's."""
    return {"winnable": row["winnable"], **{p["name"]: p for p in row["players"]}}


@pytest.mark.parametrize(("variant", "seed"), [("quadrennial", 3), ("acme", 7)])
def test_chances_are_sane_and_match_the_engine(variant: str, seed: int) -> None:
    game = Game(variant, seed=seed)
    widget = GameWidget(game, **SMALL)
    control(widget, "chances")
    assert widget.error == "" and widget.solving["task"] == "chances"
    assert widget._wait_for_background(TIMEOUT)
    rows = widget.chances
    legal = [str(m) for m in game.legal_moves()]
    assert sorted(row["move"] for row in rows) == sorted(legal)
    for row in rows:
        assert row["samples"] == SMALL["chance_samples"]
        assert tuple(p["name"] for p in row["players"]) == PLAYERS
        for m in measures(row).values():
            assert m["won"] + m["lost"] + m["undecided"] == SMALL["chance_samples"]
            decided = m["won"] + m["lost"]
            assert m["rate"] == (m["won"] / decided if decided else None)
            assert 0 <= m["all_low"] <= m["low"] <= m["high"] <= m["all_high"] <= 1
            if decided:
                assert m["low"] <= m["rate"] <= m["high"]
        for player in row["players"]:  # a player's win is winnable
            assert player["won"] <= row["winnable"]["won"]
    engine = move_chances(game, samples=6, seed=4, max_nodes=1500, players=PLAYERS)
    assert [(r["move"], r["winnable"]["won"], r["winnable"]["undecided"]) for r in rows] == [
        (c.move, c.winnable.won, c.winnable.undecided) for c in engine
    ]
    assert [(r["move"], [p["won"] for p in r["players"]]) for r in rows] == [
        (c.move, [t.won for _, t in c.players]) for c in engine
    ]
    assert widget.solving["status"] == "done" and NO_PEEKING in widget.message
    assert widget.solving["done"] == widget.solving["total"] == SMALL["chance_samples"]
    move(widget, legal[0])  # a new position: the old chances no longer apply
    assert widget.chances == [] and widget.solving == {}


def test_chances_grow_sample_by_sample() -> None:
    """Each progress report carries the table on the samples done so far, every move alike."""
    game = Game("acme", seed=7)
    widget = GameWidget(game, **SMALL)
    seen: list[tuple[int, set[int]]] = []
    widget.observe(
        lambda change: seen.append(
            (widget.solving.get("done", -1), {row["samples"] for row in change["new"]})
        ),
        names="chances",
    )
    control(widget, "chances")
    assert widget._wait_for_background(TIMEOUT)
    grown = [samples for _, samples in seen if samples]
    assert grown == [{k} for k in range(1, SMALL["chance_samples"] + 1)]


def test_chances_can_be_stopped_and_go_stale() -> None:
    game = Game("fly", seed=HARD_FLY)
    widget = GameWidget(game, chance_samples=6, chance_nodes=2000, chance_players=PLAYERS)
    control(widget, "chances")
    wait_until(lambda: widget.solving.get("done", 0) >= 1)
    control(widget, "stop")
    assert (widget.solving["status"], widget.solving["reason"]) == ("unknown", "cancelled")
    assert widget.message == "stopped: the chances shown are on the samples measured so far"
    partial = widget.chances
    assert {row["move"] for row in partial} == set(widget.view["legal"])
    assert len({row["samples"] for row in partial}) == 1  # every move on the same samples
    assert 1 <= partial[0]["samples"] < 6
    assert widget._wait_for_background(TIMEOUT)
    assert widget.chances == partial  # the stopped job reports nothing more

    control(widget, "chances")
    move(widget, str(game.legal_moves()[0]))
    assert widget.solving["status"] == "stale" and widget.chances == []
    assert widget._wait_for_background(TIMEOUT)
    assert widget.chances == [] and widget.solving["status"] == "stale"


def test_chances_refuse_the_solver_as_the_player() -> None:
    with pytest.raises(ValueError, match="sees every card"):
        GameWidget(Game("acme", seed=1), chance_strategy="solver")


def test_chances_refused_without_a_legal_move() -> None:
    game = played_game("acme", 0, 10_000)
    assert not game.legal_moves()
    widget = GameWidget(game)
    control(widget, "chances")
    assert "no legal move" in widget.error and widget.solving == {}


# -- ranked hints -------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_hint_carries_the_top_three_ranked_hints(variant: str) -> None:
    game = played_game(variant, 8, 5)
    widget = GameWidget(game, think=False)  # the quick hints alone (the thinker: test_widget_think)
    control(widget, "hint")
    ranked = hints(game)[:3]
    assert widget.hint["ranked"] == [
        {"move": h.move, "reason": h.reason, "safe": h.safe} for h in ranked
    ]
    assert widget.hint["ranked"][0]["move"] == widget.hint["move"]
    assert {h["move"] for h in widget.hint["ranked"]} <= set(widget.view["legal"])


# -- hidden cards -------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_nothing_hidden_is_synced_before_solve(variant: str) -> None:
    """Twins that differ only in never-seen face-down cards give the same synced state after
    Hint and Chances, and ``solving`` says nothing before Solve. Solve itself is excluded: its
    line depends on the hidden cards, which it may use only when asked, and says so."""
    for seed in range(40):
        game = played_game(variant, seed, 6)
        seen: set[str] = set()
        probe = Game(variant, seed=seed)
        for notation in game.history:
            seen |= face_up_and_hidden(probe)[0]
            probe.play(notation)
        seen |= face_up_and_hidden(probe)[0]
        twin = shuffled_twin(game, seen)
        if twin is not None and game.legal_moves():
            break
    else:
        pytest.skip("no deal with two never-seen face-down cards")
    assert face_up_and_hidden(twin)[1] != face_up_and_hidden(game)[1]  # the secret differs
    states = []
    for table_game in (game, twin):
        widget = GameWidget(table_game, chance_samples=3, chance_nodes=400, chance_players=PLAYERS)
        control(widget, "hint")
        assert widget._wait_for_background(TIMEOUT)  # the thinker, then the chances
        control(widget, "chances")
        assert widget._wait_for_background(TIMEOUT)
        state = own_state(widget)
        state["view"] = {**state["view"], "seed": None}
        state["lines"] = {**state["lines"], "status": anonymous(state["lines"]["status"])}
        assert state["chances"] and state["solving"]["status"] == "done"
        states.append(state)
    assert states[0] == states[1]


def test_stepping_a_solver_replay_keeps_its_start_and_label() -> None:
    """Found by the browser tests: ▶ used to rebuild the replay without 'start' and 'solver'."""
    table = GameWidget(Game("quadrennial", seed=2))
    table.solve()
    table._wait_for_background(30)
    assert table.replay.get("solver") is True
    start = table.replay["start"]
    table._handle_custom_msg({"type": "replay", "action": "next"}, [])
    assert table.replay["index"] == start + 1
    assert table.replay["solver"] is True and table.replay["start"] == start


def test_chances_are_refused_where_the_player_knows_every_card() -> None:
    """The fifty-second review: after Acquaintance's first redeal (nothing unseen) Chances
    measured "3 random deals of the unseen cards (never the real ones)", each the real
    position, with intervals over them; the button now says why it has nothing to measure."""
    game = Game("acquaintance", seed=497)
    for notation in ["deal"] * 11 + ["redeal"]:
        game.play(notation)
    widget = GameWidget(game)
    control(widget, "chances")
    assert widget.error.startswith("you have seen every card, so there are no unseen cards to")
    assert "Solve decides this position" in widget.error and widget.chances == []


def test_the_steps_of_a_replay_are_remembered() -> None:
    """The fifty-third review: after 40 steps of Solve's line on Acme deal 2, Hint and Chances
    still dealt the 31 cards those steps showed as never seen."""
    game = Game("acme", seed=2)
    widget = GameWidget(game)
    control(widget, "solve")
    assert widget._wait_for_background(TIMEOUT) and widget.replay
    shown: set[str] = set()
    for _ in range(40):
        send(widget, {"type": "replay", "action": "next"})
        step = widget._replay
        assert step is not None
        piles = view(step.positions[step.index])["piles"].values()
        shown |= {code for pile in piles for code in pile["cards"]}
    send(widget, {"type": "replay", "action": "exit"})
    unseen = {card.code for card in info_state(game).unseen}
    assert len(shown) > 30 and not unseen & shown
    other = GameWidget(Game("acme", seed=2))
    send(other, {"type": "replay", "action": "start"})  # the deal's own steps: nothing new
    assert len(info_state(other._game).unseen) == 43
