"""Trade (CAT-7, OIL-3.6, OIL-6.4): maritime at every rate the player has, and domestic offers."""
from __future__ import annotations

from .actions import CANCEL, OFFERS_BY, TRADE
from .phases import MAIN, PROPOSE, RESPOND
from .data import GENERIC, OIL, RES_INDEX


def legal_maritime(s, p: int, out: list) -> None:
    """4:1 always (CAT-7.3), 3:1 with a generic harbour, 2:1 with that resource's harbour — every rate is
    offered, as often as affordable, for a card the bank holds (CAT-7.6); never oil (OIL-6.4)."""
    h, bank, m = s.hand, s.bank, s.hmask[p]
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


def maritime(s, p: int, k: int, g: int, t: int) -> None:
    s.hand[p * 5 + g] -= k
    s.bank[g] += k
    s.hand[p * 5 + t] += 1
    s.bank[t] -= 1


def _has(s, p: int, g: int, n: int) -> bool:
    return (s.oil[p] if g == OIL else s.hand[p * 5 + g]) >= n


def may_propose(s, p: int) -> bool:
    """CAT-7.2: the active player may open the trade table ``trade_offers_per_turn`` times a turn."""
    if s.offers_made >= s.rules["trade_offers_per_turn"]:
        return False
    h = s.hand
    return h[p * 5] + h[p * 5 + 1] + h[p * 5 + 2] + h[p * 5 + 3] + h[p * 5 + 4] + (s.oil[p] if s.oil_springs else 0) > 0


def propose(s, p: int) -> None:
    s.offers_made += 1
    s.phase = PROPOSE


def cancel(s, p: int) -> None:
    s.phase = MAIN


def legal_offers(s, p: int) -> list:
    """A bounded set of offers to all other players: give 1 for 1, 1 for 2, or 2 for 1 (and cancel).

    The others are asked clockwise; those who could pay answer accept or reject, the first accept trades.

    Oil may be offered or asked for (OIL-3.6) only if the proposer stays within the limit (OIL-3.4c);
    the limit of the answering player is checked when he accepts.
    """
    out = [CANCEL]
    oil = s.oil_springs
    if oil:
        room = s.oil_limit - s.oil[p]
        table = OFFERS_OIL[min(room, 2)]
    else:
        table = OFFERS_BASE
    h = s.hand
    for g in range(5):
        c = h[p * 5 + g]
        if c:
            out.extend(table[(1, g)])
            if c >= 2:
                out.extend(table[(2, g)])
    if oil and s.oil[p]:
        out.extend(table[(1, OIL)])
        if s.oil[p] >= 2:
            out.extend(table[(2, OIL)])
    return out


def _table(goods: int, oil_room: int) -> dict:
    return {(gn, g): tuple(a for a in OFFERS_BY[(gn, g)]
                           if RES_INDEX[a.args[3]] < goods and (RES_INDEX[a.args[3]] != OIL or a.args[2] <= oil_room))
            for gn in (1, 2) for g in range(goods)}


OFFERS_BASE = _table(5, 0)
OFFERS_OIL = {room: _table(6, room) for room in (0, 1, 2)}


def offer(s, p: int, args: tuple) -> None:
    s.offer = [args[0], RES_INDEX[args[1]], args[2], RES_INDEX[args[3]]]
    _ask_next(s, p)


def _ask_next(s, q: int) -> None:
    """Ask the next player clockwise after ``q`` who could pay; close the offer when nobody is left.

    Players who cannot pay (or would pass the oil limit) are not asked: their answer could only be no.
    """
    n = s.num_players
    for i in range(1, n):
        r = (q + i) % n
        if r == s.active:
            break
        if can_accept(s, r):
            s.phase = RESPOND
            s.cur = r
            return
    _close(s)


def can_accept(s, q: int) -> bool:
    gn, g, wn, w = s.offer
    if not _has(s, q, w, wn):
        return False
    return not (g == OIL and s.oil[q] + gn > s.oil_limit)


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
    _ask_next(s, q)


def _close(s) -> None:
    s.offer = None
    s.phase = MAIN
    s.cur = s.active
