"""The pieces on the map, drawn in map units: the houses (white, dark outline: visible on every terrain) and
each company's trains in its own slot of a hex."""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from ccg.games.chicago_express.board import COMPANIES
from ccg.i18n import pgettext

from .frame import Frame
from .style import COMPANY_COLOURS, HOUSE, HOUSE_AT, SLOTS, TRAIN


def shapes(points: list[tuple[float, float]], shape: list[tuple[float, float]]) -> tuple[list, list]:
    """Polygon coordinates of ``shape`` at each point, separated by None (one trace draws them all)."""
    xs: list = []
    ys: list = []
    for x, y in points:
        xs += [x + dx for dx, _ in shape] + [None]
        ys += [y + dy for _, dy in shape] + [None]
    return xs, ys


def houses(s: Any, fr: Frame) -> go.Scatter:
    """Every house built, one trace (its legend entry counts the houses left in the supply)."""
    at = [(x + HOUSE_AT[0], y + HOUSE_AT[1]) for i, (x, y) in enumerate(fr.centres) if s.house_mask >> i & 1]
    hx, hy = shapes(at, HOUSE)
    return go.Scatter(x=hx, y=hy, mode="lines", fill="toself", fillcolor="white",
                      line=dict(color="#222", width=1.2),
                      name=pgettext("chicago_express", "houses ({count} in supply)").format(count=s.house_supply),
                      uid="ce-houses", hoverinfo="skip")


def trains(s: Any, fr: Frame) -> list[go.Scatter]:
    """One trace per company: its trains on the map (a dark outline keeps yellow C&O trains visible on the
    yellow cities)."""
    traces = []
    for c in range(5):
        at = []
        dx, dy = SLOTS[c]
        m = s.network[c]
        while m:
            low = m & -m
            i = low.bit_length() - 1
            m ^= low
            at.append((fr.centres[i][0] + dx, fr.centres[i][1] + dy))
        tx, ty = shapes(at, TRAIN)
        traces.append(go.Scatter(x=tx, y=ty, mode="lines", fill="toself", fillcolor=COMPANY_COLOURS[c],
                                 line=dict(color="#222", width=1),
                                 name=pgettext("chicago_express", "{company} trains ({count} on the map)").format(
                                     company=COMPANIES[c], count=len(at)), uid=f"ce-trains-{c}",
                                 hoverinfo="skip"))
    return traces
