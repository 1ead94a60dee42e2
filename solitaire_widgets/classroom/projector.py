"""The deal code on the projector: one deal for everyone, without a server of ours.

``projector("ACME-7L")`` (or a ``Game``) shows the code large, with what the students do: type
it in their table's New deal box (any case), or ``Game.from_code("ACME-7L")`` in a cell. The
code is checked first (``dealcode``), so a typo never reaches the class.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..dealcode import read_code
from ..game import Game
from ..variants import get_variant

__all__ = ["Projector", "projector"]


@dataclass(frozen=True)
class Projector:
    """A deal code to put on the projector (a notebook shows it large)."""

    code: str
    title: str
    seed: int

    def words(self) -> str:
        return (
            f"Everyone: {self.title}, deal {self.seed}. Type {self.code} in your table's New "
            f'deal box and press Deal (or run Game.from_code("{self.code}")).'
        )

    def __repr__(self) -> str:
        return f"{self.code}\n{self.words()}"

    def _repr_html_(self) -> str:
        return (
            '<div style="text-align:center;padding:0.5em">'
            f'<div style="font-size:72px;font-weight:bold;letter-spacing:0.08em;'
            f'font-family:monospace">{escape(self.code)}</div>'
            f'<div style="font-size:22px">{escape(self.words())}</div></div>'
        )


def projector(deal: str | Game) -> Projector:
    """The projector's view of a deal code (checked: a ``DealCodeError`` names a slip) or of
    a numbered game's deal."""
    code = deal.code if isinstance(deal, Game) else deal
    if code is None:
        raise ValueError("an own deck has no code: deal a numbered game to share it")
    variant, seed = read_code(code)
    canonical = Game(variant, seed=seed).code
    assert canonical is not None
    return Projector(canonical, get_variant(variant).title, seed)
