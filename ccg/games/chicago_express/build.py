"""The Build track action (CE-6) and the income a placement brings (CE-7)."""
from __future__ import annotations

from . import actions as A
from .board import BOARD, CHICAGO, CITY, FOREST, INDUSTRIAL, MOUNTAIN, START

_COST = BOARD.cost
_EXCL = BOARD.exclusive_mask
_FORBID = BOARD.forbidden
_NB = BOARD.nb_mask
_TERRAIN = BOARD.terrain
_PLACE = A.PLACE
_MIN_COST = min(k for h, k in enumerate(_COST) if BOARD.terrain[h] != START)
# COST_BY_OCC[h][mask]: the CE-6.9 cost on hex h when the companies in ``mask`` are already there
COST_BY_OCC = tuple(
    tuple(_COST[h] if _EXCL >> h & 1 else _COST[h] * (m.bit_count() + 1) for m in range(32))
    for h in range(len(BOARD.ids))
)


def hex_income(s, h: int) -> int:
    """What a train on hex h adds to its company's income now (CE-7.1–7.4; Chicago adds 0 here, CE-7.5)."""
    t = _TERRAIN[h]
    if t == CITY or t == MOUNTAIN:
        return BOARD.black[h] + (BOARD.house[h] if s.house_mask >> h & 1 else 0)
    if t == INDUSTRIAL:
        return s.industry[BOARD.industry_of[h]]
    return 0


def cost(s, h: int) -> int:
    """CE-6.9: red value × trains on the hex after placing (× 1 on forest and mountain)."""
    return COST_BY_OCC[h][s.occ[h]]


def candidates(s, c: int) -> int:
    """Mask of hexes next to c's network where c may place, ignoring money (CE-6.3, 6.5, 6.6, 6.8)."""
    return s.adj[c] & ~s.net[c] & ~_FORBID[c] & ~(s.any_mask & _EXCL)


def legal(s) -> list:
    c = s.build_company
    out = []
    if s.build_placed < s.p.max_place and s.trains_left[c] > 0:
        money = s.treasury[c]
        if money >= _MIN_COST:
            occ = s.occ
            places = _PLACE[c]
            table = COST_BY_OCC
            m = s.adj[c] & ~s.net[c] & ~_FORBID[c] & ~(s.any_mask & _EXCL)
            while m:
                low = m & -m
                h = low.bit_length() - 1
                m ^= low
                if table[h][occ[h]] <= money:
                    out.append(places[h])
    out.append(A.STOP)
    return out


def place(s, c: int, h: int) -> None:
    """CE-6.14: pay, place, raise income; ends the action after the last allowed train."""
    k = cost(s, h)
    s.treasury[c] -= k
    s.bank_in += k
    bit = 1 << h
    s.occ[h] |= 1 << c
    s.net[c] |= bit
    s.adj[c] |= _NB[h]
    s.any_mask |= bit
    s.trains_left[c] -= 1
    if _TERRAIN[h] == CHICAGO:
        s.pending_chicago = c  # CE-6.13, CE-10.1: resolved after the build action
    else:
        s.income[c] += hex_income(s, h)  # CE-6.12
    s.build_placed += 1
    if s.build_placed >= s.p.max_place or s.trains_left[c] == 0:  # CE-6.2, CE-6.11
        s.end_turn()


def why_not(s, c: int, h: int) -> str | None:
    """A sentence saying why company c may not place on hex h now (None if it may)."""
    name = A.COMPANIES[c]
    label = BOARD.hex_label(h)
    if s.build_placed >= s.p.max_place:
        return f"a build places at most {s.p.max_place} trains; say 'stop'"
    if s.trains_left[c] == 0:
        return f"{name} has no trains left (CE-6.11)"
    if s.net[c] >> h & 1:
        return f"{name} already has a train on {label}; one train per company per hex (CE-6.6)"
    if _FORBID[c] >> h & 1:
        return f"{label} is another company's start hex; nobody else may build there (CE-6.5)"
    if _EXCL >> h & 1 and s.any_mask >> h & 1:
        kind = "forest" if _TERRAIN[h] == FOREST else "mountain"
        return f"{label} is a {kind} that already holds a train; forests and mountains take one company only (CE-6.8)"
    if not s.adj[c] >> h & 1:
        return f"{label} is not next to {name}'s network; every new train must touch one of its own (CE-6.3)"
    k = cost(s, h)
    if k > s.treasury[c]:
        return f"{name}'s treasury has ${s.treasury[c]}; {label} costs ${k} (CE-6.10: players may not add money)"
    return None
