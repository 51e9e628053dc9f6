"""The first Table in a fresh Jupyter kernel: wall and CPU time of ``from ccg.ui import Table; Table(...)``.

    .venv/bin/python benchmarks/ui_first_table.py [--game co2] [--kernels 3]

Starts ``--kernels`` fresh ipykernel processes one after the other (the Python running this script),
runs the cell a teacher runs first in each, and prints the median and the range. Only the kernel's
side is timed (building the widgets and the board); drawing in the browser is not included.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys

from jupyter_client.manager import start_new_kernel

CELL = """
import time, json
_t, _c = time.perf_counter(), time.process_time()
from ccg.ui import Table
t = Table({game!r}, seats=["human"] + ["random"] * ({players} - 1), seed=1)
print(json.dumps({{"wall": time.perf_counter() - _t, "cpu": time.process_time() - _c}}))
"""


def run_once(game: str, players: int) -> dict:
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        out: list[str] = []
        kc.execute_interactive(CELL.format(game=game, players=players), timeout=300,
                               output_hook=lambda msg: out.append(msg["content"].get("text", ""))
                               if msg["msg_type"] == "stream" else None)
        return json.loads("".join(out).strip().splitlines()[-1])
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="co2")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--kernels", type=int, default=3)
    args = ap.parse_args()
    runs = [run_once(args.game, args.players) for _ in range(args.kernels)]
    wall = sorted(r["wall"] for r in runs)
    cpu = sorted(r["cpu"] for r in runs)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"first Table({args.game!r}, {args.players} seats) in {args.kernels} fresh kernels; "
          f"{platform.machine()}, Python {platform.python_version()} ({sys.executable}), load average {load:.1f}")
    print(f"  wall: median {statistics.median(wall):.2f} s (range {wall[0]:.2f}–{wall[-1]:.2f})")
    print(f"  CPU:  median {statistics.median(cpu):.2f} s (range {cpu[0]:.2f}–{cpu[-1]:.2f})")


if __name__ == "__main__":
    main()
