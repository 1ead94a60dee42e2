"""Deprecated: the playouts moved to their games (``games/fly.py``,
``games/acquaintance.py``); each policy runs its own (``Policy.tries``).

This module re-exports the old names for one release (see docs/architecture.md).
"""

from __future__ import annotations

import warnings

from ..games.acquaintance import acquaintance_playout
from ..games.fly import FLY_PLAIN_FIRST, fly_nested, fly_playout, fly_tries
from ..games.policy import Tries

warnings.warn(
    "solitaire_widgets.solver.playouts is deprecated: see solitaire_widgets.games",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = [
    "FLY_PLAIN_FIRST",
    "Tries",
    "acquaintance_playout",
    "fly_nested",
    "fly_playout",
    "fly_tries",
]
