"""Seeded continuations of one position as a job any backend can run (the What-if's games).

A :class:`ContinuationJob` carries the position as its JSON text (``GameState.to_json``, read back
with ``ccg.load_state``, which checks it: positions never travel as pickles), the agents, the seat
whose view the games take and the root seed. Continuation ``i`` gets the seeds of
``SeedSequence(root, spawn_key=(i,))``, so a game is the same in this process, on the warm pool or
on Dask. A worker reads each position once (a small cache), not once per chunk.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..agents.base import make_agent, registrations
from ..core import load_state
from ..core.registry import get_spec
from ..core.rng import Rng
from ..core.state import GameState
from .jobs import ensure_registered, locate_game, result_row
from .runner import game_seed, play


@lru_cache(maxsize=8)
def _position(text: str) -> GameState:
    """The position of ``text`` (never edited: every continuation starts from a clone)."""
    return load_state(text)


@dataclass(frozen=True)
class ContinuationJob:
    """Continuations of ``position`` (JSON text): ``seat``'s view (None: the referee), ``reseed`` future chance."""

    position: str
    game: str
    players: int
    agents: tuple
    root: int
    seat: int | None = None
    reseed: bool = True
    max_actions: int = 100_000
    registered: tuple = ()
    # (module, sys.path entry) so a worker can import a game registered at run time
    locate: tuple | None = None

    @classmethod
    def of(cls, state: GameState, agents: tuple, root: int, seat: int | None = None, reseed: bool = True,
           max_actions: int | None = None) -> ContinuationJob:
        limit = get_spec(state.game).max_actions if max_actions is None else max_actions
        return cls(state.to_json(), state.game, state.num_players, tuple(agents), root, seat, reseed, limit,
                   registrations(tuple(agents)), locate_game(state.game))

    def start(self, index: int) -> tuple[GameState, list[Any], int]:
        """Continuation ``index``'s first position, its agents and its game seed."""
        ensure_registered(self)
        state = _position(self.position)
        seed, agent_seeds = game_seed(self.root, (index,), self.players)
        if self.seat is not None:
            begin = state.determinize(self.seat, seed)  # hidden information and future chance resampled
        else:
            begin = state.clone()
            if self.reseed:
                begin.rng = Rng(seed)
        return begin, [make_agent(a, s) for a, s in zip(self.agents, agent_seeds)], seed

    def run(self, start: int, stop: int) -> tuple[list[dict], list[tuple]]:
        """Play continuations ``start..stop-1``: one row each (the columns of ``ccg.simulate`` plus ``start_ply``)."""
        spec = None
        rows = []
        for index in range(start, stop):
            begin, seats, seed = self.start(index)
            spec = spec or get_spec(begin.game)
            ply = begin.ply
            row = result_row(index, seed, play(begin, seats, self.max_actions), spec)
            row["start_ply"] = ply
            rows.append(row)
        return rows, []
