"""One or more tests per rule id of rules/chicago_express.md (CE-0 .. CE-11)."""
from __future__ import annotations

import pytest
from ce_helpers import (
    BO,
    CO,
    NYC,
    PRR,
    WAB,
    H,
    add_house,
    after_openings,
    fund,
    give_share,
    names,
    new,
    path,
    put,
    refresh,
    route,
    set_income,
)

import ccg
from ccg.core import IllegalActionError
from ccg.games.chicago_express.board import BOARD, COMPANIES


# ---- CE-0 / CE-1 / CE-2: players, components, setup ---------------------------------------
@pytest.mark.parametrize("players", [1, 7, 0])
def test_ce_0_1_player_count_2_to_6(players):
    """CE-0.1: fewer than 2 or more than 6 players is refused."""
    with pytest.raises(ValueError, match="player"):
        ccg.new_game("chicago_express", players=players)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_ce_0_1_every_count_2_to_6_plays_and_bids_clockwise(players):
    """CE-0.1: 2-6 players are accepted and bidding goes clockwise (seat order) from the opener."""
    s = new(players)
    assert s.num_players == players and len(s.cash) == players
    seen = []
    for k in range(players):
        seen.append(s.current_player)
        s.apply(f"bid {7 + k}")  # PRR opening minimum is 7 (CE-3.1); each seat raises by $1
    assert seen == list(range(players)) and s.current_player == 0  # round the table and back to the opener


def test_ce_1_1_companies_shares_trains_start_hexes():
    assert BOARD.shares == (3, 4, 5, 6, 2) and sum(BOARD.shares) == 20
    assert BOARD.trains == (20, 22, 24, 26, 11) and sum(BOARD.trains) == 103
    assert [BOARD.ids[h] for h in BOARD.start] == ["R5", "Q7", "S3", "Q9", "D3"]


def test_ce_1_3_and_ce_2_5_houses_and_industry_track():
    """CE-1.3 houses, CE-1.7 industry track, CE-2.5 starting positions."""
    s = new()
    assert s.house_supply == 20 and s.house_mask == 0 and s.industry == [1, 3, 4]


@pytest.mark.parametrize("players, cash", [(2, 60), (3, 40), (4, 30), (5, 24), (6, 20)])
def test_ce_2_6_starting_cash(players, cash):
    """CE-2.6, CE-1.2: $120 in all, split by player count."""
    s = new(players)
    assert s.cash == [cash] * players and sum(s.cash) == 120


def test_ce_2_1_to_2_4_and_2_7_setup():
    """CE-2.1 meters on START, CE-2.2 one train on each eastern start hex (Fort Wayne empty), CE-2.3 the rest on the boards (CE-1.8), CE-2.4 starting incomes on the income track (CE-1.6), CE-2.7 treasuries $0."""
    s = new()
    assert s.meters == [0, 0, 0]
    assert s.trains_left == [19, 21, 23, 25, 11]
    for c in range(4):
        assert s.network[c] == 1 << BOARD.start[c]
    assert s.network[WAB] == 0 and not s.wabash_in
    assert s.income == [7, 6, 8, 5, 0]  # PRR 7, B&O 6, NYC 8, C&O 5 (CE-D.2)
    assert s.treasury == [0] * 5 and s.shares_left == [3, 4, 5, 6, 2]


# ---- CE-3: opening auctions -------------------------------------------------------------------
def test_ce_3_1_order_and_fixed_minimums():
    s = new(4)
    seen = []
    while s.phase == 0:
        seen.append((s.auction_company, s.auction_minimum))
        for _ in range(4):
            s.apply("pass")
    assert seen == [(PRR, 7), (BO, 6), (CO, 5), (NYC, 8)]


def test_ce_3_2_banker_opens_and_rule_override():
    assert new(4).current_player == 0
    assert new(4, banker=2).current_player == 2
    with pytest.raises(ValueError):
        new(2, banker=3)


def test_ce_3_3_bidding_raise_cap_and_final_pass():
    s = new(3)  # $40 each
    legal = names(s.legal_actions())
    assert legal[0] == "pass" and legal[1] == "bid 7" and legal[-1] == "bid 40"  # capped at cash
    s.apply("bid 9")
    assert "bid 9" not in names(s.legal_actions()) and "bid 10" in names(s.legal_actions())  # +$1 minimum raise
    s.apply("pass")  # seat 1 out for good
    s.apply("bid 12")  # seat 2
    assert s.current_player == 0
    s.apply("pass")  # seat 0 passes; only seat 2 (the leader) remains
    assert s.shares_held(2, PRR) == 1 and s.treasury[PRR] == 12 and s.cash[2] == 28


