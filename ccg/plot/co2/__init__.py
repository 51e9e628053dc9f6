"""Plotly board drawing of a CO2 position: ``board(state, seat=None)``.

Six regions (demand spaces with fossil / green plants and their owners, the three
project spaces with scientists, agenda, regional CEP and resources, controller),
the summits, the CO2 gauge with its 350/500 zones, the CEP market price track,
the expertise tracks, a player table (VP, coins …) and the decade/round. With
``seat`` the other players' lobby hands and company goals show as counts only.

Clickable points carry the board location of ``Action.where`` in ``customdata``
(region ids, project spaces ``<region>.<grant>``, ``summit<k>``, ``track.<source>``, ``market``),
the convention of :mod:`ccg.ui.board`. Trace uids are fixed strings, so the figure
is identical for identical positions.

One module per part of the board: ``regions`` (boxes, demand and project spaces, scientists), ``summits``,
``gauge`` (CO2), ``market`` (CEP), ``expertise`` (tracks), ``players`` (the table), ``key``, ``title``,
``frame`` (places and layout), ``marks`` (points, shapes, notes), ``names`` and ``style`` (words, colours,
places), ``inspect_tab`` (the Table's Inspect tab).
"""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from .expertise import expertise
from .frame import lay_out, places
from .gauge import gauge
from .inspect_tab import PROGRESS, progress, tables
from .key import key
from .market import market
from .marks import Canvas
from .names import GOAL_TEXT
from .players import players_table, table_bottom
from .regions import regions
from .style import (
    BOX,
    FOSSIL_COLOURS,
    FOSSIL_TEXT,
    GX,
    HEIGHT,
    MIN_TEXT,
    MX,
    NARROW_WIDTH,
    SEAT_COLOURS,
    SEAT_NAMES,
    SOURCE_ABBR,
    SOURCE_COLOURS,
    SOURCE_TEXT,
    WIDTH,
    H,
    W,
)
from .summits import summits
from .title import title

__all__ = ["BOX", "FOSSIL_COLOURS", "FOSSIL_TEXT", "GOAL_TEXT", "GX", "H", "HEIGHT", "MIN_TEXT", "MX", "NARROW_WIDTH",
           "PROGRESS", "SEAT_COLOURS", "SEAT_NAMES", "SOURCE_ABBR", "SOURCE_COLOURS", "SOURCE_TEXT", "W", "WIDTH", "board",
           "progress", "tables"]


def board(state: Any, seat: int | None = None, width: int = WIDTH) -> go.Figure:
    """A Plotly figure of a CO2 position; below 900 px ``width`` the narrow layout (NARROW_WIDTH wide, taller)."""
    s = state
    n = s.num_players
    if seat is not None and (isinstance(seat, bool) or not (isinstance(seat, int) and 0 <= seat < n)):
        raise ValueError(f"seat must be 0..{n - 1} or None, got {seat!r}")
    pl = places(width)
    canvas = Canvas(go.Figure(_validate=False))  # our own values: skip plotly validation (3x faster redraws)
    regions(s, pl, canvas)
    summits(s, pl, canvas)
    gauge(s, pl, canvas)
    market(s, pl, canvas)
    expertise(s, canvas)
    players_table(s, seat, pl, canvas)
    below = table_bottom(n, pl)
    key(pl, below, canvas)
    lay_out(pl, canvas, title(s), below)
    return canvas.fig
