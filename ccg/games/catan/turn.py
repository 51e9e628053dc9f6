"""The turn sequence (CAT-3 setup, CAT-4 turn, OIL-15 state machine): legal actions and their effects.

Each phase has a ``legal_*`` and the kinds of action it accepts; ``apply``
dispatches on the action kind. Rules live in the small modules this one
calls (building, robber, devcards, trade, oil); this module only sequences them.
"""
from __future__ import annotations

from .actions import (
    ACCEPT, BUY, CHOOSE, CONVERT, CONVERT_PAIRS, DISCARD, END, FREE_ROAD, MAIN, OVER, PASS, PRE_ROLL, PROPOSE,
    PROPOSE_OPEN, REJECT, RESPOND, ROBBER, ROLL, SBP, SEQUESTER, SETUP_ROAD, SETUP_SETTLE,
)
from .building import (
    CITY_ACTS, METRO_ACTS, ROAD_ACTS, SETTLE_ACTS, build_actions, can_build_city, can_build_metropolis,
    can_build_road, can_build_settlement, can_pay, place_city, place_metropolis, place_road, place_settlement,
    road_spots, settlement_spots,
)
from .data import COST_DEV, RES_INDEX
from . import devcards, oil, production, robber, trade
from .scoring import vp


# ---- legal actions ----------------------------------------------------------------------------
def legal(s) -> list:
    ph = s.phase
    if ph == MAIN:
        return legal_main(s)
    if ph == PRE_ROLL:
        out = [ROLL]
        devcards.legal_plays(s, out)
        return out
    if ph == DISCARD:
        return robber.legal_discards(s)
    if ph == ROBBER:
        return robber.legal_robber(s)
    if ph == PROPOSE:
        return trade.legal_offers(s, s.cur)
    if ph == RESPOND:
        return [ACCEPT, REJECT]  # only players able to pay are asked (trade._ask_next)
    if ph == CHOOSE:
        return trade.legal_choices(s)
    if ph == FREE_ROAD:
        b = s.board
        return [b.act_road[e] for e in road_spots(s, s.active)]
    if ph == SBP:
        return legal_sbp(s)
    if ph == SETUP_SETTLE:
        b = s.board
        return [b.act_settle[n] for n in settlement_spots(s, s.cur, setup=True)]
    if ph == SETUP_ROAD:
        b = s.board
        eo = s.edge_owner
        return [b.act_road[e] for e in sorted(b.node_edges[s.setup_node]) if eo[e] < 0]
    return []


def _builds(s, p: int, out: list) -> None:
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
    if s.P.oil and can_build_metropolis(s, p) and oil.oil_use_open(s, p, 2):
        # OIL-11.5 (note A21): in the SBP a metropolis may not move the marker beyond 5 (English original,
        # the default: reaching 5 triggers a disaster played after the SBP, OIL-11.6); the Polish text read
        # literally ("na 5", not to 5) is oil.sbp_metropolis_may_trigger = False
        if s.phase != SBP or s.P.sbp_may_trigger or s.marker + 2 < s.P.disaster_at:
            out.extend(build_actions(s, p, METRO_ACTS))


def legal_main(s) -> list:
    p = s.active
    out = [END]
    _builds(s, p, out)
    devcards.legal_plays(s, out)
    if not s.built or s.P.combined:  # CAT-4.2/4.3: trade before building unless combined
        trade.legal_maritime(s, p, out)
        if trade.may_propose(s, p):
            out.append(PROPOSE_OPEN)
    if s.P.oil:
        if s.oil[p] > 0 and oil.oil_use_open(s, p, 1):
            g = s.P.convert_gives
            bank = s.bank
            out.extend(CONVERT[r] for r in range(5) if bank[r] >= g)
            if s.P.convert_mixed:  # note A11 flag: two different types, one card each
                out.extend(a for (i, j), a in CONVERT_PAIRS if bank[i] and bank[j])
        if oil.can_sequester(s, p):
            out.append(SEQUESTER)
    return out


def legal_sbp(s) -> list:
    """CAT-12.8/12.9, OIL-11.5: build and buy only; oil only for a metropolis within the marker."""
    out = [PASS]
    _builds(s, s.cur, out)
    return out


# ---- effects ----------------------------------------------------------------------------------
def node_of(text: str) -> int:
    return int(text[1:])


