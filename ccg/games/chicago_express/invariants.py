"""check_invariants: conservation of money, trains, shares and houses; networks; income from scratch.

Every law is an explicit check raising ``BrokenInvariantError`` naming the field (so it holds under
``python -O`` too); ``check`` runs the laws of ``LAWS`` in order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core.errors import BrokenInvariantError, require

from .board import BOARD, COMPANIES, INDUSTRIES, WABASH
from .build import hex_income
from .dividends import red_count
from .phases import BIDDING, BUILD, CHOOSE, OPENING, OVER

if TYPE_CHECKING:
    from .state import CEState


def connected(net: int, start: int) -> bool:
    """Every hex of ``net`` reachable from ``start`` through hexes of ``net`` (CE-6.3)."""
    if not net >> start & 1:
        return net == 0
    seen = 1 << start
    frontier = [start]
    while frontier:
        h = frontier.pop()
        new = BOARD.nb_mask[h] & net & ~seen
        seen |= new
        while new:
            low = new & -new
            frontier.append(low.bit_length() - 1)
            new ^= low
    return seen == net


def recomputed_income(s: CEState, c: int) -> int:
    """Income of company c from scratch: base + every hex's current value + Chicago (CE-7, CE-8, CE-10.2)."""
    total = s.income_base[c]
    m = s.network[c]
    while m:
        low = m & -m
        total += hex_income(s, low.bit_length() - 1)
        m ^= low
    if c in s.chicago:
        total += s.rules["chicago_income"]
    return total


def _money(s: CEState) -> None:
    """One cash per seat; money is conserved between players, treasuries and the bank (CE-0.3, CE-0.8)."""
    n = s.num_players
    require(len(s.cash) == n, "cash", "one cash per seat")
    require(len(s.shares) == 5 * n, "shares", "five share counts per seat")
    start_money = s.rules[f"cash.{n}"] * n
    money = sum(s.cash) + sum(s.treasury)
    if money != start_money + s.bank_paid_out - s.bank_received:
        raise BrokenInvariantError("cash", f"money not conserved: players + treasuries = {money}, expected {start_money} + paid out {s.bank_paid_out}"
            f" - received {s.bank_received}")
    require(min(s.cash) >= 0, "cash", "negative cash")
    require(min(s.treasury) >= 0, "treasury", "negative treasury")


def _companies(s: CEState) -> None:
    """Shares and trains conserved; each network connected to its start hex, off other start hexes (CE-6)."""
    for c in range(5):
        name = COMPANIES[c]
        held = sum(s.holdings(c))
        if held + s.shares_left[c] != BOARD.shares[c]:
            raise BrokenInvariantError(f"shares_left[{c}]", f"{name}: shares not conserved")
        placed = s.network[c].bit_count()
        if placed + s.trains_left[c] != BOARD.trains[c]:
            raise BrokenInvariantError(f"trains_left[{c}]", f"{name}: trains not conserved")
        if not connected(s.network[c], BOARD.start[c]):
            raise BrokenInvariantError(f"net[{c}]", f"{name}: network not connected to its start hex (CE-6.3)")
        if (s.network[c] & BOARD.forbidden[c]):
            raise BrokenInvariantError(f"net[{c}]", f"{name} stands on another company's start hex (CE-6.5)")
        income = recomputed_income(s, c)
        if s.income[c] != income:
            raise BrokenInvariantError(f"income[{c}]", f"{name}: income {s.income[c]} but the trains' hexes give {income}")
    for c in range(4):
        if not bool(s.network[c] >> BOARD.start[c] & 1):
            raise BrokenInvariantError(f"net[{c}]", f"{COMPANIES[c]} lost its start train")


def _wabash(s: CEState) -> None:
    """Wabash is on the map exactly when it has entered, at the first Chicago phase (CE-10.4)."""
    require((s.network[WABASH] != 0) == s.wabash_in, "wabash_in", "Wabash is on the map exactly when it has entered")
    if not s.wabash_in:
        require(s.shares_left[WABASH] == BOARD.shares[WABASH] and s.income[WABASH] == 0 == s.income_base[WABASH],
                "shares_left", "Wabash has no holders and no income before it enters")
        require(not s.chicago, "chicago", "Wabash enters at the first Chicago phase")
    else:
        require(bool(s.chicago), "chicago", "Wabash entered without a Chicago phase (CE-10.4)")


