"""The winnability table: the solver decides deals 1..N of each game; the players play them.

Writes ``solitaire_widgets/winnability.json`` (package data: per deal the solver's verdict and
nodes, and whether the greedy and the hint players won it; per game the counts, the budget,
the time and node distribution and the intervals) and ``docs/winnability.md`` (the same, for
people). ``solitaire_widgets.winnability`` reads the JSON; notebooks, README and docs quote it.

Run: ``nice -n 10 python benchmarks/winnability.py --deals 10000`` (a process pool on every
core; ``--workers 2`` to share the machine), or on a Dask cluster with ``--scheduler
tcp://host:8786`` (``run(..., client=...)`` from Python). The budget is CPU seconds of each
deal's own search (``--seconds``, default 10), or nodes (``--nodes``), so a busy machine gives
the same verdicts. ``--players-only`` keeps the saved verdicts and plays the greedy and hint
players again (after a change to the hint engine): minutes instead of hours. ``--recheck 60``
solves the table's undecided deals again with 60 CPU seconds each and adds what that settles
(the table's rates stay those of its own budget). ``--thinker 1000`` plays the thinker on deals
1..1000 of the table (its games take seconds each) and adds its column beside the others, or
extends the column there (``add_thinker``).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from pathlib import Path
from typing import Any

from solitaire_widgets import new_state
from solitaire_widgets.games import profile_of
from solitaire_widgets.intervals import wilson
from solitaire_widgets.solver import solve
from solitaire_widgets.stats.strategies import GreedyPlay, HintPlay, ThinkerPlay
from solitaire_widgets.variants import VARIANTS
from solitaire_widgets.winnability_file import FORMAT, LETTERS

ROOT = Path(__file__).resolve().parent.parent
JSON_PATH = ROOT / "solitaire_widgets" / "winnability.json"
DOC_PATH = ROOT / "docs" / "winnability.md"
CHUNK = 25  # deals per job

Job = tuple[str, int, int, float | None, int | None]  # variant, first, count, seconds, nodes


def solve_chunk(job: Job) -> list[tuple[str, int, float]]:
    """Letter (S solved, U unsolvable, ? unknown), nodes, CPU seconds, per deal."""
    variant, first, count, seconds, nodes = job
    out = []
    for seed in range(first, first + count):
        result = solve(new_state(variant, seed=seed), max_seconds=seconds, max_nodes=nodes)
        out.append((LETTERS[result.status], result.nodes, result.seconds))
    return out


def play_chunk(job: Job) -> list[tuple[bool, bool]]:
    """Whether the greedy player and the hint player win each deal."""
    import random

    variant, first, count, _, _ = job
    out = []
    for seed in range(first, first + count):
        state = new_state(variant, seed=seed)
        greedy = GreedyPlay()(state, random.Random(seed)).outcome == "won"
        hint = HintPlay()(state, random.Random(seed)).outcome == "won"
        out.append((greedy, hint))
    return out


def think_chunk(job: Job) -> list[tuple[bool, float]]:
    """Whether the thinker wins each deal, and the CPU seconds its game took."""
    import random

    variant, first, count, _, _ = job
    out = []
    for seed in range(first, first + count):
        started = time.process_time()
        played = ThinkerPlay()(new_state(variant, seed=seed), random.Random(seed))
        out.append((played.outcome == "won", time.process_time() - started))
    return out


def run_jobs(
    function: Callable[[Job], list[Any]], jobs: list[Job], workers: int, client: Any, label: str
) -> list[Any]:
    """Run the jobs on a Dask ``client`` or a process pool, in order, showing progress."""
    results: list[Any] = []
    done = 0
    started = time.perf_counter()

    def report(chunk: list[Any]) -> None:
        nonlocal done
        results.extend(chunk)
        done += len(chunk)
        if done % 500 < CHUNK or done == sum(j[2] for j in jobs):
            rate = done / max(time.perf_counter() - started, 1e-9)
            print(f"  {label}: {done} deals, {rate:.1f} deals/s", file=sys.stderr, flush=True)

    if client is not None:
        for future in client.map(function, jobs, pure=False):
            report(future.result())
    elif workers <= 1:
        for job in jobs:
            report(function(job))
    else:
        with ProcessPoolExecutor(workers) as pool:
            for chunk in pool.map(function, jobs):
                report(chunk)
    return results


def jobs_for(
    variant: str, deals: int, seconds: float | None, nodes: int | None, first: int = 1
) -> list[Job]:
    """``deals`` deals from deal ``first`` on, in jobs of ``CHUNK``."""
    last = first + deals - 1
    return [
        (variant, start, min(CHUNK, last - start + 1), seconds, nodes)
        for start in range(first, last + 1, CHUNK)
    ]


def quantiles(values: Sequence[float]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {}

    def q(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))]

    return {
        "median": q(0.5),
        "p90": q(0.9),
        "p99": q(0.99),
        "max": ordered[-1],
        "total": sum(ordered),
    }


def clopper_pearson(k: int, n: int) -> list[float]:
    """The exact 95% interval, from scipy (a benchmark dependency: the lab extra)."""
    from scipy.stats import binomtest

    if n == 0:
        return [0.0, 1.0]
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="exact")
    return [float(ci.low), float(ci.high)]


def summary(game: dict[str, Any]) -> dict[str, Any]:
    """Counts, rates and intervals from the per-deal columns."""
    verdicts: str = game["solver"]
    n = len(verdicts)
    solved, lost, unknown = (verdicts.count(c) for c in "SU?")
    decided = solved + lost
    out: dict[str, Any] = {
        "deals": n,
        "solved": solved,
        "unsolvable": lost,
        "unknown": unknown,
        "winnable_rate": solved / decided if decided else None,
        "wilson": list(wilson(solved, decided)),
        "clopper_pearson": clopper_pearson(solved, decided),
        # whatever the undecided deals turn out to be: all lost, or all won
        "bounds": [solved / n, (solved + unknown) / n],
        "bounds_clopper_pearson": [
            clopper_pearson(solved, n)[0],
            clopper_pearson(solved + unknown, n)[1],
        ],
    }
    for player in ("greedy", "hint"):
        column = game.get(player)
        if column:
            wins = column.count("W")
            pairs = zip(column, verdicts, strict=True)
            won_of_winnable = sum(a == "W" and v == "S" for a, v in pairs)
            out[player] = {
                "wins": wins,
                "rate": wins / n,
                "wilson": list(wilson(wins, n)),
                "clopper_pearson": clopper_pearson(wins, n),
                "of_winnable": won_of_winnable / solved if solved else None,
            }
    thinker = game.get("thinker")
    if thinker:
        m = len(thinker)
        on = verdicts[:m]
        wins = thinker.count("W")
        winnable = on.count("S")
        out["thinker"] = {
            "deals": m,
            "wins": wins,
            "rate": wins / m,
            "wilson": list(wilson(wins, m)),
            "clopper_pearson": clopper_pearson(wins, m),
            "of_winnable": (
                sum(t == "W" and v == "S" for t, v in zip(thinker, on, strict=True)) / winnable
                if winnable
                else None
            ),
            "winnable": winnable,
            "hint_wins": game.get("hint", "")[:m].count("W"),
            "greedy_wins": game.get("greedy", "")[:m].count("W"),
        }
    return out


def solve_games(
    variants: Iterable[str],
    deals: int,
    seconds: float | None,
    nodes: int | None,
    workers: int,
    client: Any,
) -> Iterator[tuple[str, dict[str, Any]]]:
    for variant in variants:
        started = time.perf_counter()
        rows = run_jobs(
            solve_chunk, jobs_for(variant, deals, seconds, nodes), workers, client, variant
        )
        wall = time.perf_counter() - started
        yield (
            variant,
            {
                "command": command_line(),
                "first": 1,
                "solver": "".join(r[0] for r in rows),
                "nodes": [r[1] for r in rows],
                "cpu_seconds": {k: round(v, 4) for k, v in quantiles([r[2] for r in rows]).items()},
                "cpu_seconds_unknown_excluded": {
                    k: round(v, 4)
                    for k, v in quantiles([r[2] for r in rows if r[0] != "?"]).items()
                },
                "wall_seconds": round(wall, 1),
            },
        )


def command_line() -> str:
    return "python benchmarks/winnability.py " + " ".join(map(shlex.quote, sys.argv[1:]))


def add_players(variant: str, game: dict[str, Any], workers: int, client: Any) -> dict[str, Any]:
    n = len(game["solver"])
    started = time.perf_counter()
    rows = run_jobs(play_chunk, jobs_for(variant, n, None, None), workers, client, "players")
    return {
        **game,
        "players_wall_seconds": round(time.perf_counter() - started, 1),
        "greedy": "".join("W" if g else "L" for g, _ in rows),
        "hint": "".join("W" if h else "L" for _, h in rows),
        "players_date": date.today().isoformat(),
    }


OVERLAP = 10
"""Deals already in the thinker's column played again when it is extended: the same results
show that the thinker still plays as it did when they were recorded."""


def add_thinker(
    variant: str, game: dict[str, Any], deals: int, workers: int, client: Any
) -> dict[str, Any]:
    """The thinker on deals 1..``deals`` of the table (the first of them: it is dearer).

    A column already there, made with the same settings, is extended: its last ``OVERLAP``
    deals are played again with the new ones and must come out the same (else every deal is
    played afresh). Each run is recorded (``thinker_runs``: its deals, command, CPU per deal,
    wall time, date)."""
    deals = min(deals, len(game["solver"]))
    settings = {k: v for k, v in vars(profile_of(VARIANTS[variant]).thinker).items()}
    column: str = game.get("thinker", "")
    runs = thinker_runs(game) if column else []
    if not column or any(run["settings"] != settings for run in runs) or deals <= len(column):
        column, runs = "", []
    first = max(1, len(column) - OVERLAP + 1) if column else 1
    started = time.perf_counter()
    jobs = jobs_for(variant, deals - first + 1, None, None, first=first)
    rows = run_jobs(think_chunk, jobs, workers, client, "thinker")
    played = "".join("W" if won else "L" for won, _ in rows)
    if column and played[: len(column) - first + 1] != column[first - 1 :]:
        print(f"  {variant}: the overlap came out differently: every deal again", file=sys.stderr)
        return add_thinker(
            variant, {**game, "thinker": "", "thinker_runs": []}, deals, workers, client
        )
    new = len(column) + 1
    cpu = [round(c, 2) for _, c in rows[new - first :]]
    run = {
        "deals": [new, deals],
        "command": command_line(),
        "settings": settings,
        "cpu_seconds": {k: round(v, 3) for k, v in quantiles(cpu).items()},
        "cpu_per_deal": cpu,
        "wall_seconds": round(time.perf_counter() - started, 1),
        "date": date.today().isoformat(),
    }
    game = {k: v for k, v in game.items() if k != "thinker_run"}
    return {**game, "thinker": column + played[new - first :], "thinker_runs": [*runs, run]}


def recheck(
    variant: str, game: dict[str, Any], seconds: float, workers: int, client: Any
) -> dict[str, Any]:
    """The game's undecided deals again, with ``seconds`` each: what more search settles."""
    seeds = [i + game["first"] for i, c in enumerate(game["solver"]) if c == "?"]
    started = time.perf_counter()
    jobs: list[Job] = [(variant, seed, 1, seconds, None) for seed in seeds]
    rows = run_jobs(solve_chunk, jobs, workers, client, f"{variant}, again")
    return {
        **game,
        "recheck": {
            "command": command_line(),
            "seconds": seconds,
            "deals": seeds,
            "solver": "".join(r[0] for r in rows),
            "nodes": [r[1] for r in rows],
            "cpu_seconds": [round(r[2], 2) for r in rows],
            "wall_seconds": round(time.perf_counter() - started, 1),
        },
    }


