"""Catan board view: Plotly hex map (terrain, numbers with pips, harbours, robber, pieces, oil springs,
disaster track) and a player table. ``seat`` hides other seats' hands (counts only).

Clickable points carry their board id in ``customdata`` (``H*`` hexes, ``N*`` intersections, ``E*``
paths), the convention of :mod:`ccg.ui.board`. Trace uids are fixed (``catan-…``).
"""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ccg.core.glossary import term
from ccg.games.catan.data import DEV_TYPES, GOODS, HARBOUR_TYPES, PIPS, RESOURCES, TERRAINS
from ccg.games.catan.geometry import corner_xy, hex_xy
from ccg.i18n import N_, gettext, npgettext, pgettext
from ccg.plot.text import break_long_words

TERRAIN_COLOURS = {"forest": "#2f6b2f", "hills": "#c4572a", "pasture": "#a6d66a", "fields": "#f0c93a",
                   "mountains": "#8e8e9a", "desert": "#e6d3a3"}
TERRAIN_TEXT = {"forest": "white", "hills": "white", "pasture": "#1b3a0f", "fields": "#4a3500",
                "mountains": "white", "desert": "#5a4a20"}
# the classic piece colours, then two that stay apart from every terrain colour (5-6 players)
PLAYER_COLOURS = ("#e02020", "#1e5bd6", "#fafafa", "#ff8c1a", "#8e3fbf", "#10a39a")
PLAYER_NAMES = ("Red", "Blue", "White", "Orange", "Purple", "Teal")
PLAYER_TEXT = ("white", "white", "black", "black", "white", "white")
PLAYER_TINT = ("#fbd5d5", "#d4e0f8", "#ffffff", "#ffe5cc", "#e8d5f2", "#cfeeeb")
SEA = "#9fcbe8"
MIN_TEXT = 10  # px: no text smaller (the board is drawn at its own size on a 1920 px screen)
WIDTH = 1000  # px: the board's own width
NARROW_WIDTH = 460  # px: the narrow layout (map fitted to the width, legend above it, table below), drawn in a narrow room
LEVELS = {1: "settlement", 2: "city", 3: "metropolis"}
PIECES = ((1, "pentagon", 15, "settlement"), (2, "square", 19, "city"), (3, "star", 27, "metropolis"))


def _hex_outline(q: int, r: int, scale: float = 0.98):
    cx, cy = hex_xy(q, r)
    xs, ys = [], []
    for dx, dy in ((0, 1), (0.866, 0.5), (0.866, -0.5), (0, -1), (-0.866, -0.5), (-0.866, 0.5), (0, 1)):
        xs.append(cx + dx * scale)
        ys.append(cy + dy * scale)
    return xs, ys


def seat_label(p: int) -> str:
    return pgettext("catan", "{seat} (seat {number})").format(seat=_seat(p), number=p)


def _seat(p: int) -> str:
    return pgettext("seat colour", PLAYER_NAMES[p])


def _good(i: int) -> str:
    return term("catan", "resource", GOODS[i])


def _terrain(i: int) -> str:
    return term("catan", "terrain", TERRAINS[i])


def _piece(level: int) -> str:
    return term("catan", "piece", LEVELS[level])


def _dev(t: int) -> str:
    return term("catan", "devcard", DEV_TYPES[t])


# the phases of a turn (ccg.games.catan.phases.PHASES) as the title names them
PHASE_NAMES = {
    "setup_settlement": N_("set-up: settlement"), "setup_road": N_("set-up: road"), "pre_roll": N_("before the roll"),
    "discard": N_("discard"), "robber": N_("move the robber"), "main": N_("trade and build"),
    "free_road": N_("free road"), "respond": N_("answer a trade"), "special_building": N_("special building phase"),
    "over": N_("game over"), "propose": N_("propose a trade"), "choose_partner": N_("choose a trade partner"),
}


def _phase(name: str) -> str:
    return gettext(PHASE_NAMES[name]) if name in PHASE_NAMES else name.replace("_", " ")


def _hex_hover(s, h: int) -> str:
    b, geo = s.board, s.board.geo
    name = _terrain(b.terrain[h])
    if b.spring[h]:  # OIL-2.3: an oil spring hex produces oil only, never its terrain's resource
        res = " → " + pgettext("catan", "oil only (OIL-2.3)")
    else:
        res = f" → {_good(b.terrain[h])}" if b.terrain[h] < 5 else ""
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
            lines.append(f"{geo.node_ids[node]}: {_seat(p)} {_piece(s.node_level[node])}")
    return "<br>".join(lines)


