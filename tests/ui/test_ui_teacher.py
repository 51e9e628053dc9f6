"""What a teacher hits at the table and the classroom apps' set-up, headless."""
from __future__ import annotations

import unicodedata

import pytest
import ui_toy_plot

import ccg
from ccg.ui import Classroom, Table
from ccg.ui.whatif import what_if

ui_toy_plot.install()


def test_bot_move_on_a_human_turn_lets_the_bots_answer():
    t = Table("toy_where", seats=["human", "random"], seed=5)
    while t.state.current_player != 0 and not t.state.is_terminal():
        t.bot_move()
    for _ in range(20):
        if t.state.is_terminal():
            break
        t.bot_button.click()  # seat 0 (human) is moved by the helper; then seat 1 must answer by itself
        assert t.state.is_terminal() or t.state.current_player == 0
    seats = [n.seat for n in t.tree.cursor.path()]
    assert 1 in seats  # the bot did move


def test_bot_move_without_autoplay_plays_exactly_one_move():
    t = Table("toy_where", seats=["human", "random"], seed=5, autoplay=False)
    t.bot_move()
    assert t.state.ply == 1


def test_pasting_a_position_of_the_tree_keeps_the_tree_and_another_says_it_replaces_it():
    t = Table("toy_where", seats=["human", "human"], seed=3)
    for _ in range(4):
        t.bot_move()
    size = len(t.tree)
    code = ccg.to_position_string(t.tree.state_at(t.tree.line()[2]))
    t.paste.value = code
    t.paste_button.click()
    assert len(t.tree) == size and t.state.ply == 2 and "kept" in t.message
    other = ccg.new_game("toy_where", players=2, seed=99)
    other.apply(other.legal_actions()[0])
    t.paste.value = ccg.to_position_string(other)
    t.paste_button.click()
    assert len(t.tree) == size and "Replace the tree" in t.message and not t.replace_button.disabled  # asks first
    t.replace_button.click()
    assert len(t.tree) == 1 and t.state == other and not t.previous_button.disabled
    assert "new move tree" in t.message and f"{size} positions" in t.message and f"{size} positions" in t.status.value


