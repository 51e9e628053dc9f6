"""The players' pieces and the places they stand on: roads on paths (``E*`` ids), settlements, cities and
metropolises on intersections (``N*`` ids), and the key to the piece shapes."""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from ccg.core.glossary import term
from ccg.games.catan.data import HARBOUR_TYPES
from ccg.games.catan.geometry import corner_xy
from ccg.i18n import pgettext

from .frame import Frame
from .names import piece, seat_colour, seat_label
from .style import PIECES, PLAYER_COLOURS


def roads(s: Any, fr: Frame) -> list[go.Scatter]:
    """A dark casing under every road (each colour stays visible on any terrain), then one trace per seat,
    which carries the seat's legend entry (shown even before any road is built)."""
    b = s.board
    geo = b.geo
    cas_x, cas_y = [], []
    road_xy = []
    for p in range(s.num_players):
        xs, ys = [], []
        for e in range(b.n_edge):
            if s.edge_owner[e] == p:
                a, c = geo.edge_nodes[e]
                (xa, ya), (xc, yc) = corner_xy(geo.nodes[a]), corner_xy(geo.nodes[c])
                # stop short of the corners so settlements stay visible
                ddx, ddy = (xc - xa) * 0.12, (yc - ya) * 0.12
                xs += [xa + ddx, xc - ddx, None]
                ys += [ya + ddy, yc - ddy, None]
        cas_x += xs
        cas_y += ys
        road_xy.append((xs, ys))
    traces = [go.Scatter(x=cas_x, y=cas_y, mode="lines", line=dict(color="#1a1a1a", width=fr.z(10)), hoverinfo="skip",
                         name="road outline", showlegend=False, uid="catan-road-casing")]  # i18n: not prose
    for p in range(s.num_players):
        xs, ys = road_xy[p]
        traces.append(go.Scatter(x=xs or [None], y=ys or [None], mode="lines",
                                 line=dict(color=PLAYER_COLOURS[p], width=fr.z(6)),
                                 name=seat_label(p), hoverinfo="skip", uid=f"catan-roads-{p}", legendgroup=f"p{p}",
                                 legendrank=p, showlegend=True))
    return traces


def paths(s: Any) -> go.Scatter:
    """The paths (clickable, carry E ids): invisible until hovered."""
    b = s.board
    geo = b.geo
    ex, ey, eh = [], [], []
    for e in range(b.n_edge):
        a, c = geo.edge_nodes[e]
        (xa, ya), (xc, yc) = corner_xy(geo.nodes[a]), corner_xy(geo.nodes[c])
        ex.append((xa + xc) / 2)
        ey.append((ya + yc) / 2)
        o = s.edge_owner[e]
        eh.append(pgettext("catan", "{edge} path {a}–{b}").format(edge=geo.edge_ids[e], a=geo.node_ids[a],
                                                                   b=geo.node_ids[c])
                  + (f": {seat_colour(o)} {term('catan', 'piece', 'road')}" if o >= 0 else ""))
    return go.Scatter(x=ex, y=ey, mode="markers", marker=dict(size=9, color="rgba(0,0,0,0)"),
                      customdata=list(geo.edge_ids), hovertext=eh, hoverinfo="text", name="paths",  # i18n: not prose
                      uid="catan-edges", showlegend=False)


def intersections(s: Any) -> go.Scatter:
    """The intersections (clickable, carry N ids), with their building and harbour in the hover."""
    b = s.board
    geo = b.geo
    nxy = [corner_xy(c) for c in geo.nodes]
    nh = []
    for n in range(b.n_node):
        p = s.node_owner[n]
        hb = b.node_harbour[n]
        harbour = "" if hb < 0 else " · " + pgettext("catan", "{kind} harbour").format(
            kind="3:1" if hb == 5 else "2:1 " + term("catan", "resource", HARBOUR_TYPES[hb]))
        nh.append(geo.node_ids[n] + (f": {seat_colour(p)} {piece(s.node_level[n])}" if p >= 0 else "") + harbour)
    return go.Scatter(x=[x for x, _ in nxy], y=[y for _, y in nxy], mode="markers",
                      marker=dict(size=7, color="rgba(40,40,40,0.25)"), customdata=list(geo.node_ids),
                      hovertext=nh, hoverinfo="text", name="intersections", uid="catan-nodes", showlegend=False)  # i18n: not prose


def buildings(s: Any, fr: Frame) -> list[go.Scatter]:
    """One trace per seat and building level (settlement, city, metropolis)."""
    b = s.board
    geo = b.geo
    traces = []
    for p in range(s.num_players):
        for lv, sym, size, label in PIECES:
            ns = [n for n in range(b.n_node) if s.node_owner[n] == p and s.node_level[n] == lv]
            xy = [corner_xy(geo.nodes[n]) for n in ns]
            traces.append(go.Scatter(
                x=[x for x, _ in xy], y=[y for _, y in xy], mode="markers",
                marker=dict(symbol=sym, size=round(size * max(fr.f, 0.95), 1), color=PLAYER_COLOURS[p],
                            line=dict(color="#111", width=1.8)),
                name=f"{seat_colour(p)}: {piece(lv)}", customdata=[geo.node_ids[n] for n in ns],
                hovertext=[f"{geo.node_ids[n]}: {seat_colour(p)} {piece(lv)}" for n in ns],
                hoverinfo="text", uid=f"catan-{label}-{p}", legendgroup=f"p{p}", showlegend=False))
    return traces


def piece_key(s: Any) -> list[go.Scatter]:
    """The key to the piece shapes (legend only; the metropolis with Oil Springs only)."""
    traces = []
    for lv, sym, size, label in PIECES:
        if lv == 3 and not s.oil_springs:
            continue
        traces.append(go.Scatter(
            x=[None], y=[None], mode="markers", name=piece(lv), legendgroup="pieces", legendrank=10 + lv,
            marker=dict(symbol=sym, size=min(size, 16), color="#bbbbbb", line=dict(color="#111", width=1.5)),
            hoverinfo="skip", uid=f"catan-key-{label}"))
    return traces
