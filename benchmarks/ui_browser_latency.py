"""Click to settled board in a real browser: Play on a 4-player CO2 table served by Voila, in Debian's Chromium.

    .venv/bin/python benchmarks/ui_browser_latency.py [--game co2] [--players 4] [--moves 30]

For each move the page records, with ``performance.now()``, the click on Play (a capturing listener)
and the moment the board has drawn the new figure (``data-ccg-revision`` changes once ``Plotly.react``
has finished) plus one animation frame (painted). The difference is what a person waits for: the
message to the kernel, the move, the kernel's redraw of every panel, the figure's trip back and the
browser's drawing. All seats are human (``autoplay`` off), so each click is exactly one move.
Prints the median and the 90th percentile in milliseconds, and the machine's load average.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

INSTRUMENT = """() => {
  // click on Play; the new figure received (data-ccg-pending set); drawn (data-ccg-revision changes) and painted
  window.__ccg = {clicks: [], received: [], drawn: []};
  document.addEventListener('click', e => {
    if (e.target.closest('button.ccg-play')) window.__ccg.clicks.push(performance.now());
  }, true);
  const host = document.querySelector('.ccg-board [data-ccg-revision]');
  new MutationObserver(records => {
    const now = performance.now();
    for (const r of records) {
      if (r.attributeName === 'data-ccg-pending' && host.dataset.ccgPending) window.__ccg.received.push(now);
      if (r.attributeName === 'data-ccg-revision') requestAnimationFrame(() => window.__ccg.drawn.push(performance.now()));
    }
  }).observe(host, {attributes: true, attributeFilter: ['data-ccg-revision', 'data-ccg-pending']});
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="co2")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="ccg-latency-"))
    code = (f"from ccg.ui import Table\nt = Table({args.game!r}, seats=['human'] * {args.players}, "
            f"seed={args.seed}, autoplay=False)\nt")
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "c0", "metadata": {}, "outputs": [],
                     "source": code}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (work / "table.ipynb").write_text(json.dumps(nb))
    port = _free_port()
    voila = Path(sys.executable).with_name("voila")
    server = subprocess.Popen([str(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                               str(work / "table.ipynb")], cwd=work, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        for _ in range(200):
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                time.sleep(0.3)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium"), headless=True,
                                         args=["--headless", "--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1600, "height": 1000})
            page.set_default_timeout(120_000)
            page.goto(url, wait_until="domcontentloaded")
            page.wait_for_function("() => document.querySelector('.ccg-board [data-ccg-revision]')")
            page.evaluate(INSTRUMENT)
            for i in range(args.moves):
                page.locator(".ccg-actions select").first.select_option(index=0)
                page.locator("button.ccg-play").first.click()
                page.wait_for_function("n => window.__ccg.drawn.length >= n", arg=i + 1)
            times = page.evaluate("() => window.__ccg")
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.game}, {args.players} players, {len(times['drawn'])} moves from seed {args.seed}, Voila + Debian "
          f"Chromium (headless); {platform.machine()}, Python {platform.python_version()}, load average {load:.1f}")
    parts = [("click on Play -> board drawn and painted", times["clicks"], times["drawn"]),
             ("  of which click -> figure received (kernel, network)", times["clicks"], times["received"]),
             ("  of which received -> drawn and painted (browser)", times["received"], times["drawn"])]
    for label, start, end in parts:
        waits = sorted(b - a for a, b in zip(start, end))
        p90 = waits[min(len(waits) - 1, int(0.9 * len(waits)))]
        print(f"  {label}: median {statistics.median(waits):.0f} ms, p90 {p90:.0f} ms, max {waits[-1]:.0f} ms")


if __name__ == "__main__":
    main()
