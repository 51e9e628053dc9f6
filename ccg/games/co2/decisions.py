"""Decisions inside a phase: each is an ordinary action of the seat whose decision it is.

``DECISIONS[kind]`` is a ``Decision``: ``legal(s, task)`` lists the actions, ``apply(s, task, action)``
plays one; the decision task is on top of ``s.tasks`` while it waits.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from . import economy, turn
from .actions import SELL_GOAL, cached_action, goal_sale, turn_actions
from .data import GRANTS, SOURCES
from .scientists import (
    LOBBY_MOVE,
    can_hire,
    destinations,
    location_name,
    location_where,
    move_scientist,
    origins,
    parse_location,
    summit_slots_for,
)
from .supply import forced_buy
from .tasks import AuctionPay, AuctionStart, Bid, Gain, ScientistTo, SoloPlace, push
from .variants import auction_value

if TYPE_CHECKING:
    from .state import Co2State


def _source_actions(kind: str, srcs) -> list:
    return [cached_action(kind, (SOURCES[x],), (f"track.{SOURCES[x]}",)) for x in srcs]


# ---- supply phase --------------------------------------------------------------------------------
_INCOME: dict[int, list] = {}


def legal_income(s: Co2State, task):
    """CO2-4.2.4: any split of the income into coins and VP (``take N`` = N coins, the rest VP)."""
    acts = _INCOME.get(task.amount)
    if acts is None:
        acts = _INCOME[task.amount] = [cached_action("take", (c,), ("coins", "vp")) for c in range(task.amount, -1, -1)]
    return acts


def take_income(s: Co2State, task, a) -> None:
    s.tasks.pop()
    coins = a.args[0]
    s.coins[task.seat] += coins
    s.vp[task.seat] += task.amount - coins


def legal_cep_source(s: Co2State, task):
    """CO2-11.5.1: a CEP is paid from hand or from any region the seat controls."""
    regions = s.components.regions
    return [cached_action("pay", ("hand" if r < 0 else regions[r],), ("hand",) if r < 0 else (regions[r],))
            for r in economy.cep_sources(s, task.seat)]


def pay_from_source(s: Co2State, task, a) -> None:
    s.tasks.pop()
    economy.pay_cep(s, task.seat, -1 if a.args[0] == "hand" else s.components.regions.index(a.args[0]))


def legal_forced(s: Co2State, task):
    return [SELL_GOAL, cached_action("paywithvp", (), ("market",))]


def forced(s: Co2State, task, a) -> None:
    """CO2-4.3.6: sell the company goal first (CO2-12.2.2), or cover the missing coins with VP."""
    s.tasks.pop()
    if a.kind == "sellgoal":
        economy.sell_company_goal(s, task.seat)
    forced_buy(s, task.seat)


# ---- expertise, bonuses, scientists -----------------------------------------------------------
def legal_any_expertise(s: Co2State, task):
    p = task.seat
    return _source_actions("exp", [x for x in range(5) if s.expertise_of(p, x) < s.components.track_max[x]])


def gain_chosen(s: Co2State, task, a) -> None:
    s.tasks.pop()
    push(s, Gain(task.seat, SOURCES.index(a.args[0]), 1))


def legal_summit_pick(s: Co2State, task):
    """CO2-10.4.2: +1 in one topic of that summit."""
    return _source_actions("exp", s.components.summits[s.summit[task.summit]][1])


def legal_study(s: Co2State, task):
    p = task.seat
    return _source_actions("study", sorted({s.projects[loc] for loc in s.scientists_of(p) if 0 <= loc < 100}))


def legal_cep_to(s: Co2State, task):
    regions = s.components.regions
    return [cached_action("cepto", (regions[r],), (regions[r],))
            for r in range(6) if s.region_cep[r] < s.components.spaces[r]]  # CO2-6.3.7


def cep_to(s: Co2State, task, a) -> None:
    s.tasks.pop()
    if economy.market_take(s):
        s.region_cep[s.components.regions.index(a.args[0])] += 1


def legal_displaced(s: Co2State, task):
    """CO2-8.4.2: keep the scientist (+1 expertise) or send it to a matching summit slot."""
    return [cached_action("keep", (), ("hand",))] + [to_action(s, x) for x in summit_slots_for(s, task.source)]


def displaced(s: Co2State, task, a) -> None:
    s.tasks.pop()
    if a.kind == "keep":  # CO2-9.2.4
        push(s, Gain(task.seat, task.source, 1))
    else:  # it may complete the summit, which ends at the end of the turn (CO2-8.4.3)
        move_scientist(s, task.seat, -1, parse_location(s, a.args[0]))


_TO: dict = {}


def to_action(s: Co2State, loc: int):
    """The ``to <location>`` action (a summit slot's name depends on the tile there)."""
    key = ("to", loc, s.summit[(loc - 100) // 4] if loc >= 100 else -1, id(s.components))
    a = _TO.get(key)
    if a is None:
        a = _TO[key] = cached_action("to", (location_name(s, loc),), location_where(s, loc))
    return a


def legal_destinations(s: Co2State, task):
    return [to_action(s, x) for x in destinations(s, task.seat, task.origin)]


def move_chosen(s: Co2State, task, a) -> None:
    s.tasks.pop()
    move_scientist(s, task.seat, task.origin, parse_location(s, a.args[0]))


def legal_research(s: Co2State, task):
    p = task.seat
    out = [cached_action("hire", (), ("hand",))] if task.context != LOBBY_MOVE and can_hire(s, p) else []
    sci_from = s.action_table.sci_from
    return out + [sci_from[x] for x in origins(s, p)]


def research(s: Co2State, task, a) -> None:
    s.tasks.pop()
    p = task.seat
    if a.kind == "hire":  # CO2-6.1.3.3 (b)
        i = s.scientists.index(-2, 4 * p, 4 * p + 4)
        s.scientists[i] = -1
    else:
        push(s, ScientistTo(p, parse_location(s, a.args[0]), task.context))


def legal_lobby_pick(s: Co2State, task):
    return [cached_action("reward", (r,), ("lobby",)) for r in s.components.lobby[task.card]["reward"]]


def lobby_pick(s: Co2State, task, a) -> None:
    s.tasks.pop()
    turn.give_reward(s, task.seat, a.args[0])


# ---- variants -----------------------------------------------------------------------------------
def legal_bid(s: Co2State, task):
    p = task.seat
    # note CO2-17.2 (readings): no auction before decade 1 (setup draws the start player); the first
    # bidder must open with at least 0, so there is always a highest bidder; a bid must be affordable
    # (CO2-17.2.4), and selling the company goal first can make a higher bid affordable (CO2-12.2.2)
    out = [] if task.bids_made == 0 else [cached_action("pass", (), ("auction",))]
    bids = [cached_action("bid", (x,), ("auction",)) for x in range(task.high_bid + 1, auction_value(s, p) + 1)]
    return out + bids + goal_sale(s, p)


def bid(s: Co2State, task, a) -> None:
    """CO2-17.2.2: one round of bids clockwise from the start player, each raising or passing."""
    if a.kind == "sellgoal":  # CO2-12.2.2: the bidder still bids (or passes) afterwards
        economy.sell_company_goal(s, task.seat)
        return
    s.tasks.pop()
    p, high, high_bidder = task.seat, task.high_bid, task.high_bidder
    if a.kind == "bid":
        high, high_bidder = a.args[0], p
    if task.bids_made + 1 < s.num_players:
        push(s, Bid((p + 1) % s.num_players, task.bids_made + 1, high, high_bidder))
    else:
        tasks = [AuctionPay(high_bidder, high)] if high > 0 else []
        push(s, *tasks, AuctionStart(high_bidder))


def legal_auction_pay(s: Co2State, task):
    p = task.seat
    out = []
    if s.coins[p] > 0:
        out.append(cached_action("pay", ("coin",), ("coins",)))
    if s.resources[p] > 0:
        out.append(cached_action("pay", ("resource",), ("resources",)))
    return out + legal_cep_source(s, task) + goal_sale(s, p)


def auction_pay(s: Co2State, task, a) -> None:
    """CO2-17.2.4: coins count 1, resources 2, CEP the market price."""
    if a.kind == "sellgoal":  # CO2-12.2.2: paying in coins from the sale
        economy.sell_company_goal(s, task.seat)
        return
    s.tasks.pop()
    p, left = task.seat, task.amount_due
    what = a.args[0]
    if what == "coin":
        s.coins[p] -= 1
        left -= 1
    elif what == "resource":
        s.resources[p] -= 1
        s.supply_resources += 1
        left -= 2
    else:
        economy.pay_cep(s, p, -1 if what == "hand" else s.components.regions.index(what))
        left -= s.price
    if left > 0:  # CO2-17.2.5: overpayment is not refunded
        s.tasks.append(AuctionPay(p, left))


def legal_auction_start(s: Co2State, task):
    return [cached_action("start", (q,), ("start_player",)) for q in range(s.num_players)]


def auction_start(s: Co2State, task, a) -> None:
    s.tasks.pop()
    s.start = a.args[0]  # CO2-17.2.3


def legal_draft(s: Co2State, task):
    return [cached_action("keep", (c,), ("lobby",)) for c in s.packs[task.seat]]


def draft(s: Co2State, task, a) -> None:
    s.tasks.pop()
    p = task.seat
    s.packs[p].remove(a.args[0])
    s.lobby[p].append(a.args[0])
    s.lobby[p].sort()


def legal_solo_region(s: Co2State, task):
    return [cached_action("region", (r,), (r,)) for r in s.components.regions]


def solo_region(s: Co2State, task, a) -> None:
    s.tasks.pop()
    push(s, SoloPlace(-1, 31, s.components.regions.index(a.args[0]), 1))


def legal_solo_space(s: Co2State, task):
    region = s.components.regions[task.region]
    return [cached_action("space", (GRANTS[g],), (region, f"{region}.{GRANTS[g]}"))
            for g in range(3) if s.projects[task.region * 3 + g] == -1]


def solo_space(s: Co2State, task, a) -> None:
    s.tasks.pop()
    ps = task.region * 3 + GRANTS.index(a.args[0])
    s.project_supply[task.source] -= 1
    s.projects[ps] = task.source  # no grant for the 5 starting projects (CO2-17.3.3)


def legal_goal_choice(s: Co2State, task):
    return [cached_action("goal", ("score",), ("goal",)), cached_action("goal", ("coins",), ("goal",))]


def goal_choice(s: Co2State, task, a) -> None:
    s.tasks.pop()
    p = task.seat
    if a.args[0] == "score":  # CO2-15.3.1
        s.vp[p] += task.goal_vp
        s.goal_status[p] = 2
    else:
        economy.sell_company_goal(s, p)


class Decision(NamedTuple):
    """How a decision task is played: its legal actions and the effect of one."""
    legal: Callable
    apply: Callable


DECISIONS: dict[str, Decision] = {
    "turn": Decision(turn_actions, turn.apply_turn),
    "income": Decision(legal_income, take_income),
    "paycep_choose": Decision(legal_cep_source, pay_from_source),
    "forced": Decision(legal_forced, forced),
    "exp_any": Decision(legal_any_expertise, gain_chosen),
    "summit_pick": Decision(legal_summit_pick, gain_chosen),
    "study": Decision(legal_study, gain_chosen),
    "cepto": Decision(legal_cep_to, cep_to),
    "displaced": Decision(legal_displaced, displaced),
    "sci_to": Decision(legal_destinations, move_chosen),
    "research_choose": Decision(legal_research, research),
    "lobby_pick": Decision(legal_lobby_pick, lobby_pick),
    "bid": Decision(legal_bid, bid),
    "auction_pay": Decision(legal_auction_pay, auction_pay),
    "auction_start": Decision(legal_auction_start, auction_start),
    "draft": Decision(legal_draft, draft),
    "solo_region": Decision(legal_solo_region, solo_region),
    "solo_space": Decision(legal_solo_space, solo_space),
    "goal_choice": Decision(legal_goal_choice, goal_choice),
}
