"""A user's own agent class, defined outside ccg.agents (and importable without side effects,
so that spawned worker processes can unpickle it)."""
from __future__ import annotations

from ccg.agents import Agent


class FirstLegalAgent(Agent):
    """A user's own agent, defined outside ccg.agents: always the first legal action."""

    name = "first"

    def __init__(self, skip: int = 0, seed: int = 0) -> None:
        super().__init__(seed)
        self.skip = skip

    def act(self, state):
        legal = state.legal_actions()
        return legal[min(self.skip, len(legal) - 1)]

    def _config(self):
        return {"skip": self.skip}