def _map(s: CEState) -> None:
    """Per-hex occupancy follows the networks; one company on a forest or mountain (CE-6.8); houses (CE-8)."""
    expected = [0] * len(BOARD.ids)
    union = 0
    for c in range(5):
        m = s.network[c]
        union |= m
        while m:
            low = m & -m
            expected[low.bit_length() - 1] |= 1 << c
            m ^= low
    require(expected == s.hex_companies, "trains", "per-hex occupancy disagrees with the companies' networks")
    require(s.train_mask == union, "trains", "train mask inconsistent")
    m = union & BOARD.exclusive_mask
    while m:
        low = m & -m
        h = low.bit_length() - 1
        if s.hex_companies[h].bit_count() > 1:
            raise BrokenInvariantError("trains", f"{BOARD.ids[h]} is a forest/mountain with two companies (CE-6.8)")
        m ^= low
    require(s.house_supply + s.house_mask.bit_count() == s.rules["houses"], "house_supply",
            "houses not conserved (supply + map)")
    require(not s.house_mask & ~BOARD.house_dev_mask, "house_mask", "a house on a hex that cannot be developed (CE-8.6)")
    require(not s.house_mask & ~s.train_mask, "house_mask", "a house on a hex without trains (CE-8.2)")


def _tracks(s: CEState) -> None:
    """Industry values and action meters stay on their tracks; Detroit rises with the dividends (CE-9.5)."""
    start = [s.rules[f"industry.{name}.start"] for name in INDUSTRIES]
    step, top = s.industry_step, s.industry_max
    for k in range(3):
        if not (start[k] <= s.industry[k] <= top[k]):
            raise BrokenInvariantError(f"industry[{k}]", "industry value out of its track")
        if s.meters[k] > s.meter_lengths[k]:
            raise BrokenInvariantError(f"meters[{k}]", "meter past its red area")
    if s.phase == CHOOSE:
        require(red_count(s) <= 1, "meters", "at most one pointer is red when a player chooses (CE-4.6)")
    most = -(-(top[0] - start[0]) // step[0]) + 1  # CE-9.5 note: 8 with the printed track
    if s.dividend_phases > most:
        raise BrokenInvariantError("dividend_phases",
                                  f"{s.dividend_phases} dividend phases, but Detroit's track allows at most {most}")
    # CE-9.5: every dividend phase that did not end the game raised Detroit one step (developments add more)
    raised = s.dividend_phases - (1 if s.phase == OVER and s.dividend_phases else 0)
    require(s.industry[0] >= min(start[0] + raised * step[0], top[0]), "industry[0]",
            "Detroit is lower than its dividend phases have raised it (CE-9.5)")


def _chicago(s: CEState) -> None:
    """Each company has one Chicago phase, when its first train reaches Chicago (CE-10)."""
    require(len(set(s.chicago)) == len(s.chicago), "chicago", "a company had two Chicago phases")
    for c in s.chicago:
        if not bool(s.network[c] >> BOARD.chicago & 1):
            raise BrokenInvariantError("chicago", f"{COMPANIES[c]} had a Chicago phase without a train there")
    if s.pending_chicago >= 0:
        require(s.phase == BUILD and s.pending_chicago == s.build_company, "pending_chicago",
                "a pending Chicago phase outside a build")
        require(bool(s.network[s.pending_chicago] >> BOARD.chicago & 1) and s.pending_chicago not in s.chicago,
                "pending_chicago", "a pending Chicago phase needs a new train on Chicago")
    for c in range(5):
        if s.network[c] >> BOARD.chicago & 1:
            if not (c in s.chicago or c == s.pending_chicago):
                raise BrokenInvariantError("chicago", f"{COMPANIES[c]} reached Chicago without its phase")


def _phase(s: CEState) -> None:
    """What each phase waits for: an auction (CE-5), the opening auctions (CE-3), a build (CE-6.1), the end."""
    n = s.num_players
    if s.phase in BIDDING:
        require(0 <= s.auction_company < 5 and s.shares_left[s.auction_company] > 0, "auction.company",
                "auctioning a share that is not there")
        require(s.auction_leader < 0 or s.auction_high_bid >= s.auction_minimum, "auction.high",
                "the highest bid is below the minimum")
        require(s.auction_leader < 0 or s.cash[s.auction_leader] >= s.auction_high_bid, "auction.high",
                "a bid exceeds the bidder's cash")
    if s.phase == OPENING:
        require(s.opening < 4 and s.dividend_phases == 0, "opening", "the opening auctions come before any dividend")
        require((s.start_player < 0) == (s.opening == 0), "start_player",
                "the first opening auction names the start player (CE-3.7)")
        require(s.auction_company == (0, 1, 3, 2)[s.opening], "auction.company",
                "opening auctions run PRR, B&O, C&O, NYC (CE-3.1)")
    else:
        require(s.opening == 4 and 0 <= s.start_player < n, "opening", "the opening auctions are over")
    if s.phase == BUILD:
        require(bool(s.shares_held(s.mover, s.build_company)), "build_company",
                "building for a company the mover holds no share of (CE-6.1)")
    if s.phase == OVER:
        require(bool(s.end_reason), "end_reason", "a finished game names its end condition")


LAWS = (_money, _companies, _wabash, _map, _tracks, _chicago, _phase)


def check(s: CEState) -> None:
    """BrokenInvariantError naming the field of the first law the position breaks."""
    for law in LAWS:
        law(s)
