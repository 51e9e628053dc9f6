"""Trade (CAT-7): maritime trades toward the goal, domestic proposals that help the proposer more, answers to others."""
from __future__ import annotations

from . import position as pos
from .oil import oil_token_value
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


PROPOSALS_PER_TURN = 1  # CAT-7.2 sets no limit; the strategist does not repeat a table the others refused


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


def wants_to_propose(o: Outlook) -> bool:
    """Open the table only for a planned offer, and at most ``PROPOSALS_PER_TURN`` times a turn."""
    return pos.proposals_made(o.s) < PROPOSALS_PER_TURN and offer_plan(o) is not None


def best_offer(o: Outlook, legal: list):
    """While composing (CAT-7.2): the next card of the planned offer, then ``offer``; cancel if it cannot be made.

    The plan's terms are tried first, then the same with one card given instead of two."""
    plan = offer_plan(o)
    current = pos.offer(o.s)
    if plan is None or current is None:
        return pos.CANCEL
    gn, g, wn, w = plan
    give, ask = current
    for n in (gn, 1):
        if any(give[x] > (n if x == g else 0) for x in range(6)) or any(ask[x] > (wn if x == w else 0)
                                                                         for x in range(6)):
            continue  # the offer so far already goes past these terms
        if give[g] < n:
            step = pos.GIVE[g]
        elif ask[w] < wn:
            step = pos.ASK[w]
        else:
            step = pos.OFFER
        if step in legal:
            return step
    return pos.CANCEL


def choose_partner(o: Outlook, legal: list):
    """Among several acceptors (CAT-7.2): the one with the fewest public VP (help the leader least)."""
    return min(legal, key=lambda a: (o.pvp[a.args[0]], legal.index(a)))


def answer(o: Outlook) -> bool:
    """Accept another player's offer (CAT-7.2) when what comes in is worth more than what goes out,
    by a margin, and the proposer is not about to win."""
    s = o.s
    offer = pos.offer(s)
    if offer is None:
        return False
    gives, asks = offer  # the proposer gives ``gives``, asks for ``asks`` (counts per good)
    proposer = pos.active(s)
    if o.pvp[proposer] >= o.vp_to_win - o.w["refuse_leader_within"]:
        return False
    hand = list(o.hand)
    gain = 0.0
    loss = 0.0
    for good in range(6):
        for _ in range(asks[good]):
            if good == pos.OIL:
                loss += oil_token_value(o)
            else:
                hand[good] -= 1
                loss += o.card_value(good, hand)
    for good in range(6):
        for _ in range(gives[good]):
            if good == pos.OIL:
                gain += oil_token_value(o)
            else:
                gain += o.card_value(good, hand)
                hand[good] += 1
    return gain - loss > o.w["trade_margin"]
