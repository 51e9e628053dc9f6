"""Chicago Express board view: a Plotly hex map with tables of companies, players, meters and industry.

The map names its cities as the data file does (Chicago, Detroit, Wheeling, New York; long names shortened),
marks each start hex with its company (CE-2.2), and draws pieces in map units, so trains, houses and
labels keep their place inside a hex at any size; the tables sit under the map. The figure has a
fixed size: a narrow notebook shows it scaled as a picture, never squeezed.

Every hex's centre point (trace ``ce-values``) carries its hex id in ``customdata``, the ids used by
``Action.where``, so ``ccg.ui`` can map a click to the candidate actions."""
from __future__ import annotations

import math

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ccg.core.glossary import term
from ccg.games.chicago_express.board import BOARD, COMPANIES, INDUSTRIES, TERRAINS
from ccg.games.chicago_express.board import BOARD as B
from ccg.games.chicago_express.phases import BUILD, OVER, PHASE_NAMES
from ccg.games.chicago_express.state import CEState
from ccg.i18n import N_, format_money, gettext, pgettext
from ccg.plot.text import text_width, wrap_parts, wrap_words

COMPANY_COLOURS = ("#d62728", "#1f4fd6", "#2ca02c", "#f2c500", "#111111")  # PRR red, B&O blue, NYC green, C&O yellow, Wabash black
_TEXT_COLOURS = ("#b01a1a", "#1f4fd6", "#1d7a1d", "#8a6d00", "#111111")  # the same, dark enough for text
TERRAIN_COLOURS = {
    "plain": "#efe9cf", "forest": "#7fa66a", "mountain": "#a8927b", "city": "#f6d98b",
    "industrial": "#b9b9d6", "start": "#e3aaaa", "chicago": "#cfa6e3",
}
R = 1.0  # hex radius (centre to corner)
_SQ3 = math.sqrt(3.0)


def hex_centre(hex_id: str) -> tuple[float, float]:
    """Flat-topped layout: column A.. → x, row → y downward; odd columns (B, D, …) half a hex lower."""
    col = ord(hex_id[0]) - ord("A")
    row = int(hex_id[1:])
    return col * 1.5 * R, -(row * _SQ3 * R + (col % 2) * _SQ3 / 2 * R)


_CENTRES = [hex_centre(h) for h in BOARD.ids]
_CORNERS = [(math.cos(math.pi / 3 * k) * R * 0.97, math.sin(math.pi / 3 * k) * R * 0.97) for k in range(7)]
# Pieces are drawn in data units (not pixel markers) so they keep their place inside a hex at any zoom.
# Each company's train has its own slot in one row across the top of the hex, clear of the value label
# (centre), the city name and the hex id (bottom); a house sits bottom right.
_SLOTS = [(-0.6 + 0.3 * c, 0.5) for c in range(5)]
_TRAIN = [(-0.135, -0.135), (0.135, -0.135), (0.135, 0.135), (-0.135, 0.135), (-0.135, -0.135)]
_HOUSE_AT = (0.5, -0.45)
_HOUSE = [(-0.15, -0.14), (0.15, -0.14), (0.15, 0.05), (0.0, 0.2), (-0.15, 0.05), (-0.15, -0.14)]
WIDTH, HEIGHT = 1060, 1130
NAME_DROP = 0.28  # a city name sits this far below its hex's centre (the values above it, the hex id below)


MIN_TEXT = 10  # px: no text smaller (the board is drawn at its own size on a 1920 px screen)
# a city name wider than its hex at MIN_TEXT (more than eight letters) is shortened on the map; the hover and
# the legend of start hexes give it whole
SHORT_NAMES = {"Philadelphia": "Phila.", "Pittsburgh": "Pittsb.", "Washington": "Wash.", "Baltimore": "Balt.",
               "Fort Wayne": "Ft Wayne"}


def board_name(name: str, narrow: bool = False) -> str:
    """A city's name as the map shows it inside its hex (at MIN_TEXT px, eight letters fit; five in the narrow
    layout, where a longer name is cut to four letters and a dot — the hover gives it whole)."""
    if narrow:
        return name if len(name) <= 5 else name[:4].rstrip() + "."
    return SHORT_NAMES.get(name, name)


