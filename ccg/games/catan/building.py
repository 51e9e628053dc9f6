"""Building roads, settlements, cities and metropolises (CAT-8, OIL-6.3); where each may go."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import COST_CITY, COST_METROPOLIS, COST_ROAD, COST_SETTLEMENT, METROPOLIS_OIL
from .oil import use_oil
from .roads import update_roads

if TYPE_CHECKING:
    from .state import CatanState


def can_pay(s: CatanState, p: int, cost) -> bool:
    h, base = s.hand, p * 5
    for r, n in cost:
        if h[base + r] < n:
            return False
    return True


def pay(s: CatanState, p: int, cost) -> None:
    h, bank, base = s.hand, s.bank, p * 5
    for r, n in cost:
        h[base + r] -= n
        bank[r] += n


def road_spots(s: CatanState, p: int) -> list[int]:
    """Free paths touching ``p``'s network, not through an opponent's building (CAT-8.3).

    Cached per board version in ``s.spots`` (reset by every change of roads or buildings);
    the returned list must not be mutated.
    """
    c = s.spots
    if c is None:
        c = s.spots = {}
    got = c.get(p)
    if got is None:
        got = c[p] = _road_spots(s, p)
    return got


def _road_spots(s: CatanState, p: int) -> list[int]:
    b = s.board
    eo, no, en, ne = s.edge_owner, s.node_owner, b.edge_nodes, b.node_edges
    front = set()
    for e in range(len(eo)):
        if eo[e] == p:
            a, c = en[e]
            if no[a] < 0 or no[a] == p:
                front.add(a)
            if no[c] < 0 or no[c] == p:
                front.add(c)
    for n in range(len(no)):
        if no[n] == p:
            front.add(n)
    out = set()
    for x in front:
        for e in ne[x]:
            if eo[e] < 0:
                out.add(e)
    return sorted(out)


def settlement_spots(s: CatanState, p: int, setup: bool = False) -> list[int]:
    """Free intersections obeying the distance rule, touching an own road after setup (CAT-8.4).

    Cached like ``road_spots``."""
    c = s.spots
    if c is None:
        c = s.spots = {}
    key = -1 if setup else p + 16
    got = c.get(key)
    if got is None:
        got = c[key] = _settlement_spots(s, p, setup)
    return got


def _settlement_spots(s: CatanState, p: int, setup: bool = False) -> list[int]:
    b = s.board
    no, nb = s.node_owner, b.node_nbrs
    cands: list[int] | range
    if setup:
        cands = range(len(no))
    else:
        eo, en = s.edge_owner, b.edge_nodes
        c: set[int] = set()
        for e in range(len(eo)):
            if eo[e] == p:
                c.update(en[e])
        cands = sorted(c)
    out = []
    for n in cands:
        if no[n] < 0:
            for m in nb[n]:
                if no[m] >= 0:
                    break
            else:
                out.append(n)
    return out


ROAD_ACTS, SETTLE_ACTS, CITY_ACTS, METRO_ACTS = 32, 48, 64, 80  # cache key offsets (plus the seat)


def build_actions(s: CatanState, p: int, what: int) -> tuple:
    """The cached tuple of build actions of one kind for seat ``p`` (same cache as the spots)."""
    c = s.spots
    if c is None:
        c = s.spots = {}
    key = what + p
    got = c.get(key)
    if got is None:
        got = c[key] = _build_actions(s, p, what)
    return got


def _build_actions(s: CatanState, p: int, what: int) -> tuple:
    b = s.board
    if what == ROAD_ACTS:
        return tuple(b.act_road[e] for e in road_spots(s, p))
    if what == SETTLE_ACTS:
        return tuple(b.act_settle[n] for n in settlement_spots(s, p))
    no, lv = s.node_owner, s.node_level
    if what == CITY_ACTS:
        return tuple(b.act_city[n] for n in range(len(no)) if no[n] == p and lv[n] == 1)
    return tuple(b.act_metro[n] for n in range(len(no)) if no[n] == p and lv[n] == 2)


def can_build_road(s: CatanState, p: int) -> bool:
    return s.roads_built[p] < s.rules["roads"] and can_pay(s, p, COST_ROAD)


def can_build_settlement(s: CatanState, p: int) -> bool:
    return s.settlements_built[p] < s.rules["settlements"] and can_pay(s, p, COST_SETTLEMENT)


def can_build_city(s: CatanState, p: int) -> bool:
    return s.cities_built[p] < s.rules["cities"] and s.settlements_built[p] > 0 and can_pay(s, p, COST_CITY)


def place_road(s: CatanState, p: int, e: int, free: bool = False) -> None:
    if not free:
        pay(s, p, COST_ROAD)
    s.edge_owner[e] = p
    s.spots = None
    s.roads_built[p] += 1
    update_roads(s, (p,))


def place_settlement(s: CatanState, p: int, n: int, free: bool = False) -> None:
    if not free:
        pay(s, p, COST_SETTLEMENT)
    s.node_owner[n] = p
    s.node_level[n] = 1
    s.spots = None
    s.settlements_built[p] += 1
    t = s.board.node_harbour[n]
    if t >= 0:
        s.harbour_access[p] |= 1 << t  # CAT-8.7: harbour access at once
    # an opponent's road through this intersection may be split (CAT-10.2)
    eo = s.edge_owner
    others = sorted({eo[e] for e in s.board.node_edges[n] if eo[e] >= 0 and eo[e] != p})
    if others:
        update_roads(s, others)


def place_city(s: CatanState, p: int, n: int) -> None:
    pay(s, p, COST_CITY)
    s.node_level[n] = 2
    s.spots = None
    s.settlements_built[p] -= 1
    s.cities_built[p] += 1


def can_build_metropolis(s: CatanState, p: int) -> bool:
    """OIL-6.3, OIL-1.2, OIL-7.4: a free token, the cost, and room for 2 uses on the marker."""
    return (s.metro_pool > 0 and s.oil[p] >= METROPOLIS_OIL and s.marker + METROPOLIS_OIL <= s.rules["oil.disaster_at"]
            and s.cities_built[p] > s.metropolises_built[p] and can_pay(s, p, COST_METROPOLIS))


def place_metropolis(s: CatanState, p: int, n: int) -> None:
    pay(s, p, COST_METROPOLIS)
    s.node_level[n] = 3
    s.spots = None
    s.metropolises_built[p] += 1
    s.metro_pool -= 1
    s.oil[p] -= METROPOLIS_OIL
    s.supply += METROPOLIS_OIL  # OIL-6.7: used oil returns to the supply
    use_oil(s, p, METROPOLIS_OIL)
