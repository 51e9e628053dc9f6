"""End-of-game rewards shared by the environments: the game's outcome, as a win or as a score margin."""
from __future__ import annotations

REWARDS = ("win", "score")


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
    return reward


def episode_rewards(state, reward: str = "win") -> list[float]:
    """Each seat's reward for a finished game.

    ``"win"``: ``state.returns()`` — 1 shared equally by the winners, 0 for everyone else (so 0 for all
    when the game has no winner: a lost CO2 planet, a lost Oil Springs island, Catan's turn limit).
    ``"score"``: the seat's final score (``state.scores()``: VP in CO2 and Catan, cash in Chicago
    Express) minus the mean score of all seats, so the rewards sum to 0.
    """
    if reward == "win":
        return [float(x) for x in state.returns()]
    scores = [float(x) for x in state.scores()]
    mean = sum(scores) / len(scores)
    return [x - mean for x in scores]
