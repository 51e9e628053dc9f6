"""Secrets stay with their seat in the Table and the classroom app.

Students (the default, and always in the classroom app) get seat views only: no referee view, no
full position string, seats fixed once the game starts. What a seat is shown depends on its
observation alone: two positions that look the same to seat 0 render the same for seat 0, even when
another seat holds a hidden Victory Point card in one of them (CAT-9.7).
"""
from __future__ import annotations

import base64
import html
import json
import re
import zlib

import ipywidgets as W
import pytest
import ui_toy_plot
from traitlets import TraitError

import ccg
from ccg.core import Rng
from ccg.games.catan.data import VP_CARD
from ccg.ui import Classroom, Gauge, Table
from ccg.ui.table import board_figure

ui_toy_plot.install()


def _decode(code: str) -> dict:
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))))


def _widget_texts(widget) -> list[str]:
    """Every string value shown anywhere in a widget tree."""
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        if isinstance(w, (W.Text, W.Textarea, W.HTML)):
            out.append(w.value)
        stack.extend(getattr(w, "children", ()))
    return out


def test_students_get_only_their_seat_views():
    t = Table("toy", seats=["human", "random"], seed=2)
    assert not t.teacher
    assert [v for _, v in t.view.options] == [0] and t.view_seat == 0
    assert all(box.disabled for box in t.seat_boxes)
    with pytest.raises(TraitError):  # the referee view is not among the options
        t.view.value = -1
    with pytest.raises(ValueError, match="teacher"):
        Table("toy", seats=["human", "random"], seed=2, view=None)
    with pytest.raises(ValueError, match="teacher"):
        Table("toy", seats=["human", "random"], seed=2, view=1)  # a bot's hand
    t.seat_boxes[1].value = "human"  # switching a bot to human would show its hand: refused
    assert t.seat_kind(1) != "human" and "seats are set" in t.message
    assert [v for _, v in t.view.options] == [0]


def test_hot_seat_views_follow_the_human_to_move_only():
    t = Table("toy", seats=["human", "human", "random"], seed=4, players=3)
    values = [v for _, v in t.view.options]
    assert -1 not in values and 2 not in values and set(values) >= {0, 1}
    for _ in range(30):
        if t.state.is_terminal():
            break
        assert t.view_seat in (0, 1)
        t.bot_move()


def test_the_position_tab_shows_the_seat_view_not_the_full_position():
    t = Table("toy", seats=["human", "random"], seed=5)
    t.play("roll")
    full = ccg.to_position_string(t.state)
    assert full not in _widget_texts(t.widget)  # nowhere on the student's screen
    data = _decode(t.position.value)
    assert data["format"] == "ccg-seat-view" and data["seat"] == 0 and data["history"] == []
    assert data["rng"] != t.state.rng.state and data["seed"] != t.state.seed
    assert data["state"]["cards"][0] == t.state.cards[0]  # the seat's own card
    assert "Seat 0's view" in t.position_label.value
    teacher = Table("toy", seats=["human", "random"], seed=5, teacher=True)
    teacher.play("roll")
    assert teacher.full_position.value == ccg.to_position_string(teacher.state)
    assert -1 in [v for _, v in teacher.view.options]


def test_go_to_position_loads_a_seat_view_as_a_sample():
    s = ccg.new_game("co2", players=3, seed=8)
    for _ in range(12):
        s.apply(s.legal_actions()[0])
    t = Table(s, seats=["human", "random", "random"], autoplay=False)
    code = t.position.value
    other = Table(ccg.new_game("co2", players=3, seed=9), seats=["human", "random", "random"], autoplay=False)
    other.paste.value = code
    other.paste_button.click()
    other.replace_button.click()  # a seat view is never a node of the tree: it starts a new one, once confirmed
    assert "seat 0's view loaded" in other.message and other.state.history() == []
    assert other.state.observation(0)["state"] == s.observation(0)["state"]
    assert not other.state.replayable
    wrong = Table("toy", seats=["human", "random"], seed=1)
    wrong.paste.value = code
    wrong.paste_button.click()
    assert "⚠" in wrong.message and wrong.state.game == "toy"


