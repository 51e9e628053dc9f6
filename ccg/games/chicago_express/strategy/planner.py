"""The Chicago Express planner: shares valued by the dividends they will pay, builds along plans, the clock.

One decision reads the position once into an :class:`~.values.Outlook` — the dividend
phases left (the game-end clock, :mod:`.clock`), each company's plan and the
dollars it will pay its shareholders (:mod:`.routes`), so each share's value —
and every seat's *worth*: cash plus what its shares will still pay. The
planner's measure of a move is the change in its own worth minus ``rivalry``
times the change in the others' (the best other seat by ``leader_focus``, the
rest by their mean): cash decides the game (CE-11.3).

* Choosing an action (CE-4.2): a build is a commitment to the company's plan or
  its route to Chicago — this build, the seat's further builds before the next
  dividend phase and ``own_builds`` per later stretch (CE-6), valued per build
  action; a development the income it adds to every company present
  (CE-8.7, CE-8.8) or the forest bonus (CE-8.9); an auction the predicted result
  of the bidding (who values the share most, at the second-highest value,
  CE-5.4); a forgone action is worth nothing.
* Bidding (CE-3.3, CE-5.4, CE-10.5): raise by the minimum while the price is
  below the share's value to this seat — the dividends it will pay over the
  phases left, what the other holders lose by dilution, and the money paid,
  which goes into the company's treasury (CE-5.5) and is built into income.
* Placing trains: the next hex of the company's plan; toward Chicago when that
  plan pays most.
"""
from __future__ import annotations

import math
from itertools import chain

from ccg.i18n import NP_

from . import position as P
from .clock import phases_left
from .routes import Plan, shared_plan
from .values import BUILD, Outlook

_TIE = 1e-9
# x -> round(x, 2), and round(x, 1): round with digits goes through decimal conversion (about a microsecond),
# each plan key rounds four floats, and the same few values recur decision after decision
_TO_2: dict[float, float] = {}
_TO_1: dict[float, float] = {}
_ROUNDED_LIMIT = 20_000


def _rounded(x: float, table: dict[float, float]) -> float:
    """``round(x, 2)`` for the table ``_TO_2``, ``round(x, 1)`` for ``_TO_1``, remembered."""
    r = table.get(x)
    if r is None:
        if len(table) > _ROUNDED_LIMIT:
            table.clear()
        r = table[x] = round(x, 2 if table is _TO_2 else 1)
    return r


def _gumbel(rng) -> float:
    """Gumbel noise: adding it to every option's value and taking the best samples a softmax choice."""
    u = min(max(rng.random(), 1e-12), 1.0 - 1e-12)
    return -math.log(-math.log(u))


