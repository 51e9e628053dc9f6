"""The table on every registered game: in-place redraws show exactly the game's figure, and board
clicks narrow the actions through the customdata convention (location ids of Action.where)."""
import pytest

import ccg
from ccg.ui import Table, location_of, redraw

REAL = [g for g in ccg.list_games() if not g.startswith("toy")]


def _strip(d):
    d = dict(d)
    d["data"] = [{k: v for k, v in t.items() if k != "uid"} for t in d["data"]]
    d["layout"] = {k: v for k, v in d["layout"].items() if k != "template"}
    return d


@pytest.mark.parametrize("game", REAL)
def test_table_redraw_matches_the_board_and_clicks_narrow(game):
    t = Table(game, seats=["human"] * ccg.describe(game)["default_players"], seed=2, autoplay=False)
    for _ in range(4):
        t.play(t.state.legal_actions()[-1])
    assert _strip(t.board.widget.to_dict()) == _strip(ccg.plot.board(t.state, seat=t.view_seat).to_dict())
    # play on (seeded random moves) until a clickable point names a location some legal action touches
    from ccg.agents import RandomAgent

    bot = RandomAgent(seed=5)
    for _ in range(150):
        if t.state.is_terminal():
            break
        touched = {w for a in t.state.legal_actions() for w in a.where}
        for trace in t.board.widget.data:
            n = len(trace.customdata) if trace.customdata is not None else 0
            for pi in range(n):
                loc = location_of(trace, pi)
                if loc in touched:
                    t.click(loc)  # through the FigureWidget's click message
                    assert t.location == loc and t.shown_actions()
                    assert all(loc in a.where for a in t.shown_actions())
                    return
        t.play(bot.act(t.state))
    pytest.fail(f"in 150 moves of {game}, no clickable board point named a location of a legal action")


def test_redraw_updates_changed_annotations_only():
    import plotly.graph_objects as go

    w = go.FigureWidget(go.Figure(layout=dict(annotations=[dict(text="a"), dict(text="b")])))
    first = w.layout.annotations[0]
    assert redraw(w, go.Figure(layout=dict(annotations=[dict(text="a"), dict(text="c", x=1)])))
    assert [a.text for a in w.layout.annotations] == ["a", "c"] and w.layout.annotations[1].x == 1
    assert w.layout.annotations[0] is first
    assert redraw(w, go.Figure(layout=dict(annotations=[dict(text="z")])))
    assert [a.text for a in w.layout.annotations] == ["z"]


@pytest.mark.skipif("co2" not in REAL, reason="CO2 is not registered")
def test_play_to_the_next_round_and_decade_from_protocol_data():
    t = Table("co2", seats=["human"] * 4, seed=2, autoplay=False)
    values = [v for _, v in t.until.options]
    assert "key:round" in values and "key:decade" in values
    decade = t.state.to_dict()["state"]["decade"]
    t.until.value = "key:decade"
    t.until_button.click()
    assert t.state.to_dict()["state"]["decade"] != decade
    assert t.slider.value == t.state.ply and t.slider.max == t.state.ply
