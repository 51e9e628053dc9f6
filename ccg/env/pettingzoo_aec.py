"""A PettingZoo AEC environment for any ccg game with an encoding (turn-based, irregular turn order).

Agents are ``player_0 … player_{n-1}`` (seat i). The seat to act is whoever the game says
(auctions, discards and trade answers jump around the table), so ``agent_selection`` follows
``state.current_player``. Observations are ``{"observation": float32 tensor, "action_mask": int8
mask}``; the mask is all zeros for an agent that is not to move. Rewards come once, at the end
(``reward="win"`` or ``"score"``, see :mod:`ccg.env.rewards`). ``max_cycles`` (optional) truncates
the game after ``max_cycles × players`` actions.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import ccg
from ccg.core import Rng
from ccg.core.encoding import TENSOR_HIGH, TENSOR_LOW, encoding_for
from ccg.core.registry import check_players, check_seed, get_spec

from .rewards import check_reward, episode_rewards

RENDER_MODES = ("ansi", "human")


def spaces_for(encoding) -> tuple[spaces.Dict, spaces.Discrete]:
    """(observation space, action space) of one configuration."""
    obs = spaces.Dict({
        "observation": spaces.Box(TENSOR_LOW, TENSOR_HIGH, (encoding.tensor_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (encoding.num_actions,), np.int8),
    })
    return obs, spaces.Discrete(encoding.num_actions)


class CcgAECEnv(AECEnv):
    """``ccg.env.pettingzoo_env(game, players=, seed=, reward="win", render_mode=None, max_cycles=None, **options)``."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4, "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, seed: int | None = None, reward: str = "win",
                 render_mode: str | None = None, max_cycles: int | None = None, **options: Any) -> None:
        super().__init__()
        spec = get_spec(game)
        players = check_players(spec, players)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}")
        if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(max_cycles, int)
                                       or max_cycles < 1):
            raise ValueError(f"max_cycles must be a whole number >= 1 or None, got {max_cycles!r}")
        self.game = game
        self.options = dict(options)
        self.reward_kind = check_reward(reward)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        probe = ccg.new_game(game, players=players, seed=0, **options)  # validates the options
        self.encoding = encoding_for(probe)
        self.metadata = dict(self.metadata, name=f"ccg_{game}_v0")
        self.possible_agents = [f"player_{i}" for i in range(players)]
        obs, act = spaces_for(self.encoding)
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: act for a in self.possible_agents}
        self._seeds = Rng(check_seed(seed))
        self.state = probe
        self.agents = []

    # ---- spaces ---------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # ---- the AEC loop -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: ``seed`` is the game's seed (``ccg.new_game(…, seed=seed)``); without one, the next
        seed of the environment's own generator (seeded by the constructor or the last ``reset(seed=)``)."""
        if seed is not None:
            self._seeds = Rng(check_seed(seed))
            game_seed = seed
        else:
            game_seed = self._seeds.next64() >> 1
        self.state = ccg.new_game(self.game, players=len(self.possible_agents), seed=game_seed, **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._actions = 0
        self.agent_selection = self.agents[self.state.current_player]

    def observe(self, agent: str) -> dict:
        seat = self.possible_agents.index(agent)
        state = self.state
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        if not state.is_terminal() and state.current_player == seat:
            mask[self.encoding.legal_indices(state)] = 1
        return {"observation": self.encoding.observation_tensor(state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        state = self.state
        state.apply(self.encoding.action_from_index(state, action))  # IllegalActionError: nothing changes
        self._actions += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_terminal():
            for a, r in zip(self.possible_agents, episode_rewards(state, self.reward_kind)):
                self.rewards[a] = r
                self.terminations[a] = True
        elif self.max_cycles is not None and self._actions >= self.max_cycles * len(self.possible_agents):
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ---- rendering ----------------------------------------------------------------------------------
    def render(self) -> str | None:
        """``"ansi"``: the text summary (returned); ``"human"``: the Plotly board, displayed in the notebook."""
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        if self.render_mode == "ansi":
            return str(self.state)
        from IPython.display import display

        display(ccg.plot.board(self.state))
        return None

    def close(self) -> None:
        pass
