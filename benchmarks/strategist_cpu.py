"""CPU per strategist decision in every game (the figure the README and the agents README quote).

    .venv/bin/python benchmarks/strategist_cpu.py --games 6
    .venv/bin/python benchmarks/strategist_cpu.py --games 2 --instructions

Four default strategists per game, 4 players, whole games, serial. CPU is ``time.process_time`` around
each ``act`` call (the seat view included; the strategy module's import and weights are loaded before), so other processes on the machine do not count — but a busy
machine still slows the caches; the load average is printed with the figures. Also CPU per whole game.
``--instructions`` counts Python bytecode instructions per decision instead (``sys.settrace`` opcode
events inside each ``act``; about 30 times slower): the work done, which the machine's load does not
change — what to compare when the machine is busy.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ccg  # noqa: E402
from ccg.agents import make_agent  # noqa: E402

CASES = [("co2", {}), ("chicago_express", {}), ("catan", {}), ("catan", {"scenario": "oil_springs"})]


def measure(game: str, options: dict, games: int, seed: int) -> tuple[float, float, int]:
    """(ms per decision, CPU seconds per game, decisions) over ``games`` whole games."""
    cpu, decisions = 0.0, 0
    make_agent("strategist", 0).planner(game)  # imports and loads the weights: once per process, not timed
    for g in range(games):
        state = ccg.new_game(game, players=4, seed=seed + g, **options)
        agents = [make_agent("strategist", 10 * g + p) for p in range(4)]
        while not state.is_terminal():
            agent = agents[state.current_player]
            t0 = time.process_time()
            action = agent.act(state)
            cpu += time.process_time() - t0
            decisions += 1
            state.apply(action)
    return 1000 * cpu / decisions, cpu / games, decisions


def instructions(game: str, options: dict, games: int, seed: int) -> tuple[float, int]:
    """(Python bytecode instructions per decision, decisions) over ``games`` whole games."""
    count = 0

    def tracer(frame, event, arg):  # noqa: ANN001, ANN202 - sys.settrace's protocol
        nonlocal count
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return tracer

    decisions = 0
    make_agent("strategist", 0).planner(game)
    for g in range(games):
        state = ccg.new_game(game, players=4, seed=seed + g, **options)
        agents = [make_agent("strategist", 10 * g + p) for p in range(4)]
        while not state.is_terminal():
            agent = agents[state.current_player]
            sys.settrace(tracer)
            try:
                action = agent.act(state)
            finally:
                sys.settrace(None)
            decisions += 1
            state.apply(action)
    return count / decisions, decisions


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--instructions", action="store_true",
                        help="count Python bytecode instructions per decision instead of CPU time")
    args = parser.parse_args(argv)
    if args.instructions:
        rows = ["| game | instructions per decision | decisions |", "|---|---|---|"]
        for game, options in CASES:
            per_decision, n = instructions(game, options, args.games, args.seed)
            label = game + ("+" + options["scenario"] if options else "")
            rows.append(f"| {label} | {per_decision:,.0f} | {n} |")
        rows.append(f"\n{args.games} games each (seeds {args.seed}–{args.seed + args.games - 1}), "
                    f"Python {sys.version.split()[0]}")
        text = "\n".join(rows)
        print(text)
        return text
    rows = ["| game | ms CPU per decision | CPU s per game | decisions |", "|---|---|---|---|"]
    for game, options in CASES:
        per, per_game, n = measure(game, options, args.games, args.seed)
        label = game + ("+" + options["scenario"] if options else "")
        rows.append(f"| {label} | {per:.2f} | {per_game:.2f} | {n} |")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    rows.append(f"\n{args.games} games each (seeds {args.seed}–{args.seed + args.games - 1}), "
                f"load average {load:.1f} at the end, Python {sys.version.split()[0]}")
    text = "\n".join(rows)
    print(text)
    return text


if __name__ == "__main__":
    main()
