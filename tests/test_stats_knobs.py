""" "What if" rule knobs: they change what they should, and nothing else."""

from __future__ import annotations

import random

import pytest

from solitaire_widgets import DEAL, DRAW, REDEAL, Game, IllegalMoveError, new_state
from solitaire_widgets.stats import Rules, ensure_variant
from solitaire_widgets.variants import VARIANTS
from solitaire_widgets.variants.acme import Acme
from solitaire_widgets.variants.knobs import knob_class


def play_to_empty_stock(game: Game) -> None:
    """Draw (Quadrennial, Acme) or deal (Acquaintance) until the stock is empty."""
    while game.pile("S"):
        game.play("deal" if game.variant.startswith("acquaintance") else "draw")


def test_default_rules_are_untouched() -> None:
    for name in ("quadrennial", "acquaintance", "acme", "fly"):
        original = VARIANTS[name]
        assert Rules(name).register() == name
        assert VARIANTS[name] is original
    assert Rules("quadrennial", redeals=2).name == "quadrennial"
    assert Rules("acme", reserve=13).name == "acme"
    assert type(VARIANTS["acme"]).__name__ == "Acme"


@pytest.mark.parametrize("variant", ["quadrennial", "acquaintance", "acme"])
def test_no_redeal(variant: str) -> None:
    name = Rules(variant, redeals=0).register()
    game = Game(name, seed=3)
    play_to_empty_stock(game)
    assert REDEAL not in game.legal_moves()
    reason = game.why_not("redeal")
    assert reason is not None and "no redeal: these rules of" in reason and "allow none" in reason
    assert "allows no" not in reason and "one passes" not in reason  # review 39
    with pytest.raises(IllegalMoveError):
        game.play("redeal")
    plain = Game(variant, seed=3)
    play_to_empty_stock(plain)
    assert REDEAL in plain.legal_moves()


def test_more_redeals() -> None:
    game = Game(Rules("acme", redeals=3).register(), seed=5)
    for _ in range(3):
        play_to_empty_stock(game)
        game.play("redeal")
    play_to_empty_stock(game)
    assert REDEAL not in game.legal_moves()
    assert game.view()["redeals_total"] == 3


def test_reserve_size_10() -> None:
    quad = Game(Rules("quadrennial", reserve=10).register(), seed=8)
    reserve = [quad.pile(f"R{i}") for i in range(1, 11)]
    assert all(len(p) == 1 for p in reserve)
    assert len(quad.pile("S")) == 42
    plain = Game("quadrennial", seed=8)
    assert [p[0] for p in reserve[:8]] == [plain.pile(f"R{i}")[0] for i in range(1, 9)]
    assert len(Game(Rules("acme", reserve=10).register(), seed=8).pile("R")) == 10
    acme = new_state(Rules("acme", reserve=10).register(), 8)
    assert sum(len(p) for p in acme.piles) == 52 and len(acme.piles[-2]) == 34
    fly = Game(Rules("fly", reserve=20).register(), seed=8)
    assert len(fly.pile("R")) == 20 and len(fly.pile("S")) == 76


def test_stuck_reading_draws_only_when_nothing_else_plays() -> None:
    name = Rules("acme", stuck=True).register()
    rng = random.Random(1)
    checked = 0
    for seed in range(30):
        game = Game(name, seed=seed)
        for _ in range(60):
            legal = game.legal_moves()
            if not legal:
                break
            others = [m for m in VARIANTS["acme"].legal_moves(game.state) if m != DRAW]
            if others and game.pile("S"):
                assert DRAW not in legal
                reason = game.why_not("draw")
                assert reason is not None and "stricter reading" in reason
                checked += 1
            game.play(rng.choice(legal))
    assert checked > 0
    acq = Game(Rules("acquaintance", stuck=True).register(), seed=0)
    while acq.legal_moves() != [DEAL] and acq.legal_moves():
        acq.play(acq.legal_moves()[0])
    assert acq.why_not("deal") is None


@pytest.mark.parametrize(
    "rules",
    [
        Rules("quadrennial", redeals=0, reserve=4, stuck=True),
        Rules("acquaintance", redeals=1, stuck=True),
        Rules("acme", redeals=2, reserve=0),
        Rules("fly", reserve=30),
    ],
    ids=lambda r: r.name,
)
def test_knob_variants_are_consistent(rules: Rules) -> None:
    """Every listed move is accepted by the checked layer, every other named move refused, and
    the cards are conserved (the engine's conformance checks, on the knob variants)."""
    name = rules.register()
    rng = random.Random(rules.name)
    for seed in range(5):
        game = Game(name, seed=seed)
        for _ in range(150):
            legal = game.legal_moves()
            for move in legal:
                assert game.why_not(move) is None, move
            for move in (DRAW, DEAL, REDEAL):
                if move not in legal:
                    assert game.why_not(move), move
            assert sorted(c for p in game.state.piles for c in p) == sorted(
                c for p in new_state(name, seed).piles for c in p
            )
            if not legal:
                break
            game.play(rng.choice(legal))


def test_names_round_trip_and_rebuild() -> None:
    rules = Rules("acme", redeals=0, reserve=10, stuck=True)
    assert rules.name == "acme[redeals=0,reserve=10,stuck]"
    assert Rules.from_name(rules.name) == rules
    VARIANTS.pop(rules.name, None)
    assert ensure_variant(rules.name) == rules.name  # a fresh worker rebuilds it from the name
    assert isinstance(VARIANTS[rules.name], knob_class(Acme))


@pytest.mark.parametrize(
    "bad",
    [
        {"variant": "fly", "redeals": 1},
        {"variant": "acquaintance", "reserve": 6},
        {"variant": "fly", "stuck": True},
        {"variant": "acme", "reserve": 45},
        {"variant": "quadrennial", "redeals": -1},
        {"variant": "canfield"},
    ],
)
def test_bad_knobs_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Rules(**bad)  # type: ignore[arg-type]


def test_bad_names_are_refused() -> None:
    for name in ("acme[colour=red]", "klondike[redeals=1]", "acme[reserve=x]"):
        with pytest.raises(ValueError):
            ensure_variant(name)


def test_a_game_opens_under_a_knob_name_directly() -> None:
    """docs/probability.md: ``Game("acme[reserve=10,stuck]", seed=7)``, no ``register`` first
    (the thirty-fifth review found it refused); a bad knob is refused by name."""
    game = Game("acme[stuck,reserve=10]", seed=7)
    assert game.variant == "acme[reserve=10,stuck]" and game.code == "ACME-RESERVE10-STUCK-7H"
    with pytest.raises(ValueError, match="unknown rule knob 'foo'"):
        Game("acme[foo]", seed=7)
