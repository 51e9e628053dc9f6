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

from ccg.games.chicago_express.board import BOARD, COMPANIES, INDUSTRIES, TERRAINS
from ccg.games.chicago_express.board import BOARD as B
from ccg.games.chicago_express.state import CEState

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


def board_name(name: str) -> str:
    """A city's name as the map shows it inside its hex (at MIN_TEXT px, eight letters fit)."""
    return SHORT_NAMES.get(name, name)


def _shapes(points: list[tuple[float, float]], shape: list[tuple[float, float]]) -> tuple[list, list]:
    """Polygon coordinates of ``shape`` at each point, separated by None (one trace draws them all)."""
    xs: list = []
    ys: list = []
    for x, y in points:
        xs += [x + dx for dx, _ in shape] + [None]
        ys += [y + dy for _, dy in shape] + [None]
    return xs, ys


def _terrain_traces() -> list:
    traces = []
    for t, name in enumerate(TERRAINS):
        xs, ys = [], []
        for i in range(len(BOARD.ids)):
            if BOARD.terrain[i] != t:
                continue
            cx, cy = _CENTRES[i]
            xs += [cx + dx for dx, _ in _CORNERS] + [None]
            ys += [cy + dy for _, dy in _CORNERS] + [None]
        traces.append(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", fillcolor=TERRAIN_COLOURS[name],
                                 line=dict(color="#777", width=0.6), name=name, hoverinfo="skip",
                                 uid=f"ce-terrain-{name}", showlegend=True))
    return traces


# the key to the numbers on the hexes (CE-1.9, CE-6.10, CE-7.1, CE-7.2); hover a hex for its own values
HEX_KEY = ("hex key: <b>−3</b> build cost ($ from the treasury, CE-6.10) · <b>+2</b> income the company gains "
           "there (CE-7.1) · <b>⌂1</b> more income once a house is built (CE-7.2) · hover a hex for details")


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
    lines = [f"<b>{BOARD.hex_label(i)}</b> · {t}", f"build cost {BOARD.cost[i]} × trains"]
    c = _start_company(i)
    if c is not None:
        lines.append(f"start hex of {COMPANIES[c]}" + (" (CE-2.2)" if c < 4 else " (it enters here, CE-8.6)"))
    if t in ("city", "mountain"):
        lines.append(f"income +{BOARD.black[i]}, house +{BOARD.house[i]}")
    if t == "industrial":
        lines.append(f"industry value {s.industry[BOARD.industry_of[i]]}")
    if s.house_mask >> i & 1:
        lines.append("developed (house)")
    here = [COMPANIES[c] for c in range(5) if s.occ[i] >> c & 1]
    if here:
        lines.append("trains: " + ", ".join(here))
    return "<br>".join(lines)


