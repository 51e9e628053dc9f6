"""The board as a widget: show a game's figure, map clicks to board locations.

Convention (every game's board drawing, ``SPEC.plot``, follows it): each clickable point of a
board trace carries the id of its board location (the same strings that appear in
``Action.where``) in ``customdata`` — either the id itself or a list/tuple whose first
element is the id (so hover templates may use further fields). Points without a
location carry ``None`` or ``""``.

Each redraw sends the whole figure (see :mod:`ccg.ui.figure_view`); the front end's
``Plotly.react`` redraws in place, so the board element is never cleared or re-created.
"""
from __future__ import annotations

import html
from typing import Any, Callable

import ipywidgets as W
import plotly.graph_objects as go

from .. import plot
from ..core.state import GameState
from ..i18n import gettext
from .figure_view import FigureView

__all__ = ["BoardWidget", "FigureSlot", "board_figure", "board_figures", "click", "click_location", "location_of"]


READABLE_PX = 10  # the smallest text a board may show on screen: below it the narrow layout is drawn
MIN_BESIDE = 0.42  # the smallest scale a board is drawn at beside the control panel (below it the panel wraps under)
TARGET_COLOUR = "#f1c40f"  # the rings round the legal targets of the seat to move
CLICKED_COLOUR = "#e74c3c"  # the ring round the clicked location


def legal_targets(state: GameState, seat: int | None) -> set[str]:
    """The board locations the seat to move may act on, when the viewer may know them.

    Which places a seat can act on can tell what it holds: they are shown to that seat's own view
    and to the referee, never to another seat.
    """
    if state.is_terminal() or (seat is not None and seat != state.current_player):
        return set()
    return {where for action in state.legal_actions() for where in action.where}


def _points_at(fig: go.Figure, locations: set[str]) -> tuple[list[Any], list[Any], list[str], str, str]:
    """(x, y, location, xaxis, yaxis) of the first board point carrying each of ``locations``."""
    xs: list[Any] = []
    ys: list[Any] = []
    found: list[str] = []
    axes = ("x", "y")
    for trace in fig.data:
        if getattr(trace, "customdata", None) is None or trace.x is None or trace.y is None:
            continue
        for i in range(len(trace.customdata)):
            loc = location_of(trace, i)
            if loc in locations and loc not in found and i < len(trace.x) and trace.x[i] is not None:
                xs.append(trace.x[i])
                ys.append(trace.y[i])
                found.append(loc)
                axes = (trace.xaxis or "x", trace.yaxis or "y")
    return xs, ys, found, axes[0], axes[1]


def add_highlights(fig: go.Figure, targets: set[str], clicked: str | None = None) -> go.Figure:
    """Ring the legal targets (gold) and the clicked location (red) on top of the board; rings take no clicks."""
    xs, ys, found, xa, ya = _points_at(fig, targets - {clicked} if clicked else targets)
    if xs:
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="markers", name=gettext("you can act here"), uid="ccg-targets",
                                 marker=dict(symbol="circle-open", size=30, color=TARGET_COLOUR, line=dict(width=3)),
                                 hoverinfo="skip", showlegend=False, xaxis=xa, yaxis=ya))
    if clicked:
        cx, cy, _, xa, ya = _points_at(fig, {clicked})
        if cx:
            fig.add_trace(go.Scatter(x=cx, y=cy, mode="markers", name=gettext("clicked"), uid="ccg-clicked",
                                     marker=dict(symbol="circle-open", size=38, color=CLICKED_COLOUR, line=dict(width=4)),
                                     hoverinfo="skip", showlegend=False, xaxis=xa, yaxis=ya))
    return fig


def board_figures(state: GameState, seat: int | None = None, location: str | None = None,
                  highlight: bool = False) -> tuple[go.Figure, go.Figure | None, float]:
    """(figure, narrow figure or None, min_scale): what a BoardWidget shows (see ``FigureView.show``).

    The narrow layout (when the game's board drawing has one, ``plot.narrow_width``) is drawn wherever the
    figure would be scaled below ``min_scale``, the scale at which its smallest text is READABLE_PX on screen.
    """
    fig = board_figure(state, seat, location, highlight)
    width = plot.narrow_width(state.game)
    if width is None:
        return fig, None, 0.0
    narrow = board_figure(state, seat, location, highlight, width=width)
    return fig, narrow, READABLE_PX / float(plot.board_module(state.game).MIN_TEXT)  # type: ignore[union-attr]


