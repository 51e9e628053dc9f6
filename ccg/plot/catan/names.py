"""The words of the Catan board drawing in the current language: seats, resources, terrains, pieces, phases."""
from __future__ import annotations

from ccg.core.glossary import term
from ccg.games.catan.data import DEV_TYPES, GOODS, TERRAINS
from ccg.i18n import N_, gettext, pgettext

from .style import LEVELS, PLAYER_NAMES


def seat_label(p: int) -> str:
    """"Red (seat 0)"."""
    return pgettext("catan", "{seat} (seat {number})").format(seat=seat_colour(p), number=p)


def seat_colour(p: int) -> str:
    """The seat's colour name ("Red")."""
    return pgettext("seat colour", PLAYER_NAMES[p])


def good(i: int) -> str:
    return term("catan", "resource", GOODS[i])


def terrain(i: int) -> str:
    return term("catan", "terrain", TERRAINS[i])


def piece(level: int) -> str:
    return term("catan", "piece", LEVELS[level])


def dev(t: int) -> str:
    return term("catan", "devcard", DEV_TYPES[t])


# the phases of a turn (ccg.games.catan.phases.PHASES) as the title names them
PHASE_NAMES = {
    "setup_settlement": N_("set-up: settlement"), "setup_road": N_("set-up: road"), "pre_roll": N_("before the roll"),
    "discard": N_("discard"), "robber": N_("move the robber"), "main": N_("trade and build"),
    "free_road": N_("free road"), "respond": N_("answer a trade"), "special_building": N_("special building phase"),
    "over": N_("game over"), "propose": N_("propose a trade"), "choose_partner": N_("choose a trade partner"),
}


def phase(name: str) -> str:
    return gettext(PHASE_NAMES[name]) if name in PHASE_NAMES else name.replace("_", " ")
