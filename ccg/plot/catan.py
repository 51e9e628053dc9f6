"""Catan board view: Plotly hex map (terrain, numbers, harbours, robber, pieces, oil springs,
disaster track) and a player table. ``seat`` hides other seats' hands (counts only)."""
from __future__ import annotations

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ccg.games.catan.data import DEV_TYPES, GOODS, HARBOUR_TYPES, TERRAINS
from ccg.games.catan.geometry import corner_xy, hex_xy

TERRAIN_COLOURS = {"forest": "#3f7d3a", "hills": "#c0623b", "pasture": "#9ccc65", "fields": "#f2c94c",
                   "mountains": "#8d8d99", "desert": "#e8d8a8"}
PLAYER_COLOURS = ("#d62728", "#1f77b4", "#ff7f0e", "#6a3d9a", "#2ca02c", "#8c564b")
SEA = "#a9d3ee"


def _hex_outline(q: int, r: int, scale: float = 0.97):
    cx, cy = hex_xy(q, r)
    xs, ys = [], []
    for k in ("N", "NE", "SE", "S", "SW", "NW", "N"):
        dx, dy = {"N": (0, 1), "NE": (0.866, 0.5), "SE": (0.866, -0.5), "S": (0, -1), "SW": (-0.866, -0.5),
                  "NW": (-0.866, 0.5)}[k]
        xs.append(cx + dx * scale)
        ys.append(cy + dy * scale)
    return xs, ys


