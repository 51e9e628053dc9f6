"""CPU per strategist decision in every game (the figure the README and the agents README quote).

    .venv/bin/python benchmarks/strategist_cpu.py --games 6
    .venv/bin/python benchmarks/strategist_cpu.py --games 6 --runs 12      # the figure BENCHMARKS.md quotes
    .venv/bin/python benchmarks/strategist_cpu.py --games 2 --instructions

Four default strategists per game, 4 players, whole games, serial. CPU is ``time.process_time`` around
each ``act`` call (the seat view included; the strategy module's import and weights are loaded before), so other processes on the machine do not count — but a busy
machine still slows the caches; the load average is printed with the figures. Also CPU per whole game.
``--instructions`` counts Python bytecode instructions per decision instead (``sys.settrace`` opcode
events inside each ``act``; about 30 times slower): the work done, which the machine's load does not
change — what to compare when the machine is busy. ``--runs N`` repeats the measurement in N fresh
processes, one after the other (no cache of one run warms the next), and reports each game's median and
range: this virtual machine's CPU time for the same games varies by tens of per cent from run to run.
The report names the strategists' build: compiled by mypyc (what ``make`` installs) or, with
``CCG_PURE_PYTHON=1`` set, their pure-Python sources.
Every report ends with a *yardstick*: the CPU time of a fixed pure-Python loop (``sum(range(10**6))``, best
of 5) on the same machine, so that figures taken on machines of different speed can be compared.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
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


def label(game: str, options: dict) -> str:
    return game + ("+" + options["scenario"] if options else "")


def report(rows: list[str], games: int, seed: int, note: str = "") -> str:
    """The table ``rows`` with a line naming the games, ``note`` and the Python; printed and returned."""
    text = "\n".join(rows + [f"\n{games} game(s) each (seeds {seed}–{seed + games - 1}), {note}"
                              f"Python {sys.version.split()[0]}, {strategist_build()}; yardstick sum(range(10**6)) "
                              f"{yardstick_ms():.1f} ms CPU"])
    print(text)
    return text


def strategist_build() -> str:
    """Whether the strategists ran compiled (mypyc, build_native.py) or from their sources."""
    import importlib

    packages = {"CO2": "ccg.games.co2.strategy", "Chicago Express": "ccg.games.chicago_express.strategy",
                "Catan": "ccg.games.catan.strategy"}
    native = {name: importlib.import_module(package).NATIVE for name, package in packages.items()}
    if all(native.values()):
        return "the strategists compiled by mypyc"
    if not any(native.values()):
        return "the strategists as pure Python"
    return "the strategists of " + ", ".join(n for n, on in native.items() if on) + " compiled by mypyc, the others " \
        "as pure Python"


def yardstick_ms() -> float:
    """CPU ms of ``sum(range(10**6))``, best of 5: how fast this machine runs plain Python."""
    best = math.inf
    for _ in range(5):
        start = time.process_time()
        sum(range(10**6))
        best = min(best, time.process_time() - start)
    return 1000 * best


def load_average() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def repeated(games: int, seed: int, runs: int) -> str:
    """Each game's ms per decision: median and range over ``runs`` fresh processes, run one at a time."""
    per_run: list[dict[str, float]] = []
    loads = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, __file__, "--games", str(games), "--seed", str(seed), "--json"],
                             check=True, capture_output=True, text=True).stdout
        per_run.append(json.loads(out.strip().splitlines()[-1]))
        loads.append(load_average())
    rows = [f"| game | ms CPU per decision, median of {runs} runs | range |", "|---|---|---|"]
    sticks = [r.pop("yardstick") for r in per_run]
    for name in per_run[0]:
        values = [r[name] for r in per_run]
        rows.append(f"| {name} | {statistics.median(values):.2f} | {min(values):.2f}–{max(values):.2f} |")
    return report(rows, games, seed, f"{runs} runs, load average {min(loads):.1f}–{max(loads):.1f} after them, "
                                     f"the runs' yardsticks {statistics.median(sticks):.1f} ms CPU (median; "
                                     f"{min(sticks):.1f}–{max(sticks):.1f}), ")


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--instructions", action="store_true",
                        help="count Python bytecode instructions per decision instead of CPU time")
    parser.add_argument("--runs", type=int, default=1,
                        help="repeat in this many fresh processes; report each game's median and range")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one run's figures, for --runs
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error(f"--runs must be at least 1, got {args.runs}")
    if args.runs > 1 and not args.instructions:
        return repeated(args.games, args.seed, args.runs)
    if args.json:
        figures = {label(game, options): measure(game, options, args.games, args.seed)[0] for game, options in CASES}
        figures["yardstick"] = yardstick_ms()
        print(json.dumps(figures))
        return json.dumps(figures)
    if args.instructions:
        rows = ["| game | instructions per decision | decisions |", "|---|---|---|"]
        for game, options in CASES:
            per_decision, n = instructions(game, options, args.games, args.seed)
            rows.append(f"| {label(game, options)} | {per_decision:,.0f} | {n} |")
        return report(rows, args.games, args.seed)
    rows = ["| game | ms CPU per decision | CPU s per game | decisions |", "|---|---|---|---|"]
    for game, options in CASES:
        per, per_game, n = measure(game, options, args.games, args.seed)
        rows.append(f"| {label(game, options)} | {per:.2f} | {per_game:.2f} | {n} |")
    return report(rows, args.games, args.seed, f"load average {load_average():.1f} at the end, ")


if __name__ == "__main__":
    main()
