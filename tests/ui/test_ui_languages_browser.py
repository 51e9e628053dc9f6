"""The Table in Czech, Polish and Traditional Chinese, in Debian's Chromium (a Voila page per language).

Each page holds ``Table(..., lang=code)`` of the language's own game, and below it a table of every other
game in the same language: on every tab of every game no text may be cut or run over its place (a label
wider than its box, a board text off the board, a table cell wider than its column). What the browser shows must be what the language's catalog says:
the tab titles, the Play / Bot move / Undo / Play on buttons, the turn line and the status line are the
catalog's translations of their English messages (looked up here with ``ccg.i18n``), no visible button, tab
or status text is left in English, a click answers in the table's language (the status line after "back"),
the board's title is translated, and Chinese is drawn in a real CJK font (Chromium's
``CSS.getPlatformFontsForNode`` names a Noto CJK face from Debian's ``fonts-noto-cjk``, not a fallback).
Screenshots go to a pytest temporary folder (or ``$CCG_BROWSER_ARTEFACTS``), never to the repository.
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest
from browser_env import ARGS, TIMEOUT_MS, Server, chromium, free_port, jupyter_env, notebook
from system_deps import font_families

from ccg.i18n import _, lang

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

VENV_BIN = Path(sys.executable).parent
START_MS = 240_000  # a fresh kernel and its table, on a busy machine
# the table of each language: the games its rulebook came with (CO2 for Czech and Chinese, Oil Springs for Polish)
TABLES = {
    "cs": 'Table("co2", seats=["human", "random", "random"], seed=1, lang="cs")',
    "pl": 'Table("catan", seats=["human", "random", "random"], seed=1, scenario="oil_springs", lang="pl")',
    "zh_Hant": 'Table("co2", seats=["human", "random", "random"], seed=1, lang="zh_Hant")',
}
# below it on the same page, every other game in the same language (checked for cut text)
GAMES = {"co2": 'Table("co2", seats=["human", "random", "random"], seed=1, lang="{code}")',
         "chicago_express": 'Table("chicago_express", seats=["human", "random", "random"], seed=1, lang="{code}")',
         "oil_springs": 'Table("catan", seats=["human", "random", "random"], seed=1, scenario="oil_springs", '
                        'lang="{code}")'}


def cells(code: str) -> list[str]:
    own = TABLES[code]
    others = [table.format(code=code) for table in GAMES.values() if table.format(code=code) != own]
    return [f"from ccg.ui import Table\n{own}", *others]


# Text a language made too long for its place: a button or tab label wider than its box, a board text
# outside the board, a table cell's text wider than its cell (Plotly neither wraps nor shortens them)
CUT = """() => { const out = [];
  document.querySelectorAll('.ccg-table').forEach((root, k) => {
    const visible = (el) => el.getClientRects().length > 0 && el.offsetParent !== null;
    root.querySelectorAll('button, .lm-TabBar-tabLabel, .widget-label, .widget-html-content').forEach((el) => {
      if (visible(el) && el.scrollWidth > el.clientWidth + 1)
        out.push(`table ${k}: '${(el.innerText || '').slice(0, 40)}' is ${el.scrollWidth} px in a ${el.clientWidth} px box`); });
    const svg = root.querySelector('.ccg-board .main-svg'); if (!svg) return;
    const box = svg.getBoundingClientRect();
    root.querySelectorAll('.ccg-board svg text').forEach((t) => { const r = t.getBoundingClientRect();
      if (r.width > 0 && t.textContent.trim() && (r.left < box.left - 1 || r.right > box.right + 1))
        out.push(`table ${k}: board text '${t.textContent.slice(0, 40)}' runs off the board`); });
    root.querySelectorAll('.ccg-board g.column-cell').forEach((cell) => {
      const rect = cell.querySelector('rect.cell-rect'), text = cell.querySelector('text.cell-text');
      if (rect && text && text.textContent.trim()
          && text.getBoundingClientRect().width > rect.getBoundingClientRect().width + 1)
        out.push(`table ${k}: cell '${text.textContent.slice(0, 40)}' is wider than its column`); });
  });
  return out; }"""
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")  # CJK characters and punctuation
TABS = ["Play", "History", "Inspect", "What if?", "Position"]
BUTTONS = {".ccg-play": "Play", ".ccg-bot": "Bot move", ".ccg-undo": "Undo", ".ccg-until": "Play on",
           ".ccg-whatif": "Run what-if", ".ccg-go-position": "Go to position", ".ccg-main-line": "make main line"}
# English texts a student may see on a button, a tab or the status line (each differs from its translations)
ENGLISH = set(TABS) | set(BUTTONS.values()) | {"Stop", "show all", "promote", "delete move", "Previous tree",
                                               "Replace the tree", "Your move", "why?", "notation"}

SEEN = """() => { const root = document.querySelector('.ccg-table');
  const visible = (el) => el.offsetParent !== null || el.closest('.lm-TabBar');
  const text = (el) => (el.innerText || el.textContent || '').trim();
  return {tabs: [...root.querySelectorAll('.lm-TabBar-tab .lm-TabBar-tabLabel')].map(text),
          buttons: Object.fromEntries([...root.querySelectorAll('button')].map((b) => [
              [...b.classList].find((c) => c.startsWith('ccg-')) || text(b), text(b)])),
          shown_buttons: [...root.querySelectorAll('button')].filter(visible).map(text),
          status: text(root.querySelector('.ccg-status')), turn: text(root.querySelector('.ccg-turn')),
          title: (root.querySelector('.ccg-board .gtitle') || {}).textContent || '',
          seats: [...root.querySelectorAll('.ccg-panel select option:checked')].map(text),
          classes: root.className}; }"""


def said(code: str, message: str) -> str:
    with lang(code):
        return _(message)


@pytest.fixture(scope="module")
def artefacts(tmp_path_factory) -> Path:
    where = os.environ.get("CCG_BROWSER_ARTEFACTS")
    path = Path(where) if where else tmp_path_factory.mktemp("table-language-artefacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    home = tmp_path_factory.mktemp("voila-home")
    apps = tmp_path_factory.mktemp("language-apps")
    for code in TABLES:
        (apps / f"table_{code}.ipynb").write_text(json.dumps(notebook(cells(code))))
    port = free_port()
    cmd = [str(VENV_BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--ServerApp.port_retries=0", "--show_tracebacks=True", str(apps)]
    server = Server(cmd, apps, f"http://127.0.0.1:{port}", env=jupyter_env(home, VENV_BIN))
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium(), args=ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()



@pytest.mark.parametrize("code", list(TABLES))
def test_the_table_speaks_the_language_it_was_given(voila, browser, artefacts, code):
    page = browser.new_page(viewport={"width": 1600, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    try:
        page.goto(f"{voila.url}/voila/render/table_{code}.ipynb", wait_until="domcontentloaded")
        page.wait_for_function("() => document.querySelector('.ccg-table .ccg-board .js-plotly-plot')",
                               timeout=START_MS)
        page.wait_for_function("() => document.querySelector('.ccg-table .ccg-board .gtitle')")
        seen = page.evaluate(SEEN)
        assert f"ccg-lang-{code}" in seen["classes"].split()
        assert seen["tabs"] == [said(code, t) for t in TABS]
        for css, message in BUTTONS.items():
            assert seen["buttons"][css[1:]] == said(code, message), (css, seen["buttons"])
        assert seen["turn"].startswith(said(code, "Your move")), seen["turn"]
        assert said(code, "move {ply}").split("{")[0].strip() in seen["status"], seen["status"]
        leftovers = [t for t in [*seen["tabs"], *seen["shown_buttons"]] if t in ENGLISH]
        leftovers += [w for w in ("to move", "positions in the tree", "Your move") if w in seen["status"]]
        assert not leftovers, f"English on the {code} page: {leftovers}"
        assert seen["title"] and "decade" not in seen["title"] and "to act" not in seen["title"], seen["title"]
        assert said(code, "human") in seen["seats"] and "human" not in seen["seats"], seen["seats"]
        page.screenshot(path=str(artefacts / f"table-{code}.png"))
        # every game of the page, every tab: no text cut or running off its place (Czech and Polish run longer)
        page.wait_for_function("(n) => document.querySelectorAll('.ccg-table .ccg-board [data-ccg-revision]').length"
                               " >= n && !document.querySelector('.ccg-table [data-ccg-pending]')", arg=len(GAMES),
                               timeout=START_MS)
        cut = []
        for tab in range(len(TABS)):
            for k in range(len(GAMES)):
                page.locator(".ccg-table").nth(k).locator(".lm-TabBar-tab").nth(tab).click()
            page.wait_for_function("(i) => [...document.querySelectorAll('.ccg-table')].every((t) => "
                                   "t.querySelectorAll('.lm-TabBar-tab')[i].classList.contains('lm-mod-current'))", arg=tab)
            cut += [f"{TABS[tab]} tab: {c}" for c in page.evaluate(CUT)]
        page.screenshot(path=str(artefacts / f"table-{code}-all-games.png"), full_page=True)
        for k in range(len(GAMES)):  # back to the Play tab (its turn line is read below)
            page.locator(".ccg-table").nth(k).locator(".lm-TabBar-tab").nth(0).click()
        assert not cut, f"{code}: text cut or running over:\n  " + "\n  ".join(sorted(set(cut)))
        if code == "zh_Hant":
            for css in (".ccg-table .ccg-turn .widget-html-content", ".ccg-table button.ccg-play",
                        ".ccg-table .ccg-status .widget-html-content"):
                fonts = font_families(page, css)
                own = page.evaluate("(css) => [...document.querySelector(css).childNodes].filter((n) => n.nodeType === 3)"
                                    ".map((n) => n.textContent).join('')", css)  # what the font query covers
                han = len(CJK.findall(own))
                cjk = sum(n for family, n in fonts.items() if "CJK" in family)
                # every Chinese character drawn by a Noto CJK face (digits and spaces may come from a Latin font)
                assert han and cjk >= han, f"{css}: {han} CJK characters, drawn with {fonts}"
        # a click answers in the table's language: the History tab's "back" says where the cursor went
        page.locator(".ccg-table .lm-TabBar-tab", has_text=said(code, "History")).first.click()
        page.locator(".ccg-table button.ccg-back").first.click()
        back = said(code, "back")
        page.wait_for_function("(word) => { const m = document.querySelector('.ccg-table .ccg-message');"
                               " return m && m.textContent.startsWith(word); }", arg=back)
        page.screenshot(path=str(artefacts / f"table-{code}-history.png"))
    finally:
        page.close()