def test_ce_3_3_last_player_still_gets_a_turn():
    s = new(3)
    s.apply("pass")
    s.apply("pass")
    assert s.current_player == 2 and s.phase == 0 and s.auction_company == PRR
    s.apply("bid 7")
    assert s.shares_held(2, PRR) == 1


def test_ce_3_4_to_3_7_sale_next_opener_and_start_player():
    """CE-3.4 sale, CE-3.5 free share, CE-3.6 next opener, CE-3.7 start player; CE-2.8 openings then play."""
    s = new(4)
    s.apply("pass")
    s.apply("bid 8")  # seat 1 bids on PRR
    s.apply("pass")
    s.apply("pass")
    assert s.treasury[PRR] == 8 and s.cash[1] == 22  # CE-3.4
    assert s.auction_company == BO and s.current_player == 1  # CE-3.6: the buyer opens B&O
    for _ in range(4):
        s.apply("pass")  # CE-3.5: seat 1 gets B&O free
    assert s.shares_held(1, BO) == 1 and s.current_player == 1
    s.apply("bid 5")
    for _ in range(3):
        s.apply("pass")
    s.apply("pass")  # seat 1 opens NYC and passes
    s.apply("bid 8")  # seat 2 buys NYC
    s.apply("pass")
    s.apply("pass")
    assert s.phase == 1 and s.current_player == 1  # CE-3.7: PRR's buyer starts


# ---- CE-4: turn structure -------------------------------------------------------------------
def test_ce_4_2_cannot_choose_a_red_action():
    s = after_openings()
    s.meters = [3, 0, 0]
    refresh(s)
    assert not any(n.startswith("auction") or n == "forgo auction" for n in names(s.legal_actions()))
    with pytest.raises(IllegalActionError, match="auction pointer is in the red"):
        s.apply("auction NYC")


def test_ce_4_3_and_4_4_meter_advances_even_when_forgone():
    """CE-4.3 the pointer moves; CE-4.4 a forgone action still counts; CE-1.5 meters."""
    s = after_openings()
    s.apply("auction PRR")
    for _ in range(4):
        s.apply("pass")
    assert s.meters == [1, 0, 0] and s.shares_left[PRR] == 2  # unsold, still counted
    s.apply("forgo development")
    assert s.meters == [1, 0, 1]
    s.apply("forgo build")
    assert s.meters[1] == 1


def test_ce_4_5_dividend_check_when_the_next_turn_begins():
    s = after_openings()
    s.meters = [3, 0, 3]
    refresh(s)
    s.apply("forgo development")
    assert s.dividend_phases == 1 and s.meters == [0, 0, 0] and s.current_player == 1


def test_ce_4_6_at_most_one_red_at_a_choice():
    s = after_openings()
    for m in ["auction"] * 3 + ["development"] * 4:
        assert s.red_meters() <= 1
        s.apply(f"forgo {m}")
    assert s.red_meters() == 0


def test_ce_4_8_turn_order_continues_after_phases():
    s = after_openings(3)
    s.meters = [3, 0, 3]
    refresh(s)
    s.mover = 2
    s.mark_edited()
    s.apply("forgo development")
    assert s.dividend_phases == 1 and s.current_player == 0


# ---- CE-5: auction action -------------------------------------------------------------------
def test_ce_5_1_pick_any_share_not_wabash_before_entry_not_empty_board():
    s = after_openings()
    give_share(s, 1, PRR, 2)  # PRR board now empty
    refresh(s)
    legal = names(s.legal_actions())
    assert "auction PRR" not in legal and "auction B&O" in legal and "auction Wabash" not in legal
    with pytest.raises(IllegalActionError, match="no shares left"):
        s.apply("auction PRR")
    with pytest.raises(IllegalActionError, match="after Wabash has entered"):
        s.apply("auction Wabash")


def test_ce_5_2_minimum_counts_the_share_being_auctioned():
    """CE-5.2 with S = shares in circulation (CE-0.5)."""
    s = after_openings()
    set_income(s, CO, 11)
    refresh(s)
    s.apply("auction C&O")
    assert s.auction_minimum == 6  # ceil(11 / (1 + 1))


