"""The players table under the map: victory points, cards (counts only for the other seats when drawn for a
seat), development cards, oil, knights, longest road and largest army."""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from ccg.core.glossary import term
from ccg.i18n import pgettext
from ccg.plot.text import break_long_words

from .frame import Frame
from .names import dev, good, seat_colour
from .style import PLAYER_COLOURS, PLAYER_TEXT, PLAYER_TINT


def columns(s: Any, seat: int | None) -> dict[str, list]:
    """The table's columns by heading, one value per seat, as ``seat`` (None: everything) may see them."""
    seats = list(range(s.num_players))
    to_act = " ◀ " + pgettext("catan", "to act")
    cols: dict[str, list] = {pgettext("catan", "player"): [f"{seat_colour(p)} ({p})" + (to_act if p == s.current_player else "")
                                                          for p in seats]}
    vp = pgettext("catan", "VP")
    if seat is None:
        cols[vp] = [s.vp(p) for p in seats]
    else:
        cols[vp] = [s.vp(p) if p == seat else f"{s.public_vp(p)}+?" for p in seats]
    cols[pgettext("catan", "cards")] = [
        (", ".join(f"{s.hand[p * 5 + r]} {good(r)}" for r in range(5) if s.hand[p * 5 + r]) or "-")
        if seat is None or seat == p else str(sum(s.hand[p * 5:(p + 1) * 5])) for p in seats
    ]
    cols[pgettext("catan", "dev cards")] = [
        (", ".join(f"{s.dev[p * 5 + t]} {dev(t)}" for t in range(5) if s.dev[p * 5 + t]) or "-")
        if seat is None or seat == p else str(sum(s.dev[p * 5:(p + 1) * 5])) for p in seats
    ]
    if s.oil_springs:
        cols[good(5)] = [s.oil[p] for p in seats]
        cols[pgettext("catan", "sequestered")] = [s.sequestered[p] for p in seats]
    cols[pgettext("catan", "knights")] = [s.knights[p] for p in seats]
    cols[term("catan", "term", "longest_road")] = [f"{s.road_len[p]}" + (" ★" if s.longest_road_holder == p else "") for p in seats]
    cols[term("catan", "term", "largest_army")] = ["★" if s.largest_army_holder == p else "" for p in seats]
    return cols


def players_table(s: Any, seat: int | None, fr: Frame) -> go.Table:
    """One row per seat in the board's own layout; one column per seat when narrow (every heading stays whole
    in a narrow room)."""
    cols = columns(s, seat)
    seats = list(range(s.num_players))
    if fr.narrow:
        names, *fields = cols
        return go.Table(
            header=dict(values=[names] + cols[names], line_color="#bbb", font=dict(
                size=12, color=["#111"] + [PLAYER_TEXT[p] for p in seats]),
                fill_color=["#e4e4e4"] + [PLAYER_COLOURS[p] for p in seats]),
            columnwidth=[125] + [85] * len(seats),
            cells=dict(values=[fields] + [[cols[k][p] for k in fields] for p in seats], height=24, line_color="#ccc",
                       font=dict(size=12, color="#111"), fill_color=["#e4e4e4"] + [PLAYER_TINT[p] for p in seats]),
            uid="catan-players")
    tint = [PLAYER_TINT[p] for p in seats]
    widths = [110, 45, 190, 170] + [62] * (len(cols) - 4)
    px_per_unit = (fr.width - 20) / sum(widths)  # the table spans the figure; its column widths are relative
    return go.Table(
        header=dict(values=[break_long_words(h, w * px_per_unit - 4, 12) for h, w in zip(cols, widths)],
                    fill_color="#e4e4e4", line_color="#bbb", font=dict(size=12)),
        columnwidth=widths,
        cells=dict(values=list(cols.values()), height=24, line_color="#ccc", font=dict(size=12,
                   color=[[PLAYER_TEXT[p] for p in seats]] + [["#111"] * len(seats)] * (len(cols) - 1)),
                   fill_color=[[PLAYER_COLOURS[p] for p in seats]] + [tint] * (len(cols) - 1)),
        uid="catan-players")
