"""The hexes of the map: terrain, the values on each hex (build cost, income, house), its id, the cities'
names and the companies' start hexes (CE-2.2).

Every hex's centre point (trace ``ce-values``) carries its hex id in ``customdata``, the ids used by
``Action.where``."""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from ccg.games.chicago_express.board import BOARD, COMPANIES, TERRAINS
from ccg.i18n import pgettext

from .frame import Frame
from .names import city, terrain
from .style import COMPANY_COLOURS, MIN_TEXT, TERRAIN_COLOURS, TEXT_COLOURS, board_name


def terrain_traces(fr: Frame) -> list[go.Scatter]:
    """One filled trace per terrain type (with its legend entry)."""
    traces = []
    for t, name in enumerate(TERRAINS):
        xs, ys = [], []
        for i in range(len(BOARD.ids)):
            if BOARD.terrain[i] != t:
                continue
            cx, cy = fr.centres[i]
            xs += [cx + dx for dx, _ in fr.corners] + [None]
            ys += [cy + dy for _, dy in fr.corners] + [None]
        traces.append(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", fillcolor=TERRAIN_COLOURS[name],
                                 line=dict(color="#777", width=0.6), name=name, hoverinfo="skip",
                                 uid=f"ce-terrain-{name}", showlegend=True))
    return traces


def hex_label(s: Any, i: int) -> str:
    """The values on hex ``i``: −build cost, +income, ⌂ house income (the hex key explains them)."""
    t = TERRAINS[BOARD.terrain[i]]
    parts = [f"−{BOARD.cost[i]}"] if BOARD.cost[i] else []
    if t in ("city", "mountain"):
        parts.append(f"+{BOARD.black[i]}")
        if BOARD.house[i]:
            parts.append(f"⌂{BOARD.house[i]}")
    elif t == "industrial":
        parts.append(f"+{s.industry[BOARD.industry_of[i]]}")
    elif t == "chicago":
        parts.append(f"+{s.rules['chicago_income']}")
    return " ".join(parts)


def start_company(i: int) -> int | None:
    """The company whose start hex ``i`` is (CE-2.2; Wabash's is Fort Wayne, CE-8.6), else None."""
    return BOARD.start.index(i) if i in BOARD.start else None


def hex_hover(s: Any, i: int) -> str:
    """A hex in words: name, terrain, cost, start hex, income, industry, house, trains."""
    t = TERRAINS[BOARD.terrain[i]]
    label = BOARD.hex_label(i)
    if BOARD.names[i]:
        label = label.replace(BOARD.names[i], city(BOARD.names[i]))
    lines = [f"<b>{label}</b> · {terrain(t)}",
             pgettext("chicago_express", "build cost {cost} × trains").format(cost=BOARD.cost[i])]
    c = start_company(i)
    if c is not None:
        lines.append((pgettext("chicago_express", "start hex of {company} (CE-2.2)") if c < 4 else
                      pgettext("chicago_express", "start hex of {company} (it enters here, CE-8.6)")).format(
                          company=COMPANIES[c]))
    if t in ("city", "mountain"):
        lines.append(pgettext("chicago_express", "income +{income}, house +{house}").format(
            income=BOARD.black[i], house=BOARD.house[i]))
    if t == "industrial":
        lines.append(pgettext("chicago_express", "industry value {value}").format(
            value=s.industry[BOARD.industry_of[i]]))
    if s.house_mask >> i & 1:
        lines.append(pgettext("chicago_express", "developed (house)"))
    here = [COMPANIES[c] for c in range(5) if s.hex_companies[i] >> c & 1]
    if here:
        lines.append(pgettext("chicago_express", "trains: {companies}").format(companies=", ".join(here)))
    return "<br>".join(lines)


def values(s: Any, fr: Frame) -> go.Scatter:
    """The values above each hex's centre (without spaces when narrow), the hover, the hex ids as locations."""
    xs = [c[0] for c in fr.centres]
    ys = [c[1] for c in fr.centres]
    return go.Scatter(x=xs, y=[y + fr.up for y in ys], mode="text",
                      text=[hex_label(s, i).replace(" ", "") if fr.narrow else hex_label(s, i) for i in range(len(xs))],
                      textfont=dict(size=10, color="#3a0a0a"), hovertext=[hex_hover(s, i) for i in range(len(xs))],
                      hoverinfo="text", customdata=list(BOARD.ids),  # hex ids = Action.where, for ccg.ui clicks
                      name="values", uid="ce-values", showlegend=False)  # i18n: not prose


def hex_ids(fr: Frame) -> go.Scatter:
    """Each hex's id under its centre."""
    return go.Scatter(x=[c[0] for c in fr.centres], y=[c[1] + fr.low for c in fr.centres], mode="text",
                      text=list(BOARD.ids), textfont=dict(size=MIN_TEXT, color="#555"), hoverinfo="skip",
                      name="ids", uid="ce-ids", showlegend=False)  # i18n: not prose


def cities(fr: Frame) -> go.Scatter:
    """The city names as the data file gives them (shortened to fit a hex)."""
    named = [i for i in range(len(fr.centres)) if BOARD.names[i]]
    return go.Scatter(x=[fr.centres[i][0] for i in named], y=[fr.centres[i][1] + fr.down for i in named], mode="text",
                      text=[board_name(city(BOARD.names[i]), fr.narrow) for i in named],
                      textfont=dict(size=MIN_TEXT, color="#111"),
                      hoverinfo="skip", name="cities", uid="ce-names", showlegend=False)  # i18n: not prose


def start_hexes(s: Any, fr: Frame) -> list[go.Scatter]:
    """An eastern start hex (no values of its own) shows its company in the centre, in the company's colour
    (CE-2.2); every start hex is outlined in that colour, with a legend entry naming where it is."""
    eastern = [c for c in range(5) if not hex_label(s, BOARD.start[c])]
    centre = [fr.centres[BOARD.start[c]] for c in eastern]
    traces = [go.Scatter(x=[x for x, _ in centre], y=[y + fr.up for _, y in centre],
                         mode="text", text=[f"<b>{COMPANIES[c]}</b>" for c in eastern],
                         textfont=dict(size=12, color=[TEXT_COLOURS[c] for c in eastern]), hoverinfo="skip",
                         name="start companies", uid="ce-start-names", showlegend=False)]  # i18n: not prose
    for c in range(5):
        cx, cy = fr.centres[BOARD.start[c]]
        where = city(BOARD.names[BOARD.start[c]]) if BOARD.names[BOARD.start[c]] else BOARD.ids[BOARD.start[c]]
        traces.append(go.Scatter(x=[cx + dx * 0.93 for dx, _ in fr.corners], y=[cy + dy * 0.93 for _, dy in fr.corners],
                                 mode="lines", line=dict(color=COMPANY_COLOURS[c], width=3.5), hoverinfo="skip",
                                 name=pgettext("chicago_express", "{company} start ({where})").format(
                                     company=COMPANIES[c], where=where), uid=f"ce-start-{c}"))
    return traces
