"""Plotly board view of a CO2 position: ``board(state, seat=None)``.

Six regions (demand spaces with fossil / green plants and their owners, the three
project spaces with scientists, agenda, regional CEP and resources, controller),
the summits, the CO2 gauge with its 350/500 zones, the CEP market price track,
the expertise tracks, a player table (VP, coins …) and the decade/round. With
``seat`` the other players' lobby hands and company goals show as counts only.

Clickable points carry the board location of ``Action.where`` in ``customdata``
(region ids, project spaces ``<region>.<grant>``, ``summit<k>``, ``track.<source>``, ``market``),
the convention of :mod:`ccg.ui.board`. Trace uids are fixed strings, so the figure
is identical for identical positions.
"""
from __future__ import annotations

import plotly.graph_objects as go

from ccg.games.co2.board import GREEN0
from ccg.games.co2.data import FOSSILS, GRANTS, SOURCE_NAMES, SOURCES
from ccg.games.co2.hooks import gauge_top

SEAT_COLOURS = ("#1f77b4", "#9467bd", "#ff7f0e", "#c9a100", "#333333")
SEAT_NAMES = ("Blue", "Purple", "Orange", "Yellow", "Black")
# sources: reforestation, solar, cold fusion, biomass, recycling
SOURCE_COLOURS = ("#2e7d32", "#fdd835", "#26c6da", "#9e9d24", "#ec407a")
SOURCE_TEXT = ("white", "black", "black", "white", "white")
SOURCE_ABBR = ("Rf", "So", "Fu", "Bi", "Rc")
FOSSIL_COLOURS = ("#1c1c1c", "#6d4c41", "#90a4ae")
FOSSIL_TEXT = ("white", "white", "black")
GOAL_TEXT = {"regions_controlled": "regions controlled", "regions_with_plant": "regions with plant",
             "un_goals": "UN goals", "plants_after_first": "plants after 1st", "cep_in_hand": "CEP in hand",
             "highest_expertise": "top expertise", "plant_sources": "plant sources"}
# region boxes: clockwise order -> top row left to right, bottom row right to left
BOX = [(0, 6), (6, 6), (12, 6), (12, 0), (6, 0), (0, 0)]
W, H = 5.6, 5.4
GX = 19.6   # CO2 gauge
MX = 23.6   # market price track
# px at the board's own size: no text smaller. A 1920 px screen with JupyterLab's file browser open draws the
# board at 0.9 of its size beside the panel, so its smallest text is still 10 px there
MIN_TEXT = 12


def _rgba(hex_colour: str, alpha: float) -> str:
    h = hex_colour.lstrip("#")
    return f"rgba({int(h[0:2], 16)},{int(h[2:4], 16)},{int(h[4:6], 16)},{alpha})"


def _scatter(uid, xs, ys, text, colours, symbol="square", size=18, hover=None, textcolor="white",
             mode="markers+text", custom=None, line_colours="#333", line_width=1, textsize=MIN_TEXT):
    return go.Scatter(x=xs, y=ys, mode=mode, uid=uid, name=uid, text=text, hovertext=hover or text,
                      hoverinfo="text", textfont=dict(size=textsize, color=textcolor), showlegend=False,
                      customdata=custom,
                      marker=dict(symbol=symbol, size=size, color=colours, opacity=1,
                                  line=dict(width=line_width, color=line_colours)))


def _disc(x, y, colour, r=0.2):
    """A small seat-coloured disc (owner of a plant, occupant of a summit topic)."""
    return dict(type="circle", x0=x - r, x1=x + r, y0=y - r, y1=y + r, fillcolor=colour,
                line=dict(color="#111", width=1), layer="above")


