"""The CEP market: the price track (the current price in red) and the CEP on sale. Points carry ``market`` in
``customdata``."""
from __future__ import annotations

from typing import Any

from ccg.core.glossary import term
from ccg.i18n import format_money, pgettext

from .frame import Places
from .marks import Canvas, scatter
from .style import MIN_TEXT


def market(s: Any, pl: Places, canvas: Canvas) -> None:
    """The price track as a trace, its heading and the CEP on sale."""
    market_x, low = pl.market_x, pl.low
    lo_p, hi_p = s.rules["market.price_min"], s.rules["market.price_max"]
    prices = list(range(lo_p, hi_p + 1))
    step = 10.4 / max(1, len(prices) - 1)
    canvas.fig.add_trace(scatter("co2-market", [market_x] * len(prices), [low + 0.3 + i * step for i in range(len(prices))],
                                   [f"${p}" for p in prices], ["#c0392b" if p == s.price else "#f2f2f2" for p in prices],
                                   symbol="circle", size=[30 if p == s.price else 26 for p in prices],
                                   hover=[(pgettext("co2", "CEP price {price} (current)") if p == s.price else
                                           pgettext("co2", "CEP price {price}")).format(price=format_money(p)) for p in prices],
                                   textcolor=["white" if p == s.price else "#333" for p in prices],
                                   custom=["market"] * len(prices)))
    canvas.notes.append(dict(x=market_x, y=low + 12.0, showarrow=False, font=dict(size=13),
                             text="<b>" + pgettext("co2", "Market") + "</b> (" + term("co2", "term", "cep") + ")"))
    canvas.notes.append(dict(x=market_x, y=low + 11.45, showarrow=False, font=dict(size=MIN_TEXT, color="#444"),
                             text=pgettext("co2", "{count} CEP on sale · price {price}").format(
                                 count=s.market, price=format_money(s.price))))
