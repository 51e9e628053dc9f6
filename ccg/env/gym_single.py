"""A Gymnasium environment: one learner at a seat, ccg agents in the other seats.

``step(action)`` plays the learner's action (an index of the configuration's action universe), then
the opponents until it is the learner's turn again or the game ends. The observation is the
learner's ``observation_tensor``; ``action_masks()`` (what sb3-contrib's MaskablePPO asks for) and
``info["action_mask"]`` give the legal mask. The reward is 0 until the end, then the learner's
share of :func:`ccg.env.rewards.episode_rewards`.

An index that is not legal (an unmasked sample) changes nothing: with ``invalid_action="penalty"``
(the default, so that unmasked samplers and ``check_env`` work) the step returns reward
``invalid_penalty`` and ``info["invalid_action"] = True``; with ``"raise"`` it raises
IllegalActionError. ``max_steps`` truncates an episode after that many learner steps (invalid ones
included).

``normalize=True`` scales the observation into [-1, 1] (:meth:`ccg.core.encoding.Encoding.normalized`;
the space's bounds become ±1). ``render_mode``: ``"ansi"`` (text), ``"rgb_array"`` (the board from the
learner's seat as an ``(H, W, 3)`` uint8 array, for video wrappers) or ``"human"`` (see
:mod:`ccg.env.rendering`).

Through Gymnasium's wrappers (``gym.make`` adds some) ask for the mask with
``env.get_wrapper_attr("action_masks")()`` or ``env.unwrapped.action_masks()``; ``info["action_mask"]``
passes through every wrapper.
"""
from __future__ import annotations

from typing import Any, Sequence

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ccg.agents import DEFAULT_AGENT, make_agent
from ccg.core import Rng
from ccg.core.encoding import TENSOR_HIGH, TENSOR_LOW, encoded_games, encoding_for
from ccg.core.registry import check_players, check_seed, get_spec, new_game
from ccg.core.state import to_move

from .registration import gym_id, register_gymnasium
from .rendering import RENDER_MODES, check_render_mode, render
from .rewards import check_reward, episode_rewards


class CcgGymEnv(gym.Env):
    """``ccg.env.gym_env(game, seat=0, opponents=("strategist",), players=None, seed=None, reward="win", **options)``.

    ``opponents``: one agent spec (name, Agent or Agent class) per other seat, in seat order, or a
    single spec used for all of them (default: the strategist, ``ccg.agents.DEFAULT_AGENT``).
    Opponents are re-seeded from the game's seed at every reset, so an episode replays exactly
    from its seed.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(self, game: str, seat: int = 0, opponents: Any = (DEFAULT_AGENT,), players: int | None = None,
                 seed: int | None = None, reward: str = "win", render_mode: str | None = None,
                 max_steps: int | None = None, invalid_action: str = "penalty", invalid_penalty: float = -1.0,
                 normalize: bool = False, **options: Any) -> None:
        spec = get_spec(game)
        specs = [opponents] if isinstance(opponents, str) or not isinstance(opponents, Sequence) else list(opponents)
        if players is None:
            players = spec.default_players if len(specs) == 1 else len(specs) + 1
        players = check_players(spec, players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, got {seat!r}")
        if len(specs) == 1:
            specs = specs * (players - 1)
        if len(specs) != players - 1:
            raise ValueError(f"opponents: {players - 1} agents needed for {players} players, got {len(specs)}")
        for s in specs:
            make_agent(s, 0)  # fails now, with the agent's own message, rather than at the first step
        check_render_mode(render_mode)
        if not isinstance(normalize, bool):
            raise ValueError(f"normalize must be True or False, got {normalize!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise ValueError(f"max_steps must be a whole number >= 1 or None, got {max_steps!r}")
        if invalid_action not in ("penalty", "raise"):
            raise ValueError(f"invalid_action must be 'penalty' or 'raise', got {invalid_action!r}")
        if isinstance(invalid_penalty, bool) or not isinstance(invalid_penalty, (int, float)):
            raise ValueError(f"invalid_penalty must be a number, got {invalid_penalty!r}")
        self.invalid_action, self.invalid_penalty = invalid_action, float(invalid_penalty)
        self.game, self.seat, self.players = game, seat, players
        self.opponent_specs = specs
        self.options = dict(options)
        self.reward_kind = check_reward(reward)
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.state = new_game(game, players=players, seed=0, **options)
        self.encoding = encoding_for(self.state)
        self.normalize = normalize
        low, high = (-1.0, 1.0) if normalize else (TENSOR_LOW, TENSOR_HIGH)
        self.observation_space = spaces.Box(low, high, (self.encoding.tensor_size,), np.float32)
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self._seeds = Rng(check_seed(seed))
        self._opponents: dict[int, Any] = {}
        self._steps = 0
        self._frame_sizes: dict[str, int] = {}  # rgb_array frames keep the first one's size

    # ---- gymnasium API --------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = Rng(check_seed(seed))
            game_seed = seed
        else:
            game_seed = self._seeds.next64() >> 1
        self.state = new_game(self.game, players=self.players, seed=game_seed, **self.options)
        others = [p for p in range(self.players) if p != self.seat]
        seeds = Rng(game_seed + 1)
        self._opponents = {p: make_agent(s, seeds.next64() >> 1) for p, s in zip(others, self.opponent_specs)}
        self._steps = 0
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action: Any):
        state = self.state
        if state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        self._steps += 1
        try:
            chosen = self.encoding.action_from_index(state, action)
        except ValueError:  # IllegalActionError or an index outside the universe: nothing changes
            if self.invalid_action == "raise":
                raise
            truncated = self.max_steps is not None and self._steps >= self.max_steps
            return self._observation(), self.invalid_penalty, False, truncated, dict(self._info(), invalid_action=True)
        state.apply(chosen)
        self._play_opponents()
        terminated = state.is_terminal()
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        reward = episode_rewards(state, self.reward_kind)[self.seat] if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), float(reward), terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        """The learner's legal mask (bool, over the action universe); all False once the game is over."""
        if self.state.is_terminal():
            return np.zeros(self.encoding.num_actions, dtype=bool)
        return self.encoding.legal_mask(self.state)

    def render(self) -> str | np.ndarray | None:
        """``"ansi"``: the text summary; ``"rgb_array"``: the board from the learner's seat; ``"human"``: shown."""
        return render(self.state, self.render_mode, seat=self.seat, sizes=self._frame_sizes)

    # ---- helpers ------------------------------------------------------------------------------------------
    def _play_opponents(self) -> None:
        state = self.state
        while not state.is_terminal() and state.current_player != self.seat:
            state.apply(self._opponents[to_move(state)].act(state))

    def _observation(self) -> np.ndarray:
        x = self.encoding.observation_tensor(self.state, self.seat)
        return self.encoding.normalized(x) if self.normalize else x

    def _info(self) -> dict:
        return {"action_mask": self.action_masks()}


def register_ids() -> list[str]:
    """The Gymnasium ids (``ccg/<game>-v0``) of the games with an encoding; ``import ccg`` registers them
    (:mod:`ccg.env.registration`), this registers any game installed since."""
    register_gymnasium()
    return [gym_id(g) for g in encoded_games()]


GYM_IDS = register_ids()
