"""The table's constructor arguments, checked up front.

A wrong argument is refused when the table is made, with an error of the right type that
names the argument: ``TypeError`` for a value of the wrong kind (``GameWidget(None)``,
``solve_seconds="10"``), ``ValueError`` for a value of the right kind that cannot be used
(``chance_samples=-1``, ``solve_seconds=float("nan")``). Nothing fails later, in the middle of
a job, because of an argument that was accepted.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..chances import DEFAULT_SAMPLES, visible_strategy
from ..quoting import quoted
from ._types import GameLike
from .protocol import MAX_SEED

__all__ = [
    "MAX_CHANCE_SAMPLES",
    "MAX_NODES",
    "MAX_SOLVE_SECONDS",
    "Options",
    "check_game",
    "check_record",
    "check_seed_shown",
    "option_property",
]

MAX_SOLVE_SECONDS = 24 * 3600.0
"""Solve's time budget is at most a day of CPU time (Stop ends it at any time)."""
MAX_CHANCE_SAMPLES = 100_000
"""Chances measures at most this many deals of the unseen cards per move."""
MAX_NODES = 10**12
"""A node budget (Solve's, or Chances' per deal) is at most this: days of search."""
_GAME_KINDS = "a Game or the name of a game such as 'acme'"


@dataclass(frozen=True)
class Options:
    """The budgets of Solve and Chances (see ``GameWidget``), each checked."""

    solve_seconds: float = 10.0
    solve_nodes: int = 2_000_000
    chance_samples: int = DEFAULT_SAMPLES
    chance_nodes: int | None = None
    chance_seed: int = 0
    chance_strategy: str = "hint"

    def __post_init__(self) -> None:
        seconds = self.solve_seconds
        if isinstance(seconds, bool) or not isinstance(seconds, int | float):
            raise TypeError(f"solve_seconds is a number of seconds, not {_shown(seconds)}")
        if not (0 < seconds <= MAX_SOLVE_SECONDS):  # False for NaN; no float() of a huge int
            raise ValueError(
                f"solve_seconds is a number of seconds above 0 and at most "
                f"{MAX_SOLVE_SECONDS:,.0f} (a day), not {_shown(seconds)}"
            )
        object.__setattr__(self, "solve_seconds", float(seconds))
        _whole("solve_nodes", self.solve_nodes, low=1, high=MAX_NODES)
        _whole("chance_samples", self.chance_samples, low=1, high=MAX_CHANCE_SAMPLES)
        if self.chance_nodes is not None:
            _whole("chance_nodes", self.chance_nodes, low=1, high=MAX_NODES)
        _whole("chance_seed", self.chance_seed, low=0, high=MAX_SEED)
        if not isinstance(self.chance_strategy, str):
            raise TypeError(
                f"chance_strategy names a player (hint, greedy or random), "
                f"not {quoted(self.chance_strategy)}"
            )
        visible_strategy(self.chance_strategy)  # refuse an unknown name, or the solver, now


def _whole(name: str, value: object, *, low: int, high: int) -> None:
    """Refuse ``value`` unless it is a whole number from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} is a whole number, not {_shown(value)}")
    if not low <= value <= high:
        raise ValueError(f"{name} is a whole number from {low} to {high:,}, not {_shown(value)}")


def _shown(value: object) -> str:
    """A value quoted for a message; a huge whole number by its size (Python will not even
    write one of more than 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10**30:
        digits = int(abs(value).bit_length() * math.log10(2)) + 1
        return f"a number of about {digits:,} digits"
    return quoted(value)


def check_game(game: object, seed: object) -> None:
    """Refuse what ``GameWidget(game, seed=...)`` cannot show: ``game`` is a game or a game's
    name; ``seed`` goes only with a name."""
    if isinstance(game, str):
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise TypeError(f"seed is a deal number (a whole number), not {_shown(seed)}")
        return
    if not isinstance(game, GameLike):
        raise TypeError(f"GameWidget shows {_GAME_KINDS}, not {_shown(game)}")
    if seed is not None:
        raise TypeError("seed only goes with the name of a game, not with a Game")


def check_seed_shown(game: GameLike) -> None:
    """Refuse a deal number the browser cannot hold exactly (JavaScript's numbers)."""
    if game.seed is not None and game.seed > MAX_SEED:
        raise ValueError(
            f"a table shows deals 0 to 2^53 - 1 (the browser's exact whole numbers); "
            f"this game is deal {_shown(game.seed)}"
        )


def check_record(record: object) -> None:
    """Refuse what ``ReplayWidget(record)`` cannot load: a record is a ``Game.to_json()`` text,
    the same record parsed into a dict, or a game."""
    if isinstance(record, str | Mapping | GameLike):
        return
    raise TypeError(
        "ReplayWidget shows a game record (the text of Game.to_json(), or that record "
        f"as a dict) or a Game, not {quoted(record)}"
    )


def option_property(name: str) -> Any:
    """A budget of Solve or Chances as an attribute of the table: it reads ``options`` and a
    new value replaces ``options`` only if it passes the same checks as the constructor's."""

    def read(table: Any) -> Any:
        return getattr(table.options, name)

    def write(table: Any, value: Any) -> None:
        table.options = replace(table.options, **{name: value})

    return property(read, write, doc=f"The {name} budget (see ``GameWidget``).")
