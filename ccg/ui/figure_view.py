"""A Plotly figure as a widget whose synced state is the whole figure (drawn with ``Plotly.react``).

Why not Plotly's ``FigureWidget``: it sends each redraw as a stream of property changes and
keeps the initial figure as its synced state. A front end that was not listening when a change
was sent — Voila connecting after the notebook ran, JupyterLab rendering a view after the kernel
had already redrawn, a reloaded tab — showed an old or broken board for good. Here
the synced state *is* the current figure (one JSON string, about 30–60 KB for a board), so any
front end, whenever it connects, draws exactly the figure the kernel holds.

Every figure is checked before it is sent: NaN or ±inf anywhere raises
:class:`NonFiniteFigureError` (JSON has no such numbers and Plotly would draw nonsense).
"""
from __future__ import annotations

import base64
import functools
import json
import math
from pathlib import Path
from typing import Any, Callable

import anywidget
import numpy as np
import plotly
import plotly.graph_objects as go
import traitlets

__all__ = ["FigureView", "NonFiniteFigureError", "figure_json", "find_non_finite"]


class NonFiniteFigureError(ValueError):
    """A figure carries NaN or an infinite number; the message names where."""


def _plain(value: Any) -> Any:
    """JSON-ready copies of numpy / pandas values (``json.dumps`` ``default`` hook)."""
    if hasattr(value, "tolist"):  # numpy arrays and scalars, pandas Series
        return value.tolist()
    if hasattr(value, "isoformat"):
        return value.isoformat()
    raise TypeError(f"cannot send a {type(value).__name__} to the front end")


def find_non_finite(value: Any, path: str = "") -> str | None:
    """The path of the first NaN / ±inf inside a (JSON-like) value, or None."""
    if isinstance(value, float):
        return None if math.isfinite(value) else path or "(value)"
    if isinstance(value, dict):
        if isinstance(value.get("bdata"), str) and isinstance(value.get("dtype"), str):
            return _non_finite_typed_array(value, path)
        for key, item in value.items():
            found = find_non_finite(item, f"{path}.{key}" if path else str(key))
            if found:
                return found
        return None
    if isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            found = find_non_finite(item, f"{path}[{i}]")
            if found:
                return found
        return None
    if hasattr(value, "tolist"):
        return find_non_finite(value.tolist(), path)
    return None


def _non_finite_typed_array(value: dict, path: str) -> str | None:
    """Plotly sends numpy arrays as base64 typed arrays ({"dtype": "f8", "bdata": ...}): look inside too."""
    array = np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
    if array.dtype.kind != "f":
        return None
    bad = np.flatnonzero(~np.isfinite(array))
    return f"{path}[{int(bad[0])}]" if bad.size else None


def _plain_figure(fig: go.Figure | dict) -> dict:
    figure = fig if isinstance(fig, dict) else fig.to_plotly_json()
    return {"data": figure.get("data", []), "layout": figure.get("layout", {})}


def figure_json(fig: go.Figure | dict, revision: int = 0, narrow: go.Figure | dict | None = None,
                min_scale: float = 0.0) -> str:
    """The JSON sent to the front end: ``{"revision": n, "figure": {data, layout}}``.

    With ``narrow`` (the same traces laid out for a narrower room) the payload also holds ``narrow`` and
    ``min_scale``: the front end draws ``narrow`` whenever ``figure`` would be scaled below ``min_scale``.
    Raises NonFiniteFigureError when a figure holds NaN or ±inf (naming the first place).
    """
    payload: dict[str, Any] = {"revision": revision, "figure": _plain_figure(fig)}
    if narrow is not None:
        payload["narrow"] = _plain_figure(narrow)
        payload["min_scale"] = float(min_scale)
    try:
        text = json.dumps(payload, allow_nan=False, default=_plain, separators=(",", ":"))
    except ValueError:
        text = None
    where = find_non_finite(json.loads(json.dumps(payload, default=_plain))) if text is None or '"bdata"' in text \
        else None
    if where is not None or text is None:
        raise NonFiniteFigureError(f"the figure holds a value that is not a finite number at {where}")
    return text


@functools.cache
def _plotly_js() -> str:
    """plotly.js as bundled with plotly.py (the version plotly.py is built for).

    Sent as text inside the message, never as a binary buffer: Voila 0.5.13 reads every binary frame
    as the v1 websocket format, so a page speaking the older v0 protocol that received one would make
    the server loop on a garbage offset count (tests/ui/test_voila_binary_freeze.py).
    """
    return (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_text(encoding="utf-8")


class FigureView(anywidget.AnyWidget):
    """Shows one Plotly figure at a time; ``show(fig)`` replaces it (the front end redraws in place).

    ``on_click(callback)`` registers ``callback(trace_index, point_index)`` for clicks on points;
    ``click(trace_index, point_index)`` runs the same path a browser click takes (tests, demos).
    """

    _esm = (Path(__file__).with_name("figure_view.js")).read_text(encoding="utf-8")
    figure_json = traitlets.Unicode("").tag(sync=True)

    def __init__(self, fig: go.Figure | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._figure: go.Figure | None = None
        self._narrow: go.Figure | None = None
        self._revision = 0
        self._click_handlers: list[Callable[[int, int], None]] = []
        self.on_msg(self._on_front_end_message)
        if fig is not None:
            self.show(fig)

    @property
    def figure(self) -> go.Figure | None:
        """The figure shown (None before the first ``show``)."""
        return self._figure

    @property
    def data(self) -> tuple:
        """The traces shown."""
        return () if self._figure is None else self._figure.data

    @property
    def revision(self) -> int:
        """How many figures have been sent (the front end reports the last one it drew)."""
        return self._revision

    def show(self, fig: go.Figure, narrow: go.Figure | None = None, min_scale: float = 0.0) -> None:
        """Send ``fig`` to every front end (the whole figure; raises NonFiniteFigureError on NaN/inf).

        ``narrow``: the same traces (same order and points, so clicks map alike) laid out for a narrow room,
        drawn instead of ``fig`` where ``fig`` would be scaled below ``min_scale``.
        """
        if narrow is not None and len(narrow.data) != len(fig.data):
            raise ValueError(f"the narrow figure has {len(narrow.data)} traces, the figure {len(fig.data)}")
        text = figure_json(fig, self._revision + 1, narrow, min_scale)
        self._revision += 1
        self._figure = fig
        self._narrow = narrow
        self.figure_json = text

    @property
    def narrow(self) -> go.Figure | None:
        """The narrow layout sent with the figure (None: the figure is only ever scaled)."""
        return self._narrow

    def clear(self) -> None:
        self._narrow = None
        self._figure = None
        self._revision += 1
        self.figure_json = ""

    def on_click(self, callback: Callable[[int, int], None]) -> None:
        self._click_handlers.append(callback)

    def click(self, trace_index: int, point_index: int) -> None:
        """Simulate a browser click on one point (the message the front end sends)."""
        self._on_front_end_message(self, {"event": "click", "trace": trace_index, "point": point_index}, [])

    def _on_front_end_message(self, _widget: Any, content: Any, buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        event = content.get("event")
        if event == "need-plotly":
            self.send({"event": "plotly-js", "source": _plotly_js()})
        elif event == "click":
            trace, point = content.get("trace"), content.get("point")
            if not (isinstance(trace, int) and isinstance(point, int)) or not 0 <= trace < len(self.data):
                return  # a stale click on a figure that has since been replaced
            for callback in list(self._click_handlers):
                callback(trace, point)
