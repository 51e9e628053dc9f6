"""Building plans: cheapest routes from a company's network (CE-6) and the income they bring (CE-7).

A company's *plan* is the route to the one target — a city, mountain, industrial
city or Chicago — whose placements pay its shareholders most over the dividend
phases left (:func:`payout`), given the treasury, the money future share sales
will bring and how often the company is likely to be built for. The route is
the cheapest by ``money_weight`` × dollars + one per placement (placements are
scarce: three per build action, CE-6.2).
"""
from __future__ import annotations

import heapq
import math
from itertools import compress
from operator import and_, truediv

from . import position as P
from .search import changes, cheapest_routes

_B = P.BOARD
_NB = _B.neighbours
_TERRAIN = _B.terrain
_CHICAGO = _B.chicago
_COST = P.COST_BY_OCC
N_HEX = len(_B.ids)
# the hexes a train can add income on (CE-7.1 to CE-7.3; forest and plain add nothing, CE-7.4), and Chicago
_TARGET_HEXES = tuple(h for h in range(N_HEX) if _TERRAIN[h] in (P.CITY, P.MOUNTAIN, P.INDUSTRIAL) or h == _CHICAGO)


def _tails_to_chicago() -> tuple:
    """Per hex, the cheapest way on from it to Chicago on an empty board, as plan steps.

    Used to value going on to Chicago after a nearer target (the company's trains are few
    enough, CE-1.1, that a detour can cost it Chicago). Start hexes are never crossed (CE-6.5).
    """
    starts = sum(_B.start_masks)
    cost = [math.inf] * N_HEX
    nxt = [-1] * N_HEX
    cost[_CHICAGO] = 0.0
    heap = [(0.0, _CHICAGO)]
    while heap:
        k, h = heapq.heappop(heap)
        if k > cost[h]:
            continue
        for j in _NB[h]:
            if starts >> j & 1:
                continue
            nk = k + _B.cost[h] + 1.0  # entering h from j costs h's red value
            if nk < cost[j]:
                cost[j] = nk
                nxt[j] = h
                heapq.heappush(heap, (nk, j))
    tails = []
    for h in range(N_HEX):
        steps = []
        j = nxt[h]
        while j >= 0:
            income = _B.black[j] if _TERRAIN[j] in (P.CITY, P.MOUNTAIN) else 0
            steps.append((j, _B.cost[j], income, j == _CHICAGO))
            j = nxt[j]
        tails.append(tuple(steps) if cost[h] < math.inf else None)
    return tuple(tails)


TAIL_TO_CHICAGO = _tails_to_chicago()


class Plan:
    """A route: its placements in order as ``(hex, cost, income gain, reaches Chicago)``."""

    __slots__ = ("company", "steps", "target", "payout", "chicago", "route")

    def __init__(self, company: int, steps: tuple, target: int, payout: float) -> None:
        self.company = company
        self.steps = steps
        self.target = target
        self.payout = payout
        self.chicago: Plan | None = None  # the cheapest route to Chicago, when the trains suffice
        self.route: Plan | None = None  # the best route to a target (itself, unless the plan has no steps)

    @property
    def to_chicago(self) -> bool:
        return bool(self.steps) and self.steps[-1][3]

    def __repr__(self) -> str:
        where = "Chicago" if self.to_chicago else (_B.ids[self.target] if self.target >= 0 else "-")
        return f"Plan({P.COMPANIES[self.company]} to {where}, {len(self.steps)} placements, payout {self.payout:.1f})"


_CITY_OR_MOUNTAIN = sum(1 << h for h in range(N_HEX) if _TERRAIN[h] in (P.CITY, P.MOUNTAIN))
_INDUSTRIAL_HEXES = tuple((h, _B.industry_of[h]) for h in range(N_HEX) if _TERRAIN[h] == P.INDUSTRIAL)
_INCOMES: dict = {}  # (houses, industry values) -> (per hex the income of a train there, the targets with income)
_INCOMES_LIMIT = 2_000


