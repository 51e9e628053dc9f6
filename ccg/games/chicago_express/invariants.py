"""check_invariants: conservation of money, trains, shares and houses; networks; income from scratch."""
from __future__ import annotations

from .board import BOARD, COMPANIES, INDUSTRIES, WABASH
from .build import hex_income
from .dividends import red_count
from .phases import BIDDING, BUILD, CHOOSE, OPENING, OVER


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


def recomputed_income(s, c: int) -> int:
    """Income of company c from scratch: base + every hex's current value + Chicago (CE-7, CE-8, CE-10.2)."""
    total = s.income_base[c]
    m = s.net[c]
    while m:
        low = m & -m
        total += hex_income(s, low.bit_length() - 1)
        m ^= low
    if c in s.chicago:
        total += s.rules["chicago_income"]
    return total


def check(s) -> None:
    n = s.num_players
    rules = s.rules
    start = [rules[f"industry.{name}.start"] for name in INDUSTRIES]
    step, top = s.industry_step, s.industry_max
    assert len(s.cash) == n and len(s.held) == 5 * n, "one cash and five share counts per seat"
    start_money = rules[f"cash.{n}"] * n
    money = sum(s.cash) + sum(s.treasury)
    assert money == start_money + s.bank_out - s.bank_in, (
        f"money not conserved: players + treasuries = {money}, expected {start_money} + paid out {s.bank_out}"
        f" - received {s.bank_in}")
    assert min(s.cash) >= 0 and min(s.treasury) >= 0, "negative cash or treasury"
    for c in range(5):
        name = COMPANIES[c]
        held = sum(s.held[q * 5 + c] for q in range(n))
        assert held + s.shares_left[c] == BOARD.shares[c], f"{name}: shares not conserved"
        placed = s.net[c].bit_count()
        assert placed + s.trains_left[c] == BOARD.trains[c], f"{name}: trains not conserved"
        assert connected(s.net[c], BOARD.start[c]), f"{name}: network not connected to its start hex (CE-6.3)"
        assert not s.net[c] & BOARD.forbidden[c], f"{name} stands on another company's start hex (CE-6.5)"
        assert s.income[c] == recomputed_income(s, c), (
            f"{name}: income {s.income[c]} but the trains' hexes give {recomputed_income(s, c)}")
    assert (s.net[WABASH] != 0) == s.wabash_in, "Wabash is on the map exactly when it has entered"
    if not s.wabash_in:
        assert s.shares_left[WABASH] == BOARD.shares[WABASH] and s.income[WABASH] == 0 == s.income_base[WABASH], \
            "Wabash has no holders and no income before it enters"
        assert not s.chicago, "Wabash enters at the first Chicago phase"
    else:
        assert s.chicago, "Wabash entered without a Chicago phase (CE-10.4)"
    for c in range(4):
        assert s.net[c] >> BOARD.start[c] & 1, f"{COMPANIES[c]} lost its start train"
    expected = [0] * len(BOARD.ids)
    union = 0
    for c in range(5):
        m = s.net[c]
        union |= m
        while m:
            low = m & -m
            expected[low.bit_length() - 1] |= 1 << c
            m ^= low
    assert expected == s.occ, "per-hex occupancy disagrees with the companies' networks"
    assert s.any_mask == union, "train mask inconsistent"
    m = union & BOARD.exclusive_mask
    while m:
        low = m & -m
        h = low.bit_length() - 1
        assert s.occ[h].bit_count() <= 1, f"{BOARD.ids[h]} is a forest/mountain with two companies (CE-6.8)"
        m ^= low
    assert s.supply + s.house_mask.bit_count() == rules["houses"], "houses not conserved (supply + map)"
    assert not s.house_mask & ~BOARD.house_dev_mask, "a house on a hex that cannot be developed (CE-8.6)"
    assert not s.house_mask & ~s.any_mask, "a house on a hex without trains (CE-8.2)"
    for k in range(3):
        assert start[k] <= s.industry[k] <= top[k], "industry value out of its track"
        assert s.meters[k] <= s.meter_lengths[k], "meter past its red area"
    if s.phase == CHOOSE:
        assert red_count(s) <= 1, "at most one pointer is red when a player chooses (CE-4.6)"
    most = -(-(top[0] - start[0]) // step[0]) + 1  # CE-9.5 note: 8 with the printed track
    assert s.dividends <= most, f"{s.dividends} dividend phases, but Detroit's track allows at most {most}"
    # CE-9.5: every dividend phase that did not end the game raised Detroit one step (developments add more)
    raised = s.dividends - (1 if s.phase == OVER and s.dividends else 0)
    assert s.industry[0] >= min(start[0] + raised * step[0], top[0]), \
        "Detroit is lower than its dividend phases have raised it (CE-9.5)"
    assert len(set(s.chicago)) == len(s.chicago)
    for c in s.chicago:
        assert s.net[c] >> BOARD.chicago & 1, f"{COMPANIES[c]} had a Chicago phase without a train there"
    if s.pending_chicago >= 0:
        assert s.phase == BUILD and s.pending_chicago == s.build_company, "a pending Chicago phase outside a build"
        assert s.net[s.pending_chicago] >> BOARD.chicago & 1 and s.pending_chicago not in s.chicago, \
            "a pending Chicago phase needs a new train on Chicago"
    for c in range(5):
        if s.net[c] >> BOARD.chicago & 1:
            assert c in s.chicago or c == s.pending_chicago, f"{COMPANIES[c]} reached Chicago without its phase"
    if s.phase in BIDDING:
        assert 0 <= s.auc_company < 5 and s.shares_left[s.auc_company] > 0, "auctioning a share that is not there"
        assert s.auc_leader < 0 or s.auc_high >= s.auc_min, "the highest bid is below the minimum"
        assert s.auc_leader < 0 or s.cash[s.auc_leader] >= s.auc_high, "a bid exceeds the bidder's cash"
    if s.phase == OPENING:
        assert s.opening < 4 and s.dividends == 0
        assert (s.start_player < 0) == (s.opening == 0), "the first opening auction names the start player (CE-3.7)"
        assert s.auc_company == (0, 1, 3, 2)[s.opening], "opening auctions run PRR, B&O, C&O, NYC (CE-3.1)"
    else:
        assert s.opening == 4 and 0 <= s.start_player < n, "the opening auctions are over"
    if s.phase == BUILD:
        assert s.held[s.mover * 5 + s.build_company], "building for a company the mover holds no share of (CE-6.1)"
    if s.phase == OVER:
        assert s.end_reason, "a finished game names its end condition"
