"""Carbon Budget's own tests: the conformance suite of ccg (``ccg.testing``) and one test per rule (CB-…).

Run them where the game is installed: ``pip install -e .`` then ``pytest tests``.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from carbon_budget.rules import DECK

import ccg
import ccg.testing

CASES = ccg.testing.cases(["carbon_budget"])


@pytest.mark.parametrize("case", CASES, ids=[ccg.testing.case_id(c) for c in CASES])
def test_conformance(case):
    ccg.testing.run_case(case)


def test_every_rule_is_cited_in_the_code():
    assert ccg.testing.uncited_rules("carbon_budget", Path(__file__).parents[1] / "carbon_budget") == []


def test_setup_deals_three_secret_cards_from_the_24_card_deck():
    s = ccg.new_game("carbon_budget", players=4, seed=1)
    assert len(DECK) == 24 and all(len(h) == 3 for h in s.hands) and len(s.deck) == 12  # CB-1.1, CB-1.3
    assert s.budget == 14 and s.current_player == 0  # CB-1.2, CB-1.4
    seen = s.observation(1)["state"]
    assert seen["hands"][1] == s.hands[1] and seen["hands"][0] is None and seen["hand_sizes"] == [3, 3, 3, 3]


def _holding(card: str):
    """A fresh 2-player game whose seat 0 holds ``card``."""
    for seed in range(500):
        s = ccg.new_game("carbon_budget", players=2, seed=seed)
        if card in s.hands[0]:
            return s
    raise AssertionError(f"no seed deals {card} to seat 0")


def test_building_a_fossil_card_scores_and_takes_from_the_budget():
    s = _holding("F3")
    s.apply("build F3")  # CB-3.1
    assert s.vp[0] == 4 and s.budget == 11 and s.emitted[0] == 3 and len(s.hands[0]) == 3  # CB-2.2: drew


def test_building_a_green_card_scores_half_and_takes_nothing():
    s = _holding("G3")
    s.apply("build G3")  # CB-3.2
    assert s.vp[0] == 1 and s.budget == 14


def test_abating_adds_a_unit_and_the_card_stays_secret():
    s = _holding("F4")
    s.apply("abate F4")  # CB-4.1
    assert s.budget == 15 and s.abated[0] == ["F4"]
    assert s.observation(1)["state"]["abated"][0] is None and s.observation(1)["state"]["abated_counts"][0] == 1
    assert s.notation_seen_by("abate F4", 0, 1) == "abate ?"


def test_a_climate_shock_comes_with_a_six_at_the_end_of_a_round():
    shocks = 0
    for seed in range(40):
        s = ccg.new_game("carbon_budget", players=2, seed=seed, rules={"budget": 60})
        s.apply(s.legal_actions()[-1])
        before = s.budget
        s.apply(s.legal_actions()[-1])  # seat 1 abates: +1, then the round ends (CB-5.1)
        assert s.round == 1 and s.budget in (before + 1, before + 1 - 2)
        shocks += s.shocks
    assert 0 < shocks < 40


def test_an_exceeded_budget_ends_the_game_and_everyone_loses():
    s = _holding("F4")
    s = ccg.new_game("carbon_budget", players=2, seed=s.seed, rules={"budget": 3})
    s.apply("build F4")  # CB-6.1
    assert s.is_terminal() and s.lost and s.winners() == [] and s.budget == -1


def test_when_every_hand_is_empty_the_most_vp_win():
    s = ccg.new_game("carbon_budget", players=2, seed=3, rules={"budget": 100})
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])  # builds while hands last, empty hands are skipped (CB-2.3)
    assert not s.lost and not any(s.hands) and s.winners() == [p for p in (0, 1) if s.vp[p] == max(s.vp)]  # CB-6.2
