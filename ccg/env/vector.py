"""A batched API: N single-learner games stepped in one call, as a Gymnasium ``VectorEnv``.

>>> from ccg.env import vector_env
>>> envs = vector_env("co2", num_envs=8, players=2, opponents="random")
>>> obs, infos = envs.reset(seed=1)              # obs: (8, tensor length) float32
>>> masks = envs.action_masks()                   # (8, N) bool, one row per game
>>> obs, rewards, terminated, truncated, infos = envs.step(actions)   # actions: (8,) ints

It is Gymnasium's ``SyncVectorEnv`` over :class:`ccg.env.gym_single.CcgGymEnv` (one process: the engines are
pure Python, so a process per game only pays off for slow opponents — use ``AsyncVectorEnv`` with the same
constructors then) plus ``action_masks()`` for the whole batch. Sub-environment i is seeded ``seed + i``;
a finished game restarts on the next ``step`` (Gymnasium's next-step autoreset: that step's action for it is
ignored, and its mask row is all False until then). ``gym.make_vec("ccg/<game>-v0", num_envs=8)`` makes the
same batch without ``action_masks()`` (ask ``envs.call("action_masks")`` there).
"""
from __future__ import annotations

from functools import partial
from typing import Any, cast

import numpy as np
from gymnasium.vector import SyncVectorEnv

from .gym_single import CcgGymEnv


class CcgVectorEnv(SyncVectorEnv):
    """``num_envs`` copies of ``CcgGymEnv(game, **kwargs)`` stepped together (see the module docstring)."""

    def __init__(self, game: str, num_envs: int = 8, **kwargs: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number >= 1, got {num_envs!r}")
        super().__init__([partial(CcgGymEnv, game, **kwargs) for _ in range(num_envs)])
        self.game = game

    def action_masks(self) -> np.ndarray:
        """The legal masks of every game, ``(num_envs, N)`` bool."""
        return np.stack([cast(CcgGymEnv, env).action_masks() for env in self.envs])


def vector_env(game: str, num_envs: int = 8, **kwargs: Any) -> CcgVectorEnv:
    """``num_envs`` single-learner games of ``game`` as one Gymnasium VectorEnv (keyword arguments as ``gym_env``)."""
    return CcgVectorEnv(game, num_envs, **kwargs)
