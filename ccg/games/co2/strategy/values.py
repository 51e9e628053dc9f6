"""What a CO2 position is worth to a seat: its own VP-to-be, and the planet's outlook.

``utility = own + cooperation * planet_weight * planet``. ``own`` counts, in VP at the end
of the game, what the seat holds (VP, coins, resources, CEP), the income its expertise will
still pay, its scientists, the regions it controls, its company goal and UN goals, and the
*plan*: the green plants it is on the way to build, each discounted by the steps still
missing (propose → install → licence → coins and resources → build). ``planet`` is minus the
ppm by which the forecast (``forecast.trajectory``) overshoots the 500 ppm line at each
Supply phase still to come, so a green plant that saves a fossil plant before the checks
that matter is worth most to a cooperative seat.
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, fields

from ccg.i18n import NP_

from ..state import Co2State
from . import forecast as fc
from . import position as rd
from .position import HAND, POOL, PROJECT_SPACES, SUMMIT0

# the names of the utility's terms (``Valuer.terms``) and of its unit, marked for the catalogs: ``explain``
# shows them in the reader's language (marked here once, not in the hot path)
TERM_NAMES = (
    NP_("co2", "VP"), NP_("co2", "the planet is lost"), NP_("co2", "lead over the best rival"),
    NP_("co2", "the best rival's prospects"), NP_("co2", "the planet (ppm outlook)"), NP_("co2", "coins"),
    NP_("co2", "resources"), NP_("co2", "CEP"), NP_("co2", "income to come"), NP_("co2", "expertise"),
    NP_("co2", "scientists"), NP_("co2", "regions controlled"), NP_("co2", "company goal"), NP_("co2", "UN goals"),
    NP_("co2", "plan (green plants on the way)"))
# the names of :meth:`Valuer.own`'s values, in order; a finished game's terms
OWN_TERMS = (TERM_NAMES[0],) + TERM_NAMES[5:]
_LOST_NAMES = TERM_NAMES[:2]
_OVER_NAMES = (TERM_NAMES[0], TERM_NAMES[2])
_RATES_LIMIT = 10_000
_WEIGHTS_LIMIT = 64
_WEIGHTS: dict = {}  # repr(weights) -> the Weights object valuers with these weights share


@dataclass(frozen=True)
class Weights:
    """The named knobs (documented in ``data/strategist.json``)."""

    coin_early: float = 0.4
    resource_early: float = 1.5
    resource_late: float = 0.3
    cep_early: float = 0.3
    price_drift: float = 0.5
    income: float = 0.6
    expertise: float = 0.3
    scientist: float = 1.0
    on_project: float = 0.8
    on_summit: float = 0.8
    control: float = 1.0
    goal: float = 1.0
    goal_growth: float = 1.0
    un_goal: float = 0.7
    plan: float = 0.8
    plan_step: float = 0.75
    licence_step: float = 0.75
    plan_second: float = 0.5
    coins_per_step: float = 4.0
    planet: float = 4.0
    cushion: float = 30.0
    far: float = 0.8
    urgency: float = 6.0
    lost: float = 60.0
    rival: float = 0.0
    spend: float = 0.3
    new_source: float = 1.0

    @classmethod
    def from_mapping(cls, values: dict) -> "Weights":
        names = {f.name for f in fields(cls)}
        return cls(**{k: float(v) for k, v in values.items() if k in names})


_SHAPES_LIMIT = 20_000
# A planned plant's needs (``Valuer.plan``): (VP, coins' cost, resources' cost, 64 × the Supply phases it misses,
# plan_step^turns, licence_step^expertise missing, VP of a new source); typed, so compiled code reads machine numbers
Shape = tuple[float, float, float, int, float, float, float]
OUT_OF_REACH: Shape = (0.0, 0.0, 0.0, -1, 0.0, 0.0, 0.0)  # the plant cannot be built before the end
NO_SPACE = float("-inf")  # the planet bonus where no region of a layout entry has a space left (CO2-6.3.8)
UNIT = 30.0  # ppm of one average fossil plant: the planet term counts in these units

# How much a company goal's count (CO2-12.2.3) is expected to grow over a whole game for a seat that
# keeps it: the mean count of each kind at the end of default strategist games (seeds 500-507,
# measured with benchmarks/mechanics_co2.py's players), CEP in hand as what a seat holding that goal
# keeps back from the market. Scaled by the share of the game left and the ``goal_growth`` weight.
GOAL_GROWTH = {
    "regions_controlled": 1.3, "regions_with_plant": 2.4, "un_goals": 0.9, "plants_after_first": 2.1,
    "cep_in_hand": 3.0, "highest_expertise": 1.8, "plant_sources": 2.2,
}


def expected_goal_vp(s: Co2State, p: int, tau: float, growth: float) -> float:
    """What seat p's company goal is expected to score at the end: its count now plus the count still
    expected (``GOAL_GROWTH`` × the share ``tau`` of the game left × ``growth``), times its VP each, capped."""
    kind, each, cap = rd.company_goal_card(s, p)
    count = rd.company_goal_value(s, p) / each
    expected, cap_vp = each * (count + growth * GOAL_GROWTH.get(kind, 1.0) * tau), float(cap)
    return expected if expected < cap_vp else cap_vp  # min() as a comparison: this runs per valuation


def check_weights(w: Weights, outlook: fc.Outlook) -> list[float]:
    """Weight of each Supply phase to come: ``far`` per phase further away, and more the fewer turns
    are left to build before it (``urgency`` / (turns + 1)): after the last turn nothing can help."""
    out, far = [], 1.0
    for turns in outlook.turns_before:
        out.append(far * (1.0 + w.urgency / (max(0, turns) + 1.0)))
        far *= w.far
    return out


def planet(s: Co2State, w: Weights, outlook: fc.Outlook, weights: Sequence[float] | None = None) -> float:
    """Minus the forecast's overshoot of the loss line (CO2-14.3), in fossil-plant units."""
    line = rd.ppm_lose(s) - w.cushion
    out = 0.0
    for (_, level), weight in zip(outlook.trajectory, weights or check_weights(w, outlook)):
        if level > line:
            out -= weight * (level - line) / UNIT
    return out


