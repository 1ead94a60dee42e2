"""Winnable deals on request, and the winnability table: its figures add up, its verdicts are
the solver's, and 'how hard is this deal' says what the table and the search found."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources import files
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widgets import Game, new_state
from solitaire_widgets.cards import canonical_deck
from solitaire_widgets.solver import next_winnable, solve
from solitaire_widgets.winnability import deal, how_hard, rate, recheck
from solitaire_widgets.winnability_file import load_table, table

GAMES = ("quadrennial", "acquaintance", "acme", "fly")  # not VARIANTS: rule knobs add to it


def first(variant: str, verdict: str) -> int:
    """The first deal the table gives this verdict."""
    for seed in range(1, 1000):
        known = deal(variant, seed)
        if known is not None and known.verdict == verdict:
            return seed
    raise AssertionError(f"no {verdict} {variant} deal in the table's first 1,000")


@pytest.mark.parametrize("variant", GAMES)
def test_a_winnable_deal_is_an_ordinary_deal_number_that_the_solver_wins(variant: str) -> None:
    game = Game(variant, seed=100, winnable=True)
    assert game.seed is not None and game.seed >= 100
    assert Game(variant, seed=100, winnable=True).seed == game.seed  # the same start, the same
    result = solve(game, max_nodes=100_000, max_seconds=None)
    assert result.solved
    for move in result.moves:
        game.play(move)
    assert game.status == "won"
    again = Game.from_json(Game(variant, seed=game.seed).to_json())
    assert again.seed == game.seed


def test_winnable_skips_the_deals_the_solver_cannot_win() -> None:
    lost = first("acme", "unwinnable")
    seed, proof = next_winnable("acme", lost)
    assert seed > lost and proof.solved
    game = Game("acme", seed=lost)
    game.new_deal(lost, winnable=True)
    assert game.seed == seed and game.history == []


def test_winnable_refuses_what_it_cannot_do() -> None:
    with pytest.raises(ValueError, match="no deck"):
        Game("acme", deck=[c.code for c in canonical_deck()], winnable=True)
    lost = next(s for s in range(1, 50) if solve(new_state("acme", seed=s)).status == "unsolvable")
    with pytest.raises(ValueError, match="was proved winnable"):
        next_winnable("acme", lost, tries=1)


@pytest.mark.parametrize("variant", GAMES)
def test_the_table_adds_up(variant: str) -> None:
    game = table()["games"][variant]
    line = rate(variant)
    verdicts = game["solver"]
    assert line.deals == len(verdicts) == len(game["nodes"]) == len(game["greedy"])
    assert (line.winnable, line.unwinnable, line.undecided) == tuple(
        verdicts.count(c) for c in "SU?"
    )
    assert line.winnable_rate == pytest.approx(line.winnable / (line.winnable + line.unwinnable))
    low, high = line.clopper_pearson
    assert low <= line.winnable_rate <= high and line.wilson[0] <= line.winnable_rate
    assert line.bounds[0] <= line.winnable_rate <= line.bounds[1]
    assert line.greedy_wins == game["greedy"].count("W") <= line.winnable + line.undecided
    said = str(line)  # in a student's words: no "CPU s" (issue: 03 printed "10 CPU s each")
    assert "the solver searched each deal with a limit of" in said and "CPU" not in said


@pytest.mark.parametrize("variant", GAMES)
def test_the_table_holds_the_solvers_verdicts(variant: str) -> None:
    """A sample of deals: each verdict the table states is the one the solver proves now."""
    checked = 0
    for seed in range(1, 40):
        known = deal(variant, seed)
        assert known is not None
        if known.verdict == "undecided":
            continue
        result = solve(new_state(variant, seed=seed), max_nodes=300_000, max_seconds=None)
        if result.status != "unknown":
            assert (
                result.status == {"winnable": "solved", "unwinnable": "unsolvable"}[known.verdict]
            )
            checked += 1
        if known.greedy_wins:
            assert known.verdict == "winnable"
    assert checked >= 20
    assert deal(variant, 10**7) is None


@pytest.mark.parametrize("variant", GAMES)
def test_a_recheck_covers_exactly_the_undecided_deals(variant: str) -> None:
    """The table's undecided deals were solved again with more time: the recheck lists
    exactly them, with a verdict each, and a bigger budget than the table's."""
    game = table()["games"][variant]
    again = game.get("recheck")
    assert again is not None, "run benchmarks/winnability.py --recheck after the table"
    undecided = [i + game["first"] for i, c in enumerate(game["solver"]) if c == "?"]
    assert again["deals"] == undecided
    assert len(again["solver"]) == len(undecided) and set(again["solver"]) <= set("SU?")
    assert again["seconds"] > table()["budget"]["seconds"]
    line = recheck(variant)
    assert line is not None and line.deals == len(undecided)
    assert line.winnable + line.unwinnable + len(line.still_undecided) == line.deals
    assert set(line.still_undecided) <= set(undecided)
    assert f"{line.winnable:,} winnable" in str(line)


