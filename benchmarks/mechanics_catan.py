"""Catan (and Oil Springs) mechanics table: game length and which mechanics the strategist uses.

    .venv/bin/python benchmarks/mechanics_catan.py --games 40 [--scenario oil_springs] [--seed 9000]

Four default strategists, 4 players, whole games, serial (one process: a modest game count for a
shared machine). Per table: rounds (turns / 4) and the share of games in 15–25 rounds, with 95 % Wilson
intervals; per game, the actions of each mechanic — roads, settlements, cities, development cards bought
and played, domestic trades proposed and maritime trades, robber moves (and in Oil Springs oil used and
sequestered). CPU per decision: ``benchmarks/strategist_cpu.py``.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ccg  # noqa: E402
from ccg.agents import make_agent  # noqa: E402
from ccg.analysis.stats import wilson  # noqa: E402


def play(seed: int, spec: str, options: dict) -> dict:
    state = ccg.new_game("catan", players=4, seed=seed, **options)
    agents = [make_agent(spec, seed * 10 + p) for p in range(4)]
    kinds: Counter = Counter()
    while not state.is_terminal():
        legal = state.legal_actions()
        agent = agents[state.current_player]
        action = agent.act(state)
        if len(legal) > 1:
            kinds[action.kind] += 1
        state.apply(action)
    return {"rounds": state.turn / 4, "kinds": kinds}


def table(games: int, spec: str, seed: int, scenario: str | None) -> str:
    options = {"scenario": scenario} if scenario else {}
    rows = [play(seed + g, spec, options) for g in range(games)]
    rounds = [r["rounds"] for r in rows]
    inside = sum(15 <= x <= 25 for x in rounds)
    lo, hi = wilson(inside, games)
    mean = statistics.fmean(rounds)
    half = 1.96 * statistics.stdev(rounds) / games ** 0.5 if games > 1 else 0.0
    kinds: Counter = Counter()
    for r in rows:
        kinds.update(r["kinds"])
    name = f"Catan{' + ' + scenario if scenario else ''}"
    out = [f"{name}, 4 × `{spec}`, {games} games (seeds {seed}–{seed + games - 1})", "",
           "| measure | value |", "|---|---|",
           f"| rounds (turns / 4), mean [95 % CI] | {mean:.1f} [{mean - half:.1f}, {mean + half:.1f}] |",
           f"| games in 15–25 rounds | {inside / games:.3f} [{lo:.3f}, {hi:.3f}] |"]
    for kind in sorted(kinds):
        out.append(f"| `{kind}` choices per game | {kinds[kind] / games:.1f} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--spec", default="strategist")
    parser.add_argument("--scenario", default=None)
    args = parser.parse_args(argv)
    text = table(args.games, args.spec, args.seed, args.scenario)
    print(text)
    return text


if __name__ == "__main__":
    main()
