"""Gymnasium ids ``ccg/<game>-v0``, registered when ``ccg`` is imported (if Gymnasium is installed).

``gym.make("ccg/co2-v0", players=3)`` then works after ``import ccg`` alone; the environment's module
(``ccg.env.gym_single``) is imported only when an environment is made.

Registering imports Gymnasium itself (about 0.05 CPU-s on top of what ``import ccg`` loads anyway, numpy
included): Gymnasium 1.x has no lazy way to register, since it dropped the ``gymnasium.envs`` entry-point
plugins in 1.0, so an id exists only once code that imports Gymnasium has run, and registering only when
Gymnasium happens to be imported first would make ``gym.make`` depend on the order of the imports.
"""
from __future__ import annotations

from ccg.core.registry import list_games

ENTRY_POINT = "ccg.env.gym_single:CcgGymEnv"


def gym_id(game: str) -> str:
    return f"ccg/{game}-v0"


def register_gymnasium() -> list[str]:
    """Register ``ccg/<game>-v0`` for every installed game (idempotent); [] when Gymnasium is not installed."""
    try:
        import gymnasium as gym  # optional: the rl extra
    except ImportError:
        return []

    ids = []
    for game in list_games():
        env_id = gym_id(game)
        if env_id not in gym.registry:
            gym.register(env_id, entry_point=ENTRY_POINT, kwargs={"game": game})
        ids.append(env_id)
    return ids
