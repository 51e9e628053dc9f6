"""The Catan (and Oil Springs) strategist's planner: the plan's move for the seat, by phase of the turn
(CAT-3, CAT-4, OIL-15). The plan itself is described in :mod:`ccg.games.catan.strategy`."""
from __future__ import annotations

from ccg.i18n import NP_

from . import oil as oil_plan
from . import opening, tactics, trading
from . import position as pos
from .values import Goal, Outlook


class CatanPlanner:
    """``choose(state, seat, rng)``: the plan's action for ``seat`` (the state is never changed)."""

    explain_by_rules = True  # ``choose`` follows the plan's rules; ``explain_options`` only describes the moves

    def __init__(self, weights: dict, persona: dict) -> None:
        self.w = dict(weights)
        self.persona = dict(persona)

    def values(self, state) -> list[float]:
        """Every seat's :meth:`value`: the leaf value of ``mcts:value=strategist``."""
        return [self.value(state, p) for p in range(pos.players(state))]

    def value(self, state, seat: int) -> float:
        """A seat's worth in VP: its VP (own hidden cards included: MCTS evaluates determinizations),
        the VP its production is worth over the game left (``Outlook.production_vp`` of its income
        weighted by scarcity, CAT-5) and its unplayed development cards other than VP cards, which
        ``vp`` counts (``dev_vp`` each, CAT-9); a finished game's score."""
        if state.is_terminal():
            return float(state.scores()[seat])
        o = Outlook(state, seat, self.w, self.persona)
        production = sum(o.income[g] * o.resource_weight(g) for g in range(len(o.income)))
        devs = sum(pos.dev_cards(state, seat, t) for t in (pos.KNIGHT, pos.ROAD_BUILDING, pos.PLENTY, pos.MONOPOLY))
        return o.my_vp + o.production_vp(production) + self.w["dev_vp"] * devs

    # the terms' names, marked for the catalogs (``explain`` shows them in the reader's language)
    TERM_NAMES = (NP_("catan", "VP"), NP_("catan", "production"), NP_("catan", "development cards"))

    def value_terms(self, state, seat: int) -> dict[str, float]:
        """:meth:`value` by term (VP): VP, production, development cards."""
        if state.is_terminal():
            return {"VP": float(state.scores()[seat])}
        o = Outlook(state, seat, self.w, self.persona)
        production = sum(o.income[g] * o.resource_weight(g) for g in range(len(o.income)))
        devs = sum(pos.dev_cards(state, seat, t) for t in (pos.KNIGHT, pos.ROAD_BUILDING, pos.PLENTY, pos.MONOPOLY))
        return {"VP": float(o.my_vp), "production": o.production_vp(production),
                "development cards": self.w["dev_vp"] * devs}

    def explain_options(self, state, seat: int) -> tuple[str, list, str]:
        """For ``explain``: every legal move with :meth:`value_terms` one move ahead (a roll, a trade offer
        or a development card whose effect comes later reads as what the position is worth right after)."""
        out = [(a, self.value_terms(state.child(a), seat)) for a in state.legal_actions()]
        return "VP", out, NP_("catan", "The Catan plan picks by its rules (the next goal, then trades and builds "
                                       "toward it); the values shown are the position one move ahead.")

    def choose(self, state, seat: int, rng):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        o = Outlook(state, seat, self.w, self.persona)
        ph = pos.phase(state)
        if ph == pos.MAIN:
            return main_phase(o, legal)
        if ph == pos.PRE_ROLL:
            if pos.PLAY_KNIGHT in legal and tactics.knight_worth(o, before_roll=True):
                return pos.PLAY_KNIGHT
            return pos.ROLL
        if ph == pos.ROBBER:
            return tactics.robber_move(o, legal)
        if ph == pos.DISCARD:
            return tactics.discard(o, legal)
        if ph == pos.RESPOND:
            return pos.ACCEPT if trading.answer(o) else pos.REJECT
        if ph == pos.PROPOSE:
            return trading.best_offer(o, legal)
        if ph == pos.CHOOSE:
            return trading.choose_partner(o, legal)
        if ph == pos.FREE_ROAD:
            return free_road(o, legal)
        if ph == pos.SBP:
            return building_phase(o, legal)
        if ph == pos.SETUP_SETTLE:
            return opening.settlement(o, legal)
        if ph == pos.SETUP_ROAD:
            return opening.road(o, legal)
        return legal[0]  # pragma: no cover - every phase with a choice is handled above


