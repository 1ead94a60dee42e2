"""Each exercise's *naive* answer: the one a student is likely to write first, typed by the
tests into its notebook (the first of the exercise's ``mistakes`` is the hint for it). They
live here, not in the package: some are one edit from the right answer (the ninth review).
A function's naive answer is the body of its ``def``."""

NAIVE: dict[str, str] = {
    "start-legal": 'legal = ["S-W", "R-T1"]',
    "quadrennial-legal": 'legal = ["R1-F2", "R6-F3"]',
    "quadrennial-rules": 'refused = {"S-W": 3, "R2-F1": 1, "W-R3": 2, "S-F2": 3, "redeal": 5}',
    "quadrennial-ace": "return reserve * Fraction(aces, cards)",
    "quadrennial-aces": (
        "return comb(reserve, k) * Fraction(aces, cards) ** k * Fraction(cards "
        "- aces, cards) ** (reserve - k)"
    ),
    "quadrennial-timing": 'moves = ["R1-F1", "S-W", "W-F1", "S-W", "W-F1"]',
    "acquaintance-rules": (
        'refused = {"R2-F1": 1, "deal": 3, "R3-F2": 1, "R4-R1": 2, "redeal": 4, "S-R3": 3}'
    ),
    "acquaintance-sizes": "sizes = [12, 12, 12, 12]",
    "acquaintance-two": (
        "return 1 - Fraction(comb(13 * suits - suits, piles), comb(13 * suits, piles))"
    ),
    "acquaintance-twos": "return cards * Fraction(4, 52)",
    "acquaintance-back": 'back = ("R2", 1)',
    "acme-legal": 'legal = ["T2-T1", "R-T4", "T3-F2", "S-W"]',
    "acme-rules": 'refused = {"W-T4": 4, "T2-T3": 2, "W-R": 3, "T1-F3": 1, "S-T4": 5}',
    "acme-clubs": "return comb(reserve, k) * Fraction(1, 4) ** k * Fraction(3, 4) ** (reserve - k)",
    "acme-player": "return view.legal[0]",
    "fly-moves": "moves = 11",
    "fly-rules": 'refused = {"S-T3": 2, "R-F1": 1, "T3-R": 3, "redeal": 5}',
    "fly-kings": "return Fraction(reserve, 96) ** 2",
    "fly-pair": "return 48 * Fraction(comb(94, reserve - 2), comb(96, reserve))",
    "lab-meaning": 'true_statements = {"A", "D"}',
    "lab-coverage": "return 0.95",
    "lab-sample-size": "return int(1.96**2 * p * (1 - p) / h**2)",
}
