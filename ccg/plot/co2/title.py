"""The title of the CO2 board drawing: decade, round and who acts (or the end); under it ppm, CEP price, the next
event and the UN goals on display."""
from __future__ import annotations

from typing import Any

from ccg.core.glossary import term
from ccg.i18n import format_money, pgettext

from .names import seat_colour


def title(s: Any) -> str:
    components = s.components
    ev = s.events[:2] if len(s.events) >= 2 else s.events
    evtxt = pgettext("co2", " / then ").join(term("co2", "region", components.regions[components.events[e]])
                                             for e in ev) or pgettext("co2", "none")
    if s.over:
        status = pgettext("co2", "game over — the planet is lost") if s.lost else pgettext("co2", "game over")
    else:
        cp = s.current_player
        status = pgettext("co2", "{seat} (seat {number}) to act").format(seat=seat_colour(cp), number=cp)
    return (pgettext("co2", "CO2 — decade {decade}, round {round}").format(decade=s.decade, round=s.round)
            + f" · {status}<br><span style='font-size:12px;color:#555'>"
            + pgettext("co2", "{ppm} ppm · CEP price {price} · next event: {event} · UN goals on display {count}").format(
                ppm=s.ppm, price=format_money(s.price), event=evtxt, count=len(s.un_display)) + "</span>")
