"""Make the bundled example class: SYNTHETIC game logs of 30 made-up students, 10 games each.

    python scripts/synthetic_class.py [OUT_DIR]     # default: notebooks/teacher/class_example

No student played these games. Each made-up student is a seeded model built on the package's
players: a skill between 0.35 and 0.95; at each move it plays the hint rules' first choice
with probability skill (asking for the hint, counted, at a rate of its own: never, 1 in 200,
1 in 50 or 1 in 12 of those moves), else a random legal
move, which it takes back (an undo) one time in five; it gives up when the hint rules would go
back to a position already seen, or after 400 moves (the game stays unfinished). Its clock
moves 2 to 8 seconds a move. Everything comes from ``--seed`` (default 24): the same files
every time. The teacher's 10 deals are the same for every student (one deal for everyone,
read off the projector): Acme 7, 2, 1, 3, 4, 5 and Quadrennial 3, 1, 2, 4.

Beside the 30 logs it writes what a real folder may hold, to show how the tally copes:
``student-07-saved-again.json`` (student 7's log saved a second time: the same games, counted
once), ``student-12-edited.json`` (a copy of student 12's log in which a lost game was edited
to say "won": listed as edited and left out, and its other games counted once) and
``notes.json`` (not a game log). The class notebook (``notebooks/teacher/class_results.ipynb``)
tallies the folder.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from solitaire_widgets import Game
from solitaire_widgets.classroom import GameLog, PlayedGame, log_json
from solitaire_widgets.classroom.log import iso
from solitaire_widgets.hints import hints

ROOT = Path(__file__).resolve().parent.parent
DEALS = [("acme", d) for d in (7, 2, 1, 3, 4, 5)] + [("quadrennial", d) for d in (3, 1, 2, 4)]
STUDENTS = 30
START = 1_772_445_600.0  # 2026-03-02 10:00 UTC, the lesson (a made-up date)
NOTE = "SYNTHETIC: made by scripts/synthetic_class.py; no student played these games"


class Clock:
    """A made-up clock: the student's time moves on as it plays."""

    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


def play(
    game: Game, log: GameLog, skill: float, asks: float, rng: random.Random, clock: Clock
) -> None:
    """One made-up student plays one game to its end, or gives up (see the module docstring)."""
    while game.status == "playing" and len(game.history) < 400:
        clock.now += rng.uniform(2, 8)
        ranked = hints(game.state, game.seen, limit=0)
        if not ranked:
            return
        if rng.random() < skill:
            if rng.random() < asks:
                log.hint_asked()
            before = len(game.seen)
            game.play(ranked[0].move)
            if len(game.seen) == before:  # back to a position seen: the student gives up
                return
        else:
            game.play(rng.choice(list(game.legal_moves())))
            if rng.random() < 0.2:
                clock.now += rng.uniform(1, 3)
                game.undo()


def student_model(number: int, seed: int) -> tuple[random.Random, float, float]:
    """Made-up student ``number``'s generator, skill and rate of asking for the hint (see the
    module docstring), all from ``seed``."""
    rng = random.Random(seed * 1000 + number)
    skill = rng.uniform(0.35, 0.95)
    asks = rng.choice([0.0, 0.0, 0.005, 0.02, 0.08])
    return rng, skill, asks


def student_log(number: int, seed: int) -> str:
    """One made-up student's log file, as the table would save it (one table per game)."""
    rng, skill, asks = student_model(number, seed)
    clock = Clock(START + rng.uniform(0, 120))
    games: list[PlayedGame] = []
    for variant in dict.fromkeys(v for v, _ in DEALS):
        deals = [d for v, d in DEALS if v == variant]
        game = Game(variant, seed=deals[0])
        log = GameLog(game, clock=clock, ids=lambda: f"{rng.getrandbits(64):016x}")
        for index, deal in enumerate(deals):
            if index:
                game.new_deal(deal)
            play(game, log, skill, asks, rng, clock)
            clock.now += rng.uniform(30, 90)  # the teacher puts the next code up
        games += log.games
        log.close()
    data = json.loads(log_json(games, f"student {number:02d}", iso(clock.now)))
    data["note"] = NOTE
    return json.dumps(data, ensure_ascii=False, indent=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "out", nargs="?", type=Path, default=ROOT / "notebooks" / "teacher" / "class_example"
    )
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    logs = {n: student_log(n, args.seed) for n in range(1, STUDENTS + 1)}
    for number, text in logs.items():
        (out / f"student-{number:02d}.json").write_text(text + "\n", encoding="utf-8")
    (out / "student-07-saved-again.json").write_text(logs[7] + "\n", encoding="utf-8")
    edited = json.loads(logs[12])
    lost = next(g for g in edited["games"] if g["outcome"] != "won")
    lost["outcome"] = "won"
    (out / "student-12-edited.json").write_text(json.dumps(edited, indent=1) + "\n")
    (out / "notes.json").write_text(json.dumps({"note": "the deals for Monday"}) + "\n")
    (out / "README.md").write_text(
        f"# An example class: {NOTE}\n\n30 made-up students, 10 games each, and three files "
        "that show what the tally leaves out (a log saved twice, an edited copy, a file that "
        "is no log). Made by `python scripts/synthetic_class.py`; read by "
        "`notebooks/teacher/class_results.ipynb`.\n",
        encoding="utf-8",
    )
    print(f"wrote {STUDENTS} synthetic students' logs and 3 extra files to {out}")


if __name__ == "__main__":
    main()
