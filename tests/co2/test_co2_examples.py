"""Every worked example of rules/co2.md (CO2-EX-01 … CO2-EX-20) as a test."""
from __future__ import annotations

import pytest
from co2_helpers import (
    SRC,
    finish_decade,
    give,
    names,
    new,
    put_plant,
    put_project,
    reg,
    set_agenda,
    set_fossils,
    turn_of,
)

from ccg.games.co2 import economy
from ccg.games.co2.data import SOURCES
from ccg.games.co2.tasks import Income


def test_CO2_EX_01_setup_ppm_is_sum_of_fossils():
    # 2 coal + 3 oil + 1 gas = 190 ppm (CO2-2.11)
    s = new(seed=3)
    for r, kinds in enumerate([["coal"], ["coal"], ["oil"], ["oil"], ["oil"], ["gas"]]):
        set_fossils(s, s.components.regions[r], kinds)
    assert s.ppm == 190
    s.check_invariants()
    for seed in range(20):  # and the random setup always puts the marker on the sum
        t = new(seed=seed)
        firsts = [t.space_kind[t.first_space[r]] for r in range(6)]
        assert t.ppm == sum((40, 30, 20)[k] for k in firsts)


def test_CO2_EX_02_setup_region_cep():
    s = new()
    got = {s.components.regions[r]: s.region_cep[r] for r in range(6)}
    assert got == {"africa": 2, "asia": 5, "europe": 4, "namerica": 4, "oceania": 3, "samerica": 3}


def test_CO2_EX_03_market_at_start():
    s = new()
    assert (s.market, s.price) == (2, 3)
    assert s.bank_cep == 40 - 21 - 2 - 2 * 4  # CO2-2.14


def test_CO2_EX_04_income_first_and_second():
    s = new(players=3)
    orange, a = 0, 1  # the third seat takes no part
    s.expertise[orange * 5 + SRC["biomass"]] = 7  # printed value 4 beside the disc
    s.expertise[a * 5 + SRC["biomass"]] = 2
    s.expertise[a * 5 + SRC["recycling"]] = 5
    s.expertise[orange * 5 + SRC["recycling"]] = 3  # 2nd, printed value 2
    assert s.components.income[SRC["biomass"]][7] == 4 and s.components.income[SRC["recycling"]][3] == 2
    assert economy.incomes(s)[orange] == 6
    s.tasks.append(Income(orange, 6))
    s.mark_edited()
    c, v = s.coins[orange], s.vp[orange]
    s.apply("take 3")  # 3 coins + 3 VP
    assert (s.coins[orange] - c, s.vp[orange] - v) == (3, 3)


def test_CO2_EX_05_dense_ranking_pays_all_five():
    s = new(players=5)
    solar = SRC["solar"]
    for p, v in enumerate([4, 4, 2, 2, 2]):  # Blue, Purple tied 1st; the other three tied 2nd
        s.expertise[p * 5 + solar] = v
    inc = economy.incomes(s)
    assert all(x > 0 for x in inc)
    assert inc == [s.components.income[solar][v] for v in [4, 4, 2, 2, 2]]


def _decade2_supply(s, fossil="gas"):
    s.fossil_stack.remove({"coal": 0, "oil": 1, "gas": 2}[fossil])
    s.fossil_stack.append({"coal": 0, "oil": 1, "gas": 2}[fossil])
    # clockwise walk starts with the first region; make the example region the first to draw
    return s


