"""Two simple seeded players of Catan's Oil Springs scenario, for its notebook: random play that
sequesters when it may (with a chance), and random play that never sequesters (OIL-9.1)."""
from __future__ import annotations

from typing import Any

from ..core.action import Action
from ..core.rng import Rng
from ..core.state import GameState
from .base import Agent


class SequesteringRandomAgent(Agent):
    """When sequestering is legal (OIL-9.1), does it with probability ``p``; otherwise uniformly random."""

    name = "random+sequester"

    def __init__(self, seed: int = 0, p: float = 0.5) -> None:
        super().__init__(seed)
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p must be a probability, got {p!r}")
        self.p = p
        self._rng = Rng(seed)

    def _config(self) -> dict[str, Any]:
        return {"p": self.p}

    def act(self, state: GameState) -> Action:
        legal = state.legal_actions()
        for a in legal:
            if a.kind == "sequester" and self._rng.random() < self.p:
                return a
        return legal[self._rng.below(len(legal))]


class NeverSequesteringRandomAgent(Agent):
    """Plays uniformly at random among the legal actions other than sequestering."""

    name = "random-never-sequester"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = Rng(seed)

    def act(self, state: GameState) -> Action:
        legal = [a for a in state.legal_actions() if a.kind != "sequester"]
        return legal[self._rng.below(len(legal))]
