"""Board clicks: every location a legal action touches is a clickable point of the Catan view
(customdata, the ccg.ui.board convention), and the view is readable for 6 players."""
from __future__ import annotations

import ccg
from ccg.core.rng import Rng
from ccg.ui.board import location_of


def _clickable(fig) -> set[str]:
    out = set()
    for trace in fig.data:
        data = getattr(trace, "customdata", None)
        for i in range(0 if data is None else len(data)):
            loc = location_of(trace, i)
            if loc:
                out.add(loc)
    return out


def test_every_action_location_is_clickable():
    s = ccg.new_game("catan", players=4, seed=3, scenario="oil_springs")
    r = Rng(3)
    clickable = _clickable(ccg.plot.board(s))
    g = s.board.geo
    assert clickable == set(g.hex_ids) | set(g.node_ids) | set(g.edge_ids)
    for _ in range(250):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        for a in legal:
            assert set(a.where) <= clickable, a
        s.apply(legal[r.below(len(legal))])


def test_six_players_have_distinct_colours_and_legend_entries():
    from ccg.plot.catan import PLAYER_COLOURS, TERRAIN_COLOURS

    s = ccg.new_game("catan", players=6, seed=1, scenario="oil_springs")
    fig = ccg.plot.board(s)
    assert len(set(PLAYER_COLOURS)) == 6 and not set(PLAYER_COLOURS) & set(TERRAIN_COLOURS.values())
    names = [t.name for t in fig.data if getattr(t, "showlegend", False)]
    for p in range(6):
        assert any(f"(seat {p})" in n for n in names)
    assert fig.data[-1].cells.values[0][s.current_player].endswith("to act")
