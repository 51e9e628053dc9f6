"""ccg.simulate and the per-game seed derivation."""
import pytest

import ccg
from ccg.agents import RandomAgent, make_agent
from ccg.analysis import game_seeds


def test_simulate_rows_and_reproducibility():
    df = ccg.simulate("toy", players=3, n_games=12, seed=5)
    assert len(df) == 12 and list(df["game"]) == list(range(12))
    assert {"seed", "score_0", "score_1", "score_2", "winners", "n_winners", "actions", "truncated"} <= set(df.columns)
    assert not df["truncated"].any()
    assert (df["n_winners"] >= 1).all()
    again = ccg.simulate("toy", players=3, n_games=12, seed=5)
    assert df.equals(again)
    assert not df.equals(ccg.simulate("toy", players=3, n_games=12, seed=6))


def test_simulate_prefix_property():
    # a game's seed depends only on the root seed and its index
    a = ccg.simulate("toy", n_games=5, seed=1)
    b = ccg.simulate("toy", n_games=9, seed=1)
    assert a.equals(b.head(5))


def test_simulate_reports_the_safety_net():
    with pytest.warns(RuntimeWarning, match="safety net"):
        df = ccg.simulate("toy", n_games=3, seed=1, max_actions=2)
    assert df["truncated"].all() and (df["n_winners"] == 0).all()


def test_simulate_validates_arguments():
    with pytest.raises(ValueError, match="one entry per seat"):
        ccg.simulate("toy", players=2, agents=["random"])
    with pytest.raises(ValueError, match="n_games"):
        ccg.simulate("toy", n_games=-1)
    with pytest.raises(ValueError, match="unknown agent"):
        ccg.simulate("toy", players=2, agents=["random", "genius"])
    with pytest.raises(ValueError, match="unknown option"):
        ccg.simulate("toy", n_games=1, colour="red")


def test_game_seeds_are_stable():
    assert game_seeds(1, 3, 2) == game_seeds(1, 3, 2)
    assert game_seeds(1, 3, 2)[:2] == game_seeds(1, 2, 2)
    seeds = [g for g, _ in game_seeds(7, 100, 0)]
    assert len(set(seeds)) == 100


def test_make_agent_forms():
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent(RandomAgent, 1), RandomAgent)
    a = make_agent(RandomAgent(seed=3), 9)
    assert a.seed == 9
    with pytest.raises(ValueError):
        make_agent(42, 1)