def planet_gain(s: Co2State, w: Weights, first: int, saved: float, outlook: fc.Outlook,
                weights: Sequence[float] | None = None) -> float:
    """How much ``planet`` rises if a green plant saves ``saved`` ppm from decade ``first`` on."""
    if saved <= 0:
        return 0.0
    line = rd.ppm_lose(s) - w.cushion
    gain = 0.0
    for (d, level), weight in zip(outlook.trajectory, weights or check_weights(w, outlook)):
        if d >= first and level > line:
            over = level - line
            gain += weight * (over if over < saved else saved) / UNIT  # min(saved, over), without the call
    return gain


_LAYOUTS: dict = {}
_LAYOUTS_LIMIT = 50_000


_MASKS: dict[tuple[int, ...], int] = {}  # a set of regions -> its bit mask
_GROUPS: dict = {}  # a source's layout entries -> (its key, the entries): equal groups are one object
_GROUP_KEYS = itertools.count(0, 2)  # never reused, so a key stays unique when _GROUPS is emptied
_REGION_TARGETS: dict = {}
_LAYOUTS_BY_TARGETS: dict = {}  # every region's targets -> the layout
_REGIONS_OF: object = None  # the component set _LAYOUTS and _REGION_TARGETS hold for
_LAST_LAYOUT: list[tuple | None] = [None]  # (components, the board's lists, its layout) of the last position


def _region_targets(s: Co2State, r: int) -> tuple[int, ...]:
    """Region r's targets as ``6 * source + 3 * grant + steps`` (see :func:`_plan_layout`)."""
    proj, inst = rd.projects(s), rd.installed(s)
    here: dict[int, int] = {}
    empty = False
    for ps in (3 * r, 3 * r + 1, 3 * r + 2):  # the region's three project spaces (CO2-DATA-02)
        k = proj[ps]
        if k >= 0:
            step = 0 if inst[ps] else 1
            if step < here.get(k, 9):
                here[k] = step
        elif k == -1:
            empty = True
    grant = 1 if rd.region_resources(s, r) > 0 else 0
    out = []
    for src in rd.agenda(s, r):
        steps = here.get(src, 9)
        if steps > 2 and empty and rd.project_supply(s, src) > 0:
            steps = 2
        if steps < 9:
            out.append(6 * src + 3 * grant + steps)
    return tuple(out)


