"""Deprecated: each game's policy moved to its profile (``solitaire_widgets.games``).

This module re-exports the old names for one release (see docs/architecture.md).
"""

from __future__ import annotations

import warnings

from ..games import PROFILES, Policy, profile_of
from ..games.acme import AcmePolicy
from ..games.acquaintance import AcquaintancePolicy
from ..games.by_rank import one_per_foundation_height
from ..games.fly import FlyPolicy
from ..games.quadrennial_search import (
    DRAW_CODE,
    REDEAL_CODE,
    WASTE,
    QuadrennialPolicy,
    StrictQuadrennialPolicy,
)
from ..state import GameState
from ..variants import VARIANTS

warnings.warn(
    "solitaire_widgets.solver.policies is deprecated: ask games.profile_of(rules).policy()",
    DeprecationWarning,
    stacklevel=2,
)

POLICIES: dict[str, type[Policy]] = {name: p.policy_class for name, p in PROFILES.items()}


def policy_for(state: GameState, use_knowledge: bool = True) -> Policy:
    """The policy the solver searches ``state`` with (``games.profile_of(rules).policy``)."""
    return profile_of(VARIANTS[state.variant]).policy(use_knowledge)


__all__ = [
    "DRAW_CODE",
    "POLICIES",
    "REDEAL_CODE",
    "WASTE",
    "AcmePolicy",
    "AcquaintancePolicy",
    "FlyPolicy",
    "Policy",
    "QuadrennialPolicy",
    "StrictQuadrennialPolicy",
    "one_per_foundation_height",
    "policy_for",
]
