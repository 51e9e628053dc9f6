"""Final scoring (CO2-15): the last sale and income, the goals, the VP for coins and majorities, and the winners."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import economy
from .hooks import snapshot
from .operations import turn_order
from .tasks import FinalVp, GoalChoice, Income, push

if TYPE_CHECKING:
    from .state import Co2State


def final_scoring(s: Co2State, task) -> None:
    """CO2-15: goal 31 first, regions' CEP to controllers, sell all, income, then VP."""
    n = s.num_players
    values = [economy.goal_value(s, p) if s.goal_status[p] == 0 else 0 for p in range(n)]  # CO2-15.1
    # CO2-15.2, CO2-13.7 in order: the controlled regions' CEP to hand (CO2-15.2.1, CO2-11.5.3), all sold, income
    for r in range(6):
        c = s.controller[r]
        if c >= 0:
            s.cep[c] += s.region_cep[r]
            s.region_cep[r] = 0
    for p in range(n):  # CO2-15.2.2 one price for all, the price does not change
        s.coins[p] += s.cep[p] * s.price
        s.market += s.cep[p]
        s.cep[p] = 0
    tasks: list = []
    if task.with_income:  # CO2-15.2.3 (not after a solo > 500 end, CO2-17.3.9)
        income = economy.incomes(s)
        tasks += [Income(p, income[p]) for p in turn_order(s, s.start) if income[p] > 0]
    tasks += [GoalChoice(p, values[p]) for p in turn_order(s, s.start) if s.goal_status[p] == 0]
    tasks.append(FinalVp())
    push(s, *tasks)


def final_vp(s: Co2State, task) -> None:
    n = s.num_players
    for p in range(n):  # CO2-15.3.2
        s.vp[p] += s.coins[p] // s.rules["final.coins_per_vp"]
    bonus = s.rules["final.bonus_vp"]
    # CO2-15.3.3, CO2-15.3.4, CO2-15.3.5 (note: literal reading, a maximum of 0 still pays everyone tied)
    most = max(s.resources)
    for p in range(n):
        if s.resources[p] == most:
            s.vp[p] += bonus
    un = [len(x) for x in s.un_won]
    most = max(un)
    for p in range(n):
        if un[p] == most:
            s.vp[p] += bonus
    s.over = True
    snapshot(s, s.decade)



def winners(s: Co2State) -> list[int]:
    """Most VP; ties: most green plants, expertise source by source, most regions (CO2-15.4).

    Empty while the game runs and when the planet was lost (CO2-14.3: everyone loses)."""
    if not s.over or s.lost:
        return []
    n = s.num_players
    best = max(s.vp)
    tied = [p for p in range(n) if s.vp[p] == best]
    tied = _keep_max(tied, lambda p: economy.plants_of(s, p))  # CO2-15.4.1
    for src in range(5):  # CO2-15.4.2, CO2-9.4.4 (reading: only the highest go on)
        tied = _keep_max(tied, lambda p, src=src: s.expertise_of(p, src))
    tied = _keep_max(tied, lambda p: s.controller.count(p))  # CO2-15.4.3
    return tied  # CO2-15.4.4 all tied players win


def _keep_max(seats, key):
    if len(seats) <= 1:
        return seats
    vals = [key(p) for p in seats]
    m = max(vals)
    return [p for p, v in zip(seats, vals) if v == m]


