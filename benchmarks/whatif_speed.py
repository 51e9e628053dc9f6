"""What-if speed: 100 continuations with strategists from a mid-game position; simulate's overhead.

    .venv/bin/python benchmarks/whatif_speed.py                      # every game, both parts
    .venv/bin/python benchmarks/whatif_speed.py --game co2 --games 100 --part whatif
    .venv/bin/python benchmarks/whatif_speed.py --part overhead --profile

What-if: the position is reached by strategists from seed 5 (CO2 at move 120, the others at about
the middle of their game); ``ccg.ui.whatif.what_if(state, 100, seat=0)`` runs on the warm pool
(``backend="processes"``, workers started and warmed before the clock starts, as in a kernel where
the Table started them) and, for reference, serially. Reported: wall time; CPU time of this process
and of the workers (from /proc); the time to the first estimate (the first finished game reported);
and games per CPU-second. Targets: ≤ 10 s wall in CO2, ≤ 5 s in Chicago Express and Catan, first
estimate ≤ 2 s.

Overhead: ``ccg.simulate`` against a bare loop over the same seeded games (``spec.create``, the
agents, ``state.apply(agent.act(state))``), both serial, CPU time of this process, the two
alternated ``--repeats`` times (median). Target ≤ 10 %. ``--profile`` prints where a serial
continuation spends its time (cProfile, top 25 by cumulative time).
Prints Markdown.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import ccg  # noqa: E402
from ccg.agents.base import DEFAULT_AGENT, make_agent  # noqa: E402
from ccg.analysis import pool as warm  # noqa: E402
from ccg.analysis.estimate import RunningEstimate  # noqa: E402
from ccg.analysis.runner import game_seed  # noqa: E402
from ccg.core.registry import get_spec  # noqa: E402
from ccg.ui.whatif import what_if  # noqa: E402

GAMES = ("co2", "chicago_express", "catan")
TARGET_S = {"co2": 10.0, "chicago_express": 5.0, "catan": 5.0}
MID = {"co2": 120}  # plies to the mid-game position; other games: half a game


def load() -> str:
    return " / ".join(f"{x:.1f}" for x in os.getloadavg())


def mid_game(game: str, players: int, seed: int = 5):
    """The position strategists reach from ``seed`` at mid-game (CO2: move 120; else half a game)."""
    s = ccg.new_game(game, players=players, seed=seed)
    agents = [make_agent(DEFAULT_AGENT, seed * 10 + p) for p in range(players)]
    target = MID.get(game)
    if target is None:
        probe = s.clone()
        while not probe.is_terminal():
            probe.apply(agents[probe.current_player].act(probe))
        target = probe.ply // 2
        agents = [make_agent(DEFAULT_AGENT, seed * 10 + p) for p in range(players)]
    while s.ply < target and not s.is_terminal():
        s.apply(agents[s.current_player].act(s))
    return s


def time_what_if(state, n: int, backend: str, workers: int | None) -> dict:
    first: list[float] = []
    start, cpu0, wcpu0 = time.perf_counter(), time.process_time(), warm.worker_cpu()

    def seen(partial) -> None:
        if not first and partial.games:
            first.append(time.perf_counter() - start)

    df = what_if(state, n, seat=0, backend=backend, workers=workers, on_partial=seen)
    wall = time.perf_counter() - start
    cpu = time.process_time() - cpu0 + (warm.worker_cpu() - wcpu0 if backend == "processes" else 0.0)
    return {"df": df, "wall": wall, "cpu": cpu, "first": first[0] if first else float("nan")}


def kept_at(df, precision: float) -> str:
    """How many of these games a run with ``precision`` on seat 0's win share keeps (the rule walks them in order)."""
    est = RunningEstimate(4, 0)
    for n, row in enumerate(df.to_dict("records"), 1):
        est.add(row)
        if est.precise(precision):
            return str(n)
    return f"> {len(df)}"