def _plan_layout(s: Co2State) -> tuple[tuple[int, int, tuple[tuple[int, int, int, tuple[int, ...], int], ...]], ...]:
    """The plan's targets by source, grouped by what a planned plant needs:
    ``((source, key, ((shape, steps, grant, regions, their bit mask), ...)), ...)``.

    A target is a source a region's agenda lists (CO2-11.1.2) that can get a plant there: 0 steps for an
    installed project, 1 for a proposed one, 2 for a free project space while tiles of the source are left
    (CO2-6.1.5); grant 1 when the region's resource pile can pay one resource (CO2-6.3.4). Regions whose
    targets agree on (source, steps, grant) share one entry (``shape`` = 6 * source + 3 * grant + steps
    indexes :meth:`Valuer.plan`'s table of planned-plant needs); only their planet bonus differs. A source's
    entries are one object wherever they are the same, named by ``key`` (even): :meth:`Valuer.plan` keeps the
    source's value per key. Shared by every position with the same projects, agendas and regional resources."""
    # most of a decision's candidates leave the board as it was: comparing the last board's lists (their numbers
    # are the same objects, so each compares at a pointer) costs less than building and hashing the key
    last = _LAST_LAYOUT[0]
    if last is not None and last[0] is s.components and s.projects == last[1] and s.installed == last[2] \
            and s.region_resources == last[3] and s.project_supply == last[4] and s.agenda == last[5]:
        return last[6]
    layout = _board_layout(s)
    _LAST_LAYOUT[0] = (s.components, s.projects.copy(), s.installed.copy(), s.region_resources.copy(),
                       s.project_supply.copy(), s.agenda.copy(), layout)
    return layout


def _board_layout(s: Co2State) -> tuple[tuple[int, int, tuple[tuple[int, int, int, tuple[int, ...], int], ...]], ...]:
    """:func:`_plan_layout` from the tables of layouts already made."""
    global _REGIONS_OF
    if _REGIONS_OF is not s.components:  # the layouts and per-region targets hold for one component set
        _REGIONS_OF = s.components
        _LAYOUTS.clear()
        _REGION_TARGETS.clear()
        _LAYOUTS_BY_TARGETS.clear()
    # one flat tuple (one allocation, one hash) of everything the layout reads; the lists' lengths are fixed.
    # The layouts hold only numbers, so the collector stops tracking them
    key = (*s.projects, *s.installed, *s.agenda, *s.project_supply, *s.region_resources)
    hit = _LAYOUTS.get(key)
    if hit is not None:
        return hit
    if len(_REGION_TARGETS) > _LAYOUTS_LIMIT:
        _REGION_TARGETS.clear()
        _LAYOUTS_BY_TARGETS.clear()
    proj, inst, agendas, piles = rd.projects(s), rd.installed(s), s.agenda, s.region_resources
    supply = tuple([k > 0 for k in s.project_supply])  # which sources still have project tiles (CO2-6.1.5)
    every_region = []
    for r in range(rd.REGIONS):
        o = 3 * r
        region_key = (r, proj[o], proj[o + 1], proj[o + 2], inst[o], inst[o + 1], inst[o + 2], agendas[r],
                      piles[r] > 0, supply)
        slots = _REGION_TARGETS.get(region_key)
        if slots is None:
            slots = _REGION_TARGETS[region_key] = _region_targets(s, r)
        every_region.append(slots)
    # positions that differ in what the regions' targets do not read (a pile's size, a project tile of a
    # source still in supply) have the same targets: one layout
    targets = tuple(every_region)
    layout = _LAYOUTS_BY_TARGETS.get(targets)
    if layout is None:
        layout = _LAYOUTS_BY_TARGETS[targets] = _layout_of(targets)
    if len(_LAYOUTS) > _LAYOUTS_LIMIT:
        _LAYOUTS.clear()
    _LAYOUTS[key] = layout
    return layout


