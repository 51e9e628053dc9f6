"""Chicago Express throughput: µs per action (legal_actions + apply), games/s, clone µs (CPU time of this process).

    .venv/bin/python benchmarks/ce_profile.py [--players 4] [--games 200] [--profile]
"""
from __future__ import annotations

import argparse
import time

import ccg
from ccg.core import Rng


def play(players: int, seed: int) -> tuple[int, list]:
    s = ccg.new_game("chicago_express", players=players, seed=seed)
    r = Rng(seed + 99)
    mids = []
    n = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[r.below(len(legal))])
        n += 1
        if n == 60:
            mids.append(s.clone())
    return n, mids


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--profile", action="store_true")
    a = ap.parse_args()
    if a.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(lambda: [play(a.players, s) for s in range(50)])
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    t0 = time.process_time()
    w0 = time.perf_counter()
    actions = 0
    for seed in range(a.games):
        n, _ = play(a.players, seed)
        actions += n
    dt = time.process_time() - t0
    wall = time.perf_counter() - w0
    # clone and legal_actions at mid-game positions
    mids = [m for seed in range(20) for m in play(a.players, 10_000 + seed)[1]]
    t1 = time.process_time()
    reps = 200
    for m in mids:
        for _ in range(reps):
            m.clone()
    clone_us = (time.process_time() - t1) / (reps * len(mids)) * 1e6
    t2 = time.process_time()
    for m in mids:
        for _ in range(reps):
            m.mark_edited()  # drops the cached legal actions (m is a throw-away mid-game clone)
            m.legal_actions()
    legal_us = (time.process_time() - t2) / (reps * len(mids)) * 1e6
    print(f"chicago_express players={a.players} games={a.games}: {actions / a.games:.0f} actions/game, "
          f"{dt / actions * 1e6:.1f} µs/action (legal_actions + apply), {a.games / dt:.1f} games/s, "
          f"clone {clone_us:.2f} µs, legal_actions {legal_us:.2f} µs (mid-game); "
          f"wall clock {wall / actions * 1e6:.1f} µs/action (the machine is shared: CPU time is the figure)")


if __name__ == "__main__":
    main()
