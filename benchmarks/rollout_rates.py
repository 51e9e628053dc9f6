"""Simulations per CPU-second of MCTS with random and with strategist rollouts, mid-game.

    .venv/bin/python benchmarks/rollout_rates.py            # every game, seeds 1-3, 1 CPU-s a search

For each game and seed: four default strategists play ``--moves`` moves (then on to the next decision with
more than one legal move), and ``MCTSAgent(iterations=None, seconds=S, clock="cpu", rollout_depth=10,
early_stop=False)`` searches that position once with ``rollout="random"`` and once with
``rollout="strategist"``; its ``last_iterations`` are the simulations the budget bought. Prints the medians over
the seeds (the figures of ccg/agents/README.md, "A strategist rollout costs …").
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ccg  # noqa: E402
from ccg.agents import make_agent  # noqa: E402
from ccg.agents.mcts import MCTSAgent  # noqa: E402
from ccg.core import GameState  # noqa: E402

GAMES = {"co2": 100, "chicago_express": 60, "catan": 100}  # game -> strategist moves before the search


def mid_game(game: str, seed: int, moves: int) -> GameState:
    """The position four default strategists reach after ``moves`` moves, then at the next real choice."""
    state = ccg.new_game(game, players=4, seed=seed)
    agents = [make_agent("strategist", seed * 10 + p) for p in range(4)]
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(agents[state.current_player].act(state))
    while not state.is_terminal() and len(state.legal_actions()) < 2:
        state.apply(agents[state.current_player].act(state))
    if state.is_terminal():
        raise ValueError(f"{game} seed {seed}: the game ended before move {moves}")
    return state


def simulations(state: GameState, rollout: str, seconds: float, seed: int) -> int:
    agent = MCTSAgent(iterations=None, seconds=seconds, clock="cpu", rollout=rollout, rollout_depth=10,
                      early_stop=False, seed=seed)
    agent.act(state)
    return agent.last_iterations


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="a game (repeatable; default all)")
    parser.add_argument("--seeds", type=int, default=3, help="positions per game, seeds 1..N (default 3)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per search (default 1)")
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.seconds <= 0:
        parser.error("--seeds must be at least 1 and --seconds above 0")
    rows = ["| game | moves before | random rollouts per search | strategist rollouts per search | ratio |",
            "|---|---|---|---|---|"]
    for game in args.game or sorted(GAMES):
        counts: dict[str, list[int]] = {"random": [], "strategist": []}
        for seed in range(1, args.seeds + 1):
            state = mid_game(game, seed, GAMES[game])
            for rollout, found in counts.items():
                found.append(simulations(state, rollout, args.seconds, seed))
        random_rate, strategist_rate = (statistics.median(counts[k]) for k in ("random", "strategist"))
        rows.append(f"| {game} | {GAMES[game]} | {random_rate:,.0f} | {strategist_rate:,.0f} | "
                    f"{random_rate / max(strategist_rate, 1):.1f}× |")
    text = "\n".join(rows + [f"\nmedians over seeds 1–{args.seeds}, {args.seconds:g} CPU-s a search, rollout depth 10, "
                             f"Python {sys.version.split()[0]}"])
    print(text)
    return text


if __name__ == "__main__":
    main()
