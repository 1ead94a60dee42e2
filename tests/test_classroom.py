"""The class's games (issue 24, points 3-4): the log a table keeps follows its game (new deals,
undos, Back, hints), a folder of logs is read back with every game replayed and checked, each
game counted once, and the tally puts the class beside the table on the same deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire_widgets import Game
from solitaire_widgets.classroom import GameLog, collect, read_log, tally
from solitaire_widgets.classroom.collect import ClassGame
from solitaire_widgets.classroom.log import LOG_FORMAT


class Clock:
    def __init__(self) -> None:
        self.now = 1_772_445_600.0

    def __call__(self) -> float:
        self.now += 5
        return self.now


def counter() -> object:
    numbers = iter(range(10**6))
    return lambda: f"{next(numbers):04x}"


def logged(game: Game) -> GameLog:
    return GameLog(game, clock=Clock(), ids=counter())  # type: ignore[arg-type]


def test_the_log_follows_deals_undos_and_hints() -> None:
    game = Game("acme", seed=7)
    log = logged(game)
    assert log.games == []  # a deal without a move is no game
    game.play("S-W")
    log.hint_asked()
    game.play(game.hint().move)  # type: ignore[union-attr]
    game.undo()
    game.restart()
    game.redo()
    first = log.games
    assert len(first) == 1
    assert (first[0].code, first[0].moves, first[0].hints, first[0].undos) == ("ACME-7L", 1, 1, 2)
    assert first[0].outcome == "playing" and first[0].seconds > 0
    game.new_deal(8)
    assert len(log.games) == 1  # deal 8 has no move yet
    game.play("S-W")
    assert [g.code for g in log.games] == ["ACME-7L", "ACME-8S"]
    ids = [g.id for g in log.games]
    assert len(set(ids)) == 2


def test_back_to_an_earlier_game_reopens_its_entry() -> None:
    """The table's Back (a copy of the same positions, loaded): the same game, never two."""
    game = Game("acme", seed=7)
    log = logged(game)
    game.play("S-W")
    copy = Game("acme", seed=7)
    copy.load(game)
    game.new_deal(8)
    game.play("S-W")
    game.load(copy)  # Back
    game.play("S-W")
    assert [(g.code, g.moves) for g in log.games] == [("ACME-8S", 1), ("ACME-7L", 2)]


def write_log(folder: Path, name: str, games: list[dict[str, object]], player: str) -> None:
    data = {"format": LOG_FORMAT, "version": 1, "player": player, "saved": "", "games": games}
    (folder / name).write_text(json.dumps(data))


def one_game(seed: int, moves: int = 3) -> dict[str, object]:
    game = Game("acme", seed=seed)
    log = logged(game)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    return log.games[0].to_dict()


def test_collect_checks_every_claim_and_lists_the_reason(tmp_path: Path) -> None:
    good = one_game(7)
    bad_cases = {
        "won": {**good, "outcome": "won"},
        "cards": {**good, "cards_home": 52},
        "code": {**good, "code": "ACME-8S"},
        "moves": {**good, "record": {**good["record"], "moves": ["T1-T1"]}},  # type: ignore[dict-item]
        "hints": {**good, "hints": -1},
        "seconds": {**good, "seconds": float("nan")},
        "started": {**good, "started": "yesterday"},
        "id": {**good, "id": "no spaces allowed"},
        "shape": "a game",
    }
    for index, (name, entry) in enumerate(bad_cases.items()):
        if isinstance(entry, dict):
            entry = {**entry, "id": f"bad{index}"} if name != "id" else entry
        write_log(tmp_path, f"{name}.json", [entry], "ada")
    write_log(tmp_path, "good.json", [good], "Ada ")
    (tmp_path / "broken.json").write_text("{")
    (tmp_path / "other.json").write_text('{"format": "something else"}')
    found = collect(tmp_path)
    assert [g.player for g in found.games] == ["ada"]
    reasons = {p.source.split(",")[0]: p.reason for p in found.problems}
    assert "claims outcome 'won' but its moves give 'playing'" in reasons["won.json"]
    assert "claims cards_home 52" in reasons["cards.json"]
    assert "claims code 'ACME-8S'" in reasons["code.json"]
    assert "does not replay" in reasons["moves.json"]
    assert "whole numbers" in reasons["hints.json"]
    assert "'seconds'" in reasons["seconds.json"]
    assert "'started'" in reasons["started.json"]
    assert "'id'" in reasons["id.json"]
    assert "not a game" in reasons["shape.json"]
    assert "not JSON" in reasons["broken.json"]
    assert "not a game log" in reasons["other.json"]


