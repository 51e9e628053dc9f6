"""The words of the Chicago Express board drawing in the current language: terrains, cities, the hex key, who
does what now."""
from __future__ import annotations

from typing import Any

from ccg.core.glossary import term
from ccg.games.chicago_express.board import COMPANIES
from ccg.games.chicago_express.phases import BUILD, OVER, PHASE_NAMES
from ccg.i18n import N_, pgettext

# the key to the numbers on the hexes (CE-1.9, CE-6.10, CE-7.1, CE-7.2); hover a hex for its own values
HEX_KEY = N_("hex key: <b>−3</b> build cost ($ from the treasury, CE-6.10) · <b>+2</b> income the company gains "
             "there (CE-7.1) · <b>⌂1</b> more income once a house is built (CE-7.2) · hover a hex for details")


def terrain(t: str) -> str:
    return term("chicago_express", "terrain", t)


def city(name: str) -> str:
    """A city of the map in the current language (the data file's name if the catalogs do not name it)."""
    try:
        return term("chicago_express", "city", name)
    except ValueError:
        return name


def now(s: Any) -> str:
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
