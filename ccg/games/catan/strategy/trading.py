"""Trade (CAT-7): maritime trades toward the goal, domestic proposals that help the proposer more, answers to others."""
from __future__ import annotations

from . import position as pos
from .values import Outlook


def maritime_plan(o: Outlook, goal=None, hand: list[int] | None = None) -> tuple[int, int, int] | None:
    """``(rate, give, get)`` of the next maritime trade (CAT-7.3, CAT-7.4, CAT-7.5, CAT-7.6) toward ``goal``, or None.

    Trades only surplus (cards ``goal`` does not take, out of ``hand``: by default the seat's
    goal and hand) for cards it lacks, and only when the trades available complete it this turn
    — or when the hand is over the 7 limit (CAT-6.2), where a card traded is one the robber
    cannot take.
    """
    goal = o.goal() if goal is None else goal
    hand = o.hand if hand is None else hand
    need = [max(0, goal.cost[r] - hand[r]) for r in range(5)]
    missing = sum(need)
    if missing == 0:
        return None
    spare = [max(0, hand[r] - goal.cost[r]) for r in range(5)]
    bank = pos.bank(o.s)
    rates = o.rates
    can = sum(spare[r] // rates[r] for r in range(5))
    over_limit = sum(o.hand) + o.oil > o.rules["discard_above"]
    if can < missing and not (over_limit and can > 0):
        return None
    get = max((r for r in range(5) if need[r] > 0 and bank[r] > 0), key=lambda r: (need[r], -r), default=-1)
    if get < 0:
        return None
    give = max((r for r in range(5) if spare[r] >= rates[r]), key=lambda r: (spare[r] - rates[r], -rates[r], -r),
               default=-1)
    if give < 0:
        return None
    return rates[give], give, get


def trade_before_building(o: Outlook) -> tuple[int, int, int] | None:
    """CAT-4.3 closes trade at the first build: before building the goal, trade the cards it leaves
    toward the next goal if that completes it (or saves cards from a 7)."""
    goal = o.goal()
    rest = [max(0, o.hand[r] - goal.cost[r]) for r in range(5)]
    for g in sorted(o.all_goals(), key=lambda g: -g.score):
        if g is goal or g.oil > 0 or (g.kind == goal.kind and g.node == goal.node):
            continue
        combined = type(goal)(g.kind, g.node, g.path, [goal.cost[r] + g.cost[r] for r in range(5)], 0, g.value)
        plan = maritime_plan(o, combined, o.hand)
        if plan is not None:
            return plan
        if sum(rest) + o.oil <= o.rules["discard_above"]:
            return None  # only the best next goal is worth trading for when no 7 threatens
    return None


def offer_plan(o: Outlook) -> tuple[int, int, int, int] | None:
    """``(give_n, give, want_n, want)`` of a domestic offer (CAT-7.2) that moves the goal on, or None.

    One card the goal lacks for one spare card; two spare cards for it when the spare pile
    is big (an offer the partner is more likely to take, still good for the proposer).
    """
    need = o.need()
    if sum(need) == 0:
        return None
    spare = o.surplus()
    want = max(range(5), key=lambda r: (need[r], -r))
    give = max(range(5), key=lambda r: (spare[r] * 4 // o.rates[r], -r))
    if spare[give] <= 0 or give == want:
        return None
    give_n = 2 if spare[give] >= 3 else 1
    return give_n, give, 1, want


def best_offer(o: Outlook, legal: list):
    """In the offer step: the planned offer if it is legal, else cancel."""
    plan = offer_plan(o)
    if plan is not None:
        gn, g, wn, w = plan
        for n in (gn, 1):
            a = pos.OFFER.get((n, g, wn, w))
            if a is not None and a in legal:
                return a
    return pos.CANCEL


def answer(o: Outlook) -> bool:
    """Accept another player's offer (CAT-7.2) when what comes in is worth more than what goes out,
    by a margin, and the proposer is not about to win."""
    s = o.s
    offer = pos.offer(s)
    if offer is None:
        return False
    give_n, give, want_n, want = offer  # the proposer gives ``give``, asks for ``want``
    proposer = pos.active(s)
    if o.pvp[proposer] >= o.vp_to_win - o.w["refuse_leader_within"]:
        return False
    hand = list(o.hand)
    gain = 0.0
    loss = 0.0
    for _ in range(want_n):
        if want == pos.OIL:
            from .oil import oil_token_value

            loss += oil_token_value(o)
        else:
            hand[want] -= 1
            loss += o.card_value(want, hand)
    for _ in range(give_n):
        if give == pos.OIL:
            from .oil import oil_token_value

            gain += oil_token_value(o)
        else:
            gain += o.card_value(give, hand)
            hand[give] += 1
    return gain - loss > o.w["trade_margin"]
