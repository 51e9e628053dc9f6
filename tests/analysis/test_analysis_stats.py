"""Tournament method: Wilson intervals, shared wins as fractions, seat rotation."""
from __future__ import annotations

import math

import pandas as pd
import pytest

import ccg
from ccg.analysis import wilson
from ccg.analysis.tournament import win_table


def test_wilson_matches_the_textbook_formula():
    # 5 of 10: centre 0.5, half-width z*sqrt(.025+z²/400)/(1+z²/10)
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    # 0 of 20: lower bound 0, upper z²/(n+z²)
    lo, hi = wilson(0, 20)
    z2 = 1.959963984540054 ** 2
    assert lo == 0.0 and hi == pytest.approx(z2 / (20 + z2))
    assert wilson(0, 0) == (0.0, 1.0)
    # fractional wins are fine and monotone
    assert wilson(2.5, 10)[0] < wilson(3, 10)[0]


def test_win_table_counts_shared_wins_as_fractions_and_follows_rotation():
    games = pd.DataFrame([
        {"winners": (0,), "entry_0": 0, "entry_1": 1, "score_0": 4, "score_1": 0},    # entry 0 wins
        {"winners": (0,), "entry_0": 1, "entry_1": 0, "score_0": 4, "score_1": 2},    # rotated: entry 1 wins
        {"winners": (0, 1), "entry_0": 0, "entry_1": 1, "score_0": 3, "score_1": 3},  # tie: half each
        {"winners": (), "entry_0": 1, "entry_1": 0, "score_0": 1, "score_1": 1},      # everyone lost
    ])
    t = win_table(games, ["x", "y"])
    assert list(t.wins) == [1.5, 1.5] and list(t.games) == [4, 4]
    assert t.win_rate[0] == pytest.approx(0.375) and t.ratio[0] == pytest.approx(0.75)
    assert (t.ci_low < t.win_rate).all() and (t.win_rate < t.ci_high).all()
    assert not t.beats_fair.any()
    assert list(t.mean_score) == [(4 + 2 + 3 + 1) / 4, (0 + 4 + 3 + 1) / 4]
    # top score counted even when nobody won (last game: a tie on score -> half each)
    assert list(t.top_rate) == [(1 + 0 + 0.5 + 0.5) / 4, (0 + 1 + 0.5 + 0.5) / 4]
    assert (t.top_ci_low <= t.top_rate).all() and (t.top_rate <= t.top_ci_high).all()


def test_tournament_rotates_seats_and_wins_sum_to_decided_games():
    table, games = ccg.tournament("toy", ["random", "random", "random"], n_games=9, seed=1, return_games=True)
    for seat in range(3):
        assert sorted(games[f"entry_{seat}"]) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    decided = sum(1 for w in games.winners if w)
    assert table.wins.sum() == pytest.approx(decided)
    assert list(table.columns[:4]) == ["entry", "agent", "games", "wins"]
    assert math.isclose(table.fair_share[0], 1 / 3)


def test_tournament_is_reproducible_and_validates():
    a = ccg.tournament("toy", ["greedy", "random"], n_games=6, seed=3)
    b = ccg.tournament("toy", ["greedy", "random"], n_games=6, seed=3)
    pd.testing.assert_frame_equal(a, b)
    with pytest.raises(ValueError, match="one entry per seat"):
        ccg.tournament("toy", ["greedy", "random"], n_games=4, players=3)
    with pytest.raises(ValueError, match="unknown agent"):
        ccg.tournament("toy", ["greedy", "rnadom"], n_games=4)
    with pytest.raises(ValueError, match="n_games"):
        ccg.tournament("toy", ["greedy", "random"], n_games=0)


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 10_000), frac=st.floats(0, 1))
def test_wilson_interval_properties(n, frac):
    wins = frac * n
    lo, hi = wilson(wins, n)
    assert 0.0 <= lo <= wins / n + 1e-12 and wins / n - 1e-12 <= hi <= 1.0
    # more games with the same rate: a narrower interval
    lo4, hi4 = wilson(wins * 4, n * 4)
    assert hi4 - lo4 <= hi - lo + 1e-12