def board(state, seat: int | None = None, height: int = HEIGHT) -> go.Figure:
    """The position as a Plotly figure (deterministic trace uids, so notebooks reproduce).

    ``seat`` marks that player with ★ in the players table; ◀ marks the seat to move."""
    if not isinstance(state, CEState):
        raise ValueError(f"board() needs a Chicago Express state, got {type(state).__name__}")
    s = state
    fig = make_subplots(
        rows=3, cols=2, row_heights=[0.67, 0.19, 0.14], column_widths=[0.56, 0.44],
        specs=[[{"type": "xy", "colspan": 2}, None], [{"type": "table"}, {"type": "table"}],
               [{"type": "table"}, {"type": "table"}]],
        horizontal_spacing=0.03, vertical_spacing=0.025,
    )
    for tr in _terrain_traces():
        fig.add_trace(tr, row=1, col=1)
    # labels and hover
    xs = [c[0] for c in _CENTRES]
    ys = [c[1] for c in _CENTRES]
    fig.add_trace(go.Scatter(x=xs, y=[y + 0.12 for y in ys], mode="text", text=[_hex_label(s, i) for i in range(len(xs))],
                             textfont=dict(size=10, color="#3a0a0a"), hovertext=[_hover(s, i) for i in range(len(xs))],
                             hoverinfo="text", customdata=list(BOARD.ids),  # hex ids = Action.where, for ccg.ui clicks
                             name="values", uid="ce-values", showlegend=False), row=1, col=1)
    fig.add_trace(go.Scatter(x=xs, y=[y - 0.68 for y in ys], mode="text", text=list(BOARD.ids),
                             textfont=dict(size=MIN_TEXT, color="#555"), hoverinfo="skip", name="ids", uid="ce-ids",
                             showlegend=False), row=1, col=1)
    # city names as the data file gives them; an eastern start hex (no values of its own) shows its company
    # in the centre, in the company's colour (CE-2.2); every start hex is outlined in that colour
    named = [i for i in range(len(xs)) if BOARD.names[i]]
    fig.add_trace(go.Scatter(x=[xs[i] for i in named], y=[ys[i] - NAME_DROP for i in named], mode="text",
                             text=[board_name(BOARD.names[i]) for i in named],
                             textfont=dict(size=MIN_TEXT, color="#111"),
                             hoverinfo="skip", name="cities", uid="ce-names", showlegend=False), row=1, col=1)
    eastern = [c for c in range(5) if not _hex_label(s, BOARD.start[c])]
    fig.add_trace(go.Scatter(x=[xs[BOARD.start[c]] for c in eastern], y=[ys[BOARD.start[c]] + 0.12 for c in eastern],
                             mode="text", text=[f"<b>{COMPANIES[c]}</b>" for c in eastern],
                             textfont=dict(size=12, color=[_TEXT_COLOURS[c] for c in eastern]), hoverinfo="skip",
                             name="start companies", uid="ce-start-names", showlegend=False), row=1, col=1)
    for c in range(5):
        cx, cy = _CENTRES[BOARD.start[c]]
        where = BOARD.names[BOARD.start[c]] or BOARD.ids[BOARD.start[c]]
        fig.add_trace(go.Scatter(x=[cx + dx * 0.93 for dx, _ in _CORNERS], y=[cy + dy * 0.93 for _, dy in _CORNERS],
                                 mode="lines", line=dict(color=COMPANY_COLOURS[c], width=3.5), hoverinfo="skip",
                                 name=f"{COMPANIES[c]} start ({where})", uid=f"ce-start-{c}"), row=1, col=1)
    # houses
    at = [(xs[i] + _HOUSE_AT[0], ys[i] + _HOUSE_AT[1]) for i in range(len(xs)) if s.house_mask >> i & 1]
    hx, hy = _shapes(at, _HOUSE)
    # white house with a dark outline: visible on every terrain colour, unlike the trains' company colours
    fig.add_trace(go.Scatter(x=hx, y=hy, mode="lines", fill="toself", fillcolor="white",
                             line=dict(color="#222", width=1.2), name=f"houses ({s.supply} in supply)",
                             uid="ce-houses", hoverinfo="skip"), row=1, col=1)
    # trains per company
    for c in range(5):
        at = []
        dx, dy = _SLOTS[c]
        m = s.net[c]
        while m:
            low = m & -m
            i = low.bit_length() - 1
            m ^= low
            at.append((xs[i] + dx, ys[i] + dy))
        tx, ty = _shapes(at, _TRAIN)
        # dark outline so yellow C&O trains stay visible on the yellow cities
        fig.add_trace(go.Scatter(x=tx, y=ty, mode="lines", fill="toself", fillcolor=COMPANY_COLOURS[c],
                                 line=dict(color="#222", width=1),
                                 name=f"{COMPANIES[c]} trains ({len(at)} on the map)", uid=f"ce-trains-{c}",
                                 hoverinfo="skip"), row=1, col=1)
    fig.update_xaxes(visible=False, row=1, col=1)
    fig.update_yaxes(visible=False, scaleanchor="x", scaleratio=1, row=1, col=1)
    _tables(fig, s, seat)
    head = str(s).split("\n")
    title = (f"{head[1]}  ·  {head[0].removeprefix('Chicago Express · ')}<br><span style='font-size:12px;color:#333'>"
             f"{HEX_KEY}</span>")
    # the key sits between the title and the map (in the top margin), clear of hexes and tables
    fig.update_layout(width=WIDTH, height=height, margin=dict(l=5, r=5, t=112, b=5),
                      title=dict(text=title, x=0.01, y=0.99, yanchor="top", font=dict(size=14)),
                      plot_bgcolor="white", legend=dict(orientation="h", x=0.0, y=1.0, yanchor="bottom",
                                                        font=dict(size=10), traceorder="normal", itemsizing="constant"),
                      uirevision="ce-board")
    return fig


