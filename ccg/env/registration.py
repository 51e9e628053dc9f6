"""Gymnasium ids ``ccg/<game>-v0``, registered when ``ccg`` is imported (if Gymnasium is installed).

``gym.make("ccg/co2-v0", players=3)`` then works after ``import ccg`` alone; the environment's module
(``ccg.env.gym_single``) is imported only when an environment is made.
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
