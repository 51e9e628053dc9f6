"""The frame of the Catan board drawing: the map's place and scale, the figure's size and layout (sea, axes,
legend) in the board's own layout or the narrow one."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ccg.games.catan.geometry import hex_xy

from .style import MIN_TEXT, SEA

NARROW_BELOW = 700  # px: a narrower ``width`` draws the narrow layout


@dataclass(frozen=True)
class Frame:
    """Where the map sits and how large its pieces are drawn.

    ``cx``/``cy``: the hexes' centres (map units); ``f``: marker and font sizes per the size of a hex at the
    board's own size (pixels per map unit / 64); ``top``: the top margin (title, and the legend when narrow)."""
    cx: list[float]
    cy: list[float]
    narrow: bool
    f: float
    width: int
    height: int
    top: int
    row_heights: list[float]

    def z(self, v: float) -> float:
        """A size scaled to the map."""
        return round(v * self.f, 1)

    def zt(self, v: float) -> float:
        """A text's size: as ``z``, never under MIN_TEXT."""
        return max(MIN_TEXT, self.z(v))


def frame(s: Any, width: int, height: int | None) -> Frame:
    """The frame of position ``s`` drawn ``width`` px wide (``height``: None for the layout's own)."""
    b = s.board
    geo = b.geo
    cx = [hex_xy(*geo.hexes[h])[0] for h in range(b.n_hex)]
    cy = [hex_xy(*geo.hexes[h])[1] for h in range(b.n_hex)]
    # marker and font sizes follow the drawn size of a hex (pixels per unit of the map)
    extent = max(cy) - min(cy) + 4.3
    narrow = width < NARROW_BELOW
    if narrow:  # px per map unit from the width; the height follows the map
        per_unit = (width - 20) / (max(cx) - min(cx) + 3.6)
        map_px, table_px, top = extent * per_unit, 60 + 34 * (9 if s.oil_springs else 7), 180
        height = height or int(top + map_px + table_px + 30)
        f = min(1.2, per_unit / 64.0)
        row_heights = [map_px / (map_px + table_px), table_px / (map_px + table_px)]
    else:
        if height is None:
            height = 940 if extent < 11 else 1040
        f = max(0.6, min(1.2, (height - 80) * 0.72 / extent / 64.0))
        top, row_heights = 70, [0.72, 0.28]
    return Frame(cx, cy, narrow, f, width, height, top, row_heights)


def figure(fr: Frame) -> go.Figure:
    """The empty figure: the map above, the players table below."""
    return make_subplots(rows=2, cols=1, row_heights=fr.row_heights, vertical_spacing=0.03,
                         specs=[[{"type": "xy"}], [{"type": "table"}]])


def lay_out(fig: go.Figure, fr: Frame, title: str, notes: list[dict]) -> None:
    """The sea, the axes, the title, the size and the legend (beside the map, or in rows above it when narrow)."""
    cx, cy = fr.cx, fr.cy
    # the sea frames the island (and its harbours) only; the rest of the figure stays white
    island = dict(type="rect", xref="x", yref="y", layer="below", line=dict(width=0), fillcolor=SEA,
                  x0=min(cx) - 1.75, x1=max(cx) + 1.75, y0=min(cy) - 1.6, y1=max(cy) + 1.6)
    fig.add_shape(island)
    fig.update_xaxes(visible=False, scaleanchor="y", row=1, col=1)
    fig.update_yaxes(visible=False, row=1, col=1)
    fig.update_layout(title=dict(text=title, x=0.01, xanchor="left", y=0.985, yanchor="top", font=dict(size=16)),
                      width=fr.width, height=fr.height, plot_bgcolor="white", annotations=notes,
                      margin=dict(l=10, r=10, t=fr.top, b=10), hoverlabel=dict(align="left"),
                      legend=dict(orientation="h", y=1.0, x=0, xanchor="left", yanchor="bottom",
                                  font=dict(size=11), traceorder="grouped", tracegroupgap=4) if fr.narrow else
                      dict(orientation="v", y=0.98, x=0.99, xanchor="right", yanchor="top",
                           bgcolor="rgba(215,215,215,0.9)", bordercolor="#999", borderwidth=1,
                           font=dict(size=11), traceorder="grouped", tracegroupgap=4))
