"""The exercise checks: each says "not answered yet", "not yet" with the hint aimed at its naive
answer, or "correct"; the right answers, computed here by other routes, pass, and appear nowhere
in the package; players are judged on what they can see, by a proper paired test."""

from __future__ import annotations

import random
import re
from fractions import Fraction
from math import ceil, comb
from pathlib import Path
from typing import Any

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from student_work import answer_cells, check_cells, grader

from solitaire_widgets import Game, new_state
from solitaire_widgets.exercises import (
    EXERCISES,
    View,
    against_simulation,
    check,
    judge,
    mcnemar_p_value,
    passed,
    play_deal,
    view_of,
)
from solitaire_widgets.exercises.answers import digest
from solitaire_widgets.exercises.catalogue import wilson_coverage
from solitaire_widgets.exercises.players import PlayerError, compare_with_greedy
from solitaire_widgets.intervals import sample_size, wilson
from solitaire_widgets.stats import (
    acme_reserve_suit_count,
    acquaintance_two_in_first_row,
    at_least_one,
    fly_reserve_both_copies,
    hypergeometric,
    quadrennial_ace_in_reserve,
)
from solitaire_widgets.stats.plots import MATPLOTLIB_MISSING, pyplot_if_installed
from solitaire_widgets.stats.strategies import GreedyPlay
from solitaire_widgets.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire_widgets" / "exercises"


def simulated_coverage() -> float:
    rng, hits = random.Random(0), 0
    for _ in range(2000):
        wins = sum(rng.random() < 0.15 for _ in range(50))
        hits += 0.15 in wilson(wins, 50)
    return hits / 2000


def pair_in_fly_reserve() -> Fraction:
    """Inclusion-exclusion over the 48 pairs, a second route to the challenge's answer."""
    total = comb(96, 13)
    return sum(
        (-1) ** (j + 1) * comb(48, j) * Fraction(comb(96 - 2 * j, 13 - 2 * j), total)
        for j in range(1, 7)
    )


# The right answers by routes other than the notebooks' solutions: the package's own exact
# functions, the engine, and a plain simulation.
RIGHT: dict[str, Any] = {
    "start-legal": ["S-W"],
    "quadrennial-legal": [str(m) for m in Game("quadrennial", seed=3).legal_moves()],
    "quadrennial-rules": {"R2-F3": 1, "R1-R2": 2, "S-F1": 2, "redeal": 5},
    "quadrennial-ace": quadrennial_ace_in_reserve(),
    "quadrennial-aces": [hypergeometric(k, 52, 4, 8) for k in range(5)],
    "quadrennial-timing": ["S-W", "R1-F", "R1-F", "R1-F1"],
    "acquaintance-sizes": (12, 12, 12, 11),
    "acquaintance-rules": {"R2-F1": 1, "R1-R2": 2, "S-R1": 2, "redeal": 4},
    "acquaintance-two": acquaintance_two_in_first_row(),
    "acquaintance-twos": sum(k * hypergeometric(k, 48, 4, 12) for k in range(5)),
    "acquaintance-back": ["r1", 3],
    "acme-legal": {"t2-t1", "T3-F1", "S-W"},
    "acme-rules": {"T3-T2": 4, "T4-T3": 2, "T1-R": 3, "T3-F4": 1, "S-T2": 3},
    "acme-first-home": at_least_one(48, 4, 5),
    "acme-clubs": acme_reserve_suit_count(3),
    "fly-moves": len(Game("fly", seed=4).legal_moves()),
    "fly-rules": {"S-W": 2, "T1-T2": 4, "S-F2": 1, "T1-R": 3, "redeal": 5},
    "fly-kings": fly_reserve_both_copies(),
    "fly-pair": pair_in_fly_reserve(),
    "lab-meaning": "A, E",
    "lab-coverage": simulated_coverage(),
    "lab-sample-size": sample_size(0.15, 0.01),
}
NAMESPACE = {"Fraction": Fraction, "comb": comb, "ceil": ceil}


