"""The CO2 board drawing (ccg.plot.board)."""
from __future__ import annotations

import json

import pytest

import ccg
import ccg.plot
from ccg.core import Rng


def _mid_game(seed=2, plies=80):
    s = ccg.new_game("co2", players=4, seed=seed)
    r = Rng(1)
    for _ in range(plies):
        a = s.legal_actions()
        s.apply(a[r.below(len(a))])
    return s


def test_board_has_every_part_and_fixed_uids():
    s = _mid_game()
    f = ccg.plot.board(s)
    uids = [t.uid for t in f.data]
    assert uids == ["co2-demand", "co2-projects", "co2-scientists", "co2-summits", "co2-gauge", "co2-market",
                    "co2-expertise"]
    assert len(f.data[0].x) == 27  # every demand space
    assert len(f.data[1].x) == 18  # every project space
    text = json.dumps(f.to_plotly_json()["layout"], default=str)
    for word in ("North America", "Summit 1", "CO2 ppm", "Market", "agenda", "decade"):
        assert word in text
    assert f.to_json() == ccg.plot.board(s).to_json()  # deterministic


def test_board_hides_other_seats_secrets():
    s = _mid_game()
    text = json.dumps(ccg.plot.board(s, seat=0).to_plotly_json()["layout"]["annotations"])
    for p in range(1, 4):
        if s.goal_status[p] == 0:
            assert f"goal {s.goal[p]}" not in text
    full = json.dumps(ccg.plot.board(s).to_plotly_json()["layout"]["annotations"])
    assert "hidden" not in full
    with pytest.raises(ValueError):
        ccg.plot.board(s, seat=9)


def test_board_of_finished_and_solo_games():
    for players in (1, 5):
        s = ccg.new_game("co2", players=players, seed=3)
        r = Rng(2)
        while not s.is_terminal():
            a = s.legal_actions()
            s.apply(a[r.below(len(a))])
        f = ccg.plot.board(s)
        assert "game over" in f.layout.title.text