# the narrow layout (drawn where the board would be scaled below MIN_TEXT beside the panel): the map turned a
# quarter clockwise (west at the top, north on the right; pointy-topped hexes, pieces and texts upright) at about
# two thirds of its px per unit (hex values without spaces, city names of five letters), the four tables under it,
# the title's key in lines
NARROW_WIDTH = 460
_NARROW_CENTRES = [(y, -x) for x, y in _CENTRES]
_NARROW_CORNERS = [(y, -x) for x, y in _CORNERS]
_NARROW_TEXT = (0.2, -0.3, -0.74)  # the values, the city name and the hex id above / below a hex's centre


def _shapes(points: list[tuple[float, float]], shape: list[tuple[float, float]]) -> tuple[list, list]:
    """Polygon coordinates of ``shape`` at each point, separated by None (one trace draws them all)."""
    xs: list = []
    ys: list = []
    for x, y in points:
        xs += [x + dx for dx, _ in shape] + [None]
        ys += [y + dy for _, dy in shape] + [None]
    return xs, ys


def _terrain_traces(centres: list[tuple[float, float]], corners: list[tuple[float, float]]) -> list:
    traces = []
    for t, name in enumerate(TERRAINS):
        xs, ys = [], []
        for i in range(len(BOARD.ids)):
            if BOARD.terrain[i] != t:
                continue
            cx, cy = centres[i]
            xs += [cx + dx for dx, _ in corners] + [None]
            ys += [cy + dy for _, dy in corners] + [None]
        traces.append(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", fillcolor=TERRAIN_COLOURS[name],
                                 line=dict(color="#777", width=0.6), name=name, hoverinfo="skip",
                                 uid=f"ce-terrain-{name}", showlegend=True))
    return traces


# the key to the numbers on the hexes (CE-1.9, CE-6.10, CE-7.1, CE-7.2); hover a hex for its own values
HEX_KEY = N_("hex key: <b>−3</b> build cost ($ from the treasury, CE-6.10) · <b>+2</b> income the company gains "
             "there (CE-7.1) · <b>⌂1</b> more income once a house is built (CE-7.2) · hover a hex for details")


def _terrain(t: str) -> str:
    return term("chicago_express", "terrain", t)


def _city(name: str) -> str:
    """A city of the map in the current language (the data file's name if the catalogs do not name it)."""
    try:
        return term("chicago_express", "city", name)
    except ValueError:
        return name


def _now(s) -> str:
    """Who does what now, for the title (the engine's ``str(state)`` stays English)."""
    if s.phase == OVER:
        won = ", ".join(pgettext("chicago_express", "seat {seat}").format(seat=w) for w in s.winners())
        return pgettext("chicago_express", "game over; winner: {who}").format(who=won)
    if s.phase == BUILD:
        return pgettext("chicago_express", "seat {seat} builds track for {company} ({count} placed)").format(
            seat=s.mover, company=COMPANIES[s.build_company], count=s.build_placed)
    if PHASE_NAMES[s.phase] == "choose":
        return pgettext("chicago_express", "seat {seat} to choose an action").format(seat=s.mover)
    return pgettext("chicago_express", "{company} share auction: seat {seat} to bid").format(
        company=COMPANIES[s.auction_company], seat=s.auction_turn)


def _hex_label(s, i: int) -> str:
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


def _start_company(i: int) -> int | None:
    """The company whose start hex ``i`` is (CE-2.2; Wabash's is Fort Wayne, CE-8.6), else None."""
    return BOARD.start.index(i) if i in BOARD.start else None


def _hover(s, i: int) -> str:
    t = TERRAINS[BOARD.terrain[i]]
    label = BOARD.hex_label(i)
    if BOARD.names[i]:
        label = label.replace(BOARD.names[i], _city(BOARD.names[i]))
    lines = [f"<b>{label}</b> · {_terrain(t)}",
             pgettext("chicago_express", "build cost {cost} × trains").format(cost=BOARD.cost[i])]
    c = _start_company(i)
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


