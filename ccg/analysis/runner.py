"""Play one game with agents; derive reproducible per-game seeds from one root seed."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from ..agents.base import Agent
from ..core.state import GameState, to_move


@dataclass
class PlayResult:
    state: GameState
    actions: int
    truncated: bool  # the safety-net action limit was hit before the game ended


def play(
    state: GameState,
    agents: Sequence[Agent],
    max_actions: int = 100_000,
    on_step: Callable[[GameState], None] | None = None,
) -> PlayResult:
    """Play ``state`` forward in place with one agent per seat until the end or ``max_actions``.

    ``on_step(state)`` is called after every action (trajectories use it).
    """
    if len(agents) != state.num_players:
        raise ValueError(f"need one agent per seat ({state.num_players}), got {len(agents)}")
    n = 0
    while not state.is_terminal():
        if n >= max_actions:
            return PlayResult(state, n, True)
        state.apply(agents[to_move(state)].act(state))
        n += 1
        if on_step is not None:
            on_step(state)
    return PlayResult(state, n, False)


def game_seed(root: int, key: tuple[int, ...], n_agents: int) -> tuple[int, list[int]]:
    """(game seed, one seed per agent) for the game at spawn ``key`` under ``root``.

    ``SeedSequence(root, spawn_key=key)`` is exactly the child that
    ``SeedSequence(root).spawn(...)`` produces at that position, computed
    directly, so any worker can derive any game's seeds on its own.
    """
    words = np.random.SeedSequence(root, spawn_key=tuple(key)).generate_state(1 + n_agents, dtype=np.uint64)
    return int(words[0]) >> 1, [int(w) >> 1 for w in words[1:]]


def game_seeds(root: int, n_games: int, n_agents: int) -> list[tuple[int, list[int]]]:
    """For each game: (game seed, one seed per agent), spawned from ``root`` with SeedSequence.

    The seeds depend only on ``root`` and the game's index, never on how the
    games are distributed over workers.
    """
    return [game_seed(root, (i,), n_agents) for i in range(n_games)]