def test_ce_5_3_to_5_5_opener_bids_first_and_winner_pays_company():
    """CE-5.3 opener bids first, CE-5.4 clockwise raises, CE-5.5 the winner pays the company (CE-0.3)."""
    s = after_openings()
    s.mover = 2
    s.mark_edited()
    s.apply("auction NYC")
    assert s.current_player == 2 and s.auction_minimum == 4  # ceil(8/2)
    s.apply("bid 4")
    s.apply("bid 5")  # seat 3
    s.apply("pass")  # seat 0
    s.apply("pass")  # seat 1
    s.apply("pass")  # seat 2
    assert s.shares_held(3, NYC) == 1 and s.treasury[NYC] == 5 and s.cash[3] == 25
    assert s.current_player == 3  # next turn after seat 2


def test_ce_5_6_unsold_and_5_7_forgo():
    """CE-5.6 unsold share stays; CE-5.7 choosing Auction and putting nothing up."""
    s = after_openings()
    s.apply("auction NYC")
    for _ in range(4):
        s.apply("pass")
    assert s.shares_left[NYC] == 4 and s.meters[0] == 1
    s.apply("forgo auction")
    assert s.meters[0] == 2


# ---- CE-6: building ---------------------------------------------------------------------------
def test_ce_6_1_build_needs_a_share():
    s = after_openings()
    s.mover = 1
    s.mark_edited()
    assert not any(n.startswith("build ") for n in names(s.legal_actions()))
    with pytest.raises(IllegalActionError, match="holds no PRR share"):
        s.apply("build PRR")


def test_ce_6_2_up_to_three_trains_then_the_action_ends():
    s = after_openings()
    fund(s, NYC, 30)
    refresh(s)
    s.apply("build NYC")
    for h in route(s, NYC, "M4")[:3]:
        s.apply(f"place NYC {h}")
    assert s.phase == 1 and s.current_player == 1 and s.trains_left[NYC] == 20


def test_ce_6_2_stop_after_none_is_a_forgone_build():
    s = after_openings()
    s.apply("build NYC")
    assert names(s.legal_actions()) == ["stop"]  # no money at all
    s.apply("stop")
    assert s.meters[1] == 1 and s.current_player == 1


def test_ce_6_3_connectivity_and_why():
    s = after_openings()
    fund(s, NYC, 30)
    refresh(s)
    s.apply("build NYC")
    legal = names(s.legal_actions())
    assert set(legal) == {"place NYC R2", "place NYC R3", "place NYC S2", "place NYC S4", "stop"}
    with pytest.raises(IllegalActionError, match="not next to NYC's network"):
        s.apply("place NYC Q4")
    with pytest.raises(IllegalActionError, match="no hex S6"):
        s.apply("place NYC S6")
    s.apply("place NYC S4")
    assert "place NYC S5" in names(s.legal_actions())  # CE-6.4: trains placed this action count


def test_ce_6_5_other_start_hexes_forbidden_fort_wayne_allowed():
    s = after_openings()
    path(s, PRR, *route(s, PRR, "Q6"))
    fund(s, PRR, 30)
    refresh(s)
    s.apply("build PRR")
    assert "place PRR Q7" not in names(s.legal_actions())
    with pytest.raises(IllegalActionError, match="another company's start hex"):
        s.apply("place PRR Q7")
    s = after_openings()
    path(s, NYC, *route(s, NYC, "D3")[:-1])
    fund(s, NYC, 30)
    refresh(s)
    s.apply("build NYC")
    assert "place NYC D3" in names(s.legal_actions())


def test_ce_6_6_one_train_per_company_per_hex():
    s = after_openings()
    put(s, NYC, "S4")
    fund(s, NYC, 30)
    refresh(s)
    s.apply("build NYC")
    with pytest.raises(IllegalActionError, match="one train per company per hex"):
        s.apply("place NYC S4")


