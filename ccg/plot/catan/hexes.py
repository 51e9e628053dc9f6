"""What lies on the hexes: terrain, what each hex produces, number tokens with pips, oil springs, the robber.

The number tokens carry the hex ids (``H*``) in ``customdata``: a click on a hex names it."""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from ccg.core.glossary import term
from ccg.games.catan.data import PIPS, TERRAINS
from ccg.games.catan.geometry import hex_xy
from ccg.i18n import pgettext

from .frame import Frame
from .names import good, piece, seat_colour, terrain
from .style import TERRAIN_COLOURS, TERRAIN_TEXT


def hex_outline(q: int, r: int, scale: float = 0.98) -> tuple[list[float], list[float]]:
    """The corners of hex (q, r), closed, ``scale`` of its size."""
    cx, cy = hex_xy(q, r)
    xs, ys = [], []
    for dx, dy in ((0, 1), (0.866, 0.5), (0.866, -0.5), (0, -1), (-0.866, -0.5), (-0.866, 0.5), (0, 1)):
        xs.append(cx + dx * scale)
        ys.append(cy + dy * scale)
    return xs, ys


def terrain_traces(s: Any) -> list[go.Scatter]:
    """One filled trace per terrain type present."""
    b = s.board
    geo = b.geo
    traces = []
    for t, name in enumerate(TERRAINS):
        xs, ys = [], []
        for h in range(b.n_hex):
            if b.terrain[h] == t:
                hx, hy = hex_outline(*geo.hexes[h])
                xs += hx + [None]
                ys += hy + [None]
        if xs:
            traces.append(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", fillcolor=TERRAIN_COLOURS[name],
                                     line=dict(color="#4a4a4a", width=1.5), name=name, hoverinfo="skip",
                                     uid=f"catan-terrain-{name}", showlegend=False))
    return traces


def produce_labels(s: Any, fr: Frame) -> go.Scatter:
    """What each hex produces, under the number tokens: the map is readable without a key. An oil spring hex
    produces oil only (OIL-2.3), a numbered desert spring included (OIL-4.1)."""
    b = s.board
    return go.Scatter(x=fr.cx, y=[y - 0.6 for y in fr.cy], mode="text", hoverinfo="skip", showlegend=False,
                      text=[(f"{terrain(5)} · <b>{good(5)}</b>" if b.terrain[h] >= 5 else f"<b>{good(5)}</b>")
                            if b.spring[h] else good(b.terrain[h]) if b.terrain[h] < 5 else terrain(5)
                            for h in range(b.n_hex)],
                      textfont=dict(size=fr.zt(10), color=[TERRAIN_TEXT[TERRAINS[b.terrain[h]]] for h in range(b.n_hex)]),
                      name="terrain names", uid="catan-terrain-names")  # i18n: not prose


def hex_hover(s: Any, h: int) -> str:
    """A hex in words: terrain, what it produces, its number and odds, spring, robber, buildings around it."""
    b, geo = s.board, s.board.geo
    name = terrain(b.terrain[h])
    if b.spring[h]:  # OIL-2.3: an oil spring hex produces oil only, never its terrain's resource
        res = " → " + pgettext("catan", "oil only (OIL-2.3)")
    else:
        res = f" → {good(b.terrain[h])}" if b.terrain[h] < 5 else ""
    n0, n = b.numbers0[h], s.numbers[h]
    lines = [f"<b>{geo.hex_ids[h]}</b> {name}{res}"]
    if n:
        lines.append(pgettext("catan", "number {number} ({pips} of 36 rolls)").format(number=n, pips=PIPS[n]))
    elif n0:
        lines.append(pgettext("catan", "number {number} destroyed by a disaster — produces nothing").format(number=n0))
    if b.spring[h]:
        lines.append(pgettext("catan", "oil spring (numbered desert)") if b.spring[h] == 1 else
                     term("catan", "term", "oil_spring"))
    if s.robber == h:
        lines.append(pgettext("catan", "robber here: blocked"))
    for node in b.hex_nodes[h]:
        p = s.node_owner[node]
        if p >= 0:
            lines.append(f"{geo.node_ids[node]}: {seat_colour(p)} {piece(s.node_level[node])}")
    return "<br>".join(lines)


def number_tokens(s: Any, fr: Frame) -> go.Scatter:
    """The number tokens (destroyed ones crossed out) with probability pips; hex ids in customdata."""
    b = s.board
    text, colours, hover = [], [], []
    for h in range(b.n_hex):
        n0, n = b.numbers0[h], s.numbers[h]
        if n:
            dots = "•" * PIPS[n]
            text.append(f"<b>{n}</b><br><span style='font-size:{fr.zt(9)}px'>{dots}</span>")
        else:
            text.append(f"✕{n0}" if n0 else "")
        colours.append("#c00000" if n in (6, 8) else ("#777" if n0 and not n else "#111"))
        hover.append(hex_hover(s, h))
    has_token = [bool(b.numbers0[h]) for h in range(b.n_hex)]
    return go.Scatter(x=fr.cx, y=[y + 0.05 for y in fr.cy], mode="markers+text", text=text,
                      textfont=dict(color=colours, size=fr.zt(15)),
                      marker=dict(size=[fr.z(36) if t else fr.z(30) for t in has_token], opacity=1,
                                  color=["#fbf3dc" if t else "rgba(0,0,0,0)" for t in has_token],
                                  line=dict(color=["#6b5a3a" if t else "rgba(0,0,0,0)" for t in has_token], width=1.5)),
                      hovertext=hover, hoverinfo="text", customdata=list(b.geo.hex_ids), name="hexes",  # i18n: not prose
                      uid="catan-hexes", showlegend=False)


def oil_springs(s: Any, fr: Frame) -> list[go.Scatter]:
    """The oil spring markers (none without the scenario)."""
    b = s.board
    geo = b.geo
    sp = [h for h in range(b.n_hex) if b.spring[h]]
    if not sp:
        return []
    return [go.Scatter(x=[fr.cx[h] + 0.58 for h in sp], y=[fr.cy[h] + 0.12 for h in sp], mode="markers",
                       marker=dict(symbol="diamond-tall", size=fr.z(20), color="#111",
                                   line=dict(color="#ffc400", width=2)),
                       name=term("catan", "term", "oil_spring"),
                       hovertext=[pgettext("catan", "oil spring on {hex}").format(hex=geo.hex_ids[h]) for h in sp],
                       customdata=[geo.hex_ids[h] for h in sp], hoverinfo="text", uid="catan-springs",
                       legendgroup="things", legendrank=20)]


def robber(s: Any, fr: Frame) -> list[go.Scatter]:
    """The robber on its hex (none while it is off the board)."""
    if s.robber < 0:
        return []
    geo = s.board.geo
    return [go.Scatter(x=[fr.cx[s.robber] - 0.58], y=[fr.cy[s.robber] + 0.12], mode="markers+text", text=["R"],
                       textfont=dict(color="white", size=fr.zt(11)),
                       marker=dict(symbol="circle", size=fr.z(22), color="#2b2b2b", line=dict(color="#ddd", width=1.5)),
                       name=term("catan", "term", "robber"),
                       hovertext=[pgettext("catan", "robber on {hex}").format(hex=geo.hex_ids[s.robber])], hoverinfo="text",
                       customdata=[geo.hex_ids[s.robber]], uid="catan-robber", legendgroup="things", legendrank=21)]
