"""Trade (CAT-7, OIL-3.6, OIL-6.4): maritime at every rate the player has, and domestic offers."""
from __future__ import annotations

from .actions import MAIN, OFFER, OFFER_SHAPES, RESPOND, TRADE
from .data import GENERIC, OIL, RES_INDEX


def legal_maritime(s, p: int, out: list) -> None:
    """4:1 always, 3:1 with a generic harbour, 2:1 with that resource's harbour — every rate is offered."""
    h, bank, m = s.hand, s.bank, s.hmask[p]
    generic = m >> GENERIC & 1
    for g in range(5):
        c = h[p * 5 + g]
        if c < 2:
            continue
        rates = [k for k in (4, 3, 2) if c >= k and (k == 4 or (k == 3 and generic) or (k == 2 and m >> g & 1))]
        for k in rates:
            for t in range(5):
                if t != g and bank[t] > 0:
                    out.append(TRADE[(k, g, t)])


def maritime(s, p: int, k: int, g: int, t: int) -> None:
    s.hand[p * 5 + g] -= k
    s.bank[g] += k
    s.hand[p * 5 + t] += 1
    s.bank[t] -= 1


def _has(s, p: int, g: int, n: int) -> bool:
    return (s.oil[p] if g == OIL else s.hand[p * 5 + g]) >= n


def legal_offers(s, p: int, out: list) -> None:
    """CAT-7.2: a bounded set of offers (1:1, 1:2, 2:1), at most ``trade_offers_per_turn`` per turn.

    Oil may be offered or asked for (OIL-3.6) if nobody would pass the limit (OIL-3.4c).
    """
    if s.offers_made >= s.P.offers:
        return
    goods = 6 if s.P.oil else 5
    L = s.P.oil_limit
    for gn, wn in OFFER_SHAPES:
        for g in range(goods):
            if not _has(s, p, g, gn):
                continue
            for w in range(goods):
                if w == g or (w == OIL and s.oil[p] + wn > L):
                    continue
                out.append(OFFER[(gn, g, wn, w)])


def offer(s, p: int, args: tuple) -> None:
    s.offer = [args[0], RES_INDEX[args[1]], args[2], RES_INDEX[args[3]]]
    s.offers_made += 1
    s.phase = RESPOND
    s.cur = (p + 1) % s.num_players  # every other player answers in turn (clockwise)


def can_accept(s, q: int) -> bool:
    gn, g, wn, w = s.offer
    if not _has(s, q, w, wn):
        return False
    return not (g == OIL and s.oil[q] + gn > s.P.oil_limit)


def _move(s, a: int, b: int, g: int, n: int) -> None:
    if g == OIL:
        s.oil[a] -= n
        s.oil[b] += n
    else:
        s.hand[a * 5 + g] -= n
        s.hand[b * 5 + g] += n


def accept(s, q: int) -> None:
    gn, g, wn, w = s.offer
    p = s.active
    _move(s, p, q, g, gn)
    _move(s, q, p, w, wn)
    _close(s)


def reject(s, q: int) -> None:
    nxt = (q + 1) % s.num_players
    if nxt == s.active:
        _close(s)
    else:
        s.cur = nxt


def _close(s) -> None:
    s.offer = None
    s.phase = MAIN
    s.cur = s.active
