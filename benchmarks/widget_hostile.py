"""How long the table takes to refuse hostile messages: huge, long or deeply nested.

Run: ``python benchmarks/widget_hostile.py [--repeat 20]``

A comm message reaches the widget already parsed: the kernel's ``json.loads`` (in
``jupyter_client``'s session) has read it before any widget code runs, and that part is not
the widget's to control (the column "kernel parse" shows it for the same text; a value nested
more than about 1,000 deep is refused there, by Python's JSON reader, and never reaches the
widget). From the moment ``GameWidget`` gets the message, it walks it without recursion and
refuses it as soon as it passes ``MAX_MESSAGE_CHARS`` (64 KB) or ``MAX_DEPTH`` (4 levels).
This prints, per message, the median time of the widget's whole handling (refusal, error
trait set, answer sent) and of the kernel's parse, in ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solitaire_widgets import Game
from solitaire_widgets.widget import GameWidget
from solitaire_widgets.widget.protocol import MAX_MESSAGE_CHARS


def nested(depth: int) -> object:
    value: object = "S-W"
    for _ in range(depth):
        value = [value]
    return value


MESSAGES: dict[str, Callable[[], object]] = {
    "a move (S-W)": lambda: {"type": "move", "move": "S-W"},
    "a move of 64 KB + 1": lambda: {"type": "move", "move": "x" * (MAX_MESSAGE_CHARS + 1)},
    "a move of 1 MB": lambda: {"type": "move", "move": "x" * 1_000_000},
    "a move of 5 MB": lambda: {"type": "move", "move": "x" * 5_000_000},
    "a list of 1,000,000 numbers": lambda: {"type": "move", "move": list(range(1_000_000))},
    "nested 900 deep": lambda: {"type": "move", "move": nested(900)},
    "nested 100,000 deep": lambda: {"type": "move", "move": nested(100_000)},
}


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    widget = GameWidget(Game("acme", seed=7))
    widget.send = lambda content, buffers=None: None  # type: ignore[method-assign]
    print(f"{'message':<30} {'widget':>10} {'kernel parse':>13}  error")
    for name, make in MESSAGES.items():
        content = make()
        handled = median_ms(lambda c=content: widget._handle_custom_msg(c, []), args.repeat)
        try:
            text = json.dumps(content)
            parse = f"{median_ms(lambda t=text: json.loads(t), args.repeat):10.2f} ms"
        except RecursionError:
            parse = "  too deep to write"
        error = widget.error
        widget.game.restart()
        print(f"{name:<30} {handled:7.3f} ms {parse:>13}  {error or '(played)'}")


if __name__ == "__main__":
    main()
