"""The frame of the CO2 board drawing: where the parts go in the board's own layout and in the narrow one, and
the figure's layout (axes, size, title, the shapes and notes of every part)."""
from __future__ import annotations

from dataclasses import dataclass

from .marks import Canvas
from .style import (
    BOX,
    GX,
    HEIGHT,
    MX,
    NARROW_BOX,
    NARROW_GAUGE,
    NARROW_LOW,
    NARROW_MARKET,
    NARROW_TABLE,
    NARROW_WIDTH,
    WIDTH,
)

NARROW_BELOW = 900  # px: a narrower ``width`` draws the narrow layout


@dataclass(frozen=True)
class Places:
    """Where the parts go (map units): the region boxes' corners, the gauge's and the market's x and their foot's
    y, how far the players table and the key move."""
    narrow: bool
    box: list[tuple[int, int]]
    gauge_x: float
    market_x: float
    low: float
    table_dx: float
    table_dy: float


def places(width: int) -> Places:
    """The places of the layout drawn ``width`` px wide."""
    narrow = width < NARROW_BELOW
    gx, market_x, low = (NARROW_GAUGE, NARROW_MARKET, NARROW_LOW) if narrow else (GX, MX, 0.0)
    tx, tdy = NARROW_TABLE if narrow else (0.0, 0.0)
    return Places(narrow, NARROW_BOX if narrow else BOX, gx, market_x, low, tx, tdy)


def lay_out(pl: Places, canvas: Canvas, title: str, below: float) -> None:
    """Axes, size and title; ``below``: the foot of the players table (the narrow layout's height follows it)."""
    narrow = pl.narrow
    notes = [{k: v for k, v in note.items() if v is not None} for note in canvas.notes]  # no empty hover texts
    canvas.fig.update_layout(title=dict(text=title, x=0.01, xanchor="left", y=0.985, yanchor="top", font=dict(size=16)),
                            shapes=canvas.shapes, annotations=notes, hoverlabel=dict(align="left"),
                            xaxis=dict(visible=False, range=[-2.3, 13.0] if narrow else [-2.3, 27.7], fixedrange=False),
                            yaxis=dict(visible=False, range=[below - 3.4, 18.4] if narrow else [-8.9, 12.4]),
                            height=int(80 + (21.8 - below) * 35.7) if narrow else HEIGHT,
                            width=NARROW_WIDTH if narrow else WIDTH, margin=dict(l=10, r=10, t=70, b=10), plot_bgcolor="white")
