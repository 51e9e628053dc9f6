"""The expertise tracks: one row per source, one diagonal lane per seat (equal values stay side by side).
Points carry ``track.<source>`` in ``customdata``."""
from __future__ import annotations

from typing import Any

from ccg.core.glossary import term
from ccg.games.co2.data import SOURCES
from ccg.i18n import pgettext
from ccg.plot.text import wrap_words

from .marks import Canvas, Points, rgba, scatter
from .names import seat_colour, source
from .style import MIN_TEXT, SEAT_COLOURS, SOURCE_COLOURS


def expertise(s: Any, canvas: Canvas) -> None:
    """The rows, their names and the scale, and every seat's level on every track as one trace."""
    n = s.num_players
    levels = Points()
    tmax = max(s.components.track_max)
    y_top = -2.7
    canvas.notes.append(dict(x=-2.0, y=y_top + 0.05, xanchor="left", showarrow=False, font=dict(size=12),
                             text="<b>" + term("co2", "term", "expertise") + "</b>"))
    for src in range(5):
        y = y_top - 0.55 - src * 0.8
        canvas.shapes.append(dict(type="rect", x0=0.0, x1=tmax * 1.05 + 0.9, y0=y - 0.35, y1=y + 0.35,
                                  fillcolor=rgba(SOURCE_COLOURS[src], 0.15), line=dict(width=0), layer="below"))
        # left of the track: about 2 units of the board; a longer name (Polish "Energia słoneczna") on two lines
        canvas.notes.append(dict(x=-0.2, y=y, xanchor="right", showarrow=False, font=dict(size=MIN_TEXT),
                                 text=wrap_words(source(src), 80, MIN_TEXT)))
        for p in range(n):
            v = s.expertise_of(p, src)
            lane = p - (n - 1) / 2  # one diagonal lane per seat: equal values stay side by side
            levels.add(v * 1.05 + 0.45 + lane * 0.1, y - lane * 0.13, f"track.{SOURCES[src]}",
                       pgettext("co2", "{seat}: {source} expertise {level}").format(seat=seat_colour(p), source=source(src),
                                                                                   level=v), SEAT_COLOURS[p])
    for v in range(tmax + 1):
        canvas.notes.append(dict(x=v * 1.05 + 0.45, y=y_top - 0.55 - 4 * 0.8 - 0.55, showarrow=False,
                                 font=dict(size=MIN_TEXT, color="#555"), text=str(v)))
    canvas.fig.add_trace(scatter("co2-expertise", levels.x, levels.y, levels.text, levels.colour, symbol="circle",
                                 size=8, hover=levels.hover, custom=levels.where, line_colours="#111"))
