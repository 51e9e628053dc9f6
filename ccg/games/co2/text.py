"""A readable text summary of a CO2 position (``str(state)``)."""
from __future__ import annotations

from .board import GREEN0
from .data import FOSSILS, GRANTS, SOURCES


def describe(s) -> str:
    C = s.C
    lines = [f"CO2 — decade {s.decade}, round {s.round}, CO2 {s.ppm} ppm, CEP price {s.price} "
             f"(market {s.market}), {'game over' if s.over else f'seat {s.current_player} to act'}"]
    if s.over:
        lines.append("The planet is lost: everyone loses." if s.lost else f"Winners: {s.winners()}")
    for r in range(6):
        o = s.C_off[r]
        cells = []
        for i in range(o, o + C.spaces[r]):
            k = s.space_kind[i]
            cells.append("." if k < 0 else FOSSILS[k] if k < GREEN0 else f"{SOURCES[k - GREEN0]}:{s.space_owner[i]}")
        projs = []
        for g in range(3):
            ps = r * 3 + g
            if s.proj[ps] >= 0:
                sci = f"@{s.occ[ps]}" if s.occ[ps] >= 0 else ""
                projs.append(f"{GRANTS[g]}={SOURCES[s.proj[ps]]}{'*' if s.inst[ps] else ''}{sci}")
        ctrl = f" ctrl {s.ctrl[r]}" if s.ctrl[r] >= 0 else ""
        agenda = "/".join(SOURCES[x] for x in C.agendas[s.agenda[r]])
        lines.append(f"  {C.region_names[r]:<14} [{' '.join(cells)}] CEP {s.reg_cep[r]} res {s.reg_res[r]}{ctrl}"
                     f" agenda {agenda} projects {', '.join(projs) or '-'}")
    summits = []
    for sp, tile in enumerate(s.summit):
        if tile >= 0:
            name, topics = C.summits[tile]
            slots = [f"{SOURCES[x]}{'@' + str(s.sslot[sp * 4 + j]) if s.sslot[sp * 4 + j] >= 0 else ''}"
                     for j, x in enumerate(topics)]
            summits.append(f"{name} ({', '.join(slots)})")
    lines.append(f"  summits: {'; '.join(summits) or '-'}")
    ev = [C.region_names[C.events[e]] for e in s.events[:2]]
    lines.append(f"  event: {' then '.join(ev) or '-'} · UN goals shown: {s.un_display or '-'}")
    for p in range(s.num_players):
        exp = " ".join(f"{SOURCES[x][:4]}{s.exp[p * 5 + x]}" for x in range(5))
        lines.append(f"  seat {p}: VP {s.vp[p]} ${s.coins[p]} res {s.res[p]} CEP {s.cep[p]} | {exp}")
    return "\n".join(lines)
