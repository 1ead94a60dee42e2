"""The table's Save button (issue 24 point 3: "save with one button or one call"): one click
writes the file ``save_games()`` writes (the same records, read back by ``collect``), says in
words what it saved and where, and where the kernel cannot leave the file next to the notebook
(the browser-only site, a folder it may not write) the browser is sent the same text to
download. Every click is answered with its ``seq``; a refusal says why and writes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from solitaire_widgets import Game
from solitaire_widgets.classroom import collect
from solitaire_widgets.classroom.collect import METADATA_KEY
from solitaire_widgets.exercises.identity import Student
from solitaire_widgets.widget import GameWidget, saving
from solitaire_widgets.widget.saving import Saved

SAVE = {"type": "control", "action": "save"}


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The notebook's folder (the working directory), and a student named Ana."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(saving, "current", lambda: Student("ana", "typed", "Ana"))
    monkeypatch.setattr(
        "IPython.display.display", lambda data, raw, metadata: None
    )  # save_games' cell output
    return tmp_path


def table(variant: str = "acme", seed: int = 7) -> tuple[GameWidget, list[Any]]:
    """A table and the custom messages it sends to the browser."""
    widget = GameWidget(Game(variant, seed=seed))
    sent: list[Any] = []
    widget.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    return widget, sent


def click(widget: GameWidget, seq: int) -> None:
    widget._handle_custom_msg({**SAVE, "seq": seq}, [])


def test_nothing_played_nothing_saved(here: Path) -> None:
    widget, sent = table()
    click(widget, 1)
    reason = "nothing to save yet: no move has been played on this table"
    assert sent == [{"type": "answer", "seq": 1, "error": reason}]
    assert widget.error == reason and list(here.iterdir()) == []


def test_one_click_writes_the_file_save_games_writes_and_says_so(here: Path) -> None:
    widget, sent = table()
    widget.game.play("S-W")
    widget.game.new_deal(2)
    widget.game.play(widget.game.legal_moves()[0])
    click(widget, 5)
    assert sent == [{"type": "answer", "seq": 5, "error": ""}]  # no download: the file is here
    assert widget.error == "" and widget.message == "saved 2 games to games-ana.json"
    data = json.loads((here / "games-ana.json").read_text(encoding="utf-8"))
    assert data["player"] == "Ana" and [g["code"] for g in data["games"]] == ["ACME-7L", "ACME-2D"]
    found = collect(here)
    assert found.problems == () and len(found.games) == 2
    # The call and the button are one way of saving: the same file, each game once.
    widget.game.play(widget.game.legal_moves()[0])
    assert widget.save_games() == Path("games-ana.json")
    click(widget, 6)
    assert widget.message == "saved 2 games to games-ana.json"
    again = collect(here)
    assert again.problems == () and len(again.games) == 2
    assert max(g.game.moves for g in again.games) == 2


def test_another_table_s_games_in_the_file_are_kept(here: Path) -> None:
    fly, _ = table("fly", 1)
    fly.game.play(fly.game.legal_moves()[0])
    click(fly, 1)
    acme, _ = table()
    acme.game.play("S-W")
    click(acme, 1)
    assert acme.message == "saved 2 games to games-ana.json"
    assert sorted(g.game.code or "" for g in collect(here).games) == ["ACME-7L", "FLY-1K"]


def test_in_the_browser_only_site_the_browser_downloads_the_same_text(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(saving, "kernel_in_browser", lambda: True)
    widget, sent = table()
    widget.game.play("S-W")
    click(widget, 3)
    download, reply = sent
    assert reply == {"type": "answer", "seq": 3, "error": ""}  # the download comes first
    text = (here / "games-ana.json").read_text(encoding="utf-8")
    assert download == {"type": "download", "name": "games-ana.json", "text": text.rstrip("\n")}
    assert widget.message.startswith("saved 1 game to games-ana.json in this browser's storage")
    assert "downloads it too" in widget.message


def refuse_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder the kernel may not write to (as in the browser-only site without its drive)."""

    def refused(_saved: Saved) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(saving, "write", refused)


