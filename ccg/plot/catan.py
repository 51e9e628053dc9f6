"""Catan board view: Plotly hex map (terrain, numbers with pips, harbours, robber, pieces, oil springs,
disaster track) and a player table. ``seat`` hides other seats' hands (counts only).

Clickable points carry their board id in ``customdata`` (``H*`` hexes, ``N*`` intersections, ``E*``
paths), the convention of :mod:`ccg.ui.board`. Trace uids are fixed (``catan-…``).
"""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ccg.games.catan.data import DEV_TYPES, GOODS, HARBOUR_TYPES, PIPS, RESOURCES, TERRAINS
from ccg.games.catan.geometry import corner_xy, hex_xy

TERRAIN_COLOURS = {"forest": "#2f6b2f", "hills": "#c4572a", "pasture": "#a6d66a", "fields": "#f0c93a",
                   "mountains": "#8e8e9a", "desert": "#e6d3a3"}
TERRAIN_TEXT = {"forest": "white", "hills": "white", "pasture": "#1b3a0f", "fields": "#4a3500",
                "mountains": "white", "desert": "#5a4a20"}
# the classic piece colours, then two that stay apart from every terrain colour (5-6 players)
PLAYER_COLOURS = ("#e02020", "#1e5bd6", "#fafafa", "#ff8c1a", "#8e3fbf", "#10a39a")
PLAYER_NAMES = ("Red", "Blue", "White", "Orange", "Purple", "Teal")
PLAYER_TEXT = ("white", "white", "black", "black", "white", "white")
PLAYER_TINT = ("#fbd5d5", "#d4e0f8", "#ffffff", "#ffe5cc", "#e8d5f2", "#cfeeeb")
DEV_NAMES = {"knight": "knight", "vp": "VP", "roadbuilding": "road building", "plenty": "year of plenty",
             "monopoly": "monopoly"}
SEA = "#9fcbe8"
MIN_TEXT = 10  # px: no text smaller (the board is drawn at its own size on a 1920 px screen)
LEVELS = {1: "settlement", 2: "city", 3: "metropolis"}
PLURALS = {"settlement": "settlements", "city": "cities", "metropolis": "metropolises"}
PIECES = ((1, "pentagon", 15, "settlement"), (2, "square", 19, "city"), (3, "star", 27, "metropolis"))


def _hex_outline(q: int, r: int, scale: float = 0.98):
    cx, cy = hex_xy(q, r)
    xs, ys = [], []
    for dx, dy in ((0, 1), (0.866, 0.5), (0.866, -0.5), (0, -1), (-0.866, -0.5), (-0.866, 0.5), (0, 1)):
        xs.append(cx + dx * scale)
        ys.append(cy + dy * scale)
    return xs, ys


def seat_label(p: int) -> str:
    return f"{PLAYER_NAMES[p]} (seat {p})"


def _hex_hover(s, h: int) -> str:
    b, geo = s.board, s.board.geo
    name = TERRAINS[b.terrain[h]]
    if b.spring[h]:  # OIL-2.3: an oil spring hex produces oil only, never its terrain's resource
        res = " → oil only (OIL-2.3)"
    else:
        res = f" → {RESOURCES[b.terrain[h]]}" if b.terrain[h] < 5 else ""
    n0, n = b.numbers0[h], s.numbers[h]
    lines = [f"<b>{geo.hex_ids[h]}</b> {name}{res}"]
    if n:
        lines.append(f"number {n} ({PIPS[n]} of 36 rolls)")
    elif n0:
        lines.append(f"number {n0} destroyed by a disaster — produces nothing")
    if b.spring[h]:
        lines.append("oil spring" + (" (numbered desert)" if b.spring[h] == 1 else ""))
    if s.robber == h:
        lines.append("robber here: blocked")
    for node in b.hex_nodes[h]:
        p = s.node_owner[node]
        if p >= 0:
            lines.append(f"{geo.node_ids[node]}: {PLAYER_NAMES[p]} {LEVELS[s.node_level[node]]}")
    return "<br>".join(lines)


