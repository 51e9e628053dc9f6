"""Property tests and long random-play fuzzing with invariant checks (coins, CEP, resources,
plants, ppm consistent with the fossil plants built and removed, VP)."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ccg
from ccg.core import IllegalActionError, Rng
from ccg.games.co2.economy import GREEN0

CONFIG = st.fixed_dictionaries({
    "players": st.integers(1, 5),
    "variant": st.sampled_from(["random", "beginner", "normal", "expert", "extreme"]),
    "auction": st.booleans(),
    "draft": st.booleans(),
})


def _cfg(cfg):
    cfg = dict(cfg)
    if cfg["players"] == 1:
        cfg["auction"] = cfg["draft"] = False
    return cfg


def _play_checked(s, rng, limit=20_000, every=None):
    n = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal
        a = legal[rng.below(len(legal))]
        ppm, fossil_out, greens = s.ppm, s.fossil_out[:], sum(1 for k in s.space_kind if k >= GREEN0)
        s.apply(a)
        s.check_invariants()
        # ppm only falls when a green plant replaced a fossil plant, by exactly that plant's ppm
        if s.ppm < ppm:
            removed = [s.fossil_out[f] - fossil_out[f] for f in range(3)]
            assert sum(removed) == 1 and a.kind == "build"
            assert ppm - s.ppm == (s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"])[removed.index(1)]
        assert sum(1 for k in s.space_kind if k >= GREEN0) >= greens  # green plants are never removed
        assert s.scores() == s.vp
        if every is not None:
            every(s)
        n += 1
        assert n < limit
    return s


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=CONFIG, seed=st.integers(0, 2**32), pick=st.integers(0, 2**16))
def test_random_play_keeps_invariants(cfg, seed, pick):
    s = ccg.new_game("co2", seed=seed, **_cfg(cfg))
    end = _play_checked(s, Rng(pick))
    assert end.is_terminal() and end.current_player is None
    if end.lost:
        assert end.winners() == [] and end.ppm >= end.rules["ppm.lose"]
    else:
        assert end.winners()


def _assert_nothing_secret_in(s, seat, obs):
    """The others' lobby cards and draft packs (CO2-12.1) are counts and their company goals blanks
    (CO2-12.2.1) in ``seat``'s observation, and no face-down order appears anywhere in its text: the
    summit stack (CO2-2.8), the fossil stack (CO2-2.10), the events (CO2-2.17), the UN deck (CO2-17.3.2)."""
    view = obs["state"]
    for p in range(s.num_players):
        if p != seat:
            assert view["lobby"][p] == len(s.lobby[p]) and view["packs"][p] == len(s.packs[p])
            assert view["goal"][p] is None
    text = json.dumps(obs)
    face_down = {"lobby deck": s.lobby_deck, "summit stack": s.summit_stack, "UN goal deck": s.un_deck,
                 "events under the two shown": s.events[2:], "fossil stack order": s.fossil_stack}
    for what, order in face_down.items():
        if len(order) >= 5 and order != sorted(order):  # long enough not to appear by chance
            assert json.dumps(order)[1:-1] not in text, f"the {what} leaks into seat {seat}'s observation"


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=CONFIG, seed=st.integers(0, 2**32), plies=st.integers(0, 300), junk=st.text(max_size=20))
def test_positions_round_trip_hide_and_reject(cfg, seed, plies, junk):
    s = ccg.new_game("co2", seed=seed, **_cfg(cfg))
    r = Rng(seed)
    for _ in range(plies):
        if s.is_terminal():
            break
        a = s.legal_actions()
        s.apply(a[r.below(len(a))])
    assert ccg.load_state(s.to_json()).to_json() == s.to_json()
    for seat in range(s.num_players):
        obs = s.observation(seat)
        d = s.determinize(seat, seed % 1000)
        d.check_invariants()
        assert d.observation(seat) == obs
        _assert_nothing_secret_in(s, seat, obs)
    before = s.to_json()
    if junk.strip() and junk.strip().lower() not in {str(a).lower() for a in s.legal_actions()}:
        with pytest.raises(IllegalActionError):
            s.apply(junk)
        assert s.to_json() == before


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=CONFIG, seed=st.integers(0, 2**32))
def test_a_view_for_the_seat_to_move_has_the_real_legal_actions(cfg, seed):
    """``view_keeps_legal``: the seat to move decides on its own cards and the table (CO2-0.6), so its view's
    legal actions, listed afresh, are the real state's, in every decision of a random game (drafts, auctions,
    goal choices included); the view is handed the real list."""
    s = ccg.new_game("co2", seed=seed, **_cfg(cfg))
    r = Rng(seed)
    while not s.is_terminal():
        seat = s.current_player
        legal = s.legal_actions()
        view = s.determinize(seat, r.below(1000))
        assert view._legal_actions() == legal
        assert view.legal_actions() == legal
        s.apply(legal[r.below(len(legal))])


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_long_games_without_pollution_reach_the_last_decade(players):
    """With ppm set to 0 no game is lost: full-length games exercise every decade and final scoring."""
    rules = {"ppm.coal": 0, "ppm.oil": 0, "ppm.gas": 0}
    for seed in range(6):
        opts = {"auction": True, "draft": True} if players > 1 and seed % 2 else {}
        s = ccg.new_game("co2", players=players, seed=seed, rules=rules, **opts)
        end = _play_checked(s, Rng(seed * 7 + 1))
        assert not end.lost and end.winners()
        assert end.trajectory_rows[-1][0] == end.decade
        assert len(end.trajectory_rows) >= end.decade  # setup row + one per decade (+ the final row)
        frame = end.trajectory()
        assert list(frame.columns[:6]) == ["at", "decade", "ppm", "green", "fossil", "cep_price"]
        assert frame["at"].iloc[0] == "setup" and frame["at"].iloc[-1] == "end of game"
        assert frame[f"vp_{players - 1}"].iloc[-1] == end.vp[-1]