def board(state, seat: int | None = None, height: int = HEIGHT, width: int = WIDTH) -> go.Figure:
    """The position as a Plotly figure (deterministic trace uids, so notebooks reproduce).

    ``seat`` marks that player with ★ in the players table; ◀ marks the seat to move. Below 900 px ``width``
    the narrow layout (NARROW_WIDTH wide, the tables under the map), with the same traces in the same order."""
    if not isinstance(state, CEState):
        raise ValueError(f"board() needs a Chicago Express state, got {type(state).__name__}")
    s = state
    narrow = width < 900
    if narrow:
        width = NARROW_WIDTH
        shown = 5 if s.wabash_in else 4
        per_unit = (width - 10) / (max(x for x, _ in _NARROW_CENTRES) - min(x for x, _ in _NARROW_CENTRES) + 1.8)
        parts = [(max(y for _, y in _NARROW_CENTRES) - min(y for _, y in _NARROW_CENTRES) + 2.1) * per_unit,
                 60 + 26 * shown, 60 + 26 * s.num_players, 60 + 26 * 3, 60 + 26 * len(INDUSTRIES)]
        top = 290
        height = int(top + sum(parts) + 40)
        fig = make_subplots(rows=5, cols=1, row_heights=[p / sum(parts) for p in parts],
                            specs=[[{"type": "xy"}]] + [[{"type": "table"}]] * 4, vertical_spacing=0.008)
        places = [(2, 1), (3, 1), (4, 1), (5, 1)]
    else:
        top = 112
        fig = make_subplots(
            rows=3, cols=2, row_heights=[0.67, 0.19, 0.14], column_widths=[0.56, 0.44],
            specs=[[{"type": "xy", "colspan": 2}, None], [{"type": "table"}, {"type": "table"}],
                   [{"type": "table"}, {"type": "table"}]],
            horizontal_spacing=0.03, vertical_spacing=0.025,
        )
        places = [(2, 1), (2, 2), (3, 1), (3, 2)]
    centres, corners = (_NARROW_CENTRES, _NARROW_CORNERS) if narrow else (_CENTRES, _CORNERS)
    up, down, low = _NARROW_TEXT if narrow else (0.12, -NAME_DROP, -0.68)
    for tr in _terrain_traces(centres, corners):
        fig.add_trace(tr, row=1, col=1)
    # labels and hover
    xs = [c[0] for c in centres]
    ys = [c[1] for c in centres]
    fig.add_trace(go.Scatter(x=xs, y=[y + up for y in ys], mode="text", text=[_hex_label(s, i).replace(" ", "") if narrow else _hex_label(s, i)
                                                                   for i in range(len(xs))],
                             textfont=dict(size=10, color="#3a0a0a"), hovertext=[_hover(s, i) for i in range(len(xs))],
                             hoverinfo="text", customdata=list(BOARD.ids),  # hex ids = Action.where, for ccg.ui clicks
                             name="values", uid="ce-values", showlegend=False), row=1, col=1)  # i18n: not prose
    fig.add_trace(go.Scatter(x=xs, y=[y + low for y in ys], mode="text", text=list(BOARD.ids),
                             textfont=dict(size=MIN_TEXT, color="#555"), hoverinfo="skip", name="ids", uid="ce-ids",  # i18n: not prose
                             showlegend=False), row=1, col=1)
    # city names as the data file gives them; an eastern start hex (no values of its own) shows its company
    # in the centre, in the company's colour (CE-2.2); every start hex is outlined in that colour
    named = [i for i in range(len(xs)) if BOARD.names[i]]
    fig.add_trace(go.Scatter(x=[xs[i] for i in named], y=[ys[i] + down for i in named], mode="text",
                             text=[board_name(_city(BOARD.names[i]), narrow) for i in named],
                             textfont=dict(size=MIN_TEXT, color="#111"),
                             hoverinfo="skip", name="cities", uid="ce-names", showlegend=False), row=1, col=1)  # i18n: not prose
    eastern = [c for c in range(5) if not _hex_label(s, BOARD.start[c])]
    fig.add_trace(go.Scatter(x=[xs[BOARD.start[c]] for c in eastern], y=[ys[BOARD.start[c]] + up for c in eastern],
                             mode="text", text=[f"<b>{COMPANIES[c]}</b>" for c in eastern],
                             textfont=dict(size=12, color=[_TEXT_COLOURS[c] for c in eastern]), hoverinfo="skip",
                             name="start companies", uid="ce-start-names", showlegend=False), row=1, col=1)  # i18n: not prose
    for c in range(5):
        cx, cy = centres[BOARD.start[c]]
        where = _city(BOARD.names[BOARD.start[c]]) if BOARD.names[BOARD.start[c]] else BOARD.ids[BOARD.start[c]]
        fig.add_trace(go.Scatter(x=[cx + dx * 0.93 for dx, _ in corners], y=[cy + dy * 0.93 for _, dy in corners],
                                 mode="lines", line=dict(color=COMPANY_COLOURS[c], width=3.5), hoverinfo="skip",
                                 name=pgettext("chicago_express", "{company} start ({where})").format(
                                     company=COMPANIES[c], where=where), uid=f"ce-start-{c}"), row=1, col=1)
    # houses
    at = [(xs[i] + _HOUSE_AT[0], ys[i] + _HOUSE_AT[1]) for i in range(len(xs)) if s.house_mask >> i & 1]
    hx, hy = _shapes(at, _HOUSE)
    # white house with a dark outline: visible on every terrain colour, unlike the trains' company colours
    fig.add_trace(go.Scatter(x=hx, y=hy, mode="lines", fill="toself", fillcolor="white",
                             line=dict(color="#222", width=1.2), name=pgettext("chicago_express", "houses ({count} in supply)").format(count=s.house_supply),
                             uid="ce-houses", hoverinfo="skip"), row=1, col=1)
    # trains per company
    for c in range(5):
        at = []
        dx, dy = _SLOTS[c]
        m = s.network[c]
        while m:
            low = m & -m
            i = low.bit_length() - 1
            m ^= low
            at.append((xs[i] + dx, ys[i] + dy))
        tx, ty = _shapes(at, _TRAIN)
        # dark outline so yellow C&O trains stay visible on the yellow cities
        fig.add_trace(go.Scatter(x=tx, y=ty, mode="lines", fill="toself", fillcolor=COMPANY_COLOURS[c],
                                 line=dict(color="#222", width=1),
                                 name=pgettext("chicago_express", "{company} trains ({count} on the map)").format(
                                     company=COMPANIES[c], count=len(at)), uid=f"ce-trains-{c}",
                                 hoverinfo="skip"), row=1, col=1)
    fig.update_xaxes(visible=False, row=1, col=1)
    fig.update_yaxes(visible=False, scaleanchor="x", scaleratio=1, row=1, col=1)
    _tables(fig, s, seat, places)
    head = pgettext("chicago_express", "{players} players · move {ply} · dividend phases held {count}").format(
        players=s.num_players, ply=s.ply, count=s.dividend_phases)
    key = gettext(HEX_KEY).replace(" · ", "<br>") if narrow else wrap_parts(gettext(HEX_KEY), width - 20, 12)
    now = _now(s)
    one_line = not narrow and text_width(f"{now}  ·  {head}", 14) <= width - 20
    if not one_line:  # a longer translation (Polish): who does what on lines of its own, the margin grows
        now = wrap_words(now, width - 20, 14)
        if not narrow:
            top += 18 * (now.count("<br>") + 1)
    if not narrow:
        top += 16 * key.count("<br>")  # a key of several lines (a longer translation)
    title = (f"{now}{'  ·  ' if one_line else '<br>'}{head}<br><span style='font-size:12px;color:#333'>"
             f"{key}</span>")
    # the key sits between the title and the map (in the top margin), clear of hexes and tables
    fig.update_layout(width=width, height=height, margin=dict(l=5, r=5, t=top, b=5),
                      title=dict(text=title, x=0.01, y=0.99, yanchor="top", font=dict(size=14)),
                      plot_bgcolor="white", legend=dict(orientation="h", x=0.0, y=1.0, yanchor="bottom",
                                                        font=dict(size=10), traceorder="normal", itemsizing="constant"),
                      uirevision="ce-board")
    return fig