def _layout_of(targets: tuple[tuple[int, ...], ...]) -> tuple:
    """The layout (see :func:`_plan_layout`) of each region's targets, ``targets[r]``."""
    groups: dict[int, list[int]] = {}
    for r, slots in enumerate(targets):
        for slot in slots:
            regions = groups.get(slot)
            if regions is None:
                groups[slot] = [r]
            else:
                regions.append(r)
    by_source: dict[int, list] = {}
    for shape, regions in groups.items():
        these = tuple(regions)
        mask = _MASKS.get(these)
        if mask is None:  # at most 63 sets of regions
            mask = _MASKS[these] = sum(1 << r for r in these)
        by_source.setdefault(shape // 6, []).append((shape, shape % 3, shape % 6 // 3, these, mask))
    if len(_GROUPS) > _LAYOUTS_LIMIT:
        _GROUPS.clear()
    out: list = []
    for src, entries in by_source.items():
        group = tuple(entries)
        named = _GROUPS.get(group)
        if named is None:
            named = _GROUPS[group] = (next(_GROUP_KEYS), group)
        out.append((src, named[0], named[1]))
    return tuple(out)


_ROUGH: dict = {}
_ROUGH_LIMIT = 50_000


def best_rival_rough(s: Co2State, p: int) -> float:
    """The best other seat's rough final VP (for the rival term): VP + coins / 2 + 2 × resources."""
    vps, coins, res = rd.holdings(s)
    key = (*vps, *coins, *res)  # one flat tuple: each list has a seat's entry
    top = _ROUGH.get(key)
    if top is None:  # (the best rough VP, its seat, the second best): of equals, the later seat counts as better
        if len(_ROUGH) > _ROUGH_LIMIT:
            _ROUGH.clear()
        best, best_seat, second = float("-inf"), -1, float("-inf")
        for q in range(s.num_players):
            rough = vps[q] + coins[q] * 0.5 + 2.0 * res[q]
            if rough >= best:
                best, best_seat, second = rough, q, best
            elif rough >= second:
                second = rough
        top = _ROUGH[key] = (best, best_seat, second)
    return top[0] if top[1] != p else top[2]


_PLACES: dict = {}
_PLACES_LIMIT = 10_000


def scientist_places(sci: list[int]) -> tuple[tuple[int, ...], int, int, bool]:
    """A seat's four scientists (``position.scientists``) summed up (CO2-8): the project spaces they work on,
    how many sit at summits, how many are hired, and whether one could go to a project (one is on a project or
    in hand); remembered per placement, as a seat's scientists move a few times a game."""
    key = tuple(sci)
    hit = _PLACES.get(key)
    if hit is None:
        if len(_PLACES) > _PLACES_LIMIT:
            _PLACES.clear()
        on_project = tuple([x for x in sci if 0 <= x < PROJECT_SPACES])
        summits = sum(1 for x in sci if x >= SUMMIT0)
        hired = len(sci) - sci.count(POOL)
        hit = _PLACES[key] = (on_project, summits, hired, bool(on_project) or HAND in sci)
    return hit


_UN_VP: dict = {}
_UN_VP_LIMIT = 10_000


def un_goals_vp(s: Co2State, built: int, weight: float) -> float:
    """``weight`` × the VP of the displayed UN goals a seat with built sources ``built`` could claim now
    (CO2-12.3.2), remembered per (display, built sources, weight): the display changes a few times a game."""
    key = (tuple(s.un_display), built, weight)
    hit = _UN_VP.get(key)
    if hit is None or hit[0] is not s.components:
        if len(_UN_VP) > _UN_VP_LIMIT:
            _UN_VP.clear()
        un = 0.0
        for need, gvp in rd.un_display_masks(s):
            if built & need == need:
                un += weight * gvp
        hit = _UN_VP[key] = (s.components, un)
    return hit[1]


_PLANTS: dict = {}
_PLANTS_LIMIT = 10_000


def _next_plants(s: Co2State) -> tuple:
    """``(components, the top tile of each green plant stack or None, the most coins and the most resources one
    of them costs, the stacks' key)`` (CO2-6.3.1), shared by positions with the same stacks."""
    key = tuple(s.plants_built)
    hit = _PLANTS.get(key)
    if hit is None or hit[0] is not s.components:
        if len(_PLANTS) > _PLANTS_LIMIT:
            _PLANTS.clear()
        tiles = tuple(rd.next_plant(s, src) for src in range(5))
        coins = max((t.coins for t in tiles if t is not None), default=0)
        resources = max((t.resources for t in tiles if t is not None), default=0)
        hit = _PLANTS[key] = (s.components, tiles, coins, resources, key)
    return hit


class Valuer:
    """Evaluates positions for one seat with fixed weights and a cooperation level."""

    def __init__(self, weights: Weights, cooperation: float) -> None:
        # valuers with the same weights (a table of default strategists) share one weights object: the outlooks'
        # memo (Supply phases' weights, planet bonuses) is kept per weights object. repr: -0.0 and 0.0 are equal
        # but not alike. (Their other tables stay their own: they live as long as the valuer, not the process.)
        self.w: Weights = _WEIGHTS.setdefault(repr(weights), weights)
        if len(_WEIGHTS) > _WEIGHTS_LIMIT:  # a tuner tries many weights: valuers made before keep theirs
            _WEIGHTS.clear()
        self.coop = cooperation
        self._shapes: dict = {}  # the plan's planned-plant needs, shared by positions that agree on them
        self._shapes_of: object = None  # the component set ``_shapes`` holds for
        self._rates: dict = {}  # (turns left, turns in all, CEP price) -> ``_time_rates``
        extra = (TERM_NAMES[4],) if cooperation else ()  # the planet's term
        self._names = {False: OWN_TERMS + extra, True: OWN_TERMS + (TERM_NAMES[3],) + extra}  # by: a rival term

    # ---- the whole utility ---------------------------------------------------------------------
    def utility(self, s: Co2State, p: int) -> float:
        """The seat's value of the position: the sum of :meth:`terms`, in their order."""
        return sum(self._parts(s, p)[1])

    def terms(self, s: Co2State, p: int) -> dict[str, float]:
        """The utility's named terms, in VP at the end of the game (what ``explain`` compares)."""
        names, values = self._parts(s, p)
        return dict(zip(names, values))

    def _parts(self, s: Co2State, p: int) -> tuple[tuple[str, ...], list[float]]:
        """The names of the utility's terms and their values, in order (a list, not a dict: this runs per
        candidate, and the utility sums the values in this order, as the terms' dict would give them)."""
        w = self.w
        n = s.num_players
        if s.is_terminal():
            if s.lost:  # CO2-14.3: everyone loses; a selfish seat does not weigh it
                return _LOST_NAMES, [float(rd.vp(s, p)), -self.coop * w.lost]
            best = max(rd.vp(s, q) for q in range(n) if q != p) if n > 1 else 0
            return _OVER_NAMES, [float(rd.vp(s, p)), w.rival * (rd.vp(s, p) - best) if n > 1 else 0.0]
        outlook = fc.outlook_of(s)
        memo: tuple | None = outlook.memo.get(id(w))
        if memo is None or memo[0] is not w:  # the Supply phases' weights and each region's planet bonus
            weights = tuple(check_weights(w, outlook))  # a tuple: the collector stops tracking it
            memo = outlook.memo[id(w)] = (w, weights, {})
        values = self.own(s, p, outlook, memo)
        rival = bool(w.rival) and n > 1
        if rival:
            values.append(-w.rival * best_rival_rough(s, p))
        if self.coop:
            ppm_outlook = memo[2].get("planet")  # the same for every position of the outlook
            if ppm_outlook is None:
                ppm_outlook = memo[2]["planet"] = planet(s, w, outlook, memo[1])
            values.append(self.coop * w.planet * ppm_outlook)
        return self._names[rival], values

    # ---- one seat's own prospects -------------------------------------------------------------
    def own(self, s: Co2State, p: int, outlook: fc.Outlook, memo: tuple | None = None) -> list[float]:
        """The seat's own prospects (VP at the end of the game), one value per name of ``OWN_TERMS``; ``memo``:
        ``(weights, the Supply phases' weights, {coop: ([per region, [planet bonus by the Supply phases out of
        reach]], {(regions, Supply phases out of reach): the best such bonus among them}), "planet": the planet
        term before its weights})`` shared by every position of this outlook."""
        if memo is None:
            memo = (self.w, check_weights(self.w, outlook), {})
        w = self.w
        left, total = rd.own_turns(s, p)
        price = rd.cep_price(s)
        rates = self._rates.get((left, total, price))
        if rates is None or rates[0] is not s.rules:
            rates = self._rates[left, total, price] = self._time_rates(s, left, total, price)
        _, tau, coin, res, cep_v, plan_coin, plan_res = rates
        vp, coins, resources, cep = rd.seat_holdings(s, p)
        exp = rd.expertise(s, p)
        # scientists (CO2-8): hired ones, one working on a project (+1 expertise a turn, CO2-5.4.1)
        on_project, summits, hired, spare = scientist_places(rd.scientists(s, p))
        proj = rd.projects(s)
        studied = 0  # the sources of the projects they work on (a bit each)
        for x in on_project:
            k = proj[x]
            if k >= 0:
                studied |= 1 << k
        science = w.scientist * tau * (hired - 1)
        if left > 0 and on_project:
            science += w.on_project * tau
        science += w.on_summit * summits
        # regions controlled (CO2-11.5): their CEP at the end, minus the fossil CEP they will cost
        control = 0.0
        ctrl = rd.controllers(s)
        if p in ctrl:
            for r, seat in enumerate(ctrl):
                if seat == p:
                    control += w.control + (rd.region_cep(s, r) - outlook.future_fossils[r]) * cep_v
        built = rd.built_sources(s, p)
        return [
            float(vp), coins * coin, resources * res, cep * cep_v,
            # income still to come: every Supply phase plus the final income (CO2-4.2, CO2-15.2.3)
            w.income * rd.income(s, p) * (len(outlook.checks) + 1),
            w.expertise * tau * sum(exp),
            science,
            control,
            # company goal (CO2-12.2): what it is expected to score at the end, unless sold (CO2-12.2.2)
            w.goal * expected_goal_vp(s, p, tau, w.goal_growth) if rd.goal_open(s, p) else 0.0,
            # UN goals one could claim now (CO2-12.3.2)
            un_goals_vp(s, built, w.un_goal) if built else 0.0,
            w.plan * self.plan(s, p, left, plan_coin, plan_res, exp, outlook, built, memo, studied, spare, coins,
                               resources) if left > 0 else 0.0,
        ]

    def _time_rates(self, s: Co2State, left: int, total: int, price: int) -> tuple:
        """``(rules, tau, a coin, a resource, a CEP, a coin and a resource paid for a plant)`` for ``left`` of
        ``total`` turns to play and the CEP price now: tau is the share of the game still to play, the rest
        their VP at the end of the game."""
        w = self.w
        tau = left / total
        per_vp = s.rules["final.coins_per_vp"]
        coin = 1.0 / per_vp + w.coin_early * tau  # at the end 2 coins = 1 VP (CO2-15.3.2)
        res = w.resource_late + w.resource_early * tau
        # CEP are sold at the end at the market price then (CO2-15.2.2), which rises whenever the
        # market runs dry (CO2-7.2.4): expect part of the way to the top price
        final_price = price + w.price_drift * tau * (rd.cep_price_max(s) - price)
        cep_v = final_price / per_vp + w.cep_early * tau
        # coins and resources spent on a plant cost their end value plus ``spend`` of their early premium:
        # paying for plants is what the premium is for
        end_coin = 1.0 / per_vp
        plan_coin = end_coin + w.spend * (coin - end_coin)
        plan_res = w.resource_late + w.spend * (res - w.resource_late)
        if len(self._rates) > _RATES_LIMIT:
            self._rates.clear()
        return s.rules, tau, coin, res, cep_v, plan_coin, plan_res

    # ---- the plan: the green plants this seat is on the way to build ----------------------------
    def plan(self, s: Co2State, p: int, left: int, coin: float, res: float, exp: list[int], outlook: fc.Outlook,
             built: int, memo: tuple, studied: int, spare: bool, have_coins: int, have_res: int) -> float:
        """Σ over the best targets of (VP + planet − cost) × plan_step^(turns still missing) ×
        licence_step^(expertise still missing) (CO2-6).

        Turns to a plant of a source in a region whose agenda lists it (CO2-11.1.2): 0, 1 or 2
        for an installed / proposed / proposable project there; the coins and resources still
        missing (CO2-6.3.4); then the build. The licence shortfall (CO2-6.3.3) shrinks by one a
        turn while a scientist works on a project of the source (CO2-5.4.1) — at the end of a turn
        spent on something else — so it is discounted by its own ``licence_step``. ``studied``: a bit per
        source of a project this seat's scientists work on; ``spare``: one of them could go to a project;
        ``coin`` and ``res``: the VP a coin and a resource paid for a plant cost (``_time_rates``); ``have_coins``
        and ``have_res``: the seat's."""
        w = self.w
        n = s.num_players
        now = 1 if rd.action_open(s, p) else 0
        # a planned plant's needs are the same in every region with the same project steps and grant, and in
        # every position that agrees on what they are made of: per 2 * (6 * source + 3 * grant + steps) + 1 if
        # a scientist studies the source, None (out of reach) or (VP, coins' cost, resources' cost, 64 × the Supply
        # phases it misses, plan_step^turns, licence_step^expertise missing, VP of a new source). Coins and
        # resources beyond what the dearest next plant takes change none of them.
        plants = _next_plants(s)
        tiles = plants[1]
        if plants[2] < have_coins:
            have_coins = plants[2]
        if plants[3] < have_res:
            have_res = plants[3]
        if self._shapes_of is not s.components:  # the needs hold for one component set (its plant tiles)
            self._shapes_of = s.components
            self._shapes.clear()
        key = (*exp, plants[4], spare, have_coins, have_res, coin, res, left, now, n, outlook.turns_before, built)
        hit = self._shapes.get(key)
        if hit is None:
            if len(self._shapes) > _SHAPES_LIMIT:
                self._shapes.clear()
            gaps: tuple[int, ...] = tuple([0 if t is None else max(0, t.resources - exp[src])
                                           for src, t in enumerate(tiles)])
            # this seat's turns before each phase, at most
            reach = tuple([now + -(-t // n) for t in outlook.turns_before])
            # dicts and tuples of numbers only: once built, the collector stops tracking them
            hit = self._shapes[key] = ({}, gaps, reach, {}, {})
        reach = hit[2]
        nreach = len(reach)
        # the planet bonus of a plant by the Supply phases it misses (``late``): per region, by region + 64 * late,
        # and the best among the regions of a layout entry, by their bit mask + 64 * late (``NO_SPACE``: no region of
        # the entry has a space left). Keyed by numbers, holding numbers: the collector does not track them.
        table = memo[2].get(self.coop)
        if table is None:
            table = memo[2][self.coop] = ({}, {})
        by_regions = table[1]
        layout = _plan_layout(s)
        # the plan is these needs with these bonuses: positions agreeing on both have the same plan
        results: dict = hit[3]
        result_key = (id(layout), id(by_regions), studied)
        done = results.get(result_key)
        if done is not None and done[0] is layout and done[1] is by_regions:
            return done[2]
        # each source's value with these needs and these bonuses, by its layout entries' key (+1 when a scientist
        # studies the source): a position whose layout or scientists differ in one source reuses the others
        by_bonuses: dict = hit[4]
        known = by_bonuses.get(id(by_regions))
        if known is None or known[0] is not by_regions:
            known = by_bonuses[id(by_regions)] = (by_regions, {})
        source_values: dict[int, float] = known[1]
        shapes: dict[int, Shape] = hit[0]
        gaps = hit[1]
        soonest = reach[0] if reach else float("inf")
        plant_step, licence_step, per_step, new_source = w.plan_step, w.licence_step, w.coins_per_step, w.new_source
        last = left + 1
        first = second = 0.0  # the two best sources' values
        top: float
        shape: Shape
        for src, group_key, entries in layout:
            studies = studied >> src & 1
            known_top = source_values.get(group_key + studies)
            if known_top is not None:
                top = known_top
            else:
                top = 0.0
                tile = tiles[src]
                if tile is not None:  # read once per source: a tile is a Python object, its fields are looked up
                    tile_vp: float = tile.vp
                    tile_coins: int = tile.coins
                    tile_resources: int = tile.resources
                for slot, steps, grant, regions, mask in entries if tile is not None else ():
                    found = shapes.get(2 * slot + studies)
                    if found is not None:
                        shape = found
                    else:
                        gap = gaps[src]
                        lic: float
                        if studies:
                            lic = gap - steps if gap > steps else 0
                        else:
                            lic = gap + 0.5 if spare and gap else 2 * gap
                        need = tile_resources - 1 if grant and tile_resources > 0 else tile_resources
                        short = 0.0
                        if tile_coins > have_coins:
                            short = (tile_coins - have_coins) / per_step
                        if need > have_res:
                            short += (need - have_res) / 2.0
                        turns = steps + short + 1
                        shape = OUT_OF_REACH
                        if turns + lic <= last:
                            # the Supply phases the plant can still come before (CO2-14.3): those with enough
                            # of this seat's turns left before them, at best one in n table turns
                            late = 0
                            if soonest < turns:
                                late = 1
                                while late < nreach and reach[late] < turns:
                                    late += 1
                            # a source new to the seat: UN goals and expertise sets (CO2-12.3.2)
                            shape = (tile_vp, tile_coins * coin, need * res, 64 * late, plant_step ** turns,
                                     licence_step ** lic, 0.0 if built >> src & 1 else new_source)
                        shapes[2 * slot + studies] = shape
                    vp, pay_coins, pay_res, late64, step_factor, licence_factor, fresh = shape
                    if late64 < 0:  # OUT_OF_REACH
                        continue
                    bonus = by_regions.get(mask + late64)
                    if bonus is None:
                        bonus = by_regions[mask + late64] = self._best_bonus(s, regions, late64 >> 6, outlook,
                                                                             table[0], memo[1])
                    if bonus == NO_SPACE:
                        continue
                    net = vp + bonus - pay_coins - pay_res
                    if fresh:
                        net += fresh
                    if net > 0:
                        v = net * step_factor * licence_factor
                        if v > top:
                            top = v
                source_values[group_key + studies] = top
            if top > first:
                first, second = top, first
            elif top > second:
                second = top
        # the best source counts whole, the second best by ``plan_second``
        total = first + w.plan_second * second if first > 0 else 0.0
        results[result_key] = (layout, by_regions, total)
        return total

    def _best_bonus(self, s: Co2State, regions: tuple[int, ...], late: int, outlook: fc.Outlook, table: dict,
                    weights: Sequence[float]) -> float:
        """The best :meth:`_bonus` among ``regions`` (``NO_SPACE`` when none of them has a space left, CO2-6.3.8):
        the same plant in each of them is worth most where the planet gains most. ``table``: the bonuses already
        known, by region + 64 * late."""
        best = NO_SPACE
        savings = outlook.saving
        for r in regions:
            saving = savings[r]
            if saving is None:  # only green plants: nothing more can be built (CO2-6.3.8)
                continue
            b = table.get(r + 64 * late)
            if b is None:
                b = table[r + 64 * late] = self._bonus(s, r, late, saving, outlook, weights)
            if best == NO_SPACE or b > best:
                best = b
        return best

    def _bonus(self, s: Co2State, r: int, late: int, saving: tuple, outlook: fc.Outlook, weights: Sequence[float]) -> float:
        """The planet bonus of a green plant in region r that misses the first ``late`` Supply phases to come
        (the same for every position of the outlook: :meth:`plan` keeps it in the outlook's memo); ``weights``: the
        Supply phases' weights."""
        checks, w = outlook.checks, self.w
        if not self.coop or late >= len(checks):
            return 0.0
        return self.coop * w.planet * planet_gain(s, w, max(saving[0], checks[late]), saving[1], outlook, weights)
