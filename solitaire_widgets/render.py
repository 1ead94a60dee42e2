"""Text and HTML pictures of a table, drawn from a player's view (so nothing hidden leaks)."""

from __future__ import annotations

from html import escape
from typing import Any

from .cards import parse_card


def _card(code: str) -> str:
    return str(parse_card(code))


def pile_text(pile: dict[str, Any]) -> str:
    """One pile in a few characters: fanned piles show every card, others their top."""
    cards = [_card(c) for c in pile["cards"]]
    down = pile["down"]
    if not cards and not down:
        return "·"
    if pile["kind"] == "foundation":
        return cards[-1]
    if pile["fan"]:
        return " ".join(cards)
    parts = []
    if down:
        parts.append(f"[{down} down]")
    if cards:
        parts.append(cards[-1] + (f" ({len(cards)})" if len(cards) > 1 else ""))
    return " ".join(parts)


def status_line(view: dict[str, Any]) -> str:
    deal = f"deal {view['seed']}" if view["seed"] is not None else "explicit deck"
    parts = [
        f"{view['title']}, {deal}: {view['status']}",
        f"{view['moves_made']} move{'' if view['moves_made'] == 1 else 's'}",
        f"{view['cards_home']}/{view['cards_total']} cards home",
    ]
    if view["redeals_total"]:
        parts.append(f"{view['redeals_left']} of {view['redeals_total']} redeals left")
    return ", ".join(parts)


def render_text(view: dict[str, Any]) -> str:
    """The table as lines of text: a status line, then each row of piles."""
    lines = [status_line(view)]
    for row in view["rows"]:
        piles = view["piles"]
        if any(piles[name]["fan"] for name in row):
            lines.extend(f"  {name:<3} {pile_text(piles[name])}" for name in row)
        else:
            lines.append("  " + "   ".join(f"{name} {pile_text(piles[name])}" for name in row))
    return "\n".join(lines)


def render_html(view: dict[str, Any]) -> str:
    """The table as a small HTML table; every text is escaped."""
    out = [
        '<div class="solitaire-widgets-text">',
        f"<p><b>{escape(status_line(view))}</b></p>",
        "<table>",
    ]
    for row in view["rows"]:
        cells = "".join(
            f"<td><small>{escape(name)}</small><br>{escape(pile_text(view['piles'][name]))}</td>"
            for name in row
        )
        out.append(f"<tr>{cells}</tr>")
    out.append("</table></div>")
    return "".join(out)