def board(state, seat: int | None = None, width: int = WIDTH, height: int | None = None) -> go.Figure:
    """A Plotly figure of a Catan position. Trace uids are fixed (``catan-…``) for stable outputs.

    Below 700 px ``width`` the narrow layout: the map fitted to the width (texts still at MIN_TEXT or more),
    the legend in rows above it, the player table under it; the same traces in the same order.
    """
    s = state
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.num_players):
        raise ValueError(f"seat must be 0..{s.num_players - 1} or None, got {seat!r}")
    b = s.board
    geo = b.geo
    traces: list[Any] = []  # map traces, added to the figure in one call (much quicker than one by one)
    add = traces.append

    cx = [hex_xy(*geo.hexes[h])[0] for h in range(b.n_hex)]
    cy = [hex_xy(*geo.hexes[h])[1] for h in range(b.n_hex)]
    # marker and font sizes follow the drawn size of a hex (pixels per unit of the map)
    extent = max(cy) - min(cy) + 4.3
    narrow = width < 700
    if narrow:  # px per map unit from the width; the height follows the map
        per_unit = (width - 20) / (max(cx) - min(cx) + 3.6)
        map_px, table_px, top = extent * per_unit, 60 + 34 * (9 if s.oil_springs else 7), 180
        height = height or int(top + map_px + table_px + 30)
        f = min(1.2, per_unit / 64.0)
        row_heights = [map_px / (map_px + table_px), table_px / (map_px + table_px)]
    else:
        if height is None:
            height = 940 if extent < 11 else 1040
        f = max(0.6, min(1.2, (height - 80) * 0.72 / extent / 64.0))
        top, row_heights = 70, [0.72, 0.28]
    fig = make_subplots(rows=2, cols=1, row_heights=row_heights, vertical_spacing=0.03,
                        specs=[[{"type": "xy"}], [{"type": "table"}]])

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
                   text=[(f"{_terrain(5)} · <b>{_good(5)}</b>" if b.terrain[h] >= 5 else f"<b>{_good(5)}</b>")
                         if b.spring[h] else _good(b.terrain[h]) if b.terrain[h] < 5 else _terrain(5)
                         for h in range(b.n_hex)],
                   textfont=dict(size=zt(10), color=[TERRAIN_TEXT[TERRAINS[b.terrain[h]]] for h in range(b.n_hex)]),
                   name="terrain names", uid="catan-terrain-names"))  # i18n: not prose
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
    add(go.Scatter(x=px, y=py, mode="lines", line=dict(color="#7a5a3a", width=3), hoverinfo="skip",
                   name="piers", showlegend=False, uid="catan-piers"))  # i18n: not prose
    add(go.Scatter(x=hx, y=hy, mode="markers+text", text=ht, textposition="middle center",
                   textfont=dict(size=zt(9), color=htext),
                   marker=dict(size=z(38), color=hfill, opacity=1, line=dict(color="#7a5a3a", width=2)),
                   name="harbours", hoverinfo="text", hovertext=hhover, uid="catan-harbours", showlegend=False))  # i18n: not prose
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
                   name="road outline", showlegend=False, uid="catan-road-casing"))  # i18n: not prose
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
        eh.append(pgettext("catan", "{edge} path {a}–{b}").format(edge=geo.edge_ids[e], a=geo.node_ids[a],
                                                                   b=geo.node_ids[c])
                  + (f": {_seat(o)} {term('catan', 'piece', 'road')}" if o >= 0 else ""))
    add(go.Scatter(x=ex, y=ey, mode="markers", marker=dict(size=9, color="rgba(0,0,0,0)"),
                   customdata=list(geo.edge_ids), hovertext=eh, hoverinfo="text", name="paths",  # i18n: not prose
                   uid="catan-edges", showlegend=False))
    # intersections (clickable, carry N ids)
    nxy = [corner_xy(c) for c in geo.nodes]
    nh = []
    for n in range(b.n_node):
        p = s.node_owner[n]
        hb = b.node_harbour[n]
        harbour = "" if hb < 0 else " · " + pgettext("catan", "{kind} harbour").format(
            kind="3:1" if hb == 5 else "2:1 " + term("catan", "resource", HARBOUR_TYPES[hb]))
        nh.append(geo.node_ids[n] + (f": {_seat(p)} {_piece(s.node_level[n])}" if p >= 0 else "") + harbour)
    add(go.Scatter(x=[x for x, _ in nxy], y=[y for _, y in nxy], mode="markers",
                   marker=dict(size=7, color="rgba(40,40,40,0.25)"), customdata=list(geo.node_ids),
                   hovertext=nh, hoverinfo="text", name="intersections", uid="catan-nodes", showlegend=False))  # i18n: not prose
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
                   textfont=dict(color=colours, size=zt(15)),
                   marker=dict(size=[z(36) if t else z(30) for t in has_token], opacity=1,
                               color=["#fbf3dc" if t else "rgba(0,0,0,0)" for t in has_token],
                               line=dict(color=["#6b5a3a" if t else "rgba(0,0,0,0)" for t in has_token], width=1.5)),
                   hovertext=hover, hoverinfo="text", customdata=list(geo.hex_ids), name="hexes",  # i18n: not prose
                   uid="catan-hexes", showlegend=False))
    # oil springs
    sp = [h for h in range(b.n_hex) if b.spring[h]]
    if sp:
        add(go.Scatter(x=[cx[h] + 0.58 for h in sp], y=[cy[h] + 0.12 for h in sp], mode="markers",
                       marker=dict(symbol="diamond-tall", size=z(20), color="#111",
                                   line=dict(color="#ffc400", width=2)),
                       name=term("catan", "term", "oil_spring"),
                       hovertext=[pgettext("catan", "oil spring on {hex}").format(hex=geo.hex_ids[h]) for h in sp],
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
                           name=f"{_seat(p)}: {_piece(lv)}", customdata=[geo.node_ids[n] for n in ns],
                           hovertext=[f"{geo.node_ids[n]}: {_seat(p)} {_piece(lv)}" for n in ns],
                           hoverinfo="text", uid=f"catan-{label}-{p}", legendgroup=f"p{p}", showlegend=False))
    # key for the piece shapes (legend only)
    for lv, sym, size, label in PIECES:
        if lv == 3 and not s.oil_springs:
            continue
        add(go.Scatter(x=[None], y=[None], mode="markers", name=_piece(lv), legendgroup="pieces", legendrank=10 + lv,
                       marker=dict(symbol=sym, size=min(size, 16), color="#bbbbbb", line=dict(color="#111", width=1.5)),
                       hoverinfo="skip", uid=f"catan-key-{label}"))
    # robber
    if s.robber >= 0:
        add(go.Scatter(x=[cx[s.robber] - 0.58], y=[cy[s.robber] + 0.12], mode="markers+text", text=["R"],
                       textfont=dict(color="white", size=zt(11)),
                       marker=dict(symbol="circle", size=z(22), color="#2b2b2b", line=dict(color="#ddd", width=1.5)),
                       name=term("catan", "term", "robber"),
                       hovertext=[pgettext("catan", "robber on {hex}").format(hex=geo.hex_ids[s.robber])], hoverinfo="text",
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
            name=pgettext("catan", "disaster marker"), hoverinfo="text", showlegend=False,
            hovertext=[pgettext("catan", "disaster marker at {marker} of {limit}: each oil use moves it 1; at {limit} a "
                                "disaster strikes").format(marker=s.marker, limit=k)
                       + (" — " + pgettext("catan", "disaster pending") if s.pending else "")] * (k + 1),
            uid="catan-disaster-marker"))
        slots = s.oil_destroyed_to_end
        x0 = scale_x[-1] + 1.1
        token_x = [x0 + 0.62 * i for i in range(slots)]
        labels = [str(s.destroyed[i][1]) if i < len(s.destroyed) else "" for i in range(slots)]
        add(go.Scatter(
            x=token_x, y=[ymin] * slots, mode="markers+text", text=labels, textfont=dict(size=11),
            marker=dict(size=24, color=["#f5c58a" if lab else "#ffffff" for lab in labels],
                        line=dict(color="#333", width=1)),
            name=pgettext("catan", "destroyed tokens"), hoverinfo="text", showlegend=False,
            hovertext=[pgettext("catan", "destroyed: number {number} of {hex}").format(
                number=s.destroyed[i][1], hex=geo.hex_ids[s.destroyed[i][0]])
                       if i < len(s.destroyed) else
                       pgettext("catan", "empty — the island is lost when all {count} are filled").format(count=slots)
                       for i in range(slots)],
            uid="catan-disaster-track"))
        notes.append(dict(x=scale_x[0] - 0.3, y=ymin + 0.55, xref="x", yref="y", xanchor="left", showarrow=False,
                          font=dict(size=11), text=f"<b>{term('catan', 'term', 'disaster_track')}</b>"
                          + (" (" + pgettext("catan", "pending") + ")" if s.pending else "")))
        notes.append(dict(x=token_x[0] - 0.3, y=ymin + 0.55, xref="x", yref="y", xanchor="left", showarrow=False,
                          font=dict(size=11), text="<b>" + pgettext("catan", "Destroyed numbers") + "</b> ("
                          + pgettext("catan", "{count} of {slots}").format(count=len(s.destroyed), slots=slots) + ")"))
    # player table (last trace)
    seats = list(range(s.num_players))
    to_act = " ◀ " + pgettext("catan", "to act")
    cols = {pgettext("catan", "player"): [f"{_seat(p)} ({p})" + (to_act if p == s.current_player else "")
                                          for p in seats]}
    vp = pgettext("catan", "VP")
    if seat is None:
        cols[vp] = [s.vp(p) for p in seats]
    else:
        cols[vp] = [s.vp(p) if p == seat else f"{s.public_vp(p)}+?" for p in seats]
    cols[pgettext("catan", "cards")] = [
        (", ".join(f"{s.hand[p * 5 + r]} {_good(r)}" for r in range(5) if s.hand[p * 5 + r]) or "-")
        if seat is None or seat == p else str(sum(s.hand[p * 5:(p + 1) * 5])) for p in seats
    ]
    cols[pgettext("catan", "dev cards")] = [
        (", ".join(f"{s.dev[p * 5 + t]} {_dev(t)}" for t in range(5) if s.dev[p * 5 + t]) or "-")
        if seat is None or seat == p else str(sum(s.dev[p * 5:(p + 1) * 5])) for p in seats
    ]
    if s.oil_springs:
        cols[_good(5)] = [s.oil[p] for p in seats]
        cols[pgettext("catan", "sequestered")] = [s.sequestered[p] for p in seats]
    cols[pgettext("catan", "knights")] = [s.knights[p] for p in seats]
    cols[term("catan", "term", "longest_road")] = [f"{s.road_len[p]}" + (" ★" if s.longest_road_holder == p else "") for p in seats]
    cols[term("catan", "term", "largest_army")] = ["★" if s.largest_army_holder == p else "" for p in seats]
    tint = [PLAYER_TINT[p] for p in seats]
    fig.add_traces(traces, rows=[1] * len(traces), cols=[1] * len(traces))
    if narrow:  # one column per player, one row per field: every heading stays whole in a narrow room
        names, *fields = cols
        fig.add_trace(go.Table(
            header=dict(values=[names] + cols[names], line_color="#bbb", font=dict(
                size=12, color=["#111"] + [PLAYER_TEXT[p] for p in seats]),
                fill_color=["#e4e4e4"] + [PLAYER_COLOURS[p] for p in seats]),
            columnwidth=[125] + [85] * len(seats),
            cells=dict(values=[fields] + [[cols[k][p] for k in fields] for p in seats], height=24, line_color="#ccc",
                       font=dict(size=12, color="#111"), fill_color=["#e4e4e4"] + [PLAYER_TINT[p] for p in seats]),
            uid="catan-players"), row=2, col=1)
    else:
        widths = [110, 45, 190, 170] + [62] * (len(cols) - 4)
        px_per_unit = (width - 20) / sum(widths)  # the table spans the figure; its column widths are relative
        fig.add_trace(go.Table(
            header=dict(values=[break_long_words(h, w * px_per_unit - 4, 12) for h, w in zip(cols, widths)],
                        fill_color="#e4e4e4", line_color="#bbb", font=dict(size=12)),
            columnwidth=widths,
            cells=dict(values=list(cols.values()), height=24, line_color="#ccc", font=dict(size=12,
                       color=[[PLAYER_TEXT[p] for p in seats]] + [["#111"] * len(seats)] * (len(cols) - 1)),
                       fill_color=[[PLAYER_COLOURS[p] for p in seats]] + [tint] * (len(cols) - 1)),
            uid="catan-players"), row=2, col=1)
    # title: what game, whose turn; second line: the state of play
    head = (pgettext("catan", "Catan — Oil Springs") if s.oil_springs else pgettext("catan", "Catan")) + " · " + \
        pgettext("catan", "turn {turn}").format(turn=s.turn)
    if s.over:
        head += " · " + (pgettext("catan", "island lost") if s.lost else
                         pgettext("catan", "{seat} wins").format(seat=seat_label(s.winner)))
        if s.lost and s.pyrrhic >= 0:
            head += " (" + pgettext("catan", "Pyrrhic victory: {seat}").format(seat=seat_label(s.pyrrhic)) + ")"
    else:
        head += " · " + pgettext("catan", "{seat} to act").format(seat=seat_label(s.current_player))
    sub = [pgettext("catan", "phase: {phase}").format(phase=_phase(s.phase_name))]
    if s.dice:
        sub.append(pgettext("catan", "last roll {dice}").format(dice=s.dice))
    if s.oil_springs:
        sub.append(pgettext("catan", "oil supply {count}").format(count=s.supply))
    if narrow:  # the game's name on a line of its own
        head = head.replace(" · ", "<br>", 1)
    title = f"{head}<br><span style='font-size:12px;color:#555'>{' · '.join(sub)}</span>"
    # the sea frames the island (and its harbours) only; the rest of the figure stays white
    island = dict(type="rect", xref="x", yref="y", layer="below", line=dict(width=0), fillcolor=SEA,
                  x0=min(cx) - 1.75, x1=max(cx) + 1.75, y0=min(cy) - 1.6, y1=max(cy) + 1.6)
    fig.add_shape(island)
    fig.update_xaxes(visible=False, scaleanchor="y", row=1, col=1)
    fig.update_yaxes(visible=False, row=1, col=1)
    fig.update_layout(title=dict(text=title, x=0.01, xanchor="left", y=0.985, yanchor="top", font=dict(size=16)),
                      width=width, height=height, plot_bgcolor="white", annotations=notes,
                      margin=dict(l=10, r=10, t=top, b=10), hoverlabel=dict(align="left"),
                      legend=dict(orientation="h", y=1.0, x=0, xanchor="left", yanchor="bottom",
                                  font=dict(size=11), traceorder="grouped", tracegroupgap=4) if narrow else
                      dict(orientation="v", y=0.98, x=0.99, xanchor="right", yanchor="top",
                           bgcolor="rgba(215,215,215,0.9)", bordercolor="#999", borderwidth=1,
                           font=dict(size=11), traceorder="grouped", tracegroupgap=4))
    return fig


