"""The Table, the board drawings, the bots' reasons, the printables and the debrief in the language asked for.

Each check compares what is shown with what the catalog says for a specific message (looked up here in that
language), and checks that the English source is gone, so a message that bypasses the catalog, or a redraw
that forgets the table's language, fails.
"""
from __future__ import annotations

import re

import pytest

import ccg
import ccg.plot
from ccg.core import term
from ccg.i18n import UnknownLanguageError, _, lang, ngettext, pgettext, set_language
from ccg.ui import Table
from ccg.ui import inspect as insp

LANGS = ["cs", "pl", "zh_Hant"]
TABS = ["Play", "History", "Inspect", "What if?", "Position"]


def said(code: str, message: str, context: str | None = None) -> str:
    with lang(code):
        return pgettext(context, message) if context else _(message)


def co2_table(code: str | None, **kw) -> Table:
    return Table("co2", seats=["human", "random", "random"], seed=1, lang=code, **kw)


@pytest.mark.parametrize("code", LANGS)
def test_a_table_shows_its_language_while_the_process_speaks_english(code):
    t = co2_table(code)
    assert t.lang == code
    assert list(t.tabs.titles) == [said(code, x) for x in TABS] and t.tab_titles == TABS  # tab ids stay English
    assert t.play_button.description == said(code, "Play") != "Play"
    assert t.bot_button.description == said(code, "Bot move") != "Bot move"
    assert t.undo_button.tooltip == said(code, "back to your previous decision")
    assert t.search.placeholder == said(code, "search actions…")
    status = t.status.value
    assert said(code, "move {ply}").format(ply=t.state.ply) in status and " to move " not in status
    assert said(code, "human") in status
    assert said(code, "Your move") in t.play_tab.turn.value
    # the bots' moves before the human's turn are told in the table's language too
    assert said(code, "played {count} moves, the last: {moves}").split("{")[0] in t.message
    fig = t.board.widget.figure  # the board the table shows
    assert fig is not None and fig.layout.title.text.startswith(said(code, "CO2 — decade {decade}, round {round}", "co2").format(
        decade=t.state.decade, round=t.state.round))


@pytest.mark.parametrize("code", LANGS)
def test_a_click_later_still_answers_in_the_tables_language(code):
    t = co2_table(code)
    set_language("en")  # the process's language is not the table's
    t.back_button.click()
    assert t.message.startswith(said(code, "back")) and not t.message.startswith("back:")
    t.first_button.click()
    assert t.message == said(code, "{how}: at the start").format(how=said(code, "to the start"))
    t.play_tab.actions.value = None
    t.play_tab.actions.options = []
    t.play_tab.shown = []
    t.play_button.click()  # nothing selected: the error is shown in the table's language
    assert said(code, "Select an action first.") in t.status.value


def test_the_default_is_the_current_language_and_an_unknown_one_is_refused():
    set_language("pl")
    try:
        t = co2_table(None)
        assert t.lang == "pl" and t.play_button.description == said("pl", "Play")
    finally:
        set_language("en")
    assert co2_table(None).play_button.description == "Play"
    with pytest.raises(UnknownLanguageError, match="cs"):
        co2_table("xx")


def test_the_what_if_chart_and_progress_chart_follow_the_table():
    t = co2_table("cs", whatif_games=4)
    df = t.run_what_if(n_games=2, agents=["random"] * 3, seed=3)
    assert len(df) == 2
    fig = t.whatif_tab.wi_slot.widget.figure
    title = fig.layout.title.text
    assert title.startswith(said("cs", "What if? from move {ply}").format(ply=t.state.ply))
    with lang("cs"):
        assert t.whatif_tab.wi_note.value == ngettext("{done} of {total} game", "{done} of {total} games", 2).format(
            done=2, total=2)
    t.tabs.selected_index = t.tab_titles.index("Inspect")
    chart = t.inspect_tab.chart.widget.figure
    assert chart.layout.title.text == said("cs", "The game so far")


@pytest.mark.parametrize("game, options, code", [("co2", {}, "cs"), ("catan", {"scenario": "oil_springs"}, "pl"),
                                                 ("chicago_express", {}, "zh_Hant")])
