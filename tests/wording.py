"""A check that a sentence reads well: no doubled brackets, no word said twice in a row."""

from __future__ import annotations

import re

DOUBLED_BRACKETS = re.compile(r"\)\s*\(|\(\(|\)\)")
REPEATED_WORD = re.compile(r"\b([A-Za-z]+)\b[\s:,;.]+\b\1\b", re.IGNORECASE)


def wording_faults(text: str) -> list[str]:
    """Doubled brackets ``(…) (…)`` and a word said twice in a row (``redeal: redeal``)."""
    faults = [f"doubled brackets in {text!r}"] if DOUBLED_BRACKETS.search(text) else []
    repeat = REPEATED_WORD.search(text)
    if repeat:
        faults.append(f"{repeat.group(0)!r} repeats a word in {text!r}")
    return faults
