"""How fast a move reaches the other students' screens: click to every other page showing it, in Chromium.

Serves one CO2 table of four student seats with ``ccg classroom serve``, opens the four students'
pages in Debian's Chromium (Playwright), then plays ``--moves`` moves by clicking: for each, the
time from the click until the mover's page confirms it and until every other page shows the new
move number. ``--write`` puts the figures into BENCHMARKS.md between ``<!-- classroom-browser -->``
markers.
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from report import write_block  # noqa: E402

from ccg.classroom import LiveTable, open_store  # noqa: E402

START, END = "<!-- classroom-browser -->", "<!-- /classroom-browser -->"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    load = os.getloadavg()[0]
    folder = Path(tempfile.mkdtemp(prefix="ccg-browser-"))
    store = open_store(folder)
    tid = store.create_table("co2", ["student"] * 4, seed=3, lesson="benchmark").id
    live = LiveTable(store, tid)
    port = _free_port()
    proc = subprocess.Popen([str(Path(sys.executable).with_name("ccg")), "classroom", "serve", "--dir", str(folder),
                             "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    confirm, seen = [], []
    try:
        while "teacher" not in (proc.stdout.readline() or "teacher"):
            pass
        base = f"http://127.0.0.1:{port}"
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
            started = time.perf_counter()
            pages = [browser.new_context(viewport={"width": 1440, "height": 900}).new_page() for _ in range(4)]
            for seat, page in enumerate(pages):
                page.goto(f"{base}/#{live.info.seats[seat].code}", wait_until="commit")
            for page in pages:
                page.wait_for_selector(".ccg-turn", timeout=180_000)
            up = time.perf_counter() - started
            for _ in range(args.moves):
                live.sync()
                n = live.state.ply
                mover = pages[live.state.current_player]
                mover.wait_for_selector(".ccg-move:not([hidden]) .ccg-actions option", timeout=30_000)
                mover.select_option(".ccg-actions", index=0)
                t0 = time.perf_counter()
                mover.click(".ccg-play")
                mover.wait_for_function("() => document.querySelector('.ccg-message').innerText.includes('You played')",
                                        timeout=30_000)
                confirm.append(time.perf_counter() - t0)
                for page in pages:
                    page.wait_for_function(f"() => document.body.dataset.version === '{n + 1}'", timeout=30_000)
                seen.append(time.perf_counter() - t0)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(30)
        shutil.rmtree(folder, ignore_errors=True)
    text = (f"{START}\nCommand: `.venv/bin/python benchmarks/classroom_browser.py --moves {args.moves} --write` on "
            f"{time.strftime('%Y-%m-%d')}; machine: {platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}, load average {load:.1f} at the start; Debian's Chromium, headless.\n\n"
            f"One CO2 table, four students' pages in Chromium on `ccg classroom serve` (one process; pages over "
            f"websockets); all four pages up in {up:.1f} s. *Confirmed*: from the click on Play until the mover's page says \"You played\". *On every screen*: "
            f"until all four pages show the new move.\n\n"
            f"| moves | confirmed p50 s | confirmed p95 s | on every screen p50 s | on every screen p95 s | max s |\n"
            f"|---:|---:|---:|---:|---:|---:|\n"
            f"| {len(seen)} | {_pct(confirm, .5):.2f} | {_pct(confirm, .95):.2f} | {_pct(seen, .5):.2f} | "
            f"{_pct(seen, .95):.2f} | {max(seen):.2f} |\n{END}")
    print(text)
    if args.write:
        write_block(START, END, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
