"""How an MCTS spec uses its budget: how often it plays the strategist's move, simulations and CPU per move.

    .venv/bin/python benchmarks/mcts_agreement.py --game catan --positions 30 --spec SPEC

Positions are sampled from games of four strategists (every 17th action with a choice, seeds 1, 2, …);
at each one the tested spec chooses (CPU time of its ``act`` measured with ``time.process_time``) and
the strategist of the seat to move chooses too. Prints the share of positions where both chose the
same move, the median number of simulations and the mean and largest CPU-s per move. ``--spec
strategist`` gives the floor: a strategist with other seeds agrees with the seat's strategist only
as often as their determinizations (resampled hidden cards and future dice) lead to the same move.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ccg  # noqa: E402
from ccg.agents import Agent, StrategistAgent, make_agent  # noqa: E402
from ccg.core import GameState  # noqa: E402


def strategist_positions(game: str, positions: int, every: int = 17) -> Iterator[tuple[GameState, Agent, int]]:
    """``positions`` positions with a choice from games of four strategists (seeds 1, 2, …; every
    ``every``-th action), each with the strategist of the seat to move and a seed for the tester."""
    found = seed = 0
    while found < positions:
        seed += 1
        state = ccg.new_game(game, players=4, seed=seed)
        table = [StrategistAgent(seed=seed * 10 + p) for p in range(4)]
        k = 0
        while not state.is_terminal() and found < positions:
            if len(state.legal_actions()) > 1 and k % every == 5:
                yield state, table[state.current_player], seed * 1000 + k
                found += 1
            state.apply(table[state.current_player].act(state))
            k += 1


def measure(game: str, spec: str, positions: int, every: int = 17) -> dict:
    """The agreement, simulations and CPU per move of ``spec`` over ``positions`` sampled positions."""
    agree, simulations, cpu = 0, [], []
    for state, strategist, seed in strategist_positions(game, positions, every):
        tested = make_agent(spec, seed)
        start = time.process_time()
        move = tested.act(state)
        cpu.append(time.process_time() - start)
        simulations.append(getattr(tested, "last_iterations", 0))  # 0 for an agent that does not search
        agree += move == strategist.act(state)
    return {"positions": len(cpu), "agreement": agree / len(cpu), "median_simulations": statistics.median(simulations),
            "mean_cpu": statistics.mean(cpu), "max_cpu": max(cpu)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", required=True, choices=["co2", "catan", "chicago_express"])
    p.add_argument("--spec", required=True, help="the MCTS spec to measure")
    p.add_argument("--positions", type=int, default=30)
    args = p.parse_args(argv)
    r = measure(args.game, args.spec, args.positions)
    print(f"{args.game}: {r['positions']} positions, the strategist's move in {r['agreement']:.2f}, "
          f"median {r['median_simulations']:g} simulations, CPU-s per move mean {r['mean_cpu']:.2f}, "
          f"max {r['max_cpu']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
