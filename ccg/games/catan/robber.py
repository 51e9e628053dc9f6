"""Rolling a 7, discards and the robber (CAT-6, CAT-9.3, OIL-5)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import OIL
from .phases import DISCARD, MAIN, PRE_ROLL, ROBBER

if TYPE_CHECKING:
    from .state import CatanState


def held(s: CatanState, p: int) -> int:
    """Cards that count for the 7: resource cards, plus oil in the scenario (OIL-5.5); development cards
    never count (CAT-9.8)."""
    b = p * 5
    h = s.hand
    total = h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]
    if s.oil_springs:
        total += s.oil[p]
    return total


def start_seven(s: CatanState) -> None:
    """CAT-6.2: everyone above the limit owes half (rounded down), chosen card by card."""
    n = s.num_players
    for p in range(n):
        c = held(s, p)
        s.discard[p] = c // 2 if c > s.rules["discard_above"] else 0
    _next_discarder(s)


def _next_discarder(s: CatanState) -> None:
    n = s.num_players
    for i in range(n):
        p = (s.active + i) % n
        if s.discard[p] > 0:
            s.seat_to_move = p
            s.phase = DISCARD
            return
    s.seat_to_move = s.active
    s.phase = ROBBER


def discard(s: CatanState, p: int, r: int) -> None:
    if r == OIL:
        s.oil[p] -= 1
        s.supply += 1  # OIL-5.5: back to the supply, the marker does not move
    else:
        s.hand[p * 5 + r] -= 1
        s.bank[r] += 1
    s.discard[p] -= 1
    if s.discard[p] == 0:
        _next_discarder(s)


def robber_hexes(s: CatanState) -> list[int]:
    """CAT-6.3, OIL-5.1, OIL-5.3, OIL-14.3: any other land hex that is not destroyed (an oil spring too, OIL-5.2)."""
    b = s.board
    numbers, n0 = s.numbers, b.numbers0
    return [h for h in range(b.n_hex) if h != s.robber and not (n0[h] and not numbers[h])]


def held_cards(s: CatanState, p: int) -> int:
    b = p * 5
    h = s.hand
    return h[b] + h[b + 1] + h[b + 2] + h[b + 3] + h[b + 4]


def move(s: CatanState, p: int, args: tuple) -> None:
    s.robber = int(args[0][1:])
    if len(args) >= 2:
        v = args[1]
        if len(args) == 3:
            s.oil[v] -= 1
            s.oil[p] += 1
        else:
            k = s.rng.below(held_cards(s, v))  # CAT-6.4: one random resource card (never a development card, CAT-9.8)
            h = s.hand
            for r in range(5):
                c = h[v * 5 + r]
                if k < c:
                    h[v * 5 + r] -= 1
                    h[p * 5 + r] += 1
                    break
                k -= c
    s.phase = MAIN if s.rolled else PRE_ROLL
    s.seat_to_move = s.active
