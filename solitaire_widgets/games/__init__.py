"""One home per game: what the engines know about each game beyond its rules.

``PROFILES`` maps a game (a variant's ``family``) to its profile class, one line per game;
``profile_of`` gives the profile of any variant, a knob variant included (it shares its game's
profile class, made for its own rules). The interface is ``base.Profile``; adding a game is
described in docs/architecture.md.
"""

from __future__ import annotations

from ..state import GameState
from ..variants import VARIANTS, Variant
from .acme import AcmeProfile
from .acquaintance import AcquaintanceProfile
from .base import CardExample, CardRule, Profile, RuleCardText, Setup, ThinkerSettings
from .fly import FlyProfile
from .policy import Policy, Tries
from .quadrennial import QuadrennialProfile

PROFILES: dict[str, type[Profile]] = {
    "quadrennial": QuadrennialProfile,
    "acquaintance": AcquaintanceProfile,
    "acme": AcmeProfile,
    "fly": FlyProfile,
}

_MADE: dict[str, Profile] = {}


def profile_of(rules: Variant) -> Profile:
    """The profile of a variant (made once per variant object, kept by its name)."""
    made = _MADE.get(rules.name)
    if made is None or made.rules is not rules:
        made = _MADE[rules.name] = PROFILES[rules.family](rules)
    return made


def profile_of_state(state: GameState) -> Profile:
    """The profile of a position's variant."""
    return profile_of(VARIANTS[state.variant])


__all__ = [
    "PROFILES",
    "CardExample",
    "CardRule",
    "Policy",
    "Profile",
    "RuleCardText",
    "Setup",
    "ThinkerSettings",
    "Tries",
    "profile_of",
    "profile_of_state",
]
