"""One ``Game`` played from several threads: a move is checked and played in one step, so no
thread can ever record a move the rules refuse (issue 19, point 7)."""

from __future__ import annotations

import random
import threading
import time

import pytest

from solitaire_widgets import Game, IllegalMoveError, Move
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import VARIANTS

THREADS = 3


@pytest.fixture
def slow_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every check of a move sleeps a moment, handing the other threads the interpreter
    between the check and the play (where a game without its lock would let them in)."""
    rules = VARIANTS["acme"]
    why_not = rules.why_not

    def slow(state: GameState, move: Move) -> str | None:
        time.sleep(0.001)
        return why_not(state, move)

    monkeypatch.setattr(rules, "why_not", slow)


def play_together(game: Game, choose: object) -> list[BaseException]:
    """``THREADS`` threads, started at once, each playing ``choose(game, rng)`` 30 times; a
    refused move is fine (another thread may have changed the position)."""
    barrier = threading.Barrier(THREADS)
    failures: list[BaseException] = []

    def player(index: int) -> None:
        rng = random.Random(index)
        barrier.wait()
        for _ in range(30):
            move = choose(game, rng)  # type: ignore[operator]
            if move is None:
                return
            try:
                game.play(move)
            except IllegalMoveError:
                pass
            except BaseException as error:  # pragma: no cover - reported below
                failures.append(error)

    threads = [threading.Thread(target=player, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return failures


@pytest.mark.usefixtures("slow_checks")
def test_three_threads_playing_the_same_move_play_it_once() -> None:
    game = Game("acme", seed=7)
    home = next(m for m in game.legal_moves() if m.dst.startswith("F"))
    assert not play_together(game, lambda g, rng: home)
    assert game.history.count(str(home)) == 1
    assert Game.from_json(game.to_json()) == game  # the record replays through the rules


@pytest.mark.usefixtures("slow_checks")
def test_three_threads_playing_at_random_record_only_legal_moves() -> None:
    game = Game("acme", seed=11)

    def choose(g: Game, rng: random.Random) -> Move | None:
        legal = g.legal_moves()
        return rng.choice(legal) if legal else None

    assert not play_together(game, choose)
    assert len(game.history) > THREADS
    replayed = Game.from_json(game.to_json())
    assert replayed == game and replayed.state == game.state
