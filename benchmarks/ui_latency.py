"""Interaction cost of the table widget in the kernel, measured headless (no browser): apply a move and redraw.

    .venv/bin/python benchmarks/ui_latency.py [--game co2] [--players 4] [--moves 40]

For each of ``--moves`` random moves of a seeded game it times, by CPU time, separately:
the move (GameTree.play), building the game's board figure (ccg.plot.board), sending it
(``FigureView.show``: the whole figure as checked JSON), and the whole ``Table.play``
(move + board + action list + history tree + inspect tables + position string). Prints
medians and 90th percentiles in milliseconds. The browser's side is measured by
``benchmarks/ui_browser_latency.py``.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

import ccg
from ccg.agents import RandomAgent
from ccg.ui import Table


def _ms(samples: list[float]) -> str:
    s = sorted(samples)
    p90 = s[min(len(s) - 1, int(0.9 * len(s)))]
    return f"median {1000 * statistics.median(s):7.1f} ms   p90 {1000 * p90:7.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="co2")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--moves", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    table = Table(args.game, seats=["human"] * args.players, seed=args.seed, autoplay=False)
    bot = RandomAgent(seed=args.seed)
    apply_t, figure_t, redraw_t, full_t = [], [], [], []
    for _ in range(args.moves):
        if table.state.is_terminal():
            break
        action = bot.act(table.state)
        # 1) the parts, on a copy of the move
        t0 = time.process_time()
        table.tree.play(action)
        t1 = time.process_time()
        fig = ccg.plot.board(table.state)
        t2 = time.process_time()
        table.board.show(fig)
        t3 = time.process_time()
        table.tree.back()
        table.refresh()
        # 2) the whole interaction, as a click on Play does it
        t4 = time.process_time()
        table.play(action)
        t5 = time.process_time()
        apply_t.append(t1 - t0)
        figure_t.append(t2 - t1)
        redraw_t.append(t3 - t2)
        full_t.append(t5 - t4)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.game}, {args.players} players, {len(full_t)} random moves from seed {args.seed}; CPU time; "
          f"{platform.processor() or platform.machine()}, Python {platform.python_version()}, load average {load:.1f}")
    print(f"  move (tree.play)          {_ms(apply_t)}")
    print(f"  board figure (plot.board) {_ms(figure_t)}")
    print(f"  send (FigureView.show)    {_ms(redraw_t)}")
    print(f"  Table.play, all panels    {_ms(full_t)}")


if __name__ == "__main__":
    main()
