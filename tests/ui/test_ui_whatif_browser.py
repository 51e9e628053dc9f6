"""In Debian's Chromium, in JupyterLab: the What-if chart is redrawn with the games so far while the run goes on.

A CO2 table's What-if runs 5000 quick continuations (random players, no ± target) on the kernel's warm
process pool. The page must show the chart of a part of the games — its title "(k games so far, ±…)" with k
below the games asked — at least twice with k growing, while Stop is still enabled; Stop then ends
the run, and the note and the final chart agree on the games kept. The games, ± and seed boxes sit
inside the panel (the seed box once overflowed it).
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
from browser_env import ARGS, TIMEOUT_MS, Server, chromium, free_port, jupyter_env, notebook, write_lab_settings

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
START_MS = 240_000  # a fresh kernel, its pool and its first table, on a busy machine
GAMES = 5000

CELL = """from ccg.ui import Table
t = Table("co2", seats=["human"] + ["random"] * 3, seed=1)
for box in t.whatif_tab.wi_agents:
    box.value = "random"
t.whatif_tab.wi_games.value = %d
t.whatif_tab.wi_precision.value = 0
t""" % GAMES

OVERFLOW = """() => { const root = document.querySelector('.ccg-table');
  const panel = root.querySelector('.ccg-panel').getBoundingClientRect();
  return ['.ccg-whatif-games', '.ccg-whatif-precision', '.ccg-whatif-seed'].map(css => {
    const r = root.querySelector(css + ' input').getBoundingClientRect();
    return r.width > 20 && r.left >= panel.left && r.right <= panel.right ? null : css + ' ' + JSON.stringify(r); })
    .filter(x => x); }"""

STATE = """() => { const root = document.querySelector('.ccg-table');
  const title = root.querySelector('.ccg-whatif-chart .gtitle');
  return {title: title ? title.textContent : '', note: root.querySelector('.ccg-whatif-note').innerText.trim(),
          stop: !root.querySelector('button.ccg-whatif-stop').disabled}; }"""

PARTIAL_CHART = """([above]) => { const root = document.querySelector('.ccg-table');
  const title = root.querySelector('.ccg-whatif-chart .gtitle');
  if (!title || root.querySelector('button.ccg-whatif-stop').disabled) return false;
  const m = title.textContent.match(/\\((\\d+) games?/);
  return m && title.textContent.includes(' so far') && Number(m[1]) > above && Number(m[1]) < %d ? Number(m[1]) : false; }""" % GAMES


@pytest.fixture(scope="module")
def lab_page(tmp_path_factory):
    exe = chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra")
    home = tmp_path_factory.mktemp("lab-home")
    work = tmp_path_factory.mktemp("lab-root")
    (work / "whatif.ipynb").write_text(json.dumps(notebook([CELL])))
    write_lab_settings(home / "settings")
    port = free_port()
    cmd = [str(VENV_BIN / "jupyter-lab"), "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
           "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={work}",
           "--LabApp.expose_app_in_browser=True", f"--LabApp.user_settings_dir={home / 'settings'}",
           f"--LabApp.workspaces_dir={home / 'workspaces'}", "--LabApp.news_url=",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    env = jupyter_env(home, VENV_BIN)
    env["PYTHONPATH"] = str(ROOT)  # the kernel imports this checkout's ccg
    server = Server(cmd, work, f"http://127.0.0.1:{port}", env=env, ready_path="/api")
    try:
        with sync_api.sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=exe, args=ARGS, headless=True)
            page = browser.new_page(viewport={"width": 1600, "height": 1000})
            page.set_default_timeout(TIMEOUT_MS)
            page.goto(f"{server.url}/lab/tree/whatif.ipynb", wait_until="domcontentloaded")
            page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-NotebookPanel .jp-Cell')")
            page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget; return w && "
                                   "w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel }")
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.wait_for_function("() => document.querySelector('.ccg-table .ccg-board .js-plotly-plot')",
                                   timeout=START_MS)
            try:
                yield page
            finally:
                browser.close()
    finally:
        server.close()


def test_the_what_if_chart_updates_before_the_run_ends(lab_page, tmp_path):
    page = lab_page
    shots = Path(os.environ.get("CCG_BROWSER_ARTEFACTS") or tmp_path)  # screenshots stay test artefacts
    shots.mkdir(parents=True, exist_ok=True)
    root = page.locator(".ccg-table").first
    root.locator(".lm-TabBar-tab", has_text="What if?").first.click()
    assert page.evaluate(OVERFLOW) == []  # the games, ± and seed boxes stay inside the panel
    root.locator("button.ccg-whatif").first.click()
    first = page.wait_for_function(PARTIAL_CHART, arg=[0], timeout=START_MS).json_value()
    later = page.wait_for_function(PARTIAL_CHART, arg=[first]).json_value()
    root.locator(".ccg-panel").first.screenshot(path=str(shots / "what-if-running.png"))
    assert 0 < first < later < GAMES
    root.locator("button.ccg-whatif-stop").first.click()
    page.wait_for_function("() => /\\(stopped\\)$/.test(document.querySelector('.ccg-table .ccg-whatif-note')"
                           ".innerText.trim()) && !document.querySelector('.ccg-table .ccg-whatif-chart .gtitle')"
                           ".textContent.includes('so far') && document.querySelector('.ccg-table button.ccg-whatif-stop').disabled")
    state = page.evaluate(STATE)
    kept = int(re.match(r"(\d+) of %d games \(stopped\)$" % GAMES, state["note"]).group(1))
    assert later <= kept < GAMES and f"({kept} games" in state["title"] and not state["stop"], state
    assert root.locator("a.ccg-whatif-csv-link").first.get_attribute("download").endswith(".csv")
    root.locator(".ccg-panel").first.screenshot(path=str(shots / "what-if-stopped.png"))