def _tables(fig: go.Figure, s, seat: int | None, places: list[tuple[int, int]]) -> None:
    """The companies, players, action meters and industry tables, at ``places`` (row, col) in that order."""
    shown = range(5) if s.wabash_in else range(4)
    header = dict(font=dict(size=11), fill_color="#dde3ee", height=30, align="center")
    cell = dict(font=dict(size=11), height=24, align="center")
    comp = [
        [COMPANIES[c] for c in shown],
        [s.treasury[c] for c in shown],
        [s.income[c] for c in shown],
        [f"{B.shares[c] - s.shares_left[c]}/{B.shares[c]}" for c in shown],
        [s.trains_left[c] for c in shown],
        [s.dividend_per_share(c) for c in shown],
    ]
    fig.add_trace(go.Table(
        header=dict(values=[term("chicago_express", "term", "company"), term("chicago_express", "term", "treasury"),
                            term("chicago_express", "term", "income"), pgettext("chicago_express", "shares sold"),
                            pgettext("chicago_express", "trains left"), pgettext("chicago_express", "dividend / share")],
                    **header),
        columnwidth=[1.2, 1.1, 1, 1.2, 1.1, 1.4],
        cells=dict(values=comp, fill_color=[[_light(COMPANY_COLOURS[c]) for c in shown]] * len(comp), **cell),
        uid="ce-table-companies"), row=places[0][0], col=places[0][1])
    n = s.num_players
    names = [pgettext("chicago_express", "seat {seat}").format(seat=p) + (" ★" if p == seat else "")
             + (" ◀" if p == s.current_player else "") for p in range(n)]
    cols = [names, [format_money(s.cash[p]) for p in range(n)]]
    cols += [s.holdings(c) for c in shown]
    shares = [pgettext("chicago_express", "{company} shares").format(company=COMPANIES[c]) for c in shown]
    fig.add_trace(go.Table(header=dict(values=[pgettext("chicago_express", "player"),
                                               term("chicago_express", "term", "cash")] + shares, **header),
                           cells=dict(values=cols, **cell), columnwidth=[1.3, 1] + [1.1] * (len(cols) - 2),
                           uid="ce-table-players"), row=places[1][0], col=places[1][1])
    meters = [term("chicago_express", "action", m) for m in ("auction", "build", "development")]
    red = [s.meters[k] >= s.meter_lengths[k] for k in range(3)]
    fill = ["#f4b6b6" if r else "#eef1f7" for r in red]  # a meter in the red area is shaded (CE-4.2)
    fig.add_trace(go.Table(
        header=dict(values=[term("chicago_express", "term", "action_meter"), pgettext("chicago_express", "used"),
                            pgettext("chicago_express", "length"), pgettext("chicago_express", "state")], **header),
        cells=dict(values=[meters, s.meters, list(s.meter_lengths),
                           [pgettext("chicago_express", "red") if r else pgettext("chicago_express", "open") for r in red]],
                   fill_color=[fill] * 4, **cell),
        uid="ce-table-meters"), row=places[2][0], col=places[2][1])
    fig.add_trace(go.Table(
        header=dict(values=[pgettext("chicago_express", "industry"), pgettext("chicago_express", "value"),
                            pgettext("chicago_express", "max"), pgettext("chicago_express", "step")], **header),
        cells=dict(values=[[_city(k.title()) for k in INDUSTRIES], s.industry, list(s.industry_max), list(s.industry_step)],
                   **cell),
        uid="ce-table-industry"), row=places[3][0], col=places[3][1])


