"""The agent protocol and the factory that turns names into agents."""
from __future__ import annotations

import copy
from typing import Any

from ..core.action import Action
from ..core.state import GameState


class Agent:
    """Base class: ``act(state)`` returns a legal action for ``state.current_player``.

    Agents are seeded; ``spawn(seed)`` returns an equally configured agent with
    a new seed, which is how simulations give every game its own stream.
    """

    name = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, state: GameState) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def spawn(self, seed: int) -> "Agent":
        new = copy.copy(self)
        new.__init__(**{**self._config(), "seed": seed})  # type: ignore[misc]
        return new

    def _config(self) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in {**self._config(), "seed": self.seed}.items())
        return f"{type(self).__name__}({args})"


_NAMES: dict[str, str] = {"random": "RandomAgent"}


def register_agent(name: str, class_name: str) -> None:
    """Make ``name`` usable in ``agents=[...]`` lists and on the command line."""
    _NAMES[name] = class_name


def make_agent(spec: Any, seed: int) -> Agent:
    """An agent from a name ('random'), an Agent instance (re-seeded) or an Agent class."""
    from .. import agents as package

    if isinstance(spec, Agent):
        return spec.spawn(seed)
    if isinstance(spec, type) and issubclass(spec, Agent):
        return spec(seed=seed)
    if isinstance(spec, str):
        key = spec.strip().lower()
        if key not in _NAMES:
            from ..core.rules import unknown_name_error

            raise unknown_name_error("agent", spec, _NAMES)
        return getattr(package, _NAMES[key])(seed=seed)
    raise ValueError(f"an agent must be a name, an Agent or an Agent class, got {spec!r}")
