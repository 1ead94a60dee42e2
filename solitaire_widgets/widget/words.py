"""The table's words, written once, here: the browser shows them and writes none of its own
about the game (what a move did, which step a replay shows, what a job is doing).

A move is described alone, in the position it was played from, so that the line under the
table costs the same after move 5 and after move 5,000.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..dealcode import deal_code
from ..moves import parse_move
from ..state import GameState
from ..tallies import gap_words
from ..variants import get_variant
from ._types import GameLike

__all__ = [
    "chances_lines",
    "last_move_text",
    "move_words",
    "player_words",
    "plural",
    "static_note",
    "status_line",
    "step_text",
    "table_lines",
    "won_line",
]


def plural(count: int, word: str) -> str:
    """``"1 move"``, ``"2 moves"``, ``"1,000 moves"``."""
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def move_words(before: GameState, notation: str) -> str:
    """A move in words, in the position ``before`` it was played, consequences included:
    ``"3♥ from tableau 1 to tableau 4; the reserve's top card, 6♥, fills tableau 1"``."""
    return get_variant(before.variant).describe(before, parse_move(notation))


def last_move_text(game: GameLike, last_move: str | None) -> str:
    """``"R3-F1: 7♥ from reserve 3 to foundation 1"`` for the game's last move (``last_move``,
    the notation ``game.view()`` gives), or ``""`` before any move. Only that move is
    described; its position before is the game's next-to-last one."""
    if not last_move:
        return ""
    positions = game.positions
    return f"{last_move}: {move_words(positions[-2], last_move)}"


def step_text(index: int, last: int, move: str, words: str, start: int | None = None) -> str:
    """``"step 3 of 40: R3-F1, 7♥ from reserve 3 to foundation 1"``; a solver's line says
    which steps are the solver's (``start``: where Solve was pressed)."""
    text = f"step {index} of {last}: {move}, {words}" if move else f"step 0 of {last}: {words}"
    if start is None:
        return text
    if index > start:
        return f"{text} · the solver's line (it looked at the face-down cards)"
    if index == start:
        return f"{text} · where Solve was pressed"
    return f"{text} · the game before Solve"


def status_line(view: dict[str, Any]) -> str:
    """The line under the table: ``"Acme · deal 7 · code ACME-7L · 12 moves · redeals left 1
    of 1 · 8/52 cards home"`` (the code to say out loud: ``dealcode``), and how the game
    ended (the deal number in full: the browser's numbers are not exact above 2^53)."""
    seed = view.get("seed")
    parts = [view.get("title") or view.get("variant") or ""]
    parts.append("own deck" if seed is None else f"deal {seed}")
    if seed is not None and view.get("variant"):
        parts.append(f"code {deal_code(view['variant'], seed)}")
    moves = view["moves_made"]
    parts.append(f"{moves} move{'' if moves == 1 else 's'}")
    if view.get("redeals_total"):
        parts.append(f"redeals left {view['redeals_left']} of {view['redeals_total']}")
    parts.append(f"{view['cards_home']}/{view['cards_total']} cards home")
    if view["status"] == "won":
        parts.append("won!")
    elif view["status"] == "lost":
        parts.append("lost: no legal move left")
    return " · ".join(parts)


PLAYERS = {
    "thinker": (
        "the thinker",
        "a player who sees only what you have seen, remembers it and looks ahead",
    ),
    "hint": ("the hint rules", "the quick hints played blindly, from the face-up cards now"),
    "greedy": (
        "greedy player",
        "a player who sends cards home first, then keeps a fixed order, from the face-up cards",
    ),
    "random": ("random player", "a player who plays any legal move at random"),
}
"""Each player Chances can measure: its column's name, and who it is, in a few words (the
caption says "<name>: the share won by <who>")."""


def player_words(name: str) -> tuple[str, str]:
    """A player's column name and description (a strategy object's own name otherwise)."""
    return PLAYERS.get(name, (f"{name} player", "a player who sees only the face-up cards"))


def chances_lines(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The words around the Chances table: its caption (what every column measures), the
    players' column headers (``columns``) and, under it, the gap between the measures in two
    sentences about the players measured (``gap``, ``tallies.gap_words``)."""
    if not rows:
        return {}
    first = rows[0]
    named = [player_words(player["name"]) for player in first["players"]]
    who = " ".join(
        f"{title[0].upper()}{title[1:]}: the share won by {what}." for title, what in named
    )
    caption = (
        f"After each move, on {first['samples']} random deals of the unseen cards (never the "
        "real ones), with 95% intervals. Winnable: the share of deals a player who could see "
        f"every card would still win. {who}"
    )
    gap = gap_words([player["name"] for player in first["players"]])
    return {"caption": caption, "columns": [title for title, _ in named], "gap": gap}


def won_line(view: dict[str, Any]) -> str:
    """What a won game says over the felt."""
    moves = view["moves_made"]
    return f"Won! Every card is home, in {moves} move{'' if moves == 1 else 's'}."


def table_lines(view: dict[str, Any], chances: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``lines`` trait: the status line, the win, and the words over the chances."""
    lines: dict[str, Any] = {"status": status_line(view), **chances_lines(chances)}
    if view["status"] == "won":
        lines["won"] = won_line(view)
    return lines


def static_note(view: dict[str, Any]) -> str:
    """The line over a table's static picture (an HTML export, nbviewer, GitHub): it shows
    the table as it was when the cell ran, not the game played after that."""
    seed = view.get("seed")
    deal = "own deck" if seed is None else f"deal {seed}"
    moves = view["moves_made"]
    text = (
        f"The table as it was when this cell ran ({deal}, {moves} move{'' if moves == 1 else 's'}"
        "); the moves played on it later are not in this picture."
    )
    return f'<p class="sw-static-note"><em>{escape(text)}</em></p>'
