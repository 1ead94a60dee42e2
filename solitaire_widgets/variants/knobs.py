""" "What if" rules: the same games with a different number of redeals, a different reserve size,
or the stricter reading "draw or deal only when stuck".

A ``Knobs`` value names the change; ``Knobs(...).register()`` builds a copy of the game's
variant with those knobs (``knob_class``) and registers it in ``VARIANTS`` under a distinct
name such as ``quadrennial[redeals=0]`` or ``acme[reserve=10,stuck]``, so ``new_state``,
``Game``, ``legal_moves`` and the solver all use it like any other variant. The name spells the
knobs out completely, so a worker process (or a dask worker) given only the name rebuilds the
same rules (``ensure_variant``). The default rules are never touched: a knob left at its
default value is dropped from the name, and ``Knobs("acme")`` is plain Acme.

The knobs are declared on ``Variant`` (``redeals_allowed``, ``reserve_size`` with its
``reserve_limits``, ``stuck_only`` where ``draws_or_deals``), so this module knows no game by
name: a game without a redeal has no redeal knob, and so on.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..checks import check_count
from ..moves import DEAL, DRAW, REDEAL, Move
from ..quoting import quoted
from ..state import GameState
from . import VARIANTS, Variant, game_names, get_variant

MAX_REDEALS = 20
STOCK_MOVES = (DRAW, DEAL, REDEAL)
_NAME = re.compile(r"([a-z]+)(?:\[([a-z0-9=,]*)\])?")


@dataclass(frozen=True)
class Knobs:
    """A game with its knobs; ``None`` (or the default value) keeps the game's own rule.

    - ``redeals``: redeals allowed, in a game that has a redeal (Quadrennial 2, Acquaintance 2,
      Acme 1).
    - ``reserve``: Quadrennial's number of one-card reserve piles (8), or the size of Acme's
      and Fly's reserve (13 cards). The cards come from the same place in the deck as before.
    - ``stuck``: the stricter reading of the rule texts: draw, deal or redeal only when no
      other move can be played (a game whose stock is drawn or dealt).

    (Called ``Rules`` until this release; ``stats.Rules`` still names it.)
    """

    variant: str
    redeals: int | None = None
    reserve: int | None = None
    stuck: bool = False

    def __post_init__(self) -> None:
        base = get_variant(self.variant).family
        plain = VARIANTS[base]
        object.__setattr__(self, "variant", base)
        for knob in ("redeals", "reserve"):
            value = getattr(self, knob)
            if value is not None:
                object.__setattr__(self, knob, check_count(value, f"{knob} (a knob)", high=1000))
        if not isinstance(self.stuck, bool):
            raise ValueError(f"stuck is True or False, not {quoted(self.stuck)}")
        if self.redeals is not None:
            if not plain.redeals_allowed:
                raise ValueError(f"{base} has no redeal to change")
            if not 0 <= self.redeals <= MAX_REDEALS:
                raise ValueError(f"redeals is between 0 and {MAX_REDEALS}, not {self.redeals}")
            if self.redeals == plain.redeals_allowed:
                object.__setattr__(self, "redeals", None)
        if self.reserve is not None:
            if plain.reserve_size is None:
                raise ValueError(f"{base} has no reserve size to change")
            low, high = plain.reserve_limits
            if not low <= self.reserve <= high:
                raise ValueError(f"{base}'s reserve size is between {low} and {high}")
            if self.reserve == plain.reserve_size:
                object.__setattr__(self, "reserve", None)
        if self.stuck and not plain.draws_or_deals:
            raise ValueError(f"{base} has no draw or deal: its stock's top card is always playable")

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
    def from_name(cls, name: str) -> Knobs:
        """The knobs a variant name stands for (the inverse of ``name``)."""
        match = _NAME.fullmatch(name.strip().lower())
        games = game_names()
        if match is None or match.group(1) not in games:
            raise ValueError(f"unknown variant {name!r}: choose one of {', '.join(games)}")
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
            plain = VARIANTS[self.variant]
            VARIANTS[name] = knob_class(type(plain))(self)
        return name


def ensure_variant(name: str) -> str:
    """Make sure a variant name (a knob name included) is registered; return it normalised."""
    key = name.strip().lower()
    return key if key in VARIANTS else Knobs.from_name(key).register()


def variant_of(name: object) -> Variant:
    """The variant called ``name``: a game, or a knob name (``acme[reserve=10,stuck]``, as
    docs/probability.md opens one), registered on first use; a clear ``ValueError`` else."""
    return get_variant(ensure_variant(name) if isinstance(name, str) and "[" in name else name)


class WithKnobs(Variant):
    """A game's rules with knobs set (mixed in before the game's class, see ``knob_class``):
    the stricter reading keeps the stock moves (draw, deal, redeal) for when nothing else
    plays."""

    game: type[Variant]
    """The game's own class, whose moves the stricter reading restricts."""

    def __init__(self, knobs: Knobs) -> None:
        """Set the knobs on a fresh variant object, before the game indexes its piles."""
        self.name = knobs.name
        if knobs.redeals is not None:
            self.redeals_allowed = knobs.redeals
        if knobs.reserve is not None:
            self.reserve_size = knobs.reserve
        self.stuck_only = knobs.stuck
        super().__init__()

    def legal_moves(self, state: GameState) -> list[Move]:
        moves = self.game.legal_moves(self, state)
        if self.stuck_only:
            others = [m for m in moves if m not in STOCK_MOVES]
            if others:
                return others
        return moves

    def _stuck_reason(self, state: GameState, reason: str | None) -> str | None:
        if reason is not None or not self.stuck_only:
            return reason
        others = [m for m in self.game.legal_moves(self, state) if m not in STOCK_MOVES]
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


@cache
def knob_class(game: type[Variant]) -> type[WithKnobs]:
    """The class of ``game`` with knobs: ``WithKnobs`` mixed in before it (one per game)."""
    made: Any = type(
        f"{game.__name__}Rules", (WithKnobs, game), {"__module__": __name__, "game": game}
    )
    return made  # type: ignore[no-any-return]
