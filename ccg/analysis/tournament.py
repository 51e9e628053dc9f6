"""``ccg.tournament``: win rates of agents with seats rotated, with 95% confidence intervals.

Method. ``agents`` has one entry per seat. Game ``i`` seats entry
``(seat + i) % players`` in each seat, so over any multiple of ``players``
games every entry plays every seat equally often (first-player advantage
cancels; with other game counts the imbalance is at most one game per seat).
An entry's wins are the sum over games of its share of the win: 1 if it won
alone, 1/k in a k-way tie, 0 otherwise (and 0 when everyone lost, or the game
hit the action safety net). ``win_rate = wins / n_games``; the 95% interval is
Wilson's score interval on that proportion (see :func:`ccg.analysis.stats.wilson`).
``fair_share`` is 1 / players, and ``ratio`` = win_rate / fair_share: an agent
is clearly stronger than its fair share when ``ci_low > fair_share``.
"""
from __future__ import annotations

from typing import Any, Sequence

import pandas as pd

from ..agents.base import agent_label
from ..core.registry import check_players, get_spec
from ..core.rules import validate_options
from .backends import check_backend, default_chunk_size, make_tasks, n_workers, run_tasks
from .frames import games_frame, warn_truncated
from .jobs import GameJob, locate_game
from .simulate import check_agents, check_count
from .stats import wilson


def tournament(
    game: str,
    agents: Sequence[Any],
    n_games: int = 100,
    seed: int = 0,
    players: int | None = None,
    max_actions: int | None = None,
    progress: bool = False,
    backend: str = "serial",
    client: Any = None,
    workers: int | None = None,
    return_games: bool = False,
    **options: Any,
) -> pd.DataFrame | tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``n_games`` with seats rotated and return one row per agent entry.

    ``agents``: one spec per seat (names like 'mcts:1000', 'greedy', Agent
    instances or classes); ``players`` defaults to ``len(agents)`` and must
    match it. Columns: entry, agent (label), games, wins (fractional),
    win_rate, ci_low, ci_high (95% Wilson), fair_share, ratio, beats_fair
    (ci_low > fair_share), mean_score (the entry's mean final score), and
    top_rate with top_ci_low/top_ci_high: the share of games in which the
    entry had the highest final score (ties shared), counted even when the
    game declares no winner — the useful measure in CO2, where a lost planet
    means everybody loses. ``return_games=True`` also returns the per-game
    frame (``entry_<seat>`` tells which entry sat where).
    """
    spec = get_spec(game)
    if isinstance(agents, str):
        agents = agents.split(",")
    if agents is None or len(agents) == 0:
        raise ValueError("agents must list one agent per seat")
    players = check_players(spec, len(agents) if players is None else players)
    agents = check_agents(agents, players)
    check_count("n_games", n_games, 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, got {seed!r}")
    backend = check_backend(backend, client, workers)
    options = validate_options(spec.name, spec.options, options)
    limit = spec.max_actions if max_actions is None else check_count("max_actions", max_actions, 1)
    job = GameJob(game, players, options, agents, seed, (), limit, rotate=True, locate=locate_game(spec.name))
    tasks = make_tasks([(job, n_games)], default_chunk_size(n_games, n_workers(backend, client, workers)))
    results = run_tasks(tasks, backend, client, workers, progress, f"{game} tournament")
    games = games_frame([r for chunk, _ in results for r in chunk])
    warn_truncated(games, limit)
    table = win_table(games, [agent_label(a) for a in agents])
    return (table, games) if return_games else table


def win_table(games: pd.DataFrame, labels: list[str]) -> pd.DataFrame:
    """Per-entry win rates from a tournament's games frame (needs ``entry_<seat>`` columns)."""
    players = len(labels)
    wins = [0.0] * players
    tops = [0.0] * players
    score_sum = [0.0] * players
    entry_cols = [games.columns.get_loc(f"entry_{seat}") for seat in range(players)]
    score_cols = [games.columns.get_loc(f"score_{seat}") if f"score_{seat}" in games else None for seat in range(players)]
    winners_col = games.columns.get_loc("winners")
    for row in games.itertuples(index=False, name=None):
        if score_cols[0] is not None:
            scores = [float(row[score_cols[seat]]) for seat in range(players)]
            best = max(scores)
            top = [seat for seat in range(players) if scores[seat] == best]
            for seat in range(players):
                score_sum[row[entry_cols[seat]]] += scores[seat]
            for seat in top:
                tops[row[entry_cols[seat]]] += 1.0 / len(top)
        won = row[winners_col]
        if not won:
            continue
        share = 1.0 / len(won)
        for seat in won:
            wins[row[entry_cols[seat]]] += share
    n = len(games)
    fair = 1.0 / players
    out = []
    for e, label in enumerate(labels):
        lo, hi = wilson(wins[e], n)
        rate = wins[e] / n if n else float("nan")
        out.append({
            "entry": e, "agent": label, "games": n, "wins": wins[e], "win_rate": rate,
            "ci_low": lo, "ci_high": hi, "fair_share": fair, "ratio": rate / fair, "beats_fair": lo > fair,
            "mean_score": score_sum[e] / n if n else float("nan"),
            "top_rate": tops[e] / n if n else float("nan"),
            "top_ci_low": wilson(tops[e], n)[0], "top_ci_high": wilson(tops[e], n)[1],
        })
    return pd.DataFrame(out)
