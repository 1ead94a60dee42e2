"""Quoting a user's input in an error message, cut short: a message never echoes a huge input."""

from __future__ import annotations

import reprlib

_SHORT = reprlib.Repr()
_SHORT.maxstring = 32
_SHORT.maxother = 32
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 3
_SHORT.maxlevel = 2


def quoted(value: object) -> str:
    """``repr(value)`` for a message, at most a few dozen characters (``'TTTT...TTTT'``)."""
    return _SHORT.repr(value)
