"""A bot's reasons ("why?") on the classroom pages: the Table's own words, kept secret where the Table keeps them.

The bot runner asks its agent why before the move (``ccg.agents.explain.explanation``, which the Table's
``ccg.ui.words`` uses too) and keeps the words in the store; a seat reads them only in a game without hidden
information, the teacher always on a revealed table.
"""
from __future__ import annotations

import html

import pytest
from classroom_server import Page, served, teacher_cookie

from ccg.agents.base import make_agent
from ccg.classroom import LiveTable, open_store
from ccg.classroom.bots import BotRunner, bot_seed
from ccg.classroom.student import seat_page
from ccg.core.registry import new_game
from ccg.ui.words import explanation


def _table_with_a_bot_to_move(store, game: str, seed: int):
    """A table of students whose first mover is reseated to the strategist; returns (table, bot seat)."""
    table = store.create_table(game, ["student"] * 4, seed=seed, lesson="why")
    mover = LiveTable(store, table.id).state.current_player
    store.reseat(table.id, mover, "strategist")
    return store.table(table.id), mover


def _tables_words(game: str, seed: int, seat: int) -> str:
    """What the Table's code says of the strategist's first move: ``ccg.ui.words.explanation`` on that position."""
    state = new_game(game, players=4, seed=seed)
    text = explanation(make_agent("strategist", 0).spawn(bot_seed(seed, seat, 0)), state)
    assert text and text.startswith(f"Seat {seat} plays:")
    return text


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path / "reasons")
    yield s
    s.close()


def test_a_bots_reasons_reach_every_student_in_a_game_without_secrets(store):
    """Chicago Express hides nothing (CE: every share, treasury and track is on the table): after the bot's
    move, another seat's page holds the Table's explanation of that move beside it in the log."""
    table, bot = _table_with_a_bot_to_move(store, "chicago_express", seed=3)
    assert not LiveTable(store, table.id).state.hidden_information
    want = _tables_words("chicago_express", 3, bot)
    student = next(s for s in table.seats if s.is_student)
    with served(store) as base, Page(base) as page:
        first = page.join(student.code)
        assert first["version"] == 0 and "ccg-why" not in first["log"]
        assert BotRunner(store).step() == 1
        got = page.page(version=1)
    assert html.escape(want) in got["log"], "the page's log holds the Table's words for the bot's move"
    assert got["log"].count("class='ccg-why'") == 1
    live = LiveTable(store, table.id)
    assert live.moves[0].by == "strategist" and live.reason(live.moves[0]) == want
    assert seat_page(live.state, student.seat, seats=live.info.seats, moves=live.moves, reasons=live.reason_texts(),
                     with_board=False)["log"] == got["log"]


def test_a_bots_reasons_stay_off_other_seats_in_a_game_with_secrets_but_the_teacher_reads_them(store):
    """CO2 hides goals and lobby cards (CO2-12.1, CO2-12.2), which a strategist's reasons may weigh: another
    seat's page shows the bot's move without its reasons; the teacher's revealed table shows them."""
    table, bot = _table_with_a_bot_to_move(store, "co2", seed=1)
    assert LiveTable(store, table.id).state.hidden_information
    want = _tables_words("co2", 1, bot)
    other = next(s for s in table.seats if s.is_student)
    with served(store) as base, Page(base) as page, \
            Page(base, "/ws/teacher", cookie=teacher_cookie(base, store.teacher_key())) as teacher:
        page.join(other.code)
        teacher.kind("overview")
        assert BotRunner(store).step() == 1
        got = page.page(version=1)
        teacher.send(type="reveal", table=table.id)
        revealed = teacher.until(lambda m: m.get("type") == "reveal" and "ccg-why" in m.get("html", ""))
    assert store.reasons(table.id)[0]["text"] == want, "the runner kept the reasons"
    assert "1. " in got["log"], "the bot's move is in the seat's log"
    assert "ccg-why" not in got["log"] and html.escape(want) not in str(got) and want not in str(got)
    assert html.escape(want) in revealed["html"]


def test_deleting_a_table_forgets_its_bots_reasons(store):
    table, _ = _table_with_a_bot_to_move(store, "chicago_express", seed=3)
    BotRunner(store).step()
    assert store.reasons(table.id)
    store.delete_table(table.id)
    assert store.reasons(table.id) == {}


@pytest.mark.browser
def test_a_students_page_in_chromium_shows_the_bots_reasons_beside_its_move(store):
    """Where people read it: Debian's Chromium shows "why?" and the Table's words under the bot's move."""
    from playwright.sync_api import sync_playwright
    from system_deps import chromium

    table, bot = _table_with_a_bot_to_move(store, "chicago_express", seed=3)
    want = _tables_words("chicago_express", 3, bot)
    student = next(s for s in table.seats if s.is_student)
    assert BotRunner(store).step() == 1
    with served(store) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            page.goto(f"{base}/#{student.code}")
            page.wait_for_selector(".ccg-log-panel .ccg-why", timeout=60_000)
            shown = page.inner_text(".ccg-log-panel .ccg-why")
        finally:
            browser.close()
    assert shown.startswith("why?") and want in shown
