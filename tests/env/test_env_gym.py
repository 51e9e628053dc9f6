"""The Gymnasium single-learner environment: Gymnasium's env_checker and the mask contract."""
from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ccg
from ccg.agents import StrategistAgent
from ccg.core import IllegalActionError
from ccg.env import gym_env
from ccg.env.gym_single import GYM_IDS

# None: the default opponents (the strategist in every other seat)
CASES = [("chicago_express", 2, "greedy"), ("chicago_express", 4, None), ("chicago_express", 5, "random"),
         ("co2", 1, "random"), ("co2", 2, None), ("co2", 4, "greedy"), ("catan", 3, "random"), ("catan", 4, None),
         ("catan", 6, "random")]


@pytest.mark.parametrize("game,players,opponent", CASES, ids=[f"{g}-{p}p-{o or 'default'}" for g, p, o in CASES])
def test_gymnasium_env_checker(game, players, opponent):
    chosen = {} if opponent is None else {"opponents": opponent}
    env = gym.make(f"ccg/{game}-v0", players=players, seat=players - 1, seed=2, **chosen)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures here
        check_env(env.unwrapped)  # render checks included: every mode of metadata, made from the spec


def test_the_default_opponents_are_the_strategist():
    env = gym_env("catan", players=4, seed=3)
    env.reset(seed=3)
    assert env.opponent_specs == ["strategist"] * 3
    assert sorted(env._opponents) == [1, 2, 3]
    assert all(isinstance(a, StrategistAgent) for a in env._opponents.values())


def test_opponents_nobody_chose_are_strategists():
    assert gym_env("chicago_express", players=3).opponent_specs == ["strategist", "strategist"]


def test_ids_are_registered_for_every_game():
    assert sorted(GYM_IDS) == ["ccg/catan-v0", "ccg/chicago_express-v0", "ccg/co2-v0"]


def test_masked_random_episode_ends_with_the_learners_outcome():
    env = gym_env("chicago_express", seat=1, opponents="greedy", players=3, seed=5)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(1)
    total, done, steps = 0.0, False, 0
    while not done:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"]) and mask.any()
        assert env.state.current_player == 1
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        done = term or trunc
        steps += 1
    assert term and total == env.state.returns()[1]
    assert not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_same_seed_same_episode_opponents_included():
    def run():
        env = gym_env("catan", seat=0, opponents=["greedy", "random"], players=3)
        env.reset(seed=9)
        for _ in range(30):
            env.step(int(np.flatnonzero(env.action_masks())[0]))
        return env.state.to_json()

    assert run() == run()


def test_invalid_actions_penalty_or_raise():
    env = gym_env("co2", opponents="random", players=2, seed=1)
    env.reset(seed=1)
    before = env.state.to_json()
    bad = int(np.flatnonzero(~env.action_masks())[0])
    obs, reward, term, trunc, info = env.step(bad)
    assert reward == -1.0 and info["invalid_action"] and not term and env.state.to_json() == before
    strict = gym_env("co2", opponents="random", players=2, seed=1, invalid_action="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(bad)


def test_bad_arguments_are_refused():
    for kwargs in ({"seat": 4}, {"opponents": ["random"] * 3, "players": 2}, {"opponents": "nobody"},
                   {"invalid_action": "ignore"}, {"reward": "cash"}, {"max_steps": -1}):
        with pytest.raises(ValueError):
            gym_env("chicago_express", **kwargs)


def test_render_ansi_is_the_text_summary():
    env = gym_env("catan", players=3, opponents="random", render_mode="ansi")
    env.reset(seed=4)
    assert env.render() == str(env.state)
    _ = ccg
