"""The class plays, the class is the data (issue 24): the log of the games played at a table
(``log``), a folder of students' logs read back and checked (``collect``), and the class's
results beside the solver's and the players' on the same deals (``tally``).

>>> from solitaire_widgets.classroom import collect, tally   # doctest: +SKIP
>>> print(tally(collect("class_example")))                  # doctest: +SKIP

``projector("ACME-7L")`` puts one deal on the projector for everyone (``projector``); with
``site=`` the class's site address, its deal link too (``deal_link``).
"""

from __future__ import annotations

from .collect import ClassGame, Collected, Problem, collect, read_log
from .log import LOG_FORMAT, GameLog, PlayedGame, log_json
from .projector import Projector, deal_link, projector
from .tally import ClassTally, tally

__all__ = [
    "LOG_FORMAT",
    "ClassGame",
    "ClassTally",
    "Collected",
    "GameLog",
    "PlayedGame",
    "Problem",
    "Projector",
    "collect",
    "deal_link",
    "log_json",
    "projector",
    "read_log",
    "tally",
]
