"""Decisions inside a phase: each is an ordinary action of the seat whose decision it is.

``LEGAL[kind](s, task)`` lists the actions, ``APPLY[kind](s, task, action)`` plays one;
the decision task is on top of ``s.tasks`` while it waits.
"""
from __future__ import annotations

from . import board as B
from . import turn as T
from .data import GRANTS, SOURCES
from .flow import A, can_hire, destinations, forced_buy, loc_name, loc_where, move_sci, origins, parse_loc, push


def _src_actions(kind: str, srcs) -> list:
    return [A(kind, (SOURCES[x],), (f"track.{SOURCES[x]}",)) for x in srcs]


# ---- supply phase --------------------------------------------------------------------------------
_INCOME: dict[int, list] = {}


def l_income(s, t):
    """CO2-4.2.4: any split of the income into coins and VP (``take C`` = C coins, the rest VP)."""
    acts = _INCOME.get(t[2])
    if acts is None:
        acts = _INCOME[t[2]] = [A("take", (c,), ("coins", "vp")) for c in range(t[2], -1, -1)]
    return acts


def a_income(s, t, a):
    s.tasks.pop()
    c = a.args[0]
    s.coins[t[1]] += c
    s.vp[t[1]] += t[2] - c


def l_paycep(s, t):
    return [A("pay", ("hand" if r < 0 else s.C.regions[r],), ("hand",) if r < 0 else (s.C.regions[r],))
            for r in B.cep_sources(s, t[1])]


def a_paycep(s, t, a):
    s.tasks.pop()
    B.pay_cep(s, t[1], -1 if a.args[0] == "hand" else s.C.regions.index(a.args[0]))


def l_forced(s, t):
    return [A("sellgoal", (), ("goal",)), A("paywithvp", (), ("market",))]


def a_forced(s, t, a):
    s.tasks.pop()
    p = t[1]
    if a.kind == "sellgoal":  # CO2-12.2.2
        s.coins[p] += s.R["goal.discard_coins"]
        s.goal_st[p] = 1
    forced_buy(s, p)


# ---- expertise, bonuses, scientists -----------------------------------------------------------
def l_exp_any(s, t):
    p = t[1]
    return _src_actions("exp", [x for x in range(5) if s.exp[p * 5 + x] < s.C.track_max[x]])


def a_gain_choice(s, t, a):
    s.tasks.pop()
    push(s, ("gain", t[1], SOURCES.index(a.args[0]), 1))


def l_summit_pick(s, t):
    """CO2-10.4.2: +1 in one topic of that summit."""
    return _src_actions("exp", s.C.summits[s.summit[t[2]]][1])


def l_study(s, t):
    p = t[1]
    return _src_actions("study", sorted({s.proj[loc] for loc in s.sci[4 * p:4 * p + 4] if 0 <= loc < 100}))


def l_cepto(s, t):
    return [A("cepto", (s.C.regions[r],), (s.C.regions[r],)) for r in range(6) if s.reg_cep[r] < s.C.spaces[r]]


def a_cepto(s, t, a):
    s.tasks.pop()
    if B.market_take(s):
        s.reg_cep[s.C.regions.index(a.args[0])] += 1


def l_displaced(s, t):
    """CO2-8.4.2: keep the scientist (+1 expertise) or send it to a matching summit slot."""
    from .flow import summit_slots_for
    return [A("keep", (), ("hand",))] + [to_action(s, x) for x in summit_slots_for(s, t[2])]


def a_displaced(s, t, a):
    s.tasks.pop()
    if a.kind == "keep":
        push(s, ("gain", t[1], t[2], 1))
    else:
        move_sci(s, t[1], -1, parse_loc(s, a.args[0]))


