"""End to end, in Debian's Chromium (Playwright drives it, never downloads a browser): what a person sees.

In JupyterLab and in the Voila what-if lab, for every registered game and several seeds, the board the
browser holds equals ``ccg.plot.board(state, seat)`` after the first render and after every move,
history jump, variation, promotion and pasted position (see ``browser_driver`` for how the test
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
from browser_driver import TableDriver, option_value
from browser_env import (
    ARGS,
    TIMEOUT_MS,
    Server,
    app_namespace,
    chromium,
    free_port,
    jupyter_env,
    notebook,
    write_lab_settings,
)
from browser_page import FITTED, check_layout, panel_place

import ccg
from ccg.ui import Table

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
REAL = [g for g in ccg.list_games() if not g.startswith("toy")]
WIDTHS = (1280, 1600, 1920)
START_MS = 240_000  # a fresh kernel and its first tables, on a busy machine
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


# anywidget rejects a widget's "ready" promise when its model takes over 2 s to initialize (a fixed timeout in
# its runtime), also when the model goes on to initialize: on a loaded machine the first widgets of a page can
# take that long. Whether every widget then shows what the kernel meant is what the tests check, move by move.
ANYWIDGET_SLOW_START = "[anywidget] Failed to initialize model."


def _page_error(errors: list[str], message: str) -> None:
    """Keep a JavaScript exception of the page, except anywidget's slow-start timeout."""
    if message != ANYWIDGET_SLOW_START:
        errors.append(message)


def _page(browser, width: int = 1600, height: int = 1000):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda e: _page_error(errors, str(e)))
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
    server.root = work
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
    page.wait_for_function("n => document.querySelectorAll('.ccg-table .ccg-board .js-plotly-plot').length >= n",
                           arg=len(LAB_TABLES), timeout=START_MS)
    yield page
    page.close()


@pytest.fixture(scope="module")
def lab_drivers(lab_page) -> list[TableDriver]:
    """One driver per table of the notebook; its shadow follows the kernel's table through every test."""
    return [TableDriver(lab_page, i, Table(game, **kwargs), f"JupyterLab, {label}")
            for i, (label, game, kwargs) in enumerate(LAB_TABLES)]


@pytest.mark.parametrize("index", range(len(LAB_TABLES)), ids=[label for label, _, _ in LAB_TABLES])
def test_jupyterlab_board_equals_the_game_after_every_move(lab_page, lab_drivers, index):
    driver = lab_drivers[index]
    driver.scenario(moves=32)
    assert driver.moves >= 30 and driver.checks >= 40, (driver.moves, driver.checks)
    assert not lab_page.ccg_errors, lab_page.ccg_errors


SIDEBAR = {
    "sidebar open": "() => { window.jupyterapp.shell.activateById('filebrowser'); return !window.jupyterapp.shell.leftCollapsed; }",
    "sidebar closed": "() => { window.jupyterapp.shell.collapseLeft(); return window.jupyterapp.shell.leftCollapsed; }",
}


def _screenshot(page, index: int, path: Path) -> None:
    page.locator(".ccg-table").nth(index).locator(".ccg-board").first.scroll_into_view_if_needed()
    page.screenshot(path=str(path))


VARIANT = "(i) => document.querySelectorAll('.ccg-table')[i].querySelector('.ccg-board [data-ccg-variant]').dataset.ccgVariant"


