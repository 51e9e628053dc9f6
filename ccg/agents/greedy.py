"""One-ply lookahead on the game's heuristic."""
from __future__ import annotations

from typing import Any

from ..core.action import Action
from ..core.rng import Rng
from ..core.state import GameState
from .base import Agent
from .evaluation import Heuristic, heuristic_for

_WIN = 1e12


class GreedyAgent(Agent):
    """Plays the action whose resulting position the game's heuristic rates best.

    The agent first determinizes the position from its own seat (so it never
    reads hidden cards), then evaluates every legal action's child with
    ``SPEC.heuristic(child, seat)``. A finished child counts as a win (shared
    wins proportionally) or a loss before the heuristic is consulted. An
    action that draws randomness (a die roll, a card draw: detected because the
    child's generator moved) is a chance action: its value is the mean over
    ``samples`` children with independently reseeded generators. Ties are
    broken by the agent's own seeded generator. With ``exact=True`` a chance action is valued by
    its exact outcomes instead (``state.chance_outcomes``: Σ probability × value; actions whose chance
    is too large to list are still sampled). ``heuristic(state, seat)``
    replaces the game's own evaluation when given (a module-level function in
    an importable file if the agent is to run on ``backend="processes"``).
    """

    name = "greedy"

    def __init__(self, samples: int = 4, heuristic: Heuristic | None = None, exact: bool = False,
                 seed: int = 0) -> None:
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
            raise ValueError(f"samples must be a whole number >= 1, got {samples!r}")
        if not isinstance(exact, bool):
            raise ValueError(f"exact must be true or false, got {exact!r}")
        super().__init__(seed)
        self.samples = samples
        self.heuristic = heuristic
        self.exact = exact
        self._rng = Rng(seed)

    def _config(self) -> dict[str, Any]:
        return {"samples": self.samples, "heuristic": self.heuristic, "exact": self.exact}

    def act(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal actions: the game is over")
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        assert seat is not None  # a state with legal actions has a seat to move
        heuristic = self.heuristic or heuristic_for(state.game)
        rng = self._rng
        root = state.determinize(seat, rng.next64())

        def value(child: GameState) -> float:
            v = heuristic(child, seat)
            if child.is_terminal():
                v += _WIN * child.returns()[seat] if seat in child.winners() else -_WIN
            return v

        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            child = root.child(action)
            v = value(child)
            # exact: every action is asked, since some chance never moves the generator (a card drawn
            # from a deck shuffled at setup)
            outcomes = root.chance_outcomes(action) if self.exact else None
            if outcomes is not None and len(outcomes) > 1:
                v = sum(o.probability * value(o.state) for o in outcomes)
            elif child.rng.state != root.rng.state and self.samples > 1:  # a chance action, sampled
                total = v
                for _ in range(self.samples - 1):
                    total += value(state.determinize(seat, rng.next64()).child(action))
                v = total / self.samples
            tol = 1e-12 * max(1.0, abs(v))
            if not best or v > best_value + tol:
                best, best_value = [action], v
            elif v >= best_value - tol:
                best.append(action)
        return best[rng.below(len(best))] if len(best) > 1 else best[0]
