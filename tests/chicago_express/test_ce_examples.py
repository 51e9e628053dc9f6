"""The worked examples CE-X.1..CE-X.16 of rules/chicago_express.md, one test each (ids in the names)."""
from __future__ import annotations

import pytest
from ce_helpers import BO, CO, NYC, PRR, WAB, H, after_openings, names, route

from ccg.games.chicago_express.auction import minimum_price

# Positions are set up with the public editor (ccg.edit): shares come from the unsold ones, money from the
# bank, trains from the company's trains left, and income follows the trains unless it is set.


def test_ce_x1_share_minimum_price():
    """CE-X.1: NYC income 22, two NYC shares held -> minimum ceil(22/3) = 8."""
    assert minimum_price(22, 2) == 8
    e = after_openings(3).edit()  # seat 0 holds one NYC share
    e.player(0).shares["NYC"] = 0
    e.player(1).shares["NYC"] = e.player(2).shares["NYC"] = 1  # Beáta (1) and Cyril (2) hold one each
    e.company("NYC").income = 22
    s = e.commit()
    s.apply("auction NYC")  # Adam (seat 0) puts an NYC share up
    assert s.auction_minimum == 8
    assert "bid 7" not in names(s.legal_actions()) and "bid 8" in names(s.legal_actions())


def test_ce_x2_build_cost_forest_then_binghamton():
    """CE-X.2: NYC builds forest (2) then Binghamton (2) where PRR is: 2 + 2x2 = $6 to the bank."""
    s = after_openings()
    e = s.edit()
    e.company("PRR").trains += route(s, PRR, "Q3")  # PRR already at Binghamton (Q3)
    e.company("NYC").treasury += 10
    s = e.commit()
    income0, bank0 = s.income[NYC], s.bank_received
    s.apply("build NYC")
    s.apply("place NYC R2")  # forest, red value 2
    assert s.treasury[NYC] == 8 and s.income[NYC] == income0  # forest adds no income (CE-7.4)
    s.apply("place NYC Q3")  # city, red value 2, PRR present -> x2
    assert s.treasury[NYC] == 4 and s.bank_received - bank0 == 6
    assert s.income[NYC] == income0 + 1  # Binghamton's black value on the map (CE-7.1)
    s.check_invariants()


def test_ce_x3_dividend_rounds_per_share_up():
    """CE-X.3: NYC income 16, Adam 2 shares, Beáta 1 -> $6 per share: 12 and 6."""
    from ccg.games.chicago_express.dividends import pay_dividend

    e = after_openings(3).edit()
    e.player(0).shares["NYC"] += 1
    e.player(1).shares["NYC"] += 1
    e.company("NYC").income = 16
    s = e.commit()
    cash = s.cash[:]
    assert pay_dividend(s, NYC) == 18
    assert s.cash[0] - cash[0] == 12 and s.cash[1] - cash[1] == 6
    s.check_invariants()


def test_ce_x4_dividend_single_holder():
    """CE-X.4: income 17, one player holds both shares -> ceil(17/2) = 9 per share, $18."""
    from ccg.games.chicago_express.dividends import pay_dividend

    e = after_openings(2).edit()
    e.player(0).shares["NYC"] += 1
    e.company("NYC").income = 17
    s = e.commit()
    c0 = s.cash[0]
    pay_dividend(s, NYC)
    assert s.cash[0] - c0 == 18


def test_ce_x5_developing_a_city():
    """CE-X.5: a city with house value 1 (as Charleston) developed with C&O present: 12 -> 13, supply -1."""
    s = after_openings()
    e = s.edit()
    e.company("C&O").trains += route(s, CO, "O10")  # O10: a city with house value 1
    e.company("C&O").income = 12
    s = e.commit()
    supply = s.house_supply
    s.apply("develop O10")
    assert s.income[CO] == 13 and s.house_supply == supply - 1
    s.check_invariants()


