"""Catan engine vs catanatron (PyPI catanatron==3.2.1), side by side in one run.

    .venv/bin/python benchmarks/catan_vs_catanatron.py [--games 40] [--rounds 2] [--write]

Installs catanatron into its own virtualenv under benchmarks/.peers/ (git-ignored)
on first use, then alternates rounds of both engines: 4 random players, base
game. Reports games/s, µs per action (legal actions + choice + apply), plies
per game, and clone µs at a mid-game position. ``--write`` puts the table in
the "Catan vs catanatron" section of BENCHMARKS.md.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
import timeit

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PEER_ENV = os.path.join(HERE, ".peers", "catanatron")
PEER_PY = os.path.join(PEER_ENV, "bin", "python")
PEER_VERSION = "3.2.1"

PEER_SCRIPT = r"""
import json, sys, time, timeit
from catanatron import Game, RandomPlayer, Color
colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
n, first = int(sys.argv[1]), int(sys.argv[2])
plies = 0
t0, c0 = time.perf_counter(), time.process_time()
for i in range(n):
    g = Game([RandomPlayer(c) for c in colors], seed=first + i)
    g.play()
    plies += len(g.state.actions)
dt, cpu = time.perf_counter() - t0, time.process_time() - c0
# clone at mid-game (half of this run's mean plies)
g = Game([RandomPlayer(c) for c in colors], seed=first)
mid = plies // n // 2
while g.winning_color() is None and len(g.state.actions) < mid:
    g.play_tick()
k = 2000
clone = min(timeit.repeat(g.copy, number=k, repeat=5)) / k
print(json.dumps({"games": n, "seconds": dt, "cpu": cpu, "plies": plies, "clone": clone}))
"""


def ensure_peer() -> None:
    if os.path.exists(PEER_PY):
        out = subprocess.run([PEER_PY, "-c", "import importlib.metadata as m; print(m.version('catanatron'))"],
                             capture_output=True, text=True)
        if out.stdout.strip() == PEER_VERSION:
            return
    os.makedirs(os.path.dirname(PEER_ENV), exist_ok=True)
    subprocess.run([sys.executable, "-m", "venv", PEER_ENV], check=True)
    subprocess.run([PEER_PY, "-m", "pip", "install", "--quiet", f"catanatron=={PEER_VERSION}"], check=True)


def run_peer(n: int, first: int) -> dict:
    out = subprocess.run([PEER_PY, "-c", PEER_SCRIPT, str(n), str(first)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def run_ours(n: int, first: int) -> dict:
    sys.path.insert(0, ROOT)
    import ccg
    from ccg.agents import RandomAgent

    plies = 0
    truncated = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for i in range(n):
        s = ccg.new_game("catan", players=4, seed=first + i)
        agents = [RandomAgent(1000 * (first + i) + p) for p in range(4)]
        k = 0
        while not s.is_terminal():
            s.apply(agents[s.current_player].act(s))
            k += 1
            if k >= 30_000:
                truncated += 1
                break
        plies += k
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    s = ccg.new_game("catan", players=4, seed=first)
    agent = RandomAgent(first)
    mid = plies // n // 2
    while not s.is_terminal() and s.ply < mid:
        s.apply(agent.act(s))
    k = 20000
    clone = min(timeit.repeat(s.clone, number=k, repeat=5)) / k
    return {"games": n, "seconds": dt, "cpu": cpu, "plies": plies, "clone": clone, "truncated": truncated}


def summarise(rows: list[dict]) -> dict:
    """Rates from CPU time (the machine is shared, so wall time mostly measures the neighbours)."""
    games = sum(r["games"] for r in rows)
    cpu = sum(r["cpu"] for r in rows)
    wall = sum(r["seconds"] for r in rows)
    plies = sum(r["plies"] for r in rows)
    return {"games_per_s": games / cpu, "wall_games_per_s": games / wall, "us_per_action": cpu / plies * 1e6,
            "plies_per_game": plies / games, "clone_us": statistics.median(r["clone"] for r in rows) * 1e6,
            "games": games}


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per engine per round")
    ap.add_argument("--rounds", type=int, default=2, help="alternating rounds")
    ap.add_argument("--write", action="store_true", help="write the table into BENCHMARKS.md")
    args = ap.parse_args()
    ensure_peer()
    ours, peer = [], []
    for r in range(args.rounds):
        first = 1 + r * args.games
        ours.append(run_ours(args.games, first))
        peer.append(run_peer(args.games, first))
        print(f"round {r + 1}: ccg {ours[-1]['games'] / ours[-1]['cpu']:.1f} games per CPU second, "
              f"catanatron {peer[-1]['games'] / peer[-1]['cpu']:.1f}", flush=True)
    a, b = summarise(ours), summarise(peer)
    ratio = a["games_per_s"] / b["games_per_s"]
    truncated = sum(r["truncated"] for r in ours)
    cmd = f".venv/bin/python benchmarks/catan_vs_catanatron.py --games {args.games} --rounds {args.rounds}"
    lines = [
        f"Command: `{cmd}` (measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})",
        f"Machine: {machine()}; shared with other work, so compare figures of the same run only.",
        "",
        "4 random players (uniform over legal actions), base game, beginner map; the two engines alternate "
        f"in {args.rounds} rounds of {args.games} games each.",
        "",
        "| engine | games/s (CPU) | games/s (wall) | µs per action (CPU) | plies per game | clone µs (mid-game) |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        f"| ccg catan | {a['games_per_s']:.1f} | {a['wall_games_per_s']:.1f} | {a['us_per_action']:.1f} "
        f"| {a['plies_per_game']:.0f} | {a['clone_us']:.1f} |",
        f"| catanatron {PEER_VERSION} | {b['games_per_s']:.1f} | {b['wall_games_per_s']:.1f} | {b['us_per_action']:.1f} "
        f"| {b['plies_per_game']:.0f} | {b['clone_us']:.1f} |",
        "",
        f"Ratio: ccg plays **{ratio:.1f}×** catanatron's games per CPU second in this run "
        f"({a['wall_games_per_s'] / b['wall_games_per_s']:.1f}× by wall clock) "
        f"({truncated} of {a['games']} ccg games hit the 30 000-action safety net).",
        "",
        "Games per second and µs per action use CPU time (`time.process_time`, both engines are "
        "single-threaded); the wall-clock column is affected by whatever else runs on the machine; clone µs is "
        "the best of 5 timeit repeats. "
        "Notes: the engines' action sets differ. ccg offers domestic trade (propose, then the terms "
        "composed a card at a time, offer, answers, the proposer's choice among acceptors; only players able to pay "
        "answer), every maritime rate, discards card by card and the steal victim as part of the "
        "robber move; catanatron offers only the best maritime rate, no trade between players and discards "
        "at random, so plies per game are not directly comparable; games per second are.",
    ]
    text = "\n".join(lines)
    print(text)
    if args.write:
        path = os.path.join(ROOT, "BENCHMARKS.md")
        with open(path, encoding="utf-8") as f:
            doc = f.read()
        head = "## Catan vs catanatron"
        start = doc.index(head)
        nxt = doc.find("\n## ", start + len(head))
        end = len(doc) if nxt < 0 else nxt + 1
        section = f"{head}\n<!-- written by benchmarks/catan_vs_catanatron.py -->\n\n{text}\n\n"
        doc = doc[:start] + section + doc[end:]
        with open(path, "w", encoding="utf-8") as f:
            f.write(doc)


if __name__ == "__main__":
    main()
