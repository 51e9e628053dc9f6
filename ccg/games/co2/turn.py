"""A player's turn (CO2-5 to CO2-7, CO2-12): one action, free steps, then ``end``.

Compound turns are small actions: ``propose``/``install``/``build`` (the action
with its parameters), ``scientist`` (pick one, then ``to``), ``buy``/``sell``,
``lobby``/``claim`` (the card step), ``sellgoal`` and ``end``.
"""
from __future__ import annotations

from . import board as B
from .data import GRANTS, SOURCES
from .flow import A, origins, push

MAIN, MOVED, MARKET, CARD, PRICE, REFILL, PREG, PGRANT, INST, SUMMIT, BOUGHT, SOLD = range(12)


# ---- the three actions (CO2-6) -----------------------------------------------------------------
def main_actions(s, p: int) -> list:
    T = s.T
    proj, out = s.proj, []
    # CO2-6.1 propose: an empty project space in a region whose agenda lists the source
    # (CO2-6.1.5 note: two projects of one source in a region are allowed; CO2-6.1.4: also in full regions)
    sup = s.psupply
    every = min(sup) > 0
    agenda = s.agenda
    for ps in range(18):
        if proj[ps] == -1:
            if every:
                out += T.propose_all[ps][agenda[ps // 3]]
            else:
                out += [a for src, a in T.propose[ps][agenda[ps // 3]] if sup[src] > 0]
    # CO2-6.2 install: pay the install CEP; displacing needs the coin (CO2-8.4 note)
    need = s.R["install.cep"]
    have = s.cep[p]
    if have < need:
        have += sum(s.reg_cep[r] for r in range(6) if s.ctrl[r] == p)
    if have >= need:
        fee_ok = s.coins[p] >= s.R["displace.coins"]
        inst, occ = s.inst, s.occ
        for ps in range(18):
            if proj[ps] >= 0 and not inst[ps]:
                o = occ[ps]
                if o == -1 or o == p or fee_ok:
                    out.append(T.install[ps])
    # CO2-6.3 build
    out += build_actions(s, p)
    return out


def region_open(s, r: int) -> bool:
    """An empty demand space or a fossil plant to replace (CO2-6.3.2)."""
    o = s.C_off[r]
    return any(k < B.GREEN0 for k in s.space_kind[o:o + s.C.spaces[r]])


def build_actions(s, p: int) -> list:
    out = []
    C = s.C
    T = s.T
    fee = s.R["displace.coins"]
    disc = s.R["lobby.build_discount"]
    cards = [] if s.tf[CARD] else [c for c in s.lobby[p] if C.lobby[c]["main"] == "build"]
    for src in range(5):
        if s.stack[src] >= len(C.plants[src]):
            continue
        tile = C.plants[src][s.stack[src]]  # CO2-6.3.1 only the top tile
        if s.exp[p * 5 + src] < tile.resources:  # CO2-6.3.3 licence
            continue
        for ps in range(18):
            if s.proj[ps] != src or not s.inst[ps]:
                continue
            r = ps // 3
            if not region_open(s, r):
                continue
            need = tile.resources - (1 if s.reg_res[r] > 0 and tile.resources > 0 else 0)  # CO2-6.3.4
            if s.res[p] < need:
                continue
            extra = fee if s.occ[ps] not in (-1, p) else 0
            if s.coins[p] >= tile.coins + extra:
                out.append(T.build[src][ps])
            for c in cards:  # CO2-12.1.5.4 lobby 15-19: pay $3 less (never below 0)
                if C.lobby[c]["source"] == src and s.coins[p] >= max(0, tile.coins - disc) + extra:
                    out.append(T.build_card[(src, ps, c)])
    return out


def lobby_actions(s, p: int) -> list:
    """CO2-7.3: one lobby card or one UN goal.

    CO2-12.1.3 note (reading): a main lobby is linked to a matching activity of this turn, so it is
    offered once that activity happened (propose, install, summit move, buy, sell); the build cards
    15-19 change the price, so they are played as part of the build action (``build … <card>``)."""
    tf, C, out = s.tf, s.C, []
    info = s.T.lobby_info
    for c in s.lobby[p]:
        k, val, main, sec = info[c]
        if k >= 0:
            f = tf[k]
            if (f & val) if k >= 9 else (f == val):
                out.append(main)
        out.append(sec)
    if s.res[p] > 0 and s.un_display:
        built = B.built_mask(s, p)
        for u in s.un_display:  # CO2-12.3.2
            need = 0
            for x in C.un_goals[u][0]:
                need |= 1 << x
            if built & need == need:
                out.append(A("claim", (u,), ("un",)))
    return out


def legal_turn(s, t) -> list:
    p = t[1]
    tf = s.tf
    out = []
    can_end = bool(tf[MAIN])
    if not tf[MAIN]:
        out = main_actions(s, p)
        can_end = not out  # CO2-5.2 note (engine reading): no legal action -> the turn may end
    if not tf[MOVED]:
        sf = s.T.sci_from
        out += [sf[x] for x in origins(s, p)]
    if not tf[MARKET]:
        if s.coins[p] >= s.price and (s.market or s.bank_cep):
            out.append(A("buy", (), ("market",)))
        if s.cep[p] > 0 and not tf[PRICE] and not tf[REFILL]:  # CO2-7.2.5
            out.append(A("sell", (), ("market",)))
    if not tf[CARD]:
        out += lobby_actions(s, p)
    if s.goal_st[p] == 0:
        out.append(A("sellgoal", (), ("goal",)))
    if can_end:
        out.append(A("end", (), ()))
    return out


def apply_turn(s, t, a) -> None:
    p = t[1]
    k = a.kind
    tf = s.tf
    if k == "end":
        s.tasks.pop()
        push(s, ("proj_exp", p), ("summits", -1), ("after_turn", -1))  # CO2-5.4 (5.4.1 first, note)
    elif k == "propose":
        propose(s, p, SOURCES.index(a.args[0]), s.C.regions.index(a.args[1]), GRANTS.index(a.args[2]))
    elif k == "install":
        ps = s.C.regions.index(a.args[0]) * 3 + GRANTS.index(a.args[1])
        tf[MAIN] = 1
        tasks = [("displace", p, ps)] if s.occ[ps] not in (-1, p) else []  # CO2-6.2.2, CO2-EX-11
        tasks += [("paycep", p)] * s.R["install.cep"]  # CO2-6.2.3 before the reward
        push(s, *tasks, ("install_done", p, ps))
    elif k == "build":
        build(s, p, a)
    elif k == "scientist":
        from .flow import parse_loc
        tf[MOVED] = 1
        push(s, ("sci_to", p, parse_loc(s, a.args[0]), 0))
    elif k == "buy":  # CO2-7.2.3
        tf[MARKET] = 1
        tf[BOUGHT] = 1
        before = s.price
        s.coins[p] -= s.price
        if B.market_take(s):
            s.cep[p] += 1
        if s.price != before:
            tf[PRICE] = 1
    elif k == "sell":  # CO2-7.2.5
        tf[MARKET] = 2
        tf[SOLD] = 1
        s.cep[p] -= 1
        s.market += 1
        s.coins[p] += s.price
        if s.price > s.R["market.price_min"]:
            s.price -= 1
            tf[PRICE] = 1
    elif k == "lobby":
        play_lobby(s, p, a.args[0], a.args[1])
    elif k == "claim":  # CO2-12.3.2
        tf[CARD] = 1
        u = a.args[0]
        s.res[p] -= 1
        s.supply_res += 1
        s.un_display.remove(u)
        s.un_won[p].append(u)
        s.vp[p] += s.C.un_goals[u][1]
    elif k == "sellgoal":  # CO2-12.2.2
        s.coins[p] += s.R["goal.discard_coins"]
        s.goal_st[p] = 1


def propose(s, p: int, src: int, r: int, g: int) -> None:
    """CO2-6.1: place a project tile and take the space's grant."""
    ps = r * 3 + g
    s.psupply[src] -= 1
    s.proj[ps] = src
    s.inst[ps] = 0
    tf = s.tf
    tf[MAIN] = 1
    tf[PREG] = r
    tf[PGRANT] = g
    if g == 0:  # CO2-6.1.3.1 money: CEP in the region's pile, at least 1
        s.coins[p] += s.reg_cep[r] or s.R["grant.money_min"]
    elif g == 1:  # CO2-6.1.3.2
        B.take_resources(s, p, s.R["grant.resources"])
    else:  # CO2-6.1.3.3 research cooperation (an extra move, note)
        push(s, ("research", p, 1))


def install_reward(s, p: int, ps: int) -> None:
    """CO2-6.2.4: flip the tile and take its source's reward (CEP one at a time, CO2-6.2.5)."""
    s.inst[ps] = 1
    src = s.proj[ps]
    s.tf[INST] = src
    before = s.price
    if src == 0:
        for _ in range(2):
            if B.market_take(s):
                s.cep[p] += 1
    elif src == 1:
        B.take_resources(s, p, 3)
    elif src == 2:
        s.coins[p] += 5
        B.take_resources(s, p, 1)
    elif src == 3:
        s.coins[p] += 3
        B.take_resources(s, p, 1)
        if B.market_take(s):
            s.cep[p] += 1
    else:
        s.coins[p] += 5
        if B.market_take(s):
            s.cep[p] += 1
    if s.price != before:
        s.tf[PRICE] = 1


def build(s, p: int, a) -> None:
    """CO2-6.3.5 steps 1-8 (displacement at step 7, the digest's reading)."""
    C, R = s.C, s.R
    src = SOURCES.index(a.args[0])
    r = C.regions.index(a.args[1])
    ps = r * 3 + GRANTS.index(a.args[2])
    tile = C.plants[src][s.stack[src]]
    cost = tile.coins
    if len(a.args) == 4:  # lobby 15-19
        card = a.args[3]
        cost = max(0, cost - R["lobby.build_discount"])
        spend_card(s, p, card, main=True)
    # step 1: pay; the region's resource pays for one (CO2-6.3.4, automatic)
    s.coins[p] -= cost
    need = tile.resources
    if need > 0 and s.reg_res[r] > 0:
        s.reg_res[r] -= 1
        s.supply_res += 1
        need -= 1
    s.res[p] -= need
    s.supply_res += need
    s.stack[src] += 1
    # step 2: leftmost empty space, else replace the leftmost fossil plant (CO2-6.3.6)
    o = s.C_off[r]
    kinds = s.space_kind
    i = next((j for j in range(o, o + C.spaces[r]) if kinds[j] == -1), -1)
    if i < 0:
        i = next(j for j in range(o, o + C.spaces[r]) if kinds[j] < B.GREEN0)
        f = kinds[i]
        s.ppm -= (R["ppm.coal"], R["ppm.oil"], R["ppm.gas"])[f]
        s.fossil_out[f] += 1
        before = s.price
        # reading (note): at the regional limit the CEP is not taken from the market
        if s.reg_cep[r] < C.spaces[r] and B.market_take(s):
            s.reg_cep[r] += 1
        if s.price != before:
            s.tf[PRICE] = 1
    kinds[i] = B.GREEN0 + src
    s.space_owner[i] = p  # step 3
    s.vp[p] += tile.vp  # step 4
    s.tf[MAIN] = 1
    # steps 5-8
    push(s, ("gain", p, src, 1), ("control", p, r), ("leave", p, ps), ("retproj", -1, ps))


def spend_card(s, p: int, card: int, main: bool) -> None:
    """Remove a played lobby card (CO2-12.1.1); solo draws a new one and a main use reveals a UN goal."""
    s.lobby[p].remove(card)
    s.lobby_played.append(card)
    s.tf[CARD] = 1
    if s.num_players == 1:
        if s.lobby_deck:  # CO2-17.3.6
            s.lobby[p].append(s.lobby_deck.pop())
            s.lobby[p].sort()
        if main and s.un_deck:  # CO2-17.3.7
            s.un_display.append(s.un_deck.pop())


def give_reward(s, p: int, reward: str) -> None:
    if reward == "coins2":
        s.coins[p] += 2
    elif reward == "coins3":
        s.coins[p] += 3
    elif reward == "resource1":
        B.take_resources(s, p, 1)
    elif reward == "cep1":
        before = s.price
        if B.market_take(s):
            s.cep[p] += 1
        if s.price != before:
            s.tf[PRICE] = 1
    else:  # "move": a scientist move (cards 07-09)
        push(s, ("research", p, 3))


def play_lobby(s, p: int, card: int, part: str) -> None:
    """CO2-12.1.2: exactly one part of the card."""
    e = s.C.lobby[card]
    R = s.R
    spend_card(s, p, card, main=part == "main")
    if part == "main":
        m = e["main"]
        if m == "propose_region":
            s.coins[p] += R["lobby.propose_coins"]
        elif m in ("propose_grant", "install"):
            if len(e["reward"]) == 1:
                give_reward(s, p, e["reward"][0])
            else:  # card 12: choose one of the two
                push(s, ("lobby_pick", p, card))
        elif m == "summit":
            push(s, ("gain", p, e["source"], 1))
        elif m == "buy":
            s.vp[p] += R["lobby.buy_vp"]
        elif m == "sell":
            s.coins[p] += R["lobby.sell_coins"]
    elif part == "resource":  # CO2-12.1.4 secondary effects
        B.take_resources(s, p, 1)
    elif part == "coins":
        s.coins[p] += R["lobby.secondary_coins"]
    elif part == "cep":
        give_reward(s, p, "cep1")
    else:  # "take or move a scientist" (reading: hire, or one move)
        push(s, ("research", p, 2))


def why_not(s, p: int, a) -> str | None:
    """A readable reason for a few common illegal turn actions."""
    from ccg.core import Action
    if not isinstance(a, Action):
        return None
    tf = s.tf
    if a.kind in ("propose", "install", "build") and tf[MAIN]:
        return "you have already taken your action this turn (CO2-5.2: exactly one action)"
    if a.kind == "end" and not tf[MAIN]:
        return "you must take an action (propose, install or build) before ending your turn (CO2-5.2)"
    if a.kind in ("buy", "sell") and tf[MARKET]:
        return "you have already visited the market this turn (CO2-7.2.2)"
    if a.kind == "sell" and (tf[PRICE] or tf[REFILL]):
        return "the market price changed this turn, so you cannot sell (CO2-7.2.5)"
    if a.kind in ("lobby", "claim") and tf[CARD]:
        return "you have already played a lobby card or claimed a UN goal this turn (CO2-7.3.1)"
    if a.kind == "build" and len(a.args) >= 1 and a.args[0] in SOURCES:
        src = SOURCES.index(a.args[0])
        if s.stack[src] < len(s.C.plants[src]):
            tile = s.C.plants[src][s.stack[src]]
            have = s.exp[p * 5 + src]
            if have < tile.resources:
                return (f"{a.args[0]} needs expertise {tile.resources}; seat {p} has {have} (CO2-6.3.3)")
    return None
