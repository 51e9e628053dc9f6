"""Engine throughput for every registered game (or the ones named).

    .venv/bin/python benchmarks/run.py [GAME ...] [--games N] [--write]

Configurations: each game's ``SPEC.benchmark_configs`` (default: its conformance configurations).
Per configuration: random-play games/s, µs per action (legal_actions + apply,
the agent's choice included), plies per game, games that hit the game's
max_actions safety net (capped), and at mid-game positions the
cost of clone() and of a fresh legal_actions() (cache cleared). --write puts the
table into BENCHMARKS.md between the "Engine throughput" markers.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import statistics
import sys
import time

import ccg
from ccg.core import Rng, get_spec

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)



def configurations(names: list[str] | None = None) -> list[tuple[str, dict]]:
    """(game, new_game kwargs) to measure: every registered game (or ``names``), as its SPEC declares."""
    out = []
    for name in names or ccg.list_games():
        spec = get_spec(name)
        out += [(name, dict(cfg)) for cfg in spec.benchmark_configs or spec.conformance_configs]
    return out


def play_random(name: str, cfg: dict, seed: int, mid: list):
    state = ccg.new_game(name, seed=seed, **cfg)
    rng = Rng(seed ^ 0x5EED)
    n = 0
    limit = get_spec(name).max_actions
    t0 = time.perf_counter()
    while not state.is_terminal() and n < limit:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        n += 1
        if n == 60 and len(mid) < 50:
            mid.append(state.clone())
    return n, time.perf_counter() - t0


def per_call_us(fn, states, repeat: int = 200) -> float:
    best = []
    for s in states:
        t0 = time.perf_counter()
        for _ in range(repeat):
            fn(s)
        best.append((time.perf_counter() - t0) / repeat * 1e6)
    return statistics.median(best)


def fresh_legal(s):
    s.mark_edited()  # drops the cached legal actions (the mid-game states are throw-away clones)
    return s.legal_actions()


def bench(name: str, cfg: dict, games: int) -> dict:
    mid: list = []
    plies, seconds, capped = 0, 0.0, 0
    for seed in range(games):
        n, t = play_random(name, cfg, seed, mid)
        plies += n
        seconds += t
        capped += n >= get_spec(name).max_actions
    mid = [s for s in mid if not s.is_terminal()] or mid
    return {
        "game": name,
        "config": ", ".join(f"{k}={v}" for k, v in cfg.items()),
        "games/s": games / seconds,
        "µs/action": seconds / plies * 1e6,
        "plies/game": plies / games,
        "clone µs": per_call_us(lambda s: s.clone(), mid),
        "legal_actions µs": per_call_us(fresh_legal, mid),
        "capped": capped,
    }


def table(rows: list[dict]) -> str:
    head = ["game", "config", "games/s", "µs/action", "plies/game", "clone µs", "legal_actions µs", "capped"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [r["game"], r["config"]] + [f"{r[h]:.1f}" for h in head[2:-1]] + [str(r["capped"])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def machine() -> str:
    load = os.getloadavg()[0]
    return (f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"load average {load:.1f} when the run started")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    ap.add_argument("--games", dest="n", type=int, default=30, help="random games per configuration (default 30)")
    ap.add_argument("--write", action="store_true", help="update the table in BENCHMARKS.md")
    args = ap.parse_args(argv)
    started_machine = machine()
    rows = []
    for name, cfg in configurations(args.games):
        rows.append(bench(name, cfg, args.n))
        print(table(rows[-1:]).splitlines()[-1], flush=True)
    text = table(rows)
    print()
    print(text)
    if args.write:
        stamp = time.strftime("%Y-%m-%d")
        block = (
            "## Engine throughput (all games)\n"
            f"Command: `.venv/bin/python benchmarks/run.py --games {args.n} --write` on {stamp}; "
            f"machine: {started_machine}. Random players; µs/action covers legal_actions + apply.\n\n{text}\n"
        )
        path = os.path.join(ROOT, "BENCHMARKS.md")
        doc = open(path, encoding="utf-8").read()
        doc = re.sub(r"## Engine throughput \(all games\)\n.*?(?=\n## )", block, doc, flags=re.S)
        open(path, "w", encoding="utf-8").write(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
