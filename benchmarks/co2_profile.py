"""CO2 random-play speed: µs per action (legal_actions + apply), games/s, clone µs.

    .venv/bin/python benchmarks/co2_profile.py [--players 4] [--games 30] [--profile]
"""
from __future__ import annotations

import argparse
import time

import ccg
from ccg.core import Rng


def play(players: int, seed: int, **options) -> tuple[int, float]:
    s = ccg.new_game("co2", players=players, seed=seed, **options)
    rng = Rng(seed + 99)
    n = 0
    t0 = time.process_time()
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        n += 1
    return n, time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--variant", default="random")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--no-loss", action="store_true", help="ppm.lose = 5000: every game runs all decades")
    a = ap.parse_args()
    if a.profile:
        import cProfile
        import pstats
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [play(a.players, k, variant=a.variant) for k in range(5)])
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)
        return
    total_n, total_t = 0, 0.0
    extra = {"rules": {"ppm.lose": 5000}} if a.no_loss else {}
    for k in range(a.games):
        n, t = play(a.players, k, variant=a.variant, **extra)
        total_n += n
        total_t += t
    s = ccg.new_game("co2", players=a.players, seed=1)
    rng = Rng(3)
    for _ in range(60):
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    t0 = time.process_time()
    for _ in range(2000):
        s.clone()
    clone_us = (time.process_time() - t0) / 2000 * 1e6
    print(f"co2 {a.players}p variant={a.variant}{' no-loss' if a.no_loss else ''}: {a.games} games, {total_n / a.games:.0f} actions/game, "
          f"{total_t / total_n * 1e6:.1f} µs/action (legal_actions + apply), {a.games / total_t:.1f} games/s, "
          f"clone {clone_us:.1f} µs")


if __name__ == "__main__":
    main()
