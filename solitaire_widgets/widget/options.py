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

from ..chances import DEFAULT_PLAYERS, visible_strategy
from ..quoting import quoted
from ._types import GameLike
from .protocol import MAX_SEED

__all__ = [
    "MAX_CHANCE_SAMPLES",
    "MAX_NODES",
    "MAX_SOLVE_SECONDS",
    "TABLE_CHANCE_SAMPLES",
    "Options",
    "check_game",
    "check_record",
    "check_seed_shown",
    "chosen_players",
    "option_property",
]

TABLE_CHANCE_SAMPLES = 6
"""The table's Chances measures this many deals of the unseen cards by default, fewer than
``chances.DEFAULT_SAMPLES``: the thinker's column plays a whole game, thinking before each
move, on every deal after every move, so a sample costs seconds (tens of CPU seconds for a
Fly opening's ten moves: ``benchmarks/chances.py --table``, docs/widget.md). The table
grows after each sample, and Stop keeps it."""

MAX_SOLVE_SECONDS = 24 * 3600.0
"""Solve's time budget is at most a day of CPU time (Stop ends it at any time)."""
MAX_CHANCE_SAMPLES = 100_000
"""Chances measures at most this many deals of the unseen cards per move."""
MAX_NODES = 10**12
"""A node budget (Solve's, or Chances' per deal) is at most this: days of search."""
_GAME_KINDS = "a Game or the name of a game such as 'acme'"


@dataclass(frozen=True)
class Options:
    """The budgets of Solve and Chances, the players Chances measures, and whether Hint
    thinks (see ``GameWidget``), each checked."""

    solve_seconds: float = 10.0
    solve_nodes: int = 2_000_000
    chance_samples: int = TABLE_CHANCE_SAMPLES
    chance_nodes: int | None = None
    chance_seed: int = 0
    chance_players: tuple[str, ...] = DEFAULT_PLAYERS
    think: bool = True

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
        object.__setattr__(self, "chance_players", _players(self.chance_players))
        if not isinstance(self.think, bool):
            raise TypeError(f"think is True or False, not {_shown(self.think)}")


_PLAYERS = "a tuple of player names such as ('thinker', 'hint')"


def _players(players: object) -> tuple[str, ...]:
    """The players Chances measures, checked: a non-empty tuple (or list) of distinct names of
    players who see only the face-up cards (thinker, hint, greedy or random)."""
    if isinstance(players, str) or not isinstance(players, tuple | list):
        raise TypeError(f"chance_players is {_PLAYERS}, not {_shown(players)}")
    if not players:
        raise ValueError(f"chance_players is {_PLAYERS}: name at least one player")
    for name in players:
        if not isinstance(name, str):
            raise TypeError(f"chance_players names players (such as 'thinker'), not {_shown(name)}")
        visible_strategy(name)  # refuse an unknown name, or the solver, now
    names = tuple(name.strip().lower() for name in players)
    if len(set(names)) != len(names):
        raise ValueError(f"chance_players names each player once, not {_shown(players)}")
    return names


def chosen_players(players: object, strategy: object) -> object:
    """The players Chances measures, from ``chance_players`` or the older ``chance_strategy``
    (one player's name: kept so that code written for it still runs); not both."""
    if strategy is None:
        return DEFAULT_PLAYERS if players is None else players
    if players is not None:
        raise TypeError(
            "give chance_players (the players Chances measures) or chance_strategy (the older "
            "name for one player), not both"
        )
    if not isinstance(strategy, str):
        raise TypeError(
            f"chance_strategy names one player (thinker, hint, greedy or random), "
            f"not {_shown(strategy)}"
        )
    return (strategy,)


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
