"""Trade (CAT-7, OIL-3.6, OIL-6.4): maritime at every rate the player has, and domestic offers on any terms."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import OIL
from .phases import CHOOSE, MAIN, PROPOSE, RESPOND

if TYPE_CHECKING:
    from .state import CatanState


def maritime(s: CatanState, p: int, k: int, g: int, t: int) -> None:
    s.hand[p * 5 + g] -= k
    s.bank[g] += k
    s.hand[p * 5 + t] += 1
    s.bank[t] -= 1


# ---- domestic trade (CAT-7.2, OIL-3.6) ----------------------------------------------------------------
# CAT-7.2 allows "any agreed terms". An offer is composed one card at a time, so that each step has at
# most 2·6 + 2 actions however large the hands are: ``give g`` / ``ask g`` add one card of good g to the
# side the proposer gives / asks for, ``offer`` puts it to the table, ``cancel`` drops it. The offer is
# ``s.offer``: 12 counts, the goods given (lumber … ore, oil) then the goods asked for. Every step keeps
# the terms payable: the proposer gives only what he holds, and asks only for what some other player could
# pay judged by public facts (hand sizes, oil is public, OIL-3.1), so the legal actions never reveal a
# hidden hand. The players who really can pay are then asked clockwise (those who cannot are skipped: their
# answer could only be no); when several accept, the proposer chooses one (``choose p``). A proposal binds
# its proposer: with one acceptor the trade is made, with several he picks among them (a documented
# reading: the rules only say "agreed terms", and a proposal one may always withdraw adds nothing but plies).
GOODS_N = 6  # offer slots per side: the five resources, then oil (used only in Oil Springs)


def may_propose(s: CatanState, p: int) -> bool:
    """CAT-7.2: open the trade table, at most ``trade_offers_per_turn`` times a turn (0: no limit, printed)."""
    if s.rules["trade_offers_per_turn"] and s.offers_made >= s.rules["trade_offers_per_turn"]:
        return False
    h = s.hand
    if h[p * 5] + h[p * 5 + 1] + h[p * 5 + 2] + h[p * 5 + 3] + h[p * 5 + 4] + (s.oil[p] if s.oil_springs else 0) == 0:
        return False  # cards cannot be given away: with nothing to give there is no offer (CAT-7.2)
    return True


def propose(s: CatanState, p: int) -> None:
    s.offers_made += 1
    s.offer = (0,) * (2 * GOODS_N)
    s.accepted = 0
    s.phase = PROPOSE


def cancel(s: CatanState, p: int) -> None:
    _close(s)


def held(s: CatanState, q: int, g: int) -> int:
    return s.oil[q] if g == OIL else s.hand[q * 5 + g]


def may_receive_oil(s: CatanState, q: int, n: int) -> bool:
    """OIL-3.4c: no trade may leave a participant above the oil limit."""
    return n == 0 or s.oil[q] + n <= s.oil_limit


def could_pay(s: CatanState, q: int, offer) -> bool:
    """Public facts only: ``q`` holds enough cards and oil for the asked side and has room for the oil given."""
    ask = offer[GOODS_N:]
    h = s.hand
    return (h[q * 5] + h[q * 5 + 1] + h[q * 5 + 2] + h[q * 5 + 3] + h[q * 5 + 4] >= ask[0] + ask[1] + ask[2] + ask[3]
            + ask[4] and s.oil[q] >= ask[OIL] and may_receive_oil(s, q, offer[OIL]))


def someone_could_pay(s: CatanState, offer) -> bool:
    n, p = s.num_players, s.active
    return any(could_pay(s, (p + i) % n, offer) for i in range(1, n))


def with_one_more(offer, i: int) -> tuple:
    return offer[:i] + (offer[i] + 1,) + offer[i + 1:]


def give(s: CatanState, p: int, g: int) -> None:
    s.offer = with_one_more(s.offer, g)


def ask(s: CatanState, p: int, g: int) -> None:
    s.offer = with_one_more(s.offer, GOODS_N + g)


def offer(s: CatanState, p: int) -> None:
    """Put the composed offer to the table: the other players answer clockwise (CAT-7.2)."""
    s.accepted = 0
    _ask_next(s, p)


def _ask_next(s: CatanState, q: int) -> None:
    """Ask the next player clockwise after ``q`` who can pay; when all have answered, trade or let choose."""
    n = s.num_players
    for i in range(1, n):
        r = (q + i) % n
        if r == s.active:
            break
        if can_accept(s, r):
            s.phase = RESPOND
            s.seat_to_move = r
            return
    takers = acceptors(s)
    if len(takers) == 1:
        _trade(s, takers[0])
    elif takers:
        s.phase = CHOOSE  # CAT-7.2: the active player chooses among those who accept
        s.seat_to_move = s.active
    else:
        _close(s)


def acceptors(s: CatanState) -> list[int]:
    """The seats that accepted the open offer, clockwise from the proposer's left."""
    n, p, bits = s.num_players, s.active, s.accepted
    return [(p + i) % n for i in range(1, n) if bits >> ((p + i) % n) & 1]


def open_offer(s: CatanState) -> tuple[int, ...]:
    """The offer on the table: ``GOODS_N`` counts given, then ``GOODS_N`` asked (held while composed,
    answered or its partner chosen, CAT-7.2)."""
    if s.offer is None:
        raise ValueError("no domestic offer is open")
    return s.offer


def can_accept(s: CatanState, q: int) -> bool:
    """``q`` really holds the asked goods and stays within the oil limit with the oil given (OIL-3.4c)."""
    off = open_offer(s)
    for g in range(GOODS_N):
        if off[GOODS_N + g] > held(s, q, g):
            return False
    return may_receive_oil(s, q, off[OIL])


def accept(s: CatanState, q: int) -> None:
    s.accepted |= 1 << q
    _ask_next(s, q)


def reject(s: CatanState, q: int) -> None:
    _ask_next(s, q)


def choose(s: CatanState, p: int, q: int) -> None:
    _trade(s, q)


def _move(s: CatanState, a: int, b: int, g: int, n: int) -> None:
    if g == OIL:
        s.oil[a] -= n
        s.oil[b] += n
    else:
        s.hand[a * 5 + g] -= n
        s.hand[b * 5 + g] += n


def _trade(s: CatanState, q: int) -> None:
    off, p = open_offer(s), s.active
    for g in range(GOODS_N):
        if off[g]:
            _move(s, p, q, g, off[g])
        if off[GOODS_N + g]:
            _move(s, q, p, g, off[GOODS_N + g])
    _close(s)


def _close(s: CatanState) -> None:
    s.offer = None
    s.accepted = 0
    s.phase = MAIN
    s.seat_to_move = s.active
