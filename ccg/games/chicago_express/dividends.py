"""Between turns: the Chicago phase (CE-10), the dividend phase (CE-9) and the end of the game (CE-11)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import auction
from .board import BOARD, DETROIT, WABASH
from .build import hex_income
from .phases import CHOOSE, OVER, WABASH_AUCTION

if TYPE_CHECKING:
    from .state import CEState

FW = BOARD.fort_wayne


def red_count(s: CEState) -> int:
    """Pointers in the red: a meter is red once chosen ``meter.<action>`` times (CE-1.5, CE-D.3)."""
    meters, lengths = s.meters, s.meter_lengths  # auction, build, development
    return (meters[0] >= lengths[0]) + (meters[1] >= lengths[1]) + (meters[2] >= lengths[2])


def end_turn(s: CEState) -> None:
    """The mover's action is done: Chicago phase first, then the dividend check (CE-4.7, CE-10.8)."""
    c = s.pending_chicago
    if c >= 0:
        s.pending_chicago = -1
        if chicago_phase(s, c):
            return  # the first Wabash share auction runs; it calls finish_turn when it ends
    finish_turn(s)


def finish_turn(s: CEState) -> None:
    """Dividend trigger as the next turn is about to begin (CE-4.5, p.7 reading; CE-9.1), then the next seat
    (CE-4.8, CE-10.7)."""
    if s.rules["dividend_timing"] == "after_turn" and red_count(s) >= 2:
        dividend_phase(s)
        if s.phase == OVER:
            return
    s.mover = (s.mover + 1) % s.num_players
    s.phase = CHOOSE


def pay_dividend(s: CEState, c: int) -> int:
    """CE-9.2: each holder gets ceil(I / S) per share from the bank (nothing when S = 0). Returns the total.

    The bank is unlimited (CE-0.4 note); the company's treasury gets nothing (CE-9.6)."""
    holdings = s.holdings(c)
    shares_out = sum(holdings)
    if shares_out == 0:
        return 0
    per_share = -(-s.income[c] // shares_out)  # CE-0.7: round up, per share, before multiplying
    for seat, shares in enumerate(holdings):
        if shares:
            s.cash[seat] += per_share * shares
    s.bank_paid_out += per_share * shares_out
    return per_share * shares_out


def chicago_phase(s: CEState, c: int) -> bool:
    """CE-10.2, CE-10.3, CE-10.4, CE-10.5. Returns True when the first Wabash share auction has been opened."""
    s.income[c] += s.rules["chicago_income"]  # step 1: the only Chicago raise (CE-7.5)
    s.chicago.append(c)
    pay_dividend(s, c)  # step 2: that company alone; no meters, no end check (CE-10.3, CE-11.1)
    if s.wabash_in:
        return False
    # step 3: Wabash enters on Fort Wayne with income 1, or 3 if Fort Wayne has a house (CE-10.4)
    bit = 1 << FW
    s.wabash_in = True
    s.hex_companies[FW] |= 1 << WABASH
    s.network[WABASH] |= bit
    s.adjacent[WABASH] |= BOARD.nb_mask[FW]
    s.train_mask |= bit
    s.trains_left[WABASH] -= 1
    entry = s.rules["wabash_income_developed"] if s.house_mask & bit else s.rules["wabash_income"]
    s.income[WABASH] = entry
    s.income_base[WABASH] = entry - hex_income(s, FW)
    # step 4: the builder puts up the first Wabash share and bids first (CE-10.5)
    shares_out = sum(s.holdings(WABASH))
    auction.start(s, WABASH, s.mover, auction.minimum_price(entry, shares_out), WABASH_AUCTION)
    return True


def end_reasons(s: CEState) -> list[str]:
    """CE-11.2: the end conditions that hold (all five companies count)."""
    rules = s.rules
    out = []
    if sum(1 for t in s.trains_left if t == 0) >= rules["end.companies"]:
        out.append("trains")
    if sum(1 for k in s.shares_left if k == 0) >= rules["end.companies"]:
        out.append("shares")
    if s.house_supply <= rules["end.houses_left"]:
        out.append("houses")
    if s.industry[DETROIT] >= s.industry_max[DETROIT]:
        out.append("detroit")
    return out


def dividend_phase(s: CEState) -> None:
    """CE-9: step 1 dividends, end check, step 2 reset the meters, step 3 Detroit rises."""
    s.dividend_phases += 1
    for c in range(5):
        pay_dividend(s, c)
    reasons = end_reasons(s)  # CE-9.3, CE-11.1
    if reasons:
        s.end_reason = "+".join(reasons)
        s.phase = OVER
        return
    s.meters = [0, 0, 0]  # CE-9.4
    old = s.industry[DETROIT]  # CE-9.5
    new = min(old + s.industry_step[DETROIT], s.industry_max[DETROIT])
    s.industry[DETROIT] = new
    o = s.hex_companies[BOARD.industry_hex[DETROIT]]
    for c in range(5):
        if o >> c & 1:
            s.income[c] += new - old

