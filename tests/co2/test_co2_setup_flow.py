"""Setup (CO2-2), decades and rounds (CO2-3), Supply phase (CO2-4), end of game (CO2-14)."""
from __future__ import annotations

import pytest
from co2_helpers import SRC, finish_decade, give, names, new, put_plant, reg, set_fossils

import ccg
from ccg.core import Rng
from ccg.games.co2 import economy, flow, operations
from ccg.games.co2.tasks import SupplyEnd


# ---- CO2-2 setup ----------------------------------------------------------------------------------
def test_CO2_2_3_players_start_with_coins_cep_one_scientist():
    s = new(players=5, seed=4)
    assert [s.coins[(s.start + k) % 5] for k in range(5)] == [3, 4, 4, 5, 5]  # CO2-2.3.3
    assert s.cep == [2] * 5 and s.resources == [0] * 5 and s.vp == [0] * 5  # CO2-2.3.4, 2.1, 2.4
    assert s.expertise == [0] * 25
    for p in range(5):
        assert sorted(s.scientists[4 * p:4 * p + 4]) == [-2, -2, -2, -1]  # CO2-2.3.2
    assert s.bank_cep == 40 - 21 - 2 - 10  # CO2-2.14


@pytest.mark.parametrize("players,removed", [(1, {27, 30, 32, 33}), (2, {28, 30, 33}), (3, {30}), (4, set()),
                                             (5, set())])
def test_CO2_2_15_company_goals_removed_by_player_count(players, removed):
    seen = set()
    for seed in range(40):
        s = new(players=players, seed=seed)
        seen |= set(s.goal)
        assert len(set(s.goal)) == players
    assert not seen & removed
    assert seen == set(range(27, 34)) - removed


@pytest.mark.parametrize("players,shown", [(1, 0), (2, 7), (3, 10), (5, 10)])
def test_CO2_2_16_un_goals_displayed(players, shown):
    s = new(players=players)
    assert len(s.un_display) == shown
    assert len(s.un_deck) == (13 if players == 1 else 0)  # solo: a face-down deck (CO2-17.3.2)


def test_CO2_2_8_to_2_18_board_cards_and_decks():
    s = new(players=4, seed=2)
    assert all(len(s.components.summits[t][1]) == 2 for t in s.summit)  # CO2-2.8
    assert len(s.summit_stack) == 18 - len(s.summit)
    assert len(set(s.agenda)) == 6  # CO2-2.9
    assert all(s.space_kind[s.first_space[r]] in (0, 1, 2) for r in range(6))  # CO2-2.10
    assert len(s.fossil_stack) == 24
    assert len(s.events) == 6  # CO2-2.17
    assert [len(h) for h in s.lobby] == [5] * 4 and len(s.lobby_deck) == 6  # CO2-2.18


# ---- CO2-3 decades and rounds ---------------------------------------------------------------------
@pytest.mark.parametrize("players,turns", [(1, 6), (2, 10), (3, 12), (4, 12), (5, 10)])
def test_CO2_3_3_rounds_per_player_count(players, turns):
    s = new(players=players, seed=7)
    rng = Rng(1)
    ends = 0
    while s.decade == 1:
        acts = s.legal_actions()
        a = acts[rng.below(len(acts))]
        if a.kind == "end":
            ends += 1
        s.apply(a)
    assert ends == turns


def test_CO2_3_5_start_player_passes_left_and_5_decades():
    s = new(players=3, seed=2, rules={"ppm.coal": 0, "ppm.oil": 0, "ppm.gas": 0})
    rng = Rng(5)
    starts = {1: s.start}
    while not s.is_terminal():
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
        starts.setdefault(s.decade, s.start)
    assert [starts[d] for d in sorted(starts)] == [(starts[1] + d - 1) % 3 for d in sorted(starts)]
    assert s.decade <= 5 and s.ppm == 0
    if operations.green_regions(s) < 2:
        assert s.decade == 5  # CO2-14.1.1


def test_CO2_3_1_five_players_play_six_decades():
    s = new(players=5, seed=1, rules={"ppm.coal": 0, "ppm.oil": 0, "ppm.gas": 0})
    assert operations.last_decade(s) == 6
    assert operations.last_decade(new(players=4)) == 5


# ---- CO2-4 supply phase -------------------------------------------------------------------------------
def test_CO2_4_2_2_two_players_only_first_paid_and_zero_expertise_earns_nothing():
    s = new(players=2)
    s.expertise[SRC["solar"]] = 4
    s.expertise[5 + SRC["solar"]] = 2
    assert economy.incomes(s) == [s.components.income[1][4], 0]
    s3 = new(players=3)
    s3.expertise[SRC["solar"]] = 4
    s3.expertise[5 + SRC["solar"]] = 2
    income = s3.components.income[1]
    assert economy.incomes(s3) == [income[4], income[2], 0]  # seat 2 has 0: no disc, no income


def test_CO2_4_3_1_each_region_loses_one_resource_then_fossils_and_event():
    s = new(seed=3)
    s.supply_resources -= 3
    s.region_resources[0], s.region_resources[1] = 2, 1
    finish_decade(s)
    assert s.region_resources[0] == 1 and s.region_resources[1] == 0


def test_CO2_4_3_5b_forced_purchase_and_4_3_6_vp_for_coins():
    s = new(seed=5)
    sa = reg(s, "samerica")
    for r in range(6):
        if r != sa:
            put_plant(s, s.components.regions[r], "recycling" if s.plants_built[4] < 5 else "biomass", 0)
    s.controller[sa] = 1
    s.cep[1] = 0
    s.bank_cep += 2
    s.region_cep[sa] = 0
    s.bank_cep += 3
    s.coins[1] = 1
    s.goal_status[1] = 1  # goal already sold: no choice left
    price = s.price
    vp = s.vp[1]
    finish_decade(s)
    # bought at the market: 1 coin + (price - 1) VP converted, exactly as many as needed
    assert s.coins[1] == 0 and s.vp[1] == vp - (price - 1)
    s.check_invariants()


