"""A Plotly board figure as a NumPy image, drawn with Pillow: ``render_mode="rgb_array"`` without a browser.

The environments' ``rgb_array`` frames (video wrappers record them) come from ``ccg.plot.board`` — the same
figure the notebooks show — drawn here by a small rasterizer that knows what the board drawings use: scatter
traces (lines, filled shapes, markers, text), bars (horizontal or vertical, from 0), numeric or categorical
axes, layout shapes (rectangles, lines, circles), annotations and tables (as plain text rows). Fonts are Pillow's default; HTML in labels is reduced to its text. It is a
faithful sketch for recordings and learners, not Plotly's own rendering (use ``fig.write_image`` for print).
"""
from __future__ import annotations

import re
from typing import Any, Iterable

import numpy as np
from PIL import Image, ImageColor, ImageDraw, ImageFont

__all__ = ["figure_to_array"]

_TAG = re.compile(r"<[^>]+>")
_RGBA = re.compile(r"rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)")
_DEFAULT = (31, 119, 180, 255)


def _color(value: Any, default: tuple[int, int, int, int] | None = _DEFAULT) -> tuple[int, int, int, int] | None:
    """A Plotly colour string as RGBA (None for 'transparent' or an unreadable value with no default)."""
    if value is None or not isinstance(value, str):
        return default
    text = value.strip().lower()
    if text in ("", "none", "transparent"):
        return None
    m = _RGBA.fullmatch(text)
    if m:
        r, g, b = (int(float(x)) for x in m.groups()[:3])
        a = 1.0 if m.group(4) is None else float(m.group(4))
        return r, g, b, int(round(255 * a))
    try:
        rgb = ImageColor.getrgb(text)
    except ValueError:
        return default
    return (*rgb[:3], rgb[3] if len(rgb) == 4 else 255)


def _text(value: Any) -> str:
    return _TAG.sub(" ", str(value).replace("<br>", " ")).replace("&nbsp;", " ").strip() if value is not None else ""


def _seq(value: Any, n: int) -> list:
    """A per-point property as a list of n values (a scalar repeated)."""
    if value is None or isinstance(value, (str, int, float)):
        return [value] * n
    values = list(value)
    return values if len(values) >= n else values + [values[-1] if values else None] * (n - len(values))


class _Axes:
    """Data → pixel mapping of one subplot (xaxis k, yaxis k)."""

    def __init__(self, layout: dict, xname: str, yname: str, traces: list[dict],
                 box: tuple[float, float, float, float]) -> None:
        xa, ya = layout.get(xname, {}), layout.get(yname, {})
        left, top, width, height = box
        xd, yd = xa.get("domain") or (0.0, 1.0), ya.get("domain") or (0.0, 1.0)
        self.x0, self.x1 = left + xd[0] * width, left + xd[1] * width
        self.y0, self.y1 = top + (1 - yd[1]) * height, top + (1 - yd[0]) * height
        # categorical axes (text values, as a horizontal bar chart's y): category k sits at k, in order of appearance
        self.xcat = _categories(traces, "x")
        self.ycat = _categories(traces, "y")
        xs = [v for t in traces for v in (t.get("x") or ()) if isinstance(v, (int, float))]
        ys = [v for t in traces for v in (t.get("y") or ()) if isinstance(v, (int, float))]
        xs += [0.0 for t in traces if t.get("type") == "bar" and t.get("orientation") == "h"]  # bars start at 0
        ys += [0.0 for t in traces if t.get("type") == "bar" and t.get("orientation") != "h"]
        xs += [-0.5, len(self.xcat) - 0.5] if self.xcat else []
        ys += [-0.5, len(self.ycat) - 0.5] if self.ycat else []
        for sh in layout.get("shapes") or ():
            xs += [v for v in (sh.get("x0"), sh.get("x1")) if isinstance(v, (int, float))]
            ys += [v for v in (sh.get("y0"), sh.get("y1")) if isinstance(v, (int, float))]
        self.xr = tuple(xa["range"]) if xa.get("range") else self._span(xs)
        self.yr = tuple(ya["range"]) if ya.get("range") else self._span(ys)
        if xa.get("scaleanchor") or ya.get("scaleanchor"):  # equal units: widen the tighter axis around its centre
            sx = (self.xr[1] - self.xr[0]) / max(self.x1 - self.x0, 1)
            sy = (self.yr[1] - self.yr[0]) / max(self.y1 - self.y0, 1)
            s = max(sx, sy)
            cx, cy = sum(self.xr) / 2, sum(self.yr) / 2
            hx, hy = s * (self.x1 - self.x0) / 2, s * (self.y1 - self.y0) / 2
            self.xr, self.yr = (cx - hx, cx + hx), (cy - hy, cy + hy)

    @staticmethod
    def _span(values: list[float]) -> tuple[float, float]:
        if not values:
            return 0.0, 1.0
        lo, hi = min(values), max(values)
        pad = (hi - lo) * 0.05 or 0.5
        return lo - pad, hi + pad

    def px(self, x: Any, y: Any) -> tuple[float, float]:
        x, y = self.xcat.get(x, x) if isinstance(x, str) else x, self.ycat.get(y, y) if isinstance(y, str) else y
        fx = (x - self.xr[0]) / ((self.xr[1] - self.xr[0]) or 1)
        fy = (y - self.yr[0]) / ((self.yr[1] - self.yr[0]) or 1)
        return self.x0 + fx * (self.x1 - self.x0), self.y1 - fy * (self.y1 - self.y0)


