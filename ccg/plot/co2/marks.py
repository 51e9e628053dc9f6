"""What the parts of the CO2 board drawing are made of: the canvas they draw on (the figure's traces, and its
shapes and annotations collected in drawing order), points of one trace, small seat discs."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import plotly.graph_objects as go

from .style import MIN_TEXT


@dataclass
class Canvas:
    """The figure every part adds its traces to, and the shapes and annotations (notes) of the drawing, in the
    order they are drawn (the figure's layout takes them at the end)."""
    fig: go.Figure
    shapes: list[dict] = field(default_factory=list)
    notes: list[dict] = field(default_factory=list)


@dataclass
class Points:
    """The points of one trace: place, board location (``customdata``), hover, colour, text and its colour,
    outline colour."""
    x: list[float] = field(default_factory=list)
    y: list[float] = field(default_factory=list)
    where: list[str] = field(default_factory=list)
    hover: list[str] = field(default_factory=list)
    colour: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    textcolour: list[str] = field(default_factory=list)
    line: list[str] = field(default_factory=list)

    def add(self, x: float, y: float, where: str, hover: str, colour: str, text: str = "",
            textcolour: str | None = None, line: str | None = None) -> None:
        self.x.append(x)
        self.y.append(y)
        self.where.append(where)
        self.hover.append(hover)
        self.colour.append(colour)
        self.text.append(text)
        if textcolour is not None:
            self.textcolour.append(textcolour)
        if line is not None:
            self.line.append(line)


def rgba(hex_colour: str, alpha: float) -> str:
    h = hex_colour.lstrip("#")
    return f"rgba({int(h[0:2], 16)},{int(h[2:4], 16)},{int(h[4:6], 16)},{alpha})"


def scatter(uid: str, xs: Any, ys: Any, text: Any, colours: Any, symbol: str = "square", size: Any = 18,
            hover: Any = None, textcolor: Any = "white", mode: str = "markers+text", custom: Any = None,
            line_colours: Any = "#333", line_width: float = 1, textsize: float = MIN_TEXT) -> go.Scatter:
    """A trace of markers with text, hover and locations; no legend entry."""
    return go.Scatter(x=xs, y=ys, mode=mode, uid=uid, name=uid, text=text, hovertext=hover or text,
                      hoverinfo="text", textfont=dict(size=textsize, color=textcolor), showlegend=False,
                      customdata=custom,
                      marker=dict(symbol=symbol, size=size, color=colours, opacity=1,
                                  line=dict(width=line_width, color=line_colours)))


def disc(x: float, y: float, colour: str, r: float = 0.2) -> dict:
    """A small seat-coloured disc (owner of a plant, occupant of a summit topic)."""
    return dict(type="circle", x0=x - r, x1=x + r, y0=y - r, y1=y + r, fillcolor=colour,
                line=dict(color="#111", width=1), layer="above")
