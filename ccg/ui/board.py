"""The board as a Plotly FigureWidget: redraw in place, map clicks to board locations.

Convention (every game's ``ccg/plot/<game>.py`` follows it): each clickable point of a
board trace carries the id of its board location (the same strings that appear in
``Action.where``) in ``customdata`` — either the id itself or a list/tuple whose first
element is the id (so hover templates may use further fields). Points without a
location carry ``None`` or ``""``.
"""
from __future__ import annotations

from typing import Any, Callable

import plotly.graph_objects as go

__all__ = ["BoardView", "click", "click_location", "location_of", "redraw"]


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


def redraw(widget: go.FigureWidget, fig: go.Figure) -> bool:
    """Make ``widget`` show ``fig`` in place, in one batched update.

    Returns True when the traces could be updated in place, False when their number
    or types changed and they were replaced (still without clearing any output).
    """
    new = fig.data
    same = len(widget.data) == len(new) and all(a.type == b.type for a, b in zip(widget.data, new))
    layout = fig.layout.to_plotly_json()
    if widget.layout.template is not None and widget.layout.template == fig.layout.template:
        layout.pop("template", None)
    old_layout = widget.layout.to_plotly_json()
    for key in old_layout:
        if key not in layout and key != "template":
            layout[key] = None
    if same:
        with widget.batch_update():
            for old, fresh in zip(widget.data, new):
                props = fresh.to_plotly_json()
                props.pop("uid", None)
                props.pop("type", None)
                for key in old.to_plotly_json():
                    if key not in props and key not in ("uid", "type"):
                        props[key] = None
                old.update(props, overwrite=True)
            widget.layout.update(layout, overwrite=True)
        return True
    with widget.batch_update():
        widget.data = ()
        widget.layout.update(layout, overwrite=True)
    widget.add_traces(list(new))
    return False


class BoardView:
    """A FigureWidget that shows successive figures of a game and reports clicked locations."""

    def __init__(self, on_location: Callable[[str], None] | None = None, **widget_kwargs: Any) -> None:
        self.widget = go.FigureWidget(**widget_kwargs)
        self._on_location = on_location
        self._hooked: set[int] = set()

    def show(self, fig: go.Figure) -> None:
        """Redraw in place and make every trace clickable."""
        redraw(self.widget, fig)
        for trace in self.widget.data:
            if id(trace) not in self._hooked:
                trace.on_click(self._clicked)
                self._hooked.add(id(trace))

    def _clicked(self, trace: Any, points: Any, state: Any = None) -> None:
        if not points.point_inds or self._on_location is None:
            return
        loc = location_of(trace, points.point_inds[0])
        if loc is not None:
            self._on_location(loc)


def click(widget: go.FigureWidget, trace_index: int, point_index: int) -> None:
    """Simulate a browser click on one point, exactly as the Plotly front end reports it.

    The one place that touches Plotly's internal click message (``_js2py_pointsCallback``):
    headless tests and scripted demos go through here.
    """
    trace = widget.data[trace_index]
    xs = getattr(trace, "x", None)
    ys = getattr(trace, "y", None)
    x = xs[point_index] if xs is not None and len(xs) > point_index else None
    y = ys[point_index] if ys is not None and len(ys) > point_index else None
    widget._js2py_pointsCallback = {
        "event_type": "plotly_click",
        "points": {"trace_indexes": [trace_index], "point_indexes": [point_index], "xs": [x], "ys": [y]},
        "device_state": None,
        "selector": None,
    }


def click_location(widget: go.FigureWidget, location: str) -> None:
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
