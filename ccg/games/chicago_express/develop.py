"""The Development action (CE-8)."""
from __future__ import annotations

from . import actions as A
from .board import BOARD, CHICAGO, DETROIT, FOREST, INDUSTRIAL, START

_HOUSE_DEV = BOARD.house_dev_mask
_IND_HEX = BOARD.industry_hex
_DEVELOP = A.DEVELOP


def candidate_mask(s) -> int:
    """Hexes the mover may develop now (CE-8.2, 8.3, 8.4, 8.5)."""
    m = s.any_mask & _HOUSE_DEV & ~s.house_mask if s.supply > 0 else 0
    p = s.p
    for k in (1, 2):  # Wheeling, Pittsburgh; Detroit only automatically (CE-8.5)
        h = _IND_HEX[k]
        if s.any_mask >> h & 1 and s.industry[k] < p.ind_max[k]:
            m |= 1 << h
    return m


def legal(s) -> list:
    out = []
    m = candidate_mask(s)
    while m:
        low = m & -m
        out.append(_DEVELOP[low.bit_length() - 1])
        m ^= low
    return out


def present(s, h: int) -> list[int]:
    """Companies with a train on hex h."""
    o = s.occ[h]
    return [c for c in range(5) if o >> c & 1]


def develop(s, h: int) -> None:
    k = BOARD.industry_of[h]
    if k >= 0:  # CE-8.3, CE-8.8: move the industry marker, everybody present gains the difference
        old = s.industry[k]
        new = min(old + s.p.ind_step[k], s.p.ind_max[k])
        s.industry[k] = new
        for c in present(s, h):
            s.income[c] += new - old
        return
    s.house_mask |= 1 << h  # CE-8.2: one house from the supply
    s.supply -= 1
    if BOARD.terrain[h] == FOREST:  # CE-8.9: the company present gets the bonus from the bank
        for c in present(s, h):
            s.treasury[c] += s.p.forest_bonus
            s.bank_out += s.p.forest_bonus
    else:  # CE-8.7: city or mountain, everybody present gains the house value
        for c in present(s, h):
            s.income[c] += BOARD.house[h]


def why_not(s, h: int) -> str | None:
    label = BOARD.hex_label(h)
    t = BOARD.terrain[h]
    if t == START:
        return f"{label} is a start hex; start hexes are never developed (CE-8.6)"
    if t == CHICAGO:
        return "Chicago is never developed (CE-8.6)"
    if t == INDUSTRIAL:
        k = BOARD.industry_of[h]
        if k == DETROIT:
            return "Detroit cannot be developed by players; it rises by itself in each dividend phase (CE-8.5)"
        if not s.any_mask >> h & 1:
            return f"{label} holds no train yet; a city is developed only where some company is present (CE-8.3)"
        if s.industry[k] >= s.p.ind_max[k]:
            return f"{label} is already at its maximum industry value {s.p.ind_max[k]} (CE-8.4)"
        return None
    if t not in (1, 2, 3):  # plain
        return f"{label} is a plain; plains are never developed (CE-8.6)"
    if s.house_mask >> h & 1:
        return f"{label} already has a house; a hex is developed only once (CE-8.2)"
    if not s.any_mask >> h & 1:
        return f"{label} holds no train; only a hex with a train can be developed (CE-8.2)"
    if s.supply <= 0:
        return "the common supply has no houses left (CE-8.2 note)"
    return None

