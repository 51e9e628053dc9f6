"""The economy's shared rule helpers: the CEP market and CEP payments, region control, income, company goals.

Each function takes the state ``s`` and mutates it; rule ids in comments.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .flags import TurnFlag
from .tasks import PayCepChoose, push

if TYPE_CHECKING:
    from .state import Co2State

EMPTY = -1
GREEN0 = 3  # space kind: 0 coal, 1 oil, 2 gas, 3 + source = green plant


# ---- market (CO2-7.2) ------------------------------------------------------------
def market_take(s: Co2State) -> bool:
    """Take 1 CEP from the market pile (CO2-7.2.7, CO2-13.2); refill and raise the price when it empties
    (CO2-7.2.4). Returns False when no CEP is left anywhere (engine policy, CO2-DATA-18)."""
    if s.market <= 0:
        refill(s)
        if s.market <= 0:
            return False
    s.market -= 1
    if s.market == 0:
        refill(s)
    return True


def refill(s: Co2State) -> None:
    """CO2-7.2.4: 2 CEP from the bank and the price +1 (max 8). Any refill blocks selling
    for the rest of the turn (CO2-7.2.6 note, reading: even at price 8)."""
    add = min(s.rules["market.refill"], s.bank_cep)  # CO2-13.1 (b): the refill comes from the bank
    s.bank_cep -= add
    s.market += add
    if s.price < s.rules["market.price_max"]:
        s.price += 1
    s.turn_flags[TurnFlag.MARKET_REFILLED] = 1  # the STOP sign


def take_resources(s: Co2State, p: int, n: int) -> int:
    """Give seat p up to n resources from the common supply (limited, CO2-DATA-18)."""
    n = min(n, s.supply_resources)
    s.supply_resources -= n
    s.resources[p] += n
    return n


def cep_sources(s: Co2State, p: int) -> list[int]:
    """Where seat p can pay a CEP from: -1 = hand, else a controlled region with CEP (CO2-11.5.1)."""
    out = [-1] if s.cep[p] > 0 else []
    ctrl = s.controller
    rc = s.region_cep
    for r in range(6):
        if ctrl[r] == p and rc[r] > 0:
            out.append(r)
    return out


def pay_cep(s: Co2State, p: int, where: int) -> None:
    """Pay 1 CEP to the bank from hand (-1) or a controlled region (CO2-13.4)."""
    if where < 0:
        s.cep[p] -= 1
    else:
        s.region_cep[where] -= 1
    s.bank_cep += 1


def pay_one_cep(s: Co2State, task) -> None:
    """Pay one CEP (the install's CEP, CO2-6.2.3): the seat chooses where from when there is a choice."""
    p = task.seat
    options = cep_sources(s, p)
    if len(options) == 1:
        pay_cep(s, p, options[0])
    elif options:
        push(s, PayCepChoose(p))


# ---- board queries -----------------------------------------------------------------------
def region_spaces(s: Co2State, r: int) -> range:
    o = s.first_space[r]
    return range(o, o + s.components.spaces[r])


def green_sources(s: Co2State, p: int, r: int) -> int:
    """Bitmask of the sources of p's green plants in region r."""
    m = 0
    kind = s.space_kind
    own = s.space_owner
    for i in region_spaces(s, r):
        if own[i] == p:
            m |= 1 << (kind[i] - GREEN0)
    return m


def built_mask(s: Co2State, p: int) -> int:
    """Bitmask of every source among p's green plants."""
    m = 0
    for k, o in zip(s.space_kind, s.space_owner):
        if o == p:
            m |= 1 << (k - GREEN0)
    return m


def plants_of(s: Co2State, p: int) -> int:
    return s.space_owner.count(p)


# ---- region control (CO2-11) ------------------------------------------------------------
def control_winner(s: Co2State, r: int, b: int, c: int) -> int:
    """CO2-11.3: builder b against controller c, the first difference decides."""
    mb = green_sources(s, b, r)
    mc = green_sources(s, c, r)
    nb, nc = bin(mb).count("1"), bin(mc).count("1")
    if nb != nc:  # CO2-11.3.1 more different sources
        return b if nb > nc else c
    agenda = s.components.agendas[s.agenda[r]]
    for src in agenda:  # CO2-11.3.2 agenda order (CO2-11.1.1), first source only one of them has
        hb, hc = bool(mb >> src & 1), bool(mc >> src & 1)
        if hb != hc:
            return b if hb else c
    for src in agenda:  # CO2-11.3.3, CO2-9.4.3 same sources: expertise in those sources, agenda order
        if mb >> src & 1:
            eb, ec = s.expertise_of(b, src), s.expertise_of(c, src)
            if eb != ec:
                return b if eb > ec else c
    return b  # CO2-11.3.4 the active player (the builder)


def check_control(s: Co2State, r: int, b: int) -> None:
    """CO2-11.2: checked only when b builds in r, only b against the current controller."""
    c = s.controller[r]
    if c == -1:
        s.controller[r] = b
    elif c != b:
        s.controller[r] = control_winner(s, r, b, c)  # CO2-11.4: the winner's disc takes the control space


def check_control_task(s: Co2State, task) -> None:
    """Build step 6 (CO2-6.3.5): control of the region is checked."""
    check_control(s, task.region, task.seat)


# ---- income (CO2-4.2) ---------------------------------------------------------------------
def incomes(s: Co2State) -> list[int]:
    """Each seat's income (CO2-9.4.1), by seat: ``income_of``."""
    return [income_of(s, p) for p in range(s.num_players)]


def income_of(s: Co2State, p: int) -> int:
    """Seat p's income (CO2-9.4.1): on each track, what is printed beside its disc if it is 1st or 2nd (dense
    ranking, CO2-4.2.1; with 2 players only 1st).

    CO2-4.2 notes (readings): 0 expertise has no disc, so no income, and never pushes anyone out of
    1st or 2nd place; every player tied for a place gets the value printed beside their own disc."""
    n = s.num_players
    places: int = s.rules["income.paid_places_2p"] if n == 2 else s.rules["income.paid_places"]
    scale: int = s.rules["income.scale"]
    expertise = s.expertise
    out = 0
    for src in range(5):
        mine = expertise[p * 5 + src]  # ``expertise_of``
        if mine == 0:
            continue
        above: list[int] = []  # the other values on the track above this seat's: its place is their number + 1
        for q in range(n):
            v = expertise[q * 5 + src]
            if v > mine and v not in above:
                above.append(v)
        if len(above) < places:
            out += s.components.income[src][mine] * scale
    return out


# ---- company goals (CO2-12.2) ---------------------------------------------------------------
def sell_company_goal(s: Co2State, p: int) -> None:
    """CO2-12.2.2: discard the company goal for 8 coins (it stays secret)."""
    s.coins[p] += s.rules["goal.discard_coins"]
    s.goal_status[p] = 1


def goal_value(s: Co2State, p: int) -> int:
    """The VP seat p's company goal scores now (CO2-12.2.3)."""
    kind, each, cap, _ = s.components.goals[s.goal[p]]
    n = s.num_players
    if kind == "regions_controlled":
        k = s.controller.count(p)
    elif kind == "regions_with_plant":
        k = sum(1 for r in range(6) if any(s.space_owner[i] == p for i in region_spaces(s, r)))
    elif kind == "un_goals":
        k = len(s.un_won[p])  # CO2-12.3.3
    elif kind == "plants_after_first":
        k = max(0, plants_of(s, p) - 1)
    elif kind == "cep_in_hand":
        k = s.cep[p]
    elif kind == "highest_expertise":
        # ties count; 0 expertise is never "highest" (CO2-12.2.3 note, CO2-9.4.4)
        k = 0
        for src in range(5):
            v = s.expertise_of(p, src)
            if v > 0 and all(s.expertise_of(q, src) <= v for q in range(n)):
                k += 1
    else:  # plant_sources
        k = bin(built_mask(s, p)).count("1")
    return min(cap, each * k)
