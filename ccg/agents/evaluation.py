"""Position evaluation shared by the agents: a game's heuristic, and values in [0, 1] per seat.

Each game may give ``SPEC.heuristic(state, seat) -> float`` (higher is better
for ``seat``). Games without one fall back to the score margin: the seat's
score minus the best other score. Agents only ever evaluate determinized
states, so a heuristic may read every field of the state it is given.
"""
from __future__ import annotations

from typing import Callable

from ..core.registry import get_spec
from ..core.state import GameState

Heuristic = Callable[[GameState, int], float]


def score_margin(state: GameState, seat: int) -> float:
    """Fallback heuristic: own score minus the best score of the others."""
    scores = state.scores()
    others = [s for p, s in enumerate(scores) if p != seat]
    return float(scores[seat] - (max(others) if others else 0.0))


def heuristic_for(game: str) -> Heuristic:
    """The registered game's heuristic, or :func:`score_margin` when it has none."""
    try:
        spec = get_spec(game)
    except ValueError:
        return score_margin
    return spec.heuristic or score_margin


def heuristics_for(game: str, heuristic: Heuristic | None = None) -> Callable[[GameState], list[float]]:
    """A function giving every seat's heuristic value at once.

    With ``heuristic`` given (a user's own), it is called once per seat;
    otherwise the game's one-pass ``SPEC.heuristics`` is used when it has one.
    """
    if heuristic is None:
        try:
            spec = get_spec(game)
        except ValueError:
            spec = None
        if spec is not None and spec.heuristics is not None and spec.heuristic is not None:
            return spec.heuristics
        heuristic = heuristic_for(game)
    h = heuristic

    def per_seat(state: GameState) -> list[float]:
        return [h(state, p) for p in range(state.num_players)]

    return per_seat


def leaf_values(state: GameState, values: Callable[[GameState], list[float]], lead_weight: float = 0.8) -> list[float]:
    """One value in [0, 1] per seat, used to back up an MCTS simulation.

    Terminal: the game's returns (1 per winner shared equally; all 0 when
    everyone lost). Otherwise the heuristic values (``values(state)``, one per
    seat, e.g. from :func:`heuristics_for`) are turned into a scale-free
    estimate: ``lead_weight`` × (1 for the leader, shared among tied leaders)
    + (1 − ``lead_weight``) × the seat's rank among the others (0 last, 1 first).
    Scale-free, because the heuristics of different games are in different units.
    """
    if state.is_terminal():
        return state.returns()
    n = state.num_players
    h = values(state)
    best = max(h)
    leaders = [p for p in range(n) if h[p] == best]
    out = []
    for p in range(n):
        lead = 1.0 / len(leaders) if h[p] == best else 0.0
        if n > 1:
            below = sum(1 for q in range(n) if q != p and h[q] < h[p])
            ties = sum(1 for q in range(n) if q != p and h[q] == h[p])
            rank = (below + 0.5 * ties) / (n - 1)
        else:  # one seat (CO2 solo): a monotone squashing of the heuristic
            return [0.5 + 0.5 * h[0] / (1.0 + abs(h[0]))]
        out.append(lead_weight * lead + (1.0 - lead_weight) * rank)
    return out