def incomes(s) -> tuple[list[int], list[int]]:
    """Per hex what a train there adds to its company's income now (``hex_income``: CE-7.1 to CE-7.4), and
    the targets that add some; read-only, shared by every position with the same houses and industry
    values (they change only by a development, CE-8)."""
    houses = P.houses(s)
    industry = P.industry(s)
    key = (houses, *industry)
    hit = _INCOMES.get(key)
    if hit is None:
        income = [_B.black[h] if _CITY_OR_MOUNTAIN >> h & 1 else 0 for h in range(N_HEX)]
        m = houses & _CITY_OR_MOUNTAIN
        while m:  # a house built earlier counts (CE-8.10)
            low = m & -m
            h = low.bit_length() - 1
            m ^= low
            income[h] += _B.house[h]
        for h, k in _INDUSTRIAL_HEXES:
            income[h] = industry[k]
        if len(_INCOMES) > _INCOMES_LIMIT:
            _INCOMES.clear()
        hit = _INCOMES[key] = (income, [h for h in _TARGET_HEXES if income[h] > 0])
    return hit


def route_steps(net: int, occ: list[int], income: list[int], target: int, prev: list[int]) -> tuple:
    """The placements ``(hex, cost, income gain, reaches Chicago)`` from the network ``net`` to ``target`` in
    build order, by a search's predecessors, the occupancy (cost, CE-6.9) and :func:`incomes`."""
    out = []
    h = target
    while h >= 0 and not net >> h & 1:
        out.append((h, _COST[h][occ[h]], income[h], h == _CHICAGO))
        h = prev[h]
    out.reverse()
    return tuple(out)


# the terms (payout's arguments after the steps) -> {id of the steps: (payout, the steps, simulate_route's reach:
# the placements the simulation read)}. By terms first:
# a plan weighs all its routes under the same terms, so their floats are hashed once; then by the steps'
# identity, not their content: hashing a route's placements at every look-up cost more than the rest of it.
# An entry keeps its steps alive, so no other tuple takes their id while it stands; candidate_routes hands
# out one tuple per route (_made_routes, _one_copy), so later boards find its payouts.
_PAYOUTS: dict = {}
_PAYOUTS_LIMIT = 20_000


def payout(steps: tuple, income: float, budget: float, inflow: float, first: float, rate: float, phases: float,
           trains: int, chicago: int, bg_gain: float, bg_cost: float, now: int = 0) -> float:
    """Dollars company will pay its shareholders over ``phases`` dividend phases if built along ``steps``
    (:func:`simulate_route`), remembered: a decision weighs the same routes under the same terms often."""
    return payout_under(steps, (income, budget, inflow, first, rate, phases, trains, chicago, bg_gain, bg_cost, now))


def payout_under(steps: tuple, terms: tuple) -> float:
    """:func:`payout` with its arguments after the steps as one tuple."""
    table = _PAYOUTS.get(terms)
    if table is None:
        table = _payouts_under(terms)
    hit = table.get(id(steps))
    if hit is None:  # _simulated without the call (a dozen times a decision)
        total, reach = simulate_route(steps, *terms)
        table[id(steps)] = (total, steps, reach)
        return total
    return hit[0]


def _payouts_under(terms: tuple) -> dict:
    """The remembered payouts under these terms, by the id of the steps."""
    table = _PAYOUTS.get(terms)
    if table is None:
        if len(_PAYOUTS) > _PAYOUTS_LIMIT:
            _PAYOUTS.clear()
        table = _PAYOUTS[terms] = {}
    return table


def _simulated(table: dict, steps: tuple, terms: tuple) -> tuple[float, tuple, int]:
    """:func:`simulate_route` of ``steps`` under ``terms``, remembered in ``table``: its entry there."""
    total, reach = simulate_route(steps, *terms)
    entry = table[id(steps)] = (total, steps, reach)
    return entry


