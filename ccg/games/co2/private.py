"""What only one seat sees, in words (``SPEC.secret_view``): its company goal (CO2-12.2) and lobby cards (CO2-12.1).

Built from ``state.observation(seat)`` and the printed component definitions (public: what a card says,
not who holds it), so the text is the same in every position the seat cannot tell apart.
"""
from __future__ import annotations

from typing import Any

from .data import GRANTS, SOURCE_NAMES
from .state import Co2State

GOAL_PHRASES = {
    "regions_controlled": "region you control", "regions_with_plant": "region where you have a plant",
    "un_goals": "UN goal card you scored", "plants_after_first": "plant you built after the first",
    "cep_in_hand": "CEP in your hand at the end", "highest_expertise": "source where your expertise is highest",
    "plant_sources": "different source among your plants",
}
SECONDARY = {"resource": "take 1 resource", "coins": "take 2 coins", "cep": "take 1 CEP from the market",
             "scientist": "take or move a scientist"}
TRADE = {"buy": "buy CEP at the market (+2 VP)", "sell": "sell CEP at the market (+3 coins)"}


def secret_view(state: Any, seat: int) -> list[tuple[str, str]]:
    """(A ``SPEC`` hook: ``state`` is a :class:`Co2State`.) The seat's company goal while secret (CO2-12.2, or what became of it) and its lobby cards (CO2-12.1)."""
    data = state.observation(seat)["state"]
    components = state.components
    out = []
    goal, status = data["goal"][seat], data["goal_st"][seat]
    if status == 0 and goal in components.goals:
        kind, per, top = components.goals[goal][0], components.goals[goal][1], components.goals[goal][2]
        out.append(("Your company goal (secret)",
                    f"card {goal}: {per} VP per {GOAL_PHRASES.get(kind, kind)} (at most {top} VP) — CO2-12.2"))
    elif status in (1, 2):
        out.append(("Your company goal", {1: "sold", 2: "scored"}[status]))
    cards = [f"card {c}: {_lobby_condition(state, c)}; or {_lobby_secondary(state, c)}" for c in data["lobby"][seat]]
    out.append(("Your lobby cards (secret)", "\n".join(cards) if cards else "none left"))
    return out


def _lobby_condition(state: Co2State, card: int) -> str:
    """What the lobby card's main effect asks for (CO2-12.1)."""
    e = state.components.lobby.get(card, {})
    main = e.get("main", "")
    if main == "propose_region":
        return f"propose a project in {state.components.region_names[e['region']]}"
    if main == "propose_grant":
        return f"propose a project on a {GRANTS[e['grant']]} grant"
    if main == "install":
        return f"install a {SOURCE_NAMES[e['source']]} project"
    if main == "build":
        return f"build a {SOURCE_NAMES[e['source']]} plant ($3 less)"
    if main == "summit":
        return f"send a scientist to speak on {SOURCE_NAMES[e['source']]}"
    return TRADE.get(main, main)


def _lobby_secondary(state: Co2State, card: int) -> str:
    secondary = state.components.lobby.get(card, {}).get("secondary", "")
    return SECONDARY.get(secondary, secondary)
