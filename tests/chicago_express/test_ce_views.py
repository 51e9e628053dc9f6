"""str(state), notation, the board figure and the SPEC hooks (outcome, heuristic, trajectory)."""
from __future__ import annotations

import pytest
from ce_agents import play
from ce_helpers import BOARD, NYC, H, after_openings, fund, new, refresh

import ccg
from ccg.core import IllegalActionError, get_spec


def test_ce_str_is_a_readable_summary():
    s = after_openings()
    text = str(s)
    assert "Seat 0 to choose an action" in text and "Meters: auction 0/3" in text and "Seat 0: $30" in text
    s.apply("auction NYC")
    assert "NYC share: no bid yet (minimum $4)" in str(s)
    end = play(new(3, seed=5), 5, policy="random", check=False)
    assert "Game over" in str(end) and "winner" in str(end)


def test_ce_notation_round_trips_and_parse_gives_specific_reasons():
    s = after_openings()
    fund(s, NYC, 1)
    refresh(s)
    for a in s.legal_actions():
        assert s.parse_action(str(a).upper()) is a
    s.apply("build nyc")
    with pytest.raises(IllegalActionError, match=r"NYC's treasury has \$1; R2 costs \$2"):
        s.parse_action("place NYC R2")
    with pytest.raises(IllegalActionError, match="this build action is for NYC"):
        s.apply("place PRR R4")
    with pytest.raises(IllegalActionError, match="no auction is running"):
        s.apply("bid 5")


def test_ce_where_lists_the_hexes_touched():
    s = after_openings()
    fund(s, NYC, 9)
    refresh(s)
    legal = s.legal_actions()
    chosen = [a for a in legal if a.kind in ("build", "auction")]
    assert chosen and all(len(a.where) == 1 for a in chosen)
    assert all(a.where == () for a in legal if a.kind == "forgo")
    s.apply("build NYC")
    places = [a for a in s.legal_actions() if a.kind == "place"]
    assert places and all(a.where == (a.args[1],) for a in places)


def test_ce_spec_hooks():
    spec = get_spec("chicago_express")
    assert (spec.min_players, spec.max_players, spec.default_players) == (2, 6, 4)
    assert {c.get("players") for c in spec.conformance_configs} >= {2, 3, 4, 5, 6}
    s = play(new(4, seed=9), 9, check=False)
    out = spec.outcome(s)
    assert out["dividend_phases"] == s.dividend_phases and out["end_reason"] == s.end_reason
    assert set(out) >= {"wabash_entered", "chicago_first", "income_NYC"}
    traj = spec.trajectory(s)
    assert traj["cash_0"] == s.cash[0] and "price_PRR" in traj and "income_Wabash" in traj
    h = [spec.heuristic(s, p) for p in range(4)]
    best = max(range(4), key=lambda p: s.cash[p])
    assert h[best] == max(h) and h[best] >= 0  # at the end the heuristic is the cash lead
    mid = after_openings()
    assert spec.heuristic(mid, 0) > spec.heuristic(mid, 1)  # seat 0 holds four shares


def test_ce_simulate_columns():
    df = ccg.simulate("chicago_express", players=3, n_games=3, seed=4, agents=["random"] * 3)
    assert len(df) == 3 and not df["truncated"].any()
    assert {"dividend_phases", "end_reason", "wabash_entered", "income_C&O"} <= set(df.columns)


def test_ce_plot_board_is_deterministic_and_complete():
    import ccg.plot

    s = play(new(4, seed=11), 11, check=False)
    fig = ccg.plot.board(s, seat=1)
    uids = [t.uid for t in fig.data]
    assert uids == [t.uid for t in ccg.plot.board(s, seat=1).data] and len(set(uids)) == len(uids)
    for uid in ["ce-terrain-forest", "ce-terrain-chicago", "ce-houses", "ce-trains-0", "ce-trains-3",
                "ce-table-companies", "ce-table-players", "ce-table-meters", "ce-table-industry"]:
        assert uid in uids
    trains = {t.uid: list(t.x).count(None) for t in fig.data if t.uid.startswith("ce-trains-")}  # one polygon each
    assert trains["ce-trains-2"] == s.network[NYC].bit_count()
    values = next(t for t in fig.data if t.uid == "ce-values")  # click targets: hex ids as in Action.where
    assert list(values.customdata) == list(BOARD.ids)
    mid = after_openings()
    where = {w for a in mid.legal_actions() for w in a.where}
    assert where and where <= set(values.customdata)
    houses = next(t for t in fig.data if t.uid == "ce-houses")
    assert list(houses.x).count(None) == s.house_mask.bit_count()
    assert fig.to_json() == ccg.plot.board(s, seat=1).to_json()
    from ccg.plot.chicago_express import board

    with pytest.raises(ValueError):
        board(object())


def test_ce_plot_hex_layout_flat_topped_odd_columns_lower():
    from ccg.plot.chicago_express import hex_centre

    ax, ay = hex_centre("A2")
    bx, by = hex_centre("B2")
    assert bx > ax and by < ay  # B is an odd column: half a hex lower (y grows upward in the figure)
    assert hex_centre("C2")[1] == ay


def test_ce_heuristic_guides_a_greedy_player_past_random_ones():
    from ccg.agents import GreedyAgent

    df = ccg.simulate("chicago_express", players=3, n_games=6, agents=[GreedyAgent, "random", "random"], seed=8)
    assert sum(0 in w for w in df["winners"]) >= 4


def test_ce_plot_layout_matches_the_board_adjacency():
    """Every neighbour pair of the data sits exactly one hex apart in the drawing, and no other pair does."""
    import math

    from ccg.games.chicago_express.board import BOARD
    from ccg.plot.chicago_express import hex_centre

    centres = [hex_centre(h) for h in BOARD.ids]
    step = math.sqrt(3.0)
    for i, (x, y) in enumerate(centres):
        near = {j for j, (u, v) in enumerate(centres) if j != i and abs(math.hypot(u - x, v - y) - step) < 1e-9}
        assert near == set(BOARD.neighbours[i]), BOARD.ids[i]


def test_ce_hand_made_action_without_where_is_accepted():
    from ccg.core import Action

    s = after_openings()
    fund(s, NYC, 5)
    refresh(s)
    s.apply(Action("build", ("NYC",)))
    s.apply(Action("place", ("NYC", "R2")))  # no 'where': matched on kind and args by the core
    assert s.history()[-1] == "place NYC R2"
    assert s.network[NYC] >> H["R2"] & 1 and s.trains_left[NYC] == 22