def board_figure(state: GameState, seat: int | None = None, location: str | None = None,
                 highlight: bool = False, width: int | None = None) -> go.Figure:
    """The game's board drawing (with ``highlight``: the legal targets and the clicked ``location`` ringed),
    or a text panel when the game has none yet. ``width``: the board drawing's layout for that width."""
    try:
        fig = plot.board(state, seat=seat) if width is None else plot.board(state, seat=seat, width=width)
    except plot.NoBoardDrawing:
        pass
    else:
        return add_highlights(fig, legal_targets(state, seat), location) if highlight else fig
    fig = go.Figure()
    fig.add_annotation(text=html.escape(str(state)).replace("\n", "<br>"), showarrow=False, x=0, y=1,
                       xref="paper", yref="paper", xanchor="left", yanchor="top", align="left")
    fig.update_layout(xaxis_visible=False, yaxis_visible=False, height=300)
    return fig


def location_of(trace: Any, point_index: int) -> str | None:
    """The board location id carried by point ``point_index`` of ``trace`` (see the module convention)."""
    data = getattr(trace, "customdata", None)
    if data is None:
        return None
    try:
        value = data[point_index]
    except (IndexError, TypeError, KeyError):
        return None
    if isinstance(value, (list, tuple)) or (hasattr(value, "shape") and getattr(value, "ndim", 0) > 0):
        value = value[0] if len(value) else None
    if value is None:
        return None
    text = str(value)
    return text or None


class FigureSlot:
    """A Box (carrying the CSS class) around one FigureView; ``show(fig)`` replaces the figure."""

    def __init__(self, fig: go.Figure | None = None, css_class: str | None = None) -> None:
        self.widget = FigureView(layout=W.Layout(width="100%"))
        self.box = W.Box([self.widget], layout=W.Layout(min_width="0"))
        if css_class:
            self.box.add_class(css_class)
        if fig is not None:
            self.show(fig)

    def show(self, fig: go.Figure) -> None:
        """Show ``fig`` (the whole figure is sent; NaN/inf raise NonFiniteFigureError, nothing is sent)."""
        self.widget.show(fig)


class BoardWidget(FigureSlot):
    """The board: a FigureSlot beside the control panel, whose clicks report the board location.

    In the Table's wrapping row the board asks for its figure's own width and shrinks (scaled as
    a picture by the front end) when the row is narrower; the panel wraps below it first.
    """

    def __init__(self, fig: go.Figure | None = None, on_location: Callable[[str], None] | None = None) -> None:
        self._on_location = on_location
        super().__init__(None, css_class="ccg-board")
        self.widget.on_click(self._clicked)
        if fig is not None:
            self.show(fig)

    def show(self, fig: go.Figure, narrow: go.Figure | None = None, min_scale: float = 0.0) -> None:
        """Show ``fig``; where it would be scaled below ``min_scale`` the front end draws ``narrow`` instead."""
        self.widget.show(fig, narrow, min_scale)
        width = fig.layout.width
        # beside the panel the board may shrink to MIN_BESIDE of its size before the panel wraps under it
        self.box.layout.flex = f"1 1 {int(MIN_BESIDE * width)}px" if width else "1 1 600px"
        self.box.layout.max_width = f"{int(width)}px" if width else None

    def _clicked(self, trace_index: int, point_index: int) -> None:
        if self._on_location is None:
            return
        loc = location_of(self.widget.data[trace_index], point_index)
        if loc is not None:
            self._on_location(loc)


def click(widget: FigureView, trace_index: int, point_index: int) -> None:
    """Simulate a browser click on one point: the same message the front end sends."""
    widget.click(trace_index, point_index)


def click_location(widget: FigureView, location: str) -> None:
    """Simulate a click on the first point whose customdata names ``location``."""
    for ti, trace in enumerate(widget.data):
        data = getattr(trace, "customdata", None)
        if data is None:
            continue
        for pi in range(len(data)):
            if location_of(trace, pi) == location:
                click(widget, ti, pi)
                return
    raise ValueError(f"no point of the board carries location {location!r}")
