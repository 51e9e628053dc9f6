"""What things are worth to a seat, in victory points: intersections, cards, goals and how soon they come.

One :class:`Outlook` is built per decision: the seat's hand, income per roll, maritime rates,
the table's race (how near the game is to its end) and the goal the seat is building toward
(the best of: a settlement at a free intersection its roads can reach, a city, a development
card, a metropolis, Longest Road), each valued in VP and discounted by the rounds it takes
to collect its cost.
"""
from __future__ import annotations

from . import position as pos
from .position import BRICK, COSTS, GRAIN, LUMBER, OIL, ORE, WOOL


class Goal:
    """Something to build: ``kind`` (settle, city, dev, metro, lr), where, the roads on the way, cost, value."""

    __slots__ = ("kind", "node", "path", "cost", "oil", "value", "rounds", "score")

    def __init__(self, kind: str, node: int, path: list[int], cost: list[int], oil: int, value: float) -> None:
        self.kind, self.node, self.path, self.cost, self.oil, self.value = kind, node, path, cost, oil, value
        self.rounds = 0.0
        self.score = value

    def __repr__(self) -> str:
        return f"Goal({self.kind} {self.node} roads={len(self.path)} value={self.value:.2f} rounds={self.rounds:.1f})"


class Outlook:
    """The seat's view of its own economy and of the race, computed once per decision."""

    def __init__(self, s, me: int, w: dict, persona: dict) -> None:
        self.s, self.me, self.w, self.persona = s, me, w, persona
        self.n = pos.players(s)
        self.rules = pos.rules(s)
        self.vp_to_win = pos.vp_to_win(s)
        self.oil_limit = pos.oil_limit(s)
        self.oil_destroyed_to_end = pos.destroyed_to_end(s)
        self.oil_game = pos.oil_game(s)
        self.hand = pos.hand(s, me)
        self.oil = pos.oil(s, me)
        self.income = pos.income(s, me)
        self.rates = pos.rates(s, me)
        self.pvp = [pos.public_vp(s, p) for p in range(self.n)]
        self.my_vp = pos.vp(s, me)  # own hidden VP cards are known to the seat
        lead = max(self.pvp[p] for p in range(self.n) if p != me)
        # how much of the game is left: production matters less as anyone nears the target (CAT-11.2, OIL-10.2)
        self.horizon = max(0.12, 1.0 - max(lead, self.my_vp) / self.vp_to_win)
        self.board_pips = _board_pips(s)
        self._goal: Goal | None = None
        self._goals: list[Goal] = []
        self._oil_price: float | None = None

    # ---- intersections ------------------------------------------------------------------------
    def resource_weight(self, g: int) -> float:
        """A resource's weight: scarce resources on this board count more (scarcity), oil by its own weight."""
        if g == OIL:
            return self.w["oil_pip_value"]
        total = sum(self.board_pips) / 5.0
        share = self.board_pips[g] / total if total else 1.0
        return 1.0 + self.w["scarcity"] * (1.0 / max(share, 0.25) - 1.0)

    def spot_value(self, n: int, income: list[float] | None = None) -> float:
        """Expected value of a settlement on ``n`` in cards per roll: production weighted by scarcity,
        plus new resource types (diversity) and a harbour that fits the seat's production (CAT-7.4, CAT-7.5)."""
        inc = self.income if income is None else income
        y = pos.node_yield(self.s, n)
        v = 0.0
        for g in range(6):
            if y[g]:
                v += y[g] * self.resource_weight(g)
                if g < 5 and inc[g] < 0.02:
                    v += self.w["diversity"]
        hb = pos.node_harbour(self.s, n)
        if hb == pos.GENERIC:
            v += self.w["harbour_generic"]
        elif hb >= 0:
            v += self.w["harbour_special"] * (inc[hb] + y[hb]) * 4.0
        return v

    def production_vp(self, cards_per_roll: float) -> float:
        """VP-equivalent of producing ``cards_per_roll`` more for the rest of the game."""
        return self.w["production_vp"] * self.horizon * cards_per_roll

    # ---- time to afford -----------------------------------------------------------------------------
    def rounds_to_afford(self, cost, oil_need: int = 0, hand: list[int] | None = None) -> float:
        """Rounds (one roll per seat) until ``cost`` is collected by production and maritime trade."""
        h = self.hand if hand is None else hand
        rates, inc = self.rates, self.income
        deficit = 0
        trades = 0
        eff = 0.0
        for r in range(5):
            d = cost[r] - h[r]
            if d > 0:
                deficit += d
                eff += inc[r]
            else:
                trades += (-d) // rates[r]
                eff += inc[r] / rates[r]
        missing = max(0, deficit - trades - self.convertible_cards(oil_need))
        rolls = missing / max(eff, 0.03)
        if oil_need > self.oil:
            rolls = max(rolls, (oil_need - self.oil) / max(inc[OIL], 0.03))
        return rolls / self.n

    def convertible_cards(self, oil_need: int = 0) -> int:
        """Cards the seat's oil can become this turn (OIL-6.2), if a use pays at its price (see :mod:`.oil`)
        and the marker has room (OIL-7.4); none in the base game."""
        if not self.oil_game or self.oil <= oil_need:
            return 0
        if self.rules["oil.convert_gives"] * self.w["card_needed"] <= self.oil_price():
            return 0
        uses = min(self.oil - oil_need, self.rules["oil.disaster_at"] - pos.marker(self.s))
        return max(0, uses) * self.rules["oil.convert_gives"]

    # ---- goals -----------------------------------------------------------------------------------
    def goals(self) -> list[Goal]:
        """Every goal worth considering now, scored (value discounted by the rounds to afford it)."""
        s, me, w = self.s, self.me, self.w
        out: list[Goal] = []
        left = pos.pieces_left(s, me)
        settle = list(COSTS["settle"])
        road = COSTS["road"]
        # settlements: free intersections the seat's roads reach (CAT-8.3, CAT-8.4)
        if left["settle"] > 0:
            depth = min(4, left["road"])
            dist, via = pos.road_reach(s, me, depth)
            opp = None
            for n in range(len(dist)):
                d = dist[n]
                if d < 0 or not pos.settle_free(s, n):
                    continue
                value = 1.0 + self.production_vp(self.spot_value(n))
                if d > 0:
                    if opp is None:
                        opp = _opponent_reach(s, me, 2)
                    if 0 <= opp[n] <= d:  # someone else gets there as soon: the spot may be gone
                        value *= 1.0 - w["contested"]
                cost = [settle[r] + d * road[r] for r in range(5)]
                out.append(Goal("settle", n, pos.path_edges(s, n, dist, via) if d else [], cost, 0, value))
        if left["city"] > 0:
            for n in pos.buildings(s, me):
                if pos.level(s, n) == 1:
                    y = pos.node_yield(s, n)
                    gain = sum(y[g] * self.resource_weight(g) for g in range(6))
                    # a city frees a settlement piece: more valuable when none is left (CAT-8.5)
                    bonus = w["city_frees_piece"] if left["settle"] == 0 else 0.0
                    out.append(Goal("city", n, [], list(COSTS["city"]), 0, 1.0 + self.production_vp(gain) + bonus))
        if pos.deck_left(s) > 0:
            out.append(Goal("dev", -1, [], list(COSTS["dev"]), 0, self.dev_value()))
        if self.oil_game:
            from .oil import metropolis_goals  # strategy/oil.py imports this module

            out.extend(metropolis_goals(self))
        lr = self.longest_road_goal()
        if lr is not None:
            out.append(lr)
        gamma = w["discount"]
        for g in out:
            g.rounds = self.rounds_to_afford(g.cost, g.oil)
            g.score = g.value * gamma ** g.rounds
        return out

    def goal(self) -> Goal:
        """The goal the seat builds toward: the best score; ties by the order of :meth:`goals` (a goal of
        kind ``none`` when there is nothing to build)."""
        goal = self._goal
        if goal is None:
            best: Goal | None = None
            self._goals = self.goals()
            for g in self._goals:
                if best is None or g.score > best.score + 1e-12:
                    best = g
            goal = self._goal = best or Goal("none", -1, [], [0] * 5, 0, 0.0)
        return goal

    def all_goals(self) -> list[Goal]:
        """The goals :meth:`goal` chose from."""
        self.goal()
        return self._goals

    def affordable(self, g: Goal, hand: list[int] | None = None) -> bool:
        h = self.hand if hand is None else hand
        return all(h[r] >= g.cost[r] for r in range(5)) and self.oil >= g.oil

    def dev_value(self) -> float:
        """A development card (CAT-9): a flat value, more when a knight would win or keep Largest Army."""
        s, me = self.s, self.me
        v = self.w["dev_vp"]
        holder = pos.army_holder(s)
        mine = pos.knights(s, me) + pos.dev_cards(s, me, pos.KNIGHT)
        if holder != me:
            rival = pos.knights(s, holder) if holder >= 0 else self.rules["largest_army_min"] - 1
            if mine + 1 >= max(self.rules["largest_army_min"], rival + 1) - 1:
                v += self.w["army_race"]
        return v

    def longest_road_goal(self) -> Goal | None:
        """Longest Road (CAT-10.1) when one or two roads would take it."""
        s, me = self.s, self.me
        if pos.road_holder(s) == me or pos.pieces_left(s, me)["road"] <= 0:
            return None
        best_other = max(pos.road_length(s, p) for p in range(self.n) if p != me)
        need = max(self.rules["longest_road_min"], best_other + 1) - pos.road_length(s, me)
        if need > 2 or need <= 0:
            return None
        holder = pos.road_holder(s)
        value = 2.0 * self.w["longest_road"] * (1.5 if holder >= 0 else 1.0)  # taking it also costs the holder 2
        cost = [need * c for c in COSTS["road"]]
        return Goal("lr", -1, [], cost, 0, value)

    # ---- cards ---------------------------------------------------------------------------------------
    def need(self) -> list[int]:
        """Cards of each resource the goal still lacks."""
        g = self.goal()
        return [max(0, g.cost[r] - self.hand[r]) for r in range(5)]

    def surplus(self) -> list[int]:
        """Cards of each resource beyond what the goal takes."""
        g = self.goal()
        return [max(0, self.hand[r] - g.cost[r]) for r in range(5)]

    def card_value(self, r: int, hand: list[int] | None = None) -> float:
        """Worth of one more card of ``r`` to the seat: full when the goal lacks it, less as surplus."""
        h = self.hand if hand is None else hand
        g = self.goal()
        if h[r] < g.cost[r]:
            return self.w["card_needed"]
        return self.w["card_spare"] / (1.0 + 0.25 * max(0, h[r] - g.cost[r]))

    def oil_price(self) -> float:
        """VP-equivalent cost of using one oil now, from the disaster risk (see :mod:`.oil`)."""
        price = self._oil_price
        if price is None:
            from .oil import use_price  # strategy/oil.py imports this module

            price = self._oil_price = use_price(self)
        return price


def _board_pips(s) -> list[int]:
    out = [0] * 5
    for h in range(pos.hexes(s)):
        g = pos.hex_good(s, h)
        if 0 <= g < 5:
            out[g] += pos.hex_pips(s, h)
    return [max(1, x) for x in out]


def _opponent_reach(s, me: int, depth: int) -> list[int]:
    """The fewest roads any opponent needs to reach each intersection (-1: none within ``depth``)."""
    best = [-1] * pos.nodes(s)
    for p in range(pos.players(s)):
        if p == me:
            continue
        dist, _ = pos.road_reach(s, p, depth)
        for n, d in enumerate(dist):
            if d >= 0 and (best[n] < 0 or d < best[n]):
                best[n] = d
    return best


__all__ = ["Goal", "Outlook", "BRICK", "GRAIN", "LUMBER", "ORE", "WOOL"]
