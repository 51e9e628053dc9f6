"""A class at one CO2 table, end to end: ``ccg classroom serve``, four students' browsers and the teacher's.

Debian's Chromium driven by Playwright (``executable_path``; no browser download). The test is
the referee: it reads the store to know whose turn it is and what each seat holds, and checks
what every page shows against it.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import re
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from system_deps import chromium

from ccg.classroom import LiveTable, open_store
from ccg.classroom.views import seat_name
from ccg.core.positions import to_position_string

pytestmark = pytest.mark.browser

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
LOAD = 120_000  # ms: a page's kernel starts and runs the notebook (slow on a loaded 2-core machine)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """A served lesson: one CO2 table with four student seats; yields (store, table id, teacher link, base)."""
    folder = tmp_path_factory.mktemp("lesson")
    store = open_store(folder)
    table = store.create_table("co2", ["student"] * 4, seed=1, lesson="browser test")
    port = _free_port()
    ccg_cmd = Path(sys.executable).with_name("ccg")
    log = open(folder / "serve.log", "w+")
    proc = subprocess.Popen([str(ccg_cmd), "classroom", "serve", "--dir", str(folder), "--port", str(port),
                             "--bot-delay", "0.2"], stdout=subprocess.PIPE, stderr=log, text=True,
                            start_new_session=True)
    try:
        teacher = None
        deadline = time.time() + 120
        while teacher is None and time.time() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            m = re.search(r"teacher \(keep this link to yourself\): (\S+)", line)
            teacher = m.group(1) if m else None
        if teacher is None:
            log.seek(0)
            pytest.fail(f"ccg classroom serve did not start: {log.read()[-3000:]}")
        yield store, table.id, teacher, f"http://127.0.0.1:{port}"
    finally:
        os.killpg(proc.pid, 15)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
        log.close()


def _secret_texts(live: LiveTable, seat: int) -> list[str]:
    """The texts only ``seat``'s page may contain: its goal card and its lobby cards, as the page words them."""
    s = live.state
    return [f"card {s.goal[seat]}:"] + [f"card {c}:" for c in s.lobby[seat]]


def _wait_text(page, selector: str, text: str, timeout: float = 15_000) -> None:
    """Wait until the element ``selector`` shows ``text`` (widget updates arrive one by one)."""
    page.wait_for_function("([sel, text]) => { const e = document.querySelector(sel); "
                           "return e !== null && e.innerText.includes(text); }", arg=[selector, text], timeout=timeout)


def _wait_for_move(page, n: int, timeout: float = 15_000) -> None:
    _wait_text(page, ".ccg-head", f"move {n} ", timeout)