def board(state, seat: int | None = None, width: int = 1000, height: int | None = None) -> go.Figure:
    """A Plotly figure of a Catan position. Trace uids are fixed (``catan-…``) for stable outputs."""
    s = state
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.num_players):
        raise ValueError(f"seat must be 0..{s.num_players - 1} or None, got {seat!r}")
    b = s.board
    geo = b.geo
    fig = make_subplots(rows=2, cols=1, row_heights=[0.72, 0.28], vertical_spacing=0.03,
                        specs=[[{"type": "xy"}], [{"type": "table"}]])

    traces: list[Any] = []  # map traces, added to the figure in one call (much quicker than one by one)
    add = traces.append

    cx = [hex_xy(*geo.hexes[h])[0] for h in range(b.n_hex)]
    cy = [hex_xy(*geo.hexes[h])[1] for h in range(b.n_hex)]
    # marker and font sizes follow the drawn size of a hex (pixels per unit of the map)
    extent = max(cy) - min(cy) + 4.3
    if height is None:
        height = 940 if extent < 11 else 1040
    f = max(0.6, min(1.2, (height - 80) * 0.72 / extent / 64.0))

    def z(v: float) -> float:
        return round(v * f, 1)

    def zt(v: float) -> float:  # a text's size: as z, never under MIN_TEXT
        return max(MIN_TEXT, z(v))
    # terrain (one filled trace per terrain type)
    for t, name in enumerate(TERRAINS):
        xs, ys = [], []
        for h in range(b.n_hex):
            if b.terrain[h] == t:
                hx, hy = _hex_outline(*geo.hexes[h])
                xs += hx + [None]
                ys += hy + [None]
        if xs:
            add(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", fillcolor=TERRAIN_COLOURS[name],
                           line=dict(color="#4a4a4a", width=1.5), name=name, hoverinfo="skip",
                           uid=f"catan-terrain-{name}", showlegend=False))
    # what each hex produces, under the number tokens: the map is readable without a key. An oil spring
    # hex produces oil only (OIL-2.3), a numbered desert spring included (OIL-4.1)
    add(go.Scatter(x=cx, y=[y - 0.6 for y in cy], mode="text", hoverinfo="skip", showlegend=False,
                   text=[("desert · <b>oil</b>" if b.terrain[h] >= 5 else "<b>oil</b>") if b.spring[h]
                         else RESOURCES[b.terrain[h]] if b.terrain[h] < 5 else "desert" for h in range(b.n_hex)],
                   textfont=dict(size=zt(10), color=[TERRAIN_TEXT[TERRAINS[b.terrain[h]]] for h in range(b.n_hex)]),
                   name="terrain names", uid="catan-terrain-names"))
    # harbours: a pier from each of the two harbour intersections to a token on the sea
    hx, hy, ht, hfill, htext, hhover, px, py = [], [], [], [], [], [], [], []
    for e, t in b.harbour_edges:
        a, c = geo.edge_nodes[e]
        (xa, ya), (xc, yc) = corner_xy(geo.nodes[a]), corner_xy(geo.nodes[c])
        mx, my = (xa + xc) / 2, (ya + yc) / 2
        land = [h for h in range(b.n_hex) if a in b.hex_nodes[h] and c in b.hex_nodes[h]][0]
        ox, oy = mx - cx[land], my - cy[land]
        tx, ty = mx + ox * 0.62, my + oy * 0.62
        hx.append(tx)
        hy.append(ty)
        px += [xa, tx, xc, None]
        py += [ya, ty, yc, None]
        if t == 5:
            ht.append("3:1")
            hfill.append("#ffffff")
            htext.append("#222")
            hhover.append(f"3:1 harbour at {geo.node_ids[a]}, {geo.node_ids[c]}: trade 3 of one kind for 1")
        else:
            good = HARBOUR_TYPES[t]
            terr = TERRAINS[RESOURCES.index(good)]
            ht.append(f"2:1<br>{good}")
            hfill.append(TERRAIN_COLOURS[terr])
            htext.append(TERRAIN_TEXT[terr])
            hhover.append(f"2:1 {good} harbour at {geo.node_ids[a]}, {geo.node_ids[c]}: trade 2 {good} for 1")
    add(go.Scatter(x=px, y=py, mode="lines", line=dict(color="#7a5a3a", width=3), hoverinfo="skip",
                   name="piers", showlegend=False, uid="catan-piers"))
    add(go.Scatter(x=hx, y=hy, mode="markers+text", text=ht, textposition="middle center",
                   textfont=dict(size=zt(9), color=htext),
                   marker=dict(size=z(38), color=hfill, opacity=1, line=dict(color="#7a5a3a", width=2)),
                   name="harbours", hoverinfo="text", hovertext=hhover, uid="catan-harbours", showlegend=False))
    # roads: a dark casing under every road keeps each colour visible on any terrain
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
    add(go.Scatter(x=cas_x, y=cas_y, mode="lines", line=dict(color="#1a1a1a", width=z(10)), hoverinfo="skip",
                   name="road outline", showlegend=False, uid="catan-road-casing"))
    for p in range(s.num_players):
        xs, ys = road_xy[p]
        # the road trace carries the player's legend entry (shown even before any road is built)
        add(go.Scatter(x=xs or [None], y=ys or [None], mode="lines", line=dict(color=PLAYER_COLOURS[p], width=z(6)),
                       name=seat_label(p), hoverinfo="skip", uid=f"catan-roads-{p}", legendgroup=f"p{p}",
                       legendrank=p, showlegend=True))
    # paths (clickable, carry E ids): invisible until hovered
    ex, ey, eh = [], [], []
    for e in range(b.n_edge):
        a, c = geo.edge_nodes[e]
        (xa, ya), (xc, yc) = corner_xy(geo.nodes[a]), corner_xy(geo.nodes[c])
        ex.append((xa + xc) / 2)
        ey.append((ya + yc) / 2)
        o = s.edge_owner[e]
        eh.append(f"{geo.edge_ids[e]} path {geo.node_ids[a]}–{geo.node_ids[c]}"
                  + (f": {PLAYER_NAMES[o]} road" if o >= 0 else ""))
    add(go.Scatter(x=ex, y=ey, mode="markers", marker=dict(size=9, color="rgba(0,0,0,0)"),
                   customdata=list(geo.edge_ids), hovertext=eh, hoverinfo="text", name="paths",
                   uid="catan-edges", showlegend=False))
    # intersections (clickable, carry N ids)
    nxy = [corner_xy(c) for c in geo.nodes]
    nh = []
    for n in range(b.n_node):
        p = s.node_owner[n]
        hb = b.node_harbour[n]
        nh.append(geo.node_ids[n] + (f": {PLAYER_NAMES[p]} {LEVELS[s.node_level[n]]}" if p >= 0 else "")
                  + ("" if hb < 0 else f" · {'3:1' if hb == 5 else '2:1 ' + HARBOUR_TYPES[hb]} harbour"))
    add(go.Scatter(x=[x for x, _ in nxy], y=[y for _, y in nxy], mode="markers",
                   marker=dict(size=7, color="rgba(40,40,40,0.25)"), customdata=list(geo.node_ids),
                   hovertext=nh, hoverinfo="text", name="intersections", uid="catan-nodes", showlegend=False))
    # number tokens (destroyed ones crossed out) with probability pips; hex ids in customdata
    text, colours, hover = [], [], []
    for h in range(b.n_hex):
        n0, n = b.numbers0[h], s.numbers[h]
        if n:
            dots = "•" * PIPS[n]
            text.append(f"<b>{n}</b><br><span style='font-size:{zt(9)}px'>{dots}</span>")
        else:
            text.append(f"✕{n0}" if n0 else "")
        colours.append("#c00000" if n in (6, 8) else ("#777" if n0 and not n else "#111"))
        hover.append(_hex_hover(s, h))
    has_token = [bool(b.numbers0[h]) for h in range(b.n_hex)]
    add(go.Scatter(x=cx, y=[y + 0.05 for y in cy], mode="markers+text", text=text,
                   textfont=dict(color=colours, size=z(15)),
                   marker=dict(size=[z(36) if t else z(30) for t in has_token], opacity=1,
                               color=["#fbf3dc" if t else "rgba(0,0,0,0)" for t in has_token],
                               line=dict(color=["#6b5a3a" if t else "rgba(0,0,0,0)" for t in has_token], width=1.5)),
                   hovertext=hover, hoverinfo="text", customdata=list(geo.hex_ids), name="hexes",
                   uid="catan-hexes", showlegend=False))
    # oil springs
    sp = [h for h in range(b.n_hex) if b.spring[h]]
    if sp:
        add(go.Scatter(x=[cx[h] + 0.58 for h in sp], y=[cy[h] + 0.12 for h in sp], mode="markers",
                       marker=dict(symbol="diamond-tall", size=z(20), color="#111",
                                   line=dict(color="#ffc400", width=2)),
                       name="oil spring", hovertext=[f"oil spring on {geo.hex_ids[h]}" for h in sp],
                       customdata=[geo.hex_ids[h] for h in sp], hoverinfo="text", uid="catan-springs",
                       legendgroup="things", legendrank=20))
    # buildings per player and level
    for p in range(s.num_players):
        for lv, sym, size, label in PIECES:
            ns = [n for n in range(b.n_node) if s.node_owner[n] == p and s.node_level[n] == lv]
            xy = [corner_xy(geo.nodes[n]) for n in ns]
            add(go.Scatter(x=[x for x, _ in xy], y=[y for _, y in xy], mode="markers",
                           marker=dict(symbol=sym, size=round(size * max(f, 0.95), 1), color=PLAYER_COLOURS[p],
                                       line=dict(color="#111", width=1.8)),
                           name=f"{PLAYER_NAMES[p]} {PLURALS[label]}", customdata=[geo.node_ids[n] for n in ns],
                           hovertext=[f"{geo.node_ids[n]}: {PLAYER_NAMES[p]} {label}" for n in ns],
                           hoverinfo="text", uid=f"catan-{label}-{p}", legendgroup=f"p{p}", showlegend=False))
    # key for the piece shapes (legend only)
    for lv, sym, size, label in PIECES:
        if lv == 3 and not s.oil_springs:
            continue
        add(go.Scatter(x=[None], y=[None], mode="markers", name=label, legendgroup="pieces", legendrank=10 + lv,
                       marker=dict(symbol=sym, size=min(size, 16), color="#bbbbbb", line=dict(color="#111", width=1.5)),
                       hoverinfo="skip", uid=f"catan-key-{label}"))
    # robber
    if s.robber >= 0:
        add(go.Scatter(x=[cx[s.robber] - 0.58], y=[cy[s.robber] + 0.12], mode="markers+text", text=["R"],
                       textfont=dict(color="white", size=z(11)),
                       marker=dict(symbol="circle", size=z(22), color="#2b2b2b", line=dict(color="#ddd", width=1.5)),
                       name="robber", hovertext=[f"robber on {geo.hex_ids[s.robber]}"], hoverinfo="text",
                       customdata=[geo.hex_ids[s.robber]], uid="catan-robber", legendgroup="things", legendrank=21))
    notes = []
    ymin = min(cy) - 2.3
    xmin = min(cx) - 0.6
    # disaster track (OIL-16.4): marker scale and destroyed-token circles
    if s.oil_springs:
        k = s.rules["oil.disaster_at"]
        scale_x = [xmin + 0.62 * i for i in range(k + 1)]
        add(go.Scatter(
            x=scale_x, y=[ymin] * len(scale_x), mode="markers+text",
            text=[str(i) if i < k else "⚠" for i in range(k + 1)],
            textfont=dict(color=["white" if i == s.marker else "#222" for i in range(k + 1)], size=11),
            marker=dict(size=[26 if i == s.marker else 20 for i in range(k + 1)],
                        color=["#d62728" if i == s.marker else ("#ffd0c8" if i == k else "#f4f4f4")
                               for i in range(k + 1)], line=dict(color="#333", width=1)),
            name="disaster marker", hoverinfo="text", showlegend=False,
            hovertext=[f"disaster marker at {s.marker} of {k}: each oil use moves it 1; at {k} a disaster strikes"
                       + (" — disaster pending" if s.pending else "")] * (k + 1),
            uid="catan-disaster-marker"))
        slots = s.oil_destroyed_to_end
        x0 = scale_x[-1] + 1.1
        token_x = [x0 + 0.62 * i for i in range(slots)]
        labels = [str(s.destroyed[i][1]) if i < len(s.destroyed) else "" for i in range(slots)]
        add(go.Scatter(
            x=token_x, y=[ymin] * slots, mode="markers+text", text=labels, textfont=dict(size=11),
            marker=dict(size=24, color=["#f5c58a" if lab else "#ffffff" for lab in labels],
                        line=dict(color="#333", width=1)),
            name="destroyed tokens", hoverinfo="text", showlegend=False,
            hovertext=[f"destroyed: number {s.destroyed[i][1]} of {geo.hex_ids[s.destroyed[i][0]]}"
                       if i < len(s.destroyed) else f"empty — the island is lost when all {slots} are filled"
                       for i in range(slots)],
            uid="catan-disaster-track"))
        notes.append(dict(x=scale_x[0] - 0.3, y=ymin + 0.55, xref="x", yref="y", xanchor="left", showarrow=False,
                          font=dict(size=11), text="<b>Disaster track</b> (pending)" if s.pending
                          else "<b>Disaster track</b>"))
        notes.append(dict(x=token_x[0] - 0.3, y=ymin + 0.55, xref="x", yref="y", xanchor="left", showarrow=False,
                          font=dict(size=11), text=f"<b>Destroyed numbers</b> ({len(s.destroyed)} of {slots})"))
    # player table (last trace)
    seats = list(range(s.num_players))
    cols = {"player": [f"{PLAYER_NAMES[p]} ({p})" + (" ◀ to act" if p == s.current_player else "") for p in seats]}
    if seat is None:
        cols["VP"] = [s.vp(p) for p in seats]
    else:
        cols["VP"] = [s.vp(p) if p == seat else f"{s.public_vp(p)}+?" for p in seats]
    cols["cards"] = [
        (", ".join(f"{s.hand[p * 5 + r]} {GOODS[r]}" for r in range(5) if s.hand[p * 5 + r]) or "-")
        if seat is None or seat == p else str(sum(s.hand[p * 5:(p + 1) * 5])) for p in seats
    ]
    cols["dev cards"] = [
        (", ".join(f"{s.dev[p * 5 + t]} {DEV_NAMES[DEV_TYPES[t]]}" for t in range(5) if s.dev[p * 5 + t]) or "-")
        if seat is None or seat == p else str(sum(s.dev[p * 5:(p + 1) * 5])) for p in seats
    ]
    if s.oil_springs:
        cols["oil"] = [s.oil[p] for p in seats]
        cols["sequestered"] = [s.seq[p] for p in seats]
    cols["knights"] = [s.knights[p] for p in seats]
    cols["longest road"] = [f"{s.road_len[p]}" + (" ★" if s.lr == p else "") for p in seats]
    cols["largest army"] = ["★" if s.la == p else "" for p in seats]
    tint = [PLAYER_TINT[p] for p in seats]
    fig.add_traces(traces, rows=[1] * len(traces), cols=[1] * len(traces))
    fig.add_trace(go.Table(
        header=dict(values=list(cols), fill_color="#e4e4e4", line_color="#bbb",
                    font=dict(size=12)),
        columnwidth=[110, 45, 190, 170] + [62] * (len(cols) - 4),
        cells=dict(values=list(cols.values()), height=24, line_color="#ccc", font=dict(size=12,
                   color=[[PLAYER_TEXT[p] for p in seats]] + [["#111"] * len(seats)] * (len(cols) - 1)),
                   fill_color=[[PLAYER_COLOURS[p] for p in seats]] + [tint] * (len(cols) - 1)),
        uid="catan-players"), row=2, col=1)
    # title: what game, whose turn; second line: the state of play
    head = f"Catan{' — Oil Springs' if s.oil_springs else ''} · turn {s.turn}"
    if s.over:
        head += " · island lost" if s.lost else f" · {seat_label(s.winner)} wins"
        if s.lost and s.pyrrhic >= 0:
            head += f" (Pyrrhic victory: {seat_label(s.pyrrhic)})"
    else:
        head += f" · {seat_label(s.current_player)} to act"
    sub = [f"phase: {s.phase_name.replace('_', ' ')}"]
    if s.dice:
        sub.append(f"last roll {s.dice}")
    if s.oil_springs:
        sub.append(f"oil supply {s.supply}")
    title = f"{head}<br><span style='font-size:12px;color:#555'>{' · '.join(sub)}</span>"
    # the sea frames the island (and its harbours) only; the rest of the figure stays white
    island = dict(type="rect", xref="x", yref="y", layer="below", line=dict(width=0), fillcolor=SEA,
                  x0=min(cx) - 1.75, x1=max(cx) + 1.75, y0=min(cy) - 1.6, y1=max(cy) + 1.6)
    fig.add_shape(island)
    fig.update_xaxes(visible=False, scaleanchor="y", row=1, col=1)
    fig.update_yaxes(visible=False, row=1, col=1)
    fig.update_layout(title=dict(text=title, x=0.01, xanchor="left", y=0.985, yanchor="top", font=dict(size=16)),
                      width=width, height=height, plot_bgcolor="white", annotations=notes,
                      margin=dict(l=10, r=10, t=70, b=10), hoverlabel=dict(align="left"),
                      legend=dict(orientation="v", y=0.98, x=0.99, xanchor="right", yanchor="top",
                                  bgcolor="rgba(215,215,215,0.9)", bordercolor="#999", borderwidth=1,
                                  font=dict(size=11), traceorder="grouped", tracegroupgap=4))
    return fig


