"""The summits under the regions: each summit's city and its topics (sources), a scientist's disc on a taken
topic. Points carry ``summit<k>`` in ``customdata``."""
from __future__ import annotations

from typing import Any

from ccg.core.glossary import term
from ccg.i18n import pgettext

from .frame import Places
from .marks import Canvas, Points, disc, scatter
from .names import seat_colour, source
from .style import SEAT_COLOURS, SOURCE_ABBR, SOURCE_COLOURS, SOURCE_TEXT


def summits(s: Any, pl: Places, canvas: Canvas) -> None:
    """The topics of every summit on display as one trace, the summits' headings and the scientists' discs."""
    components = s.components
    topics = Points()
    for sp, tile in enumerate(s.summit):
        x0 = -2.3 + sp * 5.2 if pl.narrow else 0.2 + sp * 6
        canvas.notes.append(dict(x=x0, y=-0.5, xanchor="left", showarrow=False, font=dict(size=12),
                                 text="<b>" + pgettext("co2", "Summit {number}").format(number=sp + 1) + "</b> "
                                 + (term("co2", "summit", components.summits[tile][0]) if tile >= 0 else pgettext("co2", "(none)"))))
        if tile < 0:
            continue
        for j, src in enumerate(components.summits[tile][1]):
            q = s.summit_slots[sp * 4 + j]
            x, y = x0 + 0.5 + j * 1.3, -1.3
            topics.add(x, y, f"summit{sp + 1}", pgettext("co2", "summit {number} ({city}), topic {source}: {who}").format(
                number=sp + 1, city=term("co2", "summit", components.summits[tile][0]), source=source(src),
                who=pgettext("co2", "free") if q < 0 else pgettext("co2", "scientist of {seat}").format(seat=seat_colour(q))),
                SOURCE_COLOURS[src], SOURCE_ABBR[src], SOURCE_TEXT[src])
            if q >= 0:
                canvas.shapes.append(disc(x + 0.36, y + 0.3, SEAT_COLOURS[q], 0.18))
    canvas.fig.add_trace(scatter("co2-summits", topics.x, topics.y, topics.text, topics.colour, symbol="circle", size=26,
                                 hover=topics.hover, textcolor=topics.textcolour, custom=topics.where))
