"""What only one seat sees, in words (``SPEC.secret_view``): its company goal (CO2-12.2) and lobby cards (CO2-12.1).

Built from ``state.observation(seat)`` and the printed component definitions (public: what a card says,
not who holds it), so the text is the same in every position the seat cannot tell apart. The words are in
the current language (:mod:`ccg.i18n`; names of sources, regions and grants from its glossary).
"""
from __future__ import annotations

from typing import Any

from ccg.core.glossary import term
from ccg.i18n import N_, _, format_money, format_number

from .data import GRANTS, SOURCES
from .state import Co2State

GOAL_PHRASES = {
    "regions_controlled": N_("region you control"), "regions_with_plant": N_("region where you have a plant"),
    "un_goals": N_("UN goal card you scored"), "plants_after_first": N_("plant you built after the first"),
    "cep_in_hand": N_("CEP in your hand at the end"),
    "highest_expertise": N_("source where your expertise is highest"),
    "plant_sources": N_("different source among your plants"),
}
SECONDARY = {"resource": N_("take 1 resource"), "coins": N_("take 2 coins"), "cep": N_("take 1 CEP from the market"),
             "scientist": N_("take or move a scientist")}


def secret_view(state: Any, seat: int) -> list[tuple[str, str]]:
    """(A ``SPEC`` hook: ``state`` is a :class:`Co2State`.) The seat's company goal while secret (CO2-12.2, or
    what became of it) and its lobby cards (CO2-12.1)."""
    data = state.observation(seat)["state"]
    components = state.components  # component definitions: public (the printed cards), not who holds them
    out = []
    goal, status = data["goal"][seat], data["goal_st"][seat]
    if status == 0 and goal in components.goals:
        kind, per, top = components.goals[goal][0], components.goals[goal][1], components.goals[goal][2]
        phrase = _(GOAL_PHRASES[kind]) if kind in GOAL_PHRASES else kind
        out.append((_("Your company goal (secret)"),
                    _("card {card}: {per} VP per {what} (at most {top} VP)").format(
                        card=goal, per=format_number(per), what=phrase, top=format_number(top)) + " — CO2-12.2"))
    elif status in (1, 2):
        out.append((_("Your company goal"), _("sold") if status == 1 else _("scored")))
    cards = [_("card {card}: {condition}; or {other}").format(
        card=c, condition=_lobby_condition(state, c), other=_lobby_secondary(state, c)) for c in data["lobby"][seat]]
    out.append((_("Your lobby cards (secret)"), "\n".join(cards) if cards else _("none left")))
    return out


def _source(i: int) -> str:
    return term("co2", "source", SOURCES[i])


def _lobby_condition(state: Co2State, card: int) -> str:
    """What the lobby card's main effect asks for (CO2-12.1)."""
    e = state.components.lobby.get(card, {})
    main = e.get("main", "")
    if main == "propose_region":
        return _("propose a project in {place}").format(
            place=term("co2", "region", state.components.regions[e["region"]]))
    if main == "propose_grant":
        return _("propose a project with the grant: {grant}").format(grant=term("co2", "grant", GRANTS[e["grant"]]))
    if main == "install":
        return _("install a project: {source}").format(source=_source(e["source"]))
    if main == "build":
        return _("build a power plant: {source} ({amount} less)").format(source=_source(e["source"]),
                                                                         amount=format_money(3))
    if main == "summit":
        return _("send a scientist to speak on {source}").format(source=_source(e["source"]))
    if main == "buy":
        return _("buy CEP at the market (+2 VP)")
    if main == "sell":
        return _("sell CEP at the market (+3 coins)")
    return str(main)


def _lobby_secondary(state: Co2State, card: int) -> str:
    secondary = state.components.lobby.get(card, {}).get("secondary", "")
    return _(SECONDARY[secondary]) if secondary in SECONDARY else str(secondary)
