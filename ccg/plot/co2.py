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

from ccg.core.glossary import term
from ccg.games.co2.board import GREEN0
from ccg.games.co2.data import FOSSILS, GRANTS, SOURCES
from ccg.games.co2.hooks import gauge_top
from ccg.i18n import N_, format_money, gettext, npgettext, pgettext
from ccg.plot.text import wrap_words

SEAT_COLOURS = ("#1f77b4", "#9467bd", "#ff7f0e", "#c9a100", "#333333")
SEAT_NAMES = ("Blue", "Purple", "Orange", "Yellow", "Black")
# sources: reforestation, solar, cold fusion, biomass, recycling
SOURCE_COLOURS = ("#2e7d32", "#fdd835", "#26c6da", "#9e9d24", "#ec407a")
SOURCE_TEXT = ("white", "black", "black", "white", "white")
SOURCE_ABBR = ("Rf", "So", "Fu", "Bi", "Rc")
FOSSIL_COLOURS = ("#1c1c1c", "#6d4c41", "#90a4ae")
FOSSIL_TEXT = ("white", "white", "black")
GOAL_TEXT = {"regions_controlled": N_("regions controlled"), "regions_with_plant": N_("regions with a power plant"),
             "un_goals": N_("UN goals"), "plants_after_first": N_("power plants after the 1st"),
             "cep_in_hand": N_("CEP in hand"), "highest_expertise": N_("top expertise"),
             "plant_sources": N_("power plant sources")}
# region boxes: clockwise order -> top row left to right, bottom row right to left
BOX = [(0, 6), (6, 6), (12, 6), (12, 0), (6, 0), (0, 0)]
W, H = 5.6, 5.4
GX = 19.6   # CO2 gauge
MX = 23.6   # market price track
WIDTH, HEIGHT = 1200, 840  # px: the board's own size
# the narrow layout (drawn where the board would be scaled too small beside the panel): the regions two by three,
# gauge and market under the expertise tracks, the players table and the key under them; the same px per map unit
NARROW_WIDTH = 600
NARROW_BOX = [(0, 12), (6, 12), (6, 6), (6, 0), (0, 0), (0, 6)]  # the same ring of regions, two columns
NARROW_GAUGE, NARROW_MARKET, NARROW_LOW = 1.6, 8.0, -20.5  # x of gauge and market, y of their foot
NARROW_TABLE = (-14.8, -19.1)  # how far the players table and the key move (x, y)
# px at the board's own size: no text smaller. A 1920 px screen with JupyterLab's file browser open draws the
# board at 0.9 of its size beside the panel, so its smallest text is still 10 px there
MIN_TEXT = 12


def _source(x: int) -> str:
    return term("co2", "source", SOURCES[x])


def _seat(p: int) -> str:
    return pgettext("seat colour", SEAT_NAMES[p])


def _goal(kind: str) -> str:
    return gettext(GOAL_TEXT[kind]) if kind in GOAL_TEXT else kind


def _goal_state(st: int) -> str:
    return pgettext("co2", "sold") if st == 1 else pgettext("co2", "scored")


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