def test_the_classroom_app_runs_in_student_mode():
    app = Classroom("co2", players=3, humans=1, seed=3, gauge=Gauge("ppm", maximum=550))
    t = app.table
    assert not t.teacher and t.full_position.value == ""
    assert [v for _, v in t.view.options] == [0]
    texts = _widget_texts(app.widget)
    assert ccg.to_position_string(t.state) not in texts
    assert app.gauge.value(t.state, 0) == t.state.ppm


def _catan_with_hidden_vp():
    """A mid-game Catan position where seat 1 (not to move) holds a VP card; and its twin for seat 0:
    the same position with that card swapped for a non-VP card of the deck (seat 0 cannot tell them apart)."""
    for seed in range(40):
        s = ccg.new_game("catan", players=4, seed=seed)
        rng = Rng(seed)
        while not s.is_terminal() and s.ply < 3000:
            s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])
            if (s.dev[5 + VP_CARD] and s.active != 1 and s.current_player == 0 and s.phase_name == "main"
                    and any(t != VP_CARD for t in s.deck)):
                twin = s.clone()
                swap = next(t for t in twin.deck if t != VP_CARD)
                twin.deck[twin.deck.index(swap)] = VP_CARD
                twin.dev[5 + VP_CARD] -= 1
                twin.dev[5 + swap] += 1
                twin.mark_edited()
                twin.check_invariants()
                return s, twin
    raise AssertionError("no position with a hidden VP card found")


def test_no_seat_is_shown_another_seats_hidden_vp():
    s, twin = _catan_with_hidden_vp()
    assert s.scores()[1] == twin.scores()[1] + 1  # the referee's truth differs …
    assert s.observation(0) == twin.observation(0)  # … seat 0's view does not
    seats = ["human", "random", "random", "random"]
    shown = []
    for state in (s, twin):
        t = Table(state, seats=seats, autoplay=False)
        assert t.view_seat == 0
        t.run_what_if(n_games=3, agents=["random"] * 4, seed=7)
        shown.append({
            "board": board_figure(t.state, t.view_seat).to_dict(),
            "players": t.players_html.value, "globals": t.globals_html.value, "log": t.log.value,
            "position": t.position.value, "status": t.status.value,
            "what_if": t.last_what_if.to_dict(), "summary": t.wi_summary.value,
            "gauge": Gauge("vp_1", maximum=12).value(t.state, t.view_seat),
        })
    assert shown[0] == shown[1]
    assert shown[0]["gauge"] is None  # a gauge on a hidden count shows nothing to a seat
    assert Gauge("vp_1", maximum=12).value(s) == s.vp(1)  # the referee's gauge reads the truth


def test_the_log_hides_other_seats_draft_picks():
    t = Table("co2", seats=["human", "random", "random"], players=3, seed=6, draft=True)
    mine = t.state.legal_actions()[0]
    words = t.controller.action_label(mine)
    t.play(mine)
    log = re.sub(r"<[^>]+>", "", t.log.value)  # the log's text (its rule ids are links)
    assert f"seat 0): {html.escape(words)}" in log  # one's own pick is readable (CO2-2.18.1)
    assert "seat 1 (random): keep ?" in log and "seat 2 (random): keep ?" in log
    assert not any(f"seat 1 (random): {a}" in log for a in ("keep 1", "keep 2"))
    teacher = Table("co2", seats=["human", "random", "random"], players=3, seed=6, draft=True, teacher=True,
                    view=None)
    teacher.play(mine)
    assert "seat 1 (random): keep ?" not in teacher.log.value


def test_a_seats_what_if_never_uses_the_real_future():
    from ccg.ui import what_if

    s = ccg.new_game("toy", seed=2)
    with pytest.raises(ValueError, match="future"):
        what_if(s, 2, seat=0, reseed=False)
    assert len(what_if(s, 2, seat=None, reseed=False)) == 2  # the referee may replay the real dice