def test_ce_x6_developing_wheeling():
    """CE-X.6 (CE-8.8): Wheeling 3 -> 4 with PRR (17) and B&O (14) present: 18 and 15; supply unchanged."""
    s = after_openings()
    e = s.edit()
    e.company("PRR").trains += route(e, PRR, "I6")
    e.company("B&O").trains += route(e, BO, "I6")  # around the forests PRR now holds
    e.company("PRR").income, e.company("B&O").income = 17, 14
    s = e.commit()
    supply = s.house_supply
    s.apply("develop I6")
    assert s.industry[1] == 4 and (s.income[PRR], s.income[BO]) == (18, 15) and s.house_supply == supply
    s.check_invariants()


def test_ce_x7_developing_pittsburgh_adds_two():
    """CE-X.7: Pittsburgh 4 -> 6, every company present +2."""
    s = after_openings()
    e = s.edit()
    e.company("NYC").trains += route(s, NYC, "K4")
    s = e.commit()
    before = s.income[NYC]
    s.apply("develop K4")
    assert s.industry[2] == 6 and s.income[NYC] == before + 2


def _to_chicago(e, name, via=None):
    """Lay ``name``'s trains up to the hex before Chicago (A2) and give it $6 to build there; returns A2."""
    hexes = route(e, name, "A2", via=via)
    e.company(name).trains += hexes[:-1]
    e.company(name).treasury += 3 * 2
    return hexes[-1]


@pytest.mark.parametrize("developed, income", [(False, 1), (True, 3)])
def test_ce_x8_wabash_enters_at_1_or_3(developed, income):
    """CE-X.8: first company in Chicago; Wabash enters at 1 (3 with a house on Fort Wayne); first minimum = income."""
    s = after_openings()
    e = s.edit()
    _to_chicago(e, "NYC", via="D3" if developed else None)
    if developed:
        e.houses = ["D3"]  # a house on Fort Wayne, from the supply
    s = e.commit()
    s.apply("build NYC")
    s.apply("place NYC A2")
    s.apply("stop")
    assert s.wabash_in and s.income[WAB] == income and s.trains_left[WAB] == 10
    assert s.network[WAB] == 1 << H["D3"]
    assert s.phase == 4 and s.auction_company == WAB and s.auction_minimum == income and s.auction_turn == 0
    s.check_invariants()


def test_ce_x9_opening_all_pass_opener_gets_share_free():
    """CE-X.9: everybody passes the PRR opening auction: the banker gets it free, opens B&O, will start."""
    from ce_helpers import new

    s = new(4)
    for _ in range(4):
        s.apply("pass")
    assert s.shares_held(0, PRR) == 1 and s.treasury[PRR] == 0 and s.cash == [30] * 4
    assert s.auction_company == BO and s.auction_turn == 0 and s.start_player == 0


def test_ce_x10_plain_with_two_other_companies_costs_3r():
    """CE-X.10: a plain of red value r holding two other companies' trains costs 3r."""
    from ccg.games.chicago_express.build import cost

    s = after_openings()
    target = "P5"  # a plain of value 1 reachable by all
    assert s.hex_companies[H[target]] == 0
    e = s.edit()
    e.company("PRR").trains += route(e, PRR, target)
    e.company("B&O").trains += route(e, BO, target)
    s = e.commit()
    from ccg.games.chicago_express.board import BOARD

    assert cost(s, H[target]) == 3 * BOARD.cost[H[target]]


def test_ce_x11_no_holders_no_dividend_and_minimum_is_income():
    """CE-X.11: income 25, no shares out: no dividend; first share's minimum ceil(25/1) = 25 (formula test)."""
    from ccg.games.chicago_express.dividends import pay_dividend

    e = after_openings().edit()
    e.player(0).shares["NYC"] = 0
    e.company("NYC").income = 25
    s = e.commit()
    assert pay_dividend(s, NYC) == 0
    assert s.minimum_price(NYC) == 25 == minimum_price(25, 0)


