"""No figure the UI sends carries NaN or ±inf: every game's board through a whole game, every what-if chart,
and the FigureView itself refuses such a figure (JSON has no NaN; Plotly would draw nonsense)."""
from __future__ import annotations

import math

import pytest

import ccg
from ccg.agents import RandomAgent
from ccg.core.registry import get_spec
from ccg.ui import FigureView, NonFiniteFigureError, Table, outcome_figure, what_if
from ccg.ui.figure_view import find_non_finite

REAL = [g for g in ccg.list_games() if not g.startswith("toy")]
SETUPS = [(g, {}) for g in REAL] + [("catan", {"scenario": "oil_springs"})]


@pytest.mark.parametrize("game,options", SETUPS, ids=[f"{g}{'-' + '-'.join(o.values()) if o else ''}" for g, o in SETUPS])
def test_boards_of_a_whole_game_are_finite_for_every_view(game, options):
    s = ccg.new_game(game, players=ccg.describe(game)["default_players"], seed=5, **options)
    bot = RandomAgent(seed=5)
    limit = get_spec(game).max_actions
    positions = []
    while not s.is_terminal() and s.ply < limit:
        if s.ply % 150 == 0:
            positions.append(s.clone())
        s.apply(bot.act(s))
    positions.append(s)  # the end of the game (or the safety limit)
    for p in positions:
        for seat in (None, 0, p.num_players - 1):
            fig = ccg.plot.board(p, seat=seat)
            assert find_non_finite(fig.to_plotly_json()) is None, (game, p.ply, seat)


@pytest.mark.parametrize("game,options", SETUPS, ids=[f"{g}{'-' + '-'.join(o.values()) if o else ''}" for g, o in SETUPS])
def test_what_if_charts_are_finite_even_with_empty_outcome_columns(game, options):
    s = ccg.new_game(game, players=ccg.describe(game)["default_players"], seed=3, **options)
    for n in (0, 1, 8):
        df = what_if(s, n, seed=3, agents=["random"] * s.num_players)  # random play leaves outcome columns empty
        fig = outcome_figure(df, s.num_players)
        assert find_non_finite(fig.to_plotly_json()) is None, (game, n)


def test_chicago_express_what_if_skips_the_column_no_game_fills():
    """chicago_first is empty in every game (random players never reach Chicago); it once became a
    NaN 'share' sent to the browser."""
    t = Table("chicago_express", seats=["human", "random", "random", "random"], seed=1)
    df = t.run_what_if(n_games=20, seed=3, agents=["random"] * 4)
    assert df["chicago_first"].isna().all()
    names = [tr.name for tr in t.wi_chart.data]
    assert "chicago_first" not in str([tr.x for tr in t.wi_chart.data]) and "win share" in names
    assert "nan" not in t.wi_summary.value.lower()


def test_the_figure_view_refuses_non_finite_numbers_and_names_where():
    import plotly.graph_objects as go

    view = FigureView()
    with pytest.raises(NonFiniteFigureError, match=r"layout\.annotations\[0\]\.x"):
        view.show(go.Figure(layout=dict(annotations=[dict(x=math.inf, y=0, text="a")])))
    assert view.figure_json == "" and view.figure is None  # nothing was sent
    import numpy as np

    view.show(go.Figure(go.Scatter(x=np.arange(3), y=np.array([1.0, 2.0, 3.0]))))  # numpy values are fine
    with pytest.raises(NonFiniteFigureError):
        view.show(go.Figure(go.Histogram(x=np.array([1.0, np.nan]))))