def board(state, seat: int | None = None, width: int = WIDTH) -> go.Figure:
    """A Plotly figure of a CO2 position; below 900 px ``width`` the narrow layout (NARROW_WIDTH wide, taller)."""
    s = state
    narrow = width < 900
    box = NARROW_BOX if narrow else BOX
    gx, market_x, low = (NARROW_GAUGE, NARROW_MARKET, NARROW_LOW) if narrow else (GX, MX, 0.0)
    tx, tdy = NARROW_TABLE if narrow else (0.0, 0.0)
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
        x0, y0 = box[r]
        ctrl = s.controller[r]
        region = components.regions[r]
        shapes.append(dict(type="rect", x0=x0, y0=y0, x1=x0 + W, y1=y0 + H, line=dict(
            color=SEAT_COLOURS[ctrl] if ctrl >= 0 else "#aaa", width=4 if ctrl >= 0 else 1),
            fillcolor=_rgba(SEAT_COLOURS[ctrl], 0.08) if ctrl >= 0 else "#f7f7f2", layer="below"))
        sources = components.agendas[s.agenda[r]]
        region_name = term("co2", "region", region)
        owner = (f" · <span style='color:{SEAT_COLOURS[ctrl]}'>"
                 + pgettext("co2", "controlled by {seat}").format(seat=_seat(ctrl)) + "</span>" if ctrl >= 0 else "")
        notes.append(dict(x=x0 + 0.12, y=y0 + H - 0.32, xanchor="left", showarrow=False, font=dict(size=13),
                          text=f"<b>{region_name}</b>{owner}"))
        notes.append(dict(x=x0 + 0.12, y=y0 + H - 0.85, xanchor="left", showarrow=False, font=dict(size=MIN_TEXT,
                          color="#444"), text=pgettext("co2", "agenda: {agenda}").format(
                              agenda=" › ".join(SOURCE_ABBR[x] for x in sources)),
                          hovertext=f"{region_name}: " + pgettext("co2", "agenda: {agenda}").format(
                              agenda=" › ".join(_source(x) for x in sources))))
        notes.append(dict(x=x0 + 0.12, y=y0 + 0.16, xanchor="left", showarrow=False, font=dict(size=MIN_TEXT),
                          text=pgettext("co2", "CEP {cep}/{spaces} · resources {resources}").format(
                              cep=s.region_cep[r], spaces=components.spaces[r], resources=s.region_resources[r]),
                          hovertext=pgettext(
                              "co2", "{region}: {cep} CEP (permits) in the region's pile, at most {spaces} — one per "
                              "demand space (CO2-6.3.7); its controller may pay from it (CO2-11.5.1)<br>{resources} "
                              "technology resources in the region's pile (given up in catastrophes, CO2-4.4.2)").format(
                                  region=region_name, cep=s.region_cep[r], spaces=components.spaces[r],
                                  resources=s.region_resources[r])))
        o = s.first_space[r]
        for j in range(components.spaces[r]):
            k = s.space_kind[o + j]
            x, y = x0 + 0.55 + j * 0.85, y0 + 3.55
            dx.append(x)
            dy.append(y)
            dw.append(region)
            name = pgettext("co2", "{region} demand space {number}").format(region=region_name, number=j + 1)
            if k < 0:
                dc.append("white")
                dt.append("")
                dtc.append("#999")
                dh.append(pgettext("co2", "{space}: empty").format(space=name))
            elif k < GREEN0:
                dc.append(FOSSIL_COLOURS[k])
                dt.append(FOSSILS[k][0].upper())
                dtc.append(FOSSIL_TEXT[k])
                dh.append(pgettext("co2", "{space}: {fossil} power plant (fossil)").format(
                    space=name, fossil=term("co2", "fossil", FOSSILS[k])))
            else:
                p = s.space_owner[o + j]
                g = k - GREEN0
                dc.append(SOURCE_COLOURS[g])
                dt.append(SOURCE_ABBR[g])
                dtc.append(SOURCE_TEXT[g])
                dh.append(pgettext("co2", "{space}: {source} power plant of {seat}").format(
                    space=name, source=_source(g), seat=_seat(p)))
                shapes.append(_disc(x + 0.3, y + 0.32, SEAT_COLOURS[p], 0.16))
        for g in range(3):
            ps = r * 3 + g
            src = s.projects[ps]
            x, y = x0 + 0.9 + g * 1.85, y0 + 1.75
            px.append(x)
            py.append(y)
            pw.append(f"{region}.{GRANTS[g]}")
            if src < 0:
                pc.append("white")
                pt.append("")
                ptc.append("#999")
                pl.append("#999")
                grant = term("co2", "grant", GRANTS[g])
                ph.append(pgettext("co2", "{region} {grant} project space: empty").format(region=region_name, grant=grant))
                label = grant
            else:
                installed = bool(s.installed[ps])
                pc.append(SOURCE_COLOURS[src] if installed else _rgba(SOURCE_COLOURS[src], 0.3))
                pt.append(SOURCE_ABBR[src])
                ptc.append(SOURCE_TEXT[src] if installed else "#222")
                pl.append("#222" if installed else SOURCE_COLOURS[src])
                grant = term("co2", "grant", GRANTS[g])
                state_ = pgettext("co2", "installed") if installed else pgettext("co2", "proposed")
                ph.append(pgettext("co2", "{region} {grant} grant: {source} project, {state}").format(
                    region=region_name, grant=grant, source=_source(src), state=state_))
                label = grant  # proposed (pale) or installed (solid): the key says, the hover tells
            # a grant name of several words on lines of its own: "Research cooperation" at MIN_TEXT is wider
            # than the gap between two project spaces
            notes.append(dict(x=x, y=y - 0.5, yanchor="top", showarrow=False, font=dict(size=MIN_TEXT, color="#444"),
                              text=label.replace(" ", "<br>")))
            if s.occupant[ps] >= 0:
                sx.append(x + 0.5)
                sy.append(y + 0.35)
                sw.append(f"{region}.{GRANTS[g]}")
                sc.append(SEAT_COLOURS[s.occupant[ps]])
                sh.append(pgettext("co2", "scientist of {seat} on {region} {grant}").format(
                    seat=_seat(s.occupant[ps]), region=region_name, grant=term("co2", "grant", GRANTS[g])))
    fig.add_trace(_scatter("co2-demand", dx, dy, dt, dc, size=24, hover=dh, textcolor=dtc, custom=dw))
    fig.add_trace(_scatter("co2-projects", px, py, pt, pc, symbol="diamond", size=32, hover=ph, textcolor=ptc,
                           custom=pw, line_colours=pl, line_width=2))
    fig.add_trace(_scatter("co2-scientists", sx, sy, [""] * len(sx), sc, symbol="circle", size=14, hover=sh,
                           custom=sw, line_colours="#111", line_width=1.5))

    # ---- summits -----------------------------------------------------------------------------
    mx, my, mc, mt, mtc, mh, mw = [], [], [], [], [], [], []
    for sp, tile in enumerate(s.summit):
        x0 = -2.3 + sp * 5.2 if narrow else 0.2 + sp * 6
        notes.append(dict(x=x0, y=-0.5, xanchor="left", showarrow=False, font=dict(size=12),
                          text="<b>" + pgettext("co2", "Summit {number}").format(number=sp + 1) + "</b> "
                          + (term("co2", "summit", components.summits[tile][0]) if tile >= 0 else pgettext("co2", "(none)"))))
        if tile < 0:
            continue
        for j, src in enumerate(components.summits[tile][1]):
            q = s.summit_slots[sp * 4 + j]
            x, y = x0 + 0.5 + j * 1.3, -1.3
            mx.append(x)
            my.append(y)
            mw.append(f"summit{sp + 1}")
            mc.append(SOURCE_COLOURS[src])
            mt.append(SOURCE_ABBR[src])
            mtc.append(SOURCE_TEXT[src])
            mh.append(pgettext("co2", "summit {number} ({city}), topic {source}: {who}").format(
                number=sp + 1, city=term("co2", "summit", components.summits[tile][0]), source=_source(src),
                who=pgettext("co2", "free") if q < 0 else pgettext("co2", "scientist of {seat}").format(seat=_seat(q))))
            if q >= 0:
                shapes.append(_disc(x + 0.36, y + 0.3, SEAT_COLOURS[q], 0.18))
    fig.add_trace(_scatter("co2-summits", mx, my, mt, mc, symbol="circle", size=26, hover=mh, textcolor=mtc,
                           custom=mw))

    # ---- CO2 gauge: green below 350, amber to 500 (catastrophes), red from 500 (planet lost) ------
    cat, lose = s.rules["ppm.catastrophe"], s.rules["ppm.lose"]
    top = gauge_top(s.ppm)

    def gy(v):
        return low + v / top * 11.4

    for lo, hi, colour in ((0, cat, "#b9ecb5"), (cat, lose, "#fdd58a"), (lose, top, "#f4a6a0")):
        shapes.append(dict(type="rect", x0=gx - 0.45, x1=gx + 0.45, y0=gy(lo), y1=gy(hi), fillcolor=colour,
                           line=dict(width=0), layer="below"))
    shapes.append(dict(type="rect", x0=gx - 0.45, x1=gx + 0.45, y0=gy(0), y1=gy(top), line=dict(color="#555", width=1)))
    for v in range(100, top + 1, 100):
        if v not in (cat, lose) and abs(v - s.ppm) > top / 25:  # keep the marker's label clear
            notes.append(dict(x=gx - 0.5, y=gy(v), xanchor="right", showarrow=False,
                              font=dict(size=MIN_TEXT, color="#777"), text=str(v)))
            shapes.append(dict(type="line", x0=gx - 0.45, x1=gx - 0.25, y0=gy(v), y1=gy(v),
                               line=dict(color="#777", width=1)))
    for v, colour, label in ((cat, "#c77700", pgettext("co2", "catastrophes")),
                             (lose, "#c0392b", pgettext("co2", "planet lost"))):
        shapes.append(dict(type="line", x0=gx - 0.7, x1=gx + 0.7, y0=gy(v), y1=gy(v), line=dict(color=colour, width=3)))
        notes.append(dict(x=gx + 0.75, y=gy(v), xanchor="left", showarrow=False,
                          font=dict(size=MIN_TEXT, color=colour), text=f"<b>{v}</b><br>{label}"))
    notes.append(dict(x=gx, y=low + 12.0, showarrow=False, font=dict(size=13), text="<b>CO2 ppm</b>"))  # i18n: not prose
    fig.add_trace(_scatter("co2-gauge", [gx - 0.55], [gy(s.ppm)], [f"<b>{s.ppm}</b>"], ["black"],
                           symbol="triangle-right", size=18, textsize=13,
                           hover=[pgettext("co2", "CO2 {ppm} ppm (peak {peak}; catastrophes from {catastrophe}, all lose "
                                           "at {lose})").format(ppm=s.ppm, peak=s.ppm_peak, catastrophe=cat, lose=lose)],
                           textcolor="black", mode="markers+text"))
    fig.data[-1].textposition = "middle left"
    shapes.append(dict(type="line", x0=gx - 0.45, x1=gx + 0.45, y0=gy(s.ppm), y1=gy(s.ppm),
                       line=dict(color="black", width=3)))

    # ---- market ---------------------------------------------------------------------------------------
    lo_p, hi_p = s.rules["market.price_min"], s.rules["market.price_max"]
    prices = list(range(lo_p, hi_p + 1))
    step = 10.4 / max(1, len(prices) - 1)
    fig.add_trace(_scatter("co2-market", [market_x] * len(prices), [low + 0.3 + i * step for i in range(len(prices))],
                           [f"${p}" for p in prices], ["#c0392b" if p == s.price else "#f2f2f2" for p in prices],
                           symbol="circle", size=[30 if p == s.price else 26 for p in prices],
                           hover=[(pgettext("co2", "CEP price {price} (current)") if p == s.price else
                                   pgettext("co2", "CEP price {price}")).format(price=format_money(p)) for p in prices],
                           textcolor=["white" if p == s.price else "#333" for p in prices],
                           custom=["market"] * len(prices)))
    notes.append(dict(x=market_x, y=low + 12.0, showarrow=False, font=dict(size=13),
                      text="<b>" + pgettext("co2", "Market") + "</b> (" + term("co2", "term", "cep") + ")"))
    notes.append(dict(x=market_x, y=low + 11.45, showarrow=False, font=dict(size=MIN_TEXT, color="#444"),
                      text=pgettext("co2", "{count} CEP on sale · price {price}").format(
                          count=s.market, price=format_money(s.price))))

    # ---- expertise tracks: one row per source, one lane per seat (dots never hide each other) ----------
    ex, ey, ec, eh, ew = [], [], [], [], []
    tmax = max(components.track_max)
    y_top = -2.7
    notes.append(dict(x=-2.0, y=y_top + 0.05, xanchor="left", showarrow=False, font=dict(size=12),
                      text="<b>" + term("co2", "term", "expertise") + "</b>"))
    for src in range(5):
        y = y_top - 0.55 - src * 0.8
        shapes.append(dict(type="rect", x0=0.0, x1=tmax * 1.05 + 0.9, y0=y - 0.35, y1=y + 0.35,
                           fillcolor=_rgba(SOURCE_COLOURS[src], 0.15), line=dict(width=0), layer="below"))
        # left of the track: about 2 units of the board; a longer name (Polish "Energia słoneczna") on two lines
        notes.append(dict(x=-0.2, y=y, xanchor="right", showarrow=False, font=dict(size=MIN_TEXT),
                          text=wrap_words(_source(src), 80, MIN_TEXT)))
        for p in range(n):
            v = s.expertise[p * 5 + src]
            lane = p - (n - 1) / 2  # one diagonal lane per seat: equal values stay side by side
            ex.append(v * 1.05 + 0.45 + lane * 0.1)
            ey.append(y - lane * 0.13)
            ec.append(SEAT_COLOURS[p])
            ew.append(f"track.{SOURCES[src]}")
            eh.append(pgettext("co2", "{seat}: {source} expertise {level}").format(seat=_seat(p), source=_source(src),
                                                                                  level=v))
    fig.add_trace(_scatter("co2-expertise", ex, ey, [""] * len(ex), ec, symbol="circle", size=8, hover=eh,
                           custom=ew, line_colours="#111"))
    for v in range(tmax + 1):
        notes.append(dict(x=v * 1.05 + 0.45, y=y_top - 0.55 - 4 * 0.8 - 0.55, showarrow=False,
                          font=dict(size=MIN_TEXT, color="#555"), text=str(v)))

    # ---- players table (annotations: the trace list stays fixed) ---------------------------------------
    cols = [(name, x + tx, al) for name, x, al in (
        ("player", 12.6, "left"), ("VP", 16.0, "center"), ("coins", 17.0, "center"), ("res.", 18.0, "center"),
        ("CEP", 18.9, "center"), ("scient.", 19.9, "center"), ("UN", 20.8, "center"), ("lobby cards", 21.4, "left"),
        ("company goal", 23.6, "left"))]
    heading = {"player": pgettext("co2", "player"), "VP": pgettext("co2", "VP"), "coins": pgettext("co2", "coins"),
               "res.": pgettext("co2", "res."), "CEP": term("co2", "term", "cep"), "scient.": pgettext("co2", "scient."),
               "UN": pgettext("co2", "UN"), "lobby cards": pgettext("co2", "lobby cards"),
               "company goal": pgettext("co2", "company goal")}
    meaning = {"VP": pgettext("co2", "victory points; they may be negative (CO2-0.7): VP paid for coins in the Supply "
                                     "phase (CO2-4.3.6) or lost in a catastrophe (CO2-4.4.2)"),
               "res.": pgettext("co2", "technology resources in hand"),
               "CEP": pgettext("co2", "CEP (carbon emission permits) in hand"),
               "scient.": pgettext("co2", "scientists: on the board + in hand (e.g. 0+1: none placed, one in hand)"),
               "UN": pgettext("co2", "UN goals won"), "coins": pgettext("co2", "coins in hand")}
    ty = -2.65 + tdy
    for name, x, al in cols:
        notes.append(dict(x=x, y=ty, xanchor=al, showarrow=False, font=dict(size=MIN_TEXT), text=f"<b>{heading[name]}</b>",
                          hovertext=meaning.get(name)))
    shapes.append(dict(type="line", x0=12.5 + tx, x1=27.6 + tx, y0=ty - 0.3, y1=ty - 0.3, line=dict(color="#999", width=1)))
    for p in range(n):
        y = ty - 0.7 - p * 0.6
        if seat is None or seat == p:
            lobby = ", ".join(map(str, s.lobby[p])) or "-"
            if s.goal_status[p] == 0:
                kind = components.goals[s.goal[p]][0] if s.goal[p] in components.goals else ""
                goal = (pgettext("co2", "goal {number}: {kind}").format(number=s.goal[p], kind=_goal(kind)) if kind else
                        pgettext("co2", "goal {number}").format(number=s.goal[p]))
            else:
                goal = _goal_state(s.goal_status[p])
        else:
            cards = len(s.lobby[p])
            lobby = npgettext("co2", "{count} card", "{count} cards", cards).format(count=cards)
            goal = pgettext("co2", "(secret)") if s.goal_status[p] == 0 else _goal_state(s.goal_status[p])
        act = " ◀" if s.current_player == p else ""
        hand = sum(1 for i in range(4 * p, 4 * p + 4) if s.scientists[i] == -1)
        placed = sum(1 for i in range(4 * p, 4 * p + 4) if s.scientists[i] >= 0)
        row = [f"<span style='color:{SEAT_COLOURS[p]}'>■</span> {_seat(p)} ({p}){act}", str(s.vp[p]),
               format_money(s.coins[p]), str(s.resources[p]), str(s.cep[p]), f"{placed}+{hand}", str(len(s.un_won[p])), lobby, goal]
        if p % 2 == 1:
            shapes.append(dict(type="rect", x0=12.5 + tx, x1=27.6 + tx, y0=y - 0.3, y1=y + 0.3, fillcolor="#f3f3f3",
                               line=dict(width=0), layer="below"))
        hover = {"VP": (pgettext("co2", "{seat}: {vp} VP (below zero: CO2-0.7)") if s.vp[p] < 0 else
                        pgettext("co2", "{seat}: {vp} VP")).format(seat=_seat(p), vp=s.vp[p]),
                 "scient.": npgettext("co2", "{seat}: {count} scientist on the board, {hand} in hand",
                                      "{seat}: {count} scientists on the board, {hand} in hand", placed).format(
                                          seat=_seat(p), count=placed, hand=hand)}
        for (name, x, al), val in zip(cols, row):
            negative = name == "VP" and s.vp[p] < 0
            notes.append(dict(x=x, y=y, xanchor=al, showarrow=False, text=val, hovertext=hover.get(name),
                              font=dict(size=MIN_TEXT, color="#c0392b") if negative else dict(size=MIN_TEXT)))
    below = ty - 0.7 - (n - 1) * 0.6 - 0.35  # under the last row
    notes.append(dict(x=12.6 + tx, y=below, xanchor="left", yanchor="top", align="left", showarrow=False,
                      font=dict(size=MIN_TEXT, color="#555"),
                      text=pgettext("co2", "scient. 2+1 = 2 scientists on the board + 1 in hand · UN = UN goals won<br>"
                                           "VP below zero (red) are allowed (CO2-0.7)")))

    # ---- key -------------------------------------------------------------------------------------------
    key = " ".join(f"<span style='color:{SOURCE_COLOURS[x]}'>■</span> {SOURCE_ABBR[x]} {_source(x)} "
                   for x in range(5))
    fossil = " ".join(f"<span style='color:{FOSSIL_COLOURS[f]}'>■</span> {FOSSILS[f][0].upper()} "
                      f"{term('co2', 'fossil', FOSSILS[f])} " for f in range(3))
    notes.append(dict(x=12.6 + tx, y=below - 0.95, xanchor="left", yanchor="top", align="left", showarrow=False,
                      font=dict(size=MIN_TEXT), text=pgettext(
                          "co2", "green: {green}<br>fossil: {fossil} · □ demand space (power plant) · ◆ project space<br>"
                          "● owner / scientist in seat colour · ◆ pale = proposed project, solid = installed<br>"
                          "CEP 4/5 in a region: 4 permits in its pile, at most 5 (one per demand space, "
                          "CO2-6.3.7)").format(green=key, fossil=fossil)))
    ev = s.events[:2] if len(s.events) >= 2 else s.events
    evtxt = pgettext("co2", " / then ").join(term("co2", "region", components.regions[components.events[e]])
                                             for e in ev) or pgettext("co2", "none")
    if s.over:
        status = pgettext("co2", "game over — the planet is lost") if s.lost else pgettext("co2", "game over")
    else:
        cp = s.current_player
        status = pgettext("co2", "{seat} (seat {number}) to act").format(seat=_seat(cp), number=cp)
    title = (pgettext("co2", "CO2 — decade {decade}, round {round}").format(decade=s.decade, round=s.round)
             + f" · {status}<br><span style='font-size:12px;color:#555'>"
             + pgettext("co2", "{ppm} ppm · CEP price {price} · next event: {event} · UN goals on display {count}").format(
                 ppm=s.ppm, price=format_money(s.price), event=evtxt, count=len(s.un_display)) + "</span>")
    notes = [{k: v for k, v in note.items() if v is not None} for note in notes]  # no empty hover texts
    fig.update_layout(title=dict(text=title, x=0.01, xanchor="left", y=0.985, yanchor="top", font=dict(size=16)),
                      shapes=shapes, annotations=notes, hoverlabel=dict(align="left"),
                      xaxis=dict(visible=False, range=[-2.3, 13.0] if narrow else [-2.3, 27.7], fixedrange=False),
                      yaxis=dict(visible=False, range=[below - 3.4, 18.4] if narrow else [-8.9, 12.4]),
                      height=int(80 + (21.8 - below) * 35.7) if narrow else HEIGHT,
                      width=NARROW_WIDTH if narrow else WIDTH, margin=dict(l=10, r=10, t=70, b=10), plot_bgcolor="white")
    return fig