def naive_answer(exercise_id: str) -> Any:
    namespace = dict(NAMESPACE)
    exec(EXERCISES[exercise_id].naive, namespace)
    return namespace[EXERCISES[exercise_id].name]


def test_every_exercise_has_a_right_answer_here() -> None:
    assert set(RIGHT) == {i for i, e in EXERCISES.items() if e.level != "project"}


@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_untouched_is_not_answered_yet(exercise_id: str) -> None:
    for placeholder in (..., None):
        feedback = judge(exercise_id, placeholder)
        assert feedback.verdict == "not answered yet"
        assert EXERCISES[exercise_id].name in feedback.message


@pytest.mark.parametrize("exercise_id", sorted(RIGHT))
def test_the_right_answer_is_correct(exercise_id: str) -> None:
    assert judge(exercise_id, RIGHT[exercise_id]).verdict == "correct"


@pytest.mark.parametrize("exercise_id", sorted(RIGHT))
def test_the_naive_answer_gets_its_own_hint(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    feedback = judge(exercise_id, naive_answer(exercise_id))
    assert feedback.verdict == "not yet"
    assert exercise.mistakes and exercise.mistakes[0].hint in feedback.message


@pytest.mark.parametrize("exercise_id", sorted(RIGHT))
def test_no_right_answer_is_written_in_the_package(exercise_id: str) -> None:
    right = RIGHT[exercise_id]
    if not isinstance(right, Fraction) or exercise_id == "acquaintance-twos":
        return  # engine answers are computed, short ones (18, {A, E}) are hashed below
    source = "\n".join(path.read_text() for path in PACKAGE.glob("*.py"))
    for text in (str(right), str(right.numerator), f"{float(right):.4f}"[2:]):
        if len(text) >= 3:  # "13" is everywhere
            assert text not in source, f"{exercise_id}: {text} is in the package"


def test_hashes_hide_short_answers_too() -> None:
    source = (PACKAGE / "catalogue.py").read_text()
    assert "4898" not in source and "1915" not in source
    assert re.search(r'\{"A", "E"\}', source) is None
    assert digest("lab-meaning", "AE") in source


@pytest.mark.parametrize(
    "exercise_id, answer, words",
    [
        ("quadrennial-ace", 0.4986, "exact value as a Fraction"),
        ("quadrennial-ace", Fraction(3, 2), "not a probability"),
        ("quadrennial-ace", True, "not True or False"),
        ("quadrennial-aces", [Fraction(1, 2)] * 4, "5 of them, not 4"),
        ("quadrennial-legal", "R1-F2", "a list of moves"),
        ("quadrennial-legal", ["R1 F2"], "cannot read 'R1 F2' as a move"),
        ("quadrennial-rules", ["R2-F3"], "a dict of refused moves"),
        ("quadrennial-rules", {"R3-F1": 1}, "not one of the moves asked about"),
        ("lab-meaning", {"F"}, "the statements are A, B, C, D, E"),
        ("lab-coverage", 0.12345, "not a share of the 2000 runs"),
        ("lab-sample-size", 4897.9, "not a whole number"),
        ("acquaintance-back", "R1", "a pile and a number"),
    ],
)
def test_an_answer_of_the_wrong_form_is_told_what_form(
    exercise_id: str, answer: object, words: str
) -> None:
    feedback = judge(exercise_id, answer)
    assert feedback.verdict == "not yet" and words in feedback.message, feedback


def test_other_wrong_answers_get_a_targeted_or_general_hint() -> None:
    assert "with replacement" in judge("quadrennial-ace", 1 - Fraction(48, 52) ** 8).message
    assert (
        "chance of *no* ace" in judge("quadrennial-ace", 1 - quadrennial_ace_in_reserve()).message
    )
    general = judge("quadrennial-ace", Fraction(1, 3))
    assert general.verdict == "not yet" and "sample space" in general.message
    assert "do not add up to 1" in judge("quadrennial-aces", [Fraction(1, 5)] * 4 + [0]).message
    assert "plausible" in judge("lab-coverage", 0.954).message
    assert "four times" in judge("lab-sample-size", 1225).message
    assert "redeal's own round" in judge("acquaintance-back", ("R1", 4)).message


def test_refusals_say_which_verdict_or_which_rule_is_wrong() -> None:
    right = RIGHT["fly-rules"]
    swapped = {**right, "S-F2": 3}
    feedback = judge("fly-rules", swapped)
    assert (
        feedback.verdict == "not yet" and "S-F2 breaks another rule than rule 3" in feedback.message
    )
    missing = {k: v for k, v in right.items() if k != "S-W"}
    assert "refuses S-W" in judge("fly-rules", missing).message
    correct = judge("fly-rules", right)
    assert "Fly has no waste" in correct.message  # the engine's own words, read when checked


def test_fewest_moves_are_played_by_the_engine() -> None:
    illegal = judge("quadrennial-timing", ["R2-F1"])
    assert "Move 1, R2-F1, is refused by the engine" in illegal.message
    short = judge("quadrennial-timing", ["S-W", "R1-F1"])
    assert "not reached yet" in short.message
    assert EXERCISES["quadrennial-timing"].fewest() == 4  # type: ignore[attr-defined]


def test_check_prints_and_passed_remembers(capsys: pytest.CaptureFixture[str]) -> None:
    check("acme-clubs", ...)
    assert "not answered yet" in capsys.readouterr().out and not passed("acme-clubs")
    check("acme-clubs", RIGHT["acme-clubs"])
    assert capsys.readouterr().out.startswith("Exercise 4 (clubs in the reserve): correct.")
    assert passed("acme-clubs")
    check("acme-clubs", Fraction(1, 4))
    assert not passed("acme-clubs")
    with pytest.raises(ValueError, match="no exercise 'nope'"):
        check("nope", 1)


def test_against_simulation_says_consistent_or_not(capsys: pytest.CaptureFixture[str]) -> None:
    against_simulation(Fraction(1, 2), 981, 2000)
    assert "is inside it: consistent with the simulation" in capsys.readouterr().out
    against_simulation(Fraction(1, 4), 981, 2000)
    assert "outside it" in capsys.readouterr().out
    against_simulation(..., 981, 2000)
    assert "Answer the exercise above" in capsys.readouterr().out
    against_simulation([Fraction(1, 2), Fraction(1, 3)], 500, 1000, part=0)
    assert "0.5000, is inside" in capsys.readouterr().out


# ----------------------------------------------------------------------------- players
def greedy_like(view: View) -> object:
    home = view.home_moves()
    return home[0] if home else view.legal[-1]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["quadrennial", "acquaintance", "acme", "fly"]), st.integers(0, 10**6))
