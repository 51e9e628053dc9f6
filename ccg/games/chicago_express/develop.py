"""The Development action (CE-8)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .board import BOARD, FOREST

if TYPE_CHECKING:
    from .state import CEState

_HOUSE_DEV = BOARD.house_dev_mask
_IND_HEX = BOARD.industry_hex


def candidate_mask(s: CEState) -> int:
    """Hexes the mover may develop now (CE-8.2, CE-8.3, CE-8.4, CE-8.5; never CE-8.6). Any player may develop,
    with no share and for free (CE-8.1)."""
    m = s.train_mask & _HOUSE_DEV & ~s.house_mask if s.house_supply > 0 else 0
    top = s.industry_max
    for k in (1, 2):  # Wheeling, Pittsburgh; Detroit only automatically (CE-8.5)
        h = _IND_HEX[k]
        if s.train_mask >> h & 1 and s.industry[k] < top[k]:
            m |= 1 << h
    return m


def present(s: CEState, h: int) -> list[int]:
    """Companies with a train on hex h."""
    o = s.hex_companies[h]
    return [c for c in range(5) if o >> c & 1]


def develop(s: CEState, h: int) -> None:
    """Develop hex h (one of :func:`candidate_mask`)."""
    k = BOARD.industry_of[h]
    if k >= 0:  # CE-8.3, CE-8.8: move the industry marker, everybody present gains the difference
        old = s.industry[k]
        new = min(old + s.industry_step[k], s.industry_max[k])
        s.industry[k] = new
        for c in present(s, h):
            s.income[c] += new - old
        return
    s.house_mask |= 1 << h  # CE-8.2: one house from the supply
    s.house_supply -= 1
    if BOARD.terrain[h] == FOREST:  # CE-8.9: the company present gets the bonus from the bank
        for c in present(s, h):
            s.treasury[c] += s.rules["forest_bonus"]
            s.bank_paid_out += s.rules["forest_bonus"]
    else:  # CE-8.7: city or mountain, everybody present gains the house value
        for c in present(s, h):
            s.income[c] += BOARD.house[h]
