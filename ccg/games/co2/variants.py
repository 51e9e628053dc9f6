"""The variants' own steps (CO2-17, CO2-2.18.1): the draft's passing, solo starting projects, auction values."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .tasks import Draft, DraftPass, SoloPlace, SoloSpace, push

if TYPE_CHECKING:
    from .state import Co2State


def draft_pass(s: Co2State, task) -> None:
    """CO2-2.18.1: pass the rest to the player on your right (you receive from your left)."""
    n = s.num_players
    s.packs = [s.packs[(p + 1) % n] for p in range(n)]
    if s.packs[0]:
        push(s, *[Draft(p) for p in range(n)], DraftPass())


def solo_place(s: Co2State, task) -> None:
    """CO2-17.3.3: random project, first region clockwise that accepts it (reading: continue with
    the next region clockwise after the previous placement)."""
    mask, r = task.source_mask, task.region
    if not mask:
        return
    srcs = [x for x in range(5) if mask >> x & 1]
    src = srcs[s.rng.below(len(srcs))]
    mask &= ~(1 << src)
    start = r if task.first else (r + 1) % 6
    for k in range(6):
        rr = (start + k) % 6
        if src in s.components.agendas[s.agenda[rr]] and any(s.projects[rr * 3 + g] == -1 for g in range(3)):
            push(s, SoloSpace(0, rr, src), SoloPlace(-1, mask, rr, 0))
            return
    push(s, SoloPlace(-1, mask, r, 0))


def auction_value(s: Co2State, p: int) -> int:
    """CO2-17.2.4: coin 1, resource 2, CEP = market price (hand or controlled regions)."""
    cep = s.cep[p] + sum(s.region_cep[r] for r in range(6) if s.controller[r] == p)
    return s.coins[p] + 2 * s.resources[p] + s.price * cep