def test_a_class_plays_one_co2_table(classroom):
    from playwright.sync_api import sync_playwright

    store, tid, teacher, base = classroom
    live = LiveTable(store, tid)
    codes = [s.code for s in live.info.seats]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
        try:
            sizes = [(1440, 900), (390, 844), (1440, 900), (390, 844)]  # two laptops, two phones
            contexts = [browser.new_context(viewport={"width": w, "height": h}) for w, h in sizes]
            pages = [c.new_page() for c in contexts]
            for seat, page in enumerate(pages):
                page.goto(f"{base}/voila/render/student.ipynb?code={codes[seat]}&name=Student{seat}",
                          wait_until="commit")
            teacher_page = browser.new_context(viewport={"width": 1440, "height": 900}).new_page()
            teacher_page.goto(teacher, wait_until="commit")
            for page in pages:
                page.wait_for_selector(".ccg-turn", timeout=LOAD)

            # ---- each student sees their own secrets and nobody else's (in the page text)
            full = to_position_string(live.state)
            for seat, page in enumerate(pages):
                text = page.inner_text("body")
                assert f"You are {seat_name('co2', seat)} (seat {seat})" in text
                for mine in _secret_texts(live, seat):
                    assert mine in text, f"seat {seat} does not see its own {mine!r}"
                for other in range(4):
                    if other != seat:
                        for theirs in _secret_texts(live, other):
                            assert theirs not in text, f"seat {seat} sees seat {other}'s {theirs!r}"
                assert "referee" not in text.lower() and page.query_selector(".ccg-position") is None
                assert full not in page.content(), "the full position string never reaches a student"

            # ---- phone and laptop layouts: nothing wider than the screen, the essentials in view
            for seat, page in enumerate(pages):
                width = sizes[seat][0]
                assert page.evaluate("document.documentElement.scrollWidth") <= width, f"seat {seat} scrolls sideways"
                for sel in (".ccg-turn", ".ccg-secret", ".ccg-gauge"):
                    box = page.locator(sel).first.bounding_box()
                    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (sel, box)

            # ---- a move in one context appears in the others
            mover = live.state.current_player
            pages[mover].wait_for_selector(".ccg-actions select option", timeout=15_000)
            pages[mover].select_option(".ccg-actions select", index=0)
            pages[mover].click(".ccg-play")
            for page in pages:
                _wait_for_move(page, 1)
            assert live.sync() == 1 and live.moves[0].seat == mover
            moved = live.moves[0].action
            for page in pages:
                _wait_text(page, ".ccg-log-panel", moved)  # the move's notation in every seat's log

            # ---- two simultaneous clicks (the same student on two devices) give exactly one move
            mover = live.state.current_player
            twin = contexts[mover].new_page()
            twin.goto(f"{base}/voila/render/student.ipynb?code={codes[mover]}", wait_until="commit")
            twin.wait_for_selector(".ccg-actions select option", timeout=LOAD)
            pages[mover].wait_for_selector(".ccg-actions select option", timeout=15_000)
            pages[mover].select_option(".ccg-actions select", index=0)
            twin.select_option(".ccg-actions select", index=0)
            time.sleep(0.5)  # both selections have reached their kernels
            before = [pg.inner_text(".ccg-message") for pg in (pages[mover], twin)]
            pages[mover].evaluate("document.querySelector('.ccg-play').click()")
            twin.evaluate("document.querySelector('.ccg-play').click()")
            for page, old in zip((pages[mover], twin), before):  # each page answers its click
                page.wait_for_function("old => document.querySelector('.ccg-message').innerText !== old",
                                       arg=old, timeout=30_000)
            time.sleep(1)
            assert store.table(tid).version == 2, "exactly one of the two clicks was applied"
            notes = [pages[mover].inner_text(".ccg-message"), twin.inner_text(".ccg-message")]
            # the other click is refused: on the position it was made on ("position changed"), or, when its
            # kernel had already drawn the new move before the click arrived, because the choice was cleared
            assert sum("You played" in n for n in notes) == 1, notes
            assert sum("position changed" in n or "Pick a move" in n for n in notes) == 1, notes
            for page in pages:
                _wait_for_move(page, 2)

            # ---- reloading a student's page resumes their seat
            seat = 1
            pages[seat].reload(wait_until="commit")
            pages[seat].wait_for_selector(".ccg-turn", timeout=LOAD)
            text = pages[seat].inner_text("body")
            assert f"You are {seat_name('co2', seat)} (seat {seat})" in text and "move 2 " in text
            for mine in _secret_texts(live, seat):
                assert mine in text

            # ---- the teacher's dashboard shows the table
            teacher_page.wait_for_selector(".ccg-tables", timeout=LOAD)
            teacher_page.wait_for_function(
                "document.querySelector('.ccg-table-row') && "
                "document.querySelector('.ccg-table-row').children[2].innerText.trim() === '2'", timeout=15_000)
            row = teacher_page.inner_text(".ccg-table-row")
            assert live.info.name in row and "decade 1" in row and str(live.state.ppm) in row
            assert "Student" in teacher_page.inner_text(".ccg-overview")

            # ---- a page's browser cannot run code on the server (widget messages only)
            kernel = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', pages[0].content())
            assert kernel, "the Voila page names its kernel"
            marker = Path(store.url.split("///", 1)[1]).parent / "executed"
            attempt = _try_execute(base, kernel.group(1), f"open({str(marker)!r}, 'w').write('x')")
            with concurrent.futures.ThreadPoolExecutor(1) as pool:  # Playwright holds this thread's event loop
                replies = pool.submit(asyncio.run, attempt).result(timeout=60)
            assert "kernel_info_reply" in replies, "the websocket itself works"
            time.sleep(1)
            assert not marker.exists(), "an execute_request from the browser ran on the server"
        finally:
            browser.close()


async def _try_execute(base: str, kernel: str, code: str) -> list[str]:
    """Send ``execute_request`` (then ``kernel_info_request``) on a page's kernel websocket; the reply types."""
    from tornado.websocket import websocket_connect

    ws = await websocket_connect(base.replace("http", "ws") + f"/api/kernels/{kernel}/channels")

    def msg(kind: str, content: dict) -> str:
        return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "username": "student", "session": uuid.uuid4().hex,
                                      "msg_type": kind, "version": "5.3", "date": ""}, "parent_header": {},
                           "metadata": {}, "content": content, "channel": "shell", "buffers": []})

    await ws.write_message(msg("execute_request", {"code": code, "silent": False, "store_history": False,
                                                   "user_expressions": {}, "allow_stdin": False,
                                                   "stop_on_error": True}))
    await ws.write_message(msg("kernel_info_request", {}))
    seen: list[str] = []
    try:
        while "kernel_info_reply" not in seen:
            raw = await asyncio.wait_for(ws.read_message(), 10)
            if raw is None:
                break
            if isinstance(raw, str):
                seen.append(json.loads(raw)["header"]["msg_type"])
    except asyncio.TimeoutError:
        pass
    ws.close()
    return seen
