"""End to end, in Debian's Chromium (Playwright drives it, never downloads a browser): what a person sees.

In JupyterLab and in both Voila apps, for every registered game and several seeds, the board the
browser holds equals ``ccg.plot.board(state, seat)`` after the first render and after every move,
history jump, variation, promotion and pasted position (see ``browser_support`` for how the test
knows which position the kernel meant); a click on the board narrows the action list; the board,
its gauge, market and tables are never covered by the control panel at 1280, 1600 and 1920 px,
with JupyterLab's sidebar open or closed. Screenshots are written to a pytest temporary directory
(or ``$CCG_BROWSER_ARTEFACTS``), never to the repository.

One JupyterLab and one Voila server serve the whole module (all its tests run in one xdist worker).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

import ccg
from browser_support import (ARGS, TIMEOUT_MS, Server, TableDriver, app_namespace, chromium, free_port,
                             jupyter_env, notebook, option_value, write_lab_settings)
from ccg.ui import Table

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
REAL = [g for g in ccg.list_games() if not g.startswith("toy")]
WIDTHS = (1280, 1600, 1920)
# Extra options per game for the JupyterLab tables (every registered game gets a table)
LAB_OPTIONS = {"catan": {"scenario": "oil_springs"}}


def lab_tables() -> list[tuple[str, dict]]:
    """(label, Table keyword arguments) of the tables in the JupyterLab notebook: one per registered game, seed 1."""
    out = []
    for game in REAL:
        n = ccg.describe(game)["default_players"]
        kwargs = {"seats": ["human"] + ["random"] * (n - 1), "seed": 1, **LAB_OPTIONS.get(game, {})}
        out.append((f"{game} seed 1" + (" oil_springs" if "scenario" in kwargs else ""), game, kwargs))
    return out


LAB_TABLES = lab_tables()


@pytest.fixture(scope="module")
def artefacts(tmp_path_factory) -> Path:
    where = os.environ.get("CCG_BROWSER_ARTEFACTS")
    path = Path(where) if where else tmp_path_factory.mktemp("browser-artefacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def browser():
    exe = chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, args=ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


def _page(browser, width: int = 1600, height: int = 1000):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.ccg_errors = errors  # JavaScript exceptions on the page (the blank CO2 board was one)
    return page


# ---------------------------------------------------------------------------------------------- JupyterLab
@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    home = tmp_path_factory.mktemp("lab-home")
    work = tmp_path_factory.mktemp("lab-root")
    cells = [f"from ccg.ui import Table\nt{i} = Table({game!r}, **{kwargs!r})\nt{i}"
             for i, (_, game, kwargs) in enumerate(LAB_TABLES)]
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
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def lab_page(lab, browser):
    page = _page(browser)
    page.goto(f"{lab.url}/lab/tree/tables.ipynb", wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-NotebookPanel .jp-Cell')")
    page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                           " return w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel }")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function("n => document.querySelectorAll('.ccg-table .ccg-board [data-ccg-revision]').length >= n",
                           arg=len(LAB_TABLES))
    yield page
    page.close()


def _lab_driver(page, index: int) -> TableDriver:
    label, game, kwargs = LAB_TABLES[index]
    return TableDriver(page, index, Table(game, **kwargs), f"JupyterLab, {label}")


@pytest.mark.parametrize("index", range(len(LAB_TABLES)), ids=[label for label, _, _ in LAB_TABLES])
def test_jupyterlab_board_equals_the_game_after_every_move(lab_page, index):
    driver = _lab_driver(lab_page, index)
    driver.scenario(moves=32)
    assert driver.moves >= 30 and driver.checks >= 40, (driver.moves, driver.checks)
    assert not lab_page.ccg_errors, lab_page.ccg_errors


# ---------------------------------------------------------------------------------------------- Voila apps
@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    home = tmp_path_factory.mktemp("voila-home")
    port = free_port()
    cmd = [str(VENV_BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--ServerApp.port_retries=0", "--show_tracebacks=True", str(ROOT / "widgets")]
    server = Server(cmd, ROOT, f"http://127.0.0.1:{port}", env=jupyter_env(home, VENV_BIN))
    try:
        yield server
    finally:
        server.close()


def _open_app(browser, voila, name: str, width: int = 1600):
    page = _page(browser, width)
    page.goto(f"{voila.url}/voila/render/{name}", wait_until="domcontentloaded")
    page.wait_for_function("() => document.querySelector('.ccg-table .ccg-board [data-ccg-revision]')")
    return page


def test_classroom_app_board_equals_the_game(voila, browser):
    app = app_namespace(ROOT / "widgets" / "co2_classroom.ipynb")["app"]
    page = _open_app(browser, voila, "co2_classroom.ipynb")
    try:
        driver = TableDriver(page, 0, app.table, "CO2 classroom app, seed 1")
        gauge = page.locator(".ccg-gauge-value").first

        def gauge_follows(_what: str) -> None:
            assert gauge.inner_text().strip() == f"{app.gauge.value(app.table.state):g}"

        driver.on_check = gauge_follows
        driver.scenario(moves=32)
        assert driver.moves >= 30 and driver.checks >= 40, (driver.moves, driver.checks)
        # a new game with another seed: a new table, checked from its first render
        seed = page.locator(".ccg-seed input").first
        seed.fill("11")
        seed.press("Enter")
        app.seed.value = 11
        page.locator("button.ccg-new-game").first.click()
        app.start()
        again = TableDriver(page, 0, app.table, "CO2 classroom app, seed 11",
                            on_check=gauge_follows)
        again.check("first render")
        for _ in range(4):
            again.play(0)
        assert not page.ccg_errors, page.ccg_errors
    finally:
        page.close()


WHAT_IF_SEED = 7


@pytest.fixture(scope="module")
def what_if_lab():
    return app_namespace(ROOT / "widgets" / "what_if_lab.ipynb")["app"]


def test_what_if_lab_offers_every_game_oil_springs_and_bots(what_if_lab):
    labels = [label for label, _, _ in what_if_lab.choices]
    assert {name for _, name, _ in what_if_lab.choices} == set(REAL)
    assert any(opts.get("scenario") == "oil_springs" for _, _, opts in what_if_lab.choices), labels
    assert what_if_lab.seats()[0] == "human" and set(what_if_lab.seats()[1:]) == {"random"}


@pytest.mark.parametrize("choice", range(4), ids=["co2", "chicago_express", "catan", "catan_oil_springs"])
def test_what_if_lab_board_equals_the_game(voila, browser, choice):
    app = app_namespace(ROOT / "widgets" / "what_if_lab.ipynb")["app"]
    if choice >= len(app.choices):
        pytest.fail(f"the what-if lab offers {len(app.choices)} games, expected at least 4")
    page = _open_app(browser, voila, "what_if_lab.ipynb")
    try:
        seed = page.locator(".ccg-seed input").first
        seed.fill(str(WHAT_IF_SEED))
        seed.press("Enter")
        app.seed.value = WHAT_IF_SEED
        if choice:
            game = page.locator(".ccg-game select").first
            game.select_option(value=option_value(page.locator(".ccg-game select option"), app.choices[choice][0]))
            app.game.value = choice
        else:
            page.locator("button.ccg-new-game").first.click()
            app.start()
        label = f"what-if lab, {app.choices[choice][0]}, seed {WHAT_IF_SEED}"
        driver = TableDriver(page, 0, app.table, label)
        driver.check("the new game's first render")  # the app opens its table on the What if? tab
        driver.tab("Play")
        driver.scenario(moves=32)
        assert driver.moves >= 30 and driver.checks >= 40, (driver.moves, driver.checks)
        assert not page.ccg_errors, page.ccg_errors
    finally:
        page.close()
