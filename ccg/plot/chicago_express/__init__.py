"""Chicago Express board drawing: a Plotly hex map with tables of companies, players, meters and industry.

The map names its cities as the data file does (Chicago, Detroit, Wheeling, New York; long names shortened),
marks each start hex with its company (CE-2.2), and draws pieces in map units, so trains, houses and
labels keep their place inside a hex at any size; the tables sit under the map. The figure has a
fixed size: a narrow notebook shows it scaled as a picture, never squeezed.

Every hex's centre point (trace ``ce-values``) carries its hex id in ``customdata``, the ids used by
``Action.where``, so ``ccg.ui`` can map a click to the candidate actions.

One module per part of the board: ``hexes`` (terrain, values, ids, cities, start hexes), ``pieces`` (houses,
trains), ``status_tables`` (companies, players, meters, industry), ``title``, ``frame`` (layouts), ``names``
and ``style`` (words, colours, shapes), ``inspect_tab`` (the Table's Inspect tab)."""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from ccg.games.chicago_express.state import CEState

from .frame import frame, lay_out
from .hexes import cities, hex_ids, start_hexes, terrain_traces, values
from .inspect_tab import PROGRESS, progress, tables
from .names import HEX_KEY
from .pieces import houses, trains
from .status_tables import status_tables
from .style import (
    COMPANY_COLOURS,
    HEIGHT,
    MIN_TEXT,
    NAME_DROP,
    NARROW_WIDTH,
    SHORT_NAMES,
    TERRAIN_COLOURS,
    WIDTH,
    R,
    board_name,
    hex_centre,
)
from .title import title

__all__ = ["COMPANY_COLOURS", "HEIGHT", "HEX_KEY", "MIN_TEXT", "NAME_DROP", "NARROW_WIDTH", "PROGRESS", "R", "SHORT_NAMES",
           "TERRAIN_COLOURS", "WIDTH", "board", "board_name", "hex_centre", "progress", "tables"]


def board(state: Any, seat: int | None = None, height: int = HEIGHT, width: int = WIDTH) -> go.Figure:
    """The position as a Plotly figure (deterministic trace uids, so notebooks reproduce).

    ``seat`` marks that player with ★ in the players table; ◀ marks the seat to move. Below 900 px ``width``
    the narrow layout (NARROW_WIDTH wide, the tables under the map), with the same traces in the same order."""
    if not isinstance(state, CEState):
        raise ValueError(f"board() needs a Chicago Express state, got {type(state).__name__}")
    s = state
    fr = frame(s, width, height)
    for trace in [*terrain_traces(fr), values(s, fr), hex_ids(fr), cities(fr), *start_hexes(s, fr), houses(s, fr),
                  *trains(s, fr)]:
        fr.fig.add_trace(trace, row=1, col=1)
    fr.fig.update_xaxes(visible=False, row=1, col=1)
    fr.fig.update_yaxes(visible=False, scaleanchor="x", scaleratio=1, row=1, col=1)
    status_tables(s, seat, fr)
    text, top = title(s, fr)
    lay_out(fr, text, top)
    return fr.fig