def board(state, seat: int | None = None, width: int = 980, height: int = 900) -> go.Figure:
    """A Plotly figure of a Catan position. Trace uids are fixed (``catan-…``) for stable outputs."""
    s = state
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.num_players):
        raise ValueError(f"seat must be 0..{s.num_players - 1} or None, got {seat!r}")
    b = s.board
    geo = b.geo
    fig = make_subplots(rows=2, cols=1, row_heights=[0.68, 0.32], vertical_spacing=0.02,
                        specs=[[{"type": "xy"}], [{"type": "table"}]])
    # terrain
    for t, name in enumerate(TERRAINS):
        xs, ys = [], []
        for h in range(b.n_hex):
            if b.terrain[h] == t:
                hx, hy = _hex_outline(*geo.hexes[h])
                xs += hx + [None]
                ys += hy + [None]
        if xs:
            fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", fillcolor=TERRAIN_COLOURS[name],
                                     line=dict(color="#555", width=1), name=name, hoverinfo="skip",
                                     uid=f"catan-terrain-{name}", legendgroup="terrain", showlegend=False),
                          row=1, col=1)
    # number tokens (removed ones crossed out), hex ids on hover
    cx = [hex_xy(*geo.hexes[h])[0] for h in range(b.n_hex)]
    cy = [hex_xy(*geo.hexes[h])[1] for h in range(b.n_hex)]
    text, colours, hover = [], [], []
    for h in range(b.n_hex):
        n0, n = b.numbers0[h], s.numbers[h]
        text.append(str(n) if n else (f"✕{n0}" if n0 else ""))
        colours.append("#b00000" if n in (6, 8) else ("#888" if n0 and not n else "#111"))
        sp = {0: "", 1: ", oil spring (numbered desert tile)", 2: ", oil spring"}[b.spring[h]]
        res = TERRAINS[b.terrain[h]]
        hover.append(f"{geo.hex_ids[h]} {res} {n0 or ''}{sp}" + (" — destroyed" if n0 and not n else ""))
    fig.add_trace(go.Scatter(x=cx, y=cy, mode="markers+text", text=text, textfont=dict(color=colours, size=15),
                             marker=dict(size=30, color="#fbf3dc", line=dict(color="#777", width=1)),
                             hovertext=hover, hoverinfo="text", customdata=list(geo.hex_ids), name="hexes",
                             uid="catan-hexes", showlegend=False), row=1, col=1)
    # oil springs
    sp = [h for h in range(b.n_hex) if b.spring[h]]
    if sp:
        fig.add_trace(go.Scatter(x=[cx[h] + 0.42 for h in sp], y=[cy[h] + 0.42 for h in sp], mode="markers",
                                 marker=dict(symbol="diamond", size=14, color="#111", line=dict(color="#ffd000", width=2)),
                                 name="oil spring", hovertext=[f"oil spring {geo.hex_ids[h]}" for h in sp],
                                 hoverinfo="text", uid="catan-springs"), row=1, col=1)
    # harbours
    hx, hy, ht = [], [], []
    for e, t in b.harbour_edges:
        a, c = geo.edge_nodes[e]
        (xa, ya), (xc, yc) = corner_xy(geo.nodes[a]), corner_xy(geo.nodes[c])
        mx, my = (xa + xc) / 2, (ya + yc) / 2
        land = [h for h in range(b.n_hex) if a in b.hex_nodes[h] and c in b.hex_nodes[h]][0]
        ox, oy = mx - cx[land], my - cy[land]
        hx.append(mx + ox * 0.55)
        hy.append(my + oy * 0.55)
        ht.append("3:1" if t == 5 else f"2:1 {HARBOUR_TYPES[t]}")
    fig.add_trace(go.Scatter(x=hx, y=hy, mode="markers+text", text=ht, textposition="middle center",
                             textfont=dict(size=9), marker=dict(size=26, color="#ffffff", opacity=0.7),
                             name="harbours", hoverinfo="text", hovertext=ht, uid="catan-harbours"), row=1, col=1)
    # roads per player
    for p in range(s.num_players):
        xs, ys = [], []
        for e in range(b.n_edge):
            if s.edge_owner[e] == p:
                a, c = geo.edge_nodes[e]
                (xa, ya), (xc, yc) = corner_xy(geo.nodes[a]), corner_xy(geo.nodes[c])
                xs += [xa, xc, None]
                ys += [ya, yc, None]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color=PLAYER_COLOURS[p], width=6),
                                 name=f"roads {p}", hoverinfo="skip", uid=f"catan-roads-{p}",
                                 legendgroup=f"p{p}", showlegend=False), row=1, col=1)
    # buildings per player and level
    for p in range(s.num_players):
        for lv, sym, size, label in ((1, "square", 13, "settlement"), (2, "diamond", 18, "city"),
                                     (3, "star", 24, "metropolis")):
            ns = [n for n in range(b.n_node) if s.node_owner[n] == p and s.node_level[n] == lv]
            xy = [corner_xy(geo.nodes[n]) for n in ns]
            fig.add_trace(go.Scatter(x=[x for x, _ in xy], y=[y for _, y in xy], mode="markers",
                                     marker=dict(symbol=sym, size=size, color=PLAYER_COLOURS[p],
                                                 line=dict(color="#000", width=1.2)),
                                     name=f"seat {p} {label}s", hovertext=[f"{geo.node_ids[n]}: seat {p} {label}"
                                                                         for n in ns],
                                     hoverinfo="text", uid=f"catan-{label}-{p}", legendgroup=f"p{p}",
                                     showlegend=lv == 1), row=1, col=1)
    # intersections (for clicks)
    nxy = [corner_xy(c) for c in geo.nodes]
    fig.add_trace(go.Scatter(x=[x for x, _ in nxy], y=[y for _, y in nxy], mode="markers",
                             marker=dict(size=6, color="rgba(0,0,0,0.15)"), customdata=list(geo.node_ids),
                             hovertext=list(geo.node_ids), hoverinfo="text", name="intersections",
                             uid="catan-nodes", showlegend=False), row=1, col=1)
    # robber
    if s.robber >= 0:
        fig.add_trace(go.Scatter(x=[cx[s.robber] - 0.42], y=[cy[s.robber] + 0.42], mode="markers",
                                 marker=dict(symbol="circle", size=16, color="#222"), name="robber",
                                 hovertext=[f"robber on {geo.hex_ids[s.robber]}"], hoverinfo="text",
                                 uid="catan-robber"), row=1, col=1)
    ymin = min(cy) - 2.0
    xmin = min(cx)
    # disaster track (OIL-16.4): marker scale and destroyed-token circles
    if s.P.oil:
        scale_x = [xmin + 0.55 * i for i in range(s.P.disaster_at + 1)]
        fig.add_trace(go.Scatter(x=scale_x, y=[ymin] * len(scale_x), mode="markers+text",
                                 text=[str(i) for i in range(len(scale_x))],
                                 marker=dict(size=[22 if i == s.marker else 14 for i in range(len(scale_x))],
                                             color=["#d62728" if i == s.marker else "#eee" for i in range(len(scale_x))],
                                             line=dict(color="#333", width=1)),
                                 name="disaster marker", hoverinfo="text",
                                 hovertext=[f"disaster marker {s.marker}" + (" — disaster pending" if s.pending else "")]
                                 * len(scale_x), uid="catan-disaster-marker"), row=1, col=1)
        slots = s.P.destroy_end
        tx = [xmin + 0.55 * (s.P.disaster_at + 2) + 0.6 * i for i in range(slots)]
        labels = [str(s.destroyed[i][1]) if i < len(s.destroyed) else "" for i in range(slots)]
        fig.add_trace(go.Scatter(x=tx, y=[ymin] * slots, mode="markers+text", text=labels,
                                 marker=dict(size=20, color=["#f5d0a0" if lab else "#fff" for lab in labels],
                                             line=dict(color="#333", width=1)),
                                 name="destroyed tokens", hoverinfo="text",
                                 hovertext=[f"{geo.hex_ids[s.destroyed[i][0]]}: {s.destroyed[i][1]}"
                                            if i < len(s.destroyed) else "empty" for i in range(slots)],
                                 uid="catan-disaster-track"), row=1, col=1)
    # player table
    seats = list(range(s.num_players))
    cols = {"seat": [str(p) + (" ◀" if p == s.current_player else "") for p in seats]}
    if seat is None:
        cols["VP"] = [s.vp(p) for p in seats]
    else:
        cols["VP"] = [s.vp(p) if p == seat else f"{s.public_vp(p)}+?" for p in seats]
    # cards: lu(mber) br(ick) wo(ol) gr(ain) or(e)
    cols["cards"] = [
        (" ".join(f"{s.hand[p * 5 + r]}{GOODS[r][:2]}" for r in range(5) if s.hand[p * 5 + r]) or "-")
        if seat is None or seat == p else str(sum(s.hand[p * 5:(p + 1) * 5])) for p in seats
    ]
    cols["dev cards"] = [
        (" ".join(f"{s.dev[p * 5 + t]} {DEV_TYPES[t]}" for t in range(5) if s.dev[p * 5 + t]) or "-")
        if seat is None or seat == p else str(sum(s.dev[p * 5:(p + 1) * 5])) for p in seats
    ]
    if s.P.oil:
        cols["oil"] = [s.oil[p] for p in seats]
        cols["sequestered"] = [s.seq[p] for p in seats]
    cols["knights"] = [s.knights[p] for p in seats]
    cols["longest road"] = [f"{s.road_len[p]}" + (" ★" if s.lr == p else "") for p in seats]
    cols["largest army"] = ["★" if s.la == p else "" for p in seats]
    fig.add_trace(go.Table(header=dict(values=list(cols), fill_color="#ddd"),
                           columnwidth=[50, 50, 150, 150] + [70] * (len(cols) - 4),
                           cells=dict(values=list(cols.values()),
                                      fill_color=[[PLAYER_COLOURS[p] + "33" for p in seats]]),
                           uid="catan-players"), row=2, col=1)
    title = f"Catan{' — Oil Springs' if s.P.oil else ''} · turn {s.turn} · {s.phase_name.replace('_', ' ')}"
    if s.dice:
        title += f" · roll {s.dice}"
    if s.P.oil:
        title += f" · oil supply {s.supply}"
    if s.over:
        title += " · island lost" if s.lost else f" · seat {s.winner} wins"
        if s.lost and s.pyrrhic >= 0:
            title += f" (Pyrrhic victory: seat {s.pyrrhic})"
    fig.update_xaxes(visible=False, scaleanchor="y", row=1, col=1)
    fig.update_yaxes(visible=False, row=1, col=1)
    fig.update_layout(title=title, width=width, height=height, plot_bgcolor=SEA, margin=dict(l=10, r=170, t=40, b=10),
                      legend=dict(orientation="v", y=1.0, x=1.0, xanchor="left", font=dict(size=10)))
    return fig
