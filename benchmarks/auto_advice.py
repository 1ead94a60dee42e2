"""Is the rule texts' advice safe? Deals the solver wins, but not while following the advice.

Each rule text advises playing some cards home at once (Quadrennial: "Move any Aces to the
foundation piles immediately", "If the drawn card can be played to a foundation, do so";
Acquaintance: move cards home "until no more moves are possible", then deal; Fly: play to a
foundation whenever one fits). Auto plays only what ``knowledge.safe_moves`` proves safe; this
finds, for each piece of advice, deals that are winnable but lost by every line that follows
the advice. Following the advice is forced the way the solver forces safe moves, and the rest
of the search stays complete, so "lost with the advice" is a proof too.

Run: ``python benchmarks/auto_advice.py --deals 300`` (add ``--workers 2``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from unittest import mock

from solitaire_widgets import new_state
from solitaire_widgets.games import PROFILES, Policy, Profile
from solitaire_widgets.games.quadrennial_search import StrictQuadrennialPolicy
from solitaire_widgets.moves import Move
from solitaire_widgets.solver import solve
from solitaire_widgets.state import GameState
from solitaire_widgets.variants import VARIANTS

Advice = Callable[[GameState, Sequence[Move]], Move | None]


def home(legal: Sequence[Move], src: str = "") -> list[Move]:
    return [m for m in legal if m.dst.startswith("F") and m.src.startswith(src)]


def reserve_aces(state: GameState, legal: Sequence[Move]) -> Move | None:
    """Quadrennial: a reserve ace goes home at once."""
    p = state.piles
    for m in home(legal, "R"):
        if p[int(m.dst[1:]) - 1] == ():  # the foundation is empty: the card is an ace
            return m
    return None


def waste_at_once(state: GameState, legal: Sequence[Move]) -> Move | None:
    """Quadrennial: the waste's top card goes home whenever it fits."""
    moves = home(legal, "W")
    return moves[0] if moves else None


def every_card_home(state: GameState, legal: Sequence[Move]) -> Move | None:
    """Acquaintance and Fly: any card that fits a foundation goes home before anything else."""
    moves = home(legal)
    return moves[0] if moves else None


ADVICE: dict[str, list[tuple[str, Advice]]] = {
    "quadrennial": [
        ("Move any Aces to the foundation piles immediately", reserve_aces),
        ("If the drawn card can be played to a foundation, do so", waste_at_once),
    ],
    "acquaintance": [("move cards home until no more moves are possible", every_card_home)],
    "fly": [("move any available card to a foundation", every_card_home)],
}


def following(variant: str, advice: Advice) -> type[Policy]:
    """The search for lines that follow ``advice``: the advice is the only move played
    without branching (the safe moves' arguments are about all lines, not these), positions
    are keyed by exact symmetry only, dead positions are cut, nothing else: no probes, no
    playouts, and for Quadrennial the engine's moves without the end-of-pass cut."""
    base = StrictQuadrennialPolicy if variant == "quadrennial" else PROFILES[variant].policy_class

    class Following(base):  # type: ignore[valid-type, misc]
        playout_share = 0.0
        probes = 0

        def eager(self, state: GameState) -> Move | None:
            return None

        def safe(self, state: GameState) -> Move | None:
            return advice(state, VARIANTS[state.variant].legal_moves(state))

    return Following


def check(job: tuple[str, int, int, int]) -> tuple[str, int, int, str, str]:
    variant, which, seed, nodes = job
    advice = ADVICE[variant][which][1]
    state = new_state(variant, seed=seed)
    free = solve(state, max_nodes=nodes, max_seconds=None)
    if not free.solved:
        return variant, which, seed, free.status, ""
    policy = following(variant, advice)

    def searched(profile: Profile, use_knowledge: bool = True) -> Policy:
        return policy(profile, use_knowledge)

    with mock.patch.object(PROFILES[variant], "policy", searched):
        forced = solve(state, max_nodes=nodes, max_seconds=None)
    return variant, which, seed, free.status, forced.status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--nodes", type=int, default=2_000_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--variants", nargs="*", default=list(ADVICE))
    args = parser.parse_args()
    jobs = [
        (variant, which, seed, args.nodes)
        for variant in args.variants
        for which in range(len(ADVICE[variant]))
        for seed in range(1, args.deals + 1)
    ]
    with ProcessPoolExecutor(max(args.workers, 1)) as pool:
        results = list(pool.map(check, jobs, chunksize=4))
    for variant in args.variants:
        for which, (name, _) in enumerate(ADVICE[variant]):
            mine = [r for r in results if r[0] == variant and r[1] == which]
            won = [r for r in mine if r[3] == "solved"]
            lost = [r[2] for r in won if r[4] == "unsolvable"]
            open_ = [r[2] for r in won if r[4] == "unknown"]
            print(
                f"{variant} - {name!r}: of {len(won)} winnable deals among 1..{args.deals}, "
                f"{len(lost)} are lost when following it: {lost[:10]}"
                + (f"; {len(open_)} undecided with it: {open_[:10]}" if open_ else "")
            )


if __name__ == "__main__":
    main()
