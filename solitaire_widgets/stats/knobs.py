""" "What if" rules: the same games with a different number of redeals, a different reserve size,
or the stricter reading "draw or deal only when stuck".

A ``Rules`` value names the change; ``Rules(...).register()`` builds a parameterised copy of the
engine's variant class and registers it in ``VARIANTS`` under a distinct name such as
``quadrennial[redeals=0]`` or ``acme[reserve=10,stuck]``, so ``new_state``, ``Game``,
``legal_moves`` and the solver all use it like any other variant. The name spells the rules out
completely, so a worker process (or a dask worker) given only the name rebuilds the same rules
(``ensure_variant``). The default rules are never touched: a knob left at its default value is
dropped from the name, and ``Rules("acme")`` is plain Acme.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..checks import check_count
from ..moves import DEAL, DRAW, REDEAL, Move
from ..quoting import quoted
from ..state import GameState
from ..variants import VARIANTS, Variant, get_variant
from ..variants.acme import Acme
from ..variants.acquaintance import Acquaintance
from ..variants.fly import Fly
from ..variants.quadrennial import Quadrennial

BASES = ("quadrennial", "acquaintance", "acme", "fly")
#: variant -> (default, smallest, largest) reserve size: Quadrennial counts one-card piles.
RESERVE_SIZES = {"quadrennial": (8, 1, 52), "acme": (13, 0, 44), "fly": (13, 0, 96)}
#: variant -> default number of redeals, for the variants that have one.
REDEALS = {"quadrennial": 2, "acquaintance": 2, "acme": 1}
MAX_REDEALS = 20
STOCK_MOVES = (DRAW, DEAL, REDEAL)
_NAME = re.compile(r"([a-z]+)(?:\[([a-z0-9=,]*)\])?")


@dataclass(frozen=True)
class Rules:
    """A variant with its knobs; ``None`` (or the default value) keeps the game's own rule.

    - ``redeals``: redeals allowed (Quadrennial, Acquaintance, Acme; their rules say 2, 2, 1).
    - ``reserve``: Quadrennial's number of one-card reserve piles (8), or the size of Acme's
      and Fly's reserve (13 cards). The cards come from the same place in the deck as before.
    - ``stuck``: the stricter reading of the rule texts: draw, deal or redeal only when no
      other move can be played (Quadrennial, Acquaintance, Acme).
    """

    variant: str
    redeals: int | None = None
    reserve: int | None = None
    stuck: bool = False

    def __post_init__(self) -> None:
        base = get_variant(self.variant).family
        object.__setattr__(self, "variant", base)
        for knob in ("redeals", "reserve"):
            value = getattr(self, knob)
            if value is not None:
                object.__setattr__(self, knob, check_count(value, f"{knob} (a knob)", high=1000))
        if not isinstance(self.stuck, bool):
            raise ValueError(f"stuck is True or False, not {quoted(self.stuck)}")
        if self.redeals is not None:
            if base not in REDEALS:
                raise ValueError(f"{base} has no redeal to change")
            if not 0 <= self.redeals <= MAX_REDEALS:
                raise ValueError(f"redeals is between 0 and {MAX_REDEALS}, not {self.redeals}")
            if self.redeals == REDEALS[base]:
                object.__setattr__(self, "redeals", None)
        if self.reserve is not None:
            if base not in RESERVE_SIZES:
                raise ValueError(f"{base} has no reserve size to change")
            default, low, high = RESERVE_SIZES[base]
            if not low <= self.reserve <= high:
                raise ValueError(f"{base}'s reserve size is between {low} and {high}")
            if self.reserve == default:
                object.__setattr__(self, "reserve", None)
        if self.stuck and base == "fly":
            raise ValueError("fly has no draw or deal: its stock's top card is always playable")

    @property
    def name(self) -> str:
        """The registered variant name: ``acme[redeals=0,reserve=10,stuck]``; plain if default."""
        parts = []
        if self.redeals is not None:
            parts.append(f"redeals={self.redeals}")
        if self.reserve is not None:
            parts.append(f"reserve={self.reserve}")
        if self.stuck:
            parts.append("stuck")
        return f"{self.variant}[{','.join(parts)}]" if parts else self.variant

    @classmethod
    def from_name(cls, name: str) -> Rules:
        """The rules a variant name stands for (the inverse of ``name``)."""
        match = _NAME.fullmatch(name.strip().lower())
        if match is None or match.group(1) not in BASES:
            raise ValueError(f"unknown variant {name!r}: choose one of {', '.join(BASES)}")
        knobs: dict[str, int | bool] = {}
        for part in filter(None, (match.group(2) or "").split(",")):
            key, _, value = part.partition("=")
            if key == "stuck" and not value:
                knobs["stuck"] = True
            elif key in ("redeals", "reserve") and value.isdigit():
                knobs[key] = int(value)
            else:
                raise ValueError(f"unknown rule knob {part!r} in {name!r}")
        return cls(match.group(1), **knobs)  # type: ignore[arg-type]

    def register(self) -> str:
        """Build and register these rules (once); return the variant name to deal with."""
        name = self.name
        if name not in VARIANTS:
            VARIANTS[name] = _build(self)
        return name


def ensure_variant(name: str) -> str:
    """Make sure a variant name (a knob name included) is registered; return it normalised."""
    key = name.strip().lower()
    return key if key in VARIANTS else Rules.from_name(key).register()


class _StuckOnly(Variant):
    """The stricter reading: the stock moves (draw, deal, redeal) only when nothing else plays."""

    stuck_only = False
    base: type[Variant]  # the engine's class, whose moves the stricter reading restricts

    def legal_moves(self, state: GameState) -> list[Move]:
        moves = self.base.legal_moves(self, state)
        if self.stuck_only:
            others = [m for m in moves if m not in STOCK_MOVES]
            if others:
                return others
        return moves

    def _stuck_reason(self, state: GameState, reason: str | None) -> str | None:
        if reason is not None or not self.stuck_only:
            return reason
        others = [m for m in self.base.legal_moves(self, state) if m not in STOCK_MOVES]
        if not others:
            return None
        return (
            "under the stricter reading the stock is used only when no other move can be "
            f"played, and {others[0]} can"
        )

    def draw_reason(self, state: GameState) -> str | None:
        return self._stuck_reason(state, super().draw_reason(state))

    def deal_reason(self, state: GameState) -> str | None:
        return self._stuck_reason(state, super().deal_reason(state))

    def redeal_reason(self, state: GameState) -> str | None:
        return self._stuck_reason(state, super().redeal_reason(state))


def _configure(variant: Variant, rules: Rules) -> None:
    """Set the knobs on a fresh variant object, before the base class indexes its piles."""
    variant.name = rules.name
    if rules.redeals is not None:
        variant.redeals_allowed = rules.redeals
    if rules.stuck and isinstance(variant, _StuckOnly):
        variant.stuck_only = True
    if rules.reserve is not None:
        if isinstance(variant, Quadrennial):
            names = tuple(f"R{i}" for i in range(1, rules.reserve + 1))
            variant.pile_names = ("F1", "F2", "F3", "F4", *names, "S", "W")
            variant.rows = (("F1", "F2", "F3", "F4"), names, ("S", "W"))
        elif isinstance(variant, (Acme, Fly)):
            variant.reserve_size = rules.reserve


class QuadrennialRules(_StuckOnly, Quadrennial):
    """Quadrennial with knobs (see ``Rules``)."""

    base = Quadrennial

    def __init__(self, rules: Rules) -> None:
        _configure(self, rules)
        super().__init__()


class AcquaintanceRules(_StuckOnly, Acquaintance):
    """Acquaintance with knobs (see ``Rules``)."""

    base = Acquaintance

    def __init__(self, rules: Rules) -> None:
        _configure(self, rules)
        super().__init__()


class AcmeRules(_StuckOnly, Acme):
    """Acme with knobs (see ``Rules``)."""

    base = Acme

    def __init__(self, rules: Rules) -> None:
        _configure(self, rules)
        super().__init__()


class FlyRules(Fly):
    """Fly with knobs (see ``Rules``): only the reserve size."""

    def __init__(self, rules: Rules) -> None:
        _configure(self, rules)
        super().__init__()


_CLASSES: dict[str, type[Variant]] = {
    "quadrennial": QuadrennialRules,
    "acquaintance": AcquaintanceRules,
    "acme": AcmeRules,
    "fly": FlyRules,
}


def _build(rules: Rules) -> Variant:
    if rules.name == rules.variant:
        return VARIANTS[rules.variant]
    cls = _CLASSES[rules.variant]
    return cls(rules)  # type: ignore[call-arg]
