"""Trade (CAT-7, OIL-3.6, OIL-6.4): maritime at every rate the player has, and domestic offers."""
from __future__ import annotations

from .phases import MAIN, PROPOSE, RESPOND
from .data import OIL, RES_INDEX


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
