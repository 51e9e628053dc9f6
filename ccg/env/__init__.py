"""Standard environments for game-AI research: PettingZoo (AEC), Gymnasium (one learner) and OpenSpiel.

>>> from ccg.env import pettingzoo_env, gym_env
>>> env = pettingzoo_env("chicago_express", players=3, seed=1)        # PettingZoo AEC, classic wrappers
>>> raw = pettingzoo_env("chicago_express", players=3, wrapped=False) # the bare AEC environment
>>> g = gym_env("catan", seat=0, opponents=["strategist"], seed=1)   # Gymnasium, action_masks()
>>> import gymnasium as gym; gym.make("ccg/co2-v0", players=2)       # ids registered by `import ccg`
>>> import ccg.env.openspiel                                          # registers python_ccg_<game>

Every game's action universe and observation tensor come from its ``SPEC.encoding`` module
(``state.action_index``, ``state.legal_mask``, ``state.observation_tensor``); see
docs/environments.md. These adapters need the ``rl`` extra (``pip install -e '.[rl]'``).
"""
from __future__ import annotations

from typing import Any

__all__ = ["pettingzoo_env", "gym_env", "vector_env", "episode_rewards", "REWARDS"]

from .rewards import REWARDS, episode_rewards


def pettingzoo_env(game: str, players: int | None = None, seed: int | None = None, wrapped: bool = True,
                   **kwargs: Any):
    """A PettingZoo AEC environment of ``game``: with PettingZoo's classic wrapper stack
    (:func:`ccg.env.pettingzoo_aec.env`), or the bare one with ``wrapped=False`` (:func:`~ccg.env.pettingzoo_aec.raw_env`)."""
    from .pettingzoo_aec import env, raw_env  # optional: PettingZoo (the rl extra) loads when asked for

    return (env if wrapped else raw_env)(game, players=players, seed=seed, **kwargs)


def gym_env(game: str, seat: int = 0, opponents: Any = ("strategist",), players: int | None = None,
            seed: int | None = None, **kwargs: Any):
    """A Gymnasium environment: one learner at ``seat`` against ccg agents (:class:`ccg.env.gym_single.CcgGymEnv`)."""
    from .gym_single import CcgGymEnv  # optional: Gymnasium (the rl extra) loads when asked for

    return CcgGymEnv(game, seat=seat, opponents=opponents, players=players, seed=seed, **kwargs)


def vector_env(game: str, num_envs: int = 8, **kwargs: Any):
    """N single-learner games stepped in one call: a Gymnasium VectorEnv (:class:`ccg.env.vector.CcgVectorEnv`)."""
    from .vector import CcgVectorEnv  # optional: Gymnasium (the rl extra) loads when asked for

    return CcgVectorEnv(game, num_envs, **kwargs)
