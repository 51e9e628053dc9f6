"""Expertise (CO2-9): every gain of CO2-9.2 is a ``Gain`` task, one step at a time, with its bonuses."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import SOURCES
from .economy import market_take, take_resources
from .tasks import AnyExp, CepBonus, CepTo, ExpAny, Gain, Task, push

if TYPE_CHECKING:
    from .state import Co2State


def gain_step(s: Co2State, p: int, src: int) -> list:
    """+1 expertise for p in src; returns the bonus tasks of the space reached (CO2-9.3).

    Gains beyond the track's end are lost (CO2-9.1.3: [CZ] silent; reading: capped)."""
    i = p * 5 + src
    v = s.expertise[i]
    if v >= s.components.track_max[src]:
        return []
    v += 1
    s.expertise[i] = v
    out: list[Task] = []
    for bonus in s.components.bonuses[src][v]:  # CO2-9.3.5: a space with several bonuses gives them all
        if bonus == "resource":  # CO2-9.3.2
            take_resources(s, p, 1)
        elif bonus == "regional_cep":
            out.append(CepBonus(p))
        elif bonus == "any":
            out.append(AnyExp(p))
        else:  # CO2-9.3.1: a source symbol, +1 in that source
            out.append(Gain(p, SOURCES.index(bonus), 1))
    return out


def gain(s: Co2State, task) -> None:
    """One step of a gain; the rest of it waits until the bonuses of this step are settled."""
    bonus = gain_step(s, task.seat, task.source)
    if task.steps > 1:
        s.tasks.append(Gain(task.seat, task.source, task.steps - 1))
    push(s, *bonus)


def cep_bonus(s: Co2State, task) -> None:
    """CO2-9.3.3, CO2-13.6 (b): 1 CEP from the market to a region of your choice, within its limit."""
    p = task.seat
    regions = [r for r in range(6) if s.region_cep[r] < s.components.spaces[r]]
    if not regions or (s.market == 0 and s.bank_cep == 0):
        return  # note under CO2-9.3: every region at its limit -> the bonus is lost
    if len(regions) == 1:
        if market_take(s):
            s.region_cep[regions[0]] += 1
    else:
        push(s, CepTo(p))


def any_expertise(s: Co2State, task) -> None:
    """CO2-9.3.4: +1 in a source of your choice (none left to choose when every track is full)."""
    p = task.seat
    if any(s.expertise_of(p, x) < s.components.track_max[x] for x in range(5)):
        push(s, ExpAny(p))