def board(state, seat: int | None = None) -> go.Figure:
    s = state
    components = s.components
    n = s.num_players
    if seat is not None and (isinstance(seat, bool) or not (isinstance(seat, int) and 0 <= seat < n)):
        raise ValueError(f"seat must be 0..{n - 1} or None, got {seat!r}")
    fig = go.Figure(_validate=False)  # our own values: skip plotly validation (3x faster redraws)
    shapes, notes = [], []

    # ---- regions ---------------------------------------------------------------------------
    dx, dy, dc, dt, dtc, dh, dw = [], [], [], [], [], [], []
    px, py, pc, pt, ptc, ph, pl, pw = [], [], [], [], [], [], [], []
    sx, sy, sc, sh, sw = [], [], [], [], []
    for r in range(6):
        x0: float
        x0, y0 = BOX[r]
        ctrl = s.ctrl[r]
        region = components.regions[r]
        shapes.append(dict(type="rect", x0=x0, y0=y0, x1=x0 + W, y1=y0 + H, line=dict(
            color=SEAT_COLOURS[ctrl] if ctrl >= 0 else "#aaa", width=4 if ctrl >= 0 else 1),
            fillcolor=_rgba(SEAT_COLOURS[ctrl], 0.08) if ctrl >= 0 else "#f7f7f2", layer="below"))
        agenda = components.agendas[s.agenda[r]]
        owner = (f" · <span style='color:{SEAT_COLOURS[ctrl]}'>controlled by {SEAT_NAMES[ctrl]}</span>"
                 if ctrl >= 0 else "")
        notes.append(dict(x=x0 + 0.12, y=y0 + H - 0.32, xanchor="left", showarrow=False, font=dict(size=13),
                          text=f"<b>{components.region_names[r]}</b>{owner}"))
        notes.append(dict(x=x0 + 0.12, y=y0 + H - 0.85, xanchor="left", showarrow=False, font=dict(size=MIN_TEXT,
                          color="#444"), text="agenda: " + " › ".join(SOURCE_ABBR[x] for x in agenda),
                          hovertext=f"{components.region_names[r]}'s agenda: "
                                    + " › ".join(SOURCE_NAMES[x] for x in agenda)))
        notes.append(dict(x=x0 + 0.12, y=y0 + 0.3, xanchor="left", showarrow=False, font=dict(size=MIN_TEXT),
                          text=f"CEP {s.reg_cep[r]}/{components.spaces[r]} · resources {s.reg_res[r]}",
                          hovertext=(f"{components.region_names[r]}: {s.reg_cep[r]} CEP (permits) in the region's pile, "
                                     f"at most {components.spaces[r]} — one per demand space (CO2-6.3.7); its controller "
                                     f"may pay from it "
                                     f"(CO2-11.5.1)<br>{s.reg_res[r]} technology resources in the region's pile "
                                     "(given up in catastrophes, CO2-4.4.2)")))
        o = s.first_space[r]
        for j in range(components.spaces[r]):
            k = s.space_kind[o + j]
            x, y = x0 + 0.55 + j * 0.85, y0 + 3.55
            dx.append(x)
            dy.append(y)
            dw.append(region)
            name = f"{components.region_names[r]} demand space {j + 1}"
            if k < 0:
                dc.append("white")
                dt.append("")
                dtc.append("#999")
                dh.append(f"{name}: empty")
            elif k < GREEN0:
                dc.append(FOSSIL_COLOURS[k])
                dt.append(FOSSILS[k][0].upper())
                dtc.append(FOSSIL_TEXT[k])
                dh.append(f"{name}: {FOSSILS[k]} plant (fossil)")
            else:
                p = s.space_owner[o + j]
                g = k - GREEN0
                dc.append(SOURCE_COLOURS[g])
                dt.append(SOURCE_ABBR[g])
                dtc.append(SOURCE_TEXT[g])
                dh.append(f"{name}: {SOURCE_NAMES[g]} plant of {SEAT_NAMES[p]}")
                shapes.append(_disc(x + 0.3, y + 0.32, SEAT_COLOURS[p], 0.16))
        for g in range(3):
            ps = r * 3 + g
            src = s.proj[ps]
            x, y = x0 + 0.9 + g * 1.85, y0 + 1.75
            px.append(x)
            py.append(y)
            pw.append(f"{region}.{GRANTS[g]}")
            if src < 0:
                pc.append("white")
                pt.append("")
                ptc.append("#999")
                pl.append("#999")
                ph.append(f"{components.region_names[r]} {GRANTS[g]} project space: empty")
                label = GRANTS[g]
            else:
                installed = bool(s.inst[ps])
                pc.append(SOURCE_COLOURS[src] if installed else _rgba(SOURCE_COLOURS[src], 0.3))
                pt.append(SOURCE_ABBR[src])
                ptc.append(SOURCE_TEXT[src] if installed else "#222")
                pl.append("#222" if installed else SOURCE_COLOURS[src])
                state_ = "installed" if installed else "proposed"
                ph.append(f"{components.region_names[r]} {GRANTS[g]} grant: {SOURCE_NAMES[src]} project, {state_}")
                label = GRANTS[g]  # proposed (pale) or installed (solid): the key says, the hover tells
            notes.append(dict(x=x, y=y - 0.5, yanchor="top", showarrow=False, font=dict(size=MIN_TEXT, color="#444"),
                              text=label))
            if s.occ[ps] >= 0:
                sx.append(x + 0.5)
                sy.append(y + 0.35)
                sw.append(f"{region}.{GRANTS[g]}")
                sc.append(SEAT_COLOURS[s.occ[ps]])
                sh.append(f"scientist of {SEAT_NAMES[s.occ[ps]]} on {components.region_names[r]} {GRANTS[g]}")
    fig.add_trace(_scatter("co2-demand", dx, dy, dt, dc, size=24, hover=dh, textcolor=dtc, custom=dw))
    fig.add_trace(_scatter("co2-projects", px, py, pt, pc, symbol="diamond", size=32, hover=ph, textcolor=ptc,
                           custom=pw, line_colours=pl, line_width=2))
    fig.add_trace(_scatter("co2-scientists", sx, sy, [""] * len(sx), sc, symbol="circle", size=14, hover=sh,
                           custom=sw, line_colours="#111", line_width=1.5))

    # ---- summits -----------------------------------------------------------------------------
    mx, my, mc, mt, mtc, mh, mw = [], [], [], [], [], [], []
    for sp, tile in enumerate(s.summit):
        x0 = 0.2 + sp * 6
        notes.append(dict(x=x0, y=-0.5, xanchor="left", showarrow=False, font=dict(size=12),
                          text=f"<b>Summit {sp + 1}</b> " + (components.summits[tile][0] if tile >= 0 else "(none)")))
        if tile < 0:
            continue
        for j, src in enumerate(components.summits[tile][1]):
            q = s.sslot[sp * 4 + j]
            x, y = x0 + 0.5 + j * 1.3, -1.3
            mx.append(x)
            my.append(y)
            mw.append(f"summit{sp + 1}")
            mc.append(SOURCE_COLOURS[src])
            mt.append(SOURCE_ABBR[src])
            mtc.append(SOURCE_TEXT[src])
            mh.append(f"summit {sp + 1} ({components.summits[tile][0]}), topic {SOURCE_NAMES[src]}: "
                      + ("free" if q < 0 else f"scientist of {SEAT_NAMES[q]}"))
            if q >= 0:
                shapes.append(_disc(x + 0.36, y + 0.3, SEAT_COLOURS[q], 0.18))
    fig.add_trace(_scatter("co2-summits", mx, my, mt, mc, symbol="circle", size=26, hover=mh, textcolor=mtc,
                           custom=mw))

    # ---- CO2 gauge: green below 350, amber to 500 (catastrophes), red from 500 (planet lost) ------
    cat, lose = s.rules["ppm.catastrophe"], s.rules["ppm.lose"]
    top = gauge_top(s.ppm)

    def gy(v):
        return v / top * 11.4

    for lo, hi, colour in ((0, cat, "#b9ecb5"), (cat, lose, "#fdd58a"), (lose, top, "#f4a6a0")):
        shapes.append(dict(type="rect", x0=GX - 0.45, x1=GX + 0.45, y0=gy(lo), y1=gy(hi), fillcolor=colour,
                           line=dict(width=0), layer="below"))
    shapes.append(dict(type="rect", x0=GX - 0.45, x1=GX + 0.45, y0=0, y1=gy(top), line=dict(color="#555", width=1)))
    for v in range(100, top + 1, 100):
        if v not in (cat, lose) and abs(v - s.ppm) > top / 25:  # keep the marker's label clear
            notes.append(dict(x=GX - 0.5, y=gy(v), xanchor="right", showarrow=False,
                              font=dict(size=MIN_TEXT, color="#777"), text=str(v)))
            shapes.append(dict(type="line", x0=GX - 0.45, x1=GX - 0.25, y0=gy(v), y1=gy(v),
                               line=dict(color="#777", width=1)))
    for v, colour, label in ((cat, "#c77700", "catastrophes"), (lose, "#c0392b", "planet lost")):
        shapes.append(dict(type="line", x0=GX - 0.7, x1=GX + 0.7, y0=gy(v), y1=gy(v), line=dict(color=colour, width=3)))
        notes.append(dict(x=GX + 0.75, y=gy(v), xanchor="left", showarrow=False,
                          font=dict(size=MIN_TEXT, color=colour), text=f"<b>{v}</b><br>{label}"))
    notes.append(dict(x=GX, y=12.0, showarrow=False, font=dict(size=13), text="<b>CO2 ppm</b>"))
    fig.add_trace(_scatter("co2-gauge", [GX - 0.55], [gy(s.ppm)], [f"<b>{s.ppm}</b>"], ["black"],
                           symbol="triangle-right", size=18, textsize=13,
                           hover=[f"CO2 {s.ppm} ppm (peak {s.ppm_peak}; catastrophes from {cat}, all lose at {lose})"],
                           textcolor="black", mode="markers+text"))
    fig.data[-1].textposition = "middle left"
    shapes.append(dict(type="line", x0=GX - 0.45, x1=GX + 0.45, y0=gy(s.ppm), y1=gy(s.ppm),
                       line=dict(color="black", width=3)))

    # ---- market ---------------------------------------------------------------------------------------
    lo_p, hi_p = s.rules["market.price_min"], s.rules["market.price_max"]
    prices = list(range(lo_p, hi_p + 1))
    step = 10.4 / max(1, len(prices) - 1)
    fig.add_trace(_scatter("co2-market", [MX] * len(prices), [0.3 + i * step for i in range(len(prices))],
                           [f"${p}" for p in prices], ["#c0392b" if p == s.price else "#f2f2f2" for p in prices],
                           symbol="circle", size=[30 if p == s.price else 26 for p in prices],
                           hover=[f"CEP price ${p}" + (" (current)" if p == s.price else "") for p in prices],
                           textcolor=["white" if p == s.price else "#333" for p in prices],
                           custom=["market"] * len(prices)))
    notes.append(dict(x=MX, y=12.0, showarrow=False, font=dict(size=13), text="<b>Market</b> (CEP)"))
    notes.append(dict(x=MX, y=11.45, showarrow=False, font=dict(size=MIN_TEXT, color="#444"),
                      text=f"{s.market} CEP on sale · price ${s.price}"))

    # ---- expertise tracks: one row per source, one lane per seat (dots never hide each other) ----------
    ex, ey, ec, eh, ew = [], [], [], [], []
    tmax = max(components.track_max)
    y_top = -2.7
    notes.append(dict(x=-2.0, y=y_top + 0.05, xanchor="left", showarrow=False, font=dict(size=12),
                      text="<b>Expertise</b>"))
    for src in range(5):
        y = y_top - 0.55 - src * 0.8
        shapes.append(dict(type="rect", x0=0.0, x1=tmax * 1.05 + 0.9, y0=y - 0.35, y1=y + 0.35,
                           fillcolor=_rgba(SOURCE_COLOURS[src], 0.15), line=dict(width=0), layer="below"))
        notes.append(dict(x=-0.2, y=y, xanchor="right", showarrow=False, font=dict(size=MIN_TEXT),
                          text=SOURCE_NAMES[src]))
        for p in range(n):
            v = s.exp[p * 5 + src]
            lane = p - (n - 1) / 2  # one diagonal lane per seat: equal values stay side by side
            ex.append(v * 1.05 + 0.45 + lane * 0.1)
            ey.append(y - lane * 0.13)
            ec.append(SEAT_COLOURS[p])
            ew.append(f"track.{SOURCES[src]}")
            eh.append(f"{SEAT_NAMES[p]}: {SOURCE_NAMES[src]} expertise {v}")
    fig.add_trace(_scatter("co2-expertise", ex, ey, [""] * len(ex), ec, symbol="circle", size=8, hover=eh,
                           custom=ew, line_colours="#111"))
    for v in range(tmax + 1):
        notes.append(dict(x=v * 1.05 + 0.45, y=y_top - 0.55 - 4 * 0.8 - 0.55, showarrow=False,
                          font=dict(size=MIN_TEXT, color="#555"), text=str(v)))

    # ---- players table (annotations: the trace list stays fixed) ---------------------------------------
    cols = [("player", 12.6, "left"), ("VP", 16.0, "center"), ("coins", 17.0, "center"), ("res.", 18.0, "center"),
            ("CEP", 18.9, "center"), ("scient.", 19.9, "center"), ("UN", 20.8, "center"), ("lobby cards", 21.4, "left"),
            ("company goal", 23.6, "left")]
    meaning = {"VP": "victory points; they may be negative (CO2-0.7): VP paid for coins in the Supply phase "
                     "(CO2-4.3.6) or lost in a catastrophe (CO2-4.4.2)",
               "res.": "technology resources in hand", "CEP": "CEP (carbon emission permits) in hand",
               "scient.": "scientists: on the board + in hand (e.g. 0+1: none placed, one in hand)",
               "UN": "UN goals won", "coins": "coins in hand"}
    ty = -2.65
    for name, x, al in cols:
        notes.append(dict(x=x, y=ty, xanchor=al, showarrow=False, font=dict(size=MIN_TEXT), text=f"<b>{name}</b>",
                          hovertext=meaning.get(name)))
    shapes.append(dict(type="line", x0=12.5, x1=27.6, y0=ty - 0.3, y1=ty - 0.3, line=dict(color="#999", width=1)))
    for p in range(n):
        y = ty - 0.7 - p * 0.6
        if seat is None or seat == p:
            lobby = ", ".join(map(str, s.lobby[p])) or "-"
            if s.goal_st[p] == 0:
                kind = components.goals[s.goal[p]][0] if s.goal[p] in components.goals else ""
                goal = f"goal {s.goal[p]}" + (f": {GOAL_TEXT.get(kind, kind)}" if kind else "")
            else:
                goal = {1: "sold", 2: "scored"}[s.goal_st[p]]
        else:
            lobby = f"{len(s.lobby[p])} card{'' if len(s.lobby[p]) == 1 else 's'}"
            goal = "(secret)" if s.goal_st[p] == 0 else {1: "sold", 2: "scored"}[s.goal_st[p]]
        act = " ◀" if s.current_player == p else ""
        hand = sum(1 for i in range(4 * p, 4 * p + 4) if s.sci[i] == -1)
        placed = sum(1 for i in range(4 * p, 4 * p + 4) if s.sci[i] >= 0)
        row = [f"<span style='color:{SEAT_COLOURS[p]}'>■</span> {SEAT_NAMES[p]} ({p}){act}", str(s.vp[p]),
               f"${s.coins[p]}", str(s.res[p]), str(s.cep[p]), f"{placed}+{hand}", str(len(s.un_won[p])), lobby, goal]
        if p % 2 == 1:
            shapes.append(dict(type="rect", x0=12.5, x1=27.6, y0=y - 0.3, y1=y + 0.3, fillcolor="#f3f3f3",
                               line=dict(width=0), layer="below"))
        hover = {"VP": f"{SEAT_NAMES[p]}: {s.vp[p]} VP" + (" (below zero: CO2-0.7)" if s.vp[p] < 0 else ""),
                 "scient.": f"{SEAT_NAMES[p]}: {placed} scientist{'s' if placed != 1 else ''} on the board, "
                            f"{hand} in hand"}
        for (name, x, al), val in zip(cols, row):
            negative = name == "VP" and s.vp[p] < 0
            notes.append(dict(x=x, y=y, xanchor=al, showarrow=False, text=val, hovertext=hover.get(name),
                              font=dict(size=MIN_TEXT, color="#c0392b") if negative else dict(size=MIN_TEXT)))
    below = ty - 0.7 - (n - 1) * 0.6 - 0.35  # under the last row
    notes.append(dict(x=12.6, y=below, xanchor="left", yanchor="top", align="left", showarrow=False,
                      font=dict(size=MIN_TEXT, color="#555"),
                      text="scient. 2+1 = 2 scientists on the board + 1 in hand · UN = UN goals won<br>"
                           "VP below zero (red) are allowed (CO2-0.7)"))

    # ---- key -------------------------------------------------------------------------------------------
    key = " ".join(f"<span style='color:{SOURCE_COLOURS[x]}'>■</span> {SOURCE_ABBR[x]} {SOURCE_NAMES[x]} "
                   for x in range(5))
    fossil = " ".join(f"<span style='color:{FOSSIL_COLOURS[f]}'>■</span> {FOSSILS[f][0].upper()} {FOSSILS[f]} "
                      for f in range(3))
    notes.append(dict(x=12.6, y=below - 0.95, xanchor="left", yanchor="top", align="left", showarrow=False,
                      font=dict(size=MIN_TEXT), text=f"green: {key}<br>fossil: {fossil} · □ demand space (power plant) "
                      "· ◆ project space<br>● owner / scientist in seat colour · ◆ pale = proposed project, solid = "
                      "installed<br>CEP 4/5 in a region: 4 permits in its pile, at most 5 (one per demand space, "
                      "CO2-6.3.7)"))
    ev = s.events[:2] if len(s.events) >= 2 else s.events
    evtxt = " / then ".join(components.region_names[components.events[e]] for e in ev) or "none"
    if s.over:
        status = "game over" + (" — the planet is lost" if s.lost else "")
    else:
        cp = s.current_player
        status = f"{SEAT_NAMES[cp]} (seat {cp}) to act"
    title = (f"CO2 — decade {s.decade}, round {s.round} · {status}<br><span style='font-size:12px;color:#555'>"
             f"{s.ppm} ppm · CEP price ${s.price} · next event: {evtxt} · "
             f"UN goals on display {len(s.un_display)}</span>")
    notes = [{k: v for k, v in note.items() if v is not None} for note in notes]  # no empty hover texts
    fig.update_layout(title=dict(text=title, x=0.01, xanchor="left", y=0.985, yanchor="top", font=dict(size=16)),
                      shapes=shapes, annotations=notes, hoverlabel=dict(align="left"),
                      xaxis=dict(visible=False, range=[-2.3, 27.7], fixedrange=False),
                      yaxis=dict(visible=False, range=[-8.9, 12.4]),
                      height=840, width=1200, margin=dict(l=10, r=10, t=70, b=10), plot_bgcolor="white")
    return fig