def test_ce_6_7_and_6_8_shared_cities_exclusive_forests():
    """CE-6.7 shared cities; CE-6.8 exclusive forests and mountains."""
    s = after_openings()
    assert BOARD.terrain[H["R3"]] == 1 and BOARD.terrain[H["Q3"]] == 3  # forest, city
    path(s, PRR, "R4", "R3", "Q3")  # PRR holds the forest R3 and the city Q3
    fund(s, NYC, 30)
    refresh(s)
    s.apply("build NYC")
    assert "place NYC R3" not in names(s.legal_actions())
    with pytest.raises(IllegalActionError, match="forest that already holds a train"):
        s.apply("place NYC R3")
    s.apply("place NYC R2")
    assert "place NYC Q3" in names(s.legal_actions())  # a city takes several companies
    s.apply("place NYC Q3")
    assert s.hex_companies[H["Q3"]] == (1 << PRR) | (1 << NYC)


def test_ce_6_9_cost_forest_mountain_multiplier_is_one():
    from ccg.games.chicago_express.build import cost

    s = after_openings()
    assert cost(s, H["R2"]) == BOARD.cost[H["R2"]]
    put(s, NYC, "R2")
    assert cost(s, H["R2"]) == BOARD.cost[H["R2"]]
    assert cost(s, H["S4"]) == BOARD.cost[H["S4"]]  # plain: x (0 + 1)


def test_ce_6_10_treasury_only_with_a_readable_reason():
    """CE-6.10 and CE-0.3: only the company's treasury pays."""
    s = after_openings()
    fund(s, NYC, 1)
    refresh(s)
    s.apply("build NYC")
    assert "place NYC R2" not in names(s.legal_actions())
    with pytest.raises(IllegalActionError, match=r"NYC's treasury has \$1; R2 costs \$2"):
        s.apply("place NYC R2")


def test_ce_6_11_out_of_trains_ends_the_action():
    s = after_openings()
    give_share(s, 0, WAB)  # pretend Wabash is in with one train left
    s.wabash_in = True
    s.chicago = [NYC]
    path(s, NYC, *route(s, NYC, "A2"))
    s.income[NYC] += s.rules["chicago_income"]
    s.income_base[WAB] = 1 - 1
    put(s, WAB, "D3")
    for h in route(s, WAB, "M10")[:9]:
        put(s, WAB, h)
    fund(s, WAB, 30)
    refresh(s)
    assert s.trains_left[WAB] == 1
    s.apply("build Wabash")
    first = [n for n in names(s.legal_actions()) if n.startswith("place")][0]
    s.apply(first)
    assert s.trains_left[WAB] == 0 and s.phase == 1  # the action ended by itself
    s.mover = 0
    s.mark_edited()
    assert "build Wabash" not in names(s.legal_actions())
    with pytest.raises(IllegalActionError, match="no trains left"):
        s.apply("build Wabash")


def test_ce_6_12_and_ce_7_income_from_building():
    s = after_openings()
    fund(s, NYC, 30)
    path(s, NYC, *route(s, NYC, "Q3")[:-1])
    refresh(s)
    s.apply("build NYC")
    before = s.income[NYC]
    s.apply("place NYC Q3")  # CE-7.1 undeveloped city: + black
    assert s.income[NYC] == before + BOARD.black[H["Q3"]]


def test_ce_7_2_developed_city_gives_black_plus_house():
    """CE-7.2: a train on a developed city adds black value + house value (CE-8.10: later trains too).

    The mountain half of CE-7.2 cannot arise: a house needs a train (CE-8.2) and a mountain holds one
    company only (CE-6.8), so no company ever enters an already developed mountain."""
    s = after_openings()
    path(s, PRR, *route(s, PRR, "Q3"))
    add_house(s, "Q3")
    path(s, NYC, *route(s, NYC, "Q3")[:-1])
    fund(s, NYC, 30)
    refresh(s)
    s.apply("build NYC")
    before = s.income[NYC]
    s.apply("place NYC Q3")
    assert s.income[NYC] == before + BOARD.black[H["Q3"]] + BOARD.house[H["Q3"]]  # CE-8.10 too


def test_ce_7_3_industrial_city_gives_track_value():
    s = after_openings()
    path(s, PRR, *route(s, PRR, "K4")[:-1])
    s.industry[2] = 6
    fund(s, PRR, 30)
    refresh(s)
    s.apply("build PRR")
    before = s.income[PRR]
    s.apply("place PRR K4")
    assert s.income[PRR] == before + 6


def test_ce_7_4_forest_and_plain_give_nothing():
    s = after_openings()
    fund(s, NYC, 30)
    refresh(s)
    s.apply("build NYC")
    before = s.income[NYC]
    s.apply("place NYC R2")
    s.apply("place NYC S4")
    assert s.income[NYC] == before