class Planner:
    """``choose(state, seat, rng)`` for Chicago Express (see the module docstring)."""

    def __init__(self, weights: dict[str, float], persona: dict) -> None:
        self.w = dict(weights)
        investor = float(persona["investor"])
        self.investor = investor
        self.builder = 2.0 * (1.0 - investor)  # 0 for a pure dividend-seeker, 2 for a pure builder
        self.style_build = 1.5 - investor  # choice multipliers: builds vs auctions and developments
        self.style_invest = 0.5 + investor
        self._plans: dict = {}
        self.focus, self.rivalry = self.w["leader_focus"], self.w["rivalry"]  # read by every reservation price

    # ---- plans (cached by everything they depend on) -------------------------------------------
    # The cache's key rounds the clock and the build rates, so a plan is the one worked out for the first
    # position with that key: which positions ask, and in what order, decides the plans handed out.
    def plan(self, s, c: int, phases: float, rate: float, first: float, inflow: float) -> Plan:
        """Company c's plan (:func:`~.routes.best_plan`), remembered by this planner."""
        key = self._plan_key(s, c, phases, rate, first, inflow)
        plan = self._plans.get(key)
        if plan is None:
            if len(self._plans) > 20_000:
                self._plans.clear()
            plan = self._plans[key] = shared_plan(s, c, self.w, phases, rate, first, inflow)
        elif type(plan) is tuple:  # deferred: worked out now, for the position that first asked
            plan = self._plans[key] = shared_plan(*plan)
        return plan

    def defer_plan(self, frozen, c: int, phases: float, rate: float, first: float, inflow: float) -> None:
        """Claim the cache entry :meth:`plan` would make here without working the plan out (a placement
        decision needs the building company's plan only): a later :meth:`plan` with this key works it
        out for this position, so every plan handed out is the one asking for them all would give.
        ``frozen``: the position, not to be changed afterwards (:func:`~.position.snapshot`)."""
        key = self._plan_key(frozen, c, phases, rate, first, inflow)
        if key not in self._plans:
            if len(self._plans) > 20_000:
                self._plans.clear()
            self._plans[key] = (frozen, c, self.w, phases, rate, first, inflow)

    @staticmethod
    def _plan_key(s, c: int, phases: float, rate: float, first: float, inflow: float) -> tuple:
        to_2 = _TO_2.get  # remembered roundings first (a rounding to 0.0 just takes the longer way)
        return (c, P.board_key(s), P.treasury(s)[c], P.income(s)[c], to_2(phases) or _rounded(phases, _TO_2),
                to_2(rate) or _rounded(rate, _TO_2), to_2(first) or _rounded(first, _TO_2),
                _TO_1.get(inflow) or _rounded(inflow, _TO_1))

    def values(self, s) -> list[float]:
        """Every seat's worth — cash plus what its shares will still pay (CE-11.3) — the leaf value of
        ``mcts:value=strategist``; a finished game's scores."""
        if s.is_terminal():
            return [float(x) for x in s.scores()]
        return list(Outlook(s, self.w, self).worth)

    # ---- the decision -----------------------------------------------------------------------
    def choose(self, s, seat: int, rng):
        ph = P.phase(s)
        legal = s.legal_actions()
        if ph == P.BUILD:
            return self._place(Outlook(s, self.w, self, only=P.build_company(s)), legal)
        look = Outlook(s, self.w, self)
        if ph == P.CHOOSE:
            return self._choose_action(look, seat, legal, rng)
        return self._bid(look, seat, legal, rng)

    # ---- explaining a choice (``StrategistAgent.explain``) ------------------------------------------
    # the terms' names, marked for the catalogs (``explain`` shows them in the reader's language)
    TERM_NAMES = (NP_("chicago_express", "margin over the rivals"),
                  NP_("chicago_express", "play style (investor persona)"),
                  NP_("chicago_express", "dividends per build of the plan"),
                  NP_("chicago_express", "income the placement adds"),
                  NP_("chicago_express", "the share's worth to this seat"), NP_("chicago_express", "the price"))

    def explain_options(self, s, seat: int) -> tuple[str, list, str]:
        """The unit, ``[(action, {term: dollars})]`` of the moves this decision weighs, and a note."""
        ph = P.phase(s)
        legal = s.legal_actions()
        look = Outlook(s, self.w, self)
        if ph == P.CHOOSE:
            out = []
            for gain, mult, a in self._action_values(look, seat, legal):
                out.append((a, {"margin over the rivals": gain, "play style (investor persona)": gain * (mult - 1.0)}))
            return "$", out, NP_("chicago_express", "Action choices carry a little random noise (the temperature weight), "
                                "so near-ties may go either way.")
        if ph == P.BUILD:
            c = P.build_company(s)
            placed = P.build_placed(s)
            by_hex = {P.BOARD.index[a.where[0]]: a for a in legal if a.kind == "place"}
            terms: dict = {}
            for plan in self._candidates(look, c):
                a = by_hex.get(plan.steps[0][0])
                if a is not None:
                    v = self.commitment(look, plan, placed)
                    if v > terms.get(a, {}).get("dividends per build of the plan", float("-inf")):
                        terms[a] = {"dividends per build of the plan": v}
            for h, a in by_hex.items():
                terms.setdefault(a, {"income the placement adds": float(P.placement_income(s, h))})
            stop = [(a, {"dividends per build of the plan": 0.0}) for a in legal if a.kind != "place"]
            return "$", [(a, t) for a, t in terms.items()] + stop, ""
        c = P.auction_company(s)
        worth = self.reservation(look, seat, c)
        out = [(a, {"the share's worth to this seat": 0.0, "the price": 0.0}) if a.kind != "bid" else
               (a, {"the share's worth to this seat": worth, "the price": -float(a.args[0])}) for a in legal]
        return "$", out, NP_("chicago_express", "A bid is weighed by what the share is worth to this seat against its "
                                                 "price (CE-5.4). When the price will climb anyway it bids above the "
                                                 "minimum at once: half-way to the lower of its own worth and the best "
                                                 "other bidder's, or just above every other bidder's worth when the "
                                                 "share is clearly worth most to this seat (CE-3.3).")

    # ---- bidding (CE-3.3, CE-5.4, CE-10.5) ----------------------------------------------------
    def reservation(self, look: Outlook, seat: int, c: int, phases: float | None = None) -> float:
        """The most ``seat`` should pay for one more share of c: where its margin gain falls to zero.

        Gain at price x: its dividends from c with one more share (its own dilution included), minus
        ``rivalry`` × what the best other holder gains, minus x; the x paid into c's treasury
        (CE-5.5) raises c's payout by ``slope`` per dollar, counted by ``treasury_credit`` and the
        investor style. Cash is worth ``1 + cash_premium`` per dollar while phases remain to
        invest it in.
        """
        held = P.shares_held(look.s)
        mine = held[seat * 5 + c]
        S = look.out[c]
        f0, slope = self._sale_payouts(look, c, phases, 0 if mine else 1)  # 1: a new holder
        old = look.payout[c] / S if S else 0.0
        worth = look.worth
        rival = max(chain(range(seat), range(seat + 1, look.n)), key=worth.__getitem__)  # the first best
        focus, rivalry = self.focus, self.rivalry
        others = look.out[c] - mine
        r_held = focus * held[rival * 5 + c] + (1.0 - focus) * others / (look.n - 1)
        a = (mine + 1) * f0 / (S + 1) - mine * old - rivalry * r_held * (f0 / (S + 1) - old)
        b = slope * self.w["treasury_credit"] * self.builder * ((mine + 1) - rivalry * r_held) / (S + 1)
        cash_value = 1.0 + self.w["cash_premium"] * max(0.0, look.phases - 1.0) / 4.0
        denom = max(0.1, cash_value - b)
        return max(0.0, a / denom)

    def _sale_payouts(self, look: Outlook, c: int, phases: float | None, new_holder: int) -> tuple[float, float]:
        """c's payout after one more share is sold (to a new holder or not) and its rise per dollar of the
        price paid into the treasury (CE-5.5); the same for every seat alike, so worked out once a decision."""
        key = (c, phases, new_holder)
        found = look.memo.get(key)
        if found is None:
            f0 = look.company_payout(c, phases, holders=new_holder)
            step = max(4.0, float(P.minimum_price(look.s, c)))
            slope = max(0.0, (look.company_payout(c, phases, extra_money=step, holders=new_holder) - f0) / step)
            found = look.memo[key] = (f0, slope)
        return found

    def _bid(self, look: Outlook, seat: int, legal: list, rng):
        """Bid while the price is below the share's worth to this seat. When it is clearly worth most
        to this seat — above what any other bidder still in can pay (its reservation, at most its cash)
        — jump at once to one above the best other's reservation: the price the raises would reach.
        When the price will clearly climb — this seat and the best other bidder both value the share
        ``climb_gap`` dollars or more above the lowest bid — go ``climb_share`` of the way to the lower
        of the two worths at once, as people open an auction they expect to rise (CE-3.3, CE-5.4)."""
        s = look.s
        c = P.auction_company(s)
        top = self.reservation(look, seat, c) * (1.0 + self.w["bid_jitter"] * (2.0 * rng.random() - 1.0))
        lowest = P.lowest_bid(s)
        if len(legal) <= 1 or lowest > top:
            return P.PASS
        cash = P.cash(s)
        active = s.auction_active
        rivals = [min(float(cash[q]), self.reservation(look, q, c)) for q in range(look.n)
                  if q != seat and active >> q & 1]
        best_other = max(rivals, default=0.0)
        jump = int(best_other) + 1
        if top >= best_other + self.w["jump_margin"] and jump > lowest:
            target = min(jump, int(top), cash[seat])
            if target > lowest:
                action = P.bid(target)
                if action in legal:
                    return action
        climb_to = min(top, best_other)  # the raises reach about here whoever drops out first
        if climb_to - lowest >= self.w["climb_gap"]:
            target = min(lowest + int(self.w["climb_share"] * (climb_to - lowest)), cash[seat])
            if target > lowest:
                action = P.bid(target)
                if action in legal:
                    return action
        return P.bid(lowest)

    # ---- placing trains (CE-6) ------------------------------------------------------------------
    def _place(self, look: Outlook, legal: list):
        """The next hex of the plan this build is worth most for (the company's best or its Chicago route)."""
        s = look.s
        c = P.build_company(s)
        placed = P.build_placed(s)
        ranked = sorted(((self.commitment(look, plan, placed), i, plan)
                         for i, plan in enumerate(self._candidates(look, c))), key=lambda x: (-x[0], x[1]))
        by_hex = {P.BOARD.index[a.where[0]]: a for a in legal if a.kind == "place"}
        for value, _, plan in ranked:
            a = by_hex.get(plan.steps[0][0])
            if a is not None and value > 0:
                return a
        # the plans' next hexes are out of reach now (money): the best income the treasury can pay for
        best, best_gain = P.STOP, 0
        for h, a in by_hex.items():
            gain = P.placement_income(s, h)
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    # ---- choosing an action (CE-4.2) ------------------------------------------------------------
    def _action_values(self, look: Outlook, seat: int, legal: list) -> list[tuple[float, float, object]]:
        """``(gain, style multiplier, action)`` of every action choice (CE-4.2): the gain in this seat's
        margin over its rivals, and the persona's weight on builds or on auctions and developments."""
        base = look.margin(seat, look.worth)
        out: list[tuple[float, float, object]] = []
        dev_clock: list = []  # the clock after a development, and the payouts by it (when it differs)
        for a in legal:
            kind = a.kind
            if kind == "forgo":
                out.append((-self.w["forgo_penalty"], 1.0, a))
            elif kind == "build":
                out.append((self._build_value(look, seat, P.COMPANIES.index(a.args[0]), base), self.style_build, a))
            elif kind == "develop":
                out.append((self._develop_value(look, seat, P.BOARD.index[a.args[0]], base, dev_clock),
                            self.style_invest, a))
            else:  # auction
                c = P.COMPANIES.index(a.args[0])
                out.append((self._auction_value(look, seat, c, base), self.style_invest, a))
        return out

    def _choose_action(self, look: Outlook, seat: int, legal: list, rng):
        scored = [(g * m + self.w["temperature"] * _gumbel(rng), a) for g, m, a in self._action_values(look, seat, legal)]
        top = max(v for v, _ in scored)
        best = [a for v, a in scored if v >= top - _TIE * max(1.0, abs(top))]
        return best[rng.below(len(best))] if len(best) > 1 else best[0]

    def _build_value(self, look: Outlook, seat: int, c: int, base: float) -> float:
        """A build now, as the first of up to ``k`` builds this seat can still make in this stretch.

        See :meth:`commitment`; the company's best plan and its route to Chicago are both tried.
        """
        plans = self._candidates(look, c)
        money = P.treasury(look.s)[c]
        best = max((self.commitment(look, plan, 0) for plan in plans if plan.steps[0][1] <= money), default=None)
        if best is None or best <= 0.0:
            # no plan's next placement is worth paying for (or the treasury cannot pay it): the build
            # would place nothing (CE-6.2) — worse than any other action, forgoing included
            return -2.0 * self.w["forgo_penalty"] - 1.0
        return look.margin(seat, look.with_payouts({c: look.payout[c] + best})) - base

    def _candidates(self, look: Outlook, c: int) -> list[Plan]:
        plan = look.plan_of(c)
        if plan.steps:
            out = [plan]
        else:  # CE-6.10: no route beats spreading out at random, but the treasury's money still builds one
            out = [plan.route] if plan.route is not None and plan.route.steps else []
        if plan.chicago is not None and plan.chicago.steps and plan.chicago is not plan:
            out.append(plan.chicago)
        return out

    def commitment(self, look: Outlook, plan: Plan, placed: int) -> float:
        """Dollars to c's shareholders per build action of the best commitment to ``plan``.

        A commitment is k builds in this stretch (this one and k - 1 more of the mover's builds
        before the next dividend phase, :meth:`_builds_left_for`) and then ``own_builds`` of the
        mover's builds in each later stretch, on top of the other holders' (``builds_per_holder``).
        They place the plan's next trains (three per build, CE-6.2; ``placed`` of this build
        already made) as far as the treasury pays (CE-6.10). It is weighed against nobody building
        c in the rest of this stretch and the mover not building it later, and shared over the
        mover's builds it takes. The income the first build's placements add — and the Chicago
        raise and dividend if it gets there (CE-10.2, CE-10.3) — counts in full; the rest (later
        income, an earlier Chicago) by the builder style.
        """
        s = look.s
        c = plan.company
        per = P.max_placements(s)
        trains = P.trains_left(s)[c]
        first_now = min(per - placed, len(plan.steps), trains)
        immediate = self._first_build_income(look, c, plan.steps[:first_now])
        own = self.w["own_builds"]
        later_stretches = max(0, math.ceil(look.phases - 1e-9) - 1)
        without = look.company_payout(c, first=0.0, plan=plan)
        best = float("-inf")  # at least one build: _builds_left_for is 1 or more
        for k in range(1, self._builds_left_for(look) + 1):
            now = min(first_now + per * (k - 1), len(plan.steps), trains)
            rest = max(0, min(len(plan.steps), trains) - now)
            later = min(own * later_stretches, math.ceil(rest / per))
            total = look.company_payout(c, now=now, first=0.0, plan=plan, extra_rate=own if later else 0.0) - without
            gain = (min(immediate, total) + self.builder * max(0.0, total - immediate)) / (k + later)
            if gain > best:
                best = gain
            if now >= len(plan.steps) or now >= trains:
                break
        return best

    def _first_build_income(self, look: Outlook, c: int, steps: tuple) -> float:
        """Dollars the placements of one build pay over the phases left (the Chicago dividend once)."""
        s = look.s
        money = P.treasury(s)[c]
        income = P.income(s)[c]
        gain = 0.0
        chicago_dividend = 0.0
        for _, cost, g, chi in steps:
            if cost > money:
                break
            money -= cost
            if chi:
                gain += P.chicago_income(s)
                chicago_dividend = income + gain
            else:
                gain += g
        return gain * look.phases + chicago_dividend

    def _builds_left_for(self, look: Outlook) -> int:
        """The builds the mover can still make in this stretch: its share of the fewest turns left
        before two meters are in the red (CE-4.5), at most the Build track meter's rest."""
        m, lengths = P.meters(look.s), P.meter_lengths(look.s)
        rest = sorted(lengths[k] - m[k] for k in range(3))
        turns = rest[0] + rest[1]
        mine = -(-turns // look.n)
        return max(1, min(lengths[BUILD] - m[BUILD], mine))

    def _develop_value(self, look: Outlook, seat: int, h: int, base: float, dev_clock: list) -> float:
        """CE-8.7, CE-8.8: income for every company present; CE-8.9: $2 to a forest's company; one house used."""
        s = look.s
        occ = P.occupancy(s)[h]
        present = [c for c in range(5) if occ >> c & 1]
        t = P.BOARD.terrain[h]
        payouts: dict[int, float] = {}
        if t == P.INDUSTRIAL:
            k = P.BOARD.industry_of[h]
            rise = min(P.industry_step(s)[k], P.industry_max(s)[k] - P.industry(s)[k])
            for c in present:
                payouts[c] = look.company_payout(c, income_gain=rise)
            return look.margin(seat, look.with_payouts(payouts)) - base
        if t == P.FOREST:
            for c in present:
                payouts[c] = look.company_payout(c, extra_money=P.forest_bonus(s))
        else:
            for c in present:
                payouts[c] = look.company_payout(c, income_gain=P.house_value(h))
        # one house from the supply brings the houses end (CE-11.2 c) nearer: the clock's effect, the same for
        # every development of this decision (worked out for the first)
        if not dev_clock:
            later = phases_left(s, self.w, houses_used=1)
            dev_clock.append(later)
            if abs(later - look.phases) > 1e-9:
                dev_clock.append({c: look.company_payout(c, phases=later) for c in range(5) if look.plans[c] is not None})
        if len(dev_clock) > 1:
            scale = dev_clock[1]
            for c, v in payouts.items():
                payouts[c] = v + scale[c] - look.payout[c]
            for c, v in scale.items():
                payouts.setdefault(c, v)
        return look.margin(seat, look.with_payouts(payouts)) - base

    def _auction_value(self, look: Outlook, seat: int, c: int, base: float) -> float:
        """Put a share of c up (CE-5.1): the bidding predicted from every seat's reservation price."""
        s = look.s
        later = phases_left(s, self.w, sold=c, rest=look.clock_rest)
        cash = P.cash(s)
        minimum = P.minimum_price(s, c)
        offers = []
        for q in range(look.n):
            r = min(float(cash[q]), self.reservation(look, q, c, later))
            if r >= minimum:
                offers.append((r, -((q - seat) % look.n), q))
        if not offers:
            return 0.0  # unsold (CE-5.6): the meter moved, nothing else
        offers.sort(reverse=True)
        winner = offers[0][2]
        price = float(minimum) if len(offers) == 1 else min(offers[0][0], offers[1][0] + 1.0)
        price = max(float(minimum), float(int(price)))
        # the sale: one more share held, the price in c's treasury, the clock after it
        held = P.shares_held(s)
        S = look.out[c]
        new_holder = 0 if held[winner * 5 + c] else 1
        total = {c: look.company_payout(c, later, extra_money=price, holders=new_holder)}
        if abs(later - look.phases) > 1e-9:
            for k in range(5):
                if k != c and look.plans[k] is not None:
                    total[k] = look.company_payout(k, later)
        worth = look.worth[:]
        for k, f in total.items():
            if k == c:
                continue
            if look.out[k]:
                d = (f - look.payout[k]) / look.out[k]
                for p in range(look.n):
                    worth[p] += held[p * 5 + k] * d
        old = look.payout[c] / S if S else 0.0
        new = total[c] / (S + 1)
        for p in range(look.n):
            mine = held[p * 5 + c] + (1 if p == winner else 0)
            worth[p] += mine * new - held[p * 5 + c] * old
        worth[winner] -= price
        return look.margin(seat, worth) - base