def test_CO2_EX_06_fossil_plant_in_decade_2_uncontrolled_and_controlled():
    for controlled in (False, True):
        s = new(seed=5)
        sa = reg(s, "samerica")
        # only South America needs a plant: fill every other region's space 2 with a green plant
        for r in range(6):
            if r != sa:
                put_plant(s, s.components.regions[r], "recycling" if s.plants_built[4] < 5 else "biomass", 0)
        if controlled:
            s.controller[sa] = 1
        s.fossil_stack.remove(2)
        s.fossil_stack.append(2)  # a gas plant on top, as in the example
        before_ppm, before_cep, hand = s.ppm, s.region_cep[sa], s.cep[1]
        finish_decade(s)
        assert s.decade == 2
        i = s.first_space[sa] + 1
        assert s.space_kind[i] == 2  # gas on demand space 2
        assert s.ppm == before_ppm + 20
        if controlled:
            # CO2-4.3.5a: the controller chooses: hand or any controlled region's pile
            assert s.current_player == 1 and sorted(names(s)) == ["pay hand", "pay samerica"]
            s.apply("pay hand")
            assert s.cep[1] == hand - 1 and s.region_cep[sa] == before_cep
        else:
            assert s.region_cep[sa] == before_cep - 1  # from South America's own pile
        s.check_invariants()


def _ready_to_build(s, p, source, region, res=3, coins=20, exp=5):
    set_agenda(s, region, next(tuple(SOURCES[x] for x in a) for a in s.components.agendas if SRC[source] in a))
    put_project(s, region, "money", source, installed=True)
    give(s, p, res=res)
    s.coins[p] = coins
    s.expertise[p * 5 + SRC[source]] = exp
    turn_of(s, p)


def test_CO2_EX_07_region_resource_pays_one():
    s = new()
    _ready_to_build(s, 0, "solar", "europe", res=1, exp=3)  # 3 -> 4: no bonus space on the way
    r = reg(s, "europe")
    s.supply_resources -= 2
    s.region_resources[r] = 2
    assert s.components.plants[SRC["solar"]][0].resources == 2
    s.apply("build solar europe money")
    assert s.resources[0] == 0 and s.region_resources[r] == 1  # the region paid 1, the builder 1
    s.check_invariants()


def test_CO2_EX_08_build_top_solar_10_coins_2_resources():
    s = new()
    s.plants_built[SRC["solar"]] = 1  # the $10 + 2 tile on top (the $8 one built elsewhere earlier)
    put_plant(s, "asia", "solar", 2)
    s.plants_built[SRC["solar"]] = 1
    tile = s.components.plants[SRC["solar"]][1]
    assert (tile.coins, tile.resources) == (10, 2)
    _ready_to_build(s, 0, "solar", "europe", res=2, coins=10, exp=1)
    assert "build solar europe money" not in names(s)  # expertise 1 < 2
    s.expertise[SRC["solar"]] = 2
    s.mark_edited()
    assert "build solar europe money" in names(s)
    r = reg(s, "europe")
    s.apply("build solar europe money")
    bonus = s.components.bonuses[SRC["solar"]][3].count("resource")  # +1 solar reached a resource bonus space
    assert s.coins[0] == 0 and s.resources[0] == 0 + bonus
    assert s.space_kind[s.first_space[r] + 1] == economy.GREEN0 + SRC["solar"]  # leftmost empty space
    assert s.space_owner[s.first_space[r] + 1] == 0
    assert s.vp[0] == tile.vp and s.expertise[SRC["solar"]] == 3
    assert s.controller[r] == 0  # control check: nobody controlled it


def test_CO2_EX_09_cheapest_reforestation_needs_3():
    s = new()
    _ready_to_build(s, 0, "reforestation", "europe", res=3, coins=20, exp=2)
    assert not any(a.startswith("build reforestation") for a in names(s))
    s.expertise[SRC["reforestation"]] = 3
    s.mark_edited()
    assert "build reforestation europe money" in names(s)
    s.apply("build reforestation europe money")
    assert s.resources[0] == 0  # it needed 3 resources