# ---- CE-8: development --------------------------------------------------------------------------
def test_ce_8_1_develop_needs_no_share_and_is_free():
    """CE-8.1: seat 2 holds no share at all, develops one hex, and nobody's money moves."""
    s = after_openings()
    path(s, NYC, *route(s, NYC, "Q3"))
    refresh(s)
    s.mover = 2
    s.mark_edited()
    assert not any(s.shares_held(2, c) for c in range(5))
    cash, treasury, bank = s.cash[:], s.treasury[:], (s.bank_received, s.bank_paid_out)
    houses = s.house_mask.bit_count()
    s.apply("develop Q3")
    assert s.cash == cash and s.treasury == treasury and (s.bank_received, s.bank_paid_out) == bank
    assert s.house_mask >> H["Q3"] & 1 and s.house_mask.bit_count() == houses + 1  # exactly one hex


def test_ce_8_2_needs_a_train_once_only_and_a_supply():
    s = after_openings()
    with pytest.raises(IllegalActionError, match="holds no train"):
        s.apply("develop Q3")
    path(s, NYC, *route(s, NYC, "Q3"))
    add_house(s, "Q3")
    refresh(s)
    with pytest.raises(IllegalActionError, match="already has a house"):
        s.apply("develop Q3")
    s = after_openings()
    path(s, NYC, *route(s, NYC, "Q3"))
    s.rules = dict(s.rules, houses=0)
    s.house_supply = 0
    refresh(s)
    assert "develop Q3" not in names(s.legal_actions())
    with pytest.raises(IllegalActionError, match="no houses left"):
        s.apply("develop Q3")


def test_ce_8_3_and_8_4_industry_repeatable_until_maximum():
    """CE-8.3 repeatable industry development; CE-8.4 the maximum (developing at it is invalid)."""
    s = after_openings()
    path(s, PRR, *route(s, PRR, "I6"))
    refresh(s)
    supply = s.house_supply
    for expected in (4, 5, 6):
        s.mover = 0
        s.meters = [0, 0, 0]
        s.mark_edited()
        s.apply("develop I6")
        assert s.industry[1] == expected
    assert s.house_supply == supply
    s.mover = 0
    s.mark_edited()
    assert "develop I6" not in names(s.legal_actions())
    with pytest.raises(IllegalActionError, match="maximum industry value 6"):
        s.apply("develop I6")


def test_ce_8_5_detroit_never_by_players_but_after_each_dividend_phase():
    s = after_openings()
    path(s, PRR, *route(s, PRR, "E0"))
    refresh(s)
    with pytest.raises(IllegalActionError, match="Detroit cannot be developed"):
        s.apply("develop E0")
    before = s.income[PRR]
    s.meters = [3, 0, 3]
    s.mark_edited()
    s.apply("forgo development")
    assert s.industry[0] == 2 and s.income[PRR] == before + 1  # CE-9.5


def test_ce_8_6_never_developable_and_fort_wayne_is_a_city():
    s = after_openings()
    for h, pat in (("S3", "start hex"), ("A2", "Chicago is never developed"), ("S4", "plain")):
        with pytest.raises(IllegalActionError, match=pat):
            s.apply(f"develop {h}")
    path(s, NYC, *route(s, NYC, "D3"))
    refresh(s)
    assert "develop D3" in names(s.legal_actions())


def test_ce_8_7_every_company_present_gains_the_house_value():
    """CE-8.7 (and CE-0.2: present = has a train there)."""
    s = after_openings()
    path(s, PRR, *route(s, PRR, "Q3"))
    path(s, NYC, *route(s, NYC, "Q3"))
    refresh(s)
    a, b = s.income[PRR], s.income[NYC]
    s.apply("develop Q3")
    assert (s.income[PRR], s.income[NYC]) == (a + 1, b + 1)


def test_ce_8_9_forest_pays_two_from_the_bank():
    s = after_openings()
    put(s, NYC, "R2")
    refresh(s)
    inc, bank = s.income[NYC], s.bank_paid_out
    s.apply("develop R2")
    assert s.treasury[NYC] == 2 and s.income[NYC] == inc and s.bank_paid_out == bank + 2
    s.check_invariants()