def part_what_if(games: list[str], n: int, workers: int, serial: bool) -> None:
    print(f"\n### What-if: {n} continuations, strategists in every seat, seat 0's view\n")
    print("| game | position | backend | wall s | CPU s (all processes) | first estimate s | games per CPU-s | "
          "target (wall) | games a ±0.10 target keeps | load average |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    t = time.perf_counter()
    ready = warm.pool_ready(workers, timeout=300)
    print(f"<!-- pool of {workers} workers ready: {ready}, {time.perf_counter() - t:.1f} s -->")
    for game in games:
        state = mid_game(game, 4)
        runs = [("processes", workers)] + ([("serial", None)] if serial else [])
        results = {}
        for backend, w in runs:
            r = time_what_if(state, n, backend, w)
            results[backend] = r
            met = ("met" if r["wall"] <= TARGET_S[game] else "not met") if n == 100 else "(for 100 games)"
            print(f"| {game} | move {state.ply} | {backend}{f' ({w} workers)' if w else ''} | {r['wall']:.1f} | "
                  f"{r['cpu']:.1f} | {r['first']:.2f} | {len(r['df']) / r['cpu']:.1f} | ≤ {TARGET_S[game]:g} s: {met} "
                  f"| {kept_at(r['df'], 0.10)} | {load()} |", flush=True)
        if serial:
            assert results["processes"]["df"].equals(results["serial"]["df"]), "backends disagree"


def bare_loop(game: str, players: int, n: int, agents: list[str], seed: int) -> None:
    spec = get_spec(game)
    for i in range(n):
        s_seed, a_seeds = game_seed(seed, (i,), players)
        state = spec.create(players, s_seed, {})
        seats = [make_agent(a, x) for a, x in zip(agents, a_seeds)]
        while not state.is_terminal():
            state.apply(seats[state.current_player].act(state))


def part_overhead(games: list[str], n: int, repeats: int, agent: str) -> None:
    print(f"\n### `ccg.simulate` over a bare game loop ({n} games, {agent} players, serial, CPU time, "
          f"median of {repeats})\n")
    print("| game | players | bare loop CPU s | simulate CPU s | overhead | target ≤ 10 % | load average |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game in games:
        players = 4
        agents = [agent] * players
        bare, sim = [], []
        ccg.simulate(game, players=players, n_games=1, agents=agents, seed=99)  # imports, tables
        for _ in range(repeats):
            c = time.process_time()
            bare_loop(game, players, n, agents, 1)
            bare.append(time.process_time() - c)
            c = time.process_time()
            ccg.simulate(game, players=players, n_games=n, agents=agents, seed=1)
            sim.append(time.process_time() - c)
        b, s = statistics.median(bare), statistics.median(sim)
        over = s / b - 1
        print(f"| {game} | {players} | {b:.2f} | {s:.2f} | {over * 100:+.1f} % | {'met' if over <= 0.10 else 'not met'} "
              f"| {load()} |", flush=True)


def profile(game: str, n: int) -> None:
    state = mid_game(game, 4)
    pr = cProfile.Profile()
    pr.enable()
    what_if(state, n, seat=0)
    pr.disable()
    print(f"\n### Profile: {n} serial continuations of {game} from move {state.ply}\n\n```")
    pstats.Stats(pr, stream=sys.stdout).sort_stats("cumulative").print_stats(25)
    print("```")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", action="append", choices=GAMES, help="a game (repeatable; default all three)")
    p.add_argument("--games", type=int, default=100, help="continuations per what-if (default 100)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--part", choices=["whatif", "overhead", "all", "none"], default="all",
                   help="what to time (none: only --profile)")
    p.add_argument("--serial", action="store_true", help="also time the what-if in this process")
    p.add_argument("--overhead-games", type=int, default=20)
    p.add_argument("--overhead-agent", default="random", help="the players of the overhead part (default random)")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--profile", action="store_true", help="profile serial continuations (10 per game)")
    args = p.parse_args(argv)
    games = args.game or list(GAMES)
    print(f"# whatif_speed: {platform.node()}, {platform.machine()}, {os.cpu_count()} CPUs (shared), python "
          f"{platform.python_version()}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {load()}")
    if args.part in ("whatif", "all"):
        part_what_if(games, args.games, args.workers, args.serial)
    if args.part in ("overhead", "all"):
        part_overhead(games, args.overhead_games, args.repeats, args.overhead_agent)
    if args.profile:
        for game in games:
            profile(game, 10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
