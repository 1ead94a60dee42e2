"""What each intent from the browser does: the table's controls, picks and replay steps.

``perform(table, intent)`` routes one valid intent (see :mod:`.protocol`); everything a player
can be refused is refused here, in words, with an :class:`.IntentError` (or by the engine,
with its ``IllegalMoveError``), and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import parse_card
from ..dealcode import DealCodeError, deal_code, read_code
from ..engine import random_seed
from ..games import profile_of_state
from ..variants import get_variant
from ._types import GameLike, JSONDict
from .background import run_deal, solving_state
from .protocol import ControlIntent, Intent, IntentError, MoveIntent, PickIntent, ReplayIntent
from .runners import Job
from .saving import save_clicked
from .words import last_move_text, plural

if TYPE_CHECKING:
    from .table import GameWidget

__all__ = ["NO_SAFE_MOVE", "perform"]

NO_SAFE_MOVE = "no safe move to a foundation"


def perform(table: GameWidget, intent: Intent) -> None:
    """Route a valid intent; a replay on the table blocks play until it is left."""
    if isinstance(intent, ReplayIntent):
        _replay_control(table, intent)
    elif isinstance(intent, ControlIntent) and intent.action == "refresh":
        table.send_state()  # after a lost connection: the browser's copy may be stale
    elif table.replay:
        raise IntentError("a replay is shown: press Exit to go back to the game")
    elif isinstance(intent, MoveIntent):
        table._play(intent.move)
    elif isinstance(intent, PickIntent):
        _pick(table, intent.pile)
    else:
        _control(table, intent)


def _pick(table: GameWidget, pile: str) -> None:
    """Say why a click on ``pile`` picks nothing up, or why the card it picks up can go
    nowhere."""
    game = table.game
    if game.status == "won":
        raise IntentError("the game is over: it is won, every card is home")
    if game.status == "lost":
        raise IntentError(
            "the game is over: no legal move is left (Restart or New deal to play again)"
        )
    shown = table.view["piles"][pile]
    if shown["kind"] == "foundation":
        raise IntentError(f"cards never leave a foundation ({pile})")
    if not shown["cards"] and not shown["down"]:
        raise IntentError(f"{pile} is empty: there is no card to pick up")
    if not shown["cards"]:
        raise IntentError(f"{pile}'s cards are face down: none can be picked up")
    if not any(move.split("-")[0] == pile for move in table.view["legal"] if "-" in move):
        card = parse_card(shown["cards"][-1])
        raise IntentError(
            f"{card} on {pile} can go nowhere now: no legal move takes it "
            "(put it on a pile to see why not)"
        )


def _control(table: GameWidget, intent: ControlIntent) -> None:
    """Run a control button."""
    game, action = table.game, intent.action
    if action == "undo" and table.restarted:
        count = table.restarted["moves"]
        game.redo(count)  # Restart put the moves on the redo list: all of them come back
        table.message = f"took back Restart: {plural(count, 'move')} played again"
    elif action == "undo":
        last = table.view.get("last_move") or ""
        game.undo()
        table.message = f"took back {last}"
    elif action == "redo":
        game.redo()
        table.message = f"played again: {last_move_text(game, table.view.get('last_move'))}"
    elif action == "restart":
        count = table.view["moves_made"]
        game.restart()
        if count:  # undoable as one step (the next change forgets it)
            table.restarted = {"moves": count}
            table.message = f"back to the deal: Undo brings the {plural(count, 'move')} back"
        else:
            table.message = "back to the deal"
    elif action == "hint":
        table.show_hint()
    elif action == "auto":
        _autoplay(table)
    elif action == "new" and intent.code is not None:
        _coded_deal(table, intent.code, winnable=intent.winnable)
    elif action == "new":
        _new_deal(table, intent.seed, winnable=intent.winnable)
    elif action == "back":
        table.message = table._deals.back(game)
        table.back = table._deals.trait()
    elif action == "solve":
        table.solve()
    elif action == "chances":
        table.measure_chances()
    elif action == "stop":
        table.stop()
    elif action == "save":
        words, download = save_clicked(table.game_log)
        if download is not None:
            table.send(download)  # before the answer: the browser saves the file, then hears
        table.message = words
    else:  # "redeal"
        table._play("redeal")


def _autoplay(table: GameWidget) -> None:
    """Play the safe foundation moves and say which."""
    played = [str(move) for move in table.game.autoplay()]
    table._notify(played)
    table.message = (
        f"auto played {len(played)}: {' '.join(played)}" if played else _no_safe_move(table.game)
    )


def _no_safe_move(game: GameLike) -> str:
    """Why Auto played nothing: no safe move now, or, where a game's rulings say so, none can
    be safe yet (Quadrennial: nothing before the last pass while a refill can come,
    Acquaintance: before the second; ``Profile.safe_possible``, docs/rules.md)."""
    if game.status != "playing":  # (not "no move is safe before pass 2": review 42)
        return "nothing to play: the game is over" + (
            ", it is won" if game.status == "won" else ", no legal move is left"
        )
    profile = profile_of_state(game.state)
    rules = profile.rules
    if rules.stuck_only:
        return f"{NO_SAFE_MOVE}: under this reading of the rules no move is ever claimed safe"
    first = profile.first_safe_pass()
    if not profile.safe_possible(game.state):
        last = " (the last)" if first == rules.redeals_allowed else ""
        return (
            f"{NO_SAFE_MOVE}: in {rules.title} Auto claims no move safe before pass "
            f"{first + 1} of {rules.redeals_allowed + 1}{last}, since a card played now can "
            f"change what comes later{profile.early_safe_words}"
        )  # (students have no docs/: the reason is here)
    return NO_SAFE_MOVE


def _game_words(variant: str) -> str:
    """A variant as a message names it: ``Acme``, or ``Acme with changed rules (reserve=10)``
    (a changed game's title alone would read "a deal of Acme; this table plays Acme")."""
    title = get_variant(variant).title
    knobs = variant.partition("[")[2]
    if not knobs:
        return title
    return f"{title} with changed rules ({knobs.rstrip(']').replace(',', ', ')})"


def _coded_deal(table: GameWidget, code: str, *, winnable: bool) -> None:
    """Deal the deal a code names (``dealcode.read_code``), on a table of its game: a code
    names one deal, so "winnable only" does not apply (said when ticked)."""
    game = table.game
    try:
        variant, seed = read_code(code)
    except DealCodeError as error:
        raise IntentError(str(error)) from None
    if variant != game.variant:
        theirs, mine = _game_words(variant), _game_words(game.variant)
        raise IntentError(
            f"{deal_code(variant, seed)} is a deal of {theirs}; this table plays {mine} "
            f"(open a table with GameWidget(Game.from_code({deal_code(variant, seed)!r})))"
        )
    table.message = table._deals.new_deal(game, seed, named=deal_code(variant, seed))
    if winnable:
        table.message += ' ("winnable only" does not apply: a code names one deal)'
    table.back = table._deals.trait()


def _new_deal(table: GameWidget, seed: int | None, *, winnable: bool) -> None:
    """Deal again; a numbered game left behind is kept for the Back button. ``winnable``: look
    in the background for the first deal from ``seed`` on that the solver proves winnable,
    deal it when found, and say how hard it is."""
    game = table.game
    if not winnable:
        table.message = table._deals.new_deal(game, seed)
        table.back = table._deals.trait()
        return
    start = random_seed() if seed is None else seed

    def deal(job: Job, found: JSONDict) -> JSONDict:
        number = found["deal"]
        if number is None:
            message = found["message"]
            solving = solving_state(job, running=False, status="unknown", message=message)
            return {"message": message, "solving": solving}
        message = table._deals.new_deal(game, number)
        message += f". {found['skipped']}{found['hard']}"
        solving = solving_state(job, running=False, status="done", message=message)
        return {"message": message, "back": table._deals.trait(), "solving": solving}

    variant = game.variant
    table._jobs.start(
        "deal", lambda job: run_deal(job, variant, start, typed=seed is not None), finish=deal
    )


def _replay_control(table: GameWidget, intent: ReplayIntent) -> None:
    """Start, step through or leave the replay."""
    if intent.action == "start":
        if not table.view["moves_made"] and not table.replay and table._jobs.current is None:
            raise IntentError("nothing to review yet: no move has been played")
        table.start_replay()
        return
    shown = table._replay
    if shown is None:
        raise IntentError("no replay is shown")
    if intent.action == "exit":
        table._show_replay(None)
        table.message = last_move_text(table.game, table.view.get("last_move"))
        return
    table._show_replay(shown.at(_step_index(intent, shown.index, shown.last)))


def _step_index(intent: ReplayIntent, index: int, last: int) -> int:
    """The replay step an intent asks for; ``prev`` at the deal and ``next`` at the end are
    refused with words (a click that does nothing says why)."""
    if intent.action == "goto":
        assert intent.index is not None  # guaranteed by parse_intent
        if intent.index > last:
            raise IntentError(f"there is no step {intent.index}; the last step is {last}")
        return intent.index
    if intent.action in ("first", "prev") and index == 0:
        raise IntentError("this is the deal, step 0: there is no step before it")
    if intent.action in ("next", "last") and index == last:
        raise IntentError(f"this is the last step ({last} of {last}): there is no step after it")
    targets = {"first": 0, "prev": max(index - 1, 0), "next": min(index + 1, last), "last": last}
    return targets[intent.action]
