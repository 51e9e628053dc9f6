"""The turn-limit safety net: a position that can never progress still ends, visibly, with no winner."""
import pytest

import ccg
from ccg.core import Rng, get_spec


def play_random(state, seed):
    rng = Rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def test_turn_limit_ends_without_a_winner_and_is_reported():
    s = play_random(ccg.new_game("catan", players=3, seed=2, rules={"turn_limit": 10}), 5)
    assert s.is_terminal() and s.winners() == [] and s.turn == 10
    assert get_spec("catan").outcome(s)["turn_limit_end"] is True
    s.check_invariants()
    assert ccg.load_state(s.to_json()).is_terminal()


def test_a_flooded_island_that_cannot_progress_still_ends():
    """Seed found by the benchmarks: floods and disasters left no building next to a producing hex, the game would
    loop."""
    s = play_random(ccg.new_game("catan", players=4, seed=14, scenario="oil_springs"), 14 ^ 0x5EED)
    assert s.winners() == [] and get_spec("catan").outcome(s)["turn_limit_end"] is True
    standing = [x for x, owner in enumerate(s.node_owner) if owner >= 0]
    # nothing left that could ever produce: every building that survived the floods touches destroyed hexes only
    assert all(s.numbers[h] == 0 for x in standing for h in s.board.node_hexes[x])


def test_normal_games_are_not_cut_short():
    for seed in range(5):
        s = play_random(ccg.new_game("catan", players=4, seed=seed), seed)
        assert get_spec("catan").outcome(s)["turn_limit_end"] is False and s.winners()


def test_turn_limit_is_validated():
    with pytest.raises(ValueError, match="turn_limit"):
        ccg.new_game("catan", rules={"turn_limit": 1})
