"""Shoot docs/table.png, the README's picture of the Table, from a current run.

The Table of the README's example (one human, three strategists, seed 1) after a few moves, in
JupyterLab in Debian's Chromium (Playwright drives it), 1600 px wide with the file browser closed.
JupyterLab runs in a temporary Jupyter home on a free port and stops at the end.

    .venv/bin/python docs/shoot_table.py [--out docs/table.png] [--moves 12]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TABLE = 'Table("co2", seats=["human"], players=4, seed=1)'  # the README's example


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _notebook(moves: int) -> dict:
    source = f"from ccg.ui import Table\nt = {TABLE}\nt.play_until('n', {moves})\nt"
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": "table", "metadata": {}, "outputs": [],
                       "source": source}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def _wait_for(url: str, proc: subprocess.Popen, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"JupyterLab did not start on {url}") from None
            time.sleep(0.3)


def shoot(out: Path, moves: int, width: int = 1600, height: int = 1200) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        home, work = Path(tmp) / "home", Path(tmp) / "work"
        work.mkdir(parents=True)
        (work / "table.ipynb").write_text(json.dumps(_notebook(moves)))
        quiet = home / "settings" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
        quiet.parent.mkdir(parents=True)  # no news or update pop-up over the picture
        quiet.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
        env = dict(os.environ, JUPYTER_CONFIG_DIR=str(home / "config"), JUPYTER_DATA_DIR=str(home / "data"),
                   JUPYTER_RUNTIME_DIR=str(home / "runtime"), IPYTHONDIR=str(home / "ipython"),
                   JUPYTER_PLATFORM_DIRS="1", PYTHONPATH=str(ROOT),
                   JUPYTER_PATH=str(ROOT / "share" / "jupyter"),
                   PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
        port = _free_port()
        cmd = [str(Path(sys.executable).parent / "jupyter-lab"), "--no-browser", f"--port={port}",
               "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
               f"--ServerApp.root_dir={work}", "--LabApp.expose_app_in_browser=True",
               f"--LabApp.workspaces_dir={home / 'workspaces'}", f"--LabApp.user_settings_dir={home / 'settings'}",
               "--LabApp.news_url=",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
        lab = subprocess.Popen(cmd, cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}"
            _wait_for(url + "/api", lab)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                             args=["--headless", "--no-sandbox", "--disable-gpu"])
                page = browser.new_page(viewport={"width": width, "height": height})
                page.set_default_timeout(240_000)
                page.goto(f"{url}/lab/tree/table.ipynb", wait_until="domcontentloaded")
                page.wait_for_function("() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
                                       " return w && w.sessionContext && w.sessionContext.session"
                                       " && w.sessionContext.session.kernel }")
                page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
                page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
                # the board drawn (a revision on screen, nothing pending) and the status line written
                page.wait_for_function("() => { const t = document.querySelector('.ccg-table');"
                                       " return t && t.querySelector('.ccg-board [data-ccg-revision]')"
                                       " && !t.querySelector('.ccg-board [data-ccg-pending]')"
                                       " && t.querySelector('.ccg-status').innerText.includes('to move'); }")
                table = page.locator(".ccg-table").first
                table.scroll_into_view_if_needed()
                out.parent.mkdir(parents=True, exist_ok=True)
                table.screenshot(path=str(out))
                browser.close()
        finally:
            lab.terminate()
            lab.wait(30)
    print(f"wrote {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "table.png")
    parser.add_argument("--moves", type=int, default=12, help="moves played (by the bots and the human's helper)")
    args = parser.parse_args()
    shoot(args.out, args.moves)


if __name__ == "__main__":
    main()
