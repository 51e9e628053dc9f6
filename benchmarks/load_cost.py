"""What loading a saved position costs (validation, and replaying the history to decide replayability).

    .venv/bin/python benchmarks/load_cost.py [--games N]

For every registered game (its first ``SPEC.benchmark_configs`` entry): random games played to their end, positions saved every 50 plies; reports the CPU
time (``time.process_time``) of ``ccg.load_state`` per position and per ply of history, of
``to_json`` and of ``clone``, medians over the positions.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

import ccg
from ccg.core import Rng, get_spec


def first_benchmark_config(game: str) -> dict:
    """The first configuration a game's SPEC gives benchmarks (its main one)."""
    spec = get_spec(game)
    return dict((spec.benchmark_configs or spec.conformance_configs)[0])


def positions(game: str, cfg: dict, games: int) -> list:
    out = []
    for seed in range(games):
        s = ccg.new_game(game, seed=seed, **cfg)
        rng = Rng(seed)
        while not s.is_terminal():
            s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])
            if s.ply % 50 == 0:
                out.append(s.clone())
    return out


def cpu_us(fn, repeat: int) -> float:
    t0 = time.process_time()
    for _ in range(repeat):
        fn()
    return (time.process_time() - t0) / repeat * 1e6


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=5, help="random games per game (default 5)")
    args = ap.parse_args(argv)
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print("| game | positions | mean plies | load_state µs | load µs per ply | to_json µs | clone µs |")
    print("|---|---|---|---|---|---|---|")
    for game in ccg.list_games():
        cfg = first_benchmark_config(game)
        states = positions(game, cfg, args.games)
        texts = [s.to_json() for s in states]
        load = [cpu_us(lambda t=t: ccg.load_state(t), 3) for t in texts]
        per_ply = [us / max(1, s.ply) for us, s in zip(load, states)]
        dump = [cpu_us(s.to_json, 20) for s in states]
        clone = [cpu_us(s.clone, 200) for s in states]
        print(f"| {game} | {len(states)} | {statistics.mean(s.ply for s in states):.0f} | "
              f"{statistics.median(load):.0f} | {statistics.median(per_ply):.1f} | {statistics.median(dump):.0f} | "
              f"{statistics.median(clone):.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
