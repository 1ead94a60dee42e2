"""The exercise checks: each says "not answered yet", "not yet" with the hint aimed at its naive
answer, or "correct"; the right answers, computed here by other routes, pass, and appear nowhere
in the package; feedback never lists an answer; every verdict is a counted try; personal numbers
follow the name; players are judged on fresh deals, by a proper paired test."""

from __future__ import annotations

import importlib
import math
import random
import re
import runpy
import subprocess
import sys
import threading
import types
from collections import Counter, deque
from decimal import Decimal
from fractions import Fraction
from itertools import combinations, repeat
from math import ceil, comb, isclose, pi
from pathlib import Path
from typing import Any

import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from naive_answers import NAIVE
from student_work import answer_cells, check_cells, grader

import solitaire_widgets.stats as stats
from solitaire_widgets import DRAW, Game, kernel_state, new_state, parse_move
from solitaire_widgets.exercises import (
    EXERCISES,
    Feedback,
    View,
    against_simulation,
    catalogue,
    check,
    judge,
    mcnemar_p_value,
    measured_share,
    passed,
    play_deal,
    points,
    replay_check,
    session,
    student,
    train,
    tries,
    versus,
    view_of,
    yours,
)
from solitaire_widgets.exercises.catalogue import (
    ACQ_CARDS,
    FLY_POSITIONS,
    legal_among,
    where_it_comes_back,
)
from solitaire_widgets.exercises.checking import RECORD_KEY, record
from solitaire_widgets.exercises.identity import Student, nbgrader_id
from solitaire_widgets.exercises.kinds import (
    WRONG_RULE,
    Function,
    Refusals,
    Simulation,
    nearly,
    value_text,
)
from solitaire_widgets.exercises.players import (
    PLAYER_MAY_USE,
    TRAINING,
    TRAINING_WORDS,
    PlayerError,
    compare,
)
from solitaire_widgets.exercises.positions import Position
from solitaire_widgets.exercises.project import (
    HELD_OUT,
    HELD_OUT_SIZE,
    MATCH_SHARE,
    RANDOM_SHARE,
    PlayerProject,
    held_out_deals,
    new_draw,
)
from solitaire_widgets.exercises.rulecards import RULE_CARDS
from solitaire_widgets.exercises.scan import package_names
from solitaire_widgets.hints import hints
from solitaire_widgets.intervals import clopper_pearson, coverage, sample_size, wilson
from solitaire_widgets.stats.strategies import GreedyPlay, greedy_rank
from solitaire_widgets.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "solitaire_widgets" / "exercises"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
FRESH = '__import__("runpy").run_module("solitaire_widgets.exercises.fresh")'
"""How every hidden test gets its verdict: from a fresh copy of the checks."""


@pytest.fixture(autouse=True)
def fresh_session() -> Any:
    """Every test starts with no tries and nobody named."""
    session.forget()
    student("")
    yield
    session.forget()
    student("")


def table_of(exercise_id: str, compute: Any) -> Any:
    """A function that answers from a table worked out here by ``compute`` (the package's own
    exact functions, a second route): the check sees a plain function, not the package."""
    exercise = EXERCISES[exercise_id]
    assert isinstance(exercise, Function)
    values = {case.args: compute(*case.args) for case in exercise.cases}
    return lambda *args: values[args]