# ---- the Inspect tab: tables in the rulebook's names, and what the progress chart follows -----------------
PROGRESS = {"seats": N_("victory points (open)")}  # what the Inspect tab charts over the game (labels)


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
        none = pgettext("catan", "none")
        if mine:
            cards = ", ".join(f"{hand[r]} {_good(r)}" for r in range(5) if hand[r]) or none
            dev = ", ".join(f"{devs[t]} {_dev(t)}" for t in range(5) if devs[t]) or none
        else:
            cards = npgettext("catan", "{count} card", "{count} cards", sum(hand)).format(count=sum(hand))
            dev = npgettext("catan", "{count} card", "{count} cards", sum(devs)).format(count=sum(devs))
        holds = pgettext("catan", "holds the card")
        row = {term("catan", "term", "victory_points"): s.vp(p) if mine or s.is_terminal() else
               pgettext("catan", "{count} + hidden").format(count=s.public_vp(p)),
               term("catan", "term", "resource_card"): cards, term("catan", "term", "development_card"): dev,
               pgettext("catan", "knights played"): s.knights[p],
               term("catan", "term", "longest_road"): f"{s.road_len[p]}" + (f" ({holds})" if s.longest_road_holder == p else ""),
               term("catan", "term", "largest_army"): holds if s.largest_army_holder == p else ""}
        if s.oil_springs:
            row[_good(5)] = s.oil[p]
            row[term("catan", "term", "sequestered_oil")] = s.sequestered[p]
        act = " ◀ " + pgettext("catan", "to act") if s.current_player == p and not s.is_terminal() else ""
        rows[seat_label(p) + act] = row
    position = {pgettext("catan", "turn"): s.turn,
                pgettext("catan", "bank"): ", ".join(
                    f"{s.bank[i]} {_good(i)}" for i in range(5)),
                pgettext("catan", "development cards left"): s.deck if isinstance(s.deck, int) else len(s.deck),
                pgettext("catan", "robber on"): f"H{s.robber}" if s.robber >= 0 else pgettext("catan", "the desert")}
    return pd.DataFrame.from_dict(rows, orient="index"), pd.DataFrame({"": list(position.values())},
                                                                       index=list(position))
