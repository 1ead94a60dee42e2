"""Write views.json next to this file: one engine view per variant, some moves into a game.

Run from the repository root: ``python tests/widget_preview/make_views.py [moves]``.
The file is a local preview aid; delete it when done (it is not committed).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from solitaire_widgets import Game


def played(variant: str, moves: int) -> Game:
    """A game of ``variant`` (deal 7) after up to ``moves`` random legal moves."""
    game = Game(variant, seed=7)
    rng = random.Random(7)
    for _ in range(moves):
        legal = [m for m in game.legal_moves() if str(m) != "redeal"]
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    views = {v: played(v, count).view() for v in ("quadrennial", "acquaintance", "acme", "fly")}
    out = Path(__file__).with_name("views.json")
    out.write_text(json.dumps(views), encoding="utf-8")
    print(f"wrote {out}")