def pair_in_fly_reserve(reserve: int) -> Fraction:
    """Inclusion-exclusion over the 48 pairs: a second route to the challenge's answer."""
    total = comb(96, reserve)
    return sum(
        (
            (-1) ** (j + 1) * comb(48, j) * Fraction(comb(96 - 2 * j, reserve - 2 * j), total)
            for j in range(1, reserve // 2 + 1)
        ),
        Fraction(0),
    )


def simulated_coverage(p: float, n: int, runs: int, rng: random.Random) -> float:
    hits = 0
    for _ in range(runs):
        wins = sum(rng.random() < p for _ in range(n))
        hits += p in wilson(wins, n)
    return hits / runs


# The right answers by routes other than the notebooks' solutions: counting written here, tables
# of the package's own exact functions, inclusion-exclusion, the engine, a plain simulation. (An
# exercise whose check draws a case of its own gets a formula: a table holds no drawn case.)
RIGHT: dict[str, Any] = {
    "start-legal": ["S-W"],
    "quadrennial-legal": [str(m) for m in Game("quadrennial", seed=3).legal_moves()],
    "quadrennial-rules": {"R2-F1": 1, "W-R3": 2, "S-F2": 3, "redeal": 5},
    "quadrennial-ace": lambda c, a, r: 1 - Fraction(comb(c - a, r), comb(c, r)),
    "quadrennial-aces": lambda k, c, a, r: Fraction(comb(a, k) * comb(c - a, r - k), comb(c, r)),
    "quadrennial-timing": ["S-W", "R1-F", "R1-F", "R1-F1"],
    "acquaintance-rules": {"R3-F2": 1, "R4-R1": 2, "S-R3": 3, "redeal": 4},
    "acquaintance-sizes": (12, 12, 12, 11),
    "acquaintance-two": lambda s, p: 1 - Fraction(comb(11 * s, p), comb(12 * s, p)),
    "acquaintance-twos": lambda n: Fraction(n, 12),
    "acquaintance-back": ["r1", 3],
    "acme-legal": {"t2-t1", "T3-F2", "S-W"},
    "acme-rules": {"T1-T4": 4, "T2-T3": 2, "W-R": 3, "T1-F3": 1, "S-T4": 5},
    "acme-clubs": lambda k, r: Fraction(comb(12, k) * comb(36, r - k), comb(48, r)),
    "fly-moves": len(Game("fly", seed=4).legal_moves()),
    "fly-rules": {"R-F1": 1, "T2-T4": 4, "T3-R": 3, "redeal": 5},
    "fly-kings": lambda r: Fraction(r * (r - 1), 96 * 95),
    "fly-pair": table_of("fly-pair", pair_in_fly_reserve),
    "lab-meaning": "A, E",
    "lab-coverage": simulated_coverage,
    "lab-sample-size": table_of("lab-sample-size", lambda p, h: sample_size(p, h)),
}
NAMESPACE = {"Fraction": Fraction, "comb": comb, "ceil": ceil}


def naive_answer(exercise_id: str) -> Any:
    """The exercise's naive answer, as a student would type it in the answer cell."""
    exercise = EXERCISES[exercise_id]
    namespace: dict[str, Any] = dict(NAMESPACE)
    if isinstance(exercise, (Function, Simulation, PlayerProject)):
        header = f"def {exercise.name}({', '.join(parameters(exercise))}):"
        exec(f"{header}\n    {NAIVE[exercise_id]}", namespace)
    else:
        exec(NAIVE[exercise_id], namespace)
    return namespace[exercise.name]


def parameters(exercise: Any) -> tuple[str, ...]:
    return ("view",) if isinstance(exercise, PlayerProject) else exercise.params


def test_every_exercise_has_a_right_answer_here() -> None:
    assert set(RIGHT) == {i for i, e in EXERCISES.items() if e.level != "project"}


@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_untouched_is_not_answered_yet(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    if isinstance(exercise, (Function, Simulation, PlayerProject)):
        unwritten = naive_answer(exercise_id)
        namespace: dict[str, Any] = {}
        header = f"def {exercise.name}({', '.join(parameters(exercise))}):"
        exec(f'{header}\n    """only its docstring, as a student copy has it"""', namespace)
        unwritten = namespace[exercise.name]
        feedback = judge(exercise_id, unwritten)
        assert feedback.verdict == "not answered yet", feedback
        assert "write its body" in feedback.message
    for placeholder in (..., None):
        feedback = judge(exercise_id, placeholder)
        assert feedback.verdict == "not answered yet"
        assert feedback.number == 0  # not a try
        assert exercise.name in feedback.message
    assert tries(exercise_id) == 0


@pytest.mark.parametrize("exercise_id", sorted(RIGHT))
def test_the_right_answer_is_correct(exercise_id: str) -> None:
    feedback = judge(exercise_id, RIGHT[exercise_id])
    assert feedback.verdict == "correct", feedback
    assert feedback.points == EXERCISES[exercise_id].points


@pytest.mark.parametrize("exercise_id", sorted(RIGHT))
def test_the_naive_answer_gets_its_own_hint(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    feedback = judge(exercise_id, naive_answer(exercise_id))
    assert feedback.verdict == "not yet"
    # (lab-meaning and acquaintance-sizes have one message for every wrong answer)
    hint = exercise.mistakes[0].hint if exercise.mistakes else exercise.otherwise
    assert hint in feedback.message, feedback


@pytest.mark.parametrize("exercise_id", sorted(RIGHT))
def test_no_right_answer_is_written_in_the_package(exercise_id: str) -> None:
    exercise = EXERCISES[exercise_id]
    if not isinstance(exercise, Function):
        return  # engine answers are computed; fixed choices are hashed (below)
    source = package_source()
    right = RIGHT[exercise_id]
    for case in exercise.cases:
        value = right(*case.args)
        texts = {value_text(value, exercise.whole), str(value)}
        if isinstance(value, Fraction):
            texts |= {str(value.numerator), f"{float(value):.4f}"[2:]}
        for text in texts:
            if len(text) >= 4 and not text.strip("0."):
                continue
            if len(text) >= 4:  # "13" and "0.8" are everywhere
                assert text not in source, f"{exercise_id}{case.args}: {text} is in the package"


def package_source() -> str:
    """The exercises' code without its hashes (whose hex digits hold any short number)."""
    text = "\n".join(path.read_text() for path in PACKAGE.glob("*.py"))
    return re.sub(r'"[0-9a-f]{24}"', '""', text)


def test_hashes_hide_short_answers_too() -> None:
    source = package_source()
    assert "4898" not in source and "1915" not in source
    assert re.search(r'\{"A", "E"\}', source) is None


@pytest.mark.parametrize(
    "exercise_id", [i for i, e in EXERCISES.items() if isinstance(e, Function)]
)
def test_every_stored_value_is_far_from_a_rounding_edge(exercise_id: str) -> None:
    """A float answer agrees with the exact one to ten digits unless the value sits on the edge
    of a rounding; none of the stored ones does, so float and Fraction answers read alike."""
    exercise = EXERCISES[exercise_id]
    assert isinstance(exercise, Function)
    right = RIGHT[exercise_id]
    for case in exercise.cases:
        value = float(right(*case.args))
        if exercise.whole:
            assert value == int(value)
            continue
        near = {value_text(value * (1 + sign * 1e-12)) for sign in (-1, 0, 1)}
        assert len(near) == 1, (exercise_id, case.args, near)


def test_float_answers_and_other_forms_are_accepted() -> None:
    def p_ace(cards: int, aces: int, reserve: int) -> float:
        return 1 - comb(cards - aces, reserve) / comb(cards, reserve)

    assert judge("quadrennial-ace", p_ace).verdict == "correct"

    def expected_twos(cards: int) -> float:
        return 12 * 4 / 48 * cards / 12  # a float, exact for whole numbers of twelfths

    assert judge("acquaintance-twos", expected_twos).verdict == "correct"

    def deals_needed(p: float, h: float) -> int:
        return ceil(1.959964**2 * p * (1 - p) / h**2)  # z to more digits: also right

    assert judge("lab-sample-size", deals_needed).verdict == "correct"
    assert judge("acquaintance-back", ("r1", 3.0)).verdict == "correct"
    assert judge("lab-meaning", "e a").verdict == "correct"


def test_digits_typed_as_text_are_read_as_numbers() -> None:
    assert judge("fly-moves", str(RIGHT["fly-moves"])).verdict == "correct"
    assert judge("acquaintance-back", ("R1", " 3")).verdict == "correct"
    as_text = {move: str(rule) for move, rule in RIGHT["quadrennial-rules"].items()}
    assert judge("quadrennial-rules", as_text).verdict == "correct"
    assert "not a number" in judge("quadrennial-rules", {"S-F2": "three"}).message


def test_a_negative_comb_argument_is_explained() -> None:
    """The ninth review: a right sum over k raised math.comb's ValueError on a small pile."""

    def expected_twos(cards: int) -> Fraction:
        return sum(
            (k * Fraction(comb(4, k) * comb(44, cards - k), comb(48, cards)) for k in range(5)),
            Fraction(0),
        )

    feedback = judge("acquaintance-twos", expected_twos)
    assert "refuses a negative n or k" in feedback.message, feedback


@pytest.mark.parametrize("text", ["²", "1" * 5000, "twelve", "3.5"])
def test_text_that_is_no_whole_number_is_told_so(text: str) -> None:
    """The tenth review: "²" is a digit to isdigit, and int() reads at most 4300 digits; both
    raised a traceback from the package."""
    for exercise_id, answer in (
        ("fly-moves", text),
        ("quadrennial-rules", {"redeal": text}),
        ("acquaintance-back", ("R1", text)),
    ):
        feedback = judge(exercise_id, answer)
        assert feedback.verdict == "not yet" and feedback.number == 0, feedback


def test_a_none_names_the_call_that_gave_it() -> None:
    def p_ace(cards: int, aces: int, reserve: int) -> object:
        if reserve <= 8:
            return 1 - Fraction(comb(cards - aces, reserve), comb(cards, reserve))
        return None

    feedback = judge("quadrennial-ace", p_ace)
    assert "returns None in p_ace(" in feedback.message, feedback


def test_tenth_reviews_hints() -> None:
    """z = 2 is told; a coverage of 0 or 1 everywhere gets a hint of its own; X-F in a list of
    legal moves is read before the candidates are compared; numpy's float32 is a number."""
    import numpy as np

    z_two = judge("lab-sample-size", lambda p, h: ceil(4 * p * (1 - p) / h**2))
    assert "z = 2" in z_two.message
    never = judge("lab-coverage", lambda p, n, runs, rng: rng.random() * 0)
    assert "a share from 0 to 1" in never.message, never
    always = judge("lab-coverage", lambda p, n, runs, rng: 1 + rng.random() * 0)
    assert "wins / n is inside its own interval" in always.message, always
    with_x_f = judge("start-legal", ["S-W", "R-F"])
    assert "not one of the moves asked about" not in with_x_f.message, with_x_f

    def measure_coverage(p: float, n: int, runs: int, rng: random.Random) -> object:
        hits = sum(p in wilson(sum(rng.random() < p for _ in range(n)), n) for _ in range(runs))
        return np.float32(hits / runs)

    assert judge("lab-coverage", measure_coverage).verdict == "correct"

    def other_interval(p: float, n: int, runs: int, rng: random.Random) -> object:
        count = lambda: sum(rng.random() < p for _ in range(n))  # noqa: E731
        return sum(p in clopper_pearson(count(), n) for _ in range(runs)) / runs

    wrong = judge("lab-coverage", other_interval)  # the thirty-fourth review
    assert "how often Wilson's interval covers p" in wrong.message, wrong
    assert "asking the package" not in wrong.message


def test_eleventh_reviews_hints_are_true_for_the_answers_that_get_them() -> None:
    """Each hint below was false for the answer that triggered it (the eleventh review)."""
    from math import sqrt

    def message(exercise_id: str, answer: object) -> str:
        return judge(exercise_id, answer).message

    z_unsquared = message("lab-sample-size", lambda p, h: ceil(1.96 * p * (1 - p) / h**2))
    assert "Is z squared" in z_unsquared and "four times" not in z_unsquared
    for twice in (
        lambda p, h: ceil(1.96**2 * p * (1 - p) / h),
        lambda p, h: ceil(1.96 * sqrt(p * (1 - p)) / h),
    ):
        assert "four times the deals" in message("lab-sample-size", twice)
    whole = message("acquaintance-twos", lambda cards: cards * 4 // 48)
    assert "drop the fraction" in whole and "Right for" not in whole
    others_only = message(
        "quadrennial-aces",
        lambda k, cards, aces, reserve: Fraction(
            comb(cards - aces, reserve - k), comb(cards, reserve)
        ),
    )
    assert "but not both" in others_only and "Right for" not in others_only

    def floor_share(p: float, n: int, runs: int, rng: random.Random) -> int:
        hits = sum(p in wilson(sum(rng.random() < p for _ in range(n)), n) for _ in range(runs))
        return hits // runs

    assert "`//` gives 0" in message("lab-coverage", floor_share)

    def share_to_wilson(p: float, n: int, runs: int, rng: random.Random) -> float:
        wins = [sum(rng.random() < p for _ in range(n)) for _ in range(runs)]
        return sum(p in wilson(w / n, n) for w in wins) / runs

    refused = judge("lab-coverage", share_to_wilson)
    assert "is a count, a whole number" in refused.message and refused.number == 0
    with pytest.raises(ValueError, match="a count"):
        wilson(0.15, 50)
    assert wilson(3.0, 10) == wilson(3, 10)
    timing = message("quadrennial-timing", ["R1-F", "S-W", "W-F", "S-W", "W-F"])
    assert "refills R1" in timing
    example = message("quadrennial-rules", {"W-R3": "rule two"})
    assert '{"W-R3": 2}' not in example and "R1-R2" in example
    # a stray space or "and" between the letters is no statement (the fourteenth review)
    for letters in ({"", "A", "E"}, {"A", " ", "E"}, "A and E", "A & E"):
        assert judge("lab-meaning", letters).verdict == "correct", letters
    assert "'OR': the statements are" in message("lab-meaning", "A or E")
    # "Ace" is a word, not the letters A, C and E: refused, no try counted
    assert "'ACE': the statements are" in message("lab-meaning", "Ace")
    assert judge("lab-meaning", "ae").verdict == "correct"


def test_fly_counts_hint_holds_for_each_students_position() -> None:
    """The fixed answer 11 was hinted at for positions with no foundation move at all."""
    from solitaire_widgets.exercises.catalogue import _foundations_as_one
    from solitaire_widgets.exercises.identity import current

    mistake = EXERCISES["fly-moves"].mistakes[0].hint
    for name in ("", "Ada", "Di", "Ed", "Kim"):
        student(name)
        slip = _foundations_as_one(current())
        position = yours("fly-moves")
        legal = [str(m) for m in position.legal_moves()]  # type: ignore[attr-defined]
        homes = [m for m in legal if "-F" in m]
        counted = len(legal) - len(homes) + len({m.split("-")[0] for m in homes})
        assert slip == (counted if counted < len(legal) - 1 else None)
        if slip is not None:
            assert mistake in judge("fly-moves", slip).message
        assert mistake not in judge("fly-moves", 11 if slip != 11 else 12).message
    student("")


def test_twelfth_reviews_hints() -> None:
    from math import perm

    ordered = judge(
        "quadrennial-aces",
        lambda k, c, a, r: Fraction(perm(a, k) * perm(c - a, r - k), perm(c, r)),
    )
    assert "in one order" in ordered.message, ordered
    plus_one = judge("lab-sample-size", lambda p, h: round(1.96**2 * p * (1 - p) / h**2) + 1)
    assert "overshoots" in plus_one.message, plus_one

    def one_measurement(p: float, n: int, runs: int, rng: random.Random) -> float:
        wins = sum(rng.random() < p for _ in range(n))
        return sum(p in wilson(wins, n) for _ in range(runs)) / runs

    said = judge("lab-coverage", one_measurement).message
    assert "counted afresh" in said or "same share" in said or "further from" in said, said


def test_a_player_that_crashes_on_its_first_move_is_no_try() -> None:
    before = tries("acme-player")
    crashed = judge("acme-player", lambda view: view.legal[0].name)
    assert "deal 1's first move" in crashed.message and crashed.number == 0
    assert tries("acme-player") == before
    # a move of a pile the game lacks, or a refused one, on the first move: a bug alike
    for move, said in (("T1-T9", "Acme has no pile 'T9'"), ("R-T1", "which is refused")):
        refused = judge("acme-player", lambda view, move=move: move)
        assert said in refused.message and "no deal was played" in refused.message, refused
        assert refused.number == 0 and tries("acme-player") == before


def test_a_decimal_answer_is_a_number() -> None:
    def p_ace(cards: int, aces: int, reserve: int) -> Decimal:
        return 1 - Decimal(comb(cards - aces, reserve)) / Decimal(comb(cards, reserve))

    assert judge("quadrennial-ace", p_ace).verdict == "correct"


def test_a_whole_number_answer_may_be_any_number_type() -> None:
    right = RIGHT["fly-moves"]
    for answer in (Decimal(right), Fraction(right), float(right)):
        assert judge("fly-moves", answer).verdict == "correct", answer
    for wrong in (Decimal("2.5"), Fraction(5, 2), math.nan, math.inf):
        feedback = judge("fly-moves", wrong)
        assert feedback.verdict == "not yet" and "not a whole number" in feedback.message


@pytest.mark.parametrize("places", [1, 3, 6, 10])
def test_a_right_method_rounded_is_told_not_to_round(places: int) -> None:
    def p_ace(cards: int, aces: int, reserve: int) -> float:
        return round(1 - comb(cards - aces, reserve) / comb(cards, reserve), places)

    for _ in range(8):  # each check draws cases of its own: the same message on every draw
        feedback = judge("quadrennial-ace", p_ace)
        if places == 10 and feedback.correct:
            continue  # ten places can be right to the ten digits the check compares
        assert feedback.verdict == "not yet" and "look rounded" in feedback.message, feedback


def test_single_precision_is_a_slip_of_form_and_a_0_d_array_a_number() -> None:
    """float32 cannot hold the ten digits compared: told, and not counted (the seventeenth
    review); a numpy 0-d array of float64 is the number it holds."""
    import numpy as np

    def p_ace(cards: int, aces: int, reserve: int) -> object:
        return np.float32(1 - comb(cards - aces, reserve) / comb(cards, reserve))

    feedback = judge("quadrennial-ace", p_ace)
    assert feedback.verdict == "not yet" and "a numpy float32" in feedback.message, feedback
    assert "(Not counted as a try.)" in feedback.message, feedback
    array = judge("quadrennial-ace", lambda c, a, r: np.array(1 - comb(c - a, r) / comb(c, r)))
    assert array.verdict == "correct", array


def test_a_wrong_method_rounded_is_never_told_it_looks_rounded() -> None:
    """The tenth review: adding the chances, rounded, was told "look rounded" on 1 check in 8
    (with one ace the sum is exact, and one drawn case decided). Five drawn cases decide now."""

    def p_ace(cards: int, aces: int, reserve: int) -> float:
        return round(reserve * aces / cards, 3)

    for _ in range(40):
        assert "look rounded" not in judge("quadrennial-ace", p_ace).message


def test_nearly_is_one_rounding_or_a_small_error_for_all() -> None:
    rights = [0.38764, 0.5, 0.123456]
    assert nearly([0.388, 0.5, 0.123], rights) and nearly([0.39, 0.5, 0.12], rights)
    assert nearly([0.38764001, 0.5, 0.12345601], rights)  # float32-like
    assert not nearly(rights, rights) and not nearly([0.4, 0.5, 0.123456], rights)
    assert not nearly([0.388, 0.5, 0.1235], rights)  # 3 places, then 4: no one rounding
    assert not nearly([math.nan, 0.5, 0.1], rights) and not nearly([], [])


def test_a_number_that_float_cannot_read_is_told_why() -> None:
    class Stubborn(float):
        def __float__(self) -> float:
            raise TypeError("no float today")

    feedback = judge("quadrennial-ace", lambda c, a, r: Stubborn(0.5))
    assert feedback.verdict == "not yet" and "float() of it raised" in feedback.message


def test_a_number_whose_float_asks_the_package_is_refused_in_words() -> None:
    hidden = repeat(stats.at_least_one)  # out of the scan's sight: the package refuses

    class Borrowed(float):
        def __float__(self) -> float:
            return float(next(hidden)(52, 4, 8))

    feedback = judge("quadrennial-ace", lambda c, a, r: Borrowed(0.5))
    assert feedback.verdict == "not yet", feedback
    assert "uses at_least_one from solitaire_widgets" in feedback.message, feedback


@pytest.mark.parametrize(
    "exercise_id, answer, words",
    [
        ("quadrennial-ace", lambda c, a, r: 1 - comb(48, 8) / comb(52, 8), "not yet for other"),
        ("quadrennial-ace", lambda c, a, r: "half", "not a number"),
        ("quadrennial-ace", lambda c, a, r: Fraction(3, 2), "not a probability"),
        ("quadrennial-ace", lambda c, a, r: 1 / 0, "raised ZeroDivisionError"),
        ("quadrennial-ace", 0.4986, "is a function"),
        ("lab-sample-size", lambda p, h: 4897.9, "not a whole number"),
        ("quadrennial-legal", 12, "a list of moves"),
        ("quadrennial-legal", ["R1 F2"], "cannot read 'R1 F2' as a move"),
        ("quadrennial-rules", ["R2-F3"], "a dict of refused moves"),
        ("quadrennial-rules", {"R3-F1": 1}, "not one of the moves asked about"),
        ("lab-meaning", {"F"}, "the statements are A, B, C, D, E"),
        ("acquaintance-back", "R1", "a pile and a number"),
        ("acquaintance-back", ("T1", 3), "'T1' is not one of the piles"),
        ("start-legal", ["S-W", "T1-T2"], "T1-T2 is not one of the moves asked about"),
        ("quadrennial-timing", ["S-W", "R1-T1"], "Quadrennial has no pile 'T1'"),
        ("quadrennial-legal", ["R1-F", "R9-F1"], "Quadrennial has no pile 'R9'"),
        ("quadrennial-rules", {"R4-F1": 7}, "rule 7 is not on the card"),
        ("fly-moves", -3, "-3 is below 0"),
        ("quadrennial-rules", {"S-F2": -2}, "S-F2: rule -2 is not on the card"),
        ("quadrennial-legal", ["R1\u2013F2"], "its dash is not the hyphen"),
        ("quadrennial-rules", {"S-W": None}, "list only the moves you expect the engine to"),
        ("acquaintance-back", ("R1", -1), "-1 is below 0"),
    ],
)
def test_an_answer_of_the_wrong_form_is_told_what_form(
    exercise_id: str, answer: object, words: str
) -> None:
    """Told what the form is, and a slip of form is not counted as a try (it says nothing of
    the answer); a value that is a number, though a wrong one, is a try."""
    feedback = judge(exercise_id, answer)
    assert feedback.verdict == "not yet" and words in feedback.message, feedback
    counted = words in ("not yet for other", "not a probability")
    assert ("(Not counted as a try.)" not in feedback.message) == counted, feedback


def test_the_same_function_checked_again_is_not_another_try_and_a_generator_is_a_slip() -> None:
    """The nineteenth review: Run All after finishing added a try for every function; and a
    generator, remembered by its address, let a loop over candidates go uncounted."""
    student("")

    def p_ace(cards: int, aces: int, reserve: int) -> Fraction:
        return 1 - Fraction(comb(cards - aces, reserve), comb(cards, reserve))

    assert [judge("quadrennial-ace", p_ace).number for _ in range(3)] == [1, 1, 1]
    assert judge("quadrennial-ace", lambda c, a, r: 0.5).number == 2  # other values: a try
    candidates = (["S-W"], ["W-T3"], ["R-T1"])
    told = [judge("start-legal", (move for move in c)) for c in candidates]
    assert all("not a generator" in f.message and f.number == 0 for f in told), told
    assert judge("start-legal", {"S-W"}).number == judge("start-legal", {"S-W"}).number
    import numpy as np

    again = [judge("start-legal", answer).number for answer in (np.array(["S-W"]), ("S-W",))]
    assert again[0] == again[1]  # the same moves, read alike
    assert "as a dict of refused moves" in judge("quadrennial-rules", iter([])).message


def test_a_correct_simulation_of_its_own_randomness_checked_again_is_not_another_try() -> None:
    """The twenty-third review: a simulation drawing from the random module (accepted) gives
    new shares each check, so Run All after finishing added a try each time."""

    def module_random(p: float, n: int, runs: int, rng: random.Random) -> float:
        return simulated_coverage(p, n, runs, random.Random())  # not rng: the OS seeds it

    checks = [judge("lab-coverage", module_random) for _ in range(3)]
    assert [f.verdict for f in checks] == ["correct"] * 3
    assert len({f.number for f in checks}) == 1
    assert judge("lab-coverage", lambda p, n, runs, rng: 0.5).number == checks[0].number + 1


def test_a_wrong_function_checked_again_and_again_is_counted_each_time() -> None:
    """The twentieth review: a function right on the stored cases but not on every deck kept
    its try number while the drawn cases were drawn anew, until one check passed; every drawn
    case must be right now, and only a correct function keeps its try."""
    student("")

    def p_ace(cards: int, aces: int, reserve: int) -> Fraction:
        right = 1 - Fraction(comb(cards - aces, reserve), comb(cards, reserve))
        return right if cards < 28 or (cards, aces, reserve) in STORED else Fraction(1, 3)

    STORED = {case.args for case in EXERCISES["quadrennial-ace"].cases}  # type: ignore[attr-defined]
    numbers = [judge("quadrennial-ace", p_ace) for _ in range(6)]
    assert all(f.verdict == "not yet" for f in numbers), numbers
    assert [f.number for f in numbers] == [1, 2, 3, 4, 5, 6]


def test_the_same_value_checked_again_is_not_another_try() -> None:
    """Run All after finishing checked every answer again and counted a second try (the
    eighteenth review); a different answer, or the same one after it, is a new try."""
    student("")
    numbers = [judge("start-legal", answer).number for answer in (["S-W"], ["S-W"], ["W-T3"])]
    assert numbers == [1, 1, 2]
    assert judge("start-legal", ["S-W"]).number == 3
    assert tries("start-legal") == 3


def test_a_slip_between_two_same_answers_is_not_another_try() -> None:
    """The twenty-sixth review: a slip of form (not counted) between two checks of the same
    answer made the second a new try; the answer is compared with the last counted verdict."""
    student("")
    answers = ({"A", "E"}, {"A", "E", "F"}, {"A", "E"})
    numbers = [judge("lab-meaning", answer).number for answer in answers]
    assert numbers == [1, 0, 1]
    numbers = [judge("start-legal", answer).number for answer in (["S-W"], ["SW"], ["S-W"])]
    assert numbers == [1, 0, 1]
    assert tries("lab-meaning") == tries("start-legal") == 1
    back = [judge("start-legal", answer).number for answer in (["W-T3"], ["S-W"], ["W-T3"])]
    assert back == [2, 3, 4]  # back to an earlier answer after another: a new try


def test_a_move_to_any_foundation_is_the_same_answer_as_the_move_it_names() -> None:
    """The twenty-eighth review: R1-F and R1-F2 (the foundation that takes the card) are one
    answer, so checking either again keeps the try's number."""
    student("")
    answers = (["R1-F", "R6-F", "S-W"], ["R1-F2", "R6-F3", "S-W"], ["R1-F", "R6-F", "S-W"])
    assert [judge("quadrennial-legal", answer).number for answer in answers] == [1, 1, 1]
    # the thirty-fourth review: a line of moves too, "draw" as S-W
    line = (["S-W", "R1-F1", "R1-F1", "R1-F1"], ["draw", "R1-F", "r1-f", "R1-F1"])
    numbers = [judge("quadrennial-timing", answer).number for answer in line]
    assert numbers == [1, 1] and judge("quadrennial-timing", line[0]).correct
    wrong = (["R1-F", "S-W", "R2-F"], ["R1-F1", "draw", "R2-F"])  # refused at the same move
    assert [judge("quadrennial-timing", answer).number for answer in wrong] == [2, 2]


def test_a_set_of_moves_is_compared_in_one_order() -> None:
    """A set of moves is hashed and compared as its sorted text: in 1ffa95a the method slipped
    below a new helper (dead code), the set's own order (which changes with Python's string
    hashing from run to run) was hashed, and a right answer could be "not yet"."""
    from solitaire_widgets.exercises.answers import MoveSetForm

    orders = (["S-W", "R6-F3", "R1-F2"], ["R1-F2", "S-W", "R6-F3"], {"R6-F3", "R1-F2", "S-W"})
    assert {MoveSetForm().canonical(order) for order in orders} == {"R1-F2,R6-F3,S-W"}


def test_a_pile_written_with_a_space_is_read() -> None:
    from solitaire_widgets.exercises.answers import PlaceForm

    assert PlaceForm(piles=("R1", "R2")).read(("r 1", 3.0)) == ("R1", 3)


def test_a_function_that_asks_the_package_is_refused() -> None:
    def p_ace(cards: int, aces: int, reserve: int) -> Fraction:
        return stats.at_least_one(cards, aces, reserve)

    feedback = judge("quadrennial-ace", p_ace)
    assert feedback.verdict == "not yet" and "uses stats from solitaire_widgets" in feedback.message

    def deals_needed(p: float, h: float) -> int:
        from solitaire_widgets.intervals import sample_size as size

        return size(p, h)

    assert (
        "uses sample_size from solitaire_widgets" in judge("lab-sample-size", deals_needed).message
    )

    def measure_coverage(p: float, n: int, runs: int, rng: random.Random) -> float:
        return coverage(n, [p], wilson)[0]

    assert "coverage" in judge("lab-coverage", measure_coverage).message
    assert package_names(simulated_coverage, frozenset({"wilson"})) == []
    assert package_names(lambda x: x.wilson) == []  # an attribute name is not a load


def test_other_wrong_functions_get_a_targeted_or_general_hint() -> None:
    def with_replacement(cards: int, aces: int, reserve: int) -> Fraction:
        return 1 - Fraction(cards - aces, cards) ** reserve

    assert "with replacement" in judge("quadrennial-ace", with_replacement).message

    def none_at_all(cards: int, aces: int, reserve: int) -> Fraction:
        return Fraction(comb(cards - aces, reserve), comb(cards, reserve))

    assert "chance of *no* ace" in judge("quadrennial-ace", none_at_all).message
    general = judge("quadrennial-ace", lambda c, a, r: Fraction(1, 3))
    assert general.verdict == "not yet" and "sample space" in general.message
    assert (
        "Round up"
        in judge("lab-sample-size", lambda p, h: int(1.96**2 * p * (1 - p) / h**2)).message
    )
    # round() is right for the claim's own numbers (4898.04): the hint is about rounding up,
    # not about a number of the game written in the function
    rounded = judge("lab-sample-size", lambda p, h: round(1.96**2 * p * (1 - p) / h**2))
    assert "round up, with ceil" in rounded.message and "Right for" not in rounded.message


def test_where_a_card_comes_back_gets_one_message_for_every_wrong_place() -> None:
    """A hint for ("R1", 4) alone told a student the pile was right: every wrong place gets the
    same questions, and the naive answer's among them."""
    messages = {
        judge("acquaintance-back", place).message
        for place in [("R1", 4), ("R4", 3), ("R2", 1), ("R1", 0), ("R3", 3)]
    }
    assert len(messages) == 1
    assert "redeal's own round" in messages.pop()


def test_the_pile_sizes_get_one_message_for_every_wrong_list() -> None:
    """The ninth review: a hint for [11, 11, 11, 10] ("every pile already holds a card") meant
    "add one to each", and one for [12, 12, 12, 12] "follow the last deal move"."""
    messages = {
        judge("acquaintance-sizes", sizes).message
        for sizes in [[12, 12, 12, 12], [11, 11, 11, 10], [11, 11, 11, 11], [13, 12, 12, 11]]
    }
    assert len(messages) == 1 and "R1 first" in messages.pop()


def test_a_correct_note_claims_nothing_about_how_it_was_worked_out() -> None:
    """Summing the chances of 1, 2, 3... aces (as scipy's ``hypergeom.sf`` does) is right, and
    its note must not say that it counted the complement."""

    def by_sum(cards: int, aces: int, reserve: int) -> Fraction:
        return sum(
            (
                Fraction(comb(aces, k) * comb(cards - aces, reserve - k), comb(cards, reserve))
                for k in range(1, min(aces, reserve) + 1)
            ),
            Fraction(0),
        )

    feedback = judge("quadrennial-ace", by_sum)
    assert feedback.correct and "You counted" not in feedback.message


def test_every_exercise_is_numbered_and_headed_so_in_its_notebook() -> None:
    """A check's title is its notebook's heading ("Exercise 1 (...)"): 00's said "Exercise
    (predict the engine)", with no number."""
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        headings = "\n".join(
            line
            for cell in nb.cells
            if cell.cell_type == "markdown"
            for line in cell.source.split("\n")
            if line.startswith("#")
        )
        for exercise_id in answer_cells(nb):
            title = EXERCISES[exercise_id].title
            if EXERCISES[exercise_id].level == "project":
                continue
            assert re.fullmatch(r"Exercise \d+ \(.+\)", title), title
            # the whole title: 05's headings had lost "in the reserve" (the fifth review)
            assert re.search(rf"^#+ {re.escape(title)}$", headings, re.M), (path.name, title)


@pytest.mark.parametrize(
    ("exercise_id", "description"),
    [
        ("acme-rules", "a tableau pile's only card onto an empty tableau pile"),  # T1-T4 alone
        ("acme-rules", "The waste's or the reserve's last card"),  # W-T4 alone
        ("fly-rules", "tableau card move to another pile"),  # T2-T4 alone
    ],
)
def test_feedback_on_refusals_describes_no_single_move(exercise_id: str, description: str) -> None:
    """A question that fits one of the six moves names it as surely as its name would: the
    wrong-answer message points to the rules to read again instead (the forty-first review)."""
    feedback = judge(exercise_id, {})
    assert feedback.verdict == "not yet"
    assert description not in feedback.message
    assert "rule" in feedback.message.lower()


@pytest.mark.parametrize(
    "exercise_id", ["quadrennial-rules", "acquaintance-rules", "acme-rules", "fly-rules"]
)
def test_feedback_on_refusals_is_the_same_for_every_wrong_answer(exercise_id: str) -> None:
    """Whatever set of moves is given, every wrong one gets the same message, and it names no
    move: a try tells "not yet" and nothing of which move is wrong. A wrong rule number alike."""
    exercise = EXERCISES[exercise_id]
    candidates = exercise.candidates  # type: ignore[attr-defined]
    right = RIGHT[exercise_id]
    messages = set()
    for size in range(len(candidates) + 1):
        for chosen in combinations(candidates, size):
            feedback = judge(exercise_id, {move: right.get(move, 1) for move in chosen})
            if feedback.verdict == "not yet":
                messages.add(feedback.message)
    assert len(messages) == 1, messages
    wrong_rules = set()
    count = len(RULE_CARDS[exercise.position.variant].rules)  # type: ignore[attr-defined]
    for move in right:
        beyond = judge(exercise_id, {**right, move: count + 1})  # not on the card: a slip
        assert "(Not counted as a try.)" in beyond.message, beyond
        for rule in range(1, count + 1):
            feedback = judge(exercise_id, {**right, move: rule})
            if not feedback.correct:
                wrong_rules.add(feedback.message)
    assert wrong_rules == {WRONG_RULE}, wrong_rules  # no question per move (review 21)
    for message in messages:  # (the rule message comes once every refused move is found)
        named = [
            m for m in candidates if "-" in m and re.search(rf"(?<![\w-]){m}(?![\w-])", message)
        ]
        assert not named, (named, message)


LEGAL_CHOICES = {
    "start-legal": ("S-W", "W-T3", "R-T1", "T4-T3", "R-F3"),
    "quadrennial-legal": ("R1-F2", "R6-F3", "S-W", "redeal", "R2-F1", "R1-R2", "W-F1"),
    "acme-legal": ("T2-T1", "R-T4", "T3-F2", "S-W", "T1-T2", "W-T1", "redeal"),
}
"""For each "read the table" exercise: its right moves and the wrong ones a student might add."""


@pytest.mark.parametrize("exercise_id", sorted(LEGAL_CHOICES))
def test_feedback_on_legal_moves_is_the_same_for_every_wrong_set(exercise_id: str) -> None:
    """Every wrong set of legal moves gets one message that names no move: a hint aimed at the
    answer would name the one wrong move, and dropping it would be the next try."""
    moves = LEGAL_CHOICES[exercise_id]
    messages = set()
    for size in range(len(moves) + 1):
        for chosen in combinations(moves, size):
            feedback = judge(exercise_id, list(chosen))
            if feedback.verdict == "not yet":
                messages.add(feedback.message)
    assert len(messages) == 1, messages
    (message,) = messages
    named = [  # ("redeal" is also the rule's name: the same words for every answer)
        m for m in moves if "-" in m and re.search(rf"(?<![\w-]){m}(?![\w-])", message)
    ]
    assert not named, (named, message)
    if exercise_id == "quadrennial-legal":  # the idea behind a wrong redeal is in it
        assert "redeal" in message and "rule 5" in message


def test_feedback_on_statements_is_the_same_for_every_wrong_choice() -> None:
    """One message for every wrong set, with a question for each of the five statements: the
    fifth review read the true ones off a message that asked only about the false ones."""
    messages = set()
    for size in range(6):
        for letters in combinations("ABCDE", size):
            feedback = judge("lab-meaning", set(letters))
            if feedback.verdict == "not yet":
                messages.add(feedback.message)
    assert len(messages) == 1, messages
    (message,) = messages
    assert re.findall(r"\b([A-E]): ", message) == list("ABCDE"), message


def test_rules_as_the_notebook_shows_them_are_accepted() -> None:
    """Fly's rule 3 and rule 4 both forbid T3-R (nothing goes on the reserve; tableau cards go
    only home): either number is right, as the notebook and the rule card say both."""
    right = RIGHT["fly-rules"]
    assert judge("fly-rules", {**right, "T3-R": 4}).correct
    assert judge("fly-rules", {**right, "T3-R": 3}).correct
    correct = judge("fly-rules", right)
    assert "no building in Fly" in correct.message  # the engine's own words, read when checked
    nb = nbformat.read(ROOT / "notebooks" / "05_fly.ipynb", as_version=4)
    rules = next(c.source for c in nb.cells if "## The rules" in c.source)
    assert "Nothing is ever\n   placed on the reserve" in rules


RULES_EXERCISES = [i for i, e in EXERCISES.items() if isinstance(e, Refusals)]


def as_seen(game: Game) -> tuple[object, ...]:
    """A position as a student sees it: each pile's face-up cards and how many lie face down
    (two deals that differ only in cards nobody sees look the same on the table)."""
    state = game.state
    rules = VARIANTS[state.variant]
    piles = []
    for index, pile in enumerate(state.piles):
        down = rules.face_down(state, index)
        piles.append((down, pile[down:]))
    return state.variant, tuple(piles), state.redeals


POSED = [i for i, e in EXERCISES.items() if getattr(e, "position", None) is not None]


@pytest.mark.parametrize("exercise_id", POSED)
def test_no_exercise_is_answered_on_the_rule_card(exercise_id: str) -> None:
    """The rule card prints each example move with the engine's verdict under its rule number
    (for the class, and in the package as text): no exercise asks about one of the card's
    positions, so no move of an exercise is shown on the card where the exercise asks it."""
    position = EXERCISES[exercise_id].position  # type: ignore[attr-defined]
    seen = as_seen(position.game())
    card = RULE_CARDS[position.variant]
    examples = [example for rule in card.rules + card.rulings for example in rule.examples]
    on_card = [e.move for e in examples if as_seen(e.position.game()) == seen]
    assert not on_card, f"{exercise_id}: the card shows {on_card} in the exercise's position"


@pytest.mark.parametrize("exercise_id", RULES_EXERCISES)
def test_a_rules_exercise_asks_for_several_rules(exercise_id: str) -> None:
    """The refused moves break different rules, and at least one candidate is legal."""
    right = RIGHT[exercise_id]
    assert len(set(right.values())) == len(right), right
    candidates = EXERCISES[exercise_id].candidates  # type: ignore[attr-defined]
    assert set(candidates) - set(right), "no legal move among the candidates"


@pytest.mark.parametrize("exercise_id", RULES_EXERCISES)
def test_the_notebook_shows_the_rules_exercises_position(exercise_id: str) -> None:
    """The cell before a rules exercise's answer cell shows the position the check judges (its
    stored output, which nbval compares with a fresh run)."""
    exercise = EXERCISES[exercise_id]
    assert isinstance(exercise, Refusals)
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        answers = answer_cells(nb)
        if exercise_id in answers:
            shown = nb.cells[nb.cells.index(answers[exercise_id]) - 1]
            outputs = [o.get("data", {}).get("text/plain", "") for o in shown.outputs]
            assert repr(exercise.position.game()) in outputs, (path.name, outputs)
            return
    raise AssertionError(f"{exercise_id} is in no notebook")


def test_the_notation_the_lessons_teach_is_accepted() -> None:
    """``R1-F`` is taught as "to whichever foundation takes it": a list of legal moves may use
    it; an ``X-F`` no foundation takes is not a legal move."""
    assert judge("quadrennial-legal", ["R1-F", "R6-F", "S-W"]).correct
    assert judge("quadrennial-legal", ["r1-f2", "R6-F", "S-W"]).correct
    wrong = judge("quadrennial-legal", ["R1-F", "R6-F", "R2-F", "S-W"])
    assert not wrong.correct and "whichever foundation" in wrong.message


def test_a_rule_number_left_empty_is_said_in_words() -> None:
    message = judge("quadrennial-rules", {"S-W": None}).message
    assert "NoneType" not in message and "S-W" in message and "number" in message


def test_function_values_are_slow_to_search() -> None:
    """A stored value costs a slow hash to test, so a search over candidates is not free."""
    from solitaire_widgets.exercises.answers import SLOW_ROUNDS, slow_digest
    from solitaire_widgets.exercises.kinds import case_digest

    assert SLOW_ROUNDS >= 40_000
    assert case_digest("x", (1,), "2") == slow_digest("x", "(1,)=2")


def test_fewest_moves_are_played_by_the_engine() -> None:
    illegal = judge("quadrennial-timing", ["R2-F1"])
    assert "Move 1, R2-F1, is refused by the engine" in illegal.message
    short = judge("quadrennial-timing", ["S-W", "R1-F1"])
    assert "not reached yet" in short.message
    assert EXERCISES["quadrennial-timing"].fewest() == 4  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- tries
def test_every_verdict_is_a_counted_try(capsys: pytest.CaptureFixture[str]) -> None:
    check("acme-clubs", ...)
    assert "not answered yet" in capsys.readouterr().out and tries("acme-clubs") == 0
    for letters in combinations("ABCDE", 2):  # a loop over candidates is counted too
        judge("lab-meaning", set(letters))
    assert tries("lab-meaning") == 10
    check("lab-meaning", {"A", "E"})
    out = capsys.readouterr().out
    assert out.startswith("Exercise 1 (what does the interval say?), try 11: correct.")
    assert passed("lab-meaning") and points("lab-meaning") == 1
    check("lab-meaning", {"A"})
    assert not passed("lab-meaning") and points("lab-meaning") == 0
    with pytest.raises(ValueError, match="no exercise 'nope'"):
        check("nope", 1)


def test_a_fresh_copy_of_the_checks_counts_in_the_same_tries(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The review's loop: a fresh copy of the checks, loaded as the hidden tests load it, asked
    about all 32 sets of letters. Its verdicts are tries like any other (the count is shared by
    every copy of the package), and so are the hidden test's own and a reloaded module's."""
    fresh = runpy.run_module("solitaire_widgets.exercises.fresh")
    copy = fresh["fresh_exercises"]()
    verdicts = [
        (letters, copy.judge("lab-meaning", set(letters)))
        for size in range(6)
        for letters in combinations("ABCDE", size)
    ]
    assert [letters for letters, verdict in verdicts if verdict.correct] == [("A", "E")]
    counted = sum(verdict.verdict != "not answered yet" for _, verdict in verdicts)
    assert counted >= 31 and tries("lab-meaning") == counted
    assert fresh["verdict"]("lab-meaning", "A, E")  # a hidden test's verdict counts too
    importlib.reload(session)  # a module run again keeps the count
    importlib.reload(importlib.import_module("solitaire_widgets.exercises.checking"))
    assert tries("lab-meaning") == counted + 1
    check("lab-meaning", {"A", "E"})  # the same answer again, the same verdict: the same try
    assert capsys.readouterr().out.startswith(
        f"Exercise 1 (what does the interval say?), try {counted + 1}: correct."
    )
    assert passed("lab-meaning")
    check("lab-meaning", {"A"})
    assert f"try {counted + 2}: not yet" in capsys.readouterr().out


@pytest.mark.parametrize("exercise_id", ["lab-meaning", "start-legal", "quadrennial-ace"])
def test_a_loop_over_a_kinds_own_assessment_is_counted(exercise_id: str) -> None:
    """The second review's loop went one level down, to ``EXERCISES[id]._assess``: its verdicts
    are tries too, for every kind of exercise. An answer of the wrong form is told so, and not
    counted (it says nothing of the right answer; the ninth review saw try counts read high)."""
    exercise = EXERCISES[exercise_id]
    before = tries(exercise_id)
    wrong_form = exercise._assess(object())
    assert wrong_form.number == 0 and "Not counted as a try" in wrong_form.message
    exercise._assess(RIGHT[exercise_id])
    assert tries(exercise_id) == before + 1


def test_the_record_says_which_try_and_whose_numbers() -> None:
    student("Ada  Lovelace")
    feedback = judge("fly-kings", RIGHT["fly-kings"])
    assert record(feedback) == {
        "exercise": "fly-kings",
        "try": 1,
        "verdict": "correct",
        "points": 2.0,
        "student": "ada lovelace",
        "numbers from": "typed",
    }
    assert RECORD_KEY == "solitaire_widgets"
    assert "draw" not in record(feedback)  # only the project's checks have one
    wrong_form = judge("fly-kings", "fourteen")  # not counted, and no reset of the count
    assert wrong_form.number == 0 and record(wrong_form)["try"] == 1
    project = Feedback("acme-player", "Project", "correct", "", 5.0, 1, draw="0123456789abcdef")
    assert record(project)["draw"] == "0123456789abcdef"


# ----------------------------------------------------------------------------- identity
def test_a_name_seeds_the_personal_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    student("")
    assert "NO NAME YET" in capsys.readouterr().out
    shared_card, shared_game = yours("acquaintance-back"), yours("fly-moves")
    assert str(shared_card) == "9♥" and shared_game.seed == 4  # type: ignore[attr-defined]
    cards = set()
    for name in ("Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald"):
        student(name)
        assert f'"{name}"' in capsys.readouterr().out
        cards.add(str(yours("acquaintance-back")))
        game = yours("fly-moves")
        truth = len(game.legal_moves())  # type: ignore[attr-defined]
        assert judge("fly-moves", truth).verdict == "correct"
        # a teacher works the numbers out again from the name alone
        mine = Student(name.casefold()).pick("fly-moves", FLY_POSITIONS).game()
        assert str(mine) == str(game)
    assert len(cards) > 2, "neighbours' cards should differ"
    student("ada")
    mine = str(yours("acquaintance-back"))
    student("  ADA ")
    assert str(yours("acquaintance-back")) == mine  # case and spaces do not count


def test_neighbours_rarely_share_a_personal_answer() -> None:
    """The eighteenth review: 8 cards and 7 positions made about 4 of 30 students share each
    answer. Every card now has its own answer, and the Fly counts spread over 15 values; the
    shared numbers (the first of each) are the ones the tutorials print."""
    places = [where_it_comes_back(card) for card in ACQ_CARDS]
    assert len(set(places)) == len(ACQ_CARDS) >= 40 and ACQ_CARDS[0] == "9H"
    counts = Counter(len(legal_among(position)) for position in FLY_POSITIONS)
    assert len(counts) >= 15 and max(counts.values()) <= 2
    assert FLY_POSITIONS[0] == Position("fly", seed=4)
    class_of_30 = Counter(
        str(Student(f"student {n}").pick("acquaintance-back", ACQ_CARDS)) for n in range(30)
    )
    assert max(class_of_30.values()) <= 3


def test_an_answer_for_the_shared_numbers_after_a_typed_name_is_told_why() -> None:
    """The ninth review: a student typed a name after the position cell had run, answered for
    the shared position, and was told only "not yet"."""
    student("")
    shared = len(yours("fly-moves").legal_moves())  # type: ignore[attr-defined]
    for name in ("Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald"):
        student(name)
        if len(yours("fly-moves").legal_moves()) != shared:  # type: ignore[attr-defined]
            break
    feedback = judge("fly-moves", shared)
    assert feedback.verdict == "not yet" and "right for the shared numbers" in feedback.message
    assert "(Not counted as a try.)" in feedback.message  # a slip of order (the 18th review)
    assert "right for the shared" not in judge("fly-moves", shared + 100).message
    student("")


def test_the_nbgrader_id_is_used_without_a_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    folder = tmp_path / "course" / "autograded" / "ada" / "01_quadrennial"
    folder.mkdir(parents=True)
    assert nbgrader_id(folder) == "ada"
    assert student("", cwd=folder) == Student("ada", "nbgrader", "ada")
    assert student("Bob", cwd=folder).name == "bob"  # a typed name comes first
    assert nbgrader_id(tmp_path) is None
    monkeypatch.setenv("JUPYTERHUB_USER", "grace")
    assert nbgrader_id(tmp_path) == "grace"


def test_an_empty_name_is_said_and_never_costs_a_right_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A student who leaves the name empty outside JupyterHub answers for the shared position;
    graded under an nbgrader id, that answer is still right, and the feedback says which
    numbers were used. A typed name gets its own numbers only."""
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    shared = len(Game("fly", seed=4).legal_moves())
    student("")
    working = judge("fly-moves", shared)
    assert working.correct and "No name was typed" in working.message
    assert "shared numbers" in working.message
    folder = tmp_path / "course" / "autograded" / "bob" / "05_fly"
    folder.mkdir(parents=True)
    student("", cwd=folder)
    own = len(yours("fly-moves").legal_moves())  # type: ignore[attr-defined]
    assert own != shared  # bob's position differs from the shared one
    graded = judge("fly-moves", shared)
    assert graded.correct and "nbgrader id, bob" in graded.message
    assert judge("fly-moves", own).correct
    assert judge("acquaintance-back", where_it_comes_back("9H")).correct  # the shared card
    student("Bob", cwd=folder)
    typed = judge("fly-moves", shared)
    assert not typed.correct and 'from the name "Bob"' in typed.message


# ----------------------------------------------------------------------------- simulations
@pytest.mark.parametrize("seed", range(5))
def test_honest_simulations_with_any_generator_pass(seed: int) -> None:
    numpy = pytest.importorskip("numpy")

    def with_numpy(p: float, n: int, runs: int, rng: random.Random) -> float:
        generator = numpy.random.default_rng(rng.getrandbits(64) + seed)
        wins = (generator.random((runs, n)) < p).sum(axis=1)
        return float(numpy.mean([p in wilson(int(w), n) for w in wins]))

    def with_random(p: float, n: int, runs: int, rng: random.Random) -> float:
        return simulated_coverage(p, n, runs, random.Random(rng.random() + seed))

    def unseeded(p: float, n: int, runs: int, rng: random.Random) -> float:
        return simulated_coverage(p, n, runs, random.Random())  # its own, from the OS

    assert judge("lab-coverage", with_numpy).verdict == "correct"
    assert judge("lab-coverage", with_random).verdict == "correct"
    assert judge("lab-coverage", unseeded).verdict == "correct"


def test_a_simulation_seeded_by_itself_is_told_to_use_rng_without_a_try() -> None:
    """The twenty-first review: the notebooks seed their runs, so a student seeds inside the
    function too; that ignores the rng the check gives, a slip of form (not counted)."""

    def seeded(p: float, n: int, runs: int, rng: random.Random) -> float:
        return simulated_coverage(p, n, runs, random.Random(2024))

    before = session.tries("lab-coverage")
    feedback = judge("lab-coverage", seeded)
    assert feedback.verdict == "not yet" and "(Not counted as a try.)" in feedback.message
    assert "do not come from the `rng` it is given" in feedback.message
    assert session.tries("lab-coverage") == before

    def reseeded(p: float, n: int, runs: int, rng: random.Random) -> float:
        rng.seed(1)  # draws from rng, but always the same numbers: named too (review 22)
        return simulated_coverage(p, n, runs, rng)

    feedback = judge("lab-coverage", reseeded)
    assert "(Not counted as a try.)" in feedback.message and "rng.seed(1)" in feedback.message


def test_the_exact_coverage_is_not_a_measurement() -> None:
    """The exact coverage typed into the function (the formula the notebook prints, or the
    package's through ``wilson.__globals__``) is not a simulation: refused, saying why."""

    def exact(p: float, n: int, runs: int, rng: random.Random) -> float:
        return sum(  # type: ignore[no-any-return]
            comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1) if p in wilson(k, n)
        )

    feedback = judge("lab-coverage", exact)
    assert feedback.verdict == "not yet" and "no count of intervals" in feedback.message
    assert "a typed exact value is not" in feedback.message

    def rounded(p: float, n: int, runs: int, rng: random.Random) -> float:
        return round(exact(p, n, runs, rng) * runs) / runs

    feedback = judge("lab-coverage", rounded)
    assert "same shares with two different random generators" in feedback.message
    assert "the exact value typed in" in feedback.message

    def read_through(p: float, n: int, runs: int, rng: random.Random) -> float:
        return wilson.__globals__["coverage"](n, [p], wilson)[0]  # type: ignore[no-any-return]

    feedback = judge("lab-coverage", read_through)
    assert feedback.verdict == "not yet" and "__globals__" in feedback.message
    assert "double underscores" in feedback.message


@pytest.mark.parametrize(
    "source",
    [
        "return wilson.__globals__['coverage'](n, [p], wilson)[0]",
        "return helper(p, n)",
        "return getattr(wilson, '__closure__') or 0.9",
        "return wilson.__code__.co_argcount / 3",
        "return type(rng).__subclasses__() and 0.9",
        "return rng.__dict__ and 0.9",
        "return __builtins__['len']([]) + 0.9",
        "import sys\n    return sys._getframe(1).f_locals and 0.9",
    ],
)
def test_double_underscore_attributes_are_refused_anywhere(source: str) -> None:
    namespace: dict[str, Any] = {"wilson": wilson}
    helper = "def helper(p, n):\n    return wilson.__globals__['coverage'](n, [p], wilson)[0]"
    exec(helper, namespace)
    exec(f"def measure_coverage(p, n, runs, rng):\n    {source}", namespace)
    feedback = judge("lab-coverage", namespace["measure_coverage"])
    assert feedback.verdict == "not yet" and "double underscores" in feedback.message, source
    exec(f"def p_ace(cards, aces, reserve):\n    {source}", namespace)
    refused = judge("quadrennial-ace", namespace["p_ace"])  # wilson is not allowed here
    assert refused.verdict == "not yet" and "Your function uses" in refused.message, source


def test_a_promise_is_not_a_measurement() -> None:
    feedback = judge("lab-coverage", lambda p, n, runs, rng: 0.95)
    assert "not a measurement" in feedback.message
    counted = judge("lab-coverage", lambda p, n, runs, rng: runs * 0.95)
    assert "divided by runs" in counted.message
    exercise = EXERCISES["lab-coverage"]
    assert isinstance(exercise, Simulation)
    assert exercise.exact(0.15, 50) == pytest.approx(0.9558, abs=1e-4)


# ----------------------------------------------------------------------------- players
def greedy_like(view: View) -> object:
    home = view.home_moves()
    return home[0] if home else view.legal[-1]


ORDER = ["home", "reserve", "waste", "tableau", "draw", "empty", "redeal"]


def kind(view: View, move: Any) -> str:
    if move.dst.startswith("F"):
        return "home"
    if str(move) in ("S-W", "redeal"):
        return {"S-W": "draw", "redeal": "redeal"}[str(move)]
    if not view.piles[move.dst]:
        return "empty"
    return {"R": "reserve", "W": "waste", "T": "tableau"}[move.src[0]]


def greedy_player(view: View) -> object:
    """The notebook's greedy, written from what a player sees, with the memory greedy has."""
    moves = [m for m in view.legal if not view.repeats(m)] or list(view.legal)
    return min(moves, key=lambda m: ORDER.index(kind(view, m)))


def idea_player(view: View) -> object:
    """Greedy, with the waste's card onto an empty pile before drawing."""

    def kind_of(move: Any) -> str:
        named = kind(view, move)
        return "waste" if named == "empty" and move.src == "W" else named

    moves = [m for m in view.legal if not view.repeats(m)] or list(view.legal)
    return min(moves, key=lambda m: ORDER.index(kind_of(m)))


def test_the_notebooks_greedy_is_the_packages_greedy() -> None:
    """04_acme_project shows greedy's order and memory as a player: it is greedy, deal for deal,
    and greedy_rank orders Acme's moves as the notebook says."""
    comparison = compare(greedy_player, "acme", range(1, 81), baselines=("greedy",))
    assert [g.won for g in comparison.yours] == list(comparison.baselines["greedy"])
    rules = VARIANTS["acme"]
    state = new_state("acme", 3)
    ranks = {
        kind(view_of(state), m): greedy_rank(rules, state, m) for m in rules.legal_moves(state)
    }
    assert ranks["home"] < ranks["tableau"] < ranks["draw"]


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


def test_a_player_keeps_its_memory_for_a_deal() -> None:
    seen: list[tuple[int, int, bool]] = []

    def counting(view: View) -> object:
        view.memory["moves"] = view.memory.get("moves", 0) + 1
        seen.append((view.memory["moves"], len(view.history), any(map(view.repeats, view.legal))))
        return greedy_player(view)

    play_deal(counting, "acme", 3)
    assert [count for count, _, _ in seen] == [moves + 1 for _, moves, _ in seen]
    first = len(seen)
    for deal in range(1, 11):
        play_deal(counting, "acme", deal)
    assert seen[first][0] == 1  # a new deal, a new memory
    assert any(repeats for _, _, repeats in seen)  # some position offers a way back


def test_a_player_that_breaks_a_rule_is_told_where_and_why() -> None:
    with pytest.raises(PlayerError, match=r"deal 7, move 1: .*'T1-T2', which is refused: 5♦"):
        play_deal(lambda view: "T1-T2", "acme", 7)
    with pytest.raises(PlayerError, match="returned None instead of a move"):
        play_deal(lambda view: None, "acme", 7)
    with pytest.raises(PlayerError, match="cannot read"):
        play_deal(lambda view: "T1 T2", "acme", 7)


def test_training_a_player_not_written_yet_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    """The student copy's stub (only a docstring) is not judged "not yet" on a deal: train
    says the player is not written yet."""

    def my_player(view: View) -> object:
        """Your player: look at the view and return one of view.legal."""

    train(my_player)
    said = capsys.readouterr().out
    assert said.startswith("Your player is not written yet") and "deal 1" not in said
    train(lambda view: "T1-T2")  # a written player that breaks a rule is still told where
    said = capsys.readouterr().out
    assert "failed on 300 of these deals" in said and "the first: deal 1, move 1:" in said


def test_training_counts_a_failed_deal_as_lost_like_the_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The tenth review: train stopped at a flaky player's first error and showed nothing,
    while the check counted the deal as lost."""

    def flaky(view: View) -> object:
        if len(view.history) == 57:
            raise KeyError("oops")
        return greedy_player(view)

    train(flaky)
    said = capsys.readouterr().out
    assert "greedy" in said and "failed on" in said and "KeyError('oops')" in said
    assert "On the training deals" in said
    assert "On these deals" in str(compare(greedy_player, "acme", range(301, 311)))


def test_a_game_going_round_in_circles_ends() -> None:
    def back_and_forth(view: View) -> object:
        home = view.home_moves()
        tableau = [m for m in view.legal if m.src[0] == "T" and m.dst[0] == "T"]
        return home[0] if home else (tableau[0] if tableau else view.legal[0])

    endings = {play_deal(back_and_forth, "acme", deal).ending for deal in range(1, 30)}
    assert "circle" in endings


def test_mcnemar_exact_p_values() -> None:
    assert mcnemar_p_value(0, 0) == 1.0
    assert mcnemar_p_value(5, 5) == 1.0
    assert mcnemar_p_value(3, 0) == pytest.approx(0.25)  # 2 * (1/2)^3
    assert mcnemar_p_value(15, 0) == pytest.approx(2 / 2**15)
    assert mcnemar_p_value(10, 2) == mcnemar_p_value(2, 10) == pytest.approx(79 / 2048)
    # a published value: 8 vs 2 discordant pairs gives p = 0.109 (exact binomial, two-sided)
    assert mcnemar_p_value(8, 2) == pytest.approx(0.109375)


def test_the_comparison_plays_greedy_on_the_same_deals() -> None:
    deals = range(1, 41)
    comparison = compare(greedy_like, "acme", deals)
    direct = [GreedyPlay()(new_state("acme", d), random.Random(0)).outcome == "won" for d in deals]
    assert list(comparison.baselines["greedy"]) == direct
    pair = comparison.against("greedy")
    assert pair.only_first - pair.only_second == comparison.wins - sum(direct)
    text = str(comparison)
    assert "greedy_like" in text and "greedy" in text and "hint" in text and "random" in text
    report = str(versus(greedy_player, greedy_like, names=("mine", "theirs"), deals=deals))
    assert "mine won" in report and "theirs" in report


def test_the_project_is_judged_on_deals_nobody_knows_before_the_check() -> None:
    """The deals are drawn when the check runs, from the operating system's randomness: no
    name, try number or seed of ``random`` decides them; a draw gives the same deals again."""
    student("Ada")
    random.seed(0)
    one = new_draw()
    random.seed(0)
    two = new_draw()
    assert one != two
    deals = held_out_deals("acme", one)
    assert len(set(deals)) == HELD_OUT_SIZE and all(deal in HELD_OUT for deal in deals)
    assert not set(deals) & set(TRAINING)
    assert held_out_deals("acme", two) != deals
    student("Grace")
    assert held_out_deals("acme", one) == deals  # the draw alone decides them
    for wrong in ("1", one.upper(), one + "0", 7):
        with pytest.raises(ValueError, match="hexadecimal digits"):
            held_out_deals("acme", wrong)  # type: ignore[arg-type]


def test_two_graded_checks_draw_different_deals_and_the_draw_replays_the_score(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """nbgrader's hidden test (a fresh copy of the checks) draws its own deals each time, and
    prints the draw; ``replay_check`` on that draw gives the same games and points. Each
    verdict counts as a try, a replay too (the fifth review looped the public verdict free)."""
    import runpy

    fresh = runpy.run_module("solitaire_widgets.exercises.fresh")
    student("Ada")
    graded = [fresh["judged"]("acme-player", greedy_like) for _ in range(2)]
    assert graded[0].draw != graded[1].draw
    assert held_out_deals("acme", graded[0].draw) != held_out_deals("acme", graded[1].draw)
    for feedback in graded:
        again = replay_check("acme-player", greedy_like, feedback.draw)
        assert (again.verdict, again.points) == (feedback.verdict, feedback.points)
        # the same message, but for the second graded check's line on its try number
        assert feedback.message.startswith(again.message) and feedback.draw in again.message
    score = fresh["earned"]("acme-player", greedy_like)
    printed = capsys.readouterr().out
    draw = re.search(r"draw ([0-9a-f]{16})", printed)
    assert draw and replay_check("acme-player", greedy_like, draw[1]).points == score
    # every verdict on held-out deals is a try, a replay too (a made-up draw is fresh deals)
    assert tries("acme-player") == 6
    with pytest.raises(ValueError, match="only the project"):
        replay_check("fly-kings", greedy_like, draw[1])


def test_a_player_that_asks_the_packages_advisors_is_refused() -> None:
    """The sixth review: a player that rebuilt a position from its view and played the top
    move of the package's hints beat greedy, for 5 points. While a player chooses a move, the
    hints, the thinker and the solver refuse (in that thread only: the table's jobs run in
    threads of their own meanwhile, and go on)."""
    from solitaire_widgets.hints import _score, hints
    from solitaire_widgets.solver import solve
    from solitaire_widgets.solver.search import Search
    from solitaire_widgets.thinker import think

    asks = [  # (the seventh review called the hints' scorer and the search directly)
        ("hints", lambda: hints(new_state("acme", 2))),
        ("hints", lambda: _score(None, None, None, False, False)),  # type: ignore[arg-type]
        ("the thinker", lambda: think(new_state("acme", 2))),
        ("the solver", lambda: solve(new_state("acme", 2), max_nodes=100)),
        ("the solver", lambda: Search(None, 1, 1, lambda: False)),  # type: ignore[arg-type]
    ]
    for name, ask in asks:

        def player(view: Any, ask: Any = ask) -> object:
            ask()
            return view.legal[0]

        with pytest.raises(PlayerError, match=f"asks {name} of solitaire_widgets"):
            compare(player, "acme", range(1, 3), baselines=())
        feedback = judge("acme-player", player)  # the scan finds them first
        assert feedback.verdict == "not yet", feedback
        assert "from solitaire_widgets. A player chooses by itself" in feedback.message
    answered: list[object] = []
    with kernel_state.players_turn():
        job = threading.Thread(target=lambda: answered.append(hints(new_state("acme", 2))))
        job.start()
        job.join()
    assert answered and answered[0]


def test_the_graded_copy_reads_the_notebooks_moves() -> None:
    """The seventh review: nbgrader's hidden test judges with a fresh copy of the package,
    whose ``Move`` is a class of its own, so ``game.legal_moves()`` (right, and "correct" in
    class) scored 0 when graded, and so did a player that returned a ``Move``. A ``Move`` of
    another copy now reads as the same move."""
    from solitaire_widgets.exercises.catalogue import ACME_TABLE
    from solitaire_widgets.exercises.fresh import fresh_exercises, verdict

    assert verdict("acme-legal", list(ACME_TABLE.game().legal_moves()))
    fresh = fresh_exercises()
    theirs = fresh.players.parse_move("S-W")
    assert type(theirs) is not type(DRAW) and theirs == DRAW and DRAW.__eq__(theirs)  # both ways
    assert DRAW in fresh.players.view_of(fresh.players.new_state("acme", 1)).legal
    assert fresh.players.parse_move(DRAW) == "S-W"

    def player(view: Any) -> object:
        return parse_move(str(view.legal[0]))  # a Move of the notebook's copy

    assert len(fresh.players.compare(player, "acme", range(1, 3), baselines=()).yours) == 2


def test_a_player_that_forgets_a_return_is_not_called_unwritten(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The seventh review: the commonest beginner's bug (home moves first, no return after)
    returns None on deal 1's opening, where only S-W is legal, and was told "not written yet".
    It is written: the check and ``train`` say where it returned None, and why."""

    def homes_only(view: Any) -> object:
        for move in view.home_moves():
            return move
        return None  # (the beginner's version just ends here)

    def not_yet(view: Any) -> object:
        """Only a docstring."""

    train(homes_only)
    said = capsys.readouterr().out
    assert "deal 1, move 1: your player returned None" in said and "return?" in said
    feedback = judge("acme-player", homes_only)
    assert feedback.verdict == "not yet" and "returned None" in feedback.message, feedback
    assert judge("acme-player", not_yet).verdict == "not answered yet"


def test_a_players_prints_are_cut_short(capsys: pytest.CaptureFixture[str]) -> None:
    """The seventh review: one ``print`` in a player wrote 41,359 lines into the notebook in a
    check. The first 20 lines show; the rest are counted."""

    def noisy(view: Any) -> object:
        print("thinking", len(view.history))
        return view.legal[0]

    compare(noisy, "acme", range(1, 3), baselines=())
    said = capsys.readouterr().out.splitlines()
    assert said[:20] == [f"thinking {n}" for n in range(20)]
    assert len(said) == 21 and re.fullmatch(r"\.\.\. and \d+ more lines your player .*", said[20])


PEEKING = {
    "sys._getframe": "import sys\n    frame = sys._getframe(1)\n    return view.legal[0]",
    "gc": "import gc\n    gc.get_objects()\n    return view.legal[0]",
    "inspect": "import inspect as look\n    look.currentframe()\n    return view.legal[0]",
    "a traceback": (
        "try:\n        1 / 0\n    except ZeroDivisionError as error:\n"
        "        error.__traceback__.tb_frame.f_back\n    return view.legal[0]"
    ),
    "a helper's globals": "return helper(view)",
    "secrets": "import secrets\n    secrets.token_hex = str\n    return view.legal[0]",
}


@pytest.mark.parametrize("how", sorted(PEEKING))
def test_a_player_that_reaches_into_the_interpreter_is_refused(how: str) -> None:
    """A player called by the check could walk up to the check's frames (the real game, the
    deals drawn): a player that names the way there is refused before it plays."""
    namespace: dict[str, Any] = {}
    exec("def helper(view):\n    return helper.__globals__['view'].legal[0]", namespace)
    exec(f"def my_player(view):\n    {PEEKING[how]}", namespace)
    feedback = judge("acme-player", namespace["my_player"])
    assert feedback.verdict == "not yet" and feedback.points == 0, how
    assert "sees the game through its view only" in feedback.message, how
    assert feedback.number == 0, how  # no deal played: no try (the thirty-sixth review)


def test_train_refuses_what_the_check_refuses_and_says_what_to_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The thirty-sixth review: a player using sys.maxsize trained without a word, then the
    check refused it (and counted a try) without saying what to use instead."""
    import sys

    def my_player(view: View) -> object:
        best, choice = -sys.maxsize, view.legal[0]
        for move in view.legal:
            if (score := len(move.dst)) > best:
                best, choice = score, move
        return choice

    train(my_player)
    said = capsys.readouterr().out
    assert said.startswith("Not yet: Your player uses sys.") and "float('inf')" in said, said
    student("")
    feedback = judge("acme-player", my_player)
    assert "float('inf')" in feedback.message and feedback.number == 0
    assert "Not counted as a try" in feedback.message


def test_the_project_gives_partial_credit_and_climbing_hints() -> None:
    project = EXERCISES["acme-player"]
    assert isinstance(project, PlayerProject)
    naive = judge("acme-player", lambda view: view.legal[0])
    assert naive.verdict == "not yet" and "passed up a card" in naive.message
    forgetful = judge(
        "acme-player", lambda view: min(view.legal, key=lambda m: ORDER.index(kind(view, m)))
    )
    assert forgetful.verdict == "not yet" and "view.repeats" in forgetful.message
    choice = random.Random(1).choice

    def home_then_any(view: View) -> object:
        fresh = [move for move in view.legal if not view.repeats(move)]
        return (view.home_moves() or [choice(fresh or view.legal)])[0]

    played = compare(home_then_any, lose_on_error=True)  # below greedy: not told to send
    hint = project.hint_for(played, RANDOM_SHARE)  # cards home first, which it does
    assert "sends cards home when it can" in hint and not played.home_passed_up, hint
    same = judge("acme-player", greedy_player)
    assert same.verdict == "not yet" and same.points == MATCH_SHARE * project.points
    assert "empty tableau pile" in same.message
    assert points("acme-player") == same.points
    better = judge("acme-player", idea_player)
    assert better.verdict == "correct" and better.points == project.points
    assert "try 4, on new deals" in better.message
    assert judge("acme-player", lambda view: None).verdict == "not answered yet"
    assert "is a function" in judge("acme-player", 3).message
    assert "raised" in judge("acme-player", lambda view: 1 / 0).message


def test_against_simulation_says_consistent_or_not(capsys: pytest.CaptureFixture[str]) -> None:
    against_simulation(Fraction(1, 2), 981, 2000)
    assert "95% interval" in (out := capsys.readouterr().out) and "consistent with" in out
    assert "not proof" in out and "the check above decides" in out  # review 24: a wrong value
    against_simulation(Fraction(1, 4), 981, 2000)
    assert "outside it" in capsys.readouterr().out
    against_simulation(lambda: None, 981, 2000)
    assert "Answer the exercise above" in capsys.readouterr().out
    against_simulation(lambda k: 1 / 0, 981, 2000, args=(3,))
    assert "raised ZeroDivisionError" in capsys.readouterr().out
    for percent in (49.8565, 1.5, -0.2):  # the thirty-fourth review: not "a larger simulation"
        against_simulation(percent, 981, 2000)
        out = capsys.readouterr().out
        assert "is not a probability: a probability is between 0 and 1" in out, out
        assert "larger simulation" not in out


@pytest.mark.parametrize(
    ("share", "said"),
    [
        (Fraction(383, 400), "is inside it"),
        (0.9575, "is inside it"),
        ("95%", "a share is between 0 and 1"),
        (95.75, "a share is between 0 and 1"),
        (1915 / 2001, "no count of intervals divided by 2000"),  # runs + 1 (review 24)
    ],
)
def test_the_cell_after_the_coverage_check_reads_any_number(
    share: object, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The ninth review: a Fraction share was "correct" in the check and refused by 06's next
    cell."""
    notebook = nbformat.read(ROOT / "notebooks" / "06_probability_lab.ipynb", as_version=4)
    (cell,) = [c for c in notebook.cells if "share = measured_share(measure_coverage" in c.source]
    namespace = {
        "comb": comb,
        "wilson": wilson,
        "measured_share": measured_share,
        "against_simulation": against_simulation,
        # the share with random.Random(0) (whose first number is above 0.8), another with others
        "measure_coverage": lambda p, n, runs, rng: share if rng.random() > 0.8 else 0.5,
    }
    exec(cell.source, namespace)
    assert said in capsys.readouterr().out


def test_the_cell_after_the_coverage_check_compares_no_typed_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The fifteenth review: a typed 0.95 was refused by the check, then called "consistent
    with the simulation" by the next cell."""
    assert measured_share(lambda p, n, runs, rng: 0.95, 0.15, 50, 2000) is None
    assert "no measured share" in capsys.readouterr().out
    assert measured_share(lambda p, n, runs, rng: ..., 0.15, 50, 2000) is Ellipsis
    honest = measured_share(lambda p, n, runs, rng: rng.randrange(runs) / runs, 0.15, 50, 20)
    assert honest == random.Random(0).randrange(20) / 20


# ----------------------------------------------------------------------------- notebooks
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
            assert checks[exercise_id] > index, f"{exercise_id}: check after the answer"
            between = nb.cells[index + 1 : checks[exercise_id]]
            assert all(c.cell_type == "code" and not grader(c) for c in between), exercise_id
            if isinstance(exercise, (Function, Simulation, PlayerProject)):
                opening = f"def {exercise.name}({', '.join(parameters(exercise))}):"
            else:
                opening = f"{exercise.name} = ..."
            assert opening in cell.source, exercise_id
            source = nb.cells[checks[exercise_id]].source
            assert source.startswith(f'check("{exercise_id}", {exercise.name})'), source
            hidden = (
                f'_earned("{exercise_id}", {exercise.name})'
                if exercise.level == "project"
                else f'assert _verdict("{exercise_id}", {exercise.name})'
            )
            assert hidden in source and FRESH in source, source
            assert grader(nb.cells[checks[exercise_id]])["points"] == exercise.points
    assert set(seen) == set(EXERCISES)


def test_a_students_value_is_compared_to_ten_digits() -> None:
    assert value_text(Fraction(1, 3)) == value_text(1 / 3) == "0.3333333333"
    assert value_text(2.0, whole=True) == "2"
    assert isclose(float(value_text(0.1 + 0.2)), 0.3)


def test_the_packages_examples_run() -> None:
    import doctest

    import solitaire_widgets.exercises

    assert doctest.testmod(solitaire_widgets.exercises).failed == 0


def hidden_tests() -> list[tuple[str, str]]:
    """Every check cell's hidden test (its exercise id and code), from the teacher's notebooks."""
    found = []
    for path in NOTEBOOKS:
        nb = nbformat.read(path, as_version=4)
        for exercise_id, index in check_cells(nb).items():
            source = nb.cells[index].source
            hidden = source.split("### BEGIN HIDDEN TESTS\n")[1].split("\n### END HIDDEN TESTS")[0]
            found.append((exercise_id, hidden))
    return found


def test_hidden_tests_trust_no_name_and_no_module_a_cell_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A naive answer whose cell redefines ``passed`` and ``points`` and changes the checks in
    memory fails every hidden test; a right answer passes under the same changes."""
    from solitaire_widgets.exercises import checking, kinds

    def always_correct(self: Any, verdict: str, message: str, points: Any = None) -> Any:
        return kinds.Feedback(self.id, self.title, "correct", message, float(self.points))

    monkeypatch.setattr(kinds.Feedback, "correct", property(lambda self: True))
    monkeypatch.setattr(kinds.Exercise, "feedback", always_correct)
    monkeypatch.setattr(checking, "passed", lambda *args: True)
    assert judge("quadrennial-legal", []).correct  # the notebook's copy is fooled
    tests = hidden_tests()
    assert {exercise_id for exercise_id, _ in tests} == set(EXERCISES)
    for exercise_id, hidden in tests:
        exercise = EXERCISES[exercise_id]
        *setup, last = hidden.split("\n")
        for answer, right in ((naive_answer(exercise_id), False), (RIGHT.get(exercise_id), True)):
            if right and exercise_id not in RIGHT:
                continue
            namespace = {
                "passed": lambda *args: True,
                "points": lambda *args: 5.0,
                exercise.name: answer,
            }
            exec("\n".join(setup), namespace)
            if last.startswith("assert "):
                assert eval(last.removeprefix("assert "), namespace) is right, exercise_id
            else:
                assert eval(last, namespace) == 0.0, exercise_id  # the project's points


def test_a_failed_hidden_test_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    """nbgrader shows a failed hidden test as a bare ``AssertionError``: the fresh copy's
    verdict prints the check's message first, so the graded notebook says why."""
    verdict = runpy.run_module("solitaire_widgets.exercises.fresh")["verdict"]
    capsys.readouterr()
    assert not verdict("quadrennial-ace", naive_answer("quadrennial-ace"))
    said = capsys.readouterr().out
    assert said.startswith("Graded by a fresh copy of the check: Exercise 3"), said
    assert "not yet." in said and EXERCISES["quadrennial-ace"].mistakes[0].hint in said
    assert verdict("quadrennial-ace", RIGHT["quadrennial-ace"])
    assert capsys.readouterr().out == ""  # a right answer's grading prints nothing


def test_the_projects_graded_line_says_why_when_refused_before_any_deal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The tenth review: a player refused before any deal (one naming `sys`, one raising on
    its first move) was graded 0 with no word."""
    earned = runpy.run_module("solitaire_widgets.exercises.fresh")["earned"]
    capsys.readouterr()

    def my_player(view: View) -> object:
        sys.stdout.write("thinking\n")
        return view.legal[0]

    assert earned("acme-player", my_player) == 0.0
    said = capsys.readouterr().out
    assert said.startswith("Graded by a fresh copy of the check: ") and "sys" in said, said


def test_a_thin_wrapper_around_the_package_is_refused() -> None:
    """The reviewer's wrappers (a partial, a default value) and other hiding places: a helper, a
    dict of helpers, a closure, an object, an import by text. Each is refused by name."""
    from functools import partial

    hypergeometric = stats.hypergeometric

    def p_aces(k: int, cards: int, aces: int, reserve: int, h: Any = hypergeometric) -> Any:
        return h(k, cards, aces, reserve)

    tools = {"h": hypergeometric}

    def helper(*args: int) -> Any:
        return tools["h"](*args)

    def via_helper(k: int, cards: int, aces: int, reserve: int) -> Any:
        return helper(k, cards, aces, reserve)

    def closing(h: Any) -> Any:
        return lambda k, cards, aces, reserve: h(k, cards, aces, reserve)

    class Counter:
        def __init__(self) -> None:
            self.h = hypergeometric

        def __call__(self, k: int, cards: int, aces: int, reserve: int) -> Any:
            return self.h(k, cards, aces, reserve)

    def by_text(k: int, cards: int, aces: int, reserve: int) -> Any:
        import importlib

        return importlib.import_module("solitaire_widgets.stats").hypergeometric(
            k, cards, aces, reserve
        )

    wrappers = {
        "quadrennial-ace": [partial(stats.at_least_one), stats.at_least_one],
        "quadrennial-aces": [p_aces, via_helper, closing(hypergeometric), Counter(), by_text],
        "lab-sample-size": [partial(sample_size)],
    }
    for exercise_id, answers in wrappers.items():
        for answer in answers:
            feedback = judge(exercise_id, answer)
            assert feedback.verdict == "not yet", (exercise_id, answer)
            assert "from solitaire_widgets" in feedback.message, feedback.message
    assert "ceil" in judge("lab-sample-size", partial(sample_size)).message
    assert "comb" not in judge("lab-sample-size", partial(sample_size)).message


READ_OFF_THE_PACKAGE = """
class Memo(dict):
    def __missing__(self, key):
        return at_least_one(*key)

memo = Memo()
helpers = deque([hypergeometric])
again = repeat(hypergeometric)
hg_alias = hypergeometric
sizes = deque([sample_size])
exact = deque([coverage])

def p_ace(cards, aces, reserve):
    return memo[cards, aces, reserve]

def from_a_deque(k, cards, aces, reserve):
    return helpers[0](k, cards, aces, reserve)

def from_repeat(k, cards, aces, reserve):
    return next(again)(k, cards, aces, reserve)

def by_a_built_name(k, cards, aces, reserve):
    return globals()["hg_" + "alias"](k, cards, aces, reserve)

def quietly(k, cards, aces, reserve):
    try:
        return helpers[0](k, cards, aces, reserve)
    except Exception:
        return Fraction(1, 2)

def deals_needed(p, h):
    return sizes[0](p, h)

def measure_coverage(p, n, runs, rng):
    return round(exact[0](n, [p])[0] * runs) / runs
"""


def test_the_packages_answers_refuse_while_a_check_runs_a_function() -> None:
    """The review's routes past the scan (a dict's ``__missing__``, a deque, ``repeat``, a name
    built at run time), a function that catches the refusal, and the hidden test's fresh copy:
    while a check runs the student's function, the package's answers refuse, and the check
    says "not yet" and why. Outside a check they answer as before."""
    namespace: dict[str, Any] = {
        "at_least_one": stats.at_least_one,
        "hypergeometric": stats.hypergeometric,
        "sample_size": sample_size,
        "coverage": coverage,
        "deque": deque,
        "repeat": repeat,
        "Fraction": Fraction,
    }
    exec(READ_OFF_THE_PACKAGE, namespace)
    routes = {
        "quadrennial-ace": ["p_ace"],
        "quadrennial-aces": ["from_a_deque", "from_repeat", "by_a_built_name", "quietly"],
        "lab-sample-size": ["deals_needed"],
        "lab-coverage": ["measure_coverage"],
    }
    verdict = runpy.run_module("solitaire_widgets.exercises.fresh")["verdict"]
    for exercise_id, names in routes.items():
        for name in names:
            feedback = judge(exercise_id, namespace[name])
            assert feedback.verdict == "not yet", (name, feedback)
            assert "from solitaire_widgets" in feedback.message, feedback.message
            assert not verdict(exercise_id, namespace[name]), name
    assert namespace["p_ace"](52, 4, 8) == stats.at_least_one(52, 4, 8)
    assert namespace["from_a_deque"](1, 52, 4, 8) == stats.hypergeometric(1, 52, 4, 8)
    assert namespace["deals_needed"](0.15, 0.01) == 4898


def test_the_packages_code_rebuilt_or_run_in_another_process_is_refused() -> None:
    """The second review's routes: a new function around ``hypergeometric.__code__`` with
    globals of the cell's own (the refusal switched off in them), and another Python process
    that imports the package (where nothing refuses). The scan knows the package's code by
    the file it came from, and another process by the modules that start one."""
    rebuilt = types.FunctionType(
        stats.hypergeometric.__code__,
        {"refuse_in_checks": lambda name: None, "comb": comb, "Fraction": Fraction},
        "hg",
    )

    def p_aces(k: int, cards: int, aces: int, reserve: int) -> object:
        return rebuilt(k, cards, aces, reserve)

    def p_ace(cards: int, aces: int, reserve: int) -> object:
        code = "from solitaire_widgets.stats import at_least_one as f; print(f(%d, %d, %d))"
        code %= (cards, aces, reserve)
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        return float(run.stdout)

    for exercise_id, answer in (("quadrennial-aces", p_aces), ("quadrennial-ace", p_ace)):
        feedback = judge(exercise_id, answer)
        assert feedback.verdict == "not yet", feedback


def test_a_function_that_fetches_the_answers_on_its_first_call_is_refused() -> None:
    """The fifth review's route: the check's first call (does the function return ``...``?)
    ran unguarded, so a function could fetch the package's answer on it, keep a table of the
    whole range the check draws from, and pass on lookups. The first call is guarded now."""
    table: dict[tuple[int, ...], object] = {}

    def p_ace(cards: int, aces: int, reserve: int) -> object:
        if not table:
            load = eval("".join(["_", "_import_", "_"]))  # names the scan cannot read
            stats_module = load("".join(["solitaire", "_widgets.stats"]), None, None, ["x"])
            answer = getattr(stats_module, "at_" + "least_one")
            table.update(
                {
                    (c, a, r): answer(c, a, r)
                    for c in range(1, 111)
                    for a in range(9)
                    for r in range(17)
                    if a <= c and r <= c
                }
            )
        return table[cards, aces, reserve]

    kept: list[object] = []

    def measure_coverage(p: float, n: int, runs: int, rng: Any) -> object:
        if not kept:
            load = eval("".join(["_", "_import_", "_"]))
            module = load("".join(["solitaire", "_widgets.intervals"]), None, None, ["x"])
            kept.append(getattr(module, "cover" + "age"))
        hits = round(kept[0](n, [p])[0] * runs)  # type: ignore[operator]
        return (hits + rng.choice([-1, 0, 1])) / runs

    verdict = runpy.run_module("solitaire_widgets.exercises.fresh")["verdict"]
    before = tries("quadrennial-ace")
    for exercise_id, answer, name in (
        ("quadrennial-ace", p_ace, "at_least_one"),
        ("lab-coverage", measure_coverage, "coverage"),
    ):
        feedback = judge(exercise_id, answer)
        assert feedback.verdict == "not yet", (exercise_id, feedback)
        assert f"uses {name} from solitaire_widgets" in feedback.message, feedback.message
        assert not table  # the answer was refused on the first call too
        assert not verdict(exercise_id, answer)
    assert tries("quadrennial-ace") == before + 2  # the check and the fresh copy: a try each


def test_mistake_digests_are_the_formulas() -> None:
    """Each function exercise's wrong formula (kept in the tests) gives the values its
    mistake's stored hash stands for, and every hashed mistake has its formula here."""
    from mistake_formulas import FORMULAS

    from solitaire_widgets.exercises.kinds import mistake_digest

    hashed = set()
    for exercise in EXERCISES.values():
        for index, mistake in enumerate(exercise.mistakes):
            if mistake.digest is None:
                continue
            assert isinstance(exercise, Function)
            hashed.add((exercise.id, index))
            formula = FORMULAS[exercise.id, index]
            texts = [value_text(formula(*case.args), exercise.whole) for case in exercise.cases]
            right = mistake_digest(exercise.id, texts)
            assert mistake.digest == right, f"{exercise.id} mistake {index}: digest={right!r}"
    assert hashed == set(FORMULAS)


def test_the_package_holds_no_wrong_formula() -> None:
    """The twenty-sixth review read p_both's formula, and 1 minus p_pair's, off the hints of
    the fly-pair exercise: a function exercise's mistakes are hashes now, and nothing the
    package holds for them can be called."""
    for exercise in EXERCISES.values():
        if isinstance(exercise, Function):
            for mistake in exercise.mistakes:
                assert mistake.when is None and mistake.value is None, exercise.id
    source = Path(catalogue.__file__).read_text()
    for formula in ("comb(94, reserve - 2)", "comb(48, reserve) * 2**reserve", "comb(aces, j)"):
        assert formula not in source


def test_a_table_made_for_the_stored_cases_misses_the_drawn_one() -> None:
    """The stored cases are readable in the package, so a table of the package's values made
    for them, outside any check, is right on every one of them; the case each check draws is
    not in it, with or without a default value."""
    for exercise_id in ("quadrennial-ace", "quadrennial-aces", "acquaintance-two"):
        exercise = EXERCISES[exercise_id]
        assert isinstance(exercise, Function) and exercise.drawn is not None
        table = {case.args: exercise.drawn.value(*case.args) for case in exercise.cases}
        looked_up = (
            lambda *args, table=table: table[args],
            lambda *args, table=table: table.get(args, pi / 10),  # no case's value: irrational
        )
        for answer in looked_up:
            feedback = judge(exercise_id, answer)
            assert feedback.verdict == "not yet", (exercise_id, feedback)
            assert "KeyError" in feedback.message or "but not yet" in feedback.message
        assert judge(exercise_id, RIGHT[exercise_id]).correct


@pytest.mark.parametrize(
    "answer",
    [
        lambda: stats.hypergeometric(1, 52, 4, 8),
        lambda: stats.at_least_one(52, 4, 8),
        stats.quadrennial_ace_in_reserve,
        lambda: stats.acme_reserve_suit_count(2),
        stats.acquaintance_two_in_first_row,
        stats.fly_reserve_both_copies,
        lambda: sample_size(0.15, 0.01),
        lambda: coverage(20, [0.5]),
    ],
)
def test_each_answer_of_the_package_refuses_inside_a_check(answer: Any) -> None:
    with (
        kernel_state.checking() as called,
        pytest.raises(kernel_state.AnswerRefused, match="asks you to write it yourself"),
    ):
        answer()
    assert called
    assert answer() is not None  # outside a check it answers


@pytest.mark.parametrize("variant, deal", [("acme", 3), ("acme", 7), ("fly", 4)])
def test_nothing_reachable_from_a_view_shows_the_game(variant: str, deal: int) -> None:
    """Walk every view a player gets (attributes, slots, containers, closures, defaults): no
    game, no state, and no card that is face down in the position the view shows."""
    from solitaire_widgets.cards import Card
    from solitaire_widgets.exercises.scan import reachable
    from solitaire_widgets.state import GameState

    rules = VARIANTS[variant]
    walked = 0

    def inspecting(view: View) -> object:
        nonlocal walked
        game = Game(variant, seed=deal)
        for move in view.history:
            game.play(move)
        state = game.state
        face_down = {
            card
            for index, pile in enumerate(state.piles)
            for card in pile[: rules.face_down(state, index)]
        }
        face_up = {card for pile in view.piles.values() for card in pile}
        for value in reachable(view):
            assert not isinstance(value, (GameState, Game)), (view.history, value)
            if isinstance(value, Card) and variant != "fly":  # Fly: two copies of each card
                assert value not in face_down, (view.history, value)
            walked += 1
        assert face_up.isdisjoint(face_down) or variant == "fly"
        return greedy_player(view) if variant == "acme" else view.legal[0]

    play_deal(inspecting, variant, deal, max_moves=40)
    assert walked > 0


def test_a_player_close_to_greedy_is_told_which_way_it_went() -> None:
    """A cautious player that lost more deals than greedy, by less than luck explains, is told
    it did worse (not "about as well")."""
    from solitaire_widgets.exercises.players import Split

    project = EXERCISES["acme-player"]
    assert isinstance(project, PlayerProject)
    worse = project.close_to_greedy(Split(19, 26))
    assert Split(19, 26).p_value >= 0.05 and "did worse than greedy, but not clearly" in worse
    assert "better than greedy, but not clearly" in project.close_to_greedy(Split(26, 19))
    assert "as many deals as greedy" in project.close_to_greedy(Split(5, 5))
    assert "about as well" not in project.idea_hint


def test_the_training_warning_is_for_a_player_that_comes_out_ahead() -> None:
    """The ninth review: a random player lost clearly to greedy on the training deals and was
    warned that "these are the deals it was tuned on" (greedy was never tuned)."""
    from solitaire_widgets.exercises.players import Comparison, GameOutcome

    def comparison(yours_win: bool) -> Comparison:
        deals = tuple(range(1, 31))
        yours = tuple(
            GameOutcome(deal, "won" if yours_win else "stuck", 10, 52, 0) for deal in deals
        )
        greedy = tuple(not yours_win for _ in deals)
        return Comparison("acme", deals, yours, {"greedy": greedy}, TRAINING_WORDS, "mine")

    assert "tuned on" in comparison(True).verdict()
    behind = comparison(False).verdict()
    assert "good evidence that greedy plays" in behind and "tuned on" not in behind


def test_a_player_that_fails_on_a_few_deals_loses_those_deals_only() -> None:
    """The ninth review: one error on one of the 500 fresh deals scored 0 points, although
    `train` on 300 deals may never meet it. A failed deal now counts as lost, and is said."""

    def brittle(view: View) -> object:
        if len(view.history) == 120:
            raise ValueError("oops")
        return greedy_player(view)

    feedback = judge("acme-player", brittle)
    assert "failed on" in feedback.message and "ValueError('oops')" in feedback.message
    assert feedback.points > 0, feedback

    def asks(view: View) -> object:
        if len(view.history) == 120:
            hints(Game("acme", seed=1))
        return greedy_player(view)

    asking = judge("acme-player", asks)  # asking the advisors is refused, not a lost deal
    assert asking.points == 0 and "failed on" not in asking.message, asking


def test_a_verdict_close_to_the_bar_says_another_draw_could_differ() -> None:
    """The eighth review: one marginal player got 5 points on five draws and 2 on three. A split
    near the bar now says that the grading run's own draw could come out the other way."""
    from solitaire_widgets.exercises.players import Split
    from solitaire_widgets.exercises.project import close_call

    assert close_call(Split(40, 22)) and Split(40, 22).p_value < 0.05  # 5 points, barely
    assert close_call(Split(31, 19)) and Split(31, 19).p_value > 0.05  # 2 points, barely
    assert close_call(Split(19, 30))  # not clearly worse: 2 points, barely
    assert not close_call(Split(100, 0)) and not close_call(Split(12, 12))
    assert not close_call(Split(3, 2))  # far from the bar: luck, on any draw


def test_a_value_outside_a_simulations_interval_is_not_called_wrong(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The second review: a right simulation of the coverage (1,893 of 2,000) put the exact
    coverage, 0.9558, outside its interval, and the student was told to look at their answer
    again. A 95% interval misses one time in twenty: the words say so and accuse nobody."""
    against_simulation(0.9558, 1893, 2000, label="the exact coverage", unit="intervals")
    said = capsys.readouterr().out
    assert "is outside it" in said and "1 time in 20" in said
    assert "look at your answer" not in said
    # a larger simulation misses 1 time in 20 too: likely inside, not surely (review 44)
    assert "would then very likely bring it inside" in said


def test_where_the_exact_value_is_known_the_doubt_is_on_the_simulation(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """06 compares the exact coverage (worked out in the cell) with the student's simulation:
    "inside" must not say "a wrong value close to the right one is inside too", which puts the
    doubt on the exact value (the forty-third review)."""
    words = {"label": "the exact coverage", "unit": "intervals", "suspect": "your simulation"}
    against_simulation(0.9558, n=2000, share=0.9575, tests_simulation=True, **words)
    inside = capsys.readouterr().out
    assert "is inside it: the simulation agrees with it" in inside
    assert "a wrong value" not in inside and "not proof that the simulation is right" in inside
    against_simulation(0.9558, n=2000, share=0.9, tests_simulation=True, **words)
    outside = capsys.readouterr().out
    assert "Check your simulation first; a right simulation leaves the exact value" in outside
    assert "very likely bring it inside" in outside
    against_simulation(0.9558, n=2000, share=0.9575, **words)  # an answer tested: as before
    assert "a wrong value close to the right one" in capsys.readouterr().out


def test_a_hidden_tests_points_are_counted_in_words() -> None:
    """The twenty-sixth review read "not yet, 1 points" in a graded notebook."""
    from solitaire_widgets.exercises.fresh import points_words

    assert [points_words(p) for p in (0, 1, 2.5, 5)] == [
        "0 points",
        "1 point",
        "2.5 points",
        "5 points",
    ]


def test_wilson_imported_inside_the_simulation_is_allowed() -> None:
    """The twenty-eighth review: an honest simulation importing wilson in its own body was
    refused as a use of the package; an import of allowed names only is none. Importing
    anything else with it is still refused."""
    student("")

    def measure_coverage(p: float, n: int, runs: int, rng: random.Random) -> float:
        from solitaire_widgets.stats import wilson

        hits = 0
        for _ in range(runs):
            wins = sum(rng.random() < p for _ in range(n))
            hits += p in wilson(wins, n)
        return hits / runs

    assert judge("lab-coverage", measure_coverage).correct

    def exact(p: float, n: int, runs: int, rng: random.Random) -> float:
        from solitaire_widgets.intervals import coverage, wilson

        return coverage(n, [p], wilson)[0]  # type: ignore[no-any-return]

    feedback = judge("lab-coverage", exact)
    assert (
        feedback.verdict == "not yet" and "uses coverage from solitaire_widgets" in feedback.message
    )


def test_sizes_as_a_dict_and_one_move_alone_are_read() -> None:
    """The thirty-first review: {"R1": 12, ...} and a single move written alone ("S-W") were
    slips of form; they are the same answers."""
    student("")
    assert judge("acquaintance-sizes", {"R1": 12, "R2": 12, "R3": 12, "r4": 11}).correct
    slip = judge("acquaintance-sizes", {"R1": 12, "R2": 12})
    assert "as a dict, its keys are R1, R2, R3, R4" in slip.message and slip.number == 0
    assert judge("start-legal", "S-W").correct


def test_a_refusal_names_what_was_imported() -> None:
    """The thirty-first review: "uses solitaire_widgets from solitaire_widgets" did not say
    what to remove; an import inside the function is named by what it imports."""
    student("")

    def my_player(view: View) -> object:
        from solitaire_widgets import Game  # noqa: F401

        return view.legal[0]

    assert "Your player uses Game from solitaire_widgets" in judge("acme-player", my_player).message

    def bare(cards: int, aces: int, reserve: int) -> object:
        import solitaire_widgets

        return solitaire_widgets.stats.at_least_one(cards, aces, reserve)

    message = judge("quadrennial-ace", bare).message  # the thirty-third review
    assert "uses the package solitaire_widgets itself" in message, message
    assert "solitaire_widgets from solitaire_widgets" not in message

    def module_player(view: View) -> object:
        import solitaire_widgets.moves as mv

        return mv.DRAW if mv.DRAW in view.legal else view.legal[0]

    message = judge("acme-player", module_player).message  # told how to import it by name
    assert "uses moves from solitaire_widgets" in message, message
    assert "`from solitaire_widgets.moves import Move, parse_move, DRAW" in message


def test_the_names_a_player_is_told_to_import_are_accepted() -> None:
    """The refusal's advice holds: a player importing those names by name is judged."""
    student("")

    def by_name(view: View) -> object:
        from solitaire_widgets.cards import Card, parse_card  # noqa: F401
        from solitaire_widgets.moves import DEAL, DRAW, REDEAL, Move, parse_move  # noqa: F401

        return view.legal[0]

    assert package_names(by_name, PLAYER_MAY_USE) == []


def test_two_moves_in_one_string_are_told_to_be_a_list() -> None:
    """The thirty-second review: "S-W, W-T3" got only how to write one move."""
    student("")
    slip = judge("start-legal", "S-W, W-T3")
    assert "one string per move, in a list" in slip.message and slip.number == 0
    inside = judge("start-legal", ["S-W, W-T3"])  # two moves in one item of the list
    assert "one string per move, in a list" in inside.message and inside.number == 0
    for alone in ("S - W", "S-W,", "s-w"):  # the thirty-third review: one move, as written
        assert judge("start-legal", alone).correct, alone

    def p_ace(cards: int, aces: int, reserve: int) -> object:
        import solitaire_widgets.stats as st

        return st.at_least_one(cards, aces, reserve)

    assert (
        "Your function uses stats from solitaire_widgets" in judge("quadrennial-ace", p_ace).message
    )
