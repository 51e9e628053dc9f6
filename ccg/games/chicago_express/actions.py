"""Action notation, with every Action built once and cached.

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

from ccg.core import Action

from .board import BOARD, COMPANIES

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
