"""The student's page and the dashboard in Czech, Polish and Traditional Chinese, in Debian's Chromium.

Czech and Polish run longer than English: no text element may overflow its box or push the page sideways
(``scrollWidth`` against ``clientWidth``, at a laptop's and a phone's width; the board's own scroll area
excepted). Chinese must be drawn in a real CJK font (Chromium's ``CSS.getPlatformFontsForNode`` names the
font that drew the text: a Noto CJK face from Debian's ``fonts-noto-cjk``, not a fallback box).
Screenshots go to a pytest temporary folder (or ``$CCG_BROWSER_ARTEFACTS``), never to the repository.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from classroom_server import served
from system_deps import chromium, font_families

from ccg.classroom import LiveTable, open_store

pytestmark = pytest.mark.browser

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
WAIT = 60_000
LANGS = {"cs": "Připoj se ke svému stolu", "pl": "Dołącz do swojego stołu", "zh_Hant": "加入你的桌"}
SIZES = {"laptop": (1280, 900), "phone": (390, 844)}

# every element holding text whose content is wider than its box (the board's scroll area and form fields aside)
OVERFLOWS = """(root) => {
  const out = [];
  const page = document.scrollingElement;
  if (page.scrollWidth > window.innerWidth + 1) out.push(`the page scrolls sideways: ${page.scrollWidth} px`);
  for (const el of document.querySelectorAll(root + ' *')) {
    if (el.closest('.ccg-board-scroll, svg, select, option, input, script, style, [hidden]')) continue;
    const text = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!text || el.clientWidth === 0) continue;
    const style = getComputedStyle(el);
    if (style.display === 'inline' || style.display === 'none') continue;
    if (el.scrollWidth > el.clientWidth + 1 || (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth))
      out.push(`<${el.tagName.toLowerCase()} class="${el.className}">${el.textContent.trim().slice(0, 60)}: ` +
               `${el.scrollWidth} px of text in ${el.clientWidth} px`);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def artefacts(tmp_path_factory) -> Path:
    where = os.environ.get("CCG_BROWSER_ARTEFACTS")
    path = Path(where) if where else tmp_path_factory.mktemp("classroom-language-artefacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def lesson(tmp_path_factory):
    """A CO2 table (the seat to move is a student's: the move panel and its secrets show) and a Catan table."""
    store = open_store(tmp_path_factory.mktemp("lesson") / "store")
    co2 = store.create_table("co2", ["student", "student", "random", "random"], seed=1, lesson="7B")
    store.create_table("catan", ["student", "random", "random"], seed=2, lesson="7B")
    mover = LiveTable(store, co2.id).state.current_player
    with served(store) as base:
        yield store, base, co2.seats[mover].code
    store.close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=ARGS)
        yield b
        b.close()



@pytest.mark.parametrize("code", list(LANGS))
def test_student_page_and_dashboard_fit_in_every_language(lesson, browser, artefacts, code):
    store, base, join_code = lesson
    problems: list[str] = []
    for size, (w, h) in SIZES.items():
        context = browser.new_context(viewport={"width": w, "height": h})
        try:
            page = context.new_page()
            # the join form, then the seat's page
            page.goto(f"{base}/?lang={code}", wait_until="domcontentloaded")
            page.wait_for_selector(".ccg-join:not([hidden])", timeout=WAIT)
            assert page.locator(".ccg-join h3").inner_text() == LANGS[code]
            assert page.evaluate("document.documentElement.lang") == code.replace("_", "-")
            problems += [f"{code} {size} join form: {p}" for p in page.evaluate(OVERFLOWS, ".ccg-seat")]
            cut = page.evaluate("""(root) => { const d = document.createElement('div'); d.id = 'ccg-cut';
                d.style.cssText = 'width:40px;overflow:hidden;white-space:nowrap'; d.textContent = 'a cut label';
                document.querySelector(root).appendChild(d); return root; }""", ".ccg-seat")
            assert any("a cut label" in p for p in page.evaluate(OVERFLOWS, cut)), "the check misses a cut text"
            page.evaluate("document.getElementById('ccg-cut').remove()")
            page.screenshot(path=str(artefacts / f"student-join-{code}-{size}.png"), full_page=True)
            if code == "zh_Hant":
                fonts = font_families(page, ".ccg-join h3")
                assert fonts and all("CJK" in f for f in fonts), f"the Chinese heading is drawn with {fonts}"
            page.fill(".ccg-code-input", join_code)
            page.click(".ccg-join-button")
            page.wait_for_selector(".ccg-move:not([hidden])", timeout=WAIT)
            page.wait_for_selector(".ccg-board .main-svg", timeout=WAIT)
            assert page.evaluate("document.documentElement.lang") == code.replace("_", "-")
            problems += [f"{code} {size} seat page: {p}" for p in page.evaluate(OVERFLOWS, ".ccg-seat")]
            page.screenshot(path=str(artefacts / f"student-seat-{code}-{size}.png"), full_page=True)
            if code == "zh_Hant":
                fonts = font_families(page, ".ccg-turn")
                assert fonts and all("CJK" in f for f in fonts), f"the Chinese status is drawn with {fonts}"
            # the dashboard (the key becomes the cookie, then the page in this language)
            page.goto(f"{base}/teacher?key={store.teacher_key()}", wait_until="domcontentloaded")
            page.goto(f"{base}/teacher?lang={code}", wait_until="domcontentloaded")
            page.wait_for_selector(".ccg-overview table.ccg-tables", timeout=WAIT)
            page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
            assert page.evaluate("document.documentElement.lang") == code.replace("_", "-")
            problems += [f"{code} {size} dashboard: {p}" for p in page.evaluate(OVERFLOWS, ".ccg-dash")]
            page.screenshot(path=str(artefacts / f"dashboard-{code}-{size}.png"), full_page=True)
            if code == "zh_Hant":
                fonts = font_families(page, ".ccg-dash h2")
                assert fonts and all("CJK" in f for f in fonts), f"the Chinese dashboard is drawn with {fonts}"
        finally:
            context.close()
    assert not problems, "\n".join(problems)