def _categories(traces: list[dict], axis: str) -> dict[str, int]:
    """The text values on ``axis`` ("x" or "y") of ``traces``, each numbered in order of first appearance."""
    found: dict[str, int] = {}
    for t in traces:
        for v in t.get(axis) or ():
            if isinstance(v, str) and v not in found:
                found[v] = len(found)
    return found


def _bars(draw: ImageDraw.ImageDraw, ax: _Axes, t: dict) -> None:
    """A bar trace: one rectangle per point from 0 to its value, 0.8 of a category wide."""
    xs, ys = list(t.get("x") or ()), list(t.get("y") or ())
    horizontal = t.get("orientation") == "h"
    colors = _seq(_g(t, "marker", "color"), len(xs))
    for x, y, c in zip(xs, ys, colors):
        if x is None or y is None:
            continue
        if horizontal:
            at = float(ax.ycat.get(y, 0) if isinstance(y, str) else y)
            (x0, y0), (x1, y1) = ax.px(0.0, at - 0.4), ax.px(x, at + 0.4)
        else:
            at = float(ax.xcat.get(x, 0) if isinstance(x, str) else x)
            (x0, y0), (x1, y1) = ax.px(at - 0.4, 0.0), ax.px(at + 0.4, y)
        draw.rectangle([min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)], fill=_color(c))


def _runs(xs: Iterable, ys: Iterable) -> list[list[tuple[float, float]]]:
    """Points split at None gaps (how Plotly separates polylines in one trace)."""
    runs: list[list[tuple[float, float]]] = [[]]
    for x, y in zip(xs, ys):
        if x is None or y is None:
            runs.append([])
        else:
            runs[-1].append((float(x), float(y)))
    return [r for r in runs if r]


def _marker(draw: ImageDraw.ImageDraw, symbol: Any, cx: float, cy: float, r: float, fill, outline) -> None:
    name = str(symbol or "circle")
    if name.startswith("square"):
        draw.rectangle([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=outline)
    elif name.startswith("diamond"):
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill, outline=outline)
    elif name.startswith("triangle"):
        draw.polygon([(cx, cy - r), (cx + r, cy + r), (cx - r, cy + r)], fill=fill, outline=outline)
    else:
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=outline)


def _g(d: dict | None, *keys: str) -> Any:
    """d[k1][k2]… or None where a level is missing."""
    for k in keys:
        if not isinstance(d, dict):
            return None
        d = d.get(k)
    return d


class _Canvas:
    """What every drawing step needs: the Pillow image and its pen, the default font, the figure's scale,
    the plotting box (left, top, width, height) and the subplots' axes."""

    def __init__(self, layout: dict, traces: list[dict], width: int | None, height: int | None) -> None:
        own_w, own_h = float(layout.get("width") or 800), float(layout.get("height") or 600)
        W = int(width or (own_w * height / own_h if height else own_w))
        H = int(height or own_h * W / own_w)
        self.scale = W / own_w
        paper = _color(layout.get("paper_bgcolor"), (255, 255, 255, 255)) or (255, 255, 255, 255)
        self.image = Image.new("RGBA", (W, H), paper)
        self.draw = ImageDraw.Draw(self.image, "RGBA")
        self.font = ImageFont.load_default()
        m = layout.get("margin") or {}
        ml, mr, mt, mb = (float(m.get(k, 0) or 0) * self.scale for k in ("l", "r", "t", "b"))
        self.box = (ml, mt, W - ml - mr, H - mt - mb)
        self.axes = _subplot_axes(layout, traces, self.box)
        self.main = self.axes.get(("x", "y")) or next(iter(self.axes.values()))

    def axes_of(self, t: dict) -> _Axes:
        return self.axes[(t.get("xaxis") or "x", t.get("yaxis") or "y")]

    def width(self, line_width: float) -> int:
        """A Plotly line width in pixels, at least 1."""
        return max(1, int(round(line_width * self.scale)))