def test_a_view_never_shows_a_face_down_card(variant: str, deal: int) -> None:
    """Two positions that differ only in their face-down cards look the same to a player."""
    state = new_state(variant, deal)
    rng = random.Random(deal)
    from solitaire_widgets.chances import determinize

    for _ in range(rng.randrange(30)):
        view = view_of(state)
        if not view.legal:
            break
        state = VARIANTS[variant].apply(state, rng.choice(view.legal))
    other = determinize(state, rng)
    assert view_of(state) == view_of(other)
    shown = sum(len(cards) for cards in view_of(state).piles.values())
    hidden = sum(view_of(state).hidden.values())
    assert shown + hidden == sum(len(pile) for pile in state.piles)


def test_a_player_that_breaks_a_rule_is_told_where_and_why() -> None:
    with pytest.raises(PlayerError, match=r"deal 7, move 1: .*'T1-T2', which is refused: 5♦"):
        play_deal(lambda view: "T1-T2", "acme", 7)
    with pytest.raises(PlayerError, match="returned None instead of a move"):
        play_deal(lambda view: None, "acme", 7)
    with pytest.raises(PlayerError, match="cannot read"):
        play_deal(lambda view: "T1 T2", "acme", 7)


def test_a_game_going_round_in_circles_ends() -> None:
    """Acme deal 3 reaches a position where a card can go back and forth for ever."""

    def back_and_forth(view: View) -> object:
        home = view.home_moves()
        tableau = [m for m in view.legal if m.src[0] == "T" and m.dst[0] == "T"]
        return home[0] if home else (tableau[0] if tableau else view.legal[0])

    outcome = play_deal(back_and_forth, "acme", 3)
    assert outcome.ending in ("circle", "stuck", "won")
    endings = {play_deal(back_and_forth, "acme", deal).ending for deal in range(1, 30)}
    assert "circle" in endings