# ---- CE-9: dividend phase ------------------------------------------------------------------------
def test_ce_9_2_to_9_6_dividend_phase_steps():
    """CE-9.1 trigger, CE-9.2 step 1, CE-9.4 step 2, CE-9.5 step 3, CE-9.6 no company income."""
    s = after_openings(2)  # seat 0 holds one share of each eastern company
    give_share(s, 1, NYC)
    s.meters = [3, 0, 3]
    refresh(s)
    cash, treasury = s.cash[:], s.treasury[:]
    s.apply("forgo development")
    # PRR 7 + B&O 6 + C&O 5 + NYC ceil(8/2)=4 -> seat 0 gets 22, seat 1 gets 4
    assert s.cash[0] - cash[0] == 22 and s.cash[1] - cash[1] == 4
    assert s.treasury == treasury  # CE-9.6
    assert s.meters == [0, 0, 0] and s.industry[0] == 2  # CE-9.4, CE-9.5


# ---- CE-10: Chicago phase ------------------------------------------------------------------------
def _reach_chicago(s, c):
    path(s, c, *route(s, c, "A2")[:-1])
    fund(s, c, 10)
    refresh(s)
    s.apply(f"build {COMPANIES[c]}")


def test_ce_10_1_chicago_phase_after_the_build_action():
    """CE-10.1 and CE-6.13: a train on Chicago triggers the phase, resolved after the action."""
    s = after_openings()
    _reach_chicago(s, NYC)
    s.apply("place NYC A2")
    assert s.pending_chicago == NYC and not s.wabash_in and s.phase == 3  # the action goes on
    s.apply("place NYC A3")
    s.apply("stop")
    assert s.chicago == [NYC] and s.wabash_in


def test_ce_10_5_and_10_6_first_wabash_auction_opened_by_the_builder():
    s = after_openings()
    s.mover = 2
    give_share(s, 2, NYC)
    _reach_chicago(s, NYC)
    s.apply("place NYC A2")
    s.apply("stop")
    assert s.phase == 4 and s.current_player == 2 and s.auction_minimum == 1
    assert s.meters == [0, 1, 0]  # the auction does not use the Auction meter (CE-10.5 note)
    for _ in range(4):
        s.apply("pass")
    assert s.shares_left[WAB] == 2 and s.wabash_in and s.current_player == 3  # CE-10.6, CE-10.7
    s.mover = 0
    s.mark_edited()
    assert "auction Wabash" in names(s.legal_actions())  # later auctions by CE-5
    assert "build Wabash" not in names(s.legal_actions())


def test_ce_10_4_second_chicago_phase_has_no_wabash_entry():
    s = after_openings()
    _reach_chicago(s, NYC)
    s.apply("place NYC A2")
    s.apply("stop")
    s.apply("bid 1")
    for _ in range(3):
        s.apply("pass")
    assert s.shares_held(0, WAB) == 1 and s.treasury[WAB] == 1
    s.mover = 0
    _reach_chicago(s, PRR)
    inc = s.income[PRR]
    s.apply("place PRR A2")
    s.apply("stop")
    assert s.chicago == [NYC, PRR] and s.income[PRR] == inc + 7 and s.phase == 1 and s.trains_left[WAB] == 10


def test_ce_4_7_and_10_8_chicago_phase_then_wabash_auction_then_dividends():
    """CE-4.7 / CE-10.8: Chicago phase (with the Wabash auction) before the dividend phase."""
    s = after_openings()
    s.meters = [3, 4, 0]
    _reach_chicago(s, NYC)
    s.apply("place NYC A2")
    s.apply("stop")
    assert s.phase == 4 and s.dividend_phases == 0 and s.meters == [3, 5, 0]  # Chicago phase first
    s.apply("bid 1")  # seat 0 buys the first Wabash share for $1
    for _ in range(3):
        s.apply("pass")
    assert s.dividend_phases == 1 and s.meters == [0, 0, 0]
    assert s.current_player == 1


def test_ce_10_8_wabash_share_sold_in_the_phase_earns_the_regular_dividend():
    """The first Wabash share is auctioned before the dividend phase of the same turn, so it is paid in it."""
    s = after_openings()
    s.meters = [3, 4, 0]
    _reach_chicago(s, NYC)
    s.apply("place NYC A2")
    s.apply("stop")
    nyc = s.income[NYC]
    cash0 = s.cash[0]
    s.apply("bid 1")
    for _ in range(3):
        s.apply("pass")
    # seat 0 holds one share of each company: PRR 7 + B&O 6 + C&O 5 + NYC + Wabash 1, minus the $1 bid
    assert s.cash[0] == cash0 - 1 + 7 + 6 + 5 + nyc + 1


