"""The game so far as a chart: each seat's score (and a game-wide measure such as CO2 ppm) move by move.

What is charted is declared by the game's plot module: ``PROGRESS = {"seats": label, "global": label}``
and ``progress(state, seat) -> {"seats": [a number per seat], "global": number}`` (the global one
optional), which reads only what ``seat`` may see and never serialises the position (it runs for every
charted position of the line).
"""
from __future__ import annotations

import importlib
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from ..core.state import GameState
from ..core.tree import GameTree, Node
from ..i18n import _

__all__ = ["POINTS", "progress_figure", "progress_frame", "progress_spec"]

POINTS = 120  # positions of the line charted at most (evenly spread, the last one always)


def _module(game: str) -> Any:
    try:
        return importlib.import_module(f"ccg.plot.{game}")
    except ImportError:
        return None


def progress_spec(game: str) -> dict[str, str] | None:
    """The game's ``PROGRESS`` labels (None: the game charts nothing)."""
    module = _module(game)
    if getattr(module, "progress", None) is None:
        return None
    return getattr(module, "PROGRESS", None)


def _row(state: GameState, seat: int | None, spec: dict[str, str]) -> dict[str, Any]:
    values = _module(state.game).progress(state, seat)
    row: dict[str, Any] = {f"seat {p}": v for p, v in enumerate(values["seats"])}
    if "global" in spec:
        row[spec["global"]] = values["global"]
    return row


def progress_frame(tree: GameTree, seat: int | None, cache: dict[tuple[Node, int | None], dict] | None = None
                   ) -> pd.DataFrame | None:
    """One row per charted position of the current line up to the cursor (index: move number); None if the
    game declares no ``PROGRESS``. ``cache`` keeps the rows already read (per node and viewing seat)."""
    spec = progress_spec(tree.state.game)
    if spec is None:
        return None
    cache = {} if cache is None else cache
    line = [tree.root, *tree.cursor.path()]
    step = max(1, -(-len(line) // POINTS))
    picked = line[::step] if line[-1] in line[::step] else [*line[::step], line[-1]]
    missing = [n for n in picked if (n, seat) not in cache]
    if missing:
        want = set(missing)
        state = tree.state_at(tree.root)
        for node in line:
            if node.parent is not None:
                state.apply(node.move)  # a node below the root has a move
            if node in want:
                cache[(node, seat)] = _row(state, seat, spec)
    base = len(tree.start.history())
    frame = pd.DataFrame([cache[(n, seat)] for n in picked], index=pd.Index([base + n.ply for n in picked], name="move"))  # i18n: not prose
    return frame


def progress_figure(frame: pd.DataFrame, spec: dict[str, str], seat_names: list[str],
                    colours: list[str] | None = None) -> go.Figure:
    """Lines of each seat's score (left axis) and the game-wide measure (right axis, dashed)."""
    fig = go.Figure()
    label = _(spec["seats"])
    for p, name in enumerate(seat_names):
        column = f"seat {p}"
        if column in frame:
            fig.add_trace(go.Scatter(x=list(frame.index), y=[float(v) for v in frame[column]], mode="lines",
                                     name=name, line=dict(width=2, color=colours[p] if colours else None),
                                     hovertemplate=_("{name}: %{{y}} {label} at move %{{x}}").format(name=name, label=label)
                                     + "<extra></extra>"))
    if "global" in spec:
        glabel = _(spec["global"])
        fig.add_trace(go.Scatter(x=list(frame.index), y=[float(v) for v in frame[spec["global"]]], mode="lines", name=glabel,
                                 yaxis="y2", line=dict(width=2, dash="dash", color="#555"),
                                 hovertemplate=_("%{{y}} {label} at move %{{x}}").format(label=glabel) + "<extra></extra>"))
        fig.update_layout(yaxis2=dict(title=dict(text=glabel, font=dict(size=12)), overlaying="y", side="right",
                                      tickfont=dict(size=11)))
    fig.update_layout(width=420, height=300, margin=dict(l=50, r=60 if "global" in spec else 10, t=30, b=40),
                      title=dict(text=_("The game so far"), font=dict(size=13), x=0.01),
                      xaxis=dict(title=dict(text=_("move"), font=dict(size=12)), tickfont=dict(size=11)),
                      yaxis=dict(title=dict(text=label, font=dict(size=12)), tickfont=dict(size=11)),
                      legend=dict(orientation="h", y=-0.25, font=dict(size=11)), plot_bgcolor="white")
    return fig
