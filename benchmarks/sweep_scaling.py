"""Sweep scaling: N random games serially vs on a 2-worker Dask LocalCluster (and a 2-process pool).

    .venv/bin/python benchmarks/sweep_scaling.py               # 2,000 random 4-player CO2 games
    .venv/bin/python benchmarks/sweep_scaling.py --quick       # 200 games
    .venv/bin/python benchmarks/sweep_scaling.py --game catan --games 200

Falls back to another registered game when CO2 is missing. The cluster is
started before the clock starts (its start-up time is printed separately);
the results of every backend are checked to be identical row for row.
Target: ≥ 1.7× speed-up with 2 workers. Prints Markdown.
"""
from __future__ import annotations

import argparse
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pandas as pd  # noqa: E402

import ccg  # noqa: E402


def pick_game(wanted: str | None) -> str:
    games = ccg.list_games()
    for name in [wanted] if wanted else ["co2", "chicago_express", "catan"]:
        if name in games:
            try:
                ccg.new_game(name, seed=0).legal_actions()
                return name
            except Exception:
                continue
    raise SystemExit(f"no playable game among {games}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", help="game (default co2, else the first playable one)")
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--skip-processes", action="store_true", help="do not time the process-pool backend")
    p.add_argument("--quick", action="store_true", help="200 games")
    args = p.parse_args(argv)
    if args.quick:
        args.games = 200
    game = pick_game(args.game)
    grid = {"players": [args.players]}
    print(f"# sweep_scaling: {platform.node()}, {os.cpu_count()} CPUs (shared), python {platform.python_version()}; "
          f"{args.games} random {args.players}-player {game} games, seed {args.seed}")
    start = time.perf_counter()
    serial = ccg.sweep(game, grid, n_games=args.games, seed=args.seed, progress=False)
    t_serial = time.perf_counter() - start
    rows = [("serial", 1, t_serial, True)]

    if not args.skip_processes:
        start = time.perf_counter()
        procs = ccg.sweep(game, grid, n_games=args.games, seed=args.seed, progress=False, backend="processes",
                          workers=args.workers)
        t_procs = time.perf_counter() - start
        rows.append(("processes (pool start-up included)", args.workers, t_procs, serial.equals(procs)))

    from dask.distributed import Client, LocalCluster

    start = time.perf_counter()
    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        client.run(lambda: __import__("ccg.analysis.sweep"))  # warm the workers' imports
        t_start = time.perf_counter() - start
        start = time.perf_counter()
        dask = ccg.sweep(game, grid, n_games=args.games, seed=args.seed, progress=False, client=client)
        t_dask = time.perf_counter() - start
    rows.append((f"dask LocalCluster (start-up {t_start:.1f} s not included)", args.workers, t_dask, serial.equals(dask)))
    pd.testing.assert_frame_equal(serial, dask)

    print()
    print("| backend | workers | wall s | games/s | speed-up vs serial | rows identical to serial |")
    print("|---|---|---|---|---|---|")
    for name, w, t, same in rows:
        print(f"| {name} | {w} | {t:.1f} | {args.games / t:.1f} | {t_serial / t:.2f}× | {'yes' if same else 'NO'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