def test_CO2_EX_10_regional_cep_limits():
    s = new()
    limits = {s.components.regions[r]: s.components.spaces[r] for r in range(6)}
    assert limits == {"africa": 3, "asia": 6, "europe": 5, "namerica": 5, "oceania": 4, "samerica": 4}
    # a replacement at the limit takes no CEP from the market (CO2-6.3.6 note)
    r = reg(s, "africa")
    set_agenda(s, "africa", next(tuple(SOURCES[x] for x in a) for a in s.components.agendas if SRC["recycling"] in a))
    set_fossils(s, "africa", ["coal", "oil", "gas"])
    s.bank_cep -= 1
    s.region_cep[r] = 3
    _ready_to_build(s, 0, "recycling", "africa", res=2, exp=2)
    market = s.market
    s.apply("build recycling africa money")
    assert s.region_cep[r] == 3 and s.market == market
    s.check_invariants()


def test_CO2_EX_11_install_displaces_purple():
    s = new()
    blue, purple = 0, 1
    k = put_project(s, "europe", "money", "solar", scientist_of=purple)
    s.summit[0] = next(i for i, (_, t) in enumerate(s.components.summits) if SRC["solar"] in t and len(t) == 2)
    turn_of(s, blue)
    c_b, c_p, cep_b = s.coins[blue], s.coins[purple], s.cep[blue]
    s.apply("install europe money")
    # Purple decides: keep (+1 solar) or a matching summit slot; nothing else can happen meanwhile
    assert s.current_player == purple
    assert set(a.split()[0] for a in names(s)) <= {"keep", "to"}
    assert s.coins[blue] == c_b - 1 and s.coins[purple] == c_p + 1
    s.apply("keep")
    assert s.expertise[purple * 5 + SRC["solar"]] == 1
    assert -1 in s.scientists[4 * purple:4 * purple + 4] and s.occupant[k] == -1
    # Blue's install completed at once: 1 CEP paid, tile flipped, 3 resources
    assert s.current_player == blue and s.installed[k] == 1
    assert s.cep[blue] == cep_b - 1 and s.resources[blue] == 3
    s.check_invariants()


def test_CO2_EX_12_project_expertise_one_of_two():
    s = new()
    orange = 0
    set_agenda(s, "asia", next(tuple(SOURCES[x] for x in a) for a in s.components.agendas if a[0] == SRC["biomass"]))
    put_project(s, "europe", "money", "fusion", scientist_of=orange)
    s.scientists[4 * orange + 1] = -1  # a second scientist in hand
    turn_of(s, orange)
    s.apply("propose biomass asia money")
    s.apply("scientist hand")
    s.apply("to asia.money")
    s.apply("end")
    assert s.current_player == orange
    assert sorted(names(s)) == ["study biomass", "study fusion"]
    s.apply("study fusion")
    assert s.expertise[orange * 5 + SRC["fusion"]] == 1 and s.expertise[orange * 5 + SRC["biomass"]] == 0


def test_CO2_EX_13_summit_scoring():
    s = new()
    orange, purple = 0, 1
    tile = next(i for i, (_, t) in enumerate(s.components.summits)
                if sorted(t) == sorted([SRC["reforestation"], SRC["fusion"], SRC["recycling"]]))
    s.summit[0] = tile
    topics = s.components.summits[tile][1]
    for j, src in enumerate(topics):
        p = purple if src == SRC["reforestation"] else orange
        i = next(i for i in range(4 * p, 4 * p + 4) if s.scientists[i] == -2)
        s.scientists[i] = 100 + j
        s.summit_slots[j] = p
    stack_top = s.summit_stack[-1]
    turn_of(s, orange)
    s.turn_flags[0] = 1
    s.apply("end")
    # order: left of the active player first (purple), ending with the active player (orange)
    assert s.current_player == purple
    assert sorted(names(s)) == sorted(f"exp {SOURCES[x]}" for x in topics)
    s.apply("exp fusion")
    assert s.current_player == orange
    s.apply("exp recycling")
    assert s.expertise[purple * 5 + SRC["reforestation"]] == 1 and s.expertise[purple * 5 + SRC["fusion"]] == 1
    assert s.expertise[orange * 5 + SRC["recycling"]] == 2 and s.expertise[orange * 5 + SRC["fusion"]] == 1
    assert s.summit[0] == stack_top and s.summit_slots[:4] == [-1] * 4
    assert all(loc < 100 for loc in s.scientists)


