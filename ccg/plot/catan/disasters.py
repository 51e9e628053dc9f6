"""The disaster track of Oil Springs (OIL-16.4): the marker's scale and the circles of destroyed tokens,
under the island."""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from ccg.core.glossary import term
from ccg.i18n import pgettext

from .frame import Frame


def disaster_track(s: Any, fr: Frame) -> tuple[list[go.Scatter], list[dict]]:
    """(traces, their headings as annotations); nothing without the scenario."""
    if not s.oil_springs:
        return [], []
    geo = s.board.geo
    ymin = min(fr.cy) - 2.3
    xmin = min(fr.cx) - 0.6
    k = s.rules["oil.disaster_at"]
    scale_x = [xmin + 0.62 * i for i in range(k + 1)]
    marker = go.Scatter(
        x=scale_x, y=[ymin] * len(scale_x), mode="markers+text",
        text=[str(i) if i < k else "⚠" for i in range(k + 1)],
        textfont=dict(color=["white" if i == s.marker else "#222" for i in range(k + 1)], size=11),
        marker=dict(size=[26 if i == s.marker else 20 for i in range(k + 1)],
                    color=["#d62728" if i == s.marker else ("#ffd0c8" if i == k else "#f4f4f4")
                           for i in range(k + 1)], line=dict(color="#333", width=1)),
        name=pgettext("catan", "disaster marker"), hoverinfo="text", showlegend=False,
        hovertext=[pgettext("catan", "disaster marker at {marker} of {limit}: each oil use moves it 1; at {limit} a "
                            "disaster strikes").format(marker=s.marker, limit=k)
                   + (" — " + pgettext("catan", "disaster pending") if s.pending else "")] * (k + 1),
        uid="catan-disaster-marker")
    slots = s.oil_destroyed_to_end
    x0 = scale_x[-1] + 1.1
    token_x = [x0 + 0.62 * i for i in range(slots)]
    labels = [str(s.destroyed[i][1]) if i < len(s.destroyed) else "" for i in range(slots)]
    tokens = go.Scatter(
        x=token_x, y=[ymin] * slots, mode="markers+text", text=labels, textfont=dict(size=11),
        marker=dict(size=24, color=["#f5c58a" if lab else "#ffffff" for lab in labels],
                    line=dict(color="#333", width=1)),
        name=pgettext("catan", "destroyed tokens"), hoverinfo="text", showlegend=False,
        hovertext=[pgettext("catan", "destroyed: number {number} of {hex}").format(
            number=s.destroyed[i][1], hex=geo.hex_ids[s.destroyed[i][0]])
                   if i < len(s.destroyed) else
                   pgettext("catan", "empty — the island is lost when all {count} are filled").format(count=slots)
                   for i in range(slots)],
        uid="catan-disaster-track")
    notes = [dict(x=scale_x[0] - 0.3, y=ymin + 0.55, xref="x", yref="y", xanchor="left", showarrow=False,
                  font=dict(size=11), text=f"<b>{term('catan', 'term', 'disaster_track')}</b>"
                  + (" (" + pgettext("catan", "pending") + ")" if s.pending else "")),
             dict(x=token_x[0] - 0.3, y=ymin + 0.55, xref="x", yref="y", xanchor="left", showarrow=False,
                  font=dict(size=11), text="<b>" + pgettext("catan", "Destroyed numbers") + "</b> ("
                  + pgettext("catan", "{count} of {slots}").format(count=len(s.destroyed), slots=slots) + ")")]
    return [marker, tokens], notes