def _subplot_axes(layout: dict, traces: list[dict], box: tuple[float, float, float, float]) -> dict:
    """The axes of each (xaxis, yaxis) pair the traces use (the main pair when there are none)."""
    groups: dict[tuple[str, str], list] = {}
    for t in traces:
        groups.setdefault((t.get("xaxis") or "x", t.get("yaxis") or "y"), []).append(t)
    return {(xk, yk): _Axes(layout, "xaxis" + xk[1:], "yaxis" + yk[1:], ts, box)
            for (xk, yk), ts in (groups or {("x", "y"): []}).items()}


def figure_to_array(fig: Any, width: int | None = None, height: int | None = None) -> np.ndarray:
    """The figure (a Plotly Figure or its dict) as an ``(height, width, 3)`` uint8 array.

    Default size: the figure's own (else 800 × 600); with only ``width`` or ``height``, the figure's aspect.
    Drawn back to front, as Plotly layers them."""
    spec = fig if isinstance(fig, dict) else fig.to_dict()
    layout, data = spec.get("layout", {}), spec.get("data", [])
    traces = [t for t in data if t.get("type", "scatter") in ("scatter", "bar")]
    canvas = _Canvas(layout, traces, width, height)
    _plot_backgrounds(canvas, layout)
    _shapes(canvas, layout, "below")
    for t in traces:
        if t.get("type") == "bar":
            _bars(canvas.draw, canvas.axes_of(t), t)
        else:
            _scatter(canvas, t)
    _shapes(canvas, layout, "above")
    _annotations(canvas, layout)
    for table in (t for t in data if t.get("type") == "table"):
        _table(canvas, table)
    _title(canvas, layout)
    return np.asarray(canvas.image.convert("RGB"), dtype=np.uint8)


def _plot_backgrounds(canvas: _Canvas, layout: dict) -> None:
    plot_bg = _color(layout.get("plot_bgcolor"), None)
    if plot_bg:
        for a in canvas.axes.values():
            canvas.draw.rectangle([a.x0, a.y0, a.x1, a.y1], fill=plot_bg)


def _shapes(canvas: _Canvas, layout: dict, layer: str) -> None:
    """The layout's rectangles, lines and circles on ``layer`` ("below" or "above" the traces)."""
    for sh in layout.get("shapes") or ():
        kind = sh.get("type")
        if (sh.get("layer") or "above") != layer or kind not in ("rect", "line", "circle"):
            continue
        (x0, y0), (x1, y1) = canvas.main.px(sh["x0"], sh["y0"]), canvas.main.px(sh["x1"], sh["y1"])
        lw = _g(sh, "line", "width")
        line = _color(_g(sh, "line", "color"), (68, 68, 68, 255)) if lw is None or lw > 0 else None
        w = canvas.width(lw or 1)
        fill = _color(sh.get("fillcolor"), None)
        xy = [min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)]
        if kind == "line":
            canvas.draw.line([(x0, y0), (x1, y1)], fill=line, width=w)
        elif kind == "rect":
            canvas.draw.rectangle(xy, fill=fill, outline=line, width=w)
        else:
            canvas.draw.ellipse(xy, fill=fill, outline=line, width=w)


def _scatter(canvas: _Canvas, t: dict) -> None:
    """A scatter trace: a filled shape or lines, then markers, then text, as its mode asks."""
    ax = canvas.axes_of(t)
    mode = t.get("mode") or "markers"
    xs, ys = list(t.get("x") or ()), list(t.get("y") or ())
    if t.get("fill") == "toself":
        _filled(canvas, ax, t, mode, xs, ys)
    elif "lines" in mode:
        _lines(canvas, ax, t, xs, ys)
    if "markers" in mode and xs:
        _markers(canvas, ax, t, xs, ys)
    if "text" in mode and xs:
        _labels(canvas, ax, t, xs, ys)