def to_action(s, loc: int):
    key = ("to", loc, s.summit[(loc - 100) // 4] if loc >= 100 else -1, id(s.C))
    a = _TO.get(key)
    if a is None:
        a = _TO[key] = A("to", (loc_name(s, loc),), loc_where(s, loc))
    return a


_TO: dict = {}


def l_sci_to(s, t):
    _, p, frm, ctx = t
    return [to_action(s, x) for x in destinations(s, p, frm)]


def a_sci_to(s, t, a):
    s.tasks.pop()
    move_sci(s, t[1], t[2], parse_loc(s, a.args[0]))


def l_research(s, t):
    _, p, ctx = t
    out = [A("hire", (), ("hand",))] if ctx != 3 and can_hire(s, p) else []
    sf = s.T.sci_from
    return out + [sf[x] for x in origins(s, p)]


def a_research(s, t, a):
    s.tasks.pop()
    p = t[1]
    if a.kind == "hire":  # CO2-6.1.3.3 (b)
        i = s.sci.index(-2, 4 * p, 4 * p + 4)
        s.sci[i] = -1
    else:
        push(s, ("sci_to", p, parse_loc(s, a.args[0]), t[2]))


def l_lobby_pick(s, t):
    return [A("reward", (r,), ("lobby",)) for r in s.C.lobby[t[2]]["reward"]]


def a_lobby_pick(s, t, a):
    s.tasks.pop()
    T.give_reward(s, t[1], a.args[0])


# ---- variants -----------------------------------------------------------------------------------
def auction_value(s, p: int) -> int:
    """CO2-17.2.4: coin 1, resource 2, CEP = market price (hand or controlled regions)."""
    cep = s.cep[p] + sum(s.reg_cep[r] for r in range(6) if s.ctrl[r] == p)
    return s.coins[p] + 2 * s.res[p] + s.price * cep


def l_bid(s, t):
    _, p, k, high, hb = t
    # note CO2-17.2 (readings): no auction before decade 1 (setup draws the start player); the first
    # bidder must open with at least 0, so there is always a highest bidder; a bid must be affordable
    out = [] if k == 0 else [A("pass", (), ("auction",))]
    return out + [A("bid", (x,), ("auction",)) for x in range(high + 1, auction_value(s, p) + 1)]


def a_bid(s, t, a):
    s.tasks.pop()
    _, p, k, high, hb = t
    if a.kind == "bid":
        high, hb = a.args[0], p
    if k + 1 < s.num_players:
        push(s, ("bid", (p + 1) % s.num_players, k + 1, high, hb))
    else:
        tasks = [("auction_pay", hb, high)] if high > 0 else []
        push(s, *tasks, ("auction_start", hb))


def l_auction_pay(s, t):
    p = t[1]
    out = []
    if s.coins[p] > 0:
        out.append(A("pay", ("coin",), ("coins",)))
    if s.res[p] > 0:
        out.append(A("pay", ("resource",), ("resources",)))
    return out + l_paycep(s, t)


def a_auction_pay(s, t, a):
    s.tasks.pop()
    _, p, left = t
    what = a.args[0]
    if what == "coin":
        s.coins[p] -= 1
        left -= 1
    elif what == "resource":
        s.res[p] -= 1
        s.supply_res += 1
        left -= 2
    else:
        B.pay_cep(s, p, -1 if what == "hand" else s.C.regions.index(what))
        left -= s.price
    if left > 0:  # CO2-17.2.5: overpayment is not refunded
        s.tasks.append(("auction_pay", p, left))


def l_auction_start(s, t):
    return [A("start", (q,), ("start_player",)) for q in range(s.num_players)]


def a_auction_start(s, t, a):
    s.tasks.pop()
    s.start = a.args[0]


def l_draft(s, t):
    return [A("keep", (c,), ("lobby",)) for c in s.packs[t[1]]]


def a_draft(s, t, a):
    s.tasks.pop()
    p = t[1]
    s.packs[p].remove(a.args[0])
    s.lobby[p].append(a.args[0])
    s.lobby[p].sort()


def l_solo_region(s, t):
    return [A("region", (r,), (r,)) for r in s.C.regions]


def a_solo_region(s, t, a):
    s.tasks.pop()
    push(s, ("solo_place", -1, 31, s.C.regions.index(a.args[0]), 1))


def l_solo_space(s, t):
    _, _, r, src = t
    return [A("space", (GRANTS[g],), (s.C.regions[r], f"{s.C.regions[r]}.{GRANTS[g]}"))
            for g in range(3) if s.proj[r * 3 + g] == -1]


def a_solo_space(s, t, a):
    s.tasks.pop()
    _, _, r, src = t
    ps = r * 3 + GRANTS.index(a.args[0])
    s.psupply[src] -= 1
    s.proj[ps] = src  # no grant for the 5 starting projects (CO2-17.3.3)


def l_goal_choice(s, t):
    return [A("goal", ("score",), ("goal",)), A("goal", ("coins",), ("goal",))]


def a_goal_choice(s, t, a):
    s.tasks.pop()
    p = t[1]
    if a.args[0] == "score":  # CO2-15.3.1
        s.vp[p] += t[2]
        s.goal_st[p] = 2
    else:
        s.coins[p] += s.R["goal.discard_coins"]
        s.goal_st[p] = 1


LEGAL = {
    "turn": T.legal_turn, "income": l_income, "paycep_choose": l_paycep, "forced": l_forced,
    "exp_any": l_exp_any, "summit_pick": l_summit_pick, "study": l_study, "cepto": l_cepto,
    "displaced": l_displaced, "sci_to": l_sci_to, "research_choose": l_research, "lobby_pick": l_lobby_pick,
    "bid": l_bid, "auction_pay": l_auction_pay, "auction_start": l_auction_start, "draft": l_draft,
    "solo_region": l_solo_region, "solo_space": l_solo_space, "goal_choice": l_goal_choice,
}
APPLY = {
    "turn": T.apply_turn, "income": a_income, "paycep_choose": a_paycep, "forced": a_forced,
    "exp_any": a_gain_choice, "summit_pick": a_gain_choice, "study": a_gain_choice, "cepto": a_cepto,
    "displaced": a_displaced, "sci_to": a_sci_to, "research_choose": a_research, "lobby_pick": a_lobby_pick,
    "bid": a_bid, "auction_pay": a_auction_pay, "auction_start": a_auction_start, "draft": a_draft,
    "solo_region": a_solo_region, "solo_space": a_solo_space, "goal_choice": a_goal_choice,
}