def test_mcnemar_exact_p_values() -> None:
    assert mcnemar_p_value(0, 0) == 1.0
    assert mcnemar_p_value(5, 5) == 1.0
    assert mcnemar_p_value(3, 0) == pytest.approx(0.25)  # 2 * (1/2)^3
    assert mcnemar_p_value(15, 0) == pytest.approx(2 / 2**15)
    assert mcnemar_p_value(10, 2) == mcnemar_p_value(2, 10) == pytest.approx(79 / 2048 * 2 / 2)
    # a published value: 8 vs 2 discordant pairs gives p = 0.109 (exact binomial, two-sided)
    assert mcnemar_p_value(8, 2) == pytest.approx(0.109375)


def test_the_comparison_plays_greedy_on_the_same_deals() -> None:
    deals = range(1, 41)
    comparison = compare_with_greedy(greedy_like, "acme", deals)
    direct = [GreedyPlay()(new_state("acme", d), random.Random(0)).outcome == "won" for d in deals]
    assert list(comparison.greedy) == direct
    assert comparison.only_yours - comparison.only_greedy == comparison.wins - sum(direct)
    text = str(comparison)
    assert "your player" in text and "greedy" in text and "hint" in text
    assert "McNemar" in text or "Nothing tells them apart" in text


def test_the_project_check_needs_a_significant_win_over_greedy() -> None:
    project = EXERCISES["acme-player"]
    naive = judge("acme-player", lambda view: view.legal[0])
    assert naive.verdict == "not yet" and "passed up a card" in naive.message
    same = judge("acme-player", greedy_like)
    assert same.verdict == "not yet"
    assert judge("acme-player", lambda view: None).verdict == "not answered yet"
    assert "is a function" in judge("acme-player", 3).message
    assert "raised" in judge("acme-player", lambda view: 1 / 0).message
    assert project.level == "project"


# ----------------------------------------------------------------------------- notebooks
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_each_exercise_is_in_exactly_one_notebook_with_its_check() -> None:
    seen: dict[str, str] = {}
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        answers, checks = answer_cells(nb), check_cells(nb)
        assert set(answers) == set(checks), path.name
        for exercise_id, cell in answers.items():
            assert exercise_id not in seen, f"{exercise_id} in {seen[exercise_id]} and {path.name}"
            seen[exercise_id] = path.name
            exercise = EXERCISES[exercise_id]
            index = nb.cells.index(cell)
            assert checks[exercise_id] == index + 1, f"{exercise_id}: check right after the answer"
            opening = (
                f"def {exercise.name}(" if exercise.level == "project" else f"{exercise.name} = ..."
            )
            assert opening in cell.source, exercise_id
            source = nb.cells[index + 1].source
            assert source.startswith(f'check("{exercise_id}", {exercise.name})'), source
            assert f'assert passed("{exercise_id}")' in source
            assert grader(nb.cells[index + 1])["points"] > 0
    assert set(seen) == set(EXERCISES)


def test_pyplot_if_installed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    assert pyplot_if_installed() is None
    assert capsys.readouterr().out.strip() == MATPLOTLIB_MISSING
    monkeypatch.undo()
    assert pyplot_if_installed() is not None
    assert capsys.readouterr().out == ""


def test_coverage_helper_is_the_exact_sum() -> None:
    assert wilson_coverage(0.15, 50) == pytest.approx(0.9558, abs=1e-4)
