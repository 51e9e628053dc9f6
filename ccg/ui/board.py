"""The board as a Plotly FigureWidget: redraw in place, map clicks to board locations.

Convention (every game's ``ccg/plot/<game>.py`` follows it): each clickable point of a
board trace carries the id of its board location (the same strings that appear in
``Action.where``) in ``customdata`` — either the id itself or a list/tuple whose first
element is the id (so hover templates may use further fields). Points without a
location carry ``None`` or ``""``.
"""
from __future__ import annotations

from typing import Any, Callable

import ipywidgets as W
import plotly.graph_objects as go

__all__ = ["BoardView", "FigureSlot", "click", "click_location", "location_of", "redraw"]


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
    """Make ``widget`` show ``fig`` in place, in one batched update, when the traces match.

    Returns False (and changes nothing) when the number or types of traces differ: then the
    caller swaps in a new FigureWidget (see :class:`FigureSlot`). Adding traces to a widget
    that no browser view shows yet is lost by Plotly's front end, so we never do that.
    """
    new = fig.data
    if not (len(widget.data) == len(new) and all(a.type == b.type for a, b in zip(widget.data, new))):
        return False
    return _redraw(widget, fig)


def _changed(old: dict, new: dict, skip: tuple = ()) -> dict:
    """Top-level properties of ``new`` that differ from ``old``; keys gone from ``new`` become None."""
    out = {k: v for k, v in new.items() if k not in skip and old.get(k, _MISSING) != v}
    out.update({k: None for k in old if k not in new and k not in skip})
    return out


_MISSING = object()


def _redraw(widget: go.FigureWidget, fig: go.Figure) -> bool:
    # send only what changed: validating and diffing a whole board costs more than the move
    layout = _changed(widget.layout.to_plotly_json(), fig.layout.to_plotly_json(), skip=("template",))
    traces = [_changed(old.to_plotly_json(), fresh.to_plotly_json(), skip=("uid", "type"))
              for old, fresh in zip(widget.data, fig.data)]
    if not layout and not any(traces):
        return True
    # long lists of annotations/shapes: update only the items that changed (a whole list is re-validated)
    items: list[tuple[str, int, dict]] = []
    for key in _ITEM_LISTS:
        new_list = layout.get(key)
        old_list = getattr(widget.layout, key, None)
        if isinstance(new_list, list) and old_list is not None and len(old_list) == len(new_list):
            del layout[key]
            for i, (o, n) in enumerate(zip(old_list, new_list)):
                diff = _changed(o.to_plotly_json(), n)
                if diff:
                    items.append((key, i, diff))
    with widget.batch_update():
        for old, props in zip(widget.data, traces):
            if props:
                old.update(props, overwrite=True)
        if layout:
            widget.layout.update(layout, overwrite=True)
        for key, i, diff in items:
            getattr(widget.layout, key)[i].update(diff, overwrite=True)
    return True


_ITEM_LISTS = ("annotations", "shapes", "images")


class FigureSlot:
    """A Box holding one FigureWidget that follows successive figures.

    Same trace structure: updated in place (one batched message). Different structure:
    a new FigureWidget built from the figure replaces the old one inside the Box — output
    is never cleared, and a widget always starts with its data in its initial state.
    """

    def __init__(self, fig: go.Figure | None = None, css_class: str | None = None) -> None:
        self.box = W.Box(layout=W.Layout(min_width="0"))
        if css_class:  # on the Box: a CSS class on Plotly's FigureWidget breaks its front end
            self.box.add_class(css_class)
        # no figure yet: no FigureWidget yet (an empty or hidden one can fail to start in the browser)
        self.widget: go.FigureWidget | None = None if fig is None else self._new(fig)
        self.box.children = [] if self.widget is None else [self.widget]

    def _new(self, fig: go.Figure) -> go.FigureWidget:
        return go.FigureWidget(fig)

    def show(self, fig: go.Figure) -> bool:
        """Show ``fig``; True if updated in place, False if a new widget was swapped in."""
        if self.widget is not None and redraw(self.widget, fig):
            return True
        self.widget = self._new(fig)
        self.box.children = [self.widget]
        return False


class BoardView(FigureSlot):
    """The board: a FigureSlot whose clicks report the board location under the pointer."""

    def __init__(self, fig: go.Figure | None = None, on_location: Callable[[str], None] | None = None) -> None:
        self._on_location = on_location
        super().__init__(fig, css_class="ccg-board")

    def _new(self, fig: go.Figure) -> go.FigureWidget:
        widget = super()._new(fig)
        for trace in widget.data:
            trace.on_click(self._clicked)
        return widget

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
