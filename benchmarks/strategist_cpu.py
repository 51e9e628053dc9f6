"""CPU per strategist decision in every game (the figure the README and the agents README quote).

    .venv/bin/python benchmarks/strategist_cpu.py --games 6
    .venv/bin/python benchmarks/strategist_cpu.py --games 6 --runs 12      # the figure BENCHMARKS.md quotes
    .venv/bin/python benchmarks/strategist_cpu.py --games 2 --instructions
    .venv/bin/python benchmarks/strategist_cpu.py --games 1 --machine-instructions     # needs valgrind

Four default strategists per game, 4 players, whole games, serial. CPU is ``time.process_time`` around
each ``act`` call (the seat view included; the strategy module's import and weights are loaded before), so other processes on the machine do not count — but a busy
machine still slows the caches; the load average is printed with the figures. Also CPU per whole game.
``--instructions`` counts Python bytecode instructions per decision instead (``sys.settrace`` opcode
events inside each ``act``; about 30 times slower): the work done, which the machine's load does not
change — what to compare when the machine is busy. ``--runs N`` repeats the measurement in N fresh
processes, one after the other (no cache of one run warms the next), and reports each game's median and
range: this virtual machine's CPU time for the same games varies by tens of per cent from run to run.
``--machine-instructions`` counts the machine instructions instead (bytecodes miss compiled code, list copies
and the garbage collector): each game kind is played in a process run under valgrind's callgrind
(``PYTHONHASHSEED=0``) and the count of a process that only sets up (imports, weights) is taken off, so the figure is what a whole game costs
per decision, the referee's moves included; the same on a busy machine, but valgrind (Debian: ``apt-get install
valgrind``) runs Python about 50 times slower, so it defaults to one game.
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
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ccg  # noqa: E402
from ccg.agents import Agent, make_agent  # noqa: E402
from ccg.core import Action, GameState  # noqa: E402

CASES = [("co2", {}), ("chicago_express", {}), ("catan", {}), ("catan", {"scenario": "oil_springs"})]


def play(game: str, options: dict, games: int, seed: int,
         act: Callable[[Agent, GameState], Action] | None = None) -> int:
    """Play ``games`` whole games of four default strategists (0: only the set-up), each move from
    ``act(agent, state)`` (default ``agent.act(state)``); the number of decisions."""
    decisions = 0
    make_agent("strategist", 0).planner(game)  # imports and loads the weights: once per process, not counted
    for g in range(games):
        state = ccg.new_game(game, players=4, seed=seed + g, **options)
        agents = [make_agent("strategist", 10 * g + p) for p in range(4)]
        while not state.is_terminal():
            agent = agents[state.current_player]
            state.apply(agent.act(state) if act is None else act(agent, state))
            decisions += 1
    return decisions


def measure(game: str, options: dict, games: int, seed: int) -> tuple[float, float, int]:
    """(ms per decision, CPU seconds per game, decisions) over ``games`` whole games."""
    cpu = 0.0

    def timed(agent: Agent, state: GameState) -> Action:
        nonlocal cpu
        t0 = time.process_time()
        action = agent.act(state)
        cpu += time.process_time() - t0
        return action

    decisions = play(game, options, games, seed, timed)
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

    def traced(agent: Agent, state: GameState) -> Action:
        sys.settrace(tracer)
        try:
            return agent.act(state)
        finally:
            sys.settrace(None)

    decisions = play(game, options, games, seed, traced)
    return count / decisions, decisions


_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def counted(case: int, games: int, seed: int, folder: str) -> tuple[int, int]:
    """(machine instructions, decisions) of a fresh process that plays ``games`` games of ``CASES[case]`` under
    callgrind."""
    run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/callgrind.%p",
                          sys.executable, __file__, "--play", str(case), "--games", str(games), "--seed", str(seed)],
                         capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = _COLLECTED.findall(run.stderr)
    if run.returncode != 0 or not found:
        raise RuntimeError(f"valgrind failed ({run.returncode}): {run.stderr.strip()[-400:]}")
    return int(found[-1]), int(run.stdout.strip().splitlines()[-1])


def machine_instructions(games: int, seed: int) -> str:
    """Machine instructions per decision of every game kind: a process playing ``games`` games less one that
    only sets up."""
    rows = ["| game | machine instructions per decision | decisions |", "|---|---|---|"]
    with tempfile.TemporaryDirectory() as folder:
        for case, (game, options) in enumerate(CASES):
            whole, decisions = counted(case, games, seed, folder)
            setup, _ = counted(case, 0, seed, folder)
            rows.append(f"| {label(game, options)} | {(whole - setup) / decisions:,.0f} | {decisions} |")
    return report(rows, games, seed, "callgrind, PYTHONHASHSEED=0, a set-up-only process's count taken off, ")


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
    parser.add_argument("--games", type=int, default=None,
                        help="whole games of each kind (default 6; 1 with --machine-instructions)")
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--instructions", action="store_true",
                        help="count Python bytecode instructions per decision instead of CPU time")
    parser.add_argument("--machine-instructions", action="store_true",
                        help="count machine instructions per decision under valgrind (one game unless --games)")
    parser.add_argument("--runs", type=int, default=1,
                        help="repeat in this many fresh processes; report each game's median and range")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one run's figures, for --runs
    parser.add_argument("--play", type=int, choices=range(len(CASES)), help=argparse.SUPPRESS)  # under valgrind
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error(f"--runs must be at least 1, got {args.runs}")
    games = args.games if args.games is not None else 1 if args.machine_instructions else 6
    if games < 0 or (games == 0 and args.play is None):
        parser.error(f"--games must be at least 1, got {games}")
    if args.play is not None:
        game, options = CASES[args.play]
        decisions = play(game, options, games, args.seed)
        print(decisions)
        return str(decisions)
    if args.machine_instructions:
        if args.instructions or args.runs > 1:
            parser.error("--machine-instructions counts one run; it takes neither --instructions nor --runs")
        if shutil.which("valgrind") is None:
            parser.error("--machine-instructions needs valgrind (Debian: apt-get install valgrind)")
        return machine_instructions(games, args.seed)
    if args.runs > 1 and not args.instructions:
        return repeated(games, args.seed, args.runs)
    if args.json:
        figures = {label(game, options): measure(game, options, games, args.seed)[0] for game, options in CASES}
        figures["yardstick"] = yardstick_ms()
        print(json.dumps(figures))
        return json.dumps(figures)
    if args.instructions:
        rows = ["| game | instructions per decision | decisions |", "|---|---|---|"]
        for game, options in CASES:
            per_decision, n = instructions(game, options, games, args.seed)
            rows.append(f"| {label(game, options)} | {per_decision:,.0f} | {n} |")
        return report(rows, games, args.seed)
    rows = ["| game | ms CPU per decision | CPU s per game | decisions |", "|---|---|---|---|"]
    for game, options in CASES:
        per, per_game, n = measure(game, options, games, args.seed)
        rows.append(f"| {label(game, options)} | {per:.2f} | {per_game:.2f} | {n} |")
    return report(rows, games, args.seed, f"load average {load_average():.1f} at the end, ")


if __name__ == "__main__":
    main()