# ---- the Inspect tab: tables in the rulebook's names, and what the progress chart follows -----------------
PROGRESS = {"seats": N_("VP"), "global": N_("CO₂ (ppm)")}  # what the Inspect tab charts over the game (labels)


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
        if s.goal_status[p] == 0:
            kind = components.goals[s.goal[p]][0] if mine and s.goal[p] in components.goals else ""
            goal = _goal(kind) if mine else pgettext("co2", "secret")
        else:
            goal = _goal_state(s.goal_status[p])
        none = pgettext("co2", "none")
        cards = len(s.lobby[p])
        lobby = (", ".join(map(str, s.lobby[p])) or none if mine else
                 npgettext("co2", "{count} card", "{count} cards", cards).format(count=cards))
        expertise = ", ".join(f"{_source(x)} {s.expertise[p * 5 + x]}" for x in range(5) if s.expertise[p * 5 + x]) or none
        name = pgettext("co2", "{seat} (seat {number})").format(seat=_seat(p), number=p)
        rows[name + (" ◀ " + pgettext("co2", "to act") if s.current_player == p and not s.over else "")] = {
            pgettext("co2", "VP"): s.vp[p], pgettext("co2", "coins"): s.coins[p],
            pgettext("co2", "technology resources"): s.resources[p], pgettext("co2", "CEP in hand"): s.cep[p],
            pgettext("co2", "scientists in hand"): sum(1 for i in range(4 * p, 4 * p + 4) if s.scientists[i] == -1),
            term("co2", "term", "expertise"): expertise, pgettext("co2", "UN goals won"): len(s.un_won[p]),
            pgettext("co2", "lobby cards"): lobby, pgettext("co2", "company goal"): goal}
    players = pd.DataFrame.from_dict(rows, orient="index")
    regions = pd.DataFrame({
        term("co2", "term", "cep"): [f"{s.region_cep[r]}/{components.spaces[r]}" for r in range(len(components.regions))],
        pgettext("co2", "resources"): list(s.region_resources),
        pgettext("co2", "controlled by"): [_seat(c) if c >= 0 else pgettext("co2", "nobody") for c in s.controller],
        pgettext("co2", "agenda"): [" › ".join(_source(x) for x in components.agendas[s.agenda[r]])
                                    for r in range(len(components.regions))],
    }, index=[term("co2", "region", r) for r in components.regions])
    return players, regions
