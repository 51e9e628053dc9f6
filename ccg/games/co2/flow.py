"""The flow of play: a stack of tasks, automatic ones run at once, decisions wait.

Decade structure (CO2-3), Supply phase (CO2-4), turn end (CO2-5.4), summits
(CO2-10), variants (CO2-17) and final scoring (CO2-15) live here; the turn's
own actions are in ``turn.py``.
"""
from __future__ import annotations

from ccg.core import Action

from . import board as B
from .data import GRANTS, SOURCES

# ---- actions are cached values (they are immutable and derived from kind + args) ----------------
_ACTIONS: dict = {}


def A(kind: str, args: tuple = (), where: tuple = ()) -> Action:
    key = (kind, args)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, args, where)
    return a


def push(s, *tasks) -> None:
    """Queue tasks to run in the given order, before everything already queued."""
    s.tasks.extend(reversed(tasks))


def fresh_turn_flags() -> list[int]:
    # main, moved, market, card, price changed, refilled, proposed region, proposed grant,
    # installed source, summit sources (bitmask), bought, sold
    return [0, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0]


def run(s) -> None:
    """Run automatic tasks until a decision waits (or the game is over)."""
    t = s.tasks
    while t:
        h = AUTO.get(t[-1][0])
        if h is None:
            return
        h(s, t.pop())


def legal(s) -> list[Action]:
    t = s.tasks[-1]
    return LEGAL[t[0]](s, t)


def apply(s, a: Action) -> None:
    t = s.tasks[-1]
    APPLY[t[0]](s, t, a)
    run(s)


def why_illegal(s, a: Action):
    if s.over:
        return None
    t = s.tasks[-1]
    if t[0] == "turn":
        from .turn import why_not
        return why_not(s, t[1], a)
    return None


def snapshot(s, decade: int) -> None:
    """Record one trajectory row (cheap: a flat list)."""
    green = sum(1 for k in s.space_kind if k >= B.GREEN0)
    fossil = sum(1 for k in s.space_kind if 0 <= k < B.GREEN0)
    s.traj.append([decade, s.ppm, green, fossil, s.price] + s.vp[:] + s.coins[:])


# ---- names of board locations ---------------------------------------------------------------
def rid(s, r: int) -> str:
    return s.C.regions[r]


