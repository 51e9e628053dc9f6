"""Property tests (hypothesis) and long random-play fuzzing with invariant checks after every action."""
from __future__ import annotations

import json

import pytest
from ce_agents import play
from ce_helpers import after_openings, give_share, set_income
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ccg
from ccg.core import IllegalActionError, Rng
from ccg.games.chicago_express.auction import minimum_price
from ccg.games.chicago_express.board import BOARD

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_ce_fuzz_200_random_games_all_player_counts():
    """Money, trains, shares, houses conserved; networks connected; incomes recomputed — after every action."""
    reasons = set()
    chicago = 0
    for seed in range(200):
        players = 2 + seed % 5
        policy = "biased" if seed % 2 else "random"
        s = play(ccg.new_game("chicago_express", players=players, seed=seed), seed, policy=policy,
                 check=seed % 4 < 2)
        s.check_invariants()
        assert s.is_terminal() and s.winners()
        assert all(type(x) is int for x in s.cash + s.treasury + s.income)  # CE-0.8 whole dollars
        assert s.dividend_phases <= 8
        reasons.update(s.end_reason.split("+"))
        chicago += bool(s.chicago)
    assert chicago >= 10, "the biased fuzzer should reach Chicago in many games"
    assert {"shares"} <= reasons


@FAST
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6),
       auction=st.integers(1, 6), build=st.integers(1, 8), dev=st.integers(1, 8),
       timing=st.sampled_from(["after_turn", "before_action"]))
def test_ce_property_any_meter_lengths_keep_invariants(seed, players, auction, build, dev, timing):
    rules = {"meter.auction": auction, "meter.build": build, "meter.development": dev, "dividend_timing": timing}
    s = ccg.new_game("chicago_express", players=players, seed=seed, rules=rules)
    play(s, seed, policy="biased")
    assert s.is_terminal()


@FAST
@given(seed=st.integers(0, 2**40), players=st.integers(2, 6), cut=st.integers(0, 400))
def test_ce_property_json_round_trip_and_rejection_changes_nothing(seed, players, cut):
    s = ccg.new_game("chicago_express", players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(cut):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    text = s.to_json()
    assert ccg.load_state(text).to_json() == text
    for bad in ("bid 100000", "bid -1", "place PRR A2", "develop E0", "auction Wabash", "build C&O", "stop", "pass"):
        if bad in map(str, s.legal_actions()) or s.is_terminal():
            continue
        with pytest.raises(IllegalActionError) as e:
            s.apply(bad)
        assert len(str(e.value)) > 10
        assert s.to_json() == text


@given(income=st.integers(0, 200), out=st.integers(0, 6))
def test_ce_property_minimum_price_formula(income, out):
    """CE-5.2 with CE-0.7: the smallest whole m with m * (out + 1) >= income."""
    m = minimum_price(income, out)
    assert m * (out + 1) >= income and (m - 1) * (out + 1) < income


@settings(max_examples=40, deadline=None)
@given(income=st.integers(1, 150), holdings=st.lists(st.integers(0, 3), min_size=2, max_size=6))
def test_ce_property_dividend_rounds_per_share_then_multiplies(income, holdings):
    """CE-9.2: D = ceil(I / S) per share, each holder D x shares."""
    from ccg.games.chicago_express.dividends import pay_dividend

    n = len(holdings)
    s = after_openings(n)
    s.add_share(0, 3, -s.shares_held(0, 3))  # take back seat 0's C&O share
    s.shares_left[3] = 6
    holdings = [min(h, 6) for h in holdings]
    while sum(holdings) > 6:
        holdings[holdings.index(max(holdings))] -= 1
    for p, h in enumerate(holdings):
        if h:
            give_share(s, p, 3, h)
    set_income(s, 3, income)
    before = s.cash[:]
    paid = pay_dividend(s, 3)
    total = sum(holdings)
    per = -(-income // total) if total else 0
    assert paid == per * total
    assert [s.cash[p] - before[p] for p in range(n)] == [per * h for h in holdings]
    s.check_invariants()


@pytest.mark.parametrize("rules", [
    {"meter.auction": 0}, {"meter.build": "5"}, {"no.such.rule": 1}, {"industry.wheeling.start": 9},
    {"dividend_timing": "sometimes"}, {"cash.4": -1}, {"bid_increment": 0}, "meter.build=5",
])
def test_ce_rules_overrides_are_validated(rules):
    with pytest.raises(ValueError):
        ccg.new_game("chicago_express", players=4, seed=1, rules=rules)


def test_ce_rules_overrides_take_effect():
    s = ccg.new_game("chicago_express", players=3, seed=1,
                     rules={"cash.3": 50, "meter.auction": 1, "start_income.NYC": 12, "chicago_income": 10})
    assert s.cash == [50] * 3 and s.meter_lengths == (1, 5, 4) and s.income[2] == 12 and s.rules["chicago_income"] == 10
    assert ccg.describe("chicago_express")["rules"]["meter.build"]["default"] == 5
    assert "UNVERIFIED" in ccg.describe("chicago_express")["rules"]["meter.build"]["doc"]


def test_ce_board_data_has_provenance_and_flags_doubtful_values():
    raw = BOARD.raw
    for h, e in raw["hexes"].items():
        for field in ("terrain", "cost", "income", "house", "neighbours"):
            assert e["source"][field] in raw["sources"], (h, field)
    flagged = {(h, f) for h, e in raw["hexes"].items() for f in e.get("doubtful", {})}
    for item in [("J2", "cost"), ("L6", "cost"), ("M6", "cost"), ("N4", "house"), ("N8", "cost"), ("O5", "cost"),
                 ("O6", "cost"), ("O8", "cost"), ("A2", "income")]:
        assert item in flagged
    assert "doubtful" in raw["industry"]["wheeling"] and "doubtful" in raw["industry"]["pittsburgh"]


def test_ce_observation_is_everything_and_determinize_only_reseeds():
    """CE-0.9 (reading): no hidden information; cash is public."""
    s = ccg.new_game("chicago_express", players=4, seed=3)
    play(s, 3, policy="random", check=False)
    obs = s.observation(2)
    assert obs["state"] == json.loads(json.dumps(s._state_dict()))
    d = s.determinize(2, 99)
    assert d._state_dict() == s._state_dict() and d.rng.state != s.rng.state