def test_the_board_drawings_speak_the_current_language(game, options, code):
    state = ccg.new_game(game, players=3, seed=2, **options)
    english = ccg.plot.board(state, 0)
    with lang(code):
        fig = ccg.plot.board(state, 0)
        players, board = insp.tables(state, 0)
    assert fig.layout.title.text != english.layout.title.text
    words = {"co2": ("decade", "round", "to act"), "catan": ("turn", "to act", "phase"),
             "chicago_express": ("players", "move", "to bid")}[game]
    for word in words:
        assert not re.search(rf"\b{word}\b", fig.layout.title.text), (word, fig.layout.title.text)
    texts = [a.text for a in fig.layout.annotations or ()] + [str(tr.name) for tr in fig.data]
    if game == "co2":
        key = said(code, "green: {green}<br>fossil: {fossil} · □ demand space (power plant) · ◆ project space<br>"
                         "● owner / scientist in seat colour · ◆ pale = proposed project, solid = installed<br>"
                         "CEP 4/5 in a region: 4 permits in its pile, at most 5 (one per demand space, CO2-6.3.7)", "co2")
        assert key.split("{")[0] != "green: " and any(t.startswith(key.split("{")[0]) for t in texts)
        with lang(code):
            assert term("co2", "region", "africa") in " ".join(texts)
            assert term("co2", "term", "cep") in board.columns
    if game == "catan":
        with lang(code):
            assert term("catan", "term", "oil_spring") in texts
            assert term("catan", "term", "longest_road") in players.columns
    if game == "chicago_express":
        assert said(code, "dividend per share", "chicago_express") in board.columns


@pytest.mark.parametrize("code", LANGS)
def test_a_bots_reasons_read_in_the_current_language(code):
    from ccg.agents import make_agent

    state = ccg.new_game("co2", players=3, seed=3)
    with lang(code):
        text = str(make_agent("strategist", 1).explain(state))
    head = said(code, "Seat {seat} plays: {move}.").split("{")[0]
    assert text.startswith(head) and "Rather than" not in text and "plays:" not in text
    assert said(code, "Rather than “{move}”: {parts} — {verdict}.").split("{")[0] in text


@pytest.fixture
def lesson_store(tmp_path):
    from ccg.classroom import open_store

    store = open_store(tmp_path / "store")
    store.create_table("co2", ["student", "student", "greedy"], seed=1, lesson="7B")
    yield store
    store.close()


@pytest.mark.parametrize("code", LANGS)
def test_the_printables_are_in_the_lesson_language(lesson_store, code):
    from ccg.classroom.lessons import lesson_for
    from ccg.classroom.printables import lesson_pages

    pages = lesson_pages(lesson_store, "7B", language=code)
    lesson = lesson_for("co2")
    tag = code.replace("_", "-")
    for page in pages.values():
        assert f"<html lang='{tag}'>" in page
    cards, plan = pages["7B-role-cards.html"], pages["7B-plan.html"]
    ticket, questions = pages["7B-exit-ticket.html"], pages["7B-discussion.html"]
    with lang(code):
        text = lesson.translated()  # the lesson's texts, with the game as their context
    assert text.aim != lesson.aim and text.aim == said(code, lesson.aim, "co2")
    assert said(code, "Only your device shows you") in cards and "Only your device shows you" not in cards
    assert text.you_know[0][:20] in cards
    assert said(code, "Aim") in plan and text.aim[:30] in plan and lesson.aim[:30] not in plan
    assert text.questions[0][:20] in questions and lesson.questions[0][:20] not in questions
    assert text.exit_ticket[0][0][:20] in ticket and "Exit ticket" not in ticket


def test_the_print_command_takes_a_language(lesson_store, tmp_path):
    from ccg.classroom.printables import write_lesson

    files = write_lesson(lesson_store, "7B", tmp_path / "print", language="pl")
    plan = next(p for p in files if p.name.endswith("-plan.html")).read_text(encoding="utf-8")
    assert "<html lang='pl'>" in plan and said("pl", "Before the lesson") in plan


def test_the_debrief_is_in_the_dashboards_language(lesson_store):
    import json

    from ccg.classroom.debrief import outcome_figure, path_figure
    from ccg.classroom.teacher import debrief_message

    assert said("pl", "No finished game in this lesson yet.") in json.loads(debrief_message(lesson_store, "7B", "pl"))["html"]
    state = ccg.new_game("co2", players=3, seed=1)
    from ccg.classroom.debrief import ClassGame, outcomes

    games = [ClassGame("t1", "class", state.record(), state, ("a", "b", "c"))]
    with lang("cs"):
        fig = path_figure(games)
        bars = outcome_figure(outcomes(games))
    assert fig.layout.title.text == said("cs", "{what}: the class's tables (colours) and the bots' games (grey)").format(
        what=said("cs", "CO₂ (ppm)", "co2"))
    assert list(bars.data[0].x) == [said("cs", "the class")]
