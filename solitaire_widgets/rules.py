"""Deprecated: the engine's pure functions moved to ``solitaire_widgets.engine``.

This module re-exports them for one release (see docs/architecture.md); "rules" now names one
thing, a ``Variant`` (the rules of one game).
"""

from __future__ import annotations

import warnings

from .engine import MAX_SEED, apply, check_seed, legal_moves, new_state, outcome, random_seed

warnings.warn(
    "solitaire_widgets.rules is deprecated: import from solitaire_widgets.engine",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = [
    "MAX_SEED",
    "apply",
    "check_seed",
    "legal_moves",
    "new_state",
    "outcome",
    "random_seed",
]