def apply(s, a) -> None:
    k = a.kind
    p = s.cur
    # the most frequent kinds first (roll, end, maritime trade, the trade table, discards)
    if k == "roll":
        roll(s)
        return
    if k == "end":
        end_turn(s)
        return
    if k == "trade":
        trade.maritime(s, p, a.args[0], RES_INDEX[a.args[1]], RES_INDEX[a.args[2]])
    elif k == "propose":
        trade.propose(s, p)
    elif k == "give":
        trade.give(s, p, RES_INDEX[a.args[0]])
    elif k == "ask":
        trade.ask(s, p, RES_INDEX[a.args[0]])
    elif k == "offer":
        trade.offer(s, p)
    elif k == "choose":
        trade.choose(s, p, a.args[0])
    elif k == "accept":
        trade.accept(s, p)
    elif k == "reject":
        trade.reject(s, p)
    elif k == "cancel":
        trade.cancel(s, p)
    elif k == "discard":
        robber.discard(s, p, RES_INDEX[a.args[0]])
    elif k == "robber":
        robber.move(s, p, a.args)
    elif k == "road":
        e = int(a.args[0][1:])
        if s.phase == SETUP_ROAD:
            place_road(s, p, e, free=True)
            end_setup_step(s)
            return
        if s.phase == FREE_ROAD:
            place_road(s, p, e, free=True)
            s.free_roads -= 1
            if s.free_roads <= 0 or not road_spots(s, p):
                s.phase = MAIN if s.rolled else PRE_ROLL
        else:
            place_road(s, p, e)
            s.built = True
    elif k == "settle":
        n = node_of(a.args[0])
        if s.phase == SETUP_SETTLE:
            setup_settlement(s, p, n)
            return
        place_settlement(s, p, n)
        s.built = True
    elif k == "city":
        place_city(s, p, node_of(a.args[0]))
        s.built = True
    elif k == "metro":
        place_metropolis(s, p, node_of(a.args[0]))
        s.built = True
    elif k == "buy":
        devcards.buy(s, p)
        s.built = True
    elif k == "pass":
        next_sbp(s)
        return
    elif k == "play":
        devcards.play(s, p, a.args)
    elif k == "convert":
        if len(a.args) == 2:
            oil.convert_pair(s, p, RES_INDEX[a.args[0]], RES_INDEX[a.args[1]])
        else:
            oil.convert(s, p, RES_INDEX[a.args[0]])
    elif k == "sequester":
        oil.sequester(s, p)
    else:  # pragma: no cover - legal_actions never offers other kinds
        raise AssertionError(k)
    if k in VP_KINDS:
        check_base_win(s)


VP_KINDS = frozenset(("road", "settle", "city", "buy", "play"))  # actions that can raise the actor's VP


def check_base_win(s) -> None:
    """CAT-11.2: 10 VP during one's own turn wins at once (not in setup or the SBP)."""
    if not s.P.oil and s.phase in (PRE_ROLL, MAIN, ROBBER, FREE_ROAD, DISCARD, RESPOND):
        if vp(s, s.active) >= s.P.vp_win:
            finish(s, s.active)


def finish(s, winner: int) -> None:
    s.over = True
    s.winner = winner
    s.phase = OVER
    s.cur = -1


# ---- setup (CAT-3.7-3.9, OIL-2.8) ----------------------------------------------------------------
def setup_order(first: int, n: int) -> list[int]:
    fwd = [(first + i) % n for i in range(n)]
    return fwd + fwd[::-1]


def setup_settlement(s, p: int, n: int) -> None:
    place_settlement(s, p, n, free=True)
    s.setup_node = n
    if s.setup_i >= s.num_players:  # second settlement pays its neighbours (CAT-3.9)
        production.starting_resources(s, p, n)
    s.phase = SETUP_ROAD


def end_setup_step(s) -> None:
    s.setup_i += 1
    s.setup_node = -1
    n = s.num_players
    if s.setup_i >= 2 * n:
        s.active = s.cur = s.first
        s.turn = 1
        s.phase = PRE_ROLL
        return
    s.cur = setup_order(s.first, n)[s.setup_i]
    s.phase = SETUP_SETTLE


# ---- rolling (CAT-5, CAT-6) ------------------------------------------------------------------------
def roll(s) -> None:
    x = s.rng.below(36)  # two fair dice from one draw: (x // 6 + 1) + (x % 6 + 1)
    s.dice = x // 6 + x % 6 + 2
    s.rolled = True
    if s.dice == 7:
        robber.start_seven(s)
    else:
        production.produce(s, s.dice)
        s.phase = MAIN


# ---- end of turn (CAT-4.4, OIL-8.1, OIL-10.2, OIL-11.8, CAT-12.8) -----------------------------------
def end_turn(s) -> None:
    p = s.active
    if s.P.oil:
        if s.pending:
            oil.disaster_phase(s)
            if s.over:
                s.cur = -1
                return
        if vp(s, p) >= s.P.vp_win:  # OIL-10.2: checked after the disaster phase
            finish(s, p)
            return
    if s.P.sbp:
        s.phase = SBP
        s.sbp_left = s.num_players - 1
        s.cur = (p + 1) % s.num_players
        return
    next_turn(s)


def next_sbp(s) -> None:
    s.sbp_left -= 1
    if s.sbp_left > 0:
        s.cur = (s.cur + 1) % s.num_players
        return
    if s.P.oil and s.pending:  # OIL-11.6: a disaster triggered in the SBP follows it
        oil.disaster_phase(s)
        if s.over:
            s.cur = -1
            return
    next_turn(s)


def next_turn(s) -> None:
    if s.turn >= s.P.turn_limit:  # safety net (rule "turn_limit"): no winner, reported in the outcome
        finish(s, -1)
        return
    s.active = s.cur = (s.active + 1) % s.num_players
    s.turn += 1
    s.phase = PRE_ROLL
    s.dice = 0
    s.dev_new = [0, 0, 0, 0, 0]
    s.dev_played = s.rolled = s.built = s.oil_used = s.seq_done = False
    s.offers_made = 0
    check_base_win(s)  # VP gained in another's turn count when one's own turn comes (CAT-11.2)