def _light(colour: str) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},0.25)"


# ---- the Inspect tab: tables in the rulebook's names, and what the progress chart follows -----------------
PROGRESS = {"seats": N_("money ($)")}  # what the Inspect tab charts over the game (labels)


def progress(state, seat: int | None = None) -> dict:
    """The charted numbers of a position (every player's money is open); cheap, no serialisation."""
    return {"seats": list(state.cash)}


def tables(state, seat: int | None = None):
    """(players, companies) for the Table's Inspect tab, in the rulebook's names (every number here is open)."""
    import pandas as pd  # the Inspect tab's tables only: pandas is not needed to draw

    s = state
    shown = range(5) if s.wabash_in else range(4)
    rows = {}
    for p in range(s.num_players):
        row = {term("chicago_express", "term", "cash"): format_money(s.cash[p])}
        row.update({pgettext("chicago_express", "{company} shares").format(company=COMPANIES[c]): s.shares_held(p, c)
                    for c in shown})
        act = " ◀ " + pgettext("chicago_express", "to act") if s.current_player == p and not s.is_terminal() else ""
        rows[pgettext("chicago_express", "seat {seat}").format(seat=p) + act] = row
    companies = pd.DataFrame({
        term("chicago_express", "term", "treasury"): [format_money(s.treasury[c]) for c in shown],
        term("chicago_express", "term", "income"): [format_money(s.income[c]) for c in shown],
        pgettext("chicago_express", "shares sold"): [
            pgettext("chicago_express", "{sold} of {total}").format(sold=B.shares[c] - s.shares_left[c], total=B.shares[c])
            for c in shown],
        pgettext("chicago_express", "trains left"): [s.trains_left[c] for c in shown],
        pgettext("chicago_express", "dividend per share"): [format_money(s.dividend_per_share(c)) for c in shown],
    }, index=[COMPANIES[c] for c in shown])
    return pd.DataFrame.from_dict(rows, orient="index"), companies