# ---- CE-11: end and winner ---------------------------------------------------------------------
@pytest.mark.parametrize("setup, reason", [
    ("trains", "trains"), ("shares", "shares"), ("houses", "houses"), ("detroit", "detroit")])
def test_ce_11_2_end_conditions(setup, reason):
    """CE-11.2 a-d, checked right after step 1 (CE-9.3)."""
    s = after_openings(2)
    if setup == "trains":
        for c in (PRR, BO, NYC):
            s.trains_left[c] = 0  # synthetic: only the count matters for CE-11.2 a
    elif setup == "shares":
        for c in (PRR, BO, CO):
            give_share(s, 1, c, s.shares_left[c])
    elif setup == "houses":
        s.house_supply = 3
    else:
        s.industry[0] = 8
    s.meters = [3, 0, 3]
    s.mark_edited()
    s.apply("forgo development")
    assert s.is_terminal() and reason in s.end_reason.split("+")


def test_ce_11_2_wabash_counts_as_a_company():
    from ccg.games.chicago_express.dividends import end_reasons

    s = after_openings(2)
    give_share(s, 1, PRR, s.shares_left[PRR])
    give_share(s, 1, BO, s.shares_left[BO])
    assert end_reasons(s) == []
    s.shares_left[WAB] = 0  # synthetic: Wabash fully sold
    assert end_reasons(s) == ["shares"]


def test_ce_11_1_no_end_check_after_a_chicago_dividend():
    s = after_openings()
    s.industry[0] = 8
    _reach_chicago(s, NYC)
    s.apply("place NYC A2")
    s.apply("stop")
    assert not s.is_terminal()


def test_ce_11_3_winner_by_cash_ties_shared():
    s = after_openings(3)
    s.phase = 5
    s.end_reason = "detroit"
    s.cash = [10, 25, 25]
    assert s.winners() == [1, 2] and s.scores() == [10, 25, 25]
    assert s.returns() == [0.0, 0.5, 0.5]


# ---- ids not covered above ------------------------------------------------------------------------
def test_ce_1_9_hex_types_on_the_default_map():
    from collections import Counter

    from ccg.games.chicago_express.board import TERRAINS

    counts = Counter(TERRAINS[t] for t in BOARD.terrain)
    assert counts == {"plain": 73, "forest": 41, "mountain": 16, "city": 22, "start": 4, "chicago": 1, "industrial": 3}
    assert BOARD.ids[BOARD.chicago] == "A2" and [BOARD.ids[h] for h in BOARD.industry_hex] == ["E0", "I6", "K4"]


def test_ce_0_6_and_ce_1_4_and_ce_7_6_income_never_falls_and_passes_50():
    """CE-0.6 income never falls, CE-1.4 / CE-7.6 / CE-D.4 the marker moves past 50 as a plain integer."""
    from ce_agents import biased_action

    from ccg.core import Rng

    s = after_openings()
    set_income(s, NYC, 49)
    path(s, NYC, *route(s, NYC, "Q3")[:-1])
    fund(s, NYC, 10)
    refresh(s)
    s.apply("build NYC")
    s.apply("place NYC Q3")
    assert s.income[NYC] == 50
    add_house(s, "Q3")
    assert s.income[NYC] == 51  # a plain integer past 50 (the +50 marker is only a display aid)
    for seed in range(6):
        s = new(2 + seed % 5, seed)
        rng = Rng(seed)
        prev = list(s.income)
        while not s.is_terminal():
            s.apply(biased_action(s, rng))
            assert all(a >= b for a, b in zip(s.income, prev))
            prev = list(s.income)


def test_ce_4_1_turns_go_clockwise():
    """CE-4.1: from the start player (CE-3.7), turns go clockwise in seat order."""
    s = after_openings(5)
    seen = []
    for _ in range(6):
        seen.append(s.current_player)
        s.apply("forgo build")
        if s.meters[1] >= 5:
            break
    assert seen == [0, 1, 2, 3, 4]


