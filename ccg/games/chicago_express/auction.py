"""Auctions: the four opening auctions (CE-3), share auctions (CE-5) and the first Wabash share (CE-10.5).

Bidding, for every kind: the opener bids first; then clockwise each seat still
in bids more than the highest bid (at least the minimum while nobody has bid,
CE-3.3/CE-5.4) or passes for good. Bids are capped at the bidder's cash and
raise by at least ``bid_increment`` ($1; CE-3 note). The auction ends when all
but the highest bidder have passed, or when everybody has passed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .board import COMPANIES
from .phases import AUCTION, CHOOSE, OPENING

if TYPE_CHECKING:
    from .state import CEState

OPENING_ORDER = (0, 1, 3, 2)  # PRR, B&O, C&O, NYC (CE-3.1)


def minimum_price(income: int, in_circulation: int) -> int:
    """CE-5.2: ceil(I / (S + 1)) (any remainder rounds up, CE-0.7), S = shares held by players before this auction.

    I is the whole income, track value plus 50 per +50 marker (CE-0.6, CE-1.4): the engine keeps that sum as
    one number, which every rule reading income uses (see the note under CE-1.4 in docs/rules).
    """
    return -(-income // (in_circulation + 1))


def opening_minimum(s: CEState, company: int) -> int:
    """CE-3.1: the fixed minimum of an opening auction (rules ``opening_minimum.<company>``)."""
    return s.rules["opening_minimum." + COMPANIES[company]]


def start(s: CEState, company: int, opener: int, minimum: int, phase: int) -> None:
    """Put a share of ``company`` up; the opener bids first (CE-3.3, CE-5.3, CE-10.5), every seat is in."""
    s.phase = phase
    s.auction_company = company
    s.auction_minimum = minimum
    s.auction_high_bid = 0
    s.auction_leader = -1
    s.auction_active = (1 << s.num_players) - 1
    s.auction_turn = opener
    s.auction_opener = opener


def lowest_bid(s: CEState) -> int:
    """The smallest bid the seat to act may make (CE-3.3: the minimum binds whoever bids first; CE-3 note:
    a raise of at least ``bid_increment``)."""
    return s.auction_minimum if s.auction_leader < 0 else s.auction_high_bid + s.rules["bid_increment"]


def bid(s: CEState, amount: int) -> None:
    s.auction_high_bid = amount
    s.auction_leader = s.auction_turn
    _advance(s)


def pass_(s: CEState) -> None:
    s.auction_active &= ~(1 << s.auction_turn)
    _advance(s)


def _advance(s: CEState) -> None:
    active = s.auction_active
    leader = s.auction_leader
    if (leader >= 0 and active == 1 << leader) or active == 0:
        _resolve(s)
        return
    n = s.num_players
    t = s.auction_turn
    while True:
        t = (t + 1) % n
        if active >> t & 1:
            s.auction_turn = t
            return


def _resolve(s: CEState) -> None:
    c = s.auction_company
    winner = s.auction_leader
    phase = s.phase
    if winner >= 0:  # CE-3.4 / CE-5.5: pay the company, take the share
        s.cash[winner] -= s.auction_high_bid
        s.treasury[c] += s.auction_high_bid
    elif phase == OPENING:  # CE-3.5: nobody bid, the opener gets it free
        winner = s.auction_opener
    if winner >= 0:
        s.add_share(winner, c)
        s.shares_left[c] -= 1
    s.auction_leader = s.auction_turn = s.auction_opener = -1
    s.auction_company = -1
    s.auction_high_bid = s.auction_minimum = s.auction_active = 0
    if phase == OPENING:
        if s.opening == 0:
            s.start_player = winner  # CE-3.7
        s.opening += 1
        if s.opening < 4:
            nxt = OPENING_ORDER[s.opening]  # CE-3.6: whoever obtained the share opens the next auction
            start(s, nxt, winner, opening_minimum(s, nxt), OPENING)
        else:
            s.phase = CHOOSE
            s.mover = s.start_player
    elif phase == AUCTION:  # CE-5.6: unsold or sold, the turn is over
        s.end_turn()
    else:  # the first Wabash share (CE-10.5; unsold it stays on Wabash's board, CE-10.6), then the turn ends
        s.finish_turn()  # CE-10.7
