"""Headless tests of ccg.ui.Table: button clicks, slider values, simulated board clicks, branching, what-if."""
import pytest
import ui_toy_plot

import ccg
from ccg.ui import Table, click, location_of

ui_toy_plot.install()


def _table(**kw):
    kw.setdefault("seats", ["human", "human"])
    return Table("toy_where", seed=3, **kw)


def test_play_button_and_log():
    t = _table()
    assert t.shown_actions() == [t.state.legal_actions()[0]]  # only "roll": preselected
    t.play_button.click()
    assert t.state.ply == 1
    assert "1. seat 0 (human): roll" in t.log.value
    assert t.slider.max == 1 and t.slider.value == 1
    assert t.position.value == ccg.to_seat_position_string(t.state, t.view_seat)  # the seat's own view


def test_board_click_narrows_actions_through_the_plotly_click_path():
    t = _table()
    t.play("roll")
    assert {str(a) for a in t.shown_actions()} == {"roll", "hold"}
    # trace 0 holds the banks; point 0 is seat 0's bank, customdata "bank0"
    assert location_of(t.board.widget.data[0], 0) == "bank0"
    click(t.board.widget, 0, 0)
    assert t.location == "bank0"
    assert [str(a) for a in t.shown_actions()] == ["hold"]
    # customdata as a list: the id is its first element
    click(t.board.widget, 1, 0)
    assert t.location == "die" and [str(a) for a in t.shown_actions()] == ["roll"]
    # a location no action touches: message, no filter
    click(t.board.widget, 0, 1)
    assert t.location is None and "bank1" in t.message
    t.show_all.click()
    assert len(t.shown_actions()) == 2


def test_clicking_the_selected_spot_again_changes_nothing():
    """A repeated (or doubled) click keeps the list, the selection in it and the board as they are."""
    t = _table(seats=["human", "human"])
    t.play("roll")
    click(t.board.widget, 0, 0)
    revision, selected = t.board.widget.revision, t.actions.value
    click(t.board.widget, 0, 0)
    assert (t.board.widget.revision, t.actions.value, t.location) == (revision, selected, "bank0")
    click(t.board.widget, 1, 0)  # another spot still narrows afresh
    assert t.board.widget.revision == revision + 1 and t.location == "die"


def test_search_filters_and_play_selected():
    t = _table()
    t.play("roll")
    t.search.value = "ho"
    assert [str(a) for a in t.shown_actions()] == ["hold"]
    t.play_button.click()
    assert t.state.history()[-1] == "hold"


def test_history_buttons_slider_and_variations():
    t = _table()
    for _ in range(4):
        t.bot_button.click()
    assert t.state.ply == 4
    first = t.state
    t.back_button.click()
    assert t.state.ply == 3
    t.slider.value = 1
    assert t.state.ply == 1
    assert t.slider.max == 4  # the main line is still there
    t.fwd_button.click()
    assert t.state.ply == 2
    t.slider.value = 4
    assert t.state == first
    # branch: a different move at ply 1
    t.slider.value = 1
    other = [a for a in t.state.legal_actions() if str(a) != t.tree.line()[2].move.kind]
    t.play(other[0])
    assert t.state.ply == 2 and len(t.tree.root.variations[0].variations) == 2
    labels = [label for label, _ in t.tree_box.options]
    assert any("↳" in lab and "▶" in lab for lab in labels)  # the variation is visible and marked
    # promote via the button, then delete via the button
    t.promote_button.click()
    assert t.tree.cursor.is_mainline()
    assert t.slider.max == 2  # the current line is now the branch
    t.delete_button.click()
    assert t.state.ply == 1 and len(t.tree.root.variations[0].variations) == 1
    # navigate through the tree view
    target = [v for _, v in t.tree_box.options][-1]
    t.tree_box.value = target
    assert t.tree.cursor.id == target


def test_bots_answer_and_play_until():
    t = Table("toy_where", seats=["human", "random"], seed=5)
    t.play("roll")
    while t.state.current_player == 0 and not t.state.is_terminal():
        t.play("hold" if t.state.turn_total >= 8 else "roll")
    # after seat 0 holds or busts, seat 1 (random) played on its own until seat 0 is to move
    assert t.state.is_terminal() or t.state.current_player == 0
    t.until.value = "end"
    t.until_button.click()
    assert t.state.is_terminal()
    assert "game over" in t.status.value
    assert t.play_button.disabled


def test_play_to_the_next_round_serialises_the_position_per_redraw_not_per_move(monkeypatch):
    t = Table("co2", seats=["random"] * 3 + ["human"], players=4, seed=1, autoplay=False, helper="random")
    assert ("to the next round", "key:round") in t.until.options
    calls = ui_toy_plot.count_serialisation(monkeypatch, type(t.state))
    t.refresh()
    per_redraw = len(calls)
    calls.clear()
    t.until.value = "key:round"
    t.until_button.click()
    assert t.state.ply > 10 and "played" in t.message
    assert len(calls) == per_redraw  # the one redraw at the end (position strings), nothing per move


def test_seat_dropdown_makes_bots_move():
    t = _table(teacher=True)  # students' seats are fixed once the game starts
    t.seat_boxes[0].value = "random"
    # seat 0 is now a bot: it moves by itself until seat 1 (human) is to move
    assert t.state.current_player == 1 or t.state.is_terminal()


def test_view_hides_other_hands():
    t = _table(view=0, teacher=True)  # the referee view is the teacher's
    assert "hidden" in t.players_html.value
    t.view.value = -1  # referee
    assert "hidden" not in t.players_html.value