# ---- the main phase (CAT-4.2, OIL-15 step 4) -------------------------------------------------------
def main_phase(o: Outlook, legal: list):
    s = o.s
    L = set(legal)
    goal = o.goal()
    play = tactics.development_play(o, L)
    if play is not None:
        return play
    if o.affordable(goal):
        if pos.may_trade(s):
            plan = trading.trade_before_building(o)
            if plan is not None and pos.TRADE[plan] in L:
                return pos.TRADE[plan]
        a = build_step(o, goal, L)
        if a is not None:
            return a
    if pos.may_trade(s):
        a = trade_step(o, L)
        if a is not None:
            return a
    a = spare_build(o, goal, L)
    if a is not None:
        return a
    if pos.SEQUESTER in L and oil_plan.should_sequester(o):
        return pos.SEQUESTER
    return pos.END


def trade_step(o: Outlook, L: set):
    """Toward the goal: oil conversion (OIL-6.2), one domestic offer (CAT-7.2), maritime trades (CAT-7.3, CAT-7.4, CAT-7.5)."""
    need = o.need()
    if not sum(need):
        return None
    if o.oil_game:
        a = oil_plan.plan_conversion(o, L)
        if a is not None:
            return a
    if pos.PROPOSE_OPEN in L and sum(need) <= o.w["offer_when_missing"] and trading.wants_to_propose(o):
        return pos.PROPOSE_OPEN
    plan = trading.maritime_plan(o)
    if plan is not None:
        a = pos.TRADE[plan]
        if a in L:
            return a
    return None


def build_step(o: Outlook, goal: Goal, L: set):
    """The next piece of an affordable goal: the roads on the way first, then the building."""
    s = o.s
    k = goal.kind
    if k == "settle":
        if goal.path:
            a = pos.act_road(s, goal.path[0])
            return a if a in L else None
        a = pos.act_settle(s, goal.node)
    elif k == "city":
        a = pos.act_city(s, goal.node)
    elif k == "metro":
        a = pos.act_metro(s, goal.node)
    elif k == "dev":
        a = pos.BUY
    elif k == "lr":
        return longest_road_step(o, L)
    else:
        return None
    return a if a in L else None


def longest_road_step(o: Outlook, L: set):
    """The legal road that lengthens the seat's longest road most (CAT-10.1)."""
    s, me = o.s, o.me
    best, best_v = None, pos.road_length(s, me)
    for a in legal_roads(L):
        v = pos.longest_road_with(s, me, pos.road_edge(a))
        if v > best_v:
            best, best_v = a, v
    return best


def spare_build(o: Outlook, goal: Goal, L: set):
    """After the goal's own cards are set aside: a road on its way; with lumber and brick it does
    not take, a road toward the next spot; or another goal the rest pays for.

    Over the discard limit (CAT-6.2) anything affordable and worth something is built instead
    of waiting for a 7 to take half the hand.
    """
    s = o.s
    hand = o.hand
    if goal.kind == "settle" and goal.path and hand[pos.LUMBER] >= 1 and hand[pos.BRICK] >= 1:
        a = pos.act_road(s, goal.path[0])
        if a in L:
            return a
    rest = [max(0, hand[r] - goal.cost[r]) for r in range(5)]
    over = sum(hand) + o.oil > o.rules["discard_above"]
    if rest[pos.LUMBER] >= 1 and rest[pos.BRICK] >= 1:  # lumber and brick the goal does not take: a road on
        a = free_road(o, legal_roads(L), fallback=False, lengthen=False)  # the way to the next spot
        if a is not None:
            return a
    best, best_v = None, 0.0
    for g in o.all_goals():
        if g is goal or g.value <= best_v:
            continue
        if not o.affordable(g, rest if not over else None):
            continue
        if g.kind == "dev" and not over and g.value < o.w["spare_dev_min"]:
            continue
        a = build_step(o, g, L)
        if a is not None:
            best, best_v = a, g.value
    return best


def legal_roads(L: set) -> list:
    return sorted((a for a in L if a.kind == "road"), key=pos.road_edge)


def free_road(o: Outlook, legal: list, fallback: bool = True, lengthen: bool = True):
    """Road Building (CAT-9.4): roads on the way to the best reachable spot, else (``lengthen``) the
    road that lengthens the longest road, else (``fallback``) any legal road."""
    s = o.s
    L = set(legal)
    if not L:
        return None
    goals = [g for g in o.all_goals() if g.kind == "settle" and g.path]
    goals.sort(key=lambda g: -g.value * o.w["discount"] ** max(0, len(g.path) - 2))
    for g in goals:
        a = pos.act_road(s, g.path[0])
        if a in L:
            return a
    a = longest_road_step(o, L) if lengthen else None
    if a is not None or not fallback:
        return a
    return legal[0]


def building_phase(o: Outlook, legal: list):
    """The 5-6 player Special Building Phase (CAT-12.8, CAT-12.9, OIL-11.5): build from the hand, no trade."""
    L = set(legal)
    goal = o.goal()
    if o.affordable(goal):
        a = build_step(o, goal, L)
        if a is not None:
            return a
    a = spare_build(o, goal, L)
    return a if a is not None else pos.PASS
