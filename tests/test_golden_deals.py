"""Golden deals: deal numbers 1, 2 and 3 of every variant, written out pile by pile.

How these were worked out, independently of the engine: a ten-line script built the list of
codes in canonical order (``AC 2C ... KC AD ... KS``, twice for Fly), shuffled it with
``random.Random(N).shuffle``, and laid the piles out by hand from RULES.md "Deals" (aces taken
out to the foundations in suit order; reserve/tableau from the front of what is left; the stock
listed bottom to top, so its last card is the first card that follows the layout). It did not
import ``solitaire_widgets``.
"""

from __future__ import annotations

import pytest

from solitaire_widgets import Game

GOLDEN: dict[tuple[str, int], dict[str, str]] = {
    ("quadrennial", 1): {
        "F1": "",
        "F2": "",
        "F3": "",
        "F4": "",
        "R1": "JS",
        "R2": "TC",
        "R3": "QH",
        "R4": "TD",
        "R5": "3C",
        "R6": "KH",
        "R7": "7D",
        "R8": "QC",
        "S": (
            "9C JH TS 5C 4D 8C 6H 3H 5H 3S QD AD 7C 7S 2C 4S 2H AC 6S 5D 2D 6D 4C 8H JC 9H AH "
            "KD 8D 7H QS KC AS 2S 9D 9S 8S JD 3D 5S KS 4H 6C TH"
        ),
        "W": "",
    },
    ("acquaintance", 1): {
        "F1": "AC",
        "F2": "AD",
        "F3": "AH",
        "F4": "AS",
        "R1": "JS",
        "R2": "TC",
        "R3": "QH",
        "R4": "TD",
        "S": (
            "9C JH TS 5C 4D 8C 6H 3H 5H 3S QD 7C 7S 2C 4S 2H 6S 5D 2D 6D 4C 8H JC 9H KD 8D 7H "
            "QS KC 2S 9D 9S 8S JD 3D 5S KS 4H 6C TH QC 7D KH 3C"
        ),
    },
    ("acme", 1): {
        "F1": "AC",
        "F2": "AD",
        "F3": "AH",
        "F4": "AS",
        "R": "3C KH 7D QC TH 6C 4H KS 5S 3D JD 8S 9S",
        "T1": "JS",
        "T2": "TC",
        "T3": "QH",
        "T4": "TD",
        "S": (
            "9C JH TS 5C 4D 8C 6H 3H 5H 3S QD 7C 7S 2C 4S 2H 6S 5D 2D 6D 4C 8H JC 9H KD 8D 7H "
            "QS KC 2S 9D"
        ),
        "W": "",
    },
    ("fly", 1): {
        "F1": "AC",
        "F2": "AD",
        "F3": "AH",
        "F4": "AS",
        "F5": "AC",
        "F6": "AD",
        "F7": "AH",
        "F8": "AS",
        "R": "JD TC TS JC 7H 8D 5C JH 8H 8H KH 9S 4H",
        "T1": "",
        "T2": "",
        "T3": "",
        "T4": "",
        "T5": "",
        "S": (
            "5D 8D 7S 9C 7H 3D QC 6C 9C 6H TS KC JC 4C JS 4C KD 6S 9H 4H JD 2S QH 3C 5D 2C 3S "
            "2H 3C QD 3D 3H 5C JS 5H 6S 5S 2D 9D 2D 6D TD 2S 2C TH 3S 7C QC 2H 8S 7C 8C 9D 7S "
            "9S QS KC 7D 5S QH 6H 4S KD 9H 5H 8S 7D 3H JH 6C KS KS TD QD 8C KH 4S TC 4D 6D 4D "
            "QS TH"
        ),
    },
    ("quadrennial", 2): {
        "F1": "",
        "F2": "",
        "F3": "",
        "F4": "",
        "R1": "3D",
        "R2": "4H",
        "R3": "TC",
        "R4": "9D",
        "R5": "5C",
        "R6": "7C",
        "R7": "KS",
        "R8": "AH",
        "S": (
            "4C 6C QS JD JC 4S 7D 4D KH AD 5S 3C QH 9S 2H KD 7H TS 3H TH 5D 8H 2C AS AC QC 2D "
            "3S KC 8S 6S JS 6H 8D 8C 7S 5H 2S 6D JH 9H 9C QD TD"
        ),
        "W": "",
    },
    ("acquaintance", 2): {
        "F1": "AC",
        "F2": "AD",
        "F3": "AH",
        "F4": "AS",
        "R1": "3D",
        "R2": "4H",
        "R3": "TC",
        "R4": "9D",
        "S": (
            "4C 6C QS JD JC 4S 7D 4D KH 5S 3C QH 9S 2H KD 7H TS 3H TH 5D 8H 2C QC 2D 3S KC 8S "
            "6S JS 6H 8D 8C 7S 5H 2S 6D JH 9H 9C QD TD KS 7C 5C"
        ),
    },
    ("acme", 2): {
        "F1": "AC",
        "F2": "AD",
        "F3": "AH",
        "F4": "AS",
        "R": "5C 7C KS TD QD 9C 9H JH 6D 2S 5H 7S 8C",
        "T1": "3D",
        "T2": "4H",
        "T3": "TC",
        "T4": "9D",
        "S": (
            "4C 6C QS JD JC 4S 7D 4D KH 5S 3C QH 9S 2H KD 7H TS 3H TH 5D 8H 2C QC 2D 3S KC 8S "
            "6S JS 6H 8D"
        ),
        "W": "",
    },
    ("fly", 2): {
        "F1": "AC",
        "F2": "AD",
        "F3": "AH",
        "F4": "AS",
        "F5": "AC",
        "F6": "AD",
        "F7": "AH",
        "F8": "AS",
        "R": "3S KH 3C 2D 2C JH 7C 4S JH 4D KC 4D TC",
        "T1": "",
        "T2": "",
        "T3": "",
        "T4": "",
        "T5": "",
        "S": (
            "8C QC JC 8S 9D 4S 8H 7H KD 2H 8S 5C TD TH 8D 4C 4H QS 9S 5D 5C KC 9H 4C TS 8C 2S "
            "TS 3C 3D 9S TD 5H 4H 2S 5H 3S 7H 9C 5S TC JD 9C 5S TH QS 3H 7S 6H 8H 9D JD QH QC "
            "JS 8D JS KD 7D 2C 3D 6H 5D KH 7C 9H QD 3H 2H QH 6D 7S KS 6S 2D 6S 6D KS 6C 6C 7D "
            "JC QD"
        ),
    },
    ("quadrennial", 3): {
        "F1": "",
        "F2": "",
        "F3": "",
        "F4": "",
        "R1": "AD",
        "R2": "3H",
        "R3": "4C",
        "R4": "7D",
        "R5": "4H",
        "R6": "AH",
        "R7": "KS",
        "R8": "TD",
        "S": (
            "3D QH 9H 9C JD KH 5H 2S QS 5C 8S AC 7S 4D TH 2D KC AS JS KD TC 8C 8D 4S 2H 3S 5S "
            "9S 6S 9D 3C 6C 6D 2C 6H QD TS 8H 5D QC 7C 7H JC JH"
        ),
        "W": "",
    },
    ("acquaintance", 3): {
        "F1": "AC",
        "F2": "AD",
        "F3": "AH",
        "F4": "AS",
        "R1": "3H",
        "R2": "4C",
        "R3": "7D",
        "R4": "4H",
        "S": (
            "3D QH 9H 9C JD KH 5H 2S QS 5C 8S 7S 4D TH 2D KC JS KD TC 8C 8D 4S 2H 3S 5S 9S 6S "
            "9D 3C 6C 6D 2C 6H QD TS 8H 5D QC 7C 7H JC JH TD KS"
        ),
    },
    ("acme", 3): {
        "F1": "AC",
        "F2": "AD",
        "F3": "AH",
        "F4": "AS",
        "R": "KS TD JH JC 7H 7C QC 5D 8H TS QD 6H 2C",
        "T1": "3H",
        "T2": "4C",
        "T3": "7D",
        "T4": "4H",
        "S": (
            "3D QH 9H 9C JD KH 5H 2S QS 5C 8S 7S 4D TH 2D KC JS KD TC 8C 8D 4S 2H 3S 5S 9S 6S "
            "9D 3C 6C 6D"
        ),
        "W": "",
    },
    ("fly", 3): {
        "F1": "AC",
        "F2": "AD",
        "F3": "AH",
        "F4": "AS",
        "F5": "AC",
        "F6": "AD",
        "F7": "AH",
        "F8": "AS",
        "R": "7C KD 8S 7S TC 7D 8C 4S 8D KC KH KS 4C",
        "T1": "",
        "T2": "",
        "T3": "",
        "T4": "",
        "T5": "",
        "S": (
            "5H JD 5D 4D 9S KD 9C 3H TD 9C 8S 2C 7S 8H 6D 4H QD JS QH 9H QS 4H 7D JH 6S 2D JS "
            "2S 4S 8D 6C KH 4C 9H 6H QD 3C 5H 5C 5D KC JD 7C 3C 5S 6H TS 5S 2H 3D 2S 7H TH JH "
            "TD 8H QH 3S 2D 9D QS QC JC 9D 6S 4D JC 3S TC 7H 8C 3D TH 2C 3H QC 9S TS 5C KS 6C "
            "2H 6D"
        ),
    },
}


@pytest.mark.parametrize(("variant", "seed"), sorted(GOLDEN))
def test_golden_deal(variant: str, seed: int) -> None:
    game = Game(variant, seed=seed)
    expected = GOLDEN[variant, seed]
    assert set(expected) == {name for row in game.view()["rows"] for name in row}
    for name, codes in expected.items():
        assert [c.code for c in game.pile(name)] == codes.split(), name
