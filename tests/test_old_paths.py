"""The old import paths still work for one release (docs/architecture.md): the moved modules
warn when imported, the old names in the public modules do not (notebooks use them)."""

from __future__ import annotations

import importlib
import sys
import warnings

import pytest

from solitaire_widgets import engine
from solitaire_widgets.games import profile_of
from solitaire_widgets.variants import VARIANTS
from solitaire_widgets.variants.knobs import Knobs


@pytest.mark.parametrize(
    ("old", "name", "new"),
    [
        ("solitaire_widgets.rules", "new_state", engine.new_state),
        ("solitaire_widgets.stats.knobs", "Rules", Knobs),
        ("solitaire_widgets.solver.playouts", "fly_nested", None),
        ("solitaire_widgets.solver.policies", "policy_for", None),
    ],
)
def test_a_moved_module_still_works_and_warns(old: str, name: str, new: object) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match="deprecated"):
        module = importlib.import_module(old)
    assert callable(getattr(module, name))
    assert new is None or getattr(module, name) is new


def test_the_old_policy_path_gives_the_profiles_policy() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        from solitaire_widgets.solver.policies import POLICIES, policy_for
    state = engine.new_state("acme", 3)
    assert type(policy_for(state)) is type(profile_of(VARIANTS["acme"]).policy())
    assert POLICIES["acme"] is type(policy_for(state))


def test_old_names_in_public_modules_are_silent() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from solitaire_widgets.stats import Rules, estimate_win_rate

        assert Rules is Knobs
        old = estimate_win_rate("acme", "greedy", 3, rules=Rules("acme", reserve=10))
        new = estimate_win_rate("acme", "greedy", 3, knobs=Knobs("acme", reserve=10))
        assert old.variant == new.variant == "acme[reserve=10]" and old.games == new.games