def _control_setup(plants_b, plants_c, agenda, exp_b=None, exp_c=None):
    s = new()
    set_agenda(s, "asia", agenda)
    r = reg(s, "asia")
    b, c = 0, 1
    for src in plants_c:
        put_plant(s, "asia", src, c)
    for src in plants_b:
        put_plant(s, "asia", src, b)
    s.controller[r] = c
    for src, v in (exp_b or {}).items():
        s.expertise[b * 5 + SRC[src]] = v
    for src, v in (exp_c or {}).items():
        s.expertise[c * 5 + SRC[src]] = v
    return s, r, b, c


def test_CO2_EX_14_more_sources_wins():
    # Orange (builder) has 2 agenda sources; Purple has more plants but of 1 source
    s, r, b, c = _control_setup(["biomass", "reforestation"], ["solar", "solar", "solar"],
                                ("reforestation", "solar", "biomass"))
    economy.check_control(s, r, b)
    assert s.controller[r] == b


def test_CO2_EX_15_agenda_order_breaks_tie():
    # both have 2 sources incl. the agenda's 1st; only Blue has the 2nd (fusion)
    # agenda solar > fusion > recycling; builder: solar + recycling, Blue (controller): solar + fusion
    s, r, b, c = _control_setup(["solar", "recycling"], ["solar", "fusion"], ("solar", "fusion", "recycling"))
    economy.check_control(s, r, b)
    assert s.controller[r] == c


def test_CO2_EX_16_same_sources_then_expertise_then_builder():
    s, r, b, c = _control_setup(["fusion"], ["fusion"], ("solar", "fusion", "recycling"),
                                exp_b={"fusion": 3}, exp_c={"fusion": 4})
    economy.check_control(s, r, b)
    assert s.controller[r] == c
    s.expertise[b * 5 + SRC["fusion"]] = 4
    economy.check_control(s, r, b)
    assert s.controller[r] == b  # equal -> the active player (the builder)


@pytest.mark.parametrize("variant,ppm,kinds", [
    ("beginner", 150, {0: 1, 1: 1, 2: 4}), ("normal", 180, {0: 2, 1: 2, 2: 2}),
    ("expert", 210, {0: 4, 1: 1, 2: 1}), ("extreme", 240, {0: 6, 1: 0, 2: 0})])
def test_CO2_EX_17_presets(variant, ppm, kinds):
    s = new(variant=variant, seed=9)
    assert s.ppm == ppm
    firsts = [s.space_kind[s.first_space[r]] for r in range(6)]
    assert {k: firsts.count(k) for k in range(3)} == kinds
    assert s.fossil_out[2] == (6 if variant == "extreme" else 0)  # CO2-17.1.4 Extreme only
    assert len(s.fossil_stack) == 30 - 6 - s.fossil_out[2]
    s.check_invariants()


def test_CO2_EX_18_score_is_a_plain_integer_past_50():
    s = new()
    s.vp[0] = 48
    _ready_to_build(s, 0, "reforestation", "europe", res=3, coins=20, exp=3)
    s.apply("build reforestation europe money")
    assert s.vp[0] == 48 + s.components.plants[0][0].vp > 50
    assert s.scores()[0] == s.vp[0]


def test_CO2_EX_19_decade_marker_moves():
    s = new()
    assert s.decade == 1
    finish_decade(s)
    assert s.decade == 2
    assert s.trajectory_rows[-1][0] == 1  # the decade-1 snapshot


def test_CO2_EX_20_income_12_as_7_coins_5_vp():
    s = new()
    s.tasks.append(Income(2, 12))
    s.mark_edited()
    assert len(names(s)) == 13  # every split 0..12
    c, v = s.coins[2], s.vp[2]
    s.apply("take 7")
    assert (s.coins[2] - c, s.vp[2] - v) == (7, 5)