@pytest.mark.parametrize("variant", GAMES)
def test_the_thinker_wins_only_deals_the_solver_does_not_prove_lost(variant: str) -> None:
    """The thinker's column covers the table's first deals; a win on a deal the solver proved
    unwinnable would mean one of them is wrong."""
    game = table()["games"][variant]
    won, verdicts = game["thinker"], game["solver"]
    assert len(won) >= 100
    assert all(v != "U" for w, v in zip(won, verdicts, strict=False) if w == "W")
    line = rate(variant).thinker
    assert line is not None and line.deals == len(won) and line.wins == won.count("W")
    assert line.wins_of_winnable <= line.wins and line.wins_of_winnable <= line.winnable
    assert line.wilson[0] <= line.rate <= line.wilson[1]
    assert f"deals 1..{line.deals:,}" in str(line)
    inside, outside = deal(variant, 1), deal(variant, len(won) + 1)
    assert inside is not None and inside.thinker_wins == (won[0] == "W")
    assert outside is not None and outside.thinker_wins is None


def test_how_hard_in_words() -> None:
    won, lost = first("acme", "winnable"), first("acme", "unwinnable")
    assert how_hard("acme", won).startswith("Winnable: the solver, which sees every card")
    assert "hint player" in how_hard("acme", won)
    assert "the thinker" in how_hard("acme", won).lower()
    assert how_hard("acme", lost).startswith("No line wins this deal")
    outside = how_hard("quadrennial", 10**7)  # not in the table: worked out now
    assert outside.startswith(("Winnable", "No line wins", "The solver could not"))


# -- a damaged table is refused, never read wrong ------------------------------------------------

REAL = (files("solitaire_widgets") / "winnability.json").read_text()


def tampered(change: Callable[[dict[str, Any]], object]) -> str:
    """The real table's text with ``change`` made to a copy (the file itself is untouched)."""
    data = json.loads(REAL)
    change(data)
    return json.dumps(data)


def cut_solver(data: dict[str, Any]) -> None:
    data["games"]["acme"]["solver"] = data["games"]["acme"]["solver"][1:]


def cut_every_column(data: dict[str, Any]) -> None:
    game = data["games"]["acme"]
    for column in ("solver", "nodes", "greedy", "hint"):
        game[column] = game[column][1:]