def test_jupyterlab_layout_never_covers_the_board(lab_page, lab_drivers, artefacts):
    """At 1280, 1600 and 1920 px, file browser open or closed: gauge, market and tables in view, uncovered; the
    panel beside the board, nothing to scroll sideways; no board text under 10 px on screen (where the board's
    own layout would be scaled smaller, its narrow layout is drawn)."""
    shadows = [d.shadow for d in lab_drivers]
    problems = []
    fonts: list[str] = []  # the board's scale and smallest text at each size (written as a test artefact)
    for width in WIDTHS:
        for sidebar, toggle in SIDEBAR.items():
            lab_page.set_viewport_size({"width": width, "height": 1080 if width == 1920 else 1000})
            assert lab_page.evaluate(toggle)
            lab_page.wait_for_function(FITTED)
            for i, (label, _, _) in enumerate(LAB_TABLES):
                where = f"JupyterLab {width} px, {sidebar}, {label}"
                narrow = lab_page.evaluate(VARIANT, i) == "narrow"
                fig = shadows[i].board.widget.narrow if narrow else shadows[i].board.widget.figure
                problems += check_layout(lab_page, i, fig, where, beside=True)
                problems += [f"{where}: scrolls sideways: {x}" for x in lab_page.evaluate(SIDEWAYS, i)]
                place = panel_place(lab_page, i)
                smallest = lab_page.evaluate(SMALLEST_TEXTS, i)[:3]
                fonts.append(f"{width} px, {sidebar}, {label}: {'narrow layout' if narrow else 'board'} at "
                             f"{place['scale']:.2f}, smallest texts "
                             f"{', '.join(f'{z:.1f} px {t!r}' for z, t in smallest)}, "
                             f"panel {'beside' if place['beside'] else 'under'}")
                if not smallest:
                    problems.append(f"{where}: no board text measured")
                elif smallest[0][0] < 9.95:  # a board too wide for its room is drawn in its narrow layout
                    problems.append(f"{where}: board text {smallest[0][1]!r} is {smallest[0][0]:.1f} px on screen")
                _screenshot(lab_page, i, artefacts / f"lab-{width}-{sidebar.replace(' ', '-')}-{LAB_TABLES[i][1]}.png")
    (artefacts / "lab-text-sizes.txt").write_text("\n".join(fonts) + "\n")
    assert not problems, "\n".join(problems)


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
    page.wait_for_function("() => document.querySelector('.ccg-table .ccg-board .js-plotly-plot')", timeout=START_MS)
    return page


def _app_layout(page, driver: TableDriver, name: str, artefacts: Path) -> list[str]:
    problems = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 1000})
        page.wait_for_function(FITTED)
        fig = ccg.plot.board(driver.shadow.state, seat=driver.shadow.view_seat)
        problems += check_layout(page, 0, fig, f"{driver.label}, {width} px", beside=width >= 1280)
        _screenshot(page, 0, artefacts / f"{name}-{width}.png")
    page.set_viewport_size({"width": 1600, "height": 1000})
    return problems


WHAT_IF_SEED = 7


@pytest.fixture(scope="module")
def what_if_lab(voila, browser):
    """The what-if lab in one page (the tests switch its game), and its shadow."""
    app = app_namespace(ROOT / "widgets" / "what_if_lab.ipynb")["app"]
    page = _open_app(browser, voila, "what_if_lab.ipynb")
    yield page, app
    page.close()


def test_what_if_lab_offers_every_game_oil_springs_and_bots():
    app = app_namespace(ROOT / "widgets" / "what_if_lab.ipynb")["app"]
    assert {name for _, name, _ in app.choices} == set(REAL)
    assert any(opts.get("scenario") == "oil_springs" for _, _, opts in app.choices), app.choices
    assert app.seats()[0] == "human" and set(app.seats()[1:]) == {"strategist"}  # the default players


def _choose(page, app, choice: int, seed: int) -> TableDriver:
    """Pick a game and seed in the lab's set-up row (a new table starts); its driver, checked at first render."""
    box = page.locator(".ccg-seed input").first
    box.fill(str(seed))
    box.press("Enter")
    app.seed.value = seed
    if app.game.value != choice:
        page.locator(".ccg-game select").first.select_option(
            value=option_value(page.locator(".ccg-game select option"), app.choices[choice][0]))
        app.game.value = choice
    else:
        page.locator("button.ccg-new-game").first.click()
        app.start()
    driver = TableDriver(page, 0, app.table, f"what-if lab, {app.choices[choice][0]}, seed {seed}")
    driver.check("the new game's first render")  # the lab opens its table on the What if? tab
    return driver


LAB_CHOICES = ["co2", "chicago_express", "catan", "catan_oil_springs"]


@pytest.mark.parametrize("choice", range(len(LAB_CHOICES)), ids=LAB_CHOICES)
def test_what_if_lab_board_equals_the_game(what_if_lab, choice):
    page, app = what_if_lab
    assert len(app.choices) == len(LAB_CHOICES), [label for label, _, _ in app.choices]
    driver = _choose(page, app, choice, WHAT_IF_SEED)
    driver.tab("Play")
    driver.scenario(moves=32)
    assert driver.moves >= 30 and driver.checks >= 40, (driver.moves, driver.checks)
    assert not page.ccg_errors, page.ccg_errors


