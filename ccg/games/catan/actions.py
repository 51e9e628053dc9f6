"""Cached Action objects that do not depend on the board, and the legal actions of a position.

The board's own cached actions (settlements, roads, robber moves …) are built in board.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core.action import Action

from . import oil, trade
from .building import (
    CITY_ACTS,
    METRO_ACTS,
    ROAD_ACTS,
    SETTLE_ACTS,
    build_actions,
    can_build_city,
    can_build_metropolis,
    can_build_road,
    can_build_settlement,
    can_pay,
    road_spots,
    settlement_spots,
)
from .data import COST_DEV, GENERIC, GOODS, KNIGHT, MONOPOLY, OIL, PLENTY, ROAD_BUILDING
from .devcards import playable
from .phases import CHOOSE, DISCARD, FREE_ROAD, MAIN, PRE_ROLL, PROPOSE, RESPOND, ROBBER, SBP, SETUP_ROAD, SETUP_SETTLE
from .robber import robber_hexes

if TYPE_CHECKING:
    from .state import CatanState

ROLL = Action("roll")
END = Action("end")
PASS = Action("pass")
BUY = Action("buy", ("dev",))
ACCEPT = Action("accept")
REJECT = Action("reject")
PROPOSE_OPEN = Action("propose")  # opens the domestic-trade table (one ply), see trade.py
CANCEL = Action("cancel")
SEQUESTER = Action("sequester")
PLAY_KNIGHT = Action("play", ("knight",))
PLAY_ROADS = Action("play", ("roadbuilding",))
PLAY_MONOPOLY = tuple(Action("play", ("monopoly", g)) for g in GOODS)
DISCARD_ACT = tuple(Action("discard", (g,)) for g in GOODS)
CONVERT = tuple(Action("convert", (g,)) for g in GOODS)
# OIL-6.2 note A11 flag oil.convert_mixed: 1 oil -> 1 card each of two different resources (i < j)
CONVERT_PAIRS = tuple(((i, j), Action("convert", (GOODS[i], GOODS[j]))) for i in range(5) for j in range(i + 1, 5))
# Year of Plenty: unordered pairs (i <= j) and singles (only offered when no pair is possible)
PLAY_PLENTY = {(i, j): Action("play", ("plenty", GOODS[i], GOODS[j])) for i in range(6) for j in range(i, 6)}
PLAY_PLENTY1 = tuple(Action("play", ("plenty", g)) for g in GOODS)
# maritime trade: (rate, give, get)
TRADE = {(k, g, t): Action("trade", (k, GOODS[g], GOODS[t])) for k in (2, 3, 4) for g in range(5) for t in range(5)
         if g != t}
# domestic trade (CAT-7.2), composed one card at a time (trade.py): add a good to give / to ask for,
# put the offer to the table, and, when several accept, choose the partner (seat)
GIVE = tuple(Action("give", (g,)) for g in GOODS)
ASK = tuple(Action("ask", (g,)) for g in GOODS)
OFFER = Action("offer")
CHOOSE_PARTNER = tuple(Action("choose", (p,)) for p in range(6))


# ---- legal actions ----------------------------------------------------------------------------------
def legal(s: CatanState) -> list:
    """The legal actions of position ``s`` (not over), in a fixed order: the phase decides (OIL-15)."""
    ph = s.phase
    if ph == MAIN:
        return legal_main(s)
    if ph == PRE_ROLL:
        out = [ROLL]
        legal_plays(s, out)
        return out
    if ph == DISCARD:  # CAT-6.6: until the 7 is resolved only discards, then the robber
        return legal_discards(s)
    if ph == ROBBER:
        return legal_robber(s)
    if ph == PROPOSE:
        return legal_offers(s, s.seat_to_move)
    if ph == CHOOSE:
        return legal_choices(s)
    if ph == RESPOND:
        return [ACCEPT, REJECT]  # only players able to pay are asked (trade._ask_next)
    if ph == FREE_ROAD:
        b = s.board
        return [b.act_road[e] for e in road_spots(s, s.active)]
    if ph == SBP:
        return legal_sbp(s)
    if ph == SETUP_SETTLE:
        b = s.board
        return [b.act_settle[n] for n in settlement_spots(s, s.seat_to_move, setup=True)]
    if ph == SETUP_ROAD:
        b = s.board
        eo = s.edge_owner
        return [b.act_road[e] for e in sorted(b.node_edges[s.setup_node]) if eo[e] < 0]
    return []


def legal_main(s: CatanState) -> list:
    p = s.active
    out = [END]
    _builds(s, p, out)
    legal_plays(s, out)
    if not s.built or s.rules["combined_trade_build"]:  # CAT-4.2, CAT-4.3: trade before building unless combined
        legal_maritime(s, p, out)
        if trade.may_propose(s, p):
            out.append(PROPOSE_OPEN)
    if s.oil_springs:
        if s.oil[p] > 0 and oil.oil_use_open(s, p, 1):
            g = s.rules["oil.convert_gives"]
            bank = s.bank
            out.extend(CONVERT[r] for r in range(5) if bank[r] >= g)
            if s.oil_convert_mixed:  # note A11 flag: two different types, one card each
                out.extend(a for (i, j), a in CONVERT_PAIRS if bank[i] and bank[j])
        if oil.can_sequester(s, p):
            out.append(SEQUESTER)
    return out


def _builds(s: CatanState, p: int, out: list) -> None:
    """Every build and purchase ``p`` can pay for: as many per turn as resources and pieces allow (CAT-8.2)."""
    h = s.hand
    i = p * 5
    if not (h[i + 1] or h[i + 4]):
        return  # every cost needs brick or ore (CAT-8.1, OIL-6.3): nothing can be built or bought
    if can_build_road(s, p):
        out.extend(build_actions(s, p, ROAD_ACTS))
    if can_build_settlement(s, p):
        out.extend(build_actions(s, p, SETTLE_ACTS))
    if can_build_city(s, p):
        out.extend(build_actions(s, p, CITY_ACTS))
    if s.deck and can_pay(s, p, COST_DEV):
        out.append(BUY)
    if s.oil_springs and can_build_metropolis(s, p) and oil.oil_use_open(s, p, 2):
        # OIL-11.5 (note A21): in the SBP a metropolis may not move the marker beyond 5 (English original,
        # the default: reaching 5 triggers a disaster played after the SBP, OIL-11.6); the Polish text read
        # literally ("na 5", not to 5) is oil.sbp_metropolis_may_trigger = False
        if s.phase != SBP or s.rules["oil.sbp_metropolis_may_trigger"] or s.marker + 2 < s.rules["oil.disaster_at"]:
            out.extend(build_actions(s, p, METRO_ACTS))


def legal_sbp(s: CatanState) -> list:
    """CAT-12.8, CAT-12.9, OIL-11.5: build and buy only (no trade, no development card, no sequestration:
    OIL-9.6); oil only for a metropolis within the marker."""
    out = [PASS]
    _builds(s, s.seat_to_move, out)
    return out


# ---- development cards (CAT-9) ------------------------------------------------------------------------
def legal_plays(s: CatanState, out: list) -> None:
    """CAT-9.2: one card per turn, before or after the roll, never one bought this turn."""
    if s.dev_played:
        return
    p = s.active
    d = s.dev
    if d[p * 5] + d[p * 5 + 2] + d[p * 5 + 3] + d[p * 5 + 4] == 0:  # nothing playable (VP cards are never played)
        return
    if playable(s, p, KNIGHT):
        out.append(PLAY_KNIGHT)
    if playable(s, p, ROAD_BUILDING) and s.roads_built[p] < s.rules["roads"]:
        out.append(PLAY_ROADS)
    if playable(s, p, PLENTY):
        out.extend(plenty_choices(s, p))
    if playable(s, p, MONOPOLY):
        out.extend(PLAY_MONOPOLY[: 6 if s.oil_springs else 5])


def plenty_choices(s: CatanState, p: int) -> list:
    """CAT-9.5, OIL-14.1: two cards (oil allowed within the limit and the supply)."""
    bank = s.bank
    avail = list(bank)
    if s.oil_springs:
        avail.append(min(s.supply, max(0, s.oil_limit - s.oil[p])))
    out = []
    for i in range(len(avail)):
        for j in range(i, len(avail)):
            if (avail[i] >= 2) if i == j else (avail[i] and avail[j]):
                out.append(PLAY_PLENTY[(i, j)])
    if not out:
        out = [PLAY_PLENTY1[i] for i in range(len(avail)) if avail[i]]
    return out


# ---- the 7 and the robber (CAT-6, OIL-5) --------------------------------------------------------------
def legal_discards(s: CatanState) -> list:
    p = s.seat_to_move
    h = s.hand
    out = [DISCARD_ACT[r] for r in range(5) if h[p * 5 + r] > 0]
    if s.oil_springs and s.oil[p] > 0:
        out.append(DISCARD_ACT[OIL])
    return out


def legal_robber(s: CatanState) -> list:
    b = s.board
    p = s.seat_to_move
    no = s.node_owner
    may_take_oil = s.oil_springs and s.oil[p] < s.oil_limit
    h = s.hand
    cards = [h[q * 5] + h[q * 5 + 1] + h[q * 5 + 2] + h[q * 5 + 3] + h[q * 5 + 4] for q in range(s.num_players)]
    oil = s.oil
    out = []
    steal, steal_oil, plain, hn = b.act_robber_steal, b.act_robber_oil, b.act_robber, b.hex_nodes
    for x in robber_hexes(s):
        owners = [no[n] for n in hn[x]]
        if max(owners) < 0:
            out.append(plain[x])
            continue
        victims = []
        for v in owners:
            if v >= 0 and v != p and v not in victims:
                victims.append(v)
        added = False
        if victims:
            victims.sort()
            for v in victims:
                if cards[v]:
                    out.append(steal[x][v])
                    added = True
                if may_take_oil and oil[v]:  # OIL-5.4: take 1 oil instead, within the limit
                    out.append(steal_oil[x][v])
                    added = True
        if not added:
            out.append(plain[x])
    return out


# ---- trade (CAT-7, OIL-3.6, OIL-6.4) -------------------------------------------------------------------
def legal_maritime(s: CatanState, p: int, out: list) -> None:
    """4:1 always (CAT-7.3), 3:1 with a generic harbour, 2:1 with that resource's harbour — every rate is
    offered, as often as affordable, for a card the bank holds (CAT-7.6); never oil (OIL-6.4)."""
    h, bank, m = s.hand, s.bank, s.harbour_access[p]
    i = p * 5
    full = bank[0] and bank[1] and bank[2] and bank[3] and bank[4]
    for g in range(5):
        c = h[i + g]
        if c < 2:
            continue
        for k in (4, 3, 2):
            if c >= k and (k == 4 or (k == 3 and m >> GENERIC & 1) or (k == 2 and m >> g & 1)):
                if full:
                    out.extend(TRADE_BY[(k, g)])
                else:
                    out.extend(a for t, a in zip(OTHERS[g], TRADE_BY[(k, g)]) if bank[t])


OTHERS = {g: tuple(t for t in range(5) if t != g) for g in range(5)}
TRADE_BY = {(k, g): tuple(TRADE[(k, g, t)] for t in OTHERS[g]) for k in (2, 3, 4) for g in range(5)}


def legal_offers(s: CatanState, p: int) -> list:
    """The next step of composing an offer (CAT-7.2): cancel, put it to the table, or add one card a side.

    ``give g``: the proposer holds one more g than the offer gives, and g is not asked for (identical types
    may not be swapped). ``ask g``: g is not given, and some other player could pay the terms with it
    (:func:`trade.could_pay`). Oil only in Oil Springs (OIL-3.6), within the proposer's limit (OIL-3.4c).
    """
    out = [CANCEL]
    off = trade.open_offer(s)
    goods = trade.GOODS_N if s.oil_springs else 5
    if any(off[:trade.GOODS_N]) and any(off[trade.GOODS_N:]):
        out.append(OFFER)
    for g in range(goods):
        if off[trade.GOODS_N + g] == 0 and trade.held(s, p, g) > off[g]:
            nxt = trade.with_one_more(off, g)
            if g != OIL or trade.someone_could_pay(s, nxt):
                out.append(GIVE[g])
    for g in range(goods):
        if off[g] == 0:
            nxt = trade.with_one_more(off, trade.GOODS_N + g)
            if (g != OIL or trade.may_receive_oil(s, p, nxt[trade.GOODS_N + OIL])) and trade.someone_could_pay(s, nxt):
                out.append(ASK[g])
    return out



def legal_choices(s: CatanState) -> list:
    """CAT-7.2: with several acceptors the proposer chooses the partner."""
    return [CHOOSE_PARTNER[q] for q in trade.acceptors(s)]
