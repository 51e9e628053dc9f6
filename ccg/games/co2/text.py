"""CO2 in words: a position as text (``str(state)``) and why an action is illegal."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core import Action

from .data import FOSSILS, GRANTS, SOURCES
from .economy import GREEN0
from .flags import TurnFlag

if TYPE_CHECKING:
    from .state import Co2State


def describe(s: Co2State) -> str:
    """The position in a few lines: the table, each region, the summits, the events, each seat."""
    components = s.components
    lines = [f"CO2 — decade {s.decade}, round {s.round}, CO2 {s.ppm} ppm, CEP price {s.price} "
             f"(market {s.market}), {'game over' if s.over else f'seat {s.current_player} to act'}"]
    if s.over:
        lines.append("The planet is lost: everyone loses." if s.lost else f"Winners: {s.winners()}")
    for r in range(6):
        o = s.first_space[r]
        cells = []
        for i in range(o, o + components.spaces[r]):
            k = s.space_kind[i]
            cells.append("." if k < 0 else FOSSILS[k] if k < GREEN0 else f"{SOURCES[k - GREEN0]}:{s.space_owner[i]}")
        projs = []
        for g in range(3):
            ps = r * 3 + g
            if s.projects[ps] >= 0:
                sci = f"@{s.occupant[ps]}" if s.occupant[ps] >= 0 else ""
                projs.append(f"{GRANTS[g]}={SOURCES[s.projects[ps]]}{'*' if s.installed[ps] else ''}{sci}")
        ctrl = f" ctrl {s.controller[r]}" if s.controller[r] >= 0 else ""
        agenda = "/".join(SOURCES[x] for x in components.agendas[s.agenda[r]])
        lines.append(f"  {components.region_names[r]:<14} [{' '.join(cells)}] CEP {s.region_cep[r]} res {s.region_resources[r]}"
                     f"{ctrl} agenda {agenda} projects {', '.join(projs) or '-'}")
    summits = []
    for sp, tile in enumerate(s.summit):
        if tile >= 0:
            name, topics = components.summits[tile]
            slots = [f"{SOURCES[x]}{'@' + str(s.summit_slots[sp * 4 + j]) if s.summit_slots[sp * 4 + j] >= 0 else ''}"
                     for j, x in enumerate(topics)]
            summits.append(f"{name} ({', '.join(slots)})")
    lines.append(f"  summits: {'; '.join(summits) or '-'}")
    ev = [components.region_names[components.events[e]] for e in s.events[:2]]
    lines.append(f"  event: {' then '.join(ev) or '-'} · UN goals shown: {s.un_display or '-'}")
    for p in range(s.num_players):
        exp = " ".join(f"{SOURCES[x][:4]}{s.expertise_of(p, x)}" for x in range(5))
        lines.append(f"  seat {p}: VP {s.vp[p]} ${s.coins[p]} res {s.resources[p]} CEP {s.cep[p]} | {exp}")
    return "\n".join(lines)


def why_illegal(s: Co2State, a) -> str | None:
    """A readable reason for a few common illegal turn actions (None: no reason known)."""
    if s.over or not s.tasks or s.tasks[-1].kind != "turn" or not isinstance(a, Action):
        return None
    p = s.tasks[-1].seat
    flags = s.turn_flags
    if a.kind in ("propose", "install", "build") and flags[TurnFlag.ACTION_TAKEN]:
        return "you have already taken your action this turn (CO2-5.2: exactly one action)"
    if a.kind == "end" and not flags[TurnFlag.ACTION_TAKEN]:
        return "you must take an action (propose, install or build) before ending your turn (CO2-5.2)"
    if a.kind in ("buy", "sell") and flags[TurnFlag.MARKET_VISIT]:
        return "you have already visited the market this turn (CO2-7.2.2)"
    if a.kind == "sell" and (flags[TurnFlag.PRICE_CHANGED] or flags[TurnFlag.MARKET_REFILLED]):
        return "the market price changed this turn, so you cannot sell (CO2-7.2.5)"
    if a.kind in ("lobby", "claim") and flags[TurnFlag.CARD_PLAYED]:
        return "you have already played a lobby card or claimed a UN goal this turn (CO2-7.3.1)"
    if a.kind == "build" and len(a.args) >= 1 and a.args[0] in SOURCES:
        src = SOURCES.index(a.args[0])
        if s.plants_built[src] < len(s.components.plants[src]):
            tile = s.components.plants[src][s.plants_built[src]]
            have = s.expertise_of(p, src)
            if have < tile.resources:
                return (f"{a.args[0]} needs expertise {tile.resources}; seat {p} has {have} (CO2-6.3.3)")
    return None