def test_what_if_runs_chart_without_nan_and_stop(what_if_lab, artefacts):
    page, app = what_if_lab
    # Chicago Express: an outcome column no game fills (chicago_first: random players never reach Chicago)
    # once sent NaN to the browser
    driver = _choose(page, app, LAB_CHOICES.index("chicago_express"), 3)
    run = driver.what_if(20, seed=3, agents=["random"] * app.table.state.num_players)
    assert run["played"] == 20 and run["df"]["chicago_first"].isna().all()
    # a long CO2 run with greedy players: the progress moves game by game, and Stop stops it
    driver = _choose(page, app, LAB_CHOICES.index("co2"), 1)
    run = driver.what_if(500, seed=4, agents=["greedy"] * 4, stop_after=3)
    steps = [int(note.split()[0]) for note in run["notes"]]
    assert steps == sorted(set(steps)) and len(steps) == 3 and steps[-1] < 500, run["notes"]  # three rising steps
    assert steps[-1] <= run["played"] < 500 and run["note"].endswith("(stopped)"), run["note"]
    page.locator(".ccg-table .ccg-whatif-chart").first.screenshot(path=str(artefacts / "what-if-chart.png"))
    problems = _app_layout(page, driver, "what-if-lab", artefacts)
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------------------------------------- a student's flow
# The tables of the report this checks: one human, the strategist in the other seats
FLOW_TABLES = [("chicago_express", {"players": 4}), ("catan", {"players": 4, "scenario": "oil_springs"}),
               ("co2", {"players": 4})]


# A Table first drawn where it cannot be seen (a closed tab; also a notebook tab in the background, or a
# cell JupyterLab's windowing has taken off the page): Plotly measured every text as 0 px wide there, and
# the table texts holding a space were drawn blank until the next move
HIDDEN_CELL = ("import ipywidgets as W\nfrom ccg.ui import Table\n"
               "hidden = Table('chicago_express', seats=['human'], players=4, seed=1)\n"
               "cover = W.Tab([W.HTML('a cover page'), hidden.widget], titles=['cover', 'the hidden table'])\ncover")


@pytest.fixture(scope="module")
def flow_page(lab, browser):
    """A second notebook on the same JupyterLab: a Table per game with one human and strategists, seed 1."""
    cells = [f"from ccg.ui import Table\nf{i} = Table({game!r}, seats=['human'], seed=1, **{kwargs!r})\nf{i}"
             for i, (game, kwargs) in enumerate(FLOW_TABLES)]
    cells.append(HIDDEN_CELL)
    (lab.root / "flow.ipynb").write_text(json.dumps(notebook(cells)))
    page = _page(browser)
    page.goto(f"{lab.url}/lab/workspaces/flow/tree/flow.ipynb", wait_until="domcontentloaded")  # beside tables.ipynb's tab
    page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-NotebookPanel .jp-Cell')")
    page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                           " return w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel }")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function("n => document.querySelectorAll('.ccg-table .ccg-board .js-plotly-plot').length >= n",
                           arg=len(FLOW_TABLES), timeout=START_MS)
    yield page
    page.close()


