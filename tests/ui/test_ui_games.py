"""The table on every registered game: the synced board state is exactly the game's figure, and board
clicks narrow the actions through the customdata convention (location ids of Action.where)."""
import json

import pytest

import ccg
from ccg.ui import Table, location_of
from ccg.ui.board import board_figure, legal_targets
from ccg.ui.figure_view import figure_json

REAL = [g for g in ccg.list_games() if not g.startswith("toy")]


def _table_board(t) -> dict:
    """The board a Table shows: the game's figure with the legal targets and the clicked spot ringed."""
    return json.loads(figure_json(board_figure(t.state, t.view_seat, t.location, highlight=True)))["figure"]


def _synced_figure(widget) -> dict:
    """The figure a front end reads when it connects: the widget's synced state, not a message stream."""
    return json.loads(widget.get_state()["figure_json"])["figure"]


@pytest.mark.parametrize("game", REAL)
def test_table_redraw_matches_the_board_and_clicks_narrow(game):
    t = Table(game, seats=["human"] * ccg.describe(game)["default_players"], seed=2, autoplay=False)
    for _ in range(4):
        t.play(t.state.legal_actions()[-1])
    assert _synced_figure(t.board.widget) == _table_board(t)
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
                    rings = {tr.name: tr for tr in t.board.widget.data if tr.name in ("you can act here", "clicked")}
                    assert "clicked" in rings and _synced_figure(t.board.widget) == _table_board(t)
                    return
        t.play(bot.act(t.state))
    pytest.fail(f"in 150 moves of {game}, no clickable board point named a location of a legal action")


def test_every_redraw_syncs_the_whole_current_figure():
    """A front end that connects after any number of redraws (Voila, a reloaded tab) reads the current board."""
    t = Table("co2", seats=["human", "random", "random", "random"], seed=1)  # bots moved before any display
    assert t.state.ply > 0
    assert _synced_figure(t.board.widget) == _table_board(t)
    revision = t.board.widget.revision
    t.play(t.state.legal_actions()[0])
    assert t.board.widget.revision == revision + 1
    assert _synced_figure(t.board.widget) == _table_board(t)


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


@pytest.mark.parametrize("game", REAL)
def test_the_legal_targets_of_the_seat_to_move_are_ringed_for_its_own_view_only(game):
    n = ccg.describe(game)["default_players"]
    t = Table(game, seats=["human"] * n, seed=4, autoplay=False, teacher=True, view=0)
    from ccg.agents import RandomAgent

    bot = RandomAgent(seed=2)
    for _ in range(200):  # to a position where seat 0 is to move and acts on the board
        s = t.state
        if s.current_player == 0 and legal_targets(s, 0):
            break
        t.play(bot.act(s))
    fig = t.board.widget.figure
    rings = [tr for tr in fig.data if tr.name == "you can act here"]
    assert len(rings) == 1 and len(rings[0].x) >= 1
    drawn = {location_of(tr, i) for tr in fig.data if tr.customdata is not None for i in range(len(tr.customdata))}
    assert len(rings[0].x) == len(legal_targets(t.state, 0) & drawn)  # one ring per legal target drawn on the board
    t.set_view(1)  # another seat's view: where seat 0 may act could tell what it holds
    assert not [tr for tr in t.board.widget.figure.data if tr.name == "you can act here"]
