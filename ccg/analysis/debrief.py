"""Debrief tables of finished games, from the metrics each game declares (``SPEC.debrief``).

A game's debrief module (named by ``SPEC.debrief``; CO2's is ``ccg/games/co2/debrief.py``) defines:

``SEAT_METRICS``: ``{column: what it measures}``, and ``seat_metrics(record, state) -> [ {column: value} per seat ]``
    from a finished game (``state``) and its record (``state.record()``; the metrics may replay it);
``GAME_METRICS``: ``{column: what it measures}``, and ``game_metrics(state) -> {column: value}``;
optionally ``PATH = (column, axis title)`` with ``path(state) -> [(where, value), …]`` from set-up to the end
    and ``path_lines(state) -> {label: value}`` (reference lines across the path);
optionally ``SHARE = (game metric, title)``: a True/False metric shown as a share of games with a 95 % interval;
optionally ``SCATTER = (x seat metric, y seat metric, title)``: one point per seat.

A game is any object with ``label``, ``source`` (e.g. "class" or "bots"), ``record`` and ``state`` (a finished
game). Every table also has the generic columns (the score and whether the seat won), so a game without a
debrief module still gets a seat table.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Protocol, Sequence

import pandas as pd

from ..core.registry import get_spec
from ..core.state import GameState
from .stats import wilson

__all__ = ["debrief_module", "game_table", "path_table", "seat_table", "share_table"]


class Finished(Protocol):
    """A finished game as the tables read it (read-only: a frozen dataclass such as the classroom's fits)."""

    @property
    def label(self) -> str: ...

    @property
    def source(self) -> str: ...

    @property
    def record(self) -> dict[str, Any]: ...

    @property
    def state(self) -> GameState: ...


def debrief_module(game: str) -> ModuleType | None:
    """The game's debrief module (``SPEC.debrief``), or None."""
    name = get_spec(game).debrief
    return None if name is None else importlib.import_module(name)


def seat_table(games: Sequence[Finished]) -> pd.DataFrame:
    """One row per seat of every game: label, source, seat, score, won, then the game's seat metrics."""
    rows = []
    for g in games:
        module = debrief_module(g.state.game)
        metrics = module.seat_metrics(g.record, g.state) if module else [{}] * g.state.num_players
        scores, won = g.state.scores(), g.state.winners()
        for p in range(g.state.num_players):
            rows.append({"label": g.label, "source": g.source, "seat": p, "score": scores[p], "won": p in won,
                         **metrics[p]})
    return pd.DataFrame(rows)


def game_table(games: Sequence[Finished]) -> pd.DataFrame:
    """One row per game: label, source, winners, then the game's metrics."""
    rows = []
    for g in games:
        module = debrief_module(g.state.game)
        rows.append({"label": g.label, "source": g.source, "winners": tuple(g.state.winners()),
                     **(module.game_metrics(g.state) if module else {})})
    return pd.DataFrame(rows)


def share_table(games: Sequence[Finished], metric: str | None = None) -> pd.DataFrame:
    """Per source: how many games had ``metric`` True (default: the game's ``SHARE``), with 95 % Wilson intervals."""
    table = game_table(games)
    if metric is None:
        module = debrief_module(games[0].state.game) if games else None
        if module is None or getattr(module, "SHARE", None) is None:
            raise ValueError("share_table needs a metric: the game declares no SHARE in its debrief module")
        metric = module.SHARE[0]
    rows = []
    for source, group in table.groupby("source", sort=False):
        hits, n = int(group[metric].sum()), len(group)
        lo, hi = wilson(hits, n)
        rows.append({"source": source, "games": n, metric: hits, "share": hits / n, "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows)


def path_table(games: Sequence[Finished]) -> pd.DataFrame:
    """One row per game and recorded point of the game's ``PATH``: label, source, point, at, value."""
    rows = []
    for g in games:
        module = debrief_module(g.state.game)
        if module is None or getattr(module, "PATH", None) is None:
            raise ValueError(f"{g.state.game} declares no PATH in its debrief module")
        for point, (at, value) in enumerate(module.path(g.state)):
            rows.append({"label": g.label, "source": g.source, "point": point, "at": at, "value": value})
    return pd.DataFrame(rows, columns=["label", "source", "point", "at", "value"])
