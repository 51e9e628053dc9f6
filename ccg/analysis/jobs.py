"""A batch of seeded games described by plain data, runnable in any process.

:class:`GameJob` is what simulate, tournament and sweep hand to a backend:
the game, players, options, agent specs and the root seed. ``run_chunk``
plays a range of its games and returns plain rows, so the same function runs
serially, in a process pool or on a Dask worker, and every game's seeds
depend only on (root seed, spawn key) — never on where it ran.
"""
from __future__ import annotations

import importlib.util
import os
import sys
from dataclasses import dataclass, field
from typing import Any

from ..agents.base import make_agent, registrations, restore_registrations
from ..core import registry
from ..core.frozen import freeze
from .runner import game_seed, play


@dataclass(frozen=True)
class GameJob:
    game: str
    players: int
    options: dict
    agents: tuple  # one spec per entry (a name, an Agent or an Agent class)
    root: int
    key: tuple = ()  # spawn-key prefix, e.g. (cell,) in a sweep
    max_actions: int = 100_000
    rotate: bool = False  # game i seats entry (seat + i) % players in each seat
    trajectories: bool = False
    extra: dict = field(default_factory=dict)  # constant columns added to every row (grid values)
    # (module, sys.path entry) so a worker can import a game registered at run time
    locate: tuple | None = None
    # (name, class, shorthand) of agents registered at run time (``register_agent``), filled in
    # when the job is made, so that worker processes know those names too
    registered: tuple = ()

    def __post_init__(self) -> None:
        # frozen once: every game of the job shares the options (component data is not re-copied per game)
        object.__setattr__(self, "options", freeze(self.options))
        if not self.registered:
            object.__setattr__(self, "registered", registrations(self.agents))

    def run(self, start: int, stop: int) -> tuple[list[dict], list[tuple]]:
        """Play games ``start..stop-1`` (see :func:`run_chunk`)."""
        return run_chunk(self, start, stop)


def locate_game(name: str) -> tuple[str, str | None]:
    """Where a registered game's module lives, so worker processes can import it too."""
    module = registry.game_module(name)
    spec = importlib.util.find_spec(module)
    path = None
    if spec is not None and spec.origin and not module.startswith("ccg."):
        origin = os.path.dirname(spec.origin)
        for _ in range(module.count(".") + (1 if spec.submodule_search_locations else 0)):
            origin = os.path.dirname(origin)
        path = origin
    return module, path


def ensure_registered(job: Any) -> None:
    """In a worker: the job's run-time agent names and its game (``job.registered``, ``job.locate``) registered."""
    restore_registrations(job.registered)
    if job.locate is None or job.game in registry.list_games():
        return
    module, path = job.locate
    if path and path not in sys.path:
        sys.path.append(path)
    registry.register(job.game, module)


def seat_entries(job: GameJob, index: int) -> list[int]:
    """Which agent entry sits in each seat of game ``index``."""
    n = job.players
    if not job.rotate:
        return list(range(n))
    return [(seat + index) % n for seat in range(n)]


def run_chunk(job: GameJob, start: int, stop: int) -> tuple[list[dict], list[tuple]]:
    """Play games ``start..stop-1`` of ``job``: (result rows, trajectory records)."""
    ensure_registered(job)
    spec = registry.get_spec(job.game)
    rows: list[dict] = []
    traj: list[tuple] = []
    for index in range(start, stop):
        seed, agent_seeds = game_seed(job.root, job.key + (index,), len(job.agents))
        entries = seat_entries(job, index)
        seats = [make_agent(job.agents[e], agent_seeds[e]) for e in entries]
        # the job's options were validated when it was made (canonical and frozen): no per-game re-check
        state = spec.create(job.players, seed, job.options)
        recorder = None
        if job.trajectories:
            recorder = TrajectoryRecorder(spec.trajectory or default_trajectory, index, traj)
            recorder.start(state)
        result = play(state, seats, job.max_actions, recorder.step if recorder and recorder.per_step else None)
        if recorder is not None:
            recorder.finish(state)
        row = dict(job.extra)
        row.update(result_row(index, seed, result, spec))
        if job.rotate:
            for seat, e in enumerate(entries):
                row[f"entry_{seat}"] = e
        rows.append(row)
    return rows, traj


def default_trajectory(state) -> dict:
    """For games without ``SPEC.trajectory``: every seat's score after each action."""
    return {"score": list(state.scores())}


def _is_table(metrics: dict) -> bool:
    """A dict of equal-length lists, with an index key: the game's own table of its trajectory so far."""
    values = list(metrics.values())
    if not values or not all(isinstance(v, (list, tuple)) for v in values):
        return False
    return len({len(v) for v in values}) == 1 and any(k in INDEX_KEYS for k in metrics)


# keys that say where in the game a record was taken: kept as columns, not metrics
INDEX_KEYS = ("decade", "round", "turn", "phase", "step_name")


class TrajectoryRecorder:
    """Collects ``(game, step, ply, metrics)`` records from a game's ``SPEC.trajectory``.

    Two shapes of the hook are understood. A dict of scalars (or of per-seat
    lists) describes the current position: it is taken at the start and after
    every action and kept when it differs from the previous record. A dict of
    equal-length lists with an index key such as ``decade`` is the game's own
    table of its whole trajectory so far: it is read once from the final
    position, one record per table row (ply unknown: None).
    """

    def __init__(self, trajectory, index: int, out: list) -> None:
        self.trajectory = trajectory
        self.index = index
        self.out = out
        self.last = None
        self.per_step = True
        self.steps = 0

    def start(self, state) -> None:
        metrics = self.trajectory(state)
        if metrics is not None and _is_table(metrics):
            self.per_step = False
        else:
            self._keep(state, metrics)

    def step(self, state) -> None:
        self._keep(state, self.trajectory(state))

    def _keep(self, state, metrics) -> None:
        if metrics is None or metrics == self.last:
            return
        self.last = metrics
        self.out.append((self.index, self.steps, state.ply, metrics))
        self.steps += 1

    def finish(self, state) -> None:
        if self.per_step:
            return
        table = self.trajectory(state)
        if not table:
            return
        keys = list(table)
        for i in range(len(table[keys[0]])):
            self.out.append((self.index, i, None, {k: table[k][i] for k in keys}))


def result_row(index: int, game_seed_: int, result, spec) -> dict:
    """One result row: game index, seed, players, scores, winners, actions, outcome columns."""
    state = result.state
    row: dict[str, Any] = {"game": index, "seed": game_seed_, "players": state.num_players}
    finished = state.is_terminal()
    scores = state.scores()
    for p in range(state.num_players):
        row[f"score_{p}"] = scores[p]
    won = tuple(state.winners()) if finished else ()
    row["winners"] = won
    row["n_winners"] = len(won)
    row["actions"] = result.actions
    row["truncated"] = result.truncated
    if spec.outcome is not None:
        row.update(spec.outcome(state))
    return row