def pid(s, ps: int) -> str:
    return s.C.regions[ps // 3] + "." + GRANTS[ps % 3]


def loc_name(s, loc: int) -> str:
    if loc == -1:
        return "hand"
    if loc < 100:
        return pid(s, loc)
    sp, j = divmod(loc - 100, 4)
    return f"s{sp + 1}." + SOURCES[s.C.summits[s.summit[sp]][1][j]]


def parse_loc(s, text: str) -> int:
    if text == "hand":
        return -1
    if text[0] == "s" and text[1].isdigit():
        sp = int(text[1:text.index(".")]) - 1
        src = SOURCES.index(text[text.index(".") + 1:])
        return 100 + sp * 4 + s.C.summits[s.summit[sp]][1].index(src)
    r, g = text.split(".")
    return s.C.regions.index(r) * 3 + GRANTS.index(g)


def loc_where(s, loc: int) -> tuple:
    if loc == -1:
        return ("hand",)
    if loc < 100:
        return (rid(s, loc // 3), pid(s, loc))
    return (f"summit{(loc - 100) // 4 + 1}",)


# ---- scientists (CO2-8) --------------------------------------------------------------------
def move_sci(s, p: int, frm: int, to: int) -> None:
    """Move one of p's scientists from location frm to location to (CO2-8.3)."""
    base = 4 * p
    for i in range(base, base + 4):
        if s.sci[i] == frm:
            break
    else:  # pragma: no cover - guarded by legal actions
        raise AssertionError("no scientist there")
    s.sci[i] = to
    if 0 <= frm < 100:
        s.occ[frm] = -1
    elif frm >= 100:
        s.sslot[frm - 100] = -1
    if 0 <= to < 100:
        s.occ[to] = p
    elif to >= 100:
        s.sslot[to - 100] = p
        if s.active == p:  # lobby cards 20-24 watch the active player's summit moves
            sp, j = divmod(to - 100, 4)
            s.tf[9] |= 1 << s.C.summits[s.summit[sp]][1][j]


def summit_slots_for(s, src: int) -> list[int]:
    """Empty summit slots whose topic is src (CO2-8.3.4)."""
    out = []
    for sp, tile in enumerate(s.summit):
        if tile >= 0:
            topics = s.C.summits[tile][1]
            if src in topics:
                j = topics.index(src)
                if s.sslot[sp * 4 + j] == -1:
                    out.append(100 + sp * 4 + j)
    return out


def destinations(s, p: int, frm: int) -> list[int]:
    """Legal destinations of p's scientist at frm: hand -> empty project; project -> another
    empty project, hand, or a summit slot of the project's source (CO2-8.3.1-5)."""
    proj, occ = s.proj, s.occ
    empty = [ps for ps in range(18) if proj[ps] >= 0 and occ[ps] == -1]
    if frm == -1:
        return empty
    return [-1] + [ps for ps in empty if ps != frm] + summit_slots_for(s, proj[frm])


def origins(s, p: int) -> list[int]:
    """Locations of p's scientists that have at least one legal move (summits never move)."""
    sci = s.sci[4 * p:4 * p + 4]
    out = sorted(loc for loc in sci if 0 <= loc < 100)
    if -1 in sci:
        proj, occ = s.proj, s.occ
        for ps in range(18):
            if proj[ps] >= 0 and occ[ps] == -1:
                out.insert(0, -1)
                break
    return out


def can_hire(s, p: int) -> bool:
    sci = s.sci[4 * p:4 * p + 4]
    return -2 in sci and sum(1 for x in sci if x != -2) < s.R["scientists.max"]


# ---- automatic tasks ---------------------------------------------------------------------------
def t_ops_start(s, t):
    s.round, s.turns = 1, 0
    push(s, ("begin_turn", s.start))


def t_begin_turn(s, t):
    s.active = t[1]
    s.tf = fresh_turn_flags()
    push(s, ("turn", t[1]))


def rounds(s) -> int:
    n = s.num_players
    return s.R["solo.turns"] if n == 1 else s.R[f"rounds.{n}p"]  # CO2-3.3, CO2-17.3.5


def last_decade(s) -> int:
    return s.R["decades.5p"] if s.num_players == 5 else s.R["decades"]  # CO2-3.1


def t_after_turn(s, t):
    s.turns += 1
    if s.turns < s.num_players:  # CO2-5.1 clockwise
        push(s, ("begin_turn", (s.active + 1) % s.num_players))
        return
    s.turns = 0
    s.round += 1
    if s.round > rounds(s):
        push(s, ("ops_end", -1))
    else:
        push(s, ("begin_turn", s.start))


def green_regions(s) -> int:
    """Regions whose demand spaces all hold green plants (CO2-14.1.2)."""
    k = 0
    for r in range(6):
        o = s.C_off[r]
        if all(x >= B.GREEN0 for x in s.space_kind[o:o + s.C.spaces[r]]):
            k += 1
    return k


def game_should_end(s) -> bool:
    """CO2-14.1, checked at the end of each Operations phase."""
    R = s.R
    if s.decade >= last_decade(s):  # CO2-14.1.1
        return True
    if green_regions(s) >= R["end.green_regions"]:  # CO2-14.1.2
        return True
    # CO2-14.1.3 (reading of the note): decade >= 4, below 350 now, and >= 350 at some earlier point
    cat = R["ppm.catastrophe"]
    return s.decade >= R["end.safe_decade"] and s.ppm < cat <= s.ppm_peak


def t_ops_end(s, t):
    snapshot(s, s.decade)
    if game_should_end(s):
        push(s, ("final", -1, 1))
        return
    s.decade += 1  # CO2-3.5 (CO2-EX-19)
    if s.options.get("auction", False):
        push(s, ("bid", s.start, 0, -1, -1), ("supply", -1))  # CO2-17.2: replaces passing the tile
    else:
        s.start = (s.start + 1) % s.num_players  # CO2-3.5 step 3: to the player on the left
        push(s, ("supply", -1))


def turn_order(s, first: int) -> list[int]:
    n = s.num_players
    return [(first + k) % n for k in range(n)]


def t_supply(s, t):
    """CO2-4.1: income, energy supply, event, then the 500 ppm check."""
    inc = B.incomes(s)
    tasks = [("income", p, inc[p]) for p in turn_order(s, s.start) if inc[p] > 0]
    tasks += [("decay", -1), ("energy", -1, 0), ("event", -1), ("supply_end", -1)]
    push(s, *tasks)


def t_decay(s, t):
    for r in range(6):  # CO2-4.3.1
        if s.reg_res[r] > 0:
            s.reg_res[r] -= 1
            s.supply_res += 1


def t_energy(s, t):
    """CO2-4.3.2-5: regions clockwise from the first in board order (CO2-DATA-01)."""
    d = s.decade
    ppm = (s.R["ppm.coal"], s.R["ppm.oil"], s.R["ppm.gas"])
    for r in range(t[2], 6):
        if d > s.C.spaces[r]:
            continue  # the region is full
        i = s.C_off[r] + d - 1
        if s.space_kind[i] != -1:
            continue  # CO2-4.3.3 green plant on space d
        if not s.fossil_stack:
            continue  # CO2-4.3.4 note: empty stack (Extreme only) -> nothing is placed
        f = s.fossil_stack.pop()
        s.space_kind[i] = f
        s.ppm += ppm[f]
        s.ppm_peak = max(s.ppm_peak, s.ppm)
        c = s.ctrl[r]
        if c >= 0:  # CO2-4.3.5a
            push(s, ("fossil_pay", c, r), ("energy", -1, r + 1))
            return
        if s.reg_cep[r] > 0:  # CO2-4.3.5c (empty pile: nothing is paid, note)
            s.reg_cep[r] -= 1
            s.bank_cep += 1


def forced_buy(s, p: int) -> None:
    """CO2-4.3.5b / 4.3.6: buy 1 CEP at the market and pay it; VP cover missing coins 1:1."""
    if s.market == 0 and s.bank_cep == 0:
        return  # no CEP left anywhere (engine policy, CO2-DATA-18)
    price = s.price
    if s.coins[p] < price:
        s.vp[p] -= price - s.coins[p]
        s.coins[p] = price
    s.coins[p] -= price
    B.market_take(s)
    s.bank_cep += 1


def t_fossil_pay(s, t):
    p = t[1]
    opts = B.cep_sources(s, p)
    if not opts:
        if s.coins[p] < s.price and s.goal_st[p] == 0 and (s.market or s.bank_cep):
            push(s, ("forced", p))  # CO2-4.3.6 note: the goal may be sold for 8 coins first
        else:
            forced_buy(s, p)
    elif len(opts) == 1:
        B.pay_cep(s, p, opts[0])
    else:
        push(s, ("paycep_choose", p))


def t_paycep(s, t):
    p = t[1]
    opts = B.cep_sources(s, p)
    if len(opts) == 1:
        B.pay_cep(s, p, opts[0])
    elif opts:
        push(s, ("paycep_choose", p))


def t_event(s, t):
    """CO2-4.4: the event card's region suffers a catastrophe at >= 350 ppm."""
    if not s.events:
        return
    r = s.C.events[s.events[0]]
    if s.ppm >= s.R["ppm.catastrophe"]:
        for p in range(s.num_players):
            if B.green_sources(s, p, r) == 0:
                if s.res[p] > 0:
                    s.res[p] -= 1
                    s.reg_res[r] += 1
                else:
                    s.vp[p] -= s.R["event.vp_loss"]
        if s.num_players == 1 and s.un_display:  # CO2-17.3.8
            s.un_display.pop(0)
    s.events.pop(0)  # CO2-4.4.4


def t_supply_end(s, t):
    lose = s.R["ppm.lose"]
    if s.num_players == 1:
        if s.ppm > lose:  # CO2-17.3.9: solo ends above 500 but still scores, without income
            push(s, ("final", -1, 0))
            return
    elif s.ppm >= lose:  # CO2-14.3: everyone loses, no scoring
        s.lost = True
        s.over = True
        snapshot(s, s.decade)
        return
    push(s, ("ops_start", -1))


def t_gain(s, t):
    _, p, src, k = t
    bonus = B.gain_step(s, p, src)
    if k > 1:
        s.tasks.append(("gain", p, src, k - 1))
    push(s, *bonus)


def t_cep_bonus(s, t):
    """CO2-9.3.3: 1 CEP from the market to a region of your choice, within its limit."""
    p = t[1]
    regions = [r for r in range(6) if s.reg_cep[r] < s.C.spaces[r]]
    if not regions or (s.market == 0 and s.bank_cep == 0):
        return  # note under CO2-9.3: every region at its limit -> the bonus is lost
    if len(regions) == 1:
        if B.market_take(s):
            s.reg_cep[regions[0]] += 1
    else:
        push(s, ("cepto", p))


def t_any_exp(s, t):
    p = t[1]
    if any(s.exp[p * 5 + x] < s.C.track_max[x] for x in range(5)):
        push(s, ("exp_any", p))


def t_control(s, t):
    B.check_control(s, t[2], t[1])


def t_displace(s, t):
    """CO2-8.4: pay the owner 1 coin; the owner keeps the scientist (+1 expertise) or sends it to a summit."""
    _, p, ps = t
    o = s.occ[ps]
    fee = min(s.R["displace.coins"], s.coins[p])
    s.coins[p] -= fee
    s.coins[o] += fee
    move_sci(s, o, ps, -1)
    src = s.proj[ps]
    if summit_slots_for(s, src):
        push(s, ("displaced", o, src))
    else:
        push(s, ("gain", o, src, 1))


def t_leave(s, t):
    """Build step 7: the scientist on the built project leaves (CO2-6.3.5, CO2-8.4, CO2-8.5)."""
    _, p, ps = t
    o = s.occ[ps]
    if o == -1:
        return
    if o == p:  # CO2-8.5: an extra move (the [ZH] reading), no expertise
        push(s, ("sci_to", p, ps, 4))
    else:
        push(s, ("displace", p, ps))


def t_retproj(s, t):
    ps = t[2]
    src = s.proj[ps]
    s.proj[ps] = -1
    s.inst[ps] = 0
    s.psupply[src] += 1  # build step 8: the tile goes back to the supply


def t_install_done(s, t):
    from .turn import install_reward
    install_reward(s, t[1], t[2])


def t_research(s, t):
    """Research grant / lobby scientist: hire, or move a scientist (CO2-6.1.3.3, CO2-12.1.4)."""
    _, p, ctx = t
    if (ctx != 3 and can_hire(s, p)) or origins(s, p):
        push(s, ("research_choose", p, ctx))


def t_proj_exp(s, t):
    """CO2-5.4.1: +1 expertise for one project one of your scientists is on."""
    p = t[1]
    srcs = sorted({s.proj[loc] for loc in s.sci[4 * p:4 * p + 4] if 0 <= loc < 100})
    if len(srcs) == 1:
        push(s, ("gain", p, srcs[0], 1))
    elif srcs:
        push(s, ("study", p))


def t_summits(s, t):
    """CO2-5.4.2 / CO2-10.3-5: full summits end, in board order; gains in turn order ending with
    the active player."""
    order = turn_order(s, (s.active + 1) % s.num_players)
    tasks = []
    for sp, tile in enumerate(s.summit):
        if tile < 0:
            continue
        topics = s.C.summits[tile][1]
        slots = s.sslot[sp * 4:sp * 4 + len(topics)]
        if -1 in slots:
            continue
        for p in order:
            if p in slots:
                tasks += [("gain", p, topics[j], 1) for j, q in enumerate(slots) if q == p]
                tasks.append(("summit_pick", p, sp))
        tasks.append(("summit_close", -1, sp))
    push(s, *tasks)


def t_summit_close(s, t):
    sp = t[2]
    for j in range(4):
        q = s.sslot[sp * 4 + j]
        if q >= 0:
            move_sci(s, q, 100 + sp * 4 + j, -1)
    # CO2-10.5 note: an empty stack leaves the space empty
    s.summit[sp] = s.summit_stack.pop() if s.summit_stack else -1


def t_draft_pass(s, t):
    """CO2-2.18.1: pass the rest to the player on your right (you receive from your left)."""
    n = s.num_players
    s.packs = [s.packs[(p + 1) % n] for p in range(n)]
    if s.packs[0]:
        push(s, *[("draft", p) for p in range(n)], ("draft_pass", -1))


def t_solo_place(s, t):
    """CO2-17.3.3: random project, first region clockwise that accepts it (reading: continue with
    the next region clockwise after the previous placement)."""
    _, _, mask, r, first = t
    if not mask:
        return
    srcs = [x for x in range(5) if mask >> x & 1]
    src = srcs[s.rng.below(len(srcs))]
    mask &= ~(1 << src)
    start = r if first else (r + 1) % 6
    for k in range(6):
        rr = (start + k) % 6
        if src in s.C.agendas[s.agenda[rr]] and any(s.proj[rr * 3 + g] == -1 for g in range(3)):
            push(s, ("solo_space", 0, rr, src), ("solo_place", -1, mask, rr, 0))
            return
    push(s, ("solo_place", -1, mask, r, 0))


def t_final(s, t):
    """CO2-15: goal 31 first, regions' CEP to controllers, sell all, income, then VP."""
    n = s.num_players
    values = [B.goal_value(s, p) if s.goal_st[p] == 0 else 0 for p in range(n)]  # CO2-15.1
    for r in range(6):  # CO2-15.2.1
        c = s.ctrl[r]
        if c >= 0:
            s.cep[c] += s.reg_cep[r]
            s.reg_cep[r] = 0
    for p in range(n):  # CO2-15.2.2 one price for all, the price does not change
        s.coins[p] += s.cep[p] * s.price
        s.market += s.cep[p]
        s.cep[p] = 0
    tasks = []
    if t[2]:  # CO2-15.2.3 (not after a solo > 500 end, CO2-17.3.9)
        inc = B.incomes(s)
        tasks += [("income", p, inc[p]) for p in turn_order(s, s.start) if inc[p] > 0]
    tasks += [("goal_choice", p, values[p]) for p in turn_order(s, s.start) if s.goal_st[p] == 0]
    tasks.append(("final_vp", -1))
    push(s, *tasks)


def t_final_vp(s, t):
    n = s.num_players
    R = s.R
    for p in range(n):  # CO2-15.3.2
        s.vp[p] += s.coins[p] // R["final.coins_per_vp"]
    bonus = R["final.bonus_vp"]
    # CO2-15.3.3-5 (note: literal reading, a maximum of 0 still pays everyone tied)
    mx = max(s.res)
    for p in range(n):
        if s.res[p] == mx:
            s.vp[p] += bonus
    un = [len(x) for x in s.un_won]
    mx = max(un)
    for p in range(n):
        if un[p] == mx:
            s.vp[p] += bonus
    s.over = True
    snapshot(s, s.decade)


AUTO = {
    "ops_start": t_ops_start, "begin_turn": t_begin_turn, "after_turn": t_after_turn, "ops_end": t_ops_end,
    "supply": t_supply, "decay": t_decay, "energy": t_energy, "fossil_pay": t_fossil_pay, "paycep": t_paycep,
    "event": t_event, "supply_end": t_supply_end, "gain": t_gain, "cep_bonus": t_cep_bonus, "any_exp": t_any_exp,
    "control": t_control, "displace": t_displace, "leave": t_leave, "retproj": t_retproj,
    "install_done": t_install_done, "research": t_research, "proj_exp": t_proj_exp, "summits": t_summits,
    "summit_close": t_summit_close, "draft_pass": t_draft_pass, "solo_place": t_solo_place, "final": t_final,
    "final_vp": t_final_vp,
}

from .decisions import APPLY, LEGAL  # noqa: E402

DECISIONS = frozenset(LEGAL)
KINDS = DECISIONS | frozenset(AUTO)
