"""Printable lesson material: role cards with join codes (and no secrets), plan, questions, exit ticket."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys

import pytest
from system_deps import missing

from ccg.classroom import LiveTable, open_store
from ccg.classroom.lessons import lesson_for
from ccg.classroom.printables import write_lesson
from ccg.core import list_games


@pytest.mark.parametrize("game", list_games())
def test_every_lesson_fills_45_minutes_and_asks_3_to_5_exit_questions(game):
    """Each game's own lesson (``SPEC.lesson``), or the generic one of a game that declares none."""
    lesson = lesson_for(game)
    assert sum(minutes for minutes, _ in lesson.plan) == 45
    assert 3 <= len(lesson.exit_ticket) <= 5
    assert lesson.questions and "{name}" in lesson.role


def test_the_lesson_pages(tmp_path):
    store = open_store(tmp_path / "store")
    tables = [store.create_table("co2", ["student", "student", "student", "greedy"], seed=s, lesson="7B").id
              for s in (1, 2)]
    store.create_table("co2", ["student"] * 4, seed=3, lesson="other lesson")
    files = write_lesson(store, "7B", tmp_path / "print", base_url="http://10.0.0.5:8866")
    names = sorted(p.name for p in files)
    assert names == ["7B-discussion.html", "7B-exit-ticket.html", "7B-plan.html", "7B-role-cards.html"]
    cards = (tmp_path / "print" / "7B-role-cards.html").read_text()
    assert cards.count("class='card briefing'") == 6, "one card per student seat of the lesson"
    for tid in tables:
        live = LiveTable(store, tid)
        for s in live.info.seats:
            if s.is_student:
                assert s.code in cards and f"http://10.0.0.5:8866/#{s.code}" in cards
                assert f"card {live.state.goal[s.seat]}:" not in cards, "a card carries no secret"
    assert "@page" in cards and "break-after: page" in cards, "styled for print"
    plan = (tmp_path / "print" / "7B-plan.html").read_text()
    assert "2 tables" in plan and "6 student seats" in plan and "45 minutes" in plan
    ticket = (tmp_path / "print" / "7B-exit-ticket.html").read_text()
    assert len(re.findall(r"<b>\d+\.</b>", ticket)) == 2 * len(lesson_for("co2").exit_ticket)


def test_the_print_command_writes_pdfs(tmp_path):
    if shutil.which("chromium") is None:
        missing("Debian's chromium is not installed (run `make browser`): PDF printing not checked")
    store = open_store(tmp_path)
    store.create_table("co2", ["student", "random"], seed=1, lesson="L1")
    out = subprocess.run([sys.executable, "-m", "ccg", "classroom", "print", "--dir", str(tmp_path), "--pdf"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    pdfs = sorted((tmp_path / "print").glob("*.pdf"))
    assert len(pdfs) == 4 and all(p.read_bytes()[:5] == b"%PDF-" for p in pdfs)
