"""The four tables under the map: companies, players, action meters and industry."""
from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from ccg.core.glossary import term
from ccg.games.chicago_express.board import BOARD, COMPANIES, INDUSTRIES
from ccg.i18n import format_money, pgettext

from .frame import Frame
from .names import city
from .style import COMPANY_COLOURS, light

HEADER = dict(font=dict(size=11), fill_color="#dde3ee", height=30, align="center")
CELL = dict(font=dict(size=11), height=24, align="center")


def status_tables(s: Any, seat: int | None, fr: Frame) -> None:
    """The four tables at ``fr.places`` (row, col), in the order companies, players, meters, industry."""
    for table, (row, col) in zip((companies(s), players(s, seat), meters(s), industry(s)), fr.places):
        fr.fig.add_trace(table, row=row, col=col)


def companies(s: Any) -> go.Table:
    """Treasury, income, shares sold, trains left and dividend per share of each company in play."""
    shown = range(5) if s.wabash_in else range(4)
    comp = [
        [COMPANIES[c] for c in shown],
        [s.treasury[c] for c in shown],
        [s.income[c] for c in shown],
        [f"{BOARD.shares[c] - s.shares_left[c]}/{BOARD.shares[c]}" for c in shown],
        [s.trains_left[c] for c in shown],
        [s.dividend_per_share(c) for c in shown],
    ]
    return go.Table(
        header=dict(values=[term("chicago_express", "term", "company"), term("chicago_express", "term", "treasury"),
                            term("chicago_express", "term", "income"), pgettext("chicago_express", "shares sold"),
                            pgettext("chicago_express", "trains left"), pgettext("chicago_express", "dividend / share")],
                    **HEADER),
        columnwidth=[1.2, 1.1, 1, 1.2, 1.1, 1.4],
        cells=dict(values=comp, fill_color=[[light(COMPANY_COLOURS[c]) for c in shown]] * len(comp), **CELL),
        uid="ce-table-companies")


def players(s: Any, seat: int | None) -> go.Table:
    """Cash and shares of each seat; ``seat`` marked ★, the seat to move ◀."""
    shown = range(5) if s.wabash_in else range(4)
    n = s.num_players
    names = [pgettext("chicago_express", "seat {seat}").format(seat=p) + (" ★" if p == seat else "")
             + (" ◀" if p == s.current_player else "") for p in range(n)]
    cols = [names, [format_money(s.cash[p]) for p in range(n)]]
    cols += [s.holdings(c) for c in shown]
    shares = [pgettext("chicago_express", "{company} shares").format(company=COMPANIES[c]) for c in shown]
    return go.Table(header=dict(values=[pgettext("chicago_express", "player"),
                                        term("chicago_express", "term", "cash")] + shares, **HEADER),
                    cells=dict(values=cols, **CELL), columnwidth=[1.3, 1] + [1.1] * (len(cols) - 2),
                    uid="ce-table-players")


def meters(s: Any) -> go.Table:
    """The action meters: used, length, and red once full (CE-4.2)."""
    names = [term("chicago_express", "action", m) for m in ("auction", "build", "development")]
    red = [s.meters[k] >= s.meter_lengths[k] for k in range(3)]
    fill = ["#f4b6b6" if r else "#eef1f7" for r in red]  # a meter in the red area is shaded (CE-4.2)
    return go.Table(
        header=dict(values=[term("chicago_express", "term", "action_meter"), pgettext("chicago_express", "used"),
                            pgettext("chicago_express", "length"), pgettext("chicago_express", "state")], **HEADER),
        cells=dict(values=[names, s.meters, list(s.meter_lengths),
                           [pgettext("chicago_express", "red") if r else pgettext("chicago_express", "open") for r in red]],
                   fill_color=[fill] * 4, **CELL),
        uid="ce-table-meters")


def industry(s: Any) -> go.Table:
    """The industry track: each industrial city's value, maximum and step."""
    return go.Table(
        header=dict(values=[pgettext("chicago_express", "industry"), pgettext("chicago_express", "value"),
                            pgettext("chicago_express", "max"), pgettext("chicago_express", "step")], **HEADER),
        cells=dict(values=[[city(k.title()) for k in INDUSTRIES], s.industry, list(s.industry_max), list(s.industry_step)],
                   **CELL),
        uid="ce-table-industry")