def test_ce_6_4_branches_allowed():
    s = after_openings()
    fund(s, NYC, 30)
    refresh(s)
    s.apply("build NYC")
    s.apply("place NYC S4")
    s.apply("place NYC S2")  # a second branch from New York
    s.apply("place NYC R2")
    s.check_invariants()
    assert s.network[NYC].bit_count() == 4


def test_ce_0_4_bank_is_unlimited_and_tracked():
    """CE-0.4: the bank pays any dividend (unlimited) and its flows are tracked."""
    s = after_openings(2)
    set_income(s, NYC, 5000)
    s.meters = [3, 0, 3]
    refresh(s)
    s.apply("forgo development")
    assert s.cash[0] > 5000 and s.bank_paid_out > 5000
    s.check_invariants()


def test_ce_0_4_building_cost_goes_to_the_bank():
    """CE-0.4: a building cost leaves the treasury for the bank (not a player, not another company)."""
    s = after_openings()
    fund(s, NYC, 30)
    refresh(s)
    cash, others, received = s.cash[:], [s.treasury[c] for c in (PRR, BO, CO, WAB)], s.bank_received
    s.apply("build NYC")
    s.apply("place NYC R2")
    paid = 30 - s.treasury[NYC]
    assert paid > 0 and s.bank_received == received + paid
    assert s.cash == cash and [s.treasury[c] for c in (PRR, BO, CO, WAB)] == others
    s.check_invariants()


def test_ce_0_6_income_is_never_paid_to_the_company():
    """CE-0.6: a dividend phase pays holders, not the company: treasuries are unchanged by it."""
    s = after_openings(2)
    fund(s, NYC, 17)
    s.meters = [3, 0, 3]
    refresh(s)
    treasury = s.treasury[:]
    s.apply("forgo development")
    assert s.dividend_phases == 1 and s.treasury == treasury


def test_ce_d_4_income_is_stored_as_a_plain_integer_past_100():
    """CE-D.4 / CE-1.4: no wrap-around in the engine; income past 100 survives JSON and pays in full."""
    s = after_openings(2)
    set_income(s, NYC, 137)
    refresh(s)
    s2 = ccg.load_state(s.to_json())
    assert s2.income[NYC] == 137
    s2.meters = [3, 0, 3]
    refresh(s2)
    before = s2.cash[0]
    s2.apply("forgo development")
    assert s2.cash[0] - before >= 137  # seat 0 holds the only NYC share in circulation: ceil(137 / 1)


def test_ce_10_3_chicago_dividend_only_that_company_no_meter_change():
    s = after_openings()
    _reach_chicago(s, NYC)
    before = s.cash[0]
    meters = list(s.meters)
    s.apply("place NYC A2")
    s.apply("stop")
    assert s.cash[0] - before == s.income[NYC]  # seat 0 is NYC's only holder; PRR/B&O/C&O paid nothing
    assert s.meters == meters and s.dividend_phases == 0


def test_ce_6_14_rejected_placement_changes_nothing():
    s = after_openings()
    fund(s, NYC, 1)
    refresh(s)
    s.apply("build NYC")
    text = s.to_json()
    with pytest.raises(IllegalActionError):
        s.apply("place NYC R2")
    assert s.to_json() == text


def test_ce_1_4_income_past_50_counts_in_full_in_every_rule_that_reads_it():
    """CE-1.4, CE-0.6: past 50 a +50 marker goes on the company's board and the track counts on from its start;
    the income is the track value plus 50 per marker. The engine keeps that sum as one number, and every rule
    that reads income uses the sum: the minimum price (CE-5.2) and the dividend (CE-9.2, and the Chicago
    dividend CE-10.3, computed the same way). NYC at 73 = one marker + track 23."""
    from ce_helpers import NYC, after_openings, give_share, set_income

    from ccg.games.chicago_express.dividends import pay_dividend

    s = after_openings(3)  # seat 0 holds one NYC share
    give_share(s, 1, NYC)
    set_income(s, NYC, 73)
    s.check_invariants()
    assert s.minimum_price(NYC) == 25  # ceil(73 / 3), not ceil(23 / 3) = 8 from the track alone
    cash = s.cash[:]
    assert pay_dividend(s, NYC) == 74  # ceil(73 / 2) = 37 a share, two shares
    assert s.cash[0] - cash[0] == 37 and s.cash[1] - cash[1] == 37
