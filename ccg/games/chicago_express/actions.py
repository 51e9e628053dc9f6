"""Action notation, every Action built once and cached, and the legal actions of a position.

Notation (case-insensitive):

    auction PRR         choose Auction and put up a PRR share (CE-5.1)
    build NYC           choose Build track for NYC (CE-6.1); then placements:
    place NYC R3        place one NYC train on R3 (CE-6.14)
    stop                end the build action (after 0–2 placements)
    develop I6          choose Development on hex I6 (CE-8)
    forgo auction       choose an action and give it up (CE-4.4); also forgo build / forgo development
    bid 12 · pass       in any auction, for the seat whose turn it is to bid
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core import Action

from .auction import lowest_bid
from .board import BOARD, COMPANIES
from .build import COST_BY_OCC, MIN_COST, candidates
from .develop import candidate_mask
from .phases import BUILD as BUILDING
from .phases import CHOOSE, OVER

if TYPE_CHECKING:
    from .state import CEState

METERS = ("auction", "build", "development")
LOWER_COMPANY = {c.lower(): i for i, c in enumerate(COMPANIES)}

PASS = Action("pass")
STOP = Action("stop")
FORGO = tuple(Action("forgo", (m,)) for m in METERS)
AUCTION = tuple(Action("auction", (c,), (BOARD.ids[BOARD.start[i]],)) for i, c in enumerate(COMPANIES))
BUILD = tuple(Action("build", (c,), (BOARD.ids[BOARD.start[i]],)) for i, c in enumerate(COMPANIES))
PLACE = tuple(tuple(Action("place", (c, h), (h,)) for h in BOARD.ids) for c in COMPANIES)
DEVELOP = tuple(Action("develop", (h,), (h,)) for h in BOARD.ids)
_BIDS: list[Action] = [Action("bid", (n,)) for n in range(301)]


def bids(lo: int, hi: int) -> list[Action]:
    """The cached bid actions lo..hi (inclusive)."""
    if hi >= len(_BIDS):
        _BIDS.extend(Action("bid", (n,)) for n in range(len(_BIDS), hi + 1))
    return _BIDS[lo:hi + 1]


def bid(n: int) -> Action:
    return bids(n, n)[0] if n >= 0 else Action("bid", (n,))


def parse(text: str) -> Action | None:
    """A well-formed action from (lower-cased, space-normalised) notation, legal or not; None if malformed."""
    parts = text.split(" ")
    kind, args = parts[0], parts[1:]
    if kind in ("pass", "stop") and not args:
        return PASS if kind == "pass" else STOP
    if kind == "bid" and len(args) == 1:
        a = args[0].lstrip("$")
        if a.lstrip("-").isdigit() and len(a) < 12:
            return bid(int(a))
        return None
    if kind == "forgo" and len(args) == 1 and args[0] in METERS:
        return FORGO[METERS.index(args[0])]
    if kind in ("auction", "build") and len(args) == 1 and args[0] in LOWER_COMPANY:
        return (AUCTION if kind == "auction" else BUILD)[LOWER_COMPANY[args[0]]]
    if kind == "develop" and len(args) == 1:
        h = args[0].upper()
        return DEVELOP[BOARD.index[h]] if h in BOARD.index else Action("develop", (h,))
    if kind == "place" and len(args) == 2 and args[0] in LOWER_COMPANY:
        h = args[1].upper()
        c = LOWER_COMPANY[args[0]]
        return PLACE[c][BOARD.index[h]] if h in BOARD.index else Action("place", (COMPANIES[c], h))
    return None


# ---- legal actions --------------------------------------------------------------------------------
def legal(s: CEState) -> list[Action]:
    """The legal actions of position ``s``, in a fixed order."""
    ph = s.phase
    if ph == BUILDING:
        return placements(s)
    if ph == CHOOSE:
        return choices(s)
    if ph == OVER:
        return []
    return bidding(s)


def choices(s: CEState) -> list[Action]:
    """CE-4.2: one of the actions whose pointer is not in the red (forgoing included, CE-4.4, CE-5.7)."""
    out: list[Action] = []
    meters, lengths = s.meters, s.meter_lengths
    if meters[0] < lengths[0]:
        shares_left = s.shares_left
        for c in range(5 if s.wabash_in else 4):  # CE-5.1: any company's share, no share of it needed
            if shares_left[c]:
                out.append(AUCTION[c])
    if meters[1] < lengths[1]:
        mine = s.shares_of(s.mover)
        trains_left = s.trains_left
        for c in range(5):  # CE-6.1: a company in which the mover holds a share; CE-6.11: with trains left
            if mine[c] and trains_left[c]:
                out.append(BUILD[c])
    if meters[2] < lengths[2]:
        d = candidate_mask(s)
        while d:
            low = d & -d
            out.append(DEVELOP[low.bit_length() - 1])
            d ^= low
    for k in range(3):
        if meters[k] < lengths[k]:
            out.append(FORGO[k])
    return out


def placements(s: CEState) -> list[Action]:
    """CE-6.14: the placements the build company can pay for (CE-6.10), and ``stop``."""
    c = s.build_company
    out = []
    if s.build_placed < s.rules["build.max_trains"] and s.trains_left[c] > 0:  # CE-6.2, CE-6.11
        money = s.treasury[c]
        if money >= MIN_COST:
            companies_on = s.hex_companies
            places = PLACE[c]
            table = COST_BY_OCC
            m = candidates(s, c)
            while m:
                low = m & -m
                h = low.bit_length() - 1
                m ^= low
                if table[h][companies_on[h]] <= money:
                    out.append(places[h])
    out.append(STOP)
    return out


def bidding(s: CEState) -> list[Action]:
    """In any auction: pass, or a bid from the lowest allowed up to the bidder's cash (CE-3 note)."""
    out = [PASS]
    lo = lowest_bid(s)
    hi = s.cash[s.auction_turn]
    if lo <= hi:
        out += bids(lo, hi)
    return out