@pytest.mark.parametrize("index", range(len(FLOW_TABLES)), ids=[g for g, _ in FLOW_TABLES])
def test_first_render_draws_every_table_text_and_play_on_never_leaves_a_bot_to_move(flow_page, index, artefacts):
    """Every table text drawn at the first render; 30+ moves with Play on in every mode, Play never usable on a
    bot's turn; the move list in words; the legal targets and the clicked spot ringed on the board."""
    game, kwargs = FLOW_TABLES[index]
    driver = TableDriver(flow_page, index, Table(game, seats=["human"], seed=1, **kwargs), f"JupyterLab flow, {game}")
    driver.check("first render")  # includes every table cell's drawn text (the blank first-draw texts)
    shadow = driver.shadow
    modes = [mode for _, mode in shadow.until.options if mode != "end"]
    step = 0
    while (driver.moves < 32 or step < 2 * len(modes)) and not shadow.state.is_terminal():
        before = shadow.state.ply
        if step % 2:
            driver.play(0)
        else:
            driver.play_on_mode(modes[(step // 2) % len(modes)], n=2)
        step += 1
        driver.moves += shadow.state.ply - before
        assert shadow.state.is_terminal() or shadow.controller.human_to_move(), "stopped with a bot to move"
        assert not flow_page.locator(".ccg-table").nth(index).locator("button.ccg-play").first.is_disabled() \
            or shadow.state.is_terminal() or not shadow.shown_actions()
        labels = [label for label, _ in shadow.actions.options]
        assert labels == [shadow.controller.action_label(a) for a in shadow.shown_actions()]  # the page showed these
    assert driver.moves >= 30 and step >= 2 * len(modes), (driver.moves, step)
    # back to a bot's turn in the history: the page offers no Play; Bot move plays it and the bots after it
    bots = [n for n in shadow.tree.cursor.path() if shadow.controller.seating.agents[n.seat] is not None]
    driver.tab("History")
    while shadow.tree.cursor is not bots[-1].parent:
        driver.history("ccg-back", "back to a bot's turn")
    driver.tab("Play")
    driver.play(0)  # refused on the page (no_human_play), then a Bot move
    assert driver.bot_turns == 1
    driver.undo()
    assert driver.highlights["you can act here"] > 0
    driver.click_board()
    assert driver.highlights["clicked"] > 0
    assert not flow_page.ccg_errors, flow_page.ccg_errors
    _screenshot(flow_page, index, artefacts / f"flow-{game}.png")


def test_a_table_first_drawn_out_of_sight_draws_every_table_text_when_shown(flow_page):
    index = len(FLOW_TABLES)  # the fourth .ccg-table of the page, in a closed tab
    flow_page.wait_for_function("n => document.querySelectorAll('.ccg-table').length > n", arg=index, timeout=START_MS)
    flow_page.locator(".lm-TabBar-tab", has_text="the hidden table").first.click()
    driver = TableDriver(flow_page, index, Table("chicago_express", seats=["human"], players=4, seed=1),
                         "JupyterLab, a Table first drawn in a closed tab")
    driver.check("first shown")  # every table cell's drawn text equals the kernel's figure
    assert not flow_page.ccg_errors, flow_page.ccg_errors


# ---------------------------------------------------------------------------------------------- reading the moves
# One Table (a human and strategists) on a classroom screen: 1280 × 800, the file browser open, the
# clipboard granted as a user grants it
TEACH_TABLE = ("co2", {"seats": ["human"], "players": 4, "seed": 3})

SMALLEST_TEXTS = """(index) => {
  // every text drawn on the board, at its size on screen (its font size times the board's scale), smallest first
  const root = document.querySelectorAll('.ccg-table')[index];
  const frame = root.querySelector('.ccg-board .ccg-figure-frame');
  const gd = root.querySelector('.ccg-board .js-plotly-plot');
  const scale = frame.getBoundingClientRect().width / gd._fullLayout.width;
  const out = [];
  gd.querySelectorAll('text, tspan').forEach(t => {
    const own = Array.from(t.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
    if (!own || !t.getClientRects().length || !t.getBoundingClientRect().height) return;
    out.push([parseFloat(getComputedStyle(t).fontSize) * scale, own]);
  });
  return out.sort((a, b) => a[0] - b[0]);
}"""

SIDEWAYS = """(index) => {
  // what scrolls sideways: the page, or any scrolling box holding the table (its content wider than its room)
  const root = document.querySelectorAll('.ccg-table')[index];
  const out = [];
  if (document.documentElement.scrollWidth > innerWidth + 1) out.push(`the page: ${document.documentElement.scrollWidth} > ${innerWidth}`);
  for (let e = root; e; e = e.parentElement) {
    const x = getComputedStyle(e).overflowX;
    if ((x === 'auto' || x === 'scroll' || e === root) && e.scrollWidth > e.clientWidth + 1)
      out.push(`${e.className || e.tagName}: ${e.scrollWidth} > ${e.clientWidth}`);
  }
  const r = root.getBoundingClientRect();
  if (r.right > innerWidth + 1) out.push(`the table ends at ${r.right} > ${innerWidth}`);
  return out;
}"""


@pytest.fixture(scope="module")
def teach(lab, browser):
    """A notebook with TEACH_TABLE, in a page whose clipboard may be read and written; its driver."""
    game, kwargs = TEACH_TABLE
    (lab.root / "teach.ipynb").write_text(json.dumps(notebook(
        [f"from ccg.ui import Table\nt = Table({game!r}, **{kwargs!r})\nt"])))
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.ccg_errors = []
    page.on("pageerror", lambda e: _page_error(page.ccg_errors, str(e)))
    page.goto(f"{lab.url}/lab/workspaces/teach/tree/teach.ipynb", wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp && document.querySelector('.jp-NotebookPanel .jp-Cell')")
    page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                           " return w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel }")
    assert page.evaluate(SIDEBAR["sidebar open"])
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function("() => document.querySelector('.ccg-table .ccg-board .js-plotly-plot')", timeout=START_MS)
    driver = TableDriver(page, 0, Table(game, **kwargs), "JupyterLab 1280 px, file browser open, co2")
    driver.check("first render")
    yield driver
    context.close()


def _words(text: str) -> str:
    return " ".join(text.split())


def test_a_rule_id_in_the_status_line_and_the_log_opens_that_rules_text(teach):
    page, root = teach.page, teach.root
    shown = root.locator(".ccg-status .ccg-rule-link")
    assert shown.count() > 0, "the status line names the bots' moves with their rules"
    for where, link in (("status line", shown.first), ("move log", None)):
        if link is None:
            teach.tab("Inspect")
            links = root.locator(".ccg-log .ccg-rule-link")
            assert links.count() >= teach.shadow.state.ply  # every move of the log cites its rule
            link = links.nth(links.count() // 2)
        rule = link.get_attribute("data-rule")
        link.scroll_into_view_if_needed()
        link.click()
        # the kernel's text shown, and brought into view (the help sits under the tabs)
        page.wait_for_function("([i, rule]) => { const h = document.querySelectorAll('.ccg-table')[i].querySelector('.ccg-rule-help');"
                               " if (!h || h.dataset.ccgRule !== rule) return false; const r = h.getBoundingClientRect();"
                               " return r.top < innerHeight && r.bottom > 0; }", arg=[teach.index, rule])
        text = root.locator(".ccg-rule-help .ccg-rule-help-text").inner_text()
        assert _words(text) == _words(ccg.rules_text(rule)), f"{where}: rule {rule} shows {text[:200]!r}"
    teach.tab("Play")


def test_copy_puts_the_kernels_position_string_on_the_clipboard(teach):
    page, root = teach.page, teach.root
    teach.play(0)  # a position of its own (the kernel and the shadow agree: check() waited for its board)
    teach.tab("Position")
    page.evaluate("() => navigator.clipboard.writeText('nothing yet')")
    button = root.locator("button.ccg-copy-position").first
    button.click()
    want = teach.shadow.position_string
    page.wait_for_function("b => b.dataset.ccgCopied", arg=button.element_handle())
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == want, f"copied {len(copied)} characters, the kernel holds {len(want)}: {copied[:80]!r}"
    assert root.locator(".ccg-position input").first.input_value() == want
    # without a clipboard (an insecure page, an old browser) Copy leaves the whole string selected in its field
    page.evaluate("b => { delete b.dataset.ccgCopied; Object.defineProperty(navigator, 'clipboard', {value: undefined}); }",
                  button.element_handle())
    button.click()
    page.wait_for_function("b => b.dataset.ccgCopied", arg=button.element_handle())
    selected = page.evaluate("""() => { const t = document.activeElement;
      return t && t.closest('.ccg-position') ? t.value.slice(t.selectionStart, t.selectionEnd) : null; }""")
    assert selected == want, f"selected {selected if selected is None else len(selected)} characters of {len(want)}"
    teach.tab("Play")


WRAPPED = """([index, css, label]) => {
  // the option showing `label` in a list: its text, whether it is cut sideways, and its lines
  const root = document.querySelectorAll('.ccg-table')[index];
  const select = root.querySelector(css + ' select');
  const o = Array.from(select.options).find(o => o.textContent.replace(/\\s+/g, ' ').trim() === label);
  if (!o) return null;
  o.scrollIntoView({block: 'nearest'});
  const r = o.getBoundingClientRect(), s = select.getBoundingClientRect();
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = getComputedStyle(o).font;
  const lineHeight = parseFloat(getComputedStyle(o).lineHeight) || parseFloat(getComputedStyle(o).fontSize) * 1.2;
  return {text: o.textContent, cut: o.scrollWidth > o.clientWidth + 1 || r.right > s.right + 1 || r.left < s.left - 1,
          textWidth: ctx.measureText(o.textContent).width, width: o.clientWidth, lines: r.height / lineHeight,
          ellipsis: getComputedStyle(o).textOverflow === 'ellipsis' && getComputedStyle(o).whiteSpace === 'nowrap',
          // a line may end only between words: no no-break space between two words, no break inside a word
          glued: /\\S\\u00a0\\S/.test(o.textContent),
          breaksWords: ['break-all', 'break-word'].includes(getComputedStyle(o).wordBreak) || getComputedStyle(o).overflowWrap === 'anywhere'};
}"""


def test_long_moves_wrap_whole_in_the_move_list_and_the_variation_list(teach):
    """The longest description of the game so far, in the variation list, and of the moves listed now."""
    shadow = teach.shadow
    for _ in range(40):  # until a long move is offered (and the history has long ones)
        if shadow.controller.human_to_move() and max(len(label) for label, _ in shadow.actions.options) >= 70:
            break
        teach.play(0)
    longest_now = max(shadow.shown_actions(), key=lambda a: len(shadow.controller.action_label(a)))
    label = shadow.controller.action_label(longest_now)
    lines = [_whole_option(teach, ".ccg-actions", label, shadow.state.describe_action(longest_now))]
    teach.tab("History")
    row = max((label for label, _ in shadow.tree_box.options), key=len)
    node = next(n for n in shadow.tree.cursor.path() if row.endswith(shadow.controller.move_words(n)))
    lines.append(_whole_option(teach, ".ccg-tree", row, shadow.tree.state_at(node.parent).describe_action(node.move)))
    assert max(lines) >= 1.9, "no long move needed a second line: the test proves nothing"
    teach.tab("Play")


def _norm_label(text: str) -> str:
    return " ".join(text.replace("\xa0", " ").split())


def _whole_option(teach, css: str, label: str, words: str) -> float:
    """The option showing ``label`` (ending with the move's ``words``) is whole on the page; its lines."""
    seen = teach.page.evaluate(WRAPPED, [teach.index, css, _norm_label(label)])
    assert seen is not None, f"{css}: no option reads {label!r}"
    assert _norm_label(seen["text"]).endswith(words), (seen["text"], words)
    assert seen["width"] > 0, f"{css}: the list is not on screen"
    assert not seen["cut"] and not seen["ellipsis"], f"{css}: {label!r} is cut: {seen}"
    assert not seen["glued"] and not seen["breaksWords"], f"{css}: {label!r} cannot wrap between words: {seen}"
    if seen["textWidth"] > seen["width"]:
        assert seen["lines"] >= 1.9, f"{css}: {label!r} ({seen['textWidth']:.0f} px) should wrap in {seen['width']} px"
    return seen["lines"]


def test_the_panel_sits_beside_the_board_on_a_classroom_screen(teach, artefacts):
    """1280 × 800 with the file browser open: the panel beside the board, nothing to scroll sideways."""
    page = teach.page
    assert page.evaluate(SIDEBAR["sidebar open"])
    page.wait_for_function(FITTED)
    place = panel_place(page, teach.index)
    _screenshot(page, teach.index, artefacts / "teach-1280-file-browser.png")
    assert place["beside"], f"the panel is under the board at {place['window']} px with the file browser open"
    assert not page.evaluate(SIDEWAYS, teach.index)
    cut = page.evaluate("""(i) => { const panel = document.querySelectorAll('.ccg-table')[i].querySelector('.ccg-panel');
      const right = panel.getBoundingClientRect().right;
      return Array.from(panel.querySelectorAll('.lm-TabBar-tab')).map(t => [t.innerText.trim(), t.getBoundingClientRect().right,
        t.querySelector('.lm-TabBar-tabLabel')]).filter(([, r, label]) => r > right + 1 || label.scrollWidth > label.clientWidth + 1)
        .map(([title, r, label]) => `${title}: ends at ${Math.round(r)} (the panel at ${Math.round(right)}), `
             + `label ${label.scrollWidth} px in ${label.clientWidth} (${getComputedStyle(label.parentElement).padding}, `
             + `${getComputedStyle(label.parentElement).flex})`); }""", teach.index)
    assert not cut, f"tab titles cut at the panel's width: {cut}"
