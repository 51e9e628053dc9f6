"""A whole lesson in Chromium: ``ccg classroom serve``, the teacher's dashboard and four students at one table,
two more tables played by bots — create, join, play to the end, pause, resume, reveal, debrief.

Debian's Chromium driven by Playwright (``executable_path``; no browser download). The test is the
referee: it reads the store to know whose turn it is and what each seat holds, and checks what every
page shows against ``seat_page`` of the game and of its determinizations (what the seat cannot see,
redrawn), after every move.
"""
from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from system_deps import chromium

from ccg.agents import make_agent
from ccg.classroom import LiveTable, open_store
from ccg.classroom.dashboard import reveal_html
from ccg.classroom.student import seat_page
from ccg.classroom.views import seat_name, seat_view
from ccg.core.positions import to_position_string

pytestmark = pytest.mark.browser

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT = 60_000  # ms a page may take to show what is expected (a failure names what it showed)
SHORT = "decades=1, rounds.4p=1"  # CO2 in one decade of one round: a lesson's game in about 30 moves
BLOCKS = ("header", "secrets", "scores", "log")
SELECTORS = {"header": ".ccg-header", "secrets": ".ccg-secrets", "scores": ".ccg-scores-panel",
             "log": ".ccg-log-panel"}


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """``ccg classroom serve`` on an empty store; yields (store, teacher link, base URL)."""
    folder = tmp_path_factory.mktemp("lesson") / "store"
    store = open_store(folder)
    cmd = [str(Path(sys.executable).with_name("ccg")), "classroom", "serve", "--dir", str(folder), "--port", "0",
           "--bot-delay", "0"]
    log = open(folder.parent / "serve.log", "w+")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        teacher = None
        while teacher is None:
            line = proc.stdout.readline()
            if not line:
                log.seek(0)
                pytest.fail(f"ccg classroom serve did not start: {log.read()[-3000:]}")
            m = re.search(r"teacher \(keep this link to yourself\): (\S+)", line)
            teacher = m.group(1) if m else None
        yield store, teacher, teacher.split("/teacher")[0]
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.seek(0)
        server_log = log.read()
        log.close()
        assert "Traceback" not in server_log, server_log[-3000:]


# one round trip: each block's innerHTML, and the expected blocks as this browser serialises them
COMPARE = """([selectors, wanted]) => {
  const shown = {};
  for (const [b, sel] of Object.entries(selectors)) shown[b] = document.querySelector(sel).innerHTML;
  const d = document.createElement('div');
  const expected = wanted.map(w => Object.fromEntries(Object.entries(w).map(([b, h]) => {
    d.innerHTML = h; return [b, d.innerHTML]; })));
  return [shown, expected];
}"""


def _normalised(page, html: str) -> str:
    """``html`` as the browser serialises it (so it compares with an element's innerHTML)."""
    return page.evaluate("h => { const d = document.createElement('div'); d.innerHTML = h; return d.innerHTML; }",
                         html)


def _check_seat(page, live: LiveTable, seat: int, determinized: bool) -> None:
    """The page shows exactly the seat's view of the game: the same blocks as ``seat_page`` of the stored game
    (and, with ``determinized``, of two determinizations for that seat), none of the others' secrets."""
    s = live.state
    want = seat_page(s, seat, seats=live.info.seats, table=live.info.name, paused=live.paused, moves=live.moves,
                     with_board=False)
    wanted = [want] + ([seat_page(s.determinize(seat, k), seat, seats=live.info.seats, table=live.info.name,
                                  paused=live.paused, moves=live.moves, with_board=False) for k in (1, 2)]
                       if determinized else [])
    shown, expected = page.evaluate(COMPARE, [SELECTORS, [{b: w[b] for b in BLOCKS} for w in wanted]])
    for k, exp in enumerate(expected):  # k = 0: the game itself; 1, 2: states the seat cannot tell from it
        for b in BLOCKS:
            assert shown[b] == exp[b], (seat, b, k)
    text = page.inner_text("body") + page.text_content(".ccg-board")
    for p in range(s.num_players):
        if p != seat and s.goal_status[p] == 0:
            assert f"card {s.goal[p]}:" not in text, f"seat {seat} sees seat {p}'s goal"
    if determinized:
        assert to_position_string(s) not in page.content(), "the full position never reaches a student"
    options = page.eval_on_selector_all(".ccg-actions option", "os => os.map(o => o.value)")
    assert options == [a for a, _ in want["actions"]], "the seat's own legal moves, and only on its turn"


