"""No page ccg serves or renders calls out: the JupyterLab Table and the Voila apps load in Debian's Chromium
with every request to an address other than this machine's loopback blocked, and the test fails on any
such request (a CDN stylesheet, a font, a script), whether or not the page would still work without it.

The classroom server's pages are tested with the classroom; the Binder environment (pinned versions whose
browser code agrees, no "Unsatisfied version" warnings) in ``test_ui_binder.py``.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser_env import ARGS, TIMEOUT_MS, Server, chromium, free_port, jupyter_env, notebook, write_lab_settings

import ccg

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
APPS = sorted(p.name for p in (ROOT / "widgets").glob("*.ipynb"))
START_MS = 240_000
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def outside(url: str) -> bool:
    """True for a request that would leave the machine (data:, blob: and loopback addresses stay)."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome-extension"):
        return False
    return (parts.hostname or "") not in LOOPBACK


def test_outside_tells_loopback_from_the_internet():
    assert not outside("http://127.0.0.1:8888/lab") and not outside("ws://localhost:1/api/kernels")
    assert not outside("http://[::1]:8866/voila/render/x.ipynb") and not outside("data:font/woff2;base64,AA")
    assert outside("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@%5E5/css/all.min.css")
    assert outside("https://cdn.plot.ly/plotly-2.min.js") and outside("http://192.168.1.7:8866/")


@pytest.fixture(scope="module")
def offline_browser():
    """A Chromium context that blocks (and records) every request leaving the machine, service workers included."""
    exe = chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=ARGS, headless=True)
        context = browser.new_context(service_workers="block", viewport={"width": 1600, "height": 1000})
        context.set_default_timeout(TIMEOUT_MS)
        blocked: list[str] = []

        def route(r):
            if outside(r.request.url):
                blocked.append(r.request.url)
                r.abort("internetdisconnected")
            else:
                r.continue_()

        context.route("**/*", route)
        context.ccg_blocked = blocked
        try:
            yield context
        finally:
            browser.close()


def _watch(page) -> list[str]:
    """Requests the page makes (every one, also those the route blocks), for the failure message."""
    seen: list[str] = []
    page.on("request", lambda req: seen.append(req.url))
    page.on("websocket", lambda ws: seen.append(ws.url))
    return seen


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    home = tmp_path_factory.mktemp("offline-lab-home")
    work = tmp_path_factory.mktemp("offline-lab-root")
    games = [g for g in ccg.list_games() if not g.startswith("toy")]
    cells = [f"from ccg.ui import Table\nt{i} = Table({g!r}, seed=1)\nt{i}" for i, g in enumerate(games)]
    (work / "tables.ipynb").write_text(json.dumps(notebook(cells)))
    settings = home / "settings"
    write_lab_settings(settings)
    port = free_port()
    cmd = [str(VENV_BIN / "jupyter-lab"), "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
           "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={work}", "--LabApp.expose_app_in_browser=True",
           f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={home / 'workspaces'}",
           "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    server = Server(cmd, work, f"http://127.0.0.1:{port}", env=jupyter_env(home, VENV_BIN), ready_path="/api")
    server.tables = len(games)
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    home = tmp_path_factory.mktemp("offline-voila-home")
    port = free_port()
    cmd = [str(VENV_BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--ServerApp.port_retries=0", str(ROOT / "widgets")]
    server = Server(cmd, ROOT, f"http://127.0.0.1:{port}", env=jupyter_env(home, VENV_BIN))
    try:
        yield server
    finally:
        server.close()


def test_jupyterlab_tables_request_nothing_outside(lab, offline_browser):
    page = offline_browser.new_page()
    seen = _watch(page)
    before = len(offline_browser.ccg_blocked)
    page.goto(f"{lab.url}/lab/tree/tables.ipynb", wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-NotebookPanel .jp-Cell')")
    page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                           " return w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel }")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function("n => document.querySelectorAll('.ccg-table .ccg-board .js-plotly-plot').length >= n",
                           arg=lab.tables, timeout=START_MS)
    page.wait_for_load_state("networkidle")
    blocked = offline_browser.ccg_blocked[before:]
    page.close()
    assert len(seen) > 20 and all(not outside(u) for u in seen if u not in blocked)  # the watch saw the page load
    assert blocked == [], f"JupyterLab with ccg Tables requested outside addresses: {blocked}"


@pytest.mark.parametrize("app", APPS)
def test_voila_app_requests_nothing_outside(voila, offline_browser, app):
    page = offline_browser.new_page()
    seen = _watch(page)
    before = len(offline_browser.ccg_blocked)
    page.goto(f"{voila.url}/voila/render/{app}", wait_until="domcontentloaded")
    page.wait_for_function("() => document.querySelector('.ccg-table .ccg-board .js-plotly-plot')", timeout=START_MS)
    page.wait_for_load_state("networkidle")
    blocked = offline_browser.ccg_blocked[before:]
    icons = page.evaluate("() => document.querySelectorAll('[class*=\"fa-\"]').length")
    page.close()
    assert len(seen) > 5
    assert blocked == [], f"the Voila app {app} requested outside addresses: {blocked}"
    assert icons == 0, "a Font Awesome icon class on the page: its font is not served offline"
