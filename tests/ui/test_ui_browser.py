"""End to end: a classroom app served by Voila, driven in Debian's headless Chromium through Playwright.

Chromium comes from Debian's ``chromium`` package (``make browser`` installs it); Playwright
only drives it (``executable_path``), it never downloads a browser. The test skips only when
no chromium binary can be found or installed.
"""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
APP = os.environ.get("CCG_BROWSER_APP", str(ROOT / "widgets" / "co2_classroom.ipynb"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def _chromium() -> str:
    path = shutil.which("chromium")
    if path is None and shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        subprocess.run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium",
                       shell=True, check=False, capture_output=True, timeout=900)
        path = shutil.which("chromium")
    if path is None:
        pytest.skip("Debian's chromium is not installed and could not be installed with apt-get (run `make browser`)")
    return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def voila_url():
    port = _free_port()
    voila = Path(sys.executable).with_name("voila")
    cmd = [str(voila), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--ServerApp.port_retries=0", APP]
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=2)
                break
            except urllib.error.HTTPError:  # any HTTP answer: the server is up
                break
            except OSError:
                if proc.poll() is not None or time.time() > deadline:
                    log.seek(0)
                    out = log.read().decode(errors="replace")
                    pytest.fail(f"voila did not start on {url}: {out[-2000:]}")
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_play_a_move_in_the_classroom_app(voila_url):
    exe = _chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(120_000)
            page.goto(voila_url, wait_until="commit")
            board = page.locator(".ccg-board .main-svg").first
            board.wait_for()
            page.locator(".ccg-actions select option").first.wait_for()
            log = page.locator(".ccg-log").first
            board_before = page.locator(".ccg-board").first.inner_html()
            log_html_before = log.inner_html()
            status_before = page.locator(".ccg-status").first.inner_text()
            # choose the first listed action, then press Play. Under load, Plotly's front end may still be
            # initialising the board when the first click is handled (that redraw is then lost), so press
            # again, a few times at most, until the board shows a new position.
            changed = "([sel, before]) => document.querySelector(sel).innerHTML !== before"
            for _attempt in range(8):
                page.locator(".ccg-actions select option").first.click()
                page.locator("button.ccg-play").first.click()
                try:
                    page.wait_for_function(changed, arg=[".ccg-board", board_before], timeout=15_000)
                    break
                except sync_api.TimeoutError:
                    continue
            page.wait_for_function(changed, arg=[".ccg-board", board_before])
            page.wait_for_function(changed, arg=[".ccg-log", log_html_before])
            assert page.locator(".ccg-status").first.inner_text() != status_before
            assert page.locator(".ccg-board .main-svg").count() >= 1  # redrawn in place, not cleared
        finally:
            browser.close()
