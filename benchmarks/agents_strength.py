"""Agent strength per game: MCTS vs Greedy and Greedy vs Random, seats rotated, 95% Wilson intervals;
and MCTS iterations per second at mid-game positions.

    .venv/bin/python benchmarks/agents_strength.py            # the full run: 200 games per match-up, 1,000 iterations
    .venv/bin/python benchmarks/agents_strength.py --quick    # a few games, 100 iterations: smoke test
    .venv/bin/python benchmarks/agents_strength.py --game co2 --games 40 --iterations 300 --workers 2

One MCTS (or Greedy) seat against Greedy (or Random) in all other seats; the
tested agent sits in every seat equally often (``ccg.tournament`` rotates
seats). The target: the tested agent wins at least 1.6 × its fair
share, with the 95% interval excluding the fair share. The top-score rate
(highest final score, ties shared) is printed too: in CO2 a lost planet means
nobody wins, so win rates there say little. Prints Markdown.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import ccg  # noqa: E402
from ccg.agents import MCTSAgent  # noqa: E402
from ccg.core import Rng  # noqa: E402


def playable_games() -> list[str]:
    out = []
    for name in ccg.list_games():
        try:
            ccg.new_game(name, seed=0).legal_actions()
        except Exception:
            continue
        out.append(name)
    return out


def mid_game_positions(game: str, players: int | None, n: int, seed: int):
    """Positions with at least two legal actions, spread over random games."""
    out = []
    for k in range(n):
        state = ccg.new_game(game, players=players, seed=seed + k)
        rng = Rng(seed + k)
        length = 0
        probe = state.clone()
        while not probe.is_terminal() and length < 20000:
            legal = probe.legal_actions()
            probe.apply(legal[rng.below(len(legal))])
            length += 1
        target = (k + 1) * length // (n + 1)
        rng = Rng(seed + k)
        for _ in range(target):
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        if not state.is_terminal():
            out.append(state)
    return out


def iterations_per_second(game: str, players: int | None, agent: MCTSAgent, positions: int = 4) -> dict:
    """Simulations per second and seconds per decision at mid-game positions, by wall clock and by
    this process's CPU time (the CPU figure is the one to compare on a machine others are using)."""
    total_iter, wall, cpu, n = 0, 0.0, 0.0, 0
    for state in mid_game_positions(game, players, positions, 11):
        start, start_cpu = time.perf_counter(), time.process_time()
        agent.act(state)
        wall += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        total_iter += agent.last_iterations
        n += 1
    return {"iterations": total_iter / n, "per_wall_s": total_iter / wall, "per_cpu_s": total_iter / cpu,
            "decision_cpu_s": cpu / n}


def match(game, tested, others, players, n_games, seed, backend, workers, rules=None, progress=False):
    start = time.perf_counter()
    options = {"rules": rules} if rules else {}
    table, games = ccg.tournament(game, [tested] + [others] * (players - 1), n_games=n_games, seed=seed,
                                  backend=backend, workers=workers, progress=progress, return_games=True, **options)
    row = table.iloc[0]
    rest = table.iloc[1:]
    return row, rest, games, time.perf_counter() - start


def parse_rule(text: str) -> tuple[str, float | int | bool]:
    """'ppm.lose=5000' -> ('ppm.lose', 5000)."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"--rule wants KEY=VALUE, got {text!r}")
    low = value.strip().lower()
    if low in ("true", "false"):
        return key.strip(), low == "true"
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--rule {key}: {value!r} is not a number or true/false") from None
    return key.strip(), int(number) if number.is_integer() else number


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", action="append", help="game(s) to measure (default: every playable game)")
    p.add_argument("--games", type=int, default=200, help="games per match-up (default 200)")
    p.add_argument("--iterations", type=int, default=1000, help="MCTS iterations per move (default 1000)")
    p.add_argument("--rollout-depth", type=str, default="10", help="MCTS rollout cut-off (default 10; 'none': to the end)")
    p.add_argument("--players", type=int, help="players (default: the game's usual count)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2, help="local worker processes (default 2; 1 = serial)")
    p.add_argument("--match", choices=["all", "mcts", "greedy", "speed"], default="all")
    p.add_argument("--quick", action="store_true", help="8 games, 100 iterations: a smoke test")
    p.add_argument("--rule", action="append", type=parse_rule, default=[], metavar="KEY=VALUE",
                   help="rule override for every game, e.g. --rule ppm.lose=5000 (repeatable)")
    p.add_argument("--out", help="write the per-game results of the last match-up to this Parquet file")
    p.add_argument("--progress", action="store_true", help="show a progress bar (on stderr)")
    args = p.parse_args(argv)
    rules = dict(args.rule)
    if args.quick:
        args.games, args.iterations = 8, 100
    depth = None if args.rollout_depth.lower() == "none" else int(args.rollout_depth)
    backend = "serial" if args.workers <= 1 else "processes"
    mcts = MCTSAgent(iterations=args.iterations, rollout_depth=depth)
    games = args.game or playable_games()
    print(f"# agents_strength: {platform.node()}, {os.cpu_count()} CPUs (shared), python {platform.python_version()}; "
          f"games={args.games} iterations={args.iterations} rollout_depth={depth} workers={args.workers} seed={args.seed}"
          + (f" rules={rules}" if rules else ""))
    print()
    print("| game | players | match-up | games | win rate [95% CI] | fair share | ratio | CI excludes fair | "
          "top-score rate [95% CI] | mean score (tested / others) | time s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for game in games:
        players = args.players or ccg.describe(game)["default_players"]
        if args.match in ("all", "speed"):
            speed = iterations_per_second(game, players, MCTSAgent(iterations=min(args.iterations, 1000),
                                                                   rollout_depth=depth))
            print(f"<!-- {game}: MCTS {speed['per_cpu_s']:.0f} iterations per CPU-second "
                  f"({speed['per_wall_s']:.0f} per wall second), {speed['decision_cpu_s']:.3f} CPU-s and "
                  f"{speed['iterations']:.0f} iterations per decision (early stop), rollout_depth={depth} -->",
                  flush=True)
        ups = []
        if args.match in ("all", "mcts"):
            ups.append((f"mcts:{args.iterations} vs greedy", mcts, "greedy"))
        if args.match in ("all", "greedy"):
            ups.append(("greedy vs random", "greedy", "random"))
        for label, tested, others in ups:
            row, rest, per_game, secs = match(game, tested, others, players, args.games, args.seed, backend,
                                              args.workers, rules, args.progress)
            if args.out:
                per_game.to_parquet(args.out)
            if "planet_lost" in per_game:
                print(f"<!-- {game} {label}: planet lost in {per_game.planet_lost.mean():.3f} of the games -->")
            print(f"| {game} | {players} | {label} | {row.games} | {row.win_rate:.3f} [{row.ci_low:.3f}, "
                  f"{row.ci_high:.3f}] | {row.fair_share:.3f} | {row.ratio:.2f} | {'yes' if row.beats_fair else 'no'} | "
                  f"{row.top_rate:.3f} [{row.top_ci_low:.3f}, {row.top_ci_high:.3f}] | "
                  f"{row.mean_score:.1f} / {rest.mean_score.mean():.1f} | {secs:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