def rechecked(game: dict[str, Any]) -> str:
    """What the recheck of a game's undecided deals settled, in a line ('' if none ran)."""
    again = game.get("recheck")
    if not again or not again["deals"]:
        return ""
    verdicts: str = again["solver"]
    still = [seed for seed, v in zip(again["deals"], verdicts, strict=True) if v == "?"]
    decided = [c for c, v in zip(again["cpu_seconds"], verdicts, strict=True) if v != "?"]
    text = (
        f"  - again with {again['seconds']:g} CPU seconds each: {verdicts.count('S')} winnable,"
        f" {verdicts.count('U')} unwinnable, {len(still)} still undecided"
    )
    if still:
        text += f" ({', '.join(map(str, still))})"
    if decided:
        text += f"; the longest of those decided took {max(decided):.1f} CPU s"
    return text + f" (`{again['command']}`)"


def percent(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.2f}%"


def interval(pair: Sequence[float]) -> str:
    return f"[{100 * pair[0]:.2f}%, {100 * pair[1]:.2f}%]"


def markdown(table: dict[str, Any]) -> str:
    budget = table["budget"]
    lines = [
        "# How often can each game be won?",
        "",
        "The solver, which sees every card, decided deals 1..N of each game (deal N is the",
        "shuffle `random.Random(N)` of RULES.md). *Winnable* means it found a winning line, which",
        "the tests replay through the rules; *unwinnable* means it searched every line and none",
        "wins; *undecided* means its budget ran out first. Each deal got a budget of "
        + (f"{budget['seconds']:g} CPU seconds" if budget["seconds"] else "no time limit")
        + (f" and {budget['nodes']:,} positions" if budget["nodes"] else "")
        + " (CPU time of its own search, so a busy machine gives the same verdicts).",
        "",
        "The winnable rate is counted over the decided deals, with a 95% interval (Wilson's, and",
        "the exact Clopper–Pearson); the *bounds* say what the rate would be if every undecided",
        "deal were lost, or won, with the exact interval around those two extremes. The greedy",
        "and hint players see only what a player sees and play the same deals: their rate is a",
        "share of all N deals.",
        "",
        f"Last run on {table['date']}; the commands are at the end. The data is",
        "`solitaire_widgets/winnability.json` (`solitaire_widgets.winnability` reads it).",
        "",
        "| game | deals | winnable | unwinnable | undecided | winnable rate | Wilson 95% |"
        " Clopper–Pearson 95% | bounds with the undecided |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for variant, game in table["games"].items():
        s = game["summary"]
        lines.append(
            f"| {VARIANTS[variant].title} | 1..{s['deals']:,} | {s['solved']:,} | "
            f"{s['unsolvable']:,} | {s['unknown']:,} | {percent(s['winnable_rate'])} | "
            f"{interval(s['wilson'])} | {interval(s['clopper_pearson'])} | "
            f"{percent(s['bounds'][0])} to {percent(s['bounds'][1])} "
            f"(exact: {interval(s['bounds_clopper_pearson'])}) |"
        )
    lines += [
        "",
        "## The players on the same deals",
        "",
        "| game | greedy wins | rate (Wilson 95%) | hint player wins | rate (Wilson 95%) |"
        " hint player: share of the winnable deals it wins |",
        "|---|---|---|---|---|---|",
    ]
    for variant, game in table["games"].items():
        s = game["summary"]
        if "greedy" not in s:
            continue
        g, h = s["greedy"], s["hint"]
        lines.append(
            f"| {VARIANTS[variant].title} | {g['wins']:,} | {percent(g['rate'])} "
            f"{interval(g['wilson'])} | {h['wins']:,} | {percent(h['rate'])} "
            f"{interval(h['wilson'])} | {percent(h['of_winnable'])} |"
        )
    thinkers = [(v, g) for v, g in table["games"].items() if "thinker" in g["summary"]]
    if thinkers:
        lines += [
            "",
            "## The thinker on the same deals",
            "",
            "The thinker (`solitaire_widgets.thinker`) remembers every card it has seen and looks",
            "ahead on random deals of the cards it has not seen yet; it never sees a face-down",
            "card. Its games take seconds each, so it played the first deals of the table only.",
            "The hint player and greedy are counted again on those same deals.",
            "",
            "| game | deals | thinker wins | rate (Wilson 95%) | thinker: share of the winnable"
            " deals it wins | hint player | greedy | CPU per game: mean / slowest |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for variant, game in thinkers:
            t, runs = game["summary"]["thinker"], thinker_runs(game)
            mean = sum(r["cpu_seconds"]["total"] for r in runs) / t["deals"]
            slowest = max(r["cpu_seconds"]["max"] for r in runs)
            lines.append(
                f"| {VARIANTS[variant].title} | 1..{t['deals']:,} | {t['wins']:,} | "
                f"{percent(t['rate'])} {interval(t['wilson'])} | {percent(t['of_winnable'])} "
                f"of {t['winnable']:,} | {t['hint_wins']:,} | {t['greedy_wins']:,} | "
                f"{mean:.2f} s / {slowest:.1f} s |"
            )
        lines += [
            "",
            "On the same deals, winnable minus the thinker's rate is what the hidden cards cost",
            "(at most: a better player may yet close some of it); the thinker's rate minus the",
            "hint player's is what playing by simple rules costs, at least. The commands (a run",
            "that extends a column plays its last deals again first, and must find the same",
            "results), with the median CPU time of a game, and the thinker's settings",
            "(`ThinkerSettings`, the game's own):",
            "",
        ]
        for variant, game in thinkers:
            runs = thinker_runs(game)
            lines.append(f"- {VARIANTS[variant].title}: {settings_words(runs[-1]['settings'])}")
            lines += [
                f"  - deals {r['deals'][0]:,}..{r['deals'][1]:,}: `{r['command']}` ({r['date']},"
                f" {r['wall_seconds'] / 60:.0f} minutes wall on a shared machine; median"
                f" {r['cpu_seconds']['median']:.2f} CPU s a game)"
                for r in runs
            ]
    lines += [
        "",
        "## The search: time and positions per deal",
        "",
        "CPU seconds of each deal's search (undecided deals used their whole budget), and",
        "positions looked at, by verdict; the wall time is the whole run on its machine.",
        "",
        "| game | CPU median | p90 | p99 | max | CPU total | wall | positions: winnable"
        " (median / p99) | unwinnable (median / p99) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for variant, game in table["games"].items():
        cpu = game["cpu_seconds"]
        verdicts, nodes = game["solver"], game["nodes"]
        won = quantiles([n for n, v in zip(nodes, verdicts, strict=True) if v == "S"])
        lost = quantiles([n for n, v in zip(nodes, verdicts, strict=True) if v == "U"])

        def med(q: dict[str, float]) -> str:
            return f"{q['median']:,.0f} / {q['p99']:,.0f}" if q else "none"

        lines.append(
            f"| {VARIANTS[variant].title} | {cpu['median']:.3f} s | {cpu['p90']:.3f} s | "
            f"{cpu['p99']:.2f} s | {cpu['max']:.2f} s | {cpu['total']:,.0f} s | "
            f"{game['wall_seconds']:,.0f} s | {med(won)} | {med(lost)} |"
        )
    undecided = {
        v: [i + g["first"] for i, c in enumerate(g["solver"]) if c == "?"]
        for v, g in table["games"].items()
    }
    lines += [
        "",
        "## Undecided deals",
        "",
        "More search settles what the budget did not: where a line below says so, the table's",
        "undecided deals were solved again with a bigger budget (the rates above keep the",
        "table's own budget, the same for every deal).",
        "",
    ]
    for variant, seeds in undecided.items():
        shown = ", ".join(map(str, seeds[:40])) + (" ..." if len(seeds) > 40 else "")
        lines.append(f"- {VARIANTS[variant].title}: {shown or 'none'}")
        if line := rechecked(table["games"][variant]):
            lines.append(line)
    games = table["games"].values()
    wall = sum(g["wall_seconds"] + g.get("players_wall_seconds", 0) for g in games)
    lines += [
        "",
        f"Wall time, all games: {wall / 3600:.2f} hours on {table['workers']} worker processes"
        " (a machine shared with other work: the verdicts do not depend on it, the wall time"
        " does). Each game's command:",
        "",
        *(f"- {VARIANTS[v].title}: `{g['command']}`" for v, g in table["games"].items()),
        "",
    ]
    return "\n".join(lines)


def thinker_runs(game: dict[str, Any]) -> list[dict[str, Any]]:
    """The runs that made a game's thinker column (one, in a table written before runs were
    recorded one by one)."""
    if "thinker_runs" in game:
        runs: list[dict[str, Any]] = game["thinker_runs"]
        return runs
    return [{**game["thinker_run"], "deals": [1, len(game["thinker"])]}]


def settings_words(settings: dict[str, Any]) -> str:
    """The thinker's settings as ``key value`` pairs, for the record under the table."""
    return ", ".join(f"{key} {value}" for key, value in settings.items())


def write(table: dict[str, Any], json_path: Path, doc_path: Path) -> None:
    for game in table["games"].values():
        game["summary"] = summary(game)
    json_path.write_text(json.dumps(table, separators=(",", ":")) + "\n")
    doc_path.write_text(markdown(table))


def run(
    deals: int = 10_000,
    variants: Sequence[str] = tuple(VARIANTS),
    seconds: float | None = 10.0,
    nodes: int | None = None,
    workers: int | None = None,
    client: Any = None,
    json_path: Path = JSON_PATH,
    doc_path: Path = DOC_PATH,
    command: str = "",
) -> dict[str, Any]:
    """Solve and play deals 1..``deals`` of each variant; write the JSON and the doc."""
    workers = workers or os.cpu_count() or 1
    budget = {"seconds": seconds, "nodes": nodes, "clock": "CPU time of the search"}
    table: dict[str, Any] = {"games": {}}
    if json_path.exists():  # games not run now keep their lines, if made with this budget
        old = json.loads(json_path.read_text())
        if old.get("format") == FORMAT and old.get("budget") == budget:
            table = old
    table.update(format=FORMAT, command=command, date=date.today().isoformat(), budget=budget)
    table["workers"] = workers
    for variant, game in solve_games(variants, deals, seconds, nodes, workers, client):
        game = add_players(variant, game, workers, client)
        table["games"][variant] = game
        table["games"] = {v: table["games"][v] for v in VARIANTS if v in table["games"]}
        write(table, json_path, doc_path)  # after each game: a long run keeps what it has
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS))
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per deal")
    parser.add_argument("--nodes", type=int, default=None, help="node budget per deal")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
    parser.add_argument("--scheduler", help="a Dask scheduler address: run there instead")
    parser.add_argument("--players-only", action="store_true", help="replay the players only")
    parser.add_argument(
        "--recheck", type=float, help="solve the undecided deals again, this many CPU s each"
    )
    parser.add_argument("--thinker", type=int, help="play the thinker on deals 1..THINKER")
    parser.add_argument("--json", type=Path, default=JSON_PATH)
    parser.add_argument("--doc", type=Path, default=DOC_PATH)
    args = parser.parse_args()
    command = command_line()
    client = None
    if args.scheduler:
        from dask.distributed import Client

        client = Client(args.scheduler)
    if args.players_only or args.recheck or args.thinker:
        table = json.loads(args.json.read_text())
        workers = args.workers or os.cpu_count() or 1
        for variant in args.variants:
            game = table["games"][variant]
            if args.recheck:
                game = recheck(variant, game, args.recheck, workers, client)
            elif args.thinker:
                game = add_thinker(variant, game, args.thinker, workers, client)
            else:
                game = add_players(variant, game, workers, client)
            table["games"][variant] = game
            write(table, args.json, args.doc)
        return
    table = run(
        args.deals,
        args.variants,
        args.seconds,
        args.nodes,
        args.workers,
        client,
        args.json,
        args.doc,
        command.strip(),
    )
    print(markdown(table))


if __name__ == "__main__":
    main()