def _filled(canvas: _Canvas, ax: _Axes, t: dict, mode: str, xs: list, ys: list) -> None:
    fill = _color(t.get("fillcolor"), (200, 200, 200, 128))
    outline = _color(_g(t, "line", "color"), None) if "lines" in mode else None
    for run in _runs(xs, ys):
        pts = [ax.px(x, y) for x, y in run]
        if len(pts) >= 3:
            canvas.draw.polygon(pts, fill=fill, outline=outline)


def _lines(canvas: _Canvas, ax: _Axes, t: dict, xs: list, ys: list) -> None:
    color = _color(_g(t, "line", "color"))
    w = canvas.width(_g(t, "line", "width") or 2)
    for run in _runs(xs, ys):
        pts = [ax.px(x, y) for x, y in run]
        if len(pts) >= 2:
            canvas.draw.line(pts, fill=color, width=w, joint="curve")


def _markers(canvas: _Canvas, ax: _Axes, t: dict, xs: list, ys: list) -> None:
    n = len(xs)
    sizes, colors = _seq(_g(t, "marker", "size"), n), _seq(_g(t, "marker", "color"), n)
    symbols = _seq(_g(t, "marker", "symbol"), n)
    edge = _color(_g(t, "marker", "line", "color"), None)
    for x, y, s, c, sym in zip(xs, ys, sizes, colors, symbols):
        if x is None or y is None:
            continue
        cx, cy = ax.px(x, y)
        r = max(1.0, float(s if isinstance(s, (int, float)) else 6) * canvas.scale / 2)
        _marker(canvas.draw, sym, cx, cy, r, _color(c), edge)


def _labels(canvas: _Canvas, ax: _Axes, t: dict, xs: list, ys: list) -> None:
    texts = _seq(t.get("text"), len(xs))
    color = _color(_g(t, "textfont", "color"), (20, 20, 20, 255))
    for x, y, label in zip(xs, ys, texts):
        words = _text(label)
        if words and x is not None and y is not None:
            canvas.draw.text(ax.px(x, y), words, fill=color, font=canvas.font, anchor="mm")


def _annotations(canvas: _Canvas, layout: dict) -> None:
    """The layout's annotations at data or paper coordinates."""
    box = canvas.box
    for note in layout.get("annotations") or ():
        words = _text(note.get("text"))
        x, y = note.get("x"), note.get("y")
        if not words or not isinstance(x, (int, float)) or not isinstance(y, (int, float)):
            continue
        if note.get("xref") == "paper" or note.get("yref") == "paper":
            cx, cy = box[0] + x * box[2], box[1] + (1 - y) * box[3]
        else:
            cx, cy = canvas.main.px(x, y)
        anchor = {"left": "l", "right": "r"}.get(note.get("xanchor") or "", "m") + "m"
        canvas.draw.text((cx, cy), words, fill=(20, 20, 20, 255), font=canvas.font, anchor=anchor)


def _table(canvas: _Canvas, table: dict) -> None:
    """A table trace as plain text rows (header first) in its domain, cut where the domain ends."""
    box, draw = canvas.box, canvas.draw
    dx, dy = _g(table, "domain", "x") or (0, 1), _g(table, "domain", "y") or (0, 1)
    x0, x1 = box[0] + dx[0] * box[2], box[0] + dx[1] * box[2]
    y0, y1 = box[1] + (1 - dy[1]) * box[3], box[1] + (1 - dy[0]) * box[3]
    draw.rectangle([x0, y0, x1, y1], fill=(250, 250, 250, 255), outline=(170, 170, 170, 255))
    columns = [list(c) if isinstance(c, (list, tuple)) else [c] for c in (_g(table, "cells", "values") or ())]
    header = list(_g(table, "header", "values") or ())
    rows = [[_text(h) for h in header]] + [[_text(c[i]) if i < len(c) else "" for c in columns]
                                           for i in range(max((len(c) for c in columns), default=0))]
    step = max(len(header), len(columns), 1)
    for k, row in enumerate(rows):
        y = y0 + 4 + k * 12
        if y > y1 - 10:
            break
        for j, cell in enumerate(row):
            draw.text((x0 + 4 + j * (x1 - x0) / step, y), cell[:24], fill=(20, 20, 20, 255), font=canvas.font)


def _title(canvas: _Canvas, layout: dict) -> None:
    title = _g(layout, "title", "text")
    if title:
        canvas.draw.text((canvas.box[0], 8), _text(title), fill=(20, 20, 20, 255), font=canvas.font)
