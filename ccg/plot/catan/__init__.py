"""Catan board drawing: Plotly hex map (terrain, numbers with pips, harbours, robber, pieces, oil springs,
disaster track) and a player table. ``seat`` hides other seats' hands (counts only).

Clickable points carry their board id in ``customdata`` (``H*`` hexes, ``N*`` intersections, ``E*``
paths), the convention of :mod:`ccg.ui.board`. Trace uids are fixed (``catan-…``).

One module per part of the board: ``hexes`` (terrain, numbers, oil springs, robber), ``harbours``,
``pieces`` (roads, paths, intersections, buildings), ``disasters`` (Oil Springs' track), ``players``
(the table), ``title``, ``frame`` (size, scale and layout), ``names`` and ``style`` (words and colours),
``inspect_tab`` (the Table's Inspect tab).
"""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from .disasters import disaster_track
from .frame import figure, frame, lay_out
from .harbours import harbours
from .hexes import number_tokens, oil_springs, produce_labels, robber, terrain_traces
from .inspect_tab import PROGRESS, progress, tables
from .names import PHASE_NAMES, seat_label
from .pieces import buildings, intersections, paths, piece_key, roads
from .players import players_table
from .style import (
    LEVELS,
    MIN_TEXT,
    NARROW_WIDTH,
    PIECES,
    PLAYER_COLOURS,
    PLAYER_NAMES,
    PLAYER_TEXT,
    PLAYER_TINT,
    SEA,
    TERRAIN_COLOURS,
    TERRAIN_TEXT,
    WIDTH,
)
from .title import title

__all__ = ["LEVELS", "MIN_TEXT", "NARROW_WIDTH", "PHASE_NAMES", "PIECES", "PLAYER_COLOURS", "PLAYER_NAMES", "PLAYER_TEXT",
           "PLAYER_TINT", "PROGRESS", "SEA", "TERRAIN_COLOURS", "TERRAIN_TEXT", "WIDTH", "board", "progress", "seat_label",
           "tables"]


def board(state: Any, seat: int | None = None, width: int = WIDTH, height: int | None = None) -> go.Figure:
    """A Plotly figure of a Catan position. Trace uids are fixed (``catan-…``) for stable outputs.

    Below 700 px ``width`` the narrow layout: the map fitted to the width (texts still at MIN_TEXT or more),
    the legend in rows above it, the player table under it; the same traces in the same order.
    """
    s = state
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.num_players):
        raise ValueError(f"seat must be 0..{s.num_players - 1} or None, got {seat!r}")
    fr = frame(s, width, height)
    fig = figure(fr)
    track, notes = disaster_track(s, fr)
    # the map, bottom layer first, added in one call (much quicker than one by one)
    traces = [*terrain_traces(s), produce_labels(s, fr), *harbours(s, fr), *roads(s, fr), paths(s),
              intersections(s), number_tokens(s, fr), *oil_springs(s, fr), *buildings(s, fr), *piece_key(s),
              *robber(s, fr), *track]
    fig.add_traces(traces, rows=[1] * len(traces), cols=[1] * len(traces))
    fig.add_trace(players_table(s, seat, fr), row=2, col=1)  # the last trace
    lay_out(fig, fr, title(s, fr.narrow), notes)
    return fig
