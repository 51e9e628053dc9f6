"""The game-end clock: how many dividend phases are still to be paid (CE-4.5, CE-9, CE-11.2)."""
from __future__ import annotations

from . import position as P

_AUC, _BLD, _DEV = 0, 1, 2


def phases_left(s, w: dict, sold: int = -1, houses_used: int = 0, rest: float | None = None) -> float:
    """Expected dividend phases still to come, the next one included (at least 1).

    The game ends after step 1 of the first dividend phase at which an end
    condition of CE-11.2 holds, so each condition gives the number of the
    phase at which it will hold, counting the one that closes the current
    stretch as 1:

    * d) Detroit reaches its last value: it rises one step after every phase
      (CE-9.5), so the phase at which it stands at 8 is the last.
    * b) three companies have sold all their shares: the shares still on the
      three emptiest boards must be auctioned, the rest of the current
      stretch's Auction meter and then ``auction_pace`` sales per stretch.
    * c) the supply holds ``houses_end`` houses or fewer: ``house_pace``
      houses per stretch after the Development meter's rest of this stretch.
    * a) three companies have no trains left: ``build_pace`` build actions
      (three placements each) per stretch.

    During the opening auctions (CE-3) the four opening shares count as sold:
    they do not use the Auction meter. ``sold`` counts one more share of that
    company as sold and ``houses_used`` houses as taken from the supply (to
    value an action's effect on the clock). ``rest``: :func:`other_ends` for these houses, when known.
    """
    if rest is None:
        rest = other_ends(s, w, houses_used)
    m = P.meters(s)
    n = P.meter_lengths(s)
    best = rest
    need = P.companies_end(s)
    left = list(P.shares_for_sale(s))
    for c in P.opening_still_to_sell(s):
        left[c] -= 1
    if sold >= 0 and left[sold] > 0:
        left[sold] -= 1
    left = [k for c, k in enumerate(left) if P.in_play(s, c)]
    if len(left) >= need:
        a = sum(sorted(left)[:need])
        best = min(best, _stretches(a, (n[_AUC] - m[_AUC]) * w["auction_pace"] / n[_AUC], w["auction_pace"]))
    return max(1.0, best)


def other_ends(s, w: dict, houses_used: int = 0) -> float:
    """The phase at which the first end condition other than the shares (CE-11.2 a, c, d) holds: the part of
    :func:`phases_left` a share sale does not change, so a decision valuing several works it out once."""
    m = P.meters(s)
    n = P.meter_lengths(s)
    best = (P.industry_max(s)[P.DETROIT] - P.industry(s)[P.DETROIT]) / max(1, P.industry_step(s)[P.DETROIT]) + 1
    need = P.companies_end(s)
    h = P.house_supply(s) - houses_used - P.houses_end(s)
    best = min(best, _stretches(h, (n[_DEV] - m[_DEV]) * w["house_pace"] / n[_DEV], w["house_pace"]))
    trains = sorted(t for c, t in enumerate(P.trains_left(s)) if P.in_play(s, c))
    if len(trains) >= need:
        t = sum(trains[:need])
        per = 3 * w["build_pace"]
        best = min(best, _stretches(t, (n[_BLD] - m[_BLD]) * per / n[_BLD], per))
    return best


def _stretches(needed: float, this_stretch: float, pace: float) -> float:
    """The phase (1 = the next) at which ``needed`` events have happened, at ``pace`` per later stretch.

    The events left after this stretch complete part-way through a later stretch, whose phase
    is the last: half a stretch is added for that rounding up.
    """
    if needed <= this_stretch:
        return 1.0
    return 1.5 + (needed - this_stretch) / max(pace, 1e-6)
