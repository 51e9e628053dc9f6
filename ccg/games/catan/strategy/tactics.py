"""The robber (CAT-6, CAT-9.3, OIL-5), discards on a 7 (CAT-6.2, OIL-5.5) and when to play development cards (CAT-9)."""
from __future__ import annotations

from . import position as pos
from .oil import oil_token_value
from .values import Outlook


# ---- the robber -----------------------------------------------------------------------------------
def threat(o: Outlook, p: int) -> float:
    """How much ``p`` is worth slowing down: more the nearer its public VP are to the target."""
    others = [o.pvp[q] for q in range(o.n) if q != o.me]
    mean = sum(others) / len(others)
    t = 1.0 + o.w["robber_leader"] * max(0.0, o.pvp[p] - mean)
    if o.pvp[p] >= o.vp_to_win - 2:
        t += o.w["robber_leader"] * 2.0
    return t


def robber_hex_value(o: Outlook, h: int) -> float:
    """Production the robber takes from opponents on ``h`` (weighted by their threat) minus the seat's own."""
    s = o.s
    pips = pos.hex_pips(s, h) / 36.0
    if not pips:
        return 0.0
    v = 0.0
    for n in pos.hex_corners(s, h):
        q = pos.owner(s, n)
        if q < 0:
            continue
        k = pos.level(s, n)
        v += (-o.w["robber_self"] if q == o.me else threat(o, q)) * k * pips
    return v


def robber_move(o: Outlook, legal: list):
    """CAT-6.3, CAT-6.4, OIL-5.4: block the leader's best hex, steal what the plan needs (or oil, if worth more)."""
    s = o.s
    best, best_v = None, float("-inf")
    steal_w = o.w["robber_steal"]
    oil_v = None
    for a in legal:
        h, victim, takes_oil = pos.robber_target(a)
        v = robber_hex_value(o, h)
        if victim >= 0:
            if takes_oil:
                if oil_v is None:
                    oil_v = oil_token_value(o)
                v += steal_w * oil_v * threat(o, victim)
            else:
                held = pos.hand(s, victim)  # a determinization: the seat's guess of the victim's hand
                total = sum(held)
                if total:
                    gain = sum(held[r] * o.card_value(r) for r in range(5)) / total
                    v += steal_w * gain * threat(o, victim)
        if v > best_v + 1e-12:
            best, best_v = a, v
    return best


def robber_blocks_me(o: Outlook) -> float:
    """Cards per roll the robber takes from the seat where it stands now (CAT-6.5)."""
    s = o.s
    h = pos.robber(s)
    if h < 0:
        return 0.0
    pips = pos.hex_pips(s, h) / 36.0
    return sum(pos.level(s, n) * pips for n in pos.hex_corners(s, h) if pos.owner(s, n) == o.me)


# ---- discards -------------------------------------------------------------------------------------
def discard(o: Outlook, legal: list):
    """CAT-6.2: give up the card the plan misses least (surplus first, the largest pile first)."""
    best, best_v = None, float("inf")
    hand = list(o.hand)
    oil_v = None
    for a in legal:
        g = pos.DISCARD_ACT.index(a)
        if g == pos.OIL:
            if oil_v is None:
                oil_v = oil_token_value(o)
            v = oil_v
        else:
            hand[g] -= 1
            v = o.card_value(g, hand)
            hand[g] += 1
        if v < best_v - 1e-12:
            best, best_v = a, v
    return best


# ---- development cards ------------------------------------------------------------------------------
def army_gain(o: Outlook) -> float:
    """VP a knight played now brings through Largest Army (CAT-10.4)."""
    s, me = o.s, o.me
    holder = pos.army_holder(s)
    if holder == me:
        return 0.0
    k = pos.knights(s, me) + 1
    if k >= o.rules["largest_army_min"] and (holder < 0 or k > pos.knights(s, holder)):
        return 2.0
    return 0.0


def knight_worth(o: Outlook, before_roll: bool) -> bool:
    """CAT-9.3: play a knight to free one's own hex, to take Largest Army, or (after the roll)
    when some hex is worth blocking: the leader's best production."""
    s = o.s
    if pos.playable_devs(s, o.me, pos.KNIGHT) <= 0:
        return False
    if army_gain(o) > 0 or robber_blocks_me(o) >= o.w["knight_unblock"] / 36.0:
        return True
    if before_roll:
        return False
    here = pos.robber(s)
    best = max((robber_hex_value(o, h) for h in range(pos.hexes(s)) if h != here), default=0.0)
    return best >= o.w["knight_block"] / 36.0


def development_play(o: Outlook, legal_set: set):
    """At most one card a turn (CAT-9.2): the first of knight, road building, year of plenty, monopoly that pays."""
    s = o.s
    if pos.dev_played(s):
        return None
    if pos.PLAY_KNIGHT in legal_set and knight_worth(o, before_roll=False):
        return pos.PLAY_KNIGHT
    goal = o.goal()
    if pos.PLAY_ROADS in legal_set and (goal.kind == "lr" or (goal.kind == "settle" and goal.path)):
        return pos.PLAY_ROADS  # CAT-9.4: the roads toward the next spot for free
    plenty = plenty_choice(o, legal_set)
    if plenty is not None:
        return plenty
    return monopoly_choice(o, legal_set)


def plenty_choice(o: Outlook, legal_set: set):
    """CAT-9.5: two cards the goal lacks, when it lacks any."""
    if pos.playable_devs(o.s, o.me, pos.PLENTY) <= 0:
        return None
    need = o.need()
    if sum(need) == 0:
        return None
    picks = []
    left = list(need)
    for _ in range(2):
        r = max(range(5), key=lambda x: (left[x], -x))
        if left[r] <= 0:
            r = max(range(5), key=lambda x: (o.card_value(x), -x))
        picks.append(r)
        left[r] -= 1
    i, j = min(picks), max(picks)
    a = pos.PLAY_PLENTY.get((i, j))
    if a in legal_set:
        return a
    for r in sorted(range(5), key=lambda x: -need[x]):  # the bank is short: any legal pick that helps
        for a in (pos.PLAY_PLENTY.get((min(r, x), max(r, x))) for x in range(5)):
            if a in legal_set:
                return a
        if pos.PLAY_PLENTY1[r] in legal_set:
            return pos.PLAY_PLENTY1[r]
    return None


def monopoly_choice(o: Outlook, legal_set: set):
    """CAT-9.6: name the resource the others hold most of, weighted by what it is worth to the plan."""
    s, me = o.s, o.me
    if pos.playable_devs(s, me, pos.MONOPOLY) <= 0:
        return None
    best, best_v = None, 0.0
    for r in range(5):
        a = pos.PLAY_MONOPOLY[r]
        if a not in legal_set:
            continue
        take = sum(pos.hand(s, p)[r] for p in range(o.n) if p != me)
        v = take * max(o.card_value(r), 1.0 / o.rates[r])
        if v > best_v:
            best, best_v = a, v
    return best if best_v >= o.w["monopoly_min"] else None