def simulate_route(steps: tuple, income: float, budget: float, inflow: float, first: float, rate: float,
                   phases: float, trains: int, chicago: int, bg_gain: float, bg_cost: float,
                   now: int = 0) -> tuple[float, int]:
    """Dollars company will pay its shareholders over ``phases`` dividend phases if built along ``steps``, and
    its *reach*: how many of the steps it read (``len(steps) + 1`` when it went on beyond them). Any route
    that starts with the same ``reach`` steps pays as much.

    Each stretch between dividend phases the company is built ``rate`` times (``first`` in the
    current stretch), three placements a build (CE-6.2), as long as its treasury pays (CE-6.10);
    ``inflow`` dollars of share sales arrive at the start of each later stretch. After the route
    it goes on at ``bg_gain`` income per placement costing ``bg_cost``. Each dividend phase pays
    the income of that time (CE-9.2); reaching Chicago adds ``chicago`` income (CE-10.2) and an
    extra payout of the raised income (the Chicago dividend, CE-10.3). ``now`` placements are
    made before anything else (a build chosen now). The last phase counts by the fraction of
    ``phases`` beyond the whole ones.
    """
    total = 0.0
    beyond = False
    failed = -1  # the last step the treasury could not pay: read, but not placed
    inc = float(income)
    money = budget
    i, n = 0, len(steps)
    credit = float(now) if now else 3.0 * first
    first_pending = now > 0  # after the build chosen now, the rest of this stretch's builds
    per_stretch = 3.0 * rate  # placements a stretch adds to the credit
    for t in range(math.ceil(phases - 1e-9)):
        weight = phases - t
        if not weight < 1.0:  # min(1.0, …) without the call
            weight = 1.0
        while trains > 0:
            if credit < 1.0:
                if first_pending:
                    first_pending = False
                    credit += 3.0 * first
                    continue
                break
            if i < n:
                _, cost, gain, chi = steps[i]
                if cost > money:
                    failed = i
                    break
                money -= cost
                if chi:
                    inc += chicago
                    total += inc * weight  # the Chicago dividend
                else:
                    inc += gain
            else:  # the background growth after the route
                beyond = True
                if bg_cost > money:
                    break
                money -= bg_cost
                inc += bg_gain
            credit -= 1.0
            trains -= 1
            i += 1
        first_pending = False
        total += inc * weight
        credit = (credit if credit < 3.0 else 3.0) + per_stretch
        money += inflow  # share sales before the next stretch
    return total, (n + 1 if beyond else i + 1 if failed == i else i)


_ROUTES: dict = {}  # (company, board, money weight, trains, targets, onward) -> the candidate routes
_ROUTES_LIMIT = 20_000
# (company, money weight) -> (search, income table, {target: (steps, steps on to Chicago or None)}) of the
# routes made last: a rival's train changes few of them (search.changes), the others are handed out again
_MADE: dict = {}
_COPIES: dict = {}  # steps -> the one tuple of them handed out, so that a route made again finds its payouts
_COPIES_LIMIT = 20_000


def _one_copy(steps: tuple) -> tuple:
    """The tuple of these steps handed out before, if any (see _PAYOUTS)."""
    kept = _COPIES.get(steps)
    if kept is None:
        if len(_COPIES) > _COPIES_LIMIT:
            _COPIES.clear()
        kept = _COPIES[steps] = steps
    return kept


def _made_routes(c: int, money_weight: float, found: tuple, income: list[int]) -> dict:
    """The routes made for this search and income table so far: those the last ones share with it."""
    key = (c, money_weight)
    last = _MADE.get(key)
    if last is not None and last[1] is income:
        if last[0] is found:
            return last[2]
        delta = changes(c, money_weight, found)
        if delta is not None and delta[0] is last[0]:
            made = last[2].copy()
            for h in delta[1]:
                made.pop(h, None)
            _MADE[key] = (found, income, made)
            return made
    made = {}
    _MADE[key] = (found, income, made)
    return made


def candidate_routes(s, c: int, w: dict) -> list[tuple[int, tuple, tuple | None]]:
    """``[(target, steps, steps on to Chicago or None)]``: the cheapest routes to the best income targets and
    Chicago. They depend on the board and c's trains only, so they are computed once per board."""
    trains = P.trains_left(s)[c]
    onward = c not in P.reached_chicago(s)
    key = (c, P.board_key(s), w["money_weight"], trains, int(w["targets"]), onward)
    hit = _ROUTES.get(key)
    if hit is not None:
        return hit
    found = cheapest_routes(s, c, w["money_weight"])
    weight, count, prev = found
    income, targets = incomes(s)
    # candidate targets: hexes with income (cities, mountains, industrial cities) and Chicago, best income per
    # weight; those reached (count above 0) within the trains left, picked by C-level maps (this runs per board)
    counts = list(map(count.__getitem__, targets))
    reached = list(compress(targets, map(and_, map(bool, counts), map(trains.__ge__, counts))))
    quick = list(zip(map(truediv, map(income.__getitem__, reached), map(weight.__getitem__, reached)), reached))
    if 0 < count[_CHICAGO] <= trains:
        quick.append((math.inf, _CHICAGO))
    quick.sort(reverse=True)
    net = P.network(s, c)
    occ = P.occupancy(s)
    made = _made_routes(c, w["money_weight"], found, income)
    out = []
    for _, h in quick[: int(w["targets"]) + 1]:
        routes = made.get(h)
        if routes is None:
            steps = _one_copy(route_steps(net, occ, income, h, prev))
            tail = TAIL_TO_CHICAGO[h] if h != _CHICAGO else None
            routes = made[h] = (steps, _one_copy(steps + tail) if tail else None)  # the target, then on to Chicago
        steps, onwards = routes
        out.append((h, steps, onwards if onward and onwards is not None and len(onwards) <= trains else None))
    if len(_ROUTES) > _ROUTES_LIMIT:
        _ROUTES.clear()
    _ROUTES[key] = out
    return out


