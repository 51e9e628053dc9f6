"""Property tests and long random-play fuzzing with invariant checks.

Invariants (ccg/games/catan/invariants.py) are checked after every action:
resource cards + bank conserved, development cards conserved, pieces and
piece limits, the distance rule, oil supply + holdings + sequestered +
removed conserved, marker/pending consistency, Longest Road recomputed from
scratch, holders of the special cards. Here we add a VP recount from the
board and a few whole-game properties.
"""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ccg
from ccg.core.rng import Rng
from ccg.games.catan import SPEC
from ccg.games.catan.data import VP_CARD

EXPLORE = os.environ.get("HYPOTHESIS_PROFILE") == "explore"  # `make fuzz`: more whole games
CONFIGS = [dict(c) for c in SPEC.conformance_configs] + [
    {"players": 4, "scenario": "oil_springs", "layout": "variable"},
    {"players": 3, "scenario": "oil_springs", "rules": {"oil.open_use_and_sequester": True, "oil.no_limit": True}},
    {"players": 4, "rules": {"combined_trade_build": True, "trade_offers_per_turn": 3}},
]


def recount_vp(s, p: int) -> int:
    """VP from scratch: the board, the special cards, VP cards, sequestration (CAT-11.1, OIL-10.1)."""
    v = 0
    for n in range(s.board.n_node):
        if s.node_owner[n] == p:
            v += (0, 1, 2, 3)[s.node_level[n]]
    v += 2 * (s.longest_road_holder == p) + 2 * (s.largest_army_holder == p) + s.dev[p * 5 + VP_CARD]
    if s.oil_springs:
        v += s.sequestered[p] // 3 + (s.champion == p)
    return v


def play(cfg: dict, seed: int, check_every: int = 1):
    s = ccg.new_game("catan", seed=seed, **cfg)
    rng = Rng(seed ^ 0x5EED)
    n = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal and len(set(map(str, legal))) == len(legal)
        s.apply(legal[rng.below(len(legal))])
        n += 1
        if n % check_every == 0:
            s.check_invariants()
            for p in range(s.num_players):
                assert s.vp(p) == recount_vp(s, p)
        assert n < SPEC.max_actions, "random play must end naturally"
    s.check_invariants()
    return s, n


@settings(max_examples=30 if EXPLORE else 6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), cfg=st.sampled_from(CONFIGS))
def test_random_games_keep_every_invariant(seed, cfg):
    s, n = play(cfg, seed)
    won = s.winners()
    if s.turn >= s.rules["turn_limit"]:
        # Random play can strand a board (disasters destroyed a seat's towns, the
        # others are out of roads): the documented "turn_limit" net ends it with no winner.
        assert won == [] and not s.lost and s.over
        return
    if s.oil_springs:
        assert s.lost or (won and s.vp(won[0]) >= s.vp_to_win)
        if s.lost:
            assert won == [] and len(s.destroyed) == s.oil_destroyed_to_end
    else:
        assert len(won) == 1 and s.vp(won[0]) >= s.vp_to_win


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**40), steps=st.integers(0, 400), cfg=st.sampled_from(CONFIGS[:4]))
def test_clone_json_and_determinize_at_random_points(seed, steps, cfg):
    s = ccg.new_game("catan", seed=seed, **cfg)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    c = s.clone()
    assert c.to_json() == s.to_json()
    assert ccg.load_state(s.to_json()).to_json() == s.to_json()
    if not s.is_terminal():
        c.apply(c.legal_actions()[-1])
        assert ccg.load_state(s.to_json()) == s
    for seat in range(s.num_players):
        d = s.determinize(seat, seed % 1000)
        d.check_invariants()
        assert d.observation(seat) == s.observation(seat)
        # resource totals per type over the other seats are kept
        others = [p for p in range(s.num_players) if p != seat]
        for r in range(5):
            assert sum(d.hand[p * 5 + r] for p in others) == sum(s.hand[p * 5 + r] for p in others)


@pytest.mark.fuzz
def test_long_fuzz_many_games():
    """Long random-play fuzzing: 3 games per configuration, invariants checked every 3 actions."""
    total = 0
    for i, cfg in enumerate(CONFIGS):
        for k in range(3):
            _, n = play(cfg, 1000 + 17 * i + k, check_every=3)
            total += n
    assert total > 10_000