def test_a_game_is_counted_once_and_a_later_save_wins(tmp_path: Path) -> None:
    early, late = one_game(7, 2), one_game(7, 4)  # the same ids: the same game, saved twice
    assert early["id"] == late["id"]
    write_log(tmp_path, "a.json", [early], "ada")
    write_log(tmp_path, "b.json", [late], "ada")
    write_log(tmp_path, "c.json", [late], "ada")
    found = collect(tmp_path)
    assert [g.game.moves for g in found.games] == [4]
    assert sorted(str(p) for p in found.problems) == [
        "a.json: 1 game also in b.json: each counted once",
        "c.json: 1 game also in b.json: each counted once",
    ]
    other = {**one_game(8, 2), "id": early["id"]}
    write_log(tmp_path, "d.json", [other], "bob")
    assert "with other moves: left out" in str(collect(tmp_path).problems)


def test_a_notebook_output_carries_a_log(tmp_path: Path) -> None:
    log = {"format": LOG_FORMAT, "version": 1, "player": "ada", "saved": "", "games": [one_game(7)]}
    notebook = {
        "cells": [
            {"cell_type": "code", "outputs": [{"metadata": {"solitaire_widgets/games": log}}]}
        ]
    }
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "play.ipynb").write_text(json.dumps(notebook))
    found = collect(tmp_path)
    assert len(found.games) == 1 and found.games[0].source == "sub/play.ipynb, cell 1, game 1"


@settings(max_examples=60, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=12,
    )
)
def test_no_log_crashes_the_reader(junk: object) -> None:
    for log in (junk, {"format": LOG_FORMAT, "version": 1, "games": [junk]}):
        games, problems = read_log(log, "x")
        assert games == [] and problems


def test_the_tally_pairs_the_class_with_the_hint_rules() -> None:
    """Acme deal 2: the table says winnable, and the hint rules win it; deal 1 neither."""
    from solitaire_widgets.winnability import deal

    assert deal("acme", 2).hint_wins and not deal("acme", 1).hint_wins  # type: ignore[union-attr]
    games = []
    for number, (seed, won) in enumerate([(2, False), (2, False), (1, False), (2, True)]):
        entry = one_game(seed, 1)
        entry = {**entry, "id": f"g{number}"}
        (item,), _ = read_log(
            {"format": LOG_FORMAT, "version": 1, "player": f"p{number}", "games": [entry]}, "t"
        )
        if won:  # a won game of deal 2 from the solver's line
            from solitaire_widgets.solver import solve

            line = Game("acme", seed=2)
            for move in solve(line).moves:  # type: ignore[union-attr]
                line.play(move)
            rec = {
                **entry,
                "record": json.loads(line.to_json()),
                "outcome": "won",
                "cards_home": 52,
                "moves": len(line.history),
            }
            (item,), _ = read_log(
                {"format": LOG_FORMAT, "version": 1, "player": "p3", "games": [rec]}, "t"
            )
        games.append(item)
    result = tally(games)
    (row,) = result.rows
    assert (row.games, row.wins, row.compared, row.winnable) == (4, 1, 4, 3)
    assert row.players["hint"] == 3
    assert (result.paired.class_only, result.paired.hint_only) == (0, 2)
    assert "luck explains it easily" in str(result.paired)
    assert "Acme: the class won 1 of 4 games" in str(result)


