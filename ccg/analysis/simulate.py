"""``ccg.simulate``: many seeded games, one DataFrame row per game (and optional trajectories)."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple, Sequence

import pandas as pd

from ..agents.base import DEFAULT_AGENT, make_agent
from ..core.registry import check_players, get_spec
from ..core.rules import validate_options
from .backends import check_backend, run_progressive
from .estimate import check_headline, check_precision
from .frames import check_output, games_frame, trajectories_frame, warn_truncated, write_frame
from .jobs import GameJob, locate_game, result_row  # noqa: F401  (result_row: old import path)
from .progressive import Partial


class Simulation(NamedTuple):
    """What ``simulate(..., trajectories=True)`` returns: ``games, traj = ccg.simulate(...)``.

    ``games``: one row per game (as without trajectories). ``trajectories``:
    the long frame of the game's ``SPEC.trajectory`` metrics (see
    :func:`ccg.analysis.frames.trajectories_frame`).
    """

    games: pd.DataFrame
    trajectories: pd.DataFrame


def check_count(name: str, value: Any, lo: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise ValueError(f"{name} must be a whole number >= {lo}, got {value!r}")
    return value


def check_agents(agents: Sequence[Any] | None, players: int) -> tuple:
    """Validate agent specs (one per seat) before any game runs; None: the default agent in every seat."""
    if isinstance(agents, str):
        agents = [a for a in agents.split(",")]
    agents = tuple(agents) if agents is not None else (DEFAULT_AGENT,) * players
    if len(agents) != players:
        raise ValueError(f"agents needs one entry per seat ({players}), got {len(agents)}")
    for a in agents:
        make_agent(a, 0)  # raises a clear ValueError for a bad spec
    return agents


def simulate(
    game: str,
    players: int | None = None,
    n_games: int = 100,
    agents: Sequence[Any] | None = None,
    seed: int = 0,
    max_actions: int | None = None,
    progress: bool = False,
    trajectories: bool = False,
    backend: str = "serial",
    client: Any = None,
    workers: int | None = None,
    out: str | None = None,
    precision: float | None = None,
    headline: int | str | None = None,
    on_partial: Callable[[Partial], Any] | None = None,
    **options: Any,
) -> pd.DataFrame | Simulation:
    """Play ``n_games`` seeded games of ``game`` and return one row per game.

    ``agents`` is one entry per seat: a name ('strategist:cooperation=0.8',
    'random', 'greedy', 'mcts:200'), an Agent instance (re-seeded per game) or
    an Agent class; default: the strategist (``ccg.agents.DEFAULT_AGENT``,
    each game's own plan) in every seat, ``["random"] * players`` for uniform
    play. Every game's seed comes from ``seed`` through numpy's
    SeedSequence, so results do not depend on the order or place games run in
    (``backend`` "serial", "processes" or "dask" with ``client=``, as in
    :func:`ccg.sweep`).

    Columns: game, seed, players, score_<seat>, winners (tuple of seats),
    n_winners, actions, truncated (the ``max_actions`` safety net was hit:
    the game has no result), and the game's own outcome columns.

    With ``trajectories=True`` the result is a :class:`Simulation` named tuple
    ``(games, trajectories)``; ``trajectories`` is a long frame (game, step,
    ply, index labels such as decade or turn, metric, seat, value) of the
    game's ``SPEC.trajectory`` (see
    :class:`ccg.analysis.jobs.TrajectoryRecorder` for the two shapes a game
    may return; games without the hook record every seat's score).
    ``out=`` writes the games frame to Parquet (``.parquet``) or CSV (``.csv``), checked before any
    game is played.

    Progressive runs: ``precision=0.1`` stops once the 95 % interval of the ``headline`` (default
    every seat's win share; a seat number, or a yes/no outcome column such as ``"planet_lost"``)
    is within ±0.1, checked game by game in order from 10 games on — ``n_games`` is then the cap.
    ``on_partial(partial)`` is called as games finish (:class:`ccg.analysis.progressive.Partial`:
    ``partial.estimate`` the running win shares and outcome rates with intervals,
    ``partial.frame()`` the games so far). ``df.attrs["stopped_by"]`` says why the run ended
    ("precision" or "cap").
    """
    spec = get_spec(game)
    players = check_players(spec, players)
    check_count("n_games", n_games)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, got {seed!r}")
    backend = check_backend(backend, client, workers)
    agents = check_agents(agents, players)
    options = validate_options(spec.name, spec.options, options)
    limit = spec.max_actions if max_actions is None else check_count("max_actions", max_actions, 1)
    precision = check_precision(precision)
    headline = check_headline(headline, players)
    if out is not None:
        check_output(out, "out")
    job = GameJob(game, players, options, agents, seed, (), limit, trajectories=bool(trajectories),
                  locate=locate_game(spec.name))
    final = run_progressive([(job, n_games)], backend, client, workers, precision=precision, headline=headline,
                            progress=progress, desc=f"{game} games", on_partial=on_partial)
    df = games_frame(final.rows)
    df.attrs["stopped_by"] = final.reason
    warn_truncated(df, limit)
    if out is not None:
        write_frame(df, out)
    if not trajectories:
        return df
    return Simulation(df, trajectories_frame(final.jobs[0].trajectories))
