"""The Build track action (CE-6) and the income a placement brings (CE-7)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .board import BOARD, CHICAGO, CITY, INDUSTRIAL, MOUNTAIN, START

if TYPE_CHECKING:
    from .state import CEState

_COST = BOARD.cost
_EXCL = BOARD.exclusive_mask
_FORBID = BOARD.forbidden
_NB = BOARD.nb_mask
_TERRAIN = BOARD.terrain
# the cheapest placement anywhere: a treasury below it cannot build at all (CE-6.10)
MIN_COST = min(k for h, k in enumerate(_COST) if BOARD.terrain[h] != START)
# COST_BY_OCC[h][mask]: the CE-6.9 cost on hex h when the companies in ``mask`` are already there
COST_BY_OCC = tuple(
    tuple(_COST[h] if _EXCL >> h & 1 else _COST[h] * (m.bit_count() + 1) for m in range(32))
    for h in range(len(BOARD.ids))
)


def hex_income(s: CEState, h: int) -> int:
    """What a train on hex h adds to its company's income now: CE-7.1, CE-7.2 (a house built earlier counts,
    CE-8.10), CE-7.3, CE-7.4 (nothing on forest and plain); Chicago adds 0 here (CE-7.5)."""
    t = _TERRAIN[h]
    if t == CITY or t == MOUNTAIN:
        return BOARD.black[h] + (BOARD.house[h] if s.house_mask >> h & 1 else 0)
    if t == INDUSTRIAL:
        return s.industry[BOARD.industry_of[h]]
    return 0


def cost(s: CEState, h: int) -> int:
    """CE-6.9: red value × trains on the hex after placing (× 1 on forest and mountain)."""
    return COST_BY_OCC[h][s.hex_companies[h]]


def candidates(s: CEState, c: int) -> int:
    """Mask of hexes next to c's network where c may place, ignoring money: CE-6.3 (next to its own trains;
    branches allowed, CE-6.4), CE-6.5, CE-6.6, CE-6.8 (shared hexes hold any number, CE-6.7)."""
    return s.adjacent[c] & ~s.network[c] & ~_FORBID[c] & ~(s.train_mask & _EXCL)


def place(s: CEState, c: int, h: int) -> None:
    """CE-6.14: pay (CE-6.10), place, raise income (CE-6.12; income only ever rises, CE-0.6, and is a plain
    integer, no +50 markers, CE-1.4, CE-7.6); ends the action after the last allowed train."""
    k = cost(s, h)
    s.treasury[c] -= k
    s.bank_received += k
    bit = 1 << h
    s.hex_companies[h] |= 1 << c
    s.network[c] |= bit
    s.adjacent[c] |= _NB[h]
    s.train_mask |= bit
    s.trains_left[c] -= 1
    if _TERRAIN[h] == CHICAGO:
        s.pending_chicago = c  # CE-6.13, CE-10.1: resolved after the build action
    else:
        s.income[c] += hex_income(s, h)  # CE-6.12
    s.build_placed += 1
    if s.build_placed >= s.rules["build.max_trains"] or s.trains_left[c] == 0:  # CE-6.2, CE-6.11
        s.end_turn()