def test_a_folder_the_kernel_cannot_write_to_downloads_instead(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refuse_writes(monkeypatch)
    widget, sent = table()
    widget.game.play("S-W")
    click(widget, 4)
    download, reply = sent
    assert reply == {"type": "answer", "seq": 4, "error": ""}
    assert widget.message == (
        "could not write games-ana.json next to the notebook (Permission denied): "
        "your browser downloads it instead"
    )
    assert list(here.iterdir()) == []
    (here / "handed-in").mkdir()
    (here / "handed-in" / download["name"]).write_text(download["text"], encoding="utf-8")
    found = collect(here / "handed-in")
    assert found.problems == () and [g.game.code for g in found.games] == ["ACME-7L"]


def test_save_games_where_the_file_cannot_be_written_says_so_and_keeps_the_link(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refuse_writes(monkeypatch)
    shown: list[tuple[Any, Any]] = []
    monkeypatch.setattr(
        "IPython.display.display", lambda data, raw, metadata: shown.append((data, metadata))
    )
    widget, _ = table()
    widget.game.play("S-W")
    widget.save_games()
    ((data, metadata),) = shown
    assert data["text/plain"] == (
        "could not write games-ana.json next to the notebook (Permission denied): "
        "download it from the link"
    )
    assert 'download="games-ana.json"' in data["text/html"]
    assert [g["code"] for g in metadata[METADATA_KEY]["games"]] == ["ACME-7L"]
    assert list(here.iterdir()) == []


def test_a_file_that_is_not_a_game_log_is_never_overwritten(here: Path) -> None:
    (here / "games-ana.json").write_text("my notes", encoding="utf-8")
    widget, sent = table()
    widget.game.play("S-W")
    click(widget, 2)
    assert "games-ana.json is not a game log" in sent[-1]["error"]
    assert "save_games(path=...)" in widget.error
    assert (here / "games-ana.json").read_text(encoding="utf-8") == "my notes"


def test_names_the_plain_slug_would_merge_get_files_of_their_own(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The forty-seventh review: "Zoë" and "Zoé" both saved to games-zo.json (the second save
    merged the first student's games and took the file's name), and "李明" and "Мария" to
    games-table.json, as if no name were given. A file of another player is never merged."""
    names = ["Zoë", "Zoé", "李明", "Мария", "Ana"]
    files = [saving.default_path(name).name for name in names]
    assert len(set(files)) == len(names) and "games-table.json" not in files
    assert files[-1] == "games-ana.json" and files[0].startswith("games-zoe-")
    for name in names:
        monkeypatch.setattr(saving, "current", lambda name=name: Student(name, "typed", name))
        widget, _ = table()
        widget.game.play("S-W")
        click(widget, 1)
        assert widget.message.startswith("saved 1 game to ") and "no name" not in widget.message
    saved = [json.loads((here / file).read_text(encoding="utf-8")) for file in files]
    assert [(log["player"], len(log["games"])) for log in saved] == [(n, 1) for n in names]
    monkeypatch.setattr(saving, "current", lambda: Student("ANA ", "typed", "ANA "))
    widget, _ = table()  # the same name, typed otherwise: the same student's file
    widget.game.play("S-W")
    click(widget, 2)
    assert widget.message == "saved 2 games to games-ana.json"
    (here / "games-ada-l.json").write_text((here / "games-ana.json").read_text("utf-8"), "utf-8")
    with pytest.raises(ValueError, match=r"holds the games of 'ANA ', not 'Ada L\.'"):
        saving.compose_log(widget.game_log, None, "Ada L.")  # type: ignore[arg-type]


def test_without_a_name_the_file_says_table_and_the_line_says_how_to_name_it(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(saving, "current", Student)
    widget, _ = table()
    widget.game.play("S-W")
    click(widget, 1)
    assert widget.message == (
        'saved 1 game to games-table.json (no name given: student("your name") names the file)'
    )
    assert (here / "games-table.json").exists()


def test_a_replay_on_the_table_waits_for_exit(here: Path) -> None:
    widget, sent = table()
    widget.game.play("S-W")
    widget._handle_custom_msg({"type": "replay", "action": "start"}, [])
    click(widget, 9)
    assert sent[-1] == {
        "type": "answer",
        "seq": 9,
        "error": "a replay is shown: press Exit to go back to the game",
    }
    assert list(here.iterdir()) == []
