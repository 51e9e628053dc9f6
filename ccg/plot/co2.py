"""Plotly board view of a CO2 position: ``board(state, seat=None)``.

Six regions (demand spaces with fossil / green plants and owners, the three
project spaces with scientists, agenda, CEP pile, resources, controller), the
summits, the CEP market, the CO2 gauge with its 350/500 zones, expertise
tracks, a player table (VP, coins …) and the decade/round. With ``seat`` the
other players' lobby hands and company goals show as counts only. Trace uids
are fixed strings, so the figure is identical for identical positions.
"""
from __future__ import annotations

import plotly.graph_objects as go

from ccg.games.co2.board import GREEN0
from ccg.games.co2.data import FOSSILS, GRANTS, SOURCE_NAMES, SOURCES

SEAT_COLOURS = ("#1f77b4", "#9467bd", "#ff7f0e", "#e6c229", "#444444")
SEAT_NAMES = ("Blue", "Purple", "Orange", "Yellow", "Black")
SOURCE_COLOURS = ("#2ca02c", "#f1c40f", "#17becf", "#8c564b", "#7f7f7f")
FOSSIL_COLOURS = ("#222222", "#8b4513", "#a0a0ff")
# region boxes: clockwise order -> top row left to right, bottom row right to left
BOX = [(0, 6), (6, 6), (12, 6), (12, 0), (6, 0), (0, 0)]
W, H = 5.6, 5.4


def _scatter(uid, xs, ys, text, colours, symbol="square", size=18, hover=None, textcolor="white", mode="markers+text"):
    return go.Scatter(x=xs, y=ys, mode=mode, uid=uid, name=uid, text=text, hovertext=hover or text,
                      hoverinfo="text", textfont=dict(size=9, color=textcolor), showlegend=False,
                      marker=dict(symbol=symbol, size=size, color=colours, line=dict(width=1, color="#333")))


