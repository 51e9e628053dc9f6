"""The table on every registered game: the synced board state is exactly the game's figure, and board
clicks narrow the actions through the customdata convention (location ids of Action.where)."""
import json

import pytest

import ccg
from ccg.ui import Table, location_of
from ccg.ui.figure_view import figure_json

REAL = [g for g in ccg.list_games() if not g.startswith("toy")]


def _synced_figure(widget) -> dict:
    """The figure a front end reads when it connects: the widget's synced state, not a message stream."""
    return json.loads(widget.get_state()["figure_json"])["figure"]


@pytest.mark.parametrize("game", REAL)
def test_table_redraw_matches_the_board_and_clicks_narrow(game):
    t = Table(game, seats=["human"] * ccg.describe(game)["default_players"], seed=2, autoplay=False)
    for _ in range(4):
        t.play(t.state.legal_actions()[-1])
    expected = json.loads(figure_json(ccg.plot.board(t.state, seat=t.view_seat)))["figure"]
    assert _synced_figure(t.board.widget) == expected
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


def test_every_redraw_syncs_the_whole_current_figure():
    """A front end that connects after any number of redraws (Voila, a reloaded tab) reads the current board."""
    t = Table("co2", seats=["human", "random", "random", "random"], seed=1)  # bots moved before any display
    assert t.state.ply > 0
    assert _synced_figure(t.board.widget) == json.loads(figure_json(ccg.plot.board(t.state, seat=t.view_seat)))["figure"]
    revision = t.board.widget.revision
    t.play(t.state.legal_actions()[0])
    assert t.board.widget.revision == revision + 1
    assert _synced_figure(t.board.widget) == json.loads(figure_json(ccg.plot.board(t.state, seat=t.view_seat)))["figure"]


def test_play_to_the_next_round_and_decade_from_the_spec_milestones():
    t = Table("co2", seats=["human"] * 4, seed=2, autoplay=False)
    values = [v for _, v in t.until.options]
    assert "key:round" in values and "key:decade" in values
    decade = t.state.decade
    t.until.value = "key:decade"
    t.until_button.click()
    assert t.state.decade == decade + 1
    assert t.tree.state_at(t.tree.cursor.parent).decade == decade  # it stopped at the first move of the new decade
    assert t.slider.value == t.state.ply and t.slider.max == t.state.ply
