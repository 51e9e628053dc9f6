"""The harbours: a pier from each of a harbour's two intersections to its token on the sea."""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from ccg.core.glossary import term
from ccg.games.catan.data import HARBOUR_TYPES, RESOURCES, TERRAINS
from ccg.games.catan.geometry import corner_xy
from ccg.i18n import pgettext

from .frame import Frame
from .style import TERRAIN_COLOURS, TERRAIN_TEXT


def harbours(s: Any, fr: Frame) -> list[go.Scatter]:
    """[piers, harbour tokens]: a 3:1 token white, a 2:1 token in the colour of its resource's terrain."""
    b = s.board
    geo = b.geo
    hx, hy, ht, hfill, htext, hhover, px, py = [], [], [], [], [], [], [], []
    for e, t in b.harbour_edges:
        a, c = geo.edge_nodes[e]
        (xa, ya), (xc, yc) = corner_xy(geo.nodes[a]), corner_xy(geo.nodes[c])
        mx, my = (xa + xc) / 2, (ya + yc) / 2
        land = [h for h in range(b.n_hex) if a in b.hex_nodes[h] and c in b.hex_nodes[h]][0]
        ox, oy = mx - fr.cx[land], my - fr.cy[land]
        tx, ty = mx + ox * 0.62, my + oy * 0.62
        hx.append(tx)
        hy.append(ty)
        px += [xa, tx, xc, None]
        py += [ya, ty, yc, None]
        if t == 5:
            ht.append("3:1")
            hfill.append("#ffffff")
            htext.append("#222")
            hhover.append(pgettext("catan", "3:1 harbour at {a}, {b}: trade 3 of one kind for 1").format(
                a=geo.node_ids[a], b=geo.node_ids[c]))
        else:
            good_id = HARBOUR_TYPES[t]
            terr = TERRAINS[RESOURCES.index(good_id)]
            good = term("catan", "resource", good_id)
            ht.append(f"2:1<br>{good}")
            hfill.append(TERRAIN_COLOURS[terr])
            htext.append(TERRAIN_TEXT[terr])
            hhover.append(pgettext("catan", "2:1 {good} harbour at {a}, {b}: trade 2 {good} for 1").format(
                good=good, a=geo.node_ids[a], b=geo.node_ids[c]))
    piers = go.Scatter(x=px, y=py, mode="lines", line=dict(color="#7a5a3a", width=3), hoverinfo="skip",
                       name="piers", showlegend=False, uid="catan-piers")  # i18n: not prose
    tokens = go.Scatter(x=hx, y=hy, mode="markers+text", text=ht, textposition="middle center",
                        textfont=dict(size=fr.zt(9), color=htext),
                        marker=dict(size=fr.z(38), color=hfill, opacity=1, line=dict(color="#7a5a3a", width=2)),
                        name="harbours", hoverinfo="text", hovertext=hhover, uid="catan-harbours", showlegend=False)  # i18n: not prose
    return [piers, tokens]
