"""The Inspect tab speaks the rulebook's names, keeps secrets, and charts the game so far."""
from __future__ import annotations

import re

import pytest

from ccg.ui import Table
from ccg.ui.inspect import tables

GAMES = [("co2", {}), ("chicago_express", {}), ("catan", {"scenario": "oil_springs"})]


@pytest.mark.parametrize("game,options", GAMES, ids=[g for g, _ in GAMES])
def test_inspect_tables_use_names_not_fields_and_chart_the_game_so_far(game, options):
    t = Table(game, seats=["human", "random", "random", "random"], players=4, seed=3, **options)
    for _ in range(6):
        t.play_until("n", 3)
    t.tabs.selected_index = t.tab_titles.index("Inspect")  # the chart is drawn while its tab is open
    players, position = tables(t.state, t.view_seat)
    labels = [*map(str, players.columns), *map(str, players.index), *map(str, position.columns),
              *map(str, position.index)]
    assert not [x for x in labels if "_" in x], labels  # no field names such as goal_st, un_won
    text = t.players_html.value + t.globals_html.value
    assert not re.search(r"\d+ (items|entries)\b", text)  # no "exp 20 items"
    chart = t.inspect_tab.chart.widget.figure
    lines = [tr for tr in chart.data if tr.name and "seat" in tr.name]
    assert len(lines) == 4 and lines[0].x[-1] == t.state.ply  # one line per seat, up to the position shown
    if game == "co2":
        assert any(tr.name == "CO₂ (ppm)" and tr.y[-1] == t.state.ppm for tr in chart.data)
    if game == "chicago_express":
        assert [tr.y[-1] for tr in lines] == [float(c) for c in t.state.cash]


def test_inspect_keeps_other_seats_secrets():
    t = Table("co2", seats=["human", "random", "random", "random"], seed=3)
    players, _ = tables(t.state, 0)
    goals = players["company goal"].tolist()
    hands = players["lobby cards"].tolist()
    assert all(g in ("secret", "sold", "scored") for g in goals[1:])
    assert all(h.endswith(" cards") for h in hands[1:])
    referee, _ = tables(t.state, None)
    assert not any(h.endswith(" cards") for h in referee["lobby cards"].tolist())


def test_the_chart_waits_for_its_tab_and_follows_the_game_when_opened():
    t = Table("co2", seats=["human", "random", "random", "random"], seed=3)
    t.play_until("n", 5)
    assert t.inspect_tab.stale and t.inspect_tab.chart.widget.figure is None
    t.tabs.selected_index = t.tab_titles.index("Inspect")
    assert not t.inspect_tab.stale and t.inspect_tab.chart.widget.figure.data[0].x[-1] == t.state.ply
    t.play_until("n", 3)
    assert t.inspect_tab.chart.widget.figure.data[0].x[-1] == t.state.ply
