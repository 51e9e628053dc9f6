"""Victory points (CAT-11.1, OIL-10.1) and the special cards' holders."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import VP_CARD

if TYPE_CHECKING:
    from .state import CatanState


def public_vp(s: CatanState, p: int) -> int:
    """VP everyone can see: buildings, Longest Road, Largest Army, sequestration, Champion."""
    # a metropolis is a city (2) plus one (OIL-6.5: 3 VP in total, not 3 on top of the city)
    v = s.n_settle[p] + 2 * s.n_city[p] + s.n_metro[p]
    if s.lr == p:  # CAT-1.8, CAT-10.5: each special card is worth 2 VP
        v += 2
    if s.la == p:
        v += 2
    if s.oil_springs:
        v += s.seq[p] // s.rules["oil.sequester_per_vp"]  # OIL-9.4; the VP markers are this count (OIL-1.5)
        if s.champ == p:  # OIL-1.4: the Champion of the Environment, 1 VP
            v += 1
    return v


def vp(s: CatanState, p: int) -> int:
    """All VP of seat ``p``, hidden Victory Point cards included (CAT-9.7)."""
    return public_vp(s, p) + s.dev[p * 5 + VP_CARD]


def award_largest_army(s: CatanState, p: int) -> None:
    """CAT-10.4: first to the minimum, then only strictly more knights take the card."""
    k = s.knights[p]
    if k >= s.rules["largest_army_min"] and s.la != p and (s.la < 0 or k > s.knights[s.la]):
        s.la = p


def award_champion(s: CatanState, p: int) -> None:
    """OIL-9.5: first to the minimum takes it; strictly more takes it over; a tie stays."""
    n = s.seq[p]
    if n >= s.rules["oil.champion_min"] and s.champ != p and (s.champ < 0 or n > s.seq[s.champ]):
        s.champ = p
