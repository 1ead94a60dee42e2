"""Deprecated home of the rule knobs: they live in ``solitaire_widgets.variants.knobs`` now.

``Rules`` is the old name of ``Knobs`` (both work, silently: the notebooks use ``Rules``);
this module re-exports the old names for one release (see docs/architecture.md).
"""

from __future__ import annotations

import warnings

from ..variants import VARIANTS, game_names
from ..variants.acme import Acme
from ..variants.acquaintance import Acquaintance
from ..variants.fly import Fly
from ..variants.knobs import MAX_REDEALS, STOCK_MOVES, Knobs, ensure_variant, knob_class
from ..variants.quadrennial import Quadrennial

warnings.warn(
    "solitaire_widgets.stats.knobs is deprecated: import from solitaire_widgets.variants.knobs",
    DeprecationWarning,
    stacklevel=2,
)

Rules = Knobs
"""The old name of ``Knobs``."""

QuadrennialRules = knob_class(Quadrennial)
AcquaintanceRules = knob_class(Acquaintance)
AcmeRules = knob_class(Acme)
FlyRules = knob_class(Fly)

BASES = tuple(game_names())
#: variant -> (default, smallest, largest) reserve size: Quadrennial counts one-card piles.
RESERVE_SIZES = {
    name: (v.reserve_size, *v.reserve_limits)
    for name, v in VARIANTS.items()
    if name in BASES and v.reserve_size is not None
}
#: variant -> default number of redeals, for the variants that have one.
REDEALS = {
    name: v.redeals_allowed for name, v in VARIANTS.items() if name in BASES and v.redeals_allowed
}

__all__ = [
    "BASES",
    "MAX_REDEALS",
    "REDEALS",
    "RESERVE_SIZES",
    "STOCK_MOVES",
    "AcmeRules",
    "AcquaintanceRules",
    "FlyRules",
    "Knobs",
    "QuadrennialRules",
    "Rules",
    "ensure_variant",
]
