"""Jupyter teaching widgets for four patience games: Quadrennial, Acquaintance, Acme and Fly."""

from __future__ import annotations

from .cards import CARDS, Card, parse_card
from .engine import apply, legal_moves, new_state, outcome
from .game import Game
from .moves import DEAL, DRAW, REDEAL, IllegalMoveError, LegalMoves, Move, NotationError, parse_move
from .state import GameState
from .variants import VARIANTS

__all__ = [
    "CARDS",
    "DEAL",
    "DRAW",
    "REDEAL",
    "VARIANTS",
    "Card",
    "Game",
    "GameState",
    "IllegalMoveError",
    "LegalMoves",
    "Move",
    "NotationError",
    "apply",
    "legal_moves",
    "new_state",
    "outcome",
    "parse_card",
    "parse_move",
]
