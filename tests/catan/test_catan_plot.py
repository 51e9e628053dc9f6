"""The Plotly board drawing: every element present, hands hidden for a seat, deterministic uids."""
from __future__ import annotations

import ccg
from ccg.core.rng import Rng


def _mid_game(scenario="oil_springs", steps=700, seed=2):
    s = ccg.new_game("catan", players=4, seed=seed, scenario=scenario)
    r = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[r.below(len(legal))])
    return s


def test_board_has_every_layer_and_stable_uids():
    s = _mid_game()
    fig = ccg.plot.board(s)
    uids = [t.uid for t in fig.data]
    assert len(set(uids)) == len(uids) and all(u.startswith("catan-") for u in uids)
    for need in ("catan-hexes", "catan-springs", "catan-harbours", "catan-roads-0", "catan-settlement-0",
                 "catan-city-0", "catan-metropolis-0", "catan-disaster-marker", "catan-disaster-track",
                 "catan-players", "catan-nodes"):
        assert need in uids
    assert uids == [t.uid for t in ccg.plot.board(s).data]
    table = fig.data[-1]
    headers = [str(h).lower() for h in table.header.values]  # the rulebook's capitalised names (Oil, Longest Road)
    assert "oil" in headers and "longest road" in headers


def test_board_hides_other_hands_for_a_seat():
    s = _mid_game(scenario=None, steps=300)
    fig = ccg.plot.board(s, seat=0)
    cards = fig.data[-1].cells.values[2]
    assert all(c.isdigit() for c in cards[1:])
    vp = fig.data[-1].cells.values[1]
    assert str(vp[1]).endswith("+?")
