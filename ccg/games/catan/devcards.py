"""Development cards (CAT-9, OIL-14): buying, and playing one per turn."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .building import pay, road_spots
from .data import COST_DEV, KNIGHT, MONOPOLY, OIL, PLENTY, RES_INDEX, ROAD_BUILDING
from .phases import FREE_ROAD, ROBBER, SBP
from .scoring import award_largest_army

if TYPE_CHECKING:
    from .state import CatanState


def buy(s: CatanState, p: int) -> None:
    """CAT-8.6: the top card of the deck. Bought in one's own turn it is not playable this turn."""
    pay(s, p, COST_DEV)
    t = s.deck.pop()
    s.dev[p * 5 + t] += 1
    if p == s.active and s.phase != SBP:  # in the SBP it is playable from the next own turn (CAT-12.10)
        s.dev_new[t] += 1


def playable(s: CatanState, p: int, t: int) -> bool:
    return s.dev[p * 5 + t] - s.dev_new[t] > 0


def play(s: CatanState, p: int, args: tuple) -> None:
    """Play a card: a knight stays face up (``knights``), a progress card leaves the game (CAT-9.9)."""
    what = args[0]
    s.dev_played = True
    if what == "knight":
        s.dev[p * 5 + KNIGHT] -= 1
        s.knights[p] += 1
        award_largest_army(s, p)
        s.phase = ROBBER
    elif what == "roadbuilding":
        s.dev[p * 5 + ROAD_BUILDING] -= 1
        s.free_roads = min(2, s.rules["roads"] - s.roads_built[p])
        if road_spots(s, p):
            s.phase = FREE_ROAD
    elif what == "plenty":
        s.dev[p * 5 + PLENTY] -= 1
        for name in args[1:]:
            r = RES_INDEX[name]
            if r == OIL:
                s.oil[p] += 1
                s.supply -= 1
            else:
                s.hand[p * 5 + r] += 1
                s.bank[r] -= 1
    elif what == "monopoly":
        s.dev[p * 5 + MONOPOLY] -= 1
        monopoly(s, p, RES_INDEX[args[1]])


def monopoly(s: CatanState, p: int, r: int) -> None:
    """CAT-9.6; OIL-14.2: on oil, one token at a time from the next player clockwise up to the limit."""
    n = s.num_players
    if r != OIL:
        h = s.hand
        for q in range(n):
            if q != p:
                h[p * 5 + r] += h[q * 5 + r]
                h[q * 5 + r] = 0
        return
    oil = s.oil
    L = s.oil_limit
    while oil[p] < L:
        took = False
        for i in range(1, n):
            q = (p + i) % n
            if oil[q] > 0 and oil[p] < L:
                oil[q] -= 1
                oil[p] += 1
                took = True
        if not took:
            break
