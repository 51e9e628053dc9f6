"""Victory points (CAT-11.1, OIL-10.1) and the special cards' holders."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import VP_CARD

if TYPE_CHECKING:
    from .state import CatanState


def public_vp(s: CatanState, p: int) -> int:
    """VP everyone can see: buildings, Longest Road, Largest Army, sequestration, Champion."""
    # a metropolis is a city (2) plus one (OIL-6.5: 3 VP in total, not 3 on top of the city)
    v = s.settlements_built[p] + 2 * s.cities_built[p] + s.metropolises_built[p]
    if s.longest_road_holder == p:  # CAT-1.8, CAT-10.5: each special card is worth 2 VP
        v += 2
    if s.largest_army_holder == p:
        v += 2
    if s.oil_springs:
        v += s.sequestered[p] // s.rules["oil.sequester_per_vp"]  # OIL-9.4; the VP markers are this count (OIL-1.5)
        if s.champion == p:  # OIL-1.4: the Champion of the Environment, 1 VP
            v += 1
    return v


def vp(s: CatanState, p: int) -> int:
    """All VP of seat ``p``, hidden Victory Point cards included (CAT-9.7)."""
    return public_vp(s, p) + s.dev[p * 5 + VP_CARD]


def award_largest_army(s: CatanState, p: int) -> None:
    """CAT-10.4: first to the minimum, then only strictly more knights take the card."""
    k = s.knights[p]
    if k >= s.rules["largest_army_min"] and s.largest_army_holder != p and (s.largest_army_holder < 0 or k > s.knights[s.largest_army_holder]):
        s.largest_army_holder = p


def award_champion(s: CatanState, p: int) -> None:
    """OIL-9.5: first to the minimum takes it; strictly more takes it over; a tie stays."""
    n = s.sequestered[p]
    if n >= s.rules["oil.champion_min"] and s.champion != p and (s.champion < 0 or n > s.sequestered[s.champion]):
        s.champion = p
