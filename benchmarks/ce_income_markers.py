"""Chicago Express: how high company incomes get, i.e. how many +50 markers (CE-1.4, 5 in the box) a game
would need. The engine stores income as a plain number; this measures that the 5 markers never bind.

    .venv/bin/python benchmarks/ce_income_markers.py --games 100 --agent strategist
    .venv/bin/python benchmarks/ce_income_markers.py --games 300 --agent random

A company whose income passed 50 holds one marker, passed 100 two (CE-1.4); the figures are the highest
income any company reached, and the most markers all companies held at once, over the seeded games.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

import ccg  # noqa: E402
from ccg.agents import make_agent  # noqa: E402


def markers(income: int) -> int:
    """+50 markers a company holds at this income (CE-1.4: one each time it passes 50)."""
    return max(0, (income - 1) // 50)


def run(agent: str, games: int, players: int, seed: int) -> str:
    top, most = 0, 0
    for g in range(games):
        s = ccg.new_game("chicago_express", players=players, seed=seed + g)
        bots = [make_agent(agent, seed=seed + g * 10 + p) for p in range(players)]
        while not s.is_terminal():
            s.apply(bots[s.current_player].act(s))
            top = max(top, max(s.income))
            most = max(most, sum(markers(i) for i in s.income))
    return (f"agent={agent} players={players} games={games} seed={seed}: highest company income {top}; "
            f"most +50 markers held at once {most} (5 in the box)")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--agent", default="strategist")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    print(run(a.agent, a.games, a.players, a.seed), flush=True)


if __name__ == "__main__":
    main()
