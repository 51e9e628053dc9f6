"""The words of the CO2 board drawing in the current language: sources, seats, company goals."""
from __future__ import annotations

from ccg.core.glossary import term
from ccg.games.co2.data import SOURCES
from ccg.i18n import N_, gettext, pgettext

from .style import SEAT_NAMES

GOAL_TEXT = {"regions_controlled": N_("regions controlled"), "regions_with_plant": N_("regions with a power plant"),
             "un_goals": N_("UN goals"), "plants_after_first": N_("power plants after the 1st"),
             "cep_in_hand": N_("CEP in hand"), "highest_expertise": N_("top expertise"),
             "plant_sources": N_("power plant sources")}


def source(x: int) -> str:
    return term("co2", "source", SOURCES[x])


def seat_colour(p: int) -> str:
    """The seat's colour name ("Blue")."""
    return pgettext("seat colour", SEAT_NAMES[p])


def goal(kind: str) -> str:
    return gettext(GOAL_TEXT[kind]) if kind in GOAL_TEXT else kind


def goal_state(st: int) -> str:
    return pgettext("co2", "sold") if st == 1 else pgettext("co2", "scored")