def _tables(fig: go.Figure, s, seat: int | None) -> None:
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
        header=dict(values=["company", "treasury", "income", "shares sold", "trains left", "dividend / share"], **header),
        columnwidth=[1.2, 1.1, 1, 1.2, 1.1, 1.4],
        cells=dict(values=comp, fill_color=[[_light(COMPANY_COLOURS[c]) for c in shown]] * len(comp), **cell),
        uid="ce-table-companies"), row=2, col=1)
    n = s.num_players
    names = [f"seat {p}" + (" ★" if p == seat else "") + (" ◀" if p == s.current_player else "") for p in range(n)]
    cols = [names, [f"${s.cash[p]}" for p in range(n)]]
    cols += [[s.held[p * 5 + c] for p in range(n)] for c in shown]
    fig.add_trace(go.Table(header=dict(values=["player", "cash"] + [f"{COMPANIES[c]} shares" for c in shown], **header),
                           cells=dict(values=cols, **cell), columnwidth=[1.3, 1] + [1.1] * (len(cols) - 2),
                           uid="ce-table-players"), row=2, col=2)
    meters = ["auction", "build", "development"]
    red = [s.meters[k] >= s.meter_lengths[k] for k in range(3)]
    fill = ["#f4b6b6" if r else "#eef1f7" for r in red]  # a meter in the red area is shaded (CE-4.2)
    fig.add_trace(go.Table(
        header=dict(values=["action meter", "used", "length", "state"], **header),
        cells=dict(values=[meters, s.meters, list(s.meter_lengths), ["red" if r else "open" for r in red]],
                   fill_color=[fill] * 4, **cell),
        uid="ce-table-meters"), row=3, col=1)
    fig.add_trace(go.Table(
        header=dict(values=["industry", "value", "max", "step"], **header),
        cells=dict(values=[[k.title() for k in INDUSTRIES], s.industry, list(s.industry_max), list(s.industry_step)],
                   **cell),
        uid="ce-table-industry"), row=3, col=2)


def _light(colour: str) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},0.25)"


# ---- the Inspect tab: tables in the rulebook's names, and what the progress chart follows -----------------
PROGRESS = {"seats": "money ($)"}  # what the Inspect tab charts over the game (labels)


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
        row = {"money": f"${s.cash[p]}"}
        row.update({f"{COMPANIES[c]} shares": s.held[p * 5 + c] for c in shown})
        rows[f"seat {p}" + (" ◀ to act" if s.current_player == p and not s.is_terminal() else "")] = row
    companies = pd.DataFrame({
        "treasury": [f"${s.treasury[c]}" for c in shown],
        "income": [f"${s.income[c]}" for c in shown],
        "shares sold": [f"{B.shares[c] - s.shares_left[c]} of {B.shares[c]}" for c in shown],
        "trains left": [s.trains_left[c] for c in shown],
        "dividend per share": [f"${s.dividend_per_share(c)}" for c in shown],
    }, index=[COMPANIES[c] for c in shown])
    return pd.DataFrame.from_dict(rows, orient="index"), companies