def test_ce_x12_detroit_at_8_ends_after_step_one():
    """CE-X.12: Detroit at 8: step 1 pays, the end check fires, the meters are not reset."""
    e = after_openings().edit()
    e.industry["detroit"] = 8
    e.meters.update(auction=3, development=3)  # auction red; development one short
    s = e.commit()
    c0 = s.cash[0]
    s.apply("forgo development")  # second pointer red -> dividend phase 8
    assert s.is_terminal() and s.end_reason == "detroit" and s.dividend_phases == 1
    assert s.meters == [3, 0, 4] and s.cash[0] > c0


def test_ce_x13_dividends_after_the_triggering_build():
    """CE-X.13: auction red, build one short: the build is performed, then dividends before the next turn."""
    e = after_openings().edit()
    e.meters.update(auction=3, build=4)
    e.company("NYC").treasury += 10
    s = e.commit()
    s.apply("build NYC")
    assert s.phase == 3 and s.dividend_phases == 0  # p.7 reading: no dividends yet
    s.apply("place NYC R2")
    s.apply("stop")
    assert s.dividend_phases == 1 and s.meters == [0, 0, 0] and s.current_player == 1


def test_ce_x13_alternative_reading_pays_before_the_build():
    """CE-X.13 under the CE-4.5 p.4 reading (rules dividend_timing=before_action): dividends first, build unrecorded."""
    e = after_openings(dividend_timing="before_action").edit()
    e.meters.update(auction=3, build=4)
    e.company("NYC").treasury += 10
    s = e.commit()
    s.apply("build NYC")
    assert s.dividend_phases == 1 and s.meters == [0, 0, 0] and s.phase == 3
    s.apply("place NYC R2")
    s.apply("stop")
    assert s.dividend_phases == 1 and s.meters == [0, 0, 0] and s.current_player == 1


def test_ce_x14_meter_stretches():
    """CE-X.14: shortest stretch 7 turns (3 auctions + 4 developments); longest 11 turns (5 + 2 + 3, then one more)."""
    s = after_openings()
    for m in ["auction"] * 3 + ["development"] * 4:
        assert s.dividend_phases == 0
        s.apply(f"forgo {m}")
    assert s.dividend_phases == 1
    s = after_openings()
    for m in ["build"] * 5 + ["auction"] * 2 + ["development"] * 3:
        s.apply(f"forgo {m}")
    assert s.dividend_phases == 0 and s.meters == [2, 5, 3]
    kinds = {a.split()[0] if not a.startswith("forgo") else a for a in names(s.legal_actions())}
    assert "build" not in kinds and "forgo build" not in kinds
    s.apply("forgo auction")
    assert s.dividend_phases == 1


def test_ce_x15_first_bid_after_opener_passes_must_meet_minimum():
    """CE-X.15: B&O income 14, two shares out -> minimum 5; after the opener passes, $1-$4 are illegal."""
    e = after_openings(4).edit()
    e.player(1).shares["B&O"] += 1
    e.company("B&O").income = 14
    s = e.commit()
    s.apply("auction B&O")
    assert s.auction_minimum == 5
    s.apply("pass")
    legal = names(s.legal_actions())
    assert "bid 4" not in legal and "bid 5" in legal
    with pytest.raises(ValueError, match="at least the minimum \\$5"):
        s.apply("bid 4")
    for _ in range(3):
        s.apply("pass")
    assert s.shares_left[BO] == 2 and s.treasury[BO] == 0  # CE-5.6: stays on the board
    assert s.current_player == 1


def test_ce_x16_chicago_income_raised_once():
    """CE-X.16 (CE-10.2, CE-10.3): NYC income 20, two shares out, places only on Chicago: income 27, Chicago dividend 14 per share."""
    s = after_openings(4)
    e = s.edit()
    last = _to_chicago(e, "NYC")
    assert last == "A2"
    e.player(1).shares["NYC"] += 1
    e.company("NYC").income = 20
    s = e.commit()
    cash = s.cash[:]
    s.apply("build NYC")
    s.apply("place NYC A2")
    assert s.income[NYC] == 20  # the placement itself adds nothing (CE-7.5)
    s.apply("stop")
    assert s.income[NYC] == 27
    assert s.cash[0] - cash[0] == 14 and s.cash[1] - cash[1] == 14
    s.check_invariants()