def test_CO2_4_3_6_goal_can_be_sold_before_the_forced_purchase():
    s = new(seed=5)
    sa = reg(s, "samerica")
    for r in range(6):
        if r != sa:
            put_plant(s, s.components.regions[r], "recycling" if s.plants_built[4] < 5 else "biomass", 0)
    s.controller[sa] = 1
    s.bank_cep += s.cep[1] + s.region_cep[sa]
    s.cep[1] = 0
    s.region_cep[sa] = 0
    s.coins[1] = 0
    finish_decade(s)
    assert s.current_player == 1 and sorted(names(s)) == ["paywithvp", "sellgoal"]
    s.apply("sellgoal")
    assert s.coins[1] == 8 - s.price and s.goal_status[1] == 1


def test_CO2_4_3_5c_uncontrolled_region_with_empty_pile_pays_nothing():
    s = new(seed=5)
    sa = reg(s, "samerica")
    s.bank_cep += s.region_cep[sa]
    s.region_cep[sa] = 0
    finish_decade(s)
    assert s.region_cep[sa] == 0
    s.check_invariants()


@pytest.mark.parametrize("ppm_over", [False, True])
def test_CO2_4_4_catastrophe_at_350(ppm_over):
    level = 100 if ppm_over else 1000  # the threshold is a rule parameter; the board is ~180-360 ppm
    s = new(players=3, seed=8, rules={"ppm.catastrophe": level, "ppm.lose": 2000})
    ev_region = s.components.events[s.events[0]]
    put_plant(s, s.components.regions[ev_region], "recycling", 2)  # seat 2 owns a green plant there: spared
    give(s, 0, res=1)
    cards = len(s.events)
    finish_decade(s)
    assert len(s.events) == cards - 1  # CO2-4.4.4 the card is resolved either way
    if ppm_over:
        assert s.resources[0] == 0 and s.region_resources[ev_region] == 1  # gave its resource to the region (CO2-4.4.5)
        assert s.vp[1] == -2  # no resource: -2 VP (CO2-4.4.2)
    else:
        assert s.resources[0] == 1 and s.vp[1] == 0
    assert s.vp[2] == 0 and s.resources[2] == 0


def test_CO2_14_3_500_ppm_everyone_loses():
    s = new(players=3, seed=1, rules={"ppm.lose": 200, "ppm.catastrophe": 150})
    finish_decade(s)
    while not s.is_terminal():  # income decisions etc. (none expected at 0 expertise)
        s.apply(s.legal_actions()[0])
    assert s.lost and s.winners() == [] and s.is_terminal() and s.current_player is None


def test_CO2_17_3_9_solo_above_500_still_scores_without_income():
    s = new(players=1, seed=1, rules={"ppm.lose": 200, "ppm.catastrophe": 150})
    while s.tasks[-1].kind != "turn":
        s.apply(s.legal_actions()[0])
    s.expertise[SRC["solar"]] = 5
    finish_decade(s)
    # supply income first (decade 2), then > lose -> final scoring without the income step
    assert s.tasks[-1].kind == "income"
    s.apply(s.legal_actions()[0])
    while not s.is_terminal():
        acts = s.legal_actions()
        assert all(a.kind != "take" for a in acts), "no second income at the end (CO2-17.3.9)"
        s.apply(acts[0])
    assert not s.lost and s.winners() == [0]


def test_CO2_17_3_9_solo_exactly_500_goes_on():
    s = new(players=1, seed=1)
    s.ppm = 500
    s.ppm_peak = 500
    s.tasks.append(SupplyEnd(-1))
    flow.run(s)
    assert not s.over and s.tasks[-1].kind == "turn"


def test_CO2_14_1_2_two_green_regions_end_the_game():
    s = new(players=2, seed=3)
    for name in ("africa", "oceania"):
        r = reg(s, name)
        set_fossils(s, name, [])
        for _ in range(s.components.spaces[r]):
            src = next(x for x in ("recycling", "biomass", "fusion", "solar", "reforestation")
                       if s.plants_built[SRC[x]] < 5)
            put_plant(s, name, src, 0)
    assert operations.green_regions(s) == 2
    finish_decade(s)
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert s.decade == 1 and not s.lost


@pytest.mark.parametrize("peak,ends", [(360, True), (300, False)])
def test_CO2_14_1_3_return_to_safe_zone_from_decade_4(peak, ends):
    s = new(players=2, seed=3)
    s.decade = 4
    s.ppm_peak = max(s.ppm, peak)
    assert s.ppm < 350
    assert operations.game_should_end(s) is ends  # reading: an earlier level >= 350 is required
    s.decade = 3
    s.ppm_peak = 400
    assert operations.game_should_end(s) is False  # only from decade 4


def test_CO2_4_3_energy_walk_starts_with_first_region_clockwise():
    s = new(seed=11)
    s.fossil_stack[-6:] = [0, 1, 2, 0, 1, 2]
    expected = list(reversed(s.fossil_stack[-6:]))
    finish_decade(s)
    got = [s.space_kind[s.first_space[r] + 1] for r in range(6)]
    assert got == expected


def test_ccg_rules_override_ppm_coal():
    s = ccg.new_game("co2", players=4, seed=1, variant="extreme", rules={"ppm.coal": 50})
    assert s.ppm == 300
