"""The games' rules by name: one line per game in ``VARIANTS`` (knob variants join it when
registered, ``variants.knobs``)."""

from __future__ import annotations

from ..quoting import quoted
from .acme import Acme
from .acquaintance import Acquaintance
from .base import Variant
from .fly import Fly
from .quadrennial import Quadrennial

VARIANTS: dict[str, Variant] = {v.name: v for v in (Quadrennial(), Acquaintance(), Acme(), Fly())}


def game_names() -> list[str]:
    """The games themselves, by name, in registry order (not their knob variants, which are
    registered under longer names and keep their game's ``family``)."""
    return [name for name, variant in VARIANTS.items() if name == variant.family]


def get_variant(name: object) -> Variant:
    """The variant called ``name`` (case-insensitive); a clear ``ValueError`` otherwise."""
    if isinstance(name, str) and name.strip().lower() in VARIANTS:
        return VARIANTS[name.strip().lower()]
    raise ValueError(f"unknown variant {quoted(name)}: choose one of {', '.join(game_names())}")


__all__ = ["VARIANTS", "Variant", "game_names", "get_variant"]
