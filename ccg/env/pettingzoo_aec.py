"""A PettingZoo AEC environment for any ccg game with an encoding (turn-based, irregular turn order).

Agents are ``player_0 … player_{n-1}`` (seat i). The seat to act is whoever the game says
(auctions, discards and trade answers jump around the table), so ``agent_selection`` follows
``state.current_player``. Observations are ``{"observation": float32 tensor, "action_mask": int8
mask}``; the mask is all zeros for an agent that is not to move. Rewards come once, at the end
(``reward="win"`` or ``"score"``, see :mod:`ccg.env.rewards`). ``max_cycles`` (optional) truncates
the game after ``max_cycles × players`` actions.

As PettingZoo's classic environments: :func:`env` wraps the raw environment in ``TerminateIllegalWrapper``
(an illegal index ends the game, the offender gets ``illegal_reward``), ``AssertOutOfBoundsWrapper`` and
``OrderEnforcingWrapper``; :func:`raw_env` is the bare environment (an illegal index raises
IllegalActionError and changes nothing). Each game has its own class, whose ``metadata["name"]`` is
``ccg_<game>_v0``.

``observation_format="box"`` makes the observation the tensor alone (a flat ``Box``, what SuperSuit's
wrappers and Box-only learners take) and puts the mask in ``infos[agent]["action_mask"]`` (where
``TerminateIllegalWrapper`` also looks); ``normalize=True`` scales the tensor into [-1, 1]
(:meth:`ccg.core.encoding.Encoding.normalized`). ``render_mode``: ``"ansi"``, ``"rgb_array"``, ``"human"``
(a spectator's view, :mod:`ccg.env.rendering`).
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ccg.core import Rng
from ccg.core.encoding import TENSOR_HIGH, TENSOR_LOW, encoding_for
from ccg.core.registry import check_players, check_seed, get_spec, new_game
from ccg.core.state import to_move

from .rendering import RENDER_MODES, check_render_mode, render
from .rewards import check_reward, episode_rewards

OBSERVATION_FORMATS = ("dict", "box")


def spaces_for(encoding, observation_format: str = "dict",
               normalize: bool = False) -> tuple[spaces.Space, spaces.Discrete]:
    """(observation space, action space) of one configuration."""
    low, high = (-1.0, 1.0) if normalize else (TENSOR_LOW, TENSOR_HIGH)
    tensor = spaces.Box(low, high, (encoding.tensor_size,), np.float32)
    if observation_format == "box":
        return tensor, spaces.Discrete(encoding.num_actions)
    obs = spaces.Dict({"observation": tensor, "action_mask": spaces.Box(0, 1, (encoding.num_actions,), np.int8)})
    return obs, spaces.Discrete(encoding.num_actions)


class CcgAECEnv(AECEnv):
    """``raw_env(game, players=, seed=, reward="win", render_mode=None, max_cycles=None, observation_format="dict",
    normalize=False, **options)``: one game's class is made by :func:`env_class` (``CcgAECEnv(game, …)`` also works
    and returns that class's instance)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2, "is_parallelizable": False, "name": "ccg_v0"}
    ccg_game = ""

    def __new__(cls, game: str | None = None, *args: Any, **kwargs: Any):
        if cls is CcgAECEnv and game is not None:
            cls = env_class(game)
        return super().__new__(cls)

    def __init__(self, game: str | None = None, players: int | None = None, seed: int | None = None,
                 reward: str = "win", render_mode: str | None = None, max_cycles: int | None = None,
                 observation_format: str = "dict", normalize: bool = False, **options: Any) -> None:
        super().__init__()
        game = game or self.ccg_game
        spec = get_spec(game)
        players = check_players(spec, players)
        check_render_mode(render_mode)
        if observation_format not in OBSERVATION_FORMATS:
            raise ValueError(f"observation_format must be one of {', '.join(OBSERVATION_FORMATS)}, "
                             f"got {observation_format!r}")
        if not isinstance(normalize, bool):
            raise ValueError(f"normalize must be True or False, got {normalize!r}")
        self.observation_format, self.normalize = observation_format, normalize
        if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(max_cycles, int)
                                       or max_cycles < 1):
            raise ValueError(f"max_cycles must be a whole number >= 1 or None, got {max_cycles!r}")
        self.game = game
        self.options = dict(options)
        self.reward_kind = check_reward(reward)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        probe = new_game(game, players=players, seed=0, **options)  # validates the options
        self.encoding = encoding_for(probe)
        self.possible_agents = [f"player_{i}" for i in range(players)]
        obs, act = spaces_for(self.encoding, observation_format, normalize)
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: act for a in self.possible_agents}
        self._seeds = Rng(check_seed(seed))
        self.state = probe
        self.agents: list[str] = []
        self._frame_sizes: dict[str, int] = {}  # rgb_array frames keep the first one's size

    # ---- spaces ---------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
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
        self.state = new_game(self.game, players=len(self.possible_agents), seed=game_seed, **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._actions = 0
        self.agent_selection = self.agents[to_move(self.state)]
        self._update_mask_info()

    def action_mask(self, agent: str) -> np.ndarray:
        """``agent``'s legal mask (int8 over the action universe; all zeros unless it is to move)."""
        seat = self.possible_agents.index(agent)
        state = self.state
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        if not state.is_terminal() and state.current_player == seat:
            mask[self.encoding.legal_indices(state)] = 1
        return mask

    def observe(self, agent: str) -> dict | np.ndarray:
        seat = self.possible_agents.index(agent)
        tensor = self.encoding.observation_tensor(self.state, seat)
        if self.normalize:
            tensor = self.encoding.normalized(tensor)
        if self.observation_format == "box":
            return tensor
        return {"observation": tensor, "action_mask": self.action_mask(agent)}

    def _update_mask_info(self) -> None:
        """In the box format the mask travels in ``infos[agent]["action_mask"]`` (the agent to move's is set)."""
        if self.observation_format == "box":
            for a in self.agents:
                self.infos[a] = dict(self.infos.get(a, {}), action_mask=self.action_mask(a))

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
            self.agent_selection = self.possible_agents[to_move(state)]
        self._update_mask_info()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ---- rendering ----------------------------------------------------------------------------------
    def render(self) -> str | np.ndarray | None:
        """``"ansi"``: the text summary; ``"rgb_array"``: the board as an image; ``"human"``: shown (a spectator's
        view, every hand visible: for a person watching, never an agent's input)."""
        return render(self.state, self.render_mode, sizes=self._frame_sizes)

    def close(self) -> None:
        pass


_CLASSES: dict[str, type] = {}


def env_class(game: str) -> type:
    """The AEC environment class of ``game`` (``metadata["name"] == "ccg_<game>_v0"`` on the class)."""
    cls = _CLASSES.get(game)
    if cls is None:
        get_spec(game)  # an unknown game fails here, with the registry's message
        metadata = dict(CcgAECEnv.metadata, name=f"ccg_{game}_v0")
        cls = _CLASSES[game] = type(f"ccg_{game}_v0", (CcgAECEnv,), {"metadata": metadata, "ccg_game": game,
                                                                     "__module__": __name__})
    return cls


def raw_env(game: str, **kwargs: Any) -> CcgAECEnv:
    """The bare AEC environment of ``game`` (an illegal index raises IllegalActionError, nothing changes)."""
    return env_class(game)(game, **kwargs)


def env(game: str, illegal_reward: float = -1.0, **kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's classic wrapper stack: TerminateIllegalWrapper (an illegal index
    ends the game, the offender gets ``illegal_reward``, the others 0), AssertOutOfBoundsWrapper,
    OrderEnforcingWrapper."""
    wrapped = wrappers.TerminateIllegalWrapper(raw_env(game, **kwargs), illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
