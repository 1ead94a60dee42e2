"""Hint in two stages: the quick hint at once, then the thinker's choice from a background job.

The job's stages are read from the ``hint`` trait's own changes (an observer records each), so
no test depends on how fast the thread runs; the cooperative runner (as in the browser-only
site) is driven on an event loop of the test's own, where nothing runs until the test lets it.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from test_background import cooperative, finished, on_loop, until
from test_widget import control, move

from solitaire_widgets import Game
from solitaire_widgets.chances import GAP, move_chances
from solitaire_widgets.hints import hints
from solitaire_widgets.information import info_state
from solitaire_widgets.thinker import think, think_steps
from solitaire_widgets.widget import GameWidget
from solitaire_widgets.widget.background import run_think
from solitaire_widgets.widget.hinting import (
    CONSIDERED,
    FIRST_GUESS,
    QUICK_ONLY,
    QUICK_STOPPED,
    QUICK_THINKING,
    THINKER,
    hint_for,
)
from solitaire_widgets.widget.runners import Job
from solitaire_widgets.widget.words import chances_lines

__all__ = ["cooperative"]  # the fixture, used by name below

TIMEOUT = 120.0  # a guard against a hung thread, not a speed test
SAMPLED = ("quadrennial", 2)  # an opening the thinker samples: a job, decided in a few solves


def sampled_game() -> Game:
    variant, seed = SAMPLED
    return Game(variant, seed=seed)


def known_game() -> Game:
    """Quadrennial deal 2 after following the quick hints until every card has been seen: the
    thinker proves its move at once."""
    game = sampled_game()
    while info_state(game.state).unseen:
        game.play(hints(game)[0].move)
    return game


def late_game() -> Game:
    """Quadrennial deal 2 after following the quick hints until two cards are left unseen: a
    position known but for them, whose chances are quick to measure (a position the player
    knows has none: ``test_widget_solve``)."""
    game = sampled_game()
    while len(info_state(game.state).unseen) > 2:
        game.play(hints(game)[0].move)
    return game


def recorded(widget: GameWidget) -> list[dict[str, Any]]:
    """Every value the ``hint`` trait takes from now on, in order."""
    seen: list[dict[str, Any]] = []
    widget.observe(lambda change: seen.append(change["new"]), names="hint")
    return seen


def test_the_quick_hint_shows_first_then_the_thinkers_replaces_it() -> None:
    game = sampled_game()
    expected = think(game, seed=0)
    assert expected.kind == "sampled"
    widget = GameWidget(game)
    stages = recorded(widget)
    control(widget, "hint")
    assert widget.error == ""
    assert widget._wait_for_background(TIMEOUT)
    quick, final = stages[0], stages[-1]
    best = hints(game)[0]
    assert (quick["by"], quick["tag"], quick["title"]) == ("quick", FIRST_GUESS, QUICK_THINKING)
    assert (quick["move"], quick["reason"]) == (best.move, best.reason)
    assert (final["by"], final["tag"], final["title"]) == ("thinker", CONSIDERED, THINKER)
    assert (final["move"], final["reason"], final["kind"]) == (
        str(expected.move),
        expected.reason,
        "sampled",
    )
    assert final["ranked"][0]["move"] == final["move"]
    assert [h["move"] for h in final["ranked"]].count(final["move"]) == 1
    assert widget.hint == final and widget.solving["status"] == "done"
    assert widget.solving["task"] == "think" and widget.solving["button"] == "hint"
    assert widget.message.endswith("; the thinker's choice") and final["move"] in widget.message
    assert widget.hint["move"] == game.hint().move  # the same player as Game.hint()


def test_progress_is_reported_slice_by_slice() -> None:
    """``run_think`` drains ``think_steps`` a slice at a time and says how far it got."""
    game = sampled_game()
    steps = think_steps(game.state, game.seen, seed=0)
    ticks = iter(range(10**6))
    job = Job("think", button="hint")
    work = run_think(job, steps, hint_for(game), unseen=44, clock=lambda: float(next(ticks)))
    progress = []
    while True:
        try:
            traits = next(work)
        except StopIteration as done:
            final = done.value
            break
        if traits is not None:
            progress.append(traits["solving"])
    assert len(progress) >= 2
    counts = [p["nodes"] for p in progress]
    assert counts == sorted(counts) and counts[-1] > 0
    assert all(p["running"] and p["task"] == "think" for p in progress)
    assert progress[0]["message"].startswith("thinking: ")
    assert "random deals of the 44 cards you have not seen" in progress[0]["message"]
    assert final["hint"]["move"] == str(think(game, seed=0).move)


def test_forced_safe_and_proved_moves_answer_at_once_without_a_job() -> None:
    forced = GameWidget(Game("acme", seed=1))  # the opening's only move is S-W
    control(forced, "hint")
    assert forced.solving == {} and forced._jobs.current is None
    assert (forced.hint["by"], forced.hint["kind"], forced.hint["move"]) == (
        "thinker",
        "forced",
        "S-W",
    )
    safe = GameWidget(Game("acme", seed=3))  # 2♣ goes home from the reserve: safe
    control(safe, "hint")
    assert safe._jobs.current is None and safe.hint["kind"] == "safe"
    assert safe.hint["ranked"][0]["safe"] is True
    game = known_game()
    known = GameWidget(game)
    for _ in range(3):  # along the proved line, each move again at once (the plan is kept)
        control(known, "hint")
        assert known._jobs.current is None and known.hint["kind"] == "proved"
        assert "you have seen every card" in known.hint["reason"]
        move(known, known.hint["move"])


def test_think_false_keeps_to_the_quick_hints() -> None:
    game = sampled_game()
    widget = GameWidget(game, think=False)
    assert widget.think is False
    control(widget, "hint")
    assert widget._jobs.current is None and widget.solving == {}
    assert widget.hint == hint_for(game)
    assert (widget.hint["by"], widget.hint["tag"], widget.hint["title"]) == (
        "quick",
        "",
        QUICK_ONLY,
    )
    widget.think = True
    control(widget, "hint")
    assert widget._wait_for_background(TIMEOUT) and widget.hint["by"] == "thinker"


def test_stop_keeps_the_quick_hint(cooperative: None) -> None:
    game = sampled_game()
    widget = GameWidget(game)

    async def scenario() -> None:
        control(widget, "hint")  # the first slice ran in the handler; the rest waits its turn
        assert widget._jobs.current is not None and widget.hint["by"] == "quick"
        assert widget.solving["running"] and widget.solving["button"] == "hint"
        control(widget, "stop")
        await until(lambda: finished(widget))

    on_loop(scenario)
    assert widget.error == ""
    assert (widget.hint["by"], widget.hint["title"]) == ("quick", QUICK_STOPPED)
    assert widget.hint["move"] == hints(game)[0].move
    assert widget.message.startswith("stopped: the quick hint stands (the thinker looked at")
    assert (widget.solving["status"], widget.solving["reason"]) == ("unknown", "cancelled")


def test_a_move_while_thinking_discards_the_job(cooperative: None) -> None:
    game = sampled_game()
    widget = GameWidget(game)
    stages = recorded(widget)

    async def scenario() -> None:
        control(widget, "hint")
        move(widget, widget.hint["move"])
        await until(lambda: finished(widget))

    on_loop(scenario)
    assert widget.hint == {} and widget.solving["status"] == "stale"
    assert "the thinker was thinking: its hint was discarded" in widget.solving["message"]
    assert all(stage.get("by") != "thinker" for stage in stages)


def test_both_runners_give_the_same_hint(cooperative: None) -> None:
    game = sampled_game()
    widget = GameWidget(game, chance_seed=5)

    async def scenario() -> None:
        control(widget, "hint")
        await until(lambda: finished(widget))
        await asyncio.sleep(0)

    on_loop(scenario)
    assert widget.hint["by"] == "thinker"
    assert widget.hint["move"] == str(think(game, seed=5).move)  # seeded by chance_seed


def test_refusals_are_named() -> None:
    game = sampled_game()
    widget = GameWidget(game, chance_samples=2, chance_nodes=300, chance_players=("hint",))
    control(widget, "chances")
    control(widget, "hint")  # another job works: the quick hint alone, and why
    assert widget.error == "" and widget.hint["by"] == "quick" and widget.hint["tag"] == ""
    assert "the thinker waits: the chances are being worked out" in widget.message
    assert widget._wait_for_background(TIMEOUT)
    stages = recorded(widget)
    with widget._lock:  # hold the job's end back while the table is asked again
        control(widget, "hint")
        assert widget._jobs.current is not None  # its end waits for the lock
        control(widget, "hint")
        assert widget.error == (
            "the thinker is thinking about this position already: press Stop to keep the quick hint"
        )
        for action in ("solve", "chances"):
            control(widget, action)
            assert widget.error == "the thinker is thinking about a hint: press Stop first"
    assert widget._wait_for_background(TIMEOUT) and stages[-1]["by"] == "thinker"


def test_no_hint_on_a_finished_game() -> None:
    game = known_game()
    while game.status == "playing":  # the thinker's proved line wins it
        game.play(think(game).move)
    assert game.status == "won"
    table = GameWidget(game)
    control(table, "hint")
    assert table.error == "the game is won: there is nothing left to hint"
    assert table.hint == {} and table.solving == {}


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"chance_players": "hint"}, TypeError, "chance_players is a tuple of player names"),
        ({"chance_players": ()}, ValueError, "name at least one player"),
        ({"chance_players": ("hint", 3)}, TypeError, "chance_players names players"),
        ({"chance_players": ("thinker", "oracle")}, ValueError, "oracle"),
        ({"chance_players": ("solver",)}, ValueError, "face-up"),
        ({"chance_players": ("hint", "HINT")}, ValueError, "names each player once"),
        ({"chance_players": ("hint",), "chance_strategy": "greedy"}, TypeError, "not both"),
        ({"chance_strategy": 3}, TypeError, "chance_strategy"),
        ({"think": "yes"}, TypeError, "think is True or False"),
    ],
)
def test_bad_options_are_refused_by_name(
    kwargs: dict[str, Any], error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        GameWidget("acme", seed=1, **kwargs)


def test_chance_players_and_the_older_chance_strategy() -> None:
    table = GameWidget("acme", seed=1)
    assert table.chance_players == ("thinker", "hint") and table.chance_strategy == "thinker"
    assert GameWidget("acme", seed=1, chance_strategy="greedy").chance_players == ("greedy",)
    table.chance_strategy = "random"
    assert table.chance_players == ("random",)
    table.chance_players = ["Hint", "thinker"]
    assert table.chance_players == ("hint", "thinker")
    with pytest.raises(ValueError, match="face-up"):
        table.chance_players = ("solver",)
    assert table.chance_players == ("hint", "thinker")  # a refused value changes nothing


def test_chances_measure_the_thinker_beside_winnable_and_the_hint_rules() -> None:
    """Near the end, the thinker's and the hint rules' columns beside winnable, and the words
    define all three columns and the gap."""
    game = late_game()
    widget = GameWidget(game, chance_samples=2)
    control(widget, "chances")
    assert widget._wait_for_background(TIMEOUT) and widget.solving["status"] == "done"
    rows = widget.chances
    assert {row["move"] for row in rows} == {str(m) for m in game.legal_moves()}
    for row in rows:
        assert [p["name"] for p in row["players"]] == ["thinker", "hint"]
        thinker, hint = row["players"]
        assert thinker["won"] <= row["winnable"]["won"]
        assert hint["won"] <= row["winnable"]["won"]
    lines = widget.lines
    assert lines["columns"] == ["the thinker", "the hint rules"]
    assert "The thinker: the share won by" in lines["caption"]
    assert "The hint rules: the share won by" in lines["caption"]
    assert lines["gap"] == GAP


def test_every_player_column_is_defined_in_the_caption() -> None:
    tally = {"won": 0, "lost": 1, "undecided": 0}
    players = [{"name": name, **tally} for name in ("thinker", "hint", "greedy", "random")]
    rows = [{"move": "S-W", "samples": 1, "winnable": tally, "players": players}]
    lines = chances_lines(rows)
    assert lines["columns"] == ["the thinker", "the hint rules", "greedy player", "random player"]
    for title in lines["columns"]:
        assert f"{title[0].upper()}{title[1:]}: the share won by " in lines["caption"]
    assert lines["gap"] == GAP and chances_lines([]) == {}


@pytest.mark.parametrize(
    ("names", "words", "not_said"),
    [
        (("greedy", "random"), "its way of playing cost together", "thinker"),
        (("hint",), "its way of playing cost together", "thinker"),
        (("thinker", "greedy"), "is what the hidden cards cost", "hint rules"),
        (("thinker", "hint"), "minus the hint rules' is what playing by simple rules", "its way"),
    ],
)
def test_the_words_under_the_chances_table_are_about_the_players_measured(
    names: tuple[str, ...], words: str, not_said: str
) -> None:
    """The forty-eighth review: under a table of greedy and random the two sentences spoke of
    the thinker and the hint rules, neither of them measured."""
    tally = {"won": 0, "lost": 1, "undecided": 0}
    players = [{"name": name, **tally} for name in names]
    gap = chances_lines([{"move": "S-W", "samples": 1, "winnable": tally, "players": players}])
    assert words in gap["gap"] and not_said not in gap["gap"]


def test_the_table_remembers_cards_a_restart_took_back() -> None:
    """The fifty-second review: five cards drawn, then Restart; the thinker's hint said
    "random deals of the 44 cards you have not seen" under a title saying it remembers every
    card you have seen. Hint and Chances now know the five (``Game.memory``)."""
    game = Game("quadrennial", seed=459)
    widget = GameWidget(game, chance_samples=2)
    for _ in range(5):
        move(widget, "S-W")
    control(widget, "restart")
    control(widget, "hint")
    assert widget._wait_for_background(TIMEOUT) and widget.hint["by"] == "thinker"
    assert "random deals of the 39 cards you have not seen" in widget.hint["reason"]
    control(widget, "chances")
    assert widget._wait_for_background(TIMEOUT) and widget.solving["status"] == "done"
    again = move_chances(game, samples=2, seed=widget.chance_seed)
    assert [row["winnable"]["won"] for row in widget.chances] == [c.winnable.won for c in again]