def test_position_string_box_round_trip_and_bad_paste():
    t = _table(teacher=True)
    t.play("roll")
    code = t.full_position.value
    t.play("roll")
    t.paste.value = code
    t.paste_button.click()
    assert t.state.ply == 1 and ccg.to_position_string(t.state) == code
    before = t.position.value
    t.paste.value = code[:-7] + "AAAAAAA"
    t.paste_button.click()
    assert "⚠" in t.message and t.position.value == before


def test_what_if_button_runs_seeded_continuations():
    t = _table()
    t.play("roll")
    t.wi_games.value = 12
    t.wi_button.click()
    df = t.last_what_if
    assert len(df) == 12 and (df["start_ply"] == 1).all()
    assert t.wi_progress.value == 12
    names = [tr.name for tr in t.wi_chart.data]
    assert names[0] == "win share" and "total_banked" in names  # SPEC.outcome columns charted
    shares = t.wi_chart.data[0].y
    assert sum(shares) == pytest.approx(1.0)
    again = t.run_what_if(12)
    assert again.equals(df)  # same seed, same continuations
    assert t.state.ply == 1  # the position itself is untouched


def test_figure_view_sends_whole_figures_and_refuses_nan():
    import json
    import math

    import plotly.graph_objects as go

    from ccg.ui import FigureSlot, NonFiniteFigureError

    slot = FigureSlot(go.Figure(go.Scatter(x=[1], y=[1], text=["a"])))
    view = slot.widget
    assert slot.box.children == (view,)
    slot.show(go.Figure([go.Bar(x=[1], y=[1]), go.Bar(x=[2], y=[2])], layout=dict(title="t")))
    sent = json.loads(view.figure_json)
    assert sent["revision"] == 2 and [t["type"] for t in sent["figure"]["data"]] == ["bar", "bar"]
    assert sent["figure"]["layout"]["title"]["text"] == "t"
    for bad in (math.nan, math.inf, -math.inf):
        with pytest.raises(NonFiniteFigureError, match=r"data\[0\]\.y\[1\]"):
            slot.show(go.Figure(go.Scatter(x=[1, 2], y=[1, bad])))
    assert json.loads(view.figure_json) == sent  # nothing was sent


def test_state_renders_its_board():
    s = ccg.new_game("toy", seed=1)
    bundle = s._repr_mimebundle_()
    assert bundle["text/plain"] == str(s)
    assert "application/vnd.plotly.v1+json" in bundle or "text/html" in bundle


def test_unknown_seat_and_wrong_count_are_value_errors():
    with pytest.raises(ValueError, match="3 entries for 2 seats"):
        Table("toy_where", seats=["human", "random", "random"], players=2)
    with pytest.raises(ValueError):
        _table(seats=["human", "no-such-agent"])
    with pytest.raises(ValueError, match="cooperation"):
        Table("co2", seats=["human", "strategist:cooperation=2"], players=2)


def test_seats_left_to_the_computer_get_the_strategist_and_random_stays_by_name():
    from ccg.agents import RandomAgent, StrategistAgent

    t = Table("co2", seats=["human", None, "random"], players=4, seed=2, autoplay=False)
    assert [t.seat_kind(p) for p in range(4)] == ["human", "strategist", "random", "strategist"]
    assert [type(a) for a in t.controller.seating.agents[1:]] == [StrategistAgent, RandomAgent, StrategistAgent]
    persona = Table("co2", seats=["human", "strategist:cooperation=0.8"], seed=2, autoplay=False)
    assert persona.seat_kind(1) == "strategist:cooperation=0.8"
    assert persona.controller.seating.agents[1].persona == {"cooperation": 0.8}
    assert Table("toy_where", seed=3).seat_kind(1) == "human"  # no seats given: a hot-seat table


def test_helper_and_what_if_seats_default_to_the_strategist():
    from ccg.agents import StrategistAgent
    from ccg.ui.whatif import what_if

    t = _table()
    t.play("roll")
    assert isinstance(t.controller.seating.helper, StrategistAgent)
    assert [box.value for box in t.wi_agents] == ["strategist", "strategist"]
    df = t.run_what_if(6, seed=4)
    assert df.equals(what_if(t.state, 6, seed=4, seat=t.view_seat))  # the dropdowns' default is what_if's
    assert df.equals(what_if(t.state, 6, agents=["strategist"] * 2, seed=4, seat=t.view_seat))
    assert not df.equals(what_if(t.state, 6, agents=["random"] * 2, seed=4, seat=t.view_seat))


def test_a_tab_added_later_is_wired_and_redrawn_with_the_others():
    import ipywidgets as W

    from ccg.ui.panels import Panel

    class PlyPanel(Panel):
        title = "Ply"

        def __init__(self, table):
            self.ply = W.HTML()
            self.again = W.Button(description="again")
            self.box = W.VBox([self.ply, self.again])

        def wire(self, table):
            self.again.on_click(table.guard(lambda _: table.play("roll")))

        def refresh(self, table):
            self.ply.value = f"ply {table.controller.state.ply}"

    t = _table()
    t.add_panel(PlyPanel(t), index=1)
    assert t.tab_titles[:3] == ["Play", "Ply", "History"] and t.tabs.children[1].children[0] is t.ply
    assert t.ply.value == "ply 0"
    t.again.click()
    assert t.state.ply == 1 and t.ply.value == "ply 1"
    t.back()
    assert t.ply.value == "ply 0"