def test_a_truncated_position_string_says_it_was_cut_off_and_changes_nothing():
    t = Table("co2", seats=["human"] * 4, seed=1, autoplay=False)
    before = (t.position.value, len(t.tree))
    code = ccg.to_position_string(t.state)
    for cut in (len(code) // 2, len(code) - 1, 5):
        t.paste.value = code[:cut]
        t.paste_button.click()
        assert "cut off" in t.message and "JSON" not in t.message and "⚠" in t.status.value
        assert (t.position.value, len(t.tree)) == before


def test_history_buttons_use_glyphs_debians_fonts_have():
    """⏮ ⏭ (U+23EE, U+23ED) showed as empty boxes in Debian's Chromium: no symbols from that block."""
    t = Table("toy_where", seats=["human", "human"], seed=3)
    buttons = [t.first_button, t.back_button, t.fwd_button, t.last_button, t.play_button, t.bot_button]
    for b in buttons:
        for ch in b.description:
            assert not 0x2300 <= ord(ch) <= 0x23FF, (b.description, unicodedata.name(ch))
    assert t.first_button.description == "|◀" and t.last_button.description == "▶|"


def test_what_if_can_stop_early_and_keeps_the_games_played():
    s = ccg.new_game("toy_where", players=2, seed=1)
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 30

    df = what_if(s, 50, seed=2, stop=stop)
    assert 0 < len(df) < 50 and df.attrs["stopped"]
    assert df.equals(what_if(s, len(df), seed=2))  # the first games of a longer run are the same games
    assert not what_if(s, 5, seed=2).attrs["stopped"]


def test_run_what_if_refuses_more_games_than_the_limit():
    t = Table("toy_where", seats=["human", "human"], seed=3, whatif_limit=30)
    assert t.wi_games.max == 30
    with pytest.raises(ValueError, match="games must be"):
        t.run_what_if(n_games=31)
    assert len(t.run_what_if(n_games=30)) == 30 and "30 of 30 games" in t.wi_note.value


def test_classroom_caps_what_if_runs_and_opens_a_tab():
    app = Classroom("toy_where", players=2, humans=1, bot="random", seed=2, max_what_if_games=25, tab="What if?")
    assert app.table.wi_games.max == 25 and app.table.tabs.selected_index == app.table.tab_titles.index("What if?")
    assert app.seats() == ["human", "random"]


def test_classroom_bots_are_strategists_unless_another_agent_is_named():
    assert Classroom("toy_where", players=2, humans=1, seed=2).seats() == ["human", "strategist"]
    app = Classroom("co2", players=3, humans=1, seed=2, bot="Strategist:cooperation=0.9")
    assert app.seats() == ["human", "strategist:cooperation=0.9", "strategist:cooperation=0.9"]
    assert app.table.controller.seating.agents[1].persona == {"cooperation": 0.9}
    with pytest.raises(ValueError, match="cooperation"):
        Classroom("co2", players=3, bot="strategist:cooperation=1.5")


def test_classroom_with_a_choice_of_games_restarts_with_each_and_closes_the_old_table():
    app = Classroom([("Toy", "toy_where", {}), ("Toy for three", "toy_where", {})], humans=1, seed=4)
    assert app.game.layout.display != "none" and [label for label, _, _ in app.choices] == ["Toy", "Toy for three"]
    first = app.table
    app.players.value = 3
    app.game.value = 1
    assert app.table is not first and app.table.state.num_players == 3
    assert first.widget.comm is None and first.board.widget.comm is None  # closed: the front end drops it
    with pytest.raises(ValueError):
        Classroom([("Toy", "toy_where", {})], scenario="x")  # options go inside each choice


def test_the_classroom_shows_the_gauge_result_and_lesson_its_game_declares(monkeypatch):
    """The notebook classroom names no game: its gauge is ``SPEC.gauge`` (as the viewing seat sees it), the line
    for a finished game ``SPEC.result``, its heading and the seat's role briefing ``SPEC.lesson``."""
    import dataclasses
    import inspect
    import sys
    import types

    from ccg.core import registry
    from ccg.core.teaching import DEFAULT_GAME, Gauge, generic_lesson
    from ccg.ui.classroom import GameGauge

    assert inspect.signature(Classroom).parameters["game"].default == DEFAULT_GAME
    plain = Classroom("toy_where", players=2, humans=1, bot="random", seed=2)
    assert isinstance(plain.gauge, GameGauge) and plain.gauge.box.layout.display == "none"  # the game has none
    assert "Toy pig with locations" in plain.widget.children[0].value  # no lesson: the generic one, the game's title
    assert "You are seat 0." in plain.role.value and plain.result.value == ""
    assert Classroom("toy_where", players=2, humans=1, bot="random", seed=2, gauge=False).gauge is None

    seen: list[int | None] = []

    def gauge(state, seat):
        seen.append(seat)
        banked = state.observation(seat)["state"]["banked"] if seat is not None else state.banked
        return Gauge(label="banked by everyone", short="banked", unit="", value=sum(banked), danger=50, limit=90,
                     maximum=100, note="(a test gauge)")

    lesson = types.ModuleType("toy_lesson")
    lesson.LESSON = dataclasses.replace(generic_lesson("Pig for the class"), role="You bank for {name}.")
    monkeypatch.setitem(sys.modules, "toy_lesson", lesson)
    spec = dataclasses.replace(ccg.get_spec("toy_where"), gauge=gauge, lesson="toy_lesson",
                               result=lambda state, seat: f"over, as seat {seat} reads it")
    monkeypatch.setitem(registry._SPECS, "toy_where", spec)
    app = Classroom("toy_where", players=2, humans=1, bot="random", seed=2)
    t = app.table
    assert "Pig for the class" in app.widget.children[0].value and "You bank for seat 0." in app.role.value
    assert app.gauge.box.layout.display is None and "banked by everyone" in app.gauge.html.value
    assert "(a test gauge)" in app.gauge.html.value and set(seen) == {0}  # read as the student's seat sees it
    assert app.result.value == ""  # not over yet
    t.play_until("end")
    assert t.state.is_terminal() and "over, as seat 0 reads it" in app.result.value
    assert f">{sum(t.state.banked):g}<" in app.gauge.html.value
