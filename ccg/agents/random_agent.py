"""Uniformly random legal play, seeded."""
from __future__ import annotations

from ..core.action import Action
from ..core.rng import Rng
from ..core.state import GameState
from .base import Agent


class LegalActions:
    """All a uniformly random player is handed of a position: the seat to move's own options, nothing else.

    Fair by construction like a seat view (nothing hidden is reachable through it) at a fraction of the cost:
    a seat view resamples every hidden card, which is 5-30x the pick itself."""

    __slots__ = ("_legal", "current_player")

    def __init__(self, state: GameState) -> None:
        self._legal = state.legal_actions()
        self.current_player = state.current_player

    def legal_actions(self) -> list[Action]:
        return list(self._legal)


class RandomAgent(Agent):
    """Picks a legal action uniformly at random from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = Rng(seed)

    def seat_view(self, state: GameState) -> GameState:
        """The seat to move's legal actions only (:class:`LegalActions`): all ``act`` reads."""
        if self.referee or not isinstance(state, GameState) or state.view_seat is not None:
            return state
        return LegalActions(state)  # type: ignore[return-value]  # duck-typed: act reads legal_actions() only

    def act(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal actions: the game is over")
        return legal[self._rng.below(len(legal))]
