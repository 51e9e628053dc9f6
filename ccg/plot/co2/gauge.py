"""The CO2 gauge: green below the catastrophe level (350), amber up to the level where the planet is lost (500),
red above; the marker at the current ppm."""
from __future__ import annotations

from typing import Any

from ccg.games.co2.hooks import gauge_top
from ccg.i18n import pgettext

from .frame import Places
from .marks import Canvas, scatter
from .style import MIN_TEXT


def gauge(s: Any, pl: Places, canvas: Canvas) -> None:
    """The zones, ticks and labels, and the marker as a trace."""
    gx, low = pl.gauge_x, pl.low
    cat, lose = s.rules["ppm.catastrophe"], s.rules["ppm.lose"]
    top = gauge_top(s.ppm)

    def gy(v: float) -> float:
        return low + v / top * 11.4

    for lo, hi, colour in ((0, cat, "#b9ecb5"), (cat, lose, "#fdd58a"), (lose, top, "#f4a6a0")):
        canvas.shapes.append(dict(type="rect", x0=gx - 0.45, x1=gx + 0.45, y0=gy(lo), y1=gy(hi), fillcolor=colour,
                                  line=dict(width=0), layer="below"))
    canvas.shapes.append(dict(type="rect", x0=gx - 0.45, x1=gx + 0.45, y0=gy(0), y1=gy(top), line=dict(color="#555", width=1)))
    for v in range(100, top + 1, 100):
        if v not in (cat, lose) and abs(v - s.ppm) > top / 25:  # keep the marker's label clear
            canvas.notes.append(dict(x=gx - 0.5, y=gy(v), xanchor="right", showarrow=False,
                                     font=dict(size=MIN_TEXT, color="#777"), text=str(v)))
            canvas.shapes.append(dict(type="line", x0=gx - 0.45, x1=gx - 0.25, y0=gy(v), y1=gy(v),
                                      line=dict(color="#777", width=1)))
    for v, colour, label in ((cat, "#c77700", pgettext("co2", "catastrophes")),
                             (lose, "#c0392b", pgettext("co2", "planet lost"))):
        canvas.shapes.append(dict(type="line", x0=gx - 0.7, x1=gx + 0.7, y0=gy(v), y1=gy(v), line=dict(color=colour, width=3)))
        canvas.notes.append(dict(x=gx + 0.75, y=gy(v), xanchor="left", showarrow=False,
                                 font=dict(size=MIN_TEXT, color=colour), text=f"<b>{v}</b><br>{label}"))
    canvas.notes.append(dict(x=gx, y=low + 12.0, showarrow=False, font=dict(size=13), text="<b>CO2 ppm</b>"))  # i18n: not prose
    canvas.fig.add_trace(scatter("co2-gauge", [gx - 0.55], [gy(s.ppm)], [f"<b>{s.ppm}</b>"], ["black"],
                                 symbol="triangle-right", size=18, textsize=13,
                                 hover=[pgettext("co2", "CO2 {ppm} ppm (peak {peak}; catastrophes from {catastrophe}, all lose "
                                                 "at {lose})").format(ppm=s.ppm, peak=s.ppm_peak, catastrophe=cat, lose=lose)],
                                 textcolor="black", mode="markers+text"))
    canvas.fig.data[-1].textposition = "middle left"
    canvas.shapes.append(dict(type="line", x0=gx - 0.45, x1=gx + 0.45, y0=gy(s.ppm), y1=gy(s.ppm),
                              line=dict(color="black", width=3)))