def board(state, seat: int | None = None) -> go.Figure:
    s = state
    C = s.C
    n = s.num_players
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise ValueError(f"seat must be 0..{n - 1} or None, got {seat!r}")
    fig = go.Figure()
    shapes, notes = [], []

    # ---- regions ---------------------------------------------------------------------------
    dx, dy, dc, dt, dh = [], [], [], [], []
    px, py, pc, pt, ph = [], [], [], [], []
    sx, sy, sc, sh = [], [], [], []
    for r in range(6):
        x0, y0 = BOX[r]
        ctrl = s.ctrl[r]
        shapes.append(dict(type="rect", x0=x0, y0=y0, x1=x0 + W, y1=y0 + H, line=dict(
            color=SEAT_COLOURS[ctrl] if ctrl >= 0 else "#999", width=3 if ctrl >= 0 else 1), fillcolor="#f7f7f2",
            layer="below"))
        agenda = " > ".join(SOURCE_NAMES[x] for x in C.agendas[s.agenda[r]])
        owner = f" · control: {SEAT_NAMES[ctrl]}" if ctrl >= 0 else ""
        notes.append(dict(x=x0 + 0.1, y=y0 + H - 0.3, xanchor="left", showarrow=False, font=dict(size=12),
                          text=f"<b>{C.region_names[r]}</b>{owner}"))
        notes.append(dict(x=x0 + 0.1, y=y0 + H - 0.85, xanchor="left", showarrow=False, font=dict(size=9),
                          text=f"agenda: {agenda}"))
        notes.append(dict(x=x0 + 0.1, y=y0 + 0.35, xanchor="left", showarrow=False, font=dict(size=10),
                          text=f"CEP {s.reg_cep[r]}/{C.spaces[r]} · resources {s.reg_res[r]}"))
        o = s.C_off[r]
        for j in range(C.spaces[r]):
            k = s.space_kind[o + j]
            dx.append(x0 + 0.55 + j * 0.85)
            dy.append(y0 + 3.5)
            if k < 0:
                dc.append("white"), dt.append(str(j + 1)), dh.append(f"{C.region_names[r]} demand space {j + 1}: empty")
            elif k < GREEN0:
                dc.append(FOSSIL_COLOURS[k]), dt.append(FOSSILS[k][0].upper())
                dh.append(f"{C.region_names[r]} space {j + 1}: {FOSSILS[k]} plant")
            else:
                p = s.space_owner[o + j]
                dc.append(SOURCE_COLOURS[k - GREEN0]), dt.append(str(p))
                dh.append(f"{C.region_names[r]} space {j + 1}: {SOURCE_NAMES[k - GREEN0]} plant of {SEAT_NAMES[p]}")
        for g in range(3):
            ps = r * 3 + g
            src = s.proj[ps]
            px.append(x0 + 0.8 + g * 1.7)
            py.append(y0 + 1.6)
            notes.append(dict(x=x0 + 0.8 + g * 1.7, y=y0 + 0.95, showarrow=False, font=dict(size=8), text=GRANTS[g]))
            if src < 0:
                pc.append("white"), pt.append(""), ph.append(f"{C.region_names[r]} {GRANTS[g]} project space: empty")
            else:
                state_ = "installed" if s.inst[ps] else "proposed"
                pc.append(SOURCE_COLOURS[src]), pt.append("I" if s.inst[ps] else "P")
                ph.append(f"{C.region_names[r]} {GRANTS[g]}: {SOURCE_NAMES[src]} project, {state_}")
                if s.occ[ps] >= 0:
                    sx.append(x0 + 1.2 + g * 1.7), sy.append(y0 + 2.0)
                    sc.append(SEAT_COLOURS[s.occ[ps]]), sh.append(f"scientist of {SEAT_NAMES[s.occ[ps]]}")
    fig.add_trace(_scatter("co2-demand", dx, dy, dt, dc, size=22, hover=dh))
    fig.add_trace(_scatter("co2-projects", px, py, pt, pc, symbol="diamond", size=24, hover=ph))
    fig.add_trace(_scatter("co2-scientists", sx, sy, [""] * len(sx), sc, symbol="circle", size=12, hover=sh))

    # ---- summits -----------------------------------------------------------------------------
    mx, my, mc, mt, mh = [], [], [], [], []
    for sp, tile in enumerate(s.summit):
        x0 = 0.3 + sp * 6
        notes.append(dict(x=x0, y=-0.8, xanchor="left", showarrow=False, font=dict(size=10),
                          text=f"<b>Summit {sp + 1}</b> " + (C.summits[tile][0] if tile >= 0 else "(none)")))
        if tile < 0:
            continue
        for j, src in enumerate(C.summits[tile][1]):
            q = s.sslot[sp * 4 + j]
            mx.append(x0 + 0.5 + j * 1.2), my.append(-1.6)
            mc.append(SOURCE_COLOURS[src]), mt.append("" if q < 0 else str(q))
            mh.append(f"summit {sp + 1}, topic {SOURCE_NAMES[src]}: " + ("free" if q < 0 else SEAT_NAMES[q]))
    fig.add_trace(_scatter("co2-summits", mx, my, mt, mc, symbol="circle", size=20, hover=mh))

    # ---- CO2 gauge ---------------------------------------------------------------------------------
    cat, lose = s.R["ppm.catastrophe"], s.R["ppm.lose"]
    top = max(600, s.ppm + 50)
    gx = 19.5

    def gy(v):
        return v / top * 11.4

    for lo, hi, colour in ((0, cat, "#c8f7c5"), (cat, lose, "#fde2a7"), (lose, top, "#f5b7b1")):
        shapes.append(dict(type="rect", x0=gx - 0.4, x1=gx + 0.4, y0=gy(lo), y1=gy(hi), fillcolor=colour,
                           line=dict(width=0), layer="below"))
    for v in (cat, lose):
        notes.append(dict(x=gx + 0.5, y=gy(v), xanchor="left", showarrow=False, font=dict(size=9), text=f"{v}"))
    notes.append(dict(x=gx, y=11.9, showarrow=False, font=dict(size=11), text="<b>CO2 ppm</b>"))
    fig.add_trace(_scatter("co2-gauge", [gx], [gy(s.ppm)], [f"{s.ppm}"], ["black"], symbol="triangle-right",
                           size=16, hover=[f"CO2 {s.ppm} ppm (catastrophes from {cat}, all lose at {lose})"],
                           textcolor="black", mode="markers+text"))
    fig.data[-1].textposition = "middle left"

    # ---- market ---------------------------------------------------------------------------------------
    lo_p, hi_p = s.R["market.price_min"], s.R["market.price_max"]
    prices = list(range(lo_p, hi_p + 1))
    fig.add_trace(_scatter("co2-market", [21.5] * len(prices), [gy(0) + 0.8 + i * 1.1 for i in range(len(prices))],
                           [str(p) for p in prices], ["#c0392b" if p == s.price else "#eee" for p in prices],
                           symbol="circle", size=18, hover=[f"CEP price {p}" for p in prices], textcolor="black"))
    notes.append(dict(x=21.5, y=11.9, showarrow=False, font=dict(size=11),
                      text=f"<b>Market</b> {s.market} CEP"))

    # ---- expertise tracks ----------------------------------------------------------------------------
    ex, ey, ec, eh = [], [], [], []
    for src in range(5):
        y = -3.2 - src * 0.7
        notes.append(dict(x=-0.2, y=y, xanchor="right", showarrow=False, font=dict(size=9), text=SOURCE_NAMES[src]))
        for p in range(n):
            v = s.exp[p * 5 + src]
            ex.append(v * 1.1 + 0.2 + p * 0.12), ey.append(y), ec.append(SEAT_COLOURS[p])
            eh.append(f"{SEAT_NAMES[p]}: {SOURCE_NAMES[src]} expertise {v}")
    fig.add_trace(_scatter("co2-expertise", ex, ey, [""] * len(ex), ec, symbol="circle", size=10, hover=eh))
    for v in range(max(C.track_max) + 1):
        notes.append(dict(x=v * 1.1 + 0.35, y=-6.6, showarrow=False, font=dict(size=8), text=str(v)))
    legend = " ".join(f"<span style='color:{SOURCE_COLOURS[x]}'>●</span> {SOURCE_NAMES[x]}" for x in range(5))
    notes.append(dict(x=12.5, y=-6.3, xanchor="left", showarrow=False, font=dict(size=10),
                      text=legend + " · C coal, O oil, G gas · P proposed, I installed"))

    # ---- players table -------------------------------------------------------------------------------
    rows = []
    for p in range(n):
        if seat is None or seat == p:
            lobby = ",".join(map(str, s.lobby[p])) or "-"
            goal = {0: str(s.goal[p]), 1: "sold", 2: "scored"}[s.goal_st[p]]
        else:
            lobby = f"{len(s.lobby[p])} cards"
            goal = "hidden" if s.goal_st[p] == 0 else {1: "sold", 2: "scored"}[s.goal_st[p]]
        rows.append(f"<span style='color:{SEAT_COLOURS[p]}'>■</span> {SEAT_NAMES[p]} ({p}): VP {s.vp[p]} · "
                    f"${s.coins[p]} · res {s.res[p]} · CEP {s.cep[p]} · UN {len(s.un_won[p])} · "
                    f"lobby {lobby} · goal {goal}")
    notes.append(dict(x=12.5, y=-3.0, xanchor="left", yanchor="top", align="left", showarrow=False,
                      font=dict(size=10), text="<br>".join(rows)))
    ev = s.events[:2] if len(s.events) >= 2 else s.events
    evtxt = " / next ".join(C.region_names[C.events[e]] for e in ev) or "none"
    status = "game over" + (" — the planet is lost" if s.lost else "") if s.over else \
        f"seat {s.current_player} to act"
    title = (f"CO2 — decade {s.decade}, round {s.round} · {s.ppm} ppm · CEP price {s.price} · "
             f"event: {evtxt} · UN goals shown {len(s.un_display)} · {status}")
    fig.update_layout(title=dict(text=title, font=dict(size=13)), shapes=shapes, annotations=notes,
                      xaxis=dict(visible=False, range=[-2.2, 23]), yaxis=dict(visible=False, range=[-7, 12.4]),
                      height=720, width=1100, margin=dict(l=10, r=10, t=50, b=10), plot_bgcolor="white")
    return fig


_ = SOURCES