def _same_start(starts: dict[int, dict[int, float]], steps: tuple, table: dict) -> tuple | None:
    """The payout entry of ``steps`` (a route to a target, a path of the plan's search) from a route read as
    far as a hex they share: routes of one search through a hex have the same placements up to it."""
    n = len(steps)
    for r, payouts in starts.items():
        if r <= n:
            found = payouts.get(steps[r - 1][0] if r else -1)
            if found is not None:
                entry = table[id(steps)] = (found, steps, r)
                return entry
    return None


def best_plan(s, c: int, w: dict, phases: float, rate: float, first: float, inflow: float) -> Plan:
    """The route whose :func:`payout` is highest (or just the background growth when none beats it; its
    ``route`` is then still the best route, what a build with money in the treasury follows, CE-6.10)."""
    trains = P.trains_left(s)[c]
    income = P.income(s)[c]
    budget = float(P.treasury(s)[c])
    chicago = P.chicago_income(s)
    bg_gain, bg_cost = w["background_income"], w["background_cost"]
    terms = (income, budget, inflow, first, rate, phases, trains, chicago, bg_gain, bg_cost, 0)  # payout's, after steps
    best = Plan(c, (), -1, payout((), *terms))
    to_chicago = route = None
    top = best.payout
    table = _payouts_under(terms)
    remembered = table.get
    starts: dict[int, dict[int, float]] = {}  # reach -> {the hex placed at that depth: the payout}
    for h, steps, onwards in candidate_routes(s, c, w):
        hit = remembered(id(steps))  # payout(steps, *terms) without the call
        if hit is None:
            hit = _same_start(starts, steps, table) if starts else None
            if hit is None:
                hit = _simulated(table, steps, terms)
        value, _, reach = hit
        if reach <= len(steps):
            starts.setdefault(reach, {})[steps[reach - 1][0] if reach else -1] = value
        if h == _CHICAGO:
            to_chicago = (steps, h, value)
        if route is None or value > route[2]:
            route = (steps, h, value)
        if value > top:
            top = value
        if onwards is None:
            continue
        hit = remembered(id(onwards))
        if hit is None:  # when the route to h was all the simulation read, on to Chicago pays as much
            hit = table[id(onwards)] = (value, onwards, reach) if reach <= len(steps) else \
                _simulated(table, onwards, terms)
        if hit[0] > route[2]:
            route = (onwards, h, hit[0])
        if hit[0] > top:
            top = hit[0]
    route_plan = Plan(c, *route) if route is not None else None
    if route_plan is not None and top > best.payout:
        best = route_plan  # the best plan is then its own best route
    best.chicago = Plan(c, *to_chicago) if to_chicago is not None else None
    best.route = route_plan
    return best


# (company, board, its trains, whether it is in Chicago, its income and treasury, the Chicago raise, the
# phases, rate, first and inflow exactly, the weights best_plan reads) -> best_plan's answer. The planners'
# own caches round their keys (a seat reuses its plan for nearly the same clock), so they cannot be shared
# without changing moves; this one is exact, so every seat's planner with the same weights shares it: the
# seats of one auction, and the seat after a mover who changed no route, value the same plans.
_PLANS: dict = {}
_PLANS_LIMIT = 20_000


def shared_plan(s, c: int, w: dict, phases: float, rate: float, first: float, inflow: float) -> Plan:
    """:func:`best_plan`, remembered by all it depends on (read-only: shared by every planner)."""
    key = (c, P.board_key(s), P.trains_left(s)[c], P.income(s)[c], P.treasury(s)[c], c in P.reached_chicago(s),
           P.chicago_income(s), phases, rate, first, inflow, w["money_weight"], w["targets"],
           w["background_income"], w["background_cost"])
    plan = _PLANS.get(key)
    if plan is None:
        if len(_PLANS) > _PLANS_LIMIT:
            _PLANS.clear()
        plan = _PLANS[key] = best_plan(s, c, w, phases, rate, first, inflow)
    return plan
