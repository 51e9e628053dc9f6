"""Catan game length (actions and turns) under random, Greedy and strategist play: shows that domestic
trade (CAT-7.2, any terms, several proposals a turn) keeps every game finite.

    .venv/bin/python benchmarks/catan_game_length.py --games 200 --agent random
    .venv/bin/python benchmarks/catan_game_length.py --games 20 --agent greedy --scenario oil_springs

Prints one line per configuration: games, mean and max actions, mean and max turns, games cut by the
generic ``max_actions`` safety net, games ended by the ``turn_limit`` rule, domestic trades per game
(mean) and CPU seconds (``time.process_time``).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

import ccg  # noqa: E402


def run(agent: str, games: int, players: int, scenario: str | None, seed: int) -> str:
    options = {"scenario": scenario} if scenario else {}
    t0 = time.process_time()
    df = ccg.simulate("catan", players=players, n_games=games, agents=[agent] * players, seed=seed, **options)
    cpu = time.process_time() - t0
    turn_limit = int(df["turn_limit_end"].sum()) if "turn_limit_end" in df else 0
    return (f"agent={agent} players={players} scenario={scenario or 'base'} games={games} seed={seed}: "
            f"actions mean {df['actions'].mean():.0f} max {df['actions'].max()}; "
            f"turns mean {df['turns'].mean():.1f} max {df['turns'].max()}; "
            f"truncated {int(df['truncated'].sum())}; turn_limit_end {turn_limit}; cpu {cpu:.1f} s")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--agent", default="random")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--scenario", default=None, choices=[None, "oil_springs"])
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    print(run(a.agent, a.games, a.players, a.scenario, a.seed), flush=True)


if __name__ == "__main__":
    main()