def _wait_version(page, version: int) -> None:
    page.wait_for_function("v => document.body.dataset.version === String(v)", arg=version, timeout=WAIT)


def test_a_whole_lesson_in_the_browser(classroom):
    from playwright.sync_api import sync_playwright

    store, teacher_link, base = classroom
    outside: list[str] = []
    blocked: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
        try:
            def context(w: int = 1280, h: int = 900):
                c = browser.new_context(viewport={"width": w, "height": h})
                c.on("request", lambda r: None if r.url.startswith(base) or r.url.startswith("data:")
                     else outside.append(r.url))
                return c

            # ---- the teacher: the key becomes a cookie and leaves the address bar
            teacher = context().new_page()
            teacher.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
            teacher.goto(teacher_link)
            assert teacher.url == f"{base}/teacher", "the key is gone from the address bar"
            assert "ccg_teacher" not in teacher.evaluate("() => document.cookie"), "HttpOnly"
            teacher.wait_for_selector(".ccg-overview")

            def create(tables: int, students: int, seed: int, rules: str, bot: str = "random", level: str = "") -> None:
                teacher.fill("input[name=lesson]", "browser lesson")
                teacher.fill("input[name=tables]", str(tables))
                teacher.fill("input[name=students]", str(students))
                teacher.fill("input[name=bot]", bot)
                teacher.select_option("select[name=level]", level)
                teacher.fill("input[name=seed]", str(seed))
                teacher.fill("input[name=rules]", rules)
                teacher.click(".ccg-create")
                teacher.wait_for_function("t => document.querySelector('.ccg-say').innerText.includes(t)",
                                          arg=f"created {tables} table", timeout=WAIT)

            teacher.click(".ccg-create-box summary")
            teacher.fill("input[name=bot]", "mcts:0")
            teacher.fill("input[name=students]", "2")
            teacher.click(".ccg-create")
            teacher.wait_for_function("() => document.querySelector('.ccg-say').innerText.includes('seats[2]')",
                                      timeout=WAIT)
            assert store.tables() == [], "a bad bot spec creates nothing and says why"
            levels = teacher.eval_on_selector_all("select[name=level] option", "os => os.map(o => o.value)")
            assert levels == ["", "1", "2", "3", "4", "5"], "the bots' level: as typed, or 1 (easiest) to 5"
            teacher.fill("input[name=bot]", "random")
            teacher.select_option("select[name=level]", "2")
            teacher.click(".ccg-create")
            teacher.wait_for_function("() => document.querySelector('.ccg-say').innerText.includes('strategist bots')",
                                      timeout=WAIT)
            assert store.tables() == [], "a level for bots that are no strategists creates nothing and says why"
            create(1, 4, 1, SHORT)
            create(2, 0, 10, SHORT, bot="strategist", level="1")
            tables = store.tables()
            assert len(tables) == 3
            assert {s.kind for t in tables[1:] for s in t.seats} == {"strategist:level=1"}, "the level reaches the bots"
            ours = tables[0]
            codes = [s.code for s in ours.seats]
            teacher.wait_for_function("() => document.body.dataset.tables === '3'", timeout=WAIT)
            assert not any(c in teacher.content() for c in codes), "join codes stay hidden until asked for"
            teacher.click(".ccg-codes-box summary")
            teacher.click(".ccg-show-codes")
            teacher.wait_for_function("c => document.querySelector('.ccg-codes').innerText.includes(c)", arg=codes[3],
                                      timeout=WAIT)

            # ---- four students join: one types the code, three open their link
            sizes = [(1280, 900), (390, 844), (1280, 900), (390, 844)]  # two laptops, two phones
            pages = [context(w, h).new_page() for w, h in sizes]
            for page in pages:
                page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
            pages[0].goto(base + "/")
            pages[0].fill(".ccg-code-input", codes[0].lower())
            pages[0].fill(".ccg-name-input", "Ana")
            pages[0].click(".ccg-join-button")
            for seat in (1, 2, 3):
                pages[seat].goto(f"{base}/#{codes[seat]}")
            for seat, page in enumerate(pages):
                _wait_version(page, 0)
                assert f"You are {seat_name('co2', seat)} (seat {seat})" in page.inner_text(".ccg-header")
            assert store.table(ours.id).seats[0].name == "Ana"
            for seat, (w, _) in enumerate(sizes):  # phone and laptop: nothing wider than the screen
                assert pages[seat].evaluate("() => document.documentElement.scrollWidth") <= w, seat

            # ---- the table plays to the end, every move clicked on the mover's page; bots play the others
            live = LiveTable(store, ours.id)
            agent = make_agent("random", 7)
            while not live.state.is_terminal():
                ply = live.state.ply
                if ply == 4:  # the teacher pauses every table, then resumes
                    teacher.click(".ccg-pause")
                    for page in pages:
                        page.wait_for_function("() => document.querySelector('.ccg-turn').innerText.includes('Paused')",
                                               timeout=WAIT)
                        assert page.is_hidden(".ccg-move")
                    teacher.click(".ccg-resume")
                    for page in pages:
                        page.wait_for_function("() => !document.querySelector('.ccg-turn').innerText.includes('Paused')",
                                               timeout=WAIT)
                    live.sync()
                for seat, page in enumerate(pages):
                    _check_seat(page, live, seat, determinized=ply % 10 == 0)
                mover = live.state.current_player
                action = str(agent.act(live.state))
                pages[mover].wait_for_selector(".ccg-move:not([hidden])", timeout=WAIT)
                pages[mover].select_option(".ccg-actions", value=action)
                pages[mover].click(".ccg-play")
                for page in pages:  # every device at the table shows the move
                    _wait_version(page, ply + 1)
                assert live.sync() == 1 and live.moves[-1].action == action and live.moves[-1].seat == mover
            for seat, page in enumerate(pages):
                _check_seat(page, live, seat, determinized=True)
                assert "Game over" in page.inner_text(".ccg-turn")

            # ---- reveal: the teacher (only) sees every seat's secrets
            teacher.click(f".ccg-table-row[data-table='{ours.id}'] .ccg-reveal")
            teacher.wait_for_selector(".ccg-revealed", timeout=WAIT)
            assert teacher.inner_html(".ccg-reveal-text") == _normalised(teacher, reveal_html(live))
            revealed = teacher.inner_text(".ccg-revealed")
            for seat in range(4):
                for _, secret in seat_view(live.state, seat).secrets:
                    assert secret.split("\n")[0] in revealed
            assert teacher.query_selector(".ccg-reveal-board .main-svg") is not None

            # ---- the bot tables end too; the debrief draws the lesson's games
            for t in tables[1:]:
                teacher.wait_for_function(
                    "id => { const r = document.querySelector(`.ccg-table-row[data-table='${id}']`);"
                    " return r && r.innerText.includes('finished'); }", arg=t.id, timeout=WAIT)
            teacher.click(".ccg-debrief-box summary")
            teacher.click(".ccg-debrief")
            teacher.wait_for_function("() => document.querySelectorAll('.ccg-debrief-figures .main-svg').length >= 2",
                                      timeout=WAIT)
            assert all(t.name in teacher.inner_text(".ccg-debrief-text") for t in store.tables())
        finally:
            browser.close()
    assert outside == [], "no page loads anything from outside the server"
    assert blocked == [], "nothing the pages need is blocked by the Content-Security-Policy"