# ---- the Inspect tab: tables in the rulebook's names, and what the progress chart follows -----------------
PROGRESS = {"seats": "victory points (open)"}  # what the Inspect tab charts over the game (labels)


def progress(state, seat: int | None = None) -> dict:
    """The charted numbers of a position: the open victory points (hidden VP cards left out for every seat)."""
    return {"seats": [state.public_vp(p) for p in range(state.num_players)]}


def tables(state, seat: int | None = None):
    """(players, position) for the Table's Inspect tab: ``seat`` sees its own cards, the others' as counts."""
    import pandas as pd  # the Inspect tab's tables only: pandas is not needed to draw

    s = state
    rows = {}
    for p in range(s.num_players):
        mine = seat is None or seat == p
        hand, devs = s.hand[p * 5:(p + 1) * 5], s.dev[p * 5:(p + 1) * 5]
        if mine:
            cards = ", ".join(f"{hand[r]} {GOODS[r]}" for r in range(5) if hand[r]) or "none"
            dev = ", ".join(f"{devs[t]} {DEV_NAMES[DEV_TYPES[t]]}" for t in range(5) if devs[t]) or "none"
        else:
            cards, dev = f"{sum(hand)} cards", f"{sum(devs)} cards"
        row = {"victory points": s.vp(p) if mine or s.is_terminal() else f"{s.public_vp(p)} + hidden",
               "resource cards": cards, "development cards": dev, "knights played": s.knights[p],
               "longest road": f"{s.road_len[p]}" + (" (holds the card)" if s.lr == p else ""),
               "largest army": "holds the card" if s.la == p else ""}
        if s.oil_springs:
            row["oil"] = s.oil[p]
            row["oil sequestered"] = s.seq[p]
        rows[f"{PLAYER_NAMES[p]} (seat {p})" + (" ◀ to act" if s.current_player == p and not s.is_terminal() else "")] = row
    position = {"turn": s.turn, "bank": ", ".join(f"{s.bank[i]} {RESOURCES[i]}" for i in range(5)),
                "development cards left": s.deck if isinstance(s.deck, int) else len(s.deck),
                "robber on": f"H{s.robber}" if s.robber >= 0 else "the desert"}
    return pd.DataFrame.from_dict(rows, orient="index"), pd.DataFrame({"": list(position.values())},
                                                                       index=list(position))
