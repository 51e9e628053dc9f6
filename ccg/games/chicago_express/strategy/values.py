"""The Chicago Express strategist's valuation: one decision's :class:`Outlook` of the game.

It reads the position once — the dividend phases left (the game-end clock, :mod:`.clock`), each
company's plan and the dollars it will pay its shareholders (:mod:`.routes`), so each share's value —
and every seat's *worth*: cash plus what its shares will still pay (CE-11.3: cash decides the game).
The planner (:mod:`.planner`) measures its moves by the change they make to these worths.
"""
from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING

from . import position as P
from .clock import other_ends, phases_left
from .routes import Plan, payout_under

if TYPE_CHECKING:
    from .planner import Planner

AUCTION, BUILD, DEVELOP = 0, 1, 2  # the action meters' order (CE-4.2)


class Outlook:
    """What one decision knows: the clock, every company's plan and payout, every seat's worth."""

    __slots__ = ("s", "w", "phases", "n", "out", "holders", "left_this", "rate", "first", "inflow", "plans",
                 "payout", "per_share", "worth", "memo", "bg_gain", "bg_cost", "clock_rest",
                 "incomes", "treasuries", "trains", "chicago")

    def __init__(self, s, w: dict, planner: "Planner", phases: float | None = None, only: int | None = None) -> None:
        """``only``: work out that company's plan alone (a placement decision's need); the others' are deferred
        (:meth:`Planner.defer_plan`), their ``plans`` and ``payout`` stay None and 0, ``worth`` is empty."""
        self.s = s
        self.memo: dict = {}  # the planner's figures that this decision asks for more than once
        self.w = w
        self.bg_gain, self.bg_cost = w["background_income"], w["background_cost"]
        # what every payout reads (company_payout runs a dozen times a decision)
        self.incomes, self.treasuries, self.trains = P.income(s), P.treasury(s), P.trains_left(s)
        self.chicago = P.chicago_income(s)
        self.clock_rest = other_ends(s, w)  # the end conditions a share sale does not change
        self.phases = phases_left(s, w, rest=self.clock_rest) if phases is None else phases
        n = self.n = P.players(s)
        held = P.shares_held(s)
        self.out = [sum(held[c::5]) for c in range(5)]  # held: five counts per seat
        self.holders = [n - held[c::5].count(0) for c in range(5)]
        m, lengths = P.meters(s), P.meter_lengths(s)
        self.left_this = (lengths[BUILD] - m[BUILD]) / lengths[BUILD]
        self.rate = [min(float(lengths[BUILD]), w["builds_per_holder"] * h) for h in self.holders]
        self.first = [r * self.left_this for r in self.rate]
        self.inflow = [0.0] * 5
        self.plans: list[Plan | None] = [None] * 5
        self.payout = [0.0] * 5
        self.per_share = [0.0] * 5
        frozen = None  # the position as it is now, for the deferred plans
        for c in range(5):
            if not P.in_play(s, c):
                continue
            self.inflow[c] = self.sales_per_stretch(c)
            if only is not None and c != only:
                if frozen is None:
                    frozen = P.snapshot(s)
                planner.defer_plan(frozen, c, self.phases, self.rate[c], self.first[c], self.inflow[c])
                continue
            plan = self.plans[c] = planner.plan(s, c, self.phases, self.rate[c], self.first[c], self.inflow[c])
            self.payout[c] = plan.payout
            if self.out[c]:
                self.per_share[c] = plan.payout / self.out[c]
        if only is not None:
            self.worth: list[float] = []
            return
        cash = P.cash(s)
        per_share = self.per_share
        self.worth = [cash[p] + sum(map(mul, held[p * 5:p * 5 + 5], per_share)) for p in range(n)]

    def sales_per_stretch(self, c: int) -> float:
        """Dollars share sales are expected to bring company c per later stretch (CE-5.5)."""
        left = P.shares_for_sale(self.s)[c]
        if not left or self.phases <= 1.0:
            return 0.0
        price = P.minimum_price(self.s, c)
        return self.w["inflow"] * left * price / max(1.0, self.phases - 1.0)

    def company_payout(self, c: int, phases: float | None = None, extra_money: float = 0.0, holders: int = 0,
                       now: int = 0, income_gain: float = 0.0, first: float | None = None,
                       plan: Plan | None = None, extra_rate: float = 0.0) -> float:
        """c's :func:`routes.payout` under a change: more money, more holders, a build now, more income,
        ``first`` builds in the rest of this stretch, ``extra_rate`` more builds in each later stretch."""
        if plan is None:
            plan = self.plan_of(c)
        if phases is None:
            phases = self.phases
        rate = self.rate[c]
        if holders:
            lengths = P.meter_lengths(self.s)
            rate = min(float(lengths[BUILD]), self.w["builds_per_holder"] * (self.holders[c] + holders))
        if first is None:
            first = rate * self.left_this
        terms = (self.incomes[c] + income_gain, self.treasuries[c] + extra_money, self.inflow[c], first,
                 rate + extra_rate, phases, self.trains[c], self.chicago, self.bg_gain, self.bg_cost, now)
        return payout_under(plan.steps, terms)

    def plan_of(self, c: int) -> Plan:
        """Company c's plan; a company not in play (Wabash before it enters, CE-10.4) has none."""
        plan = self.plans[c]
        if plan is None:
            raise ValueError(f"{P.COMPANIES[c]} is not in play: it has no plan")
        return plan

    def margin(self, seat: int, worth: list[float]) -> float:
        """The seat's worth minus ``rivalry`` times the others' (``leader_focus`` on the best, the rest on
        their mean): cash decides the game (CE-11.3), so what counts is getting ahead of the others."""
        others = worth[:seat] + worth[seat + 1:]
        focus = self.w["leader_focus"]
        return worth[seat] - self.w["rivalry"] * (focus * max(others) + (1.0 - focus) * sum(others) / len(others))

    def with_payouts(self, payouts: dict[int, float]) -> list[float]:
        """Every seat's worth if the companies in ``payouts`` paid those totals instead."""
        held = P.shares_held(self.s)
        worth = self.worth[:]
        for c, total in payouts.items():
            if self.out[c]:
                d = (total - self.payout[c]) / self.out[c]
                for p in range(self.n):
                    if held[p * 5 + c]:
                        worth[p] += held[p * 5 + c] * d
        return worth
