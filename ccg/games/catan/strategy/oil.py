"""Oil Springs as a plan: what a use of oil costs in disaster risk, what sequestering is worth, the metropolis.

The price of one oil use (OIL-6.1: a conversion or half a metropolis) is its share of the next
disaster (OIL-7.3: every fifth use triggers one): the expected harm of a disaster on this board
now (OIL-8.3, OIL-8.4, OIL-8.7, OIL-8.8, OIL-8.10: a 7 floods coastal settlements and cities, another number destroys a hex's
production or, on an oil spring, removes oil; the fifth destroyed token loses the island for
everyone), divided by the uses that trigger it. The ``sequester`` persona s decides whose harm
counts: the seat's own share always, and the island's — everyone's share plus a steward's price
per use — at the odds s / (1 - s) (s = 1: no use ever pays). The same odds × steward add to the
value of sequestering (OIL-9), which also brings 1 VP per three tokens
(OIL-9.4) and the Champion of the Environment (OIL-9.5).
"""
from __future__ import annotations

from . import position as pos
from .values import Goal, Outlook


def disaster_harm(o: Outlook) -> tuple[float, float]:
    """Expected VP-equivalent harm of one disaster now: ``(to the seat, to the whole table)``."""
    s, me, n = o.s, o.me, o.n
    mine = 0.0
    total = 0.0
    # OIL-8.4: a 7 (1 in 6) floods the coast: settlements removed, cities reduced (metropolises stay)
    flood = [0.0] * n
    for x in range(pos.nodes(s)):
        q = pos.owner(s, x)
        if q < 0 or not pos.coastal(s, x):
            continue
        lv = pos.level(s, x)
        if lv in (1, 2):
            flood[q] += 1.0 + o.production_vp(sum(pos.node_yield(s, x)))
    mine += flood[me] / 6.0
    total += sum(flood) / 6.0
    # OIL-8.6, OIL-8.7, OIL-8.8: another number hits one hex showing it, chosen uniformly
    nums = pos.numbers(s)
    last = pos.destroyed(s) + 1 >= o.oil_destroyed_to_end
    island = o.w["island_loss"]
    for d in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        cands = [h for h in range(len(nums)) if nums[h] == d]
        if not cands:
            continue
        p_d = pos.PIPS[d] / 36.0 / len(cands)
        for h in cands:
            if pos.is_spring(s, h):
                continue  # OIL-8.8: three oil leave the game; the spring keeps producing
            if last:  # OIL-8.10: the island is lost, nobody wins (OIL-10.3)
                mine += p_d * island
                total += p_d * island * n
                continue
            pips = pos.hex_pips(s, h) / 36.0
            for x in pos.hex_corners(s, h):
                q = pos.owner(s, x)
                if q >= 0:
                    loss = o.production_vp(pos.level(s, x) * pips)
                    total += p_d * loss
                    if q == me:
                        mine += p_d * loss
    return mine, total


def island_odds(o: Outlook) -> float:
    """The persona as odds: a seat that weighs the island with s and its own score with 1 - s
    values the island s / (1 - s) times its own VP (capped: s = 1 puts the island first)."""
    s_ = o.persona["sequester"]
    return s_ / (1.0 - s_) if s_ < 0.999 else 1000.0


def use_price(o: Outlook) -> float:
    """VP-equivalent cost of using one oil token now: the seat's own share of the next disaster,
    plus the island's (everyone's share and the steward's care) at the persona's odds."""
    mine, total = disaster_harm(o)
    per_use = 1.0 / o.rules["oil.disaster_at"]
    return mine * per_use + island_odds(o) * (total * per_use + o.w["steward"])


def sequester_value(o: Outlook) -> float:
    """What sequestering one token is worth (OIL-9.4 a third of a VP, OIL-9.5 the Champion, the persona's care)."""
    s, me = o.s, o.me
    mine = pos.sequestered(s, me)
    v = 1.0 / o.rules["oil.sequester_per_vp"]
    holder = pos.champion(s)
    if holder != me:
        target = max(o.rules["oil.champion_min"], (pos.sequestered(s, holder) + 1) if holder >= 0 else 0)
        needed = target - mine
        if needed <= 1:
            v += 1.0
        elif needed <= pos.oil(s, me) + 2:
            v += o.w["champion_chase"] / needed
    return v + island_odds(o) * o.w["steward"]


def convert_value(o: Outlook, r: int) -> float:
    """OIL-6.2: two cards of ``r`` from the bank for one oil, less the price of the use."""
    hand = list(o.hand)
    v = 0.0
    for _ in range(o.rules["oil.convert_gives"]):
        v += o.card_value(r, hand)
        hand[r] += 1
    return v - o.oil_price()


def oil_token_value(o: Outlook) -> float:
    """Worth of holding one more oil token (to steal, keep on a discard, trade): its best use."""
    best_card = max(o.card_value(r) for r in range(5))
    use = o.rules["oil.convert_gives"] * best_card - o.oil_price()
    # capped: a steward's care makes sequestering priceless, but a token is never worth a city's cards
    return min(o.w["oil_token_cap"], max(0.02, use, sequester_value(o) * o.w["seq_patience"]))


def metropolis_goals(o: Outlook) -> list[Goal]:
    """OIL-6.3, OIL-6.5: a metropolis on a city (3 VP, produces 3, safe from floods), less two uses' price."""
    s, me = o.s, o.me
    if pos.metropolis_tokens(s) <= 0:
        return []
    out = []
    price = 2 * o.oil_price()
    for n in pos.buildings(s, me):
        if pos.level(s, n) != 2:
            continue
        y = pos.node_yield(s, n)
        gain = sum(y[g] * o.resource_weight(g) for g in range(6))
        # 2.0, not 2: compiled by mypyc, an int times sum() of floats is taken for an int (a TypeError)
        safe = (1.0 + o.production_vp(2.0 * sum(y))) / 6.0 * o.w["flood_fear"] if pos.coastal(s, n) else 0.0
        value = 1.0 + o.production_vp(gain) + safe - price
        if value > 0:
            out.append(Goal("metro", n, [], [0, 1, 0, 1, 1], pos.METROPOLIS_OIL, value))
    return out


def plan_conversion(o: Outlook, legal_set: set):
    """OIL-6.2: convert when the two cards move the goal on more than the use costs."""
    need = o.need()
    if sum(need) == 0 or o.oil <= 0:
        return None
    seq_alt = sequester_value(o) * o.w["seq_patience"] if pos.SEQUESTER in legal_set else 0.0
    best, best_v = None, 0.0
    for r in range(5):
        if need[r] <= 0:
            continue
        a = pos.CONVERT[r]
        if a not in legal_set:
            continue
        v = convert_value(o, r)
        if v > best_v + 1e-12:
            best, best_v = a, v
    return best if best is not None and best_v > seq_alt else None


def should_sequester(o: Outlook) -> bool:
    """At the end of the turn (OIL-9.1: one token a turn; OIL-9.2 not after a use): sequester when a
    token is worth more sequestered than kept for a later use."""
    keep = o.rules["oil.convert_gives"] * o.w["card_needed"] * o.w["oil_keep"] - o.oil_price()
    full = o.oil >= o.oil_limit  # more oil would be lost (OIL-4.4): holding is worth less
    if full:
        keep *= 0.5
    return sequester_value(o) > keep
