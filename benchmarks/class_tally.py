"""CPU seconds to load and tally a class's game logs (issue 24's goal: 30 students x 10 games in
at most 2 s): ``collect`` (read every file, replay and check every game, count each once) and
``tally``, on the bundled SYNTHETIC example class, median of several runs.

    python benchmarks/class_tally.py [--runs 5] [--folder notebooks/teacher/class_example]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from solitaire_widgets.classroom import collect, tally

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--folder", type=Path, default=ROOT / "notebooks/teacher/class_example")
    args = parser.parse_args()
    loads, tallies = [], []
    for _ in range(args.runs):
        started = time.process_time()
        collected = collect(args.folder)
        loaded = time.process_time()
        tally(collected)
        loads.append(loaded - started)
        tallies.append(time.process_time() - loaded)
    games = len(collected.games)
    players = len({g.player for g in collected.games})
    total = [a + b for a, b in zip(loads, tallies, strict=True)]
    print(f"{games} games of {players} players, {collected.files} files, {args.runs} runs")
    print(f"collect (read, replay, check, once): median {statistics.median(loads):.3f} CPU s")
    print(f"tally:                               median {statistics.median(tallies):.3f} CPU s")
    print(
        f"load and tally:                      median {statistics.median(total):.3f} CPU s "
        f"(goal: at most 2 s; max of the runs {max(total):.3f})"
    )


if __name__ == "__main__":
    main()