def test_the_bundled_example_class() -> None:
    folder = Path(__file__).parent.parent / "notebooks" / "teacher" / "class_example"
    found = collect(folder)
    assert len(found.games) == 300 and len({g.player for g in found.games}) == 30
    assert len(found.problems) == 4
    assert isinstance(found.games[0], ClassGame)
    result = tally(found)
    assert sum(result.hint_counts().values()) == 30


@pytest.mark.parametrize("missing", ["nowhere"])
def test_collect_needs_a_folder(tmp_path: Path, missing: str) -> None:
    with pytest.raises(ValueError, match="no folder"):
        collect(tmp_path / missing)


def test_the_projector_shows_a_checked_code() -> None:
    from solitaire_widgets.classroom import projector
    from solitaire_widgets.dealcode import DealCodeError

    shown = projector("acme-7l")
    assert shown.code == "ACME-7L" and "Type ACME-7L in your table's New deal box" in repr(shown)
    assert "ACME-7L" in shown._repr_html_() and projector(Game("fly", seed=1)).code == "FLY-1K"
    with pytest.raises(DealCodeError, match="check letter"):
        projector("ACME-7K")
    assert shown.link is None and "http" not in shown._repr_html_()
    assert projector("acme-7l", site="") == shown  # the class notebook's blank: no link


def test_the_projector_shows_the_deal_link_as_text_and_as_a_link() -> None:
    """With the site's address, the link that opens the site's play notebook on the deal: in
    the text (one line of its own) and as an <a>, every string escaped."""
    from html.parser import HTMLParser

    from solitaire_widgets.classroom import deal_link, projector
    from solitaire_widgets.widget.bundle import JS_DIR

    link = "https://school.example/solitaire/notebooks/index.html?path=play.ipynb&deal=ACME-7L"
    for site in ("https://school.example/solitaire/", " https://school.example/solitaire "):
        assert deal_link(site, "acme-7l") == link
    shown = projector(Game("acme", seed=7), site="https://school.example/solitaire")
    assert shown.link == link and repr(shown).splitlines()[-1] == link
    assert "Open the link below" in repr(shown) and "New deal box" in repr(shown)

    class Anchors(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.found: list[tuple[dict[str, str | None], str]] = []
            self.href: dict[str, str | None] | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "a":
                self.href = dict(attrs)

        def handle_data(self, data: str) -> None:
            if self.href is not None:
                self.found.append((self.href, data))
                self.href = None

    parser = Anchors()
    parser.feed(shown._repr_html_())
    assert [(attrs["href"], text) for attrs, text in parser.found] == [(link, link)]
    assert "&amp;deal=ACME-7L" in shown._repr_html_()  # escaped, read back as & above
    # the parameter the play notebook's view reads (js/from_link.js) is the one written here
    assert 'export const PARAMETER = "deal";' in (JS_DIR / "from_link.js").read_text()


@pytest.mark.parametrize(
    ("site", "said"),
    [
        ("javascript:alert(1)", "not 'javascript:alert(1)'"),
        ("school.example/solitaire", "such as https://"),
        ("https://school.example/solitaire/lab/index.html", "not a page"),
        ('https://x.example/"><script>', "no ?, #, spaces or quotes"),
        ("https://x.example/?deal=FLY-1K", "no ?, #, spaces or quotes"),
        ("https://" + "x" * 1000, "such as https://"),
    ],
)
def test_a_site_address_that_is_no_site_is_refused_by_name(site: str, said: str) -> None:
    from solitaire_widgets.classroom import projector

    with pytest.raises(ValueError, match=r"^site is the address") as caught:
        projector("ACME-7L", site=site)
    assert said in str(caught.value) and len(str(caught.value)) < 200
    with pytest.raises(TypeError, match="site is the site's address, as text"):
        projector("ACME-7L", site=7)  # type: ignore[arg-type]
