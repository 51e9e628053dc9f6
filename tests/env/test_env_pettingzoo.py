"""PettingZoo AEC environments: PettingZoo's own test suite for every game and player count."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from env_helpers import player_counts
from pettingzoo.test import api_test, render_test, seed_test

import ccg
from ccg.core import IllegalActionError
from ccg.env import pettingzoo_env

COUNTS = player_counts()
# cycles per run: enough to leave the setup phases, small enough for make test (long runs: make fuzz)
CYCLES = 25


@pytest.mark.parametrize("game,players", COUNTS, ids=[f"{g}-{p}p" for g, p in COUNTS])
def test_pettingzoo_api_and_seed_tests(game, players):
    with warnings.catch_warnings():
        # PettingZoo warns that Dict observations are not arrays, as for its own classic games
        warnings.filterwarnings("ignore", message="Observation")
        api_test(pettingzoo_env(game, players=players, seed=1), num_cycles=CYCLES)
        seed_test(lambda: pettingzoo_env(game, players=players), num_cycles=CYCLES)


def _play(env, seed, pick):
    env.reset(seed=seed)
    steps = 0
    for _agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        env.step(pick(obs["action_mask"]))
        steps += 1
    return steps


def test_a_whole_game_ends_with_the_outcome_as_rewards():
    """Chicago Express, 2 players, first legal index every time: rewards at the end equal the state's
    returns, everyone terminated, and the same seed replays the same game (the env's state equals
    ccg.new_game with that seed and the same actions)."""
    env = pettingzoo_env("chicago_express", players=2)
    totals = {}
    env.reset(seed=7)
    actions = []
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if term or trunc:
            env.step(None)
            continue
        assert obs["action_mask"].any()
        assert obs["observation"].shape == env.observation_space(agent)["observation"].shape
        a = int(np.flatnonzero(obs["action_mask"])[0])
        actions.append(env.encoding.actions[a])
        env.step(a)
    assert not env.agents
    state = ccg.new_game("chicago_express", players=2, seed=7)
    for text in actions:
        state.apply(text)
    assert state.is_terminal()
    assert [totals[f"player_{p}"] for p in range(2)] == state.returns()


def test_score_rewards_sum_to_zero_and_follow_the_scores():
    env = pettingzoo_env("chicago_express", players=3, reward="score", wrapped=False)
    env.reset(seed=3)
    got = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        got[agent] = got.get(agent, 0.0) + reward
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
    scores = env.state.scores()
    assert sum(got.values()) == pytest.approx(0.0)
    assert [got[f"player_{p}"] for p in range(3)] == pytest.approx([s - sum(scores) / 3 for s in scores])


@pytest.mark.parametrize("game,players", COUNTS, ids=[f"{g}-{p}p" for g, p in COUNTS])
def test_max_cycles_truncates_every_agent(game, players):
    """The AEC half of PettingZoo's max_cycles_test, for a game whose turn order is irregular: after
    max_cycles x players actions every agent is truncated and is iterated once more (its dead step).
    PettingZoo's max_cycles_test itself needs a parallel env, which turn-based games cannot offer
    (aec_to_parallel requires every agent to act once per cycle in seat order; is_parallelizable is False)."""
    max_cycles = 4
    env = pettingzoo_env(game, players=players, max_cycles=max_cycles)
    assert env.metadata["is_parallelizable"] is False
    env.reset(seed=players)
    rng = np.random.default_rng(players)
    live, dead = 0, {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            assert trunc and not term, "a random game does not end within 4 cycles"
            dead[agent] = dead.get(agent, 0) + 1
            env.step(None)
            continue
        assert not dead, "an agent acted after another was truncated"
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        live += 1
    assert live == max_cycles * players
    assert dead == dict.fromkeys(env.possible_agents, 1) and not env.agents


def test_only_the_seat_to_move_gets_a_mask_and_illegal_indices_change_nothing():
    env = pettingzoo_env("co2", players=3, seed=2, wrapped=False)
    env.reset(seed=2)
    mover = env.agent_selection
    for agent in env.possible_agents:
        assert env.observe(agent)["action_mask"].any() == (agent == mover)
    before = env.state.to_json()
    illegal = int(np.flatnonzero(env.observe(mover)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    assert env.state.to_json() == before


def test_render_modes_and_bad_arguments():
    env = pettingzoo_env("chicago_express", players=2, render_mode="ansi", wrapped=False)
    env.reset(seed=1)
    assert env.render() == str(env.state)
    for kwargs in ({"render_mode": "rgb"}, {"reward": "vp"}, {"max_cycles": 0}, {"players": 9}, {"colour": 1}):
        with pytest.raises(ValueError):
            pettingzoo_env("chicago_express", **kwargs)


def test_reset_without_seed_continues_from_the_last_seed():
    a, b = pettingzoo_env("catan", players=4, wrapped=False), pettingzoo_env("catan", players=4, wrapped=False)
    a.reset(seed=11)
    b.reset(seed=11)
    a.reset()
    b.reset()
    assert a.state.to_json() == b.state.to_json()
    a.reset(seed=11)
    assert a.state.to_json() == ccg.new_game("catan", players=4, seed=11).to_json()


@pytest.mark.parametrize("game,players", [("chicago_express", 2), ("co2", 2), ("catan", 3)])
def test_pettingzoo_render_test(game, players):
    """PettingZoo's own render_test: every render mode in metadata ("ansi" returns a str, "human" displays)."""
    render_test(lambda render_mode=None: pettingzoo_env(game, players=players, seed=1, render_mode=render_mode))
