"""The Inspect tab: tables in the rulebook's names, and what the progress chart follows."""
from __future__ import annotations

from typing import Any

from ccg.core.glossary import term
from ccg.i18n import N_, npgettext, pgettext

from .names import goal, goal_state, seat_colour, source

PROGRESS = {"seats": N_("VP"), "global": N_("CO₂ (ppm)")}  # what the Inspect tab charts over the game (labels)


def progress(state: Any, seat: int | None = None) -> dict:
    """The charted numbers of a position (open to every seat: VP track and CO2 level); cheap, no serialisation."""
    return {"seats": list(state.vp), "global": state.ppm}


def tables(state: Any, seat: int | None = None) -> Any:
    """(players, regions) for the Table's Inspect tab: what ``seat`` may see, in the rulebook's names."""
    import pandas as pd  # the Inspect tab's tables only: pandas is not needed to draw

    s, components, n = state, state.components, state.num_players
    rows = {}
    for p in range(n):
        mine = seat is None or seat == p
        if s.goal_status[p] == 0:
            kind = components.goals[s.goal[p]][0] if mine and s.goal[p] in components.goals else ""
            company_goal = goal(kind) if mine else pgettext("co2", "secret")
        else:
            company_goal = goal_state(s.goal_status[p])
        none = pgettext("co2", "none")
        cards = len(s.lobby[p])
        lobby = (", ".join(map(str, s.lobby[p])) or none if mine else
                 npgettext("co2", "{count} card", "{count} cards", cards).format(count=cards))
        expertise = ", ".join(f"{source(x)} {s.expertise_of(p, x)}" for x in range(5) if s.expertise_of(p, x)) or none
        name = pgettext("co2", "{seat} (seat {number})").format(seat=seat_colour(p), number=p)
        rows[name + (" ◀ " + pgettext("co2", "to act") if s.current_player == p and not s.over else "")] = {
            pgettext("co2", "VP"): s.vp[p], pgettext("co2", "coins"): s.coins[p],
            pgettext("co2", "technology resources"): s.resources[p], pgettext("co2", "CEP in hand"): s.cep[p],
            pgettext("co2", "scientists in hand"): sum(1 for i in range(4 * p, 4 * p + 4) if s.scientists[i] == -1),
            term("co2", "term", "expertise"): expertise, pgettext("co2", "UN goals won"): len(s.un_won[p]),
            pgettext("co2", "lobby cards"): lobby, pgettext("co2", "company goal"): company_goal}
    players = pd.DataFrame.from_dict(rows, orient="index")
    regions = pd.DataFrame({
        term("co2", "term", "cep"): [f"{s.region_cep[r]}/{components.spaces[r]}" for r in range(len(components.regions))],
        pgettext("co2", "resources"): list(s.region_resources),
        pgettext("co2", "controlled by"): [seat_colour(c) if c >= 0 else pgettext("co2", "nobody") for c in s.controller],
        pgettext("co2", "agenda"): [" › ".join(source(x) for x in components.agendas[s.agenda[r]])
                                    for r in range(len(components.regions))],
    }, index=[term("co2", "region", r) for r in components.regions])
    return players, regions