def setter(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for key in parents:
            data = data[key]
        data[last] = value

    return change


def deleter(path: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        for key in parents:
            data = data[key]
        del data[last]

    return change


TAMPERED = {
    "a cut solver column": (cut_solver, "games.acme.nodes"),
    "every column cut": (cut_every_column, "games.acme.summary.deals"),
    "a verdict changed": (
        setter("games.acme.solver", "S" + json.loads(REAL)["games"]["acme"]["solver"][1:]),
        "games.acme.summary.",
    ),
    "solver of the wrong type": (setter("games.fly.solver", ["S", "U"]), "games.fly.solver"),
    "an unknown verdict letter": (setter("games.fly.solver", "X" * 10_000), "games.fly.solver"),
    "nodes of the wrong type": (setter("games.fly.nodes", "many"), "games.fly.nodes"),
    "a node count that is text": (
        setter("games.fly.nodes", ["7"] * 10_000),
        "games.fly.nodes[0]",
    ),
    "a missing game": (deleter("games.quadrennial"), "games.quadrennial"),
    "a missing summary field": (deleter("games.acme.summary.wilson"), "summary.wilson"),
    "an interval of 3 bounds": (
        setter("games.acme.summary.wilson", [0.1, 0.2, 0.3]),
        "summary.wilson",
    ),
    "a share above 1": (setter("games.acme.summary.winnable_rate", 7), "winnable_rate"),
    "a first deal that is a bool": (setter("games.acme.first", True), "games.acme.first"),
    "a hint column cut": (setter("games.acme.hint", "W"), "games.acme.hint"),
    "a thinker column longer than the table": (
        setter("games.acme.thinker", "W" * 10_001),
        "games.acme.thinker",
    ),
    "a thinker letter unknown": (setter("games.acme.thinker", "WLX"), "games.acme.thinker"),
    "the thinker's wins miscounted": (
        setter("games.acme.summary.thinker.wins", -1),
        "games.acme.summary.thinker.wins",
    ),
    "a recheck with more deals than verdicts": (
        setter("games.fly.recheck.deals", [1, 2]),
        "games.fly.recheck.deals",
    ),
    "no budget": (deleter("budget"), "budget"),
    "a table that is a list": (lambda data: data.clear(), "format"),
}


@pytest.mark.parametrize("name", list(TAMPERED))
def test_a_tampered_table_is_refused_naming_the_file_and_field(name: str) -> None:
    change, field = TAMPERED[name]
    with pytest.raises(ValueError, match=r"^tampered\.json: ") as refused:
        load_table(tampered(change), "tampered.json")
    assert field in str(refused.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": ' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
        (REAL[: len(REAL) // 2], "not JSON"),
        ("[]", "expected dict"),
        ("NaN", "expected dict"),
    ],
)
def test_text_that_is_no_table_is_refused(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=rf"^cut\.json: .*{words}"):
        load_table(text, "cut.json")


def test_the_real_table_passes_its_checks() -> None:
    assert load_table(REAL) == table()


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=5,
)
GAME_FIELDS = ("first", "solver", "nodes", "greedy", "hint", "thinker", "summary", "recheck")
PATHS = [
    *(f"games.{game}.{key}" for game in json.loads(REAL)["games"] for key in GAME_FIELDS),
    "budget",
    "format",
    "games",
]


@settings(max_examples=60, deadline=None)
@given(path=st.sampled_from(PATHS), value=JSON_VALUES)
def test_any_field_replaced_is_read_right_or_refused(path: str, value: object) -> None:
    """Whatever a field is replaced by, loading gives the table back (the value happened to
    fit) or a ValueError naming the file: never another exception."""
    try:
        load_table(tampered(setter(path, value)), "fuzzed.json")
    except ValueError as refused:
        assert str(refused).startswith("fuzzed.json: ")


def test_each_measure_counts_every_deal_of_the_table() -> None:
    """``Rate.measures`` (06's table and plot): three counts on the same deals."""
    for game in ("quadrennial", "acquaintance", "acme", "fly"):
        figures = rate(game)
        measures = figures.measures()
        assert list(measures) == ["winnable (sees every card)", "hint player", "greedy"]
        assert all(tally.samples == figures.deals for tally in measures.values())
        assert measures["winnable (sees every card)"].undecided == figures.undecided
        assert measures["greedy"].won == figures.greedy_wins <= figures.winnable
