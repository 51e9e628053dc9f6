"""Summits (CO2-10): a summit whose every topic has a scientist ends at the end of the turn."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .operations import turn_order
from .scientists import HAND, SUMMIT_SLOT0, move_scientist
from .tasks import Gain, SummitClose, SummitPick, push

if TYPE_CHECKING:
    from .state import Co2State


def end_full_summits(s: Co2State, task) -> None:
    """CO2-5.4.2, CO2-10.3: full summits end, in board order; the gains go in turn order ending with the
    active player (CO2-10.4, CO2-9.2.3; CO2-10.4.1: +1 per topic spoken, CO2-10.4.2: +1 in one topic of the
    summit)."""
    order = turn_order(s, (s.active + 1) % s.num_players)
    tasks: list = []
    for sp, tile in enumerate(s.summit):
        if tile < 0:
            continue
        topics = s.components.summits[tile][1]
        slots = s.summit_slots[sp * 4:sp * 4 + len(topics)]
        if -1 in slots:
            continue
        for p in order:
            if p in slots:
                tasks += [Gain(p, topics[j], 1) for j, q in enumerate(slots) if q == p]
                tasks.append(SummitPick(p, sp))
        tasks.append(SummitClose(-1, sp))
    push(s, *tasks)


def close_summit(s: Co2State, task) -> None:
    """CO2-10.5: the scientists go back to hand and a new summit tile takes the space."""
    sp = task.summit
    for j in range(4):
        q = s.summit_slots[sp * 4 + j]
        if q >= 0:
            move_scientist(s, q, SUMMIT_SLOT0 + sp * 4 + j, HAND)
    # CO2-10.5 note: an empty stack leaves the space empty
    s.summit[sp] = s.summit_stack.pop() if s.summit_stack else -1
