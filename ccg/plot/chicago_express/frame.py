"""The frame of the Chicago Express board drawing: the map above its four tables (two by two in the board's own
layout; one under the other, the map turned a quarter, in the narrow one) and the figure's layout."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ccg.games.chicago_express.board import INDUSTRIES

from .style import CENTRES, CORNERS, NAME_DROP, NARROW_CENTRES, NARROW_CORNERS, NARROW_TEXT, NARROW_WIDTH

NARROW_BELOW = 900  # px: a narrower ``width`` draws the narrow layout


@dataclass(frozen=True)
class Frame:
    """The layout's figure and places: the tables' (row, col) in the order companies, players, meters, industry;
    the hexes' centres and corners; where a hex's values, city name and id sit above / below its centre."""
    fig: go.Figure
    narrow: bool
    width: int
    height: int
    top: int
    places: list[tuple[int, int]]
    centres: list[tuple[float, float]]
    corners: list[tuple[float, float]]
    up: float
    down: float
    low: float


def frame(s: Any, width: int, height: int) -> Frame:
    """The empty figure of position ``s`` drawn ``width`` px wide (``height``: the board's own layout only)."""
    narrow = width < NARROW_BELOW
    if narrow:
        width = NARROW_WIDTH
        shown = 5 if s.wabash_in else 4
        per_unit = (width - 10) / (max(x for x, _ in NARROW_CENTRES) - min(x for x, _ in NARROW_CENTRES) + 1.8)
        parts = [(max(y for _, y in NARROW_CENTRES) - min(y for _, y in NARROW_CENTRES) + 2.1) * per_unit,
                 60 + 26 * shown, 60 + 26 * s.num_players, 60 + 26 * 3, 60 + 26 * len(INDUSTRIES)]
        top = 290
        height = int(top + sum(parts) + 40)
        fig = make_subplots(rows=5, cols=1, row_heights=[p / sum(parts) for p in parts],
                            specs=[[{"type": "xy"}]] + [[{"type": "table"}]] * 4, vertical_spacing=0.008)
        places = [(2, 1), (3, 1), (4, 1), (5, 1)]
        return Frame(fig, narrow, width, height, top, places, NARROW_CENTRES, NARROW_CORNERS, *NARROW_TEXT)
    top = 112
    fig = make_subplots(
        rows=3, cols=2, row_heights=[0.67, 0.19, 0.14], column_widths=[0.56, 0.44],
        specs=[[{"type": "xy", "colspan": 2}, None], [{"type": "table"}, {"type": "table"}],
               [{"type": "table"}, {"type": "table"}]],
        horizontal_spacing=0.03, vertical_spacing=0.025,
    )
    places = [(2, 1), (2, 2), (3, 1), (3, 2)]
    return Frame(fig, narrow, width, height, top, places, CENTRES, CORNERS, 0.12, -NAME_DROP, -0.68)


def lay_out(fr: Frame, title: str, top: int) -> None:
    """Size, margins (``top``: the title and the key sit between the top and the map) and the legend."""
    fr.fig.update_layout(width=fr.width, height=fr.height, margin=dict(l=5, r=5, t=top, b=5),
                         title=dict(text=title, x=0.01, y=0.99, yanchor="top", font=dict(size=14)),
                         plot_bgcolor="white", legend=dict(orientation="h", x=0.0, y=1.0, yanchor="bottom",
                                                           font=dict(size=10), traceorder="normal", itemsizing="constant"),
                         uirevision="ce-board")
