"""Uniformly random legal play, seeded."""
from __future__ import annotations

from ..core.action import Action
from ..core.rng import Rng
from ..core.state import GameState
from .base import Agent


class RandomAgent(Agent):
    """Picks a legal action uniformly at random from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = Rng(seed)

    def act(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal actions: the game is over")
        return legal[self._rng.below(len(legal))]
