"""The Supply phase (CO2-4): income, energy supply (and the CEP new fossil plants cost), event, 500 ppm."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import economy
from .hooks import snapshot
from .operations import turn_order
from .tasks import Decay, Energy, Event, Final, Forced, FossilPay, Income, OpsStart, PayCepChoose, SupplyEnd, Task, push

if TYPE_CHECKING:
    from .state import Co2State


def supply(s: Co2State, task) -> None:
    """CO2-4.1: income, energy supply, event, then the 500 ppm check."""
    income = economy.incomes(s)
    tasks: list[Task] = [Income(p, income[p]) for p in turn_order(s, s.start) if income[p] > 0]  # CO2-4.2
    tasks += [Decay(), Energy(-1, 0), Event(), SupplyEnd()]
    push(s, *tasks)


def decay(s: Co2State, task) -> None:
    for r in range(6):  # CO2-4.3.1
        if s.region_resources[r] > 0:
            s.region_resources[r] -= 1
            s.supply_resources += 1


def energy(s: Co2State, task) -> None:
    """CO2-4.3.2: regions clockwise from the first in board order (CO2-DATA-01); a region whose demand space
    of this decade is empty gets the top fossil plant (CO2-4.3.3, CO2-4.3.4), and a CEP is paid (CO2-4.3.5)."""
    d = s.decade
    ppm = (s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"])
    for r in range(task.next_region, 6):
        if d > s.components.spaces[r]:
            continue  # the region is full
        i = s.first_space[r] + d - 1
        if s.space_kind[i] != -1:
            continue  # CO2-4.3.3 green plant on space d
        if not s.fossil_stack:
            continue  # CO2-4.3.4 note: empty stack (Extreme only) -> nothing is placed
        f = s.fossil_stack.pop()
        s.space_kind[i] = f
        s.ppm += ppm[f]
        s.ppm_peak = max(s.ppm_peak, s.ppm)
        controller = s.controller[r]
        if controller >= 0:  # CO2-4.3.5a
            push(s, FossilPay(controller, r), Energy(-1, r + 1))
            return
        if s.region_cep[r] > 0:  # CO2-4.3.5c, CO2-13.5 (empty pile: nothing is paid, note)
            s.region_cep[r] -= 1
            s.bank_cep += 1


def forced_buy(s: Co2State, p: int) -> None:
    """CO2-4.3.5b / CO2-4.3.6: buy 1 CEP at the market and pay it; VP cover missing coins 1:1."""
    if s.market == 0 and s.bank_cep == 0:
        return  # no CEP left anywhere (engine policy, CO2-DATA-18)
    price = s.price
    if s.coins[p] < price:
        s.vp[p] -= price - s.coins[p]
        s.coins[p] = price
    s.coins[p] -= price
    economy.market_take(s)
    s.bank_cep += 1


def fossil_pay(s: Co2State, task) -> None:
    """CO2-4.3.5a: the controller pays 1 CEP from hand or any region it controls."""
    p = task.seat
    options = economy.cep_sources(s, p)
    if not options:
        if s.coins[p] < s.price and s.goal_status[p] == 0 and (s.market or s.bank_cep):
            push(s, Forced(p))  # CO2-4.3.6 note: the goal may be sold for 8 coins first
        else:
            forced_buy(s, p)
    elif len(options) == 1:
        economy.pay_cep(s, p, options[0])
    else:
        push(s, PayCepChoose(p))


def event(s: Co2State, task) -> None:
    """CO2-4.4: the event card's region suffers a catastrophe at >= 350 ppm."""
    if not s.events:
        return
    r = s.components.events[s.events[0]]
    if s.ppm >= s.rules["ppm.catastrophe"]:  # CO2-4.4.1
        for p in range(s.num_players):
            if economy.green_sources(s, p, r) == 0:  # CO2-4.4.2
                if s.resources[p] > 0:
                    s.resources[p] -= 1
                    s.region_resources[r] += 1  # CO2-4.4.5: the resource stays in the region
                else:
                    s.vp[p] -= s.rules["event.vp_loss"]
        if s.num_players == 1 and s.un_display:  # CO2-17.3.8, CO2-4.4.6
            s.un_display.pop(0)
    s.events.pop(0)  # CO2-4.4.4 (below 350 ppm too: the event counts as resolved, CO2-4.4.3)


def supply_end(s: Co2State, task) -> None:
    lose = s.rules["ppm.lose"]
    if s.num_players == 1:
        if s.ppm > lose:  # CO2-17.3.9: solo ends above 500 but still scores, without income
            push(s, Final(-1, 0))
            return
    elif s.ppm >= lose:  # CO2-14.3: everyone loses, no scoring
        s.lost = True
        s.over = True
        snapshot(s, s.decade)
        return
    push(s, OpsStart())