# ---- the Inspect tab: tables in the rulebook's names, and what the progress chart follows -----------------
PROGRESS = {"seats": "VP", "global": "CO₂ (ppm)"}  # what the Inspect tab charts over the game (labels)


def progress(state, seat: int | None = None) -> dict:
    """The charted numbers of a position (open to every seat: VP track and CO2 level); cheap, no serialisation."""
    return {"seats": list(state.vp), "global": state.ppm}


def tables(state, seat: int | None = None):
    """(players, regions) for the Table's Inspect tab: what ``seat`` may see, in the rulebook's names."""
    import pandas as pd  # the Inspect tab's tables only: pandas is not needed to draw

    s, components, n = state, state.components, state.num_players
    rows = {}
    for p in range(n):
        mine = seat is None or seat == p
        if s.goal_st[p] == 0:
            kind = components.goals[s.goal[p]][0] if mine and s.goal[p] in components.goals else ""
            goal = GOAL_TEXT.get(kind, kind) if mine else "secret"
        else:
            goal = {1: "sold", 2: "scored"}[s.goal_st[p]]
        lobby = ", ".join(map(str, s.lobby[p])) or "none" if mine else f"{len(s.lobby[p])} cards"
        expertise = ", ".join(f"{SOURCE_NAMES[x]} {s.exp[p * 5 + x]}" for x in range(5) if s.exp[p * 5 + x]) or "none"
        rows[f"{SEAT_NAMES[p]} (seat {p})" + (" ◀ to act" if s.current_player == p and not s.over else "")] = {
            "VP": s.vp[p], "coins": s.coins[p], "technology resources": s.res[p], "CEP in hand": s.cep[p],
            "scientists in hand": sum(1 for i in range(4 * p, 4 * p + 4) if s.sci[i] == -1),
            "expertise": expertise, "UN goals won": len(s.un_won[p]), "lobby cards": lobby, "company goal": goal}
    players = pd.DataFrame.from_dict(rows, orient="index")
    regions = pd.DataFrame({
        "CEP": [f"{s.reg_cep[r]}/{components.spaces[r]}" for r in range(len(components.regions))],
        "resources": list(s.reg_res),
        "controlled by": [SEAT_NAMES[c] if c >= 0 else "nobody" for c in s.ctrl],
        "agenda": [" › ".join(SOURCE_NAMES[x] for x in components.agendas[s.agenda[r]])
                   for r in range(len(components.regions))],
    }, index=list(components.region_names))
    return players, regions
