"""Operations: actions (CO2-6), free steps and market (CO2-7), scientists (CO2-8), expertise (CO2-9),
summits (CO2-10), region control (CO2-11)."""
from __future__ import annotations

import pytest
from co2_helpers import SRC, give, names, new, ps, put_plant, put_project, reg, set_agenda, set_fossils, turn_of

from ccg import IllegalActionError
from ccg.games.co2 import economy, expertise
from ccg.games.co2.data import SOURCES
from ccg.games.co2.tasks import Gain


def agenda_with(s, *sources):
    return next(tuple(SOURCES[x] for x in a) for a in s.components.agendas if all(SRC[y] in a for y in sources))


# ---- CO2-5 turn structure -----------------------------------------------------------------------
def test_CO2_5_2_exactly_one_action():
    s = turn_of(new(), 0)
    assert "end" not in names(s)
    with pytest.raises(IllegalActionError, match="CO2-5.2"):
        s.apply("end")
    a = next(x for x in names(s) if x.startswith("propose") and x.endswith("resources"))
    s.apply(a)
    assert "end" in names(s)
    assert not any(x.split()[0] in ("propose", "install", "build") for x in names(s))


def test_CO2_5_2_note_no_legal_action_may_end():
    """Reading: a player with no legal action (nothing to propose, install or build) may end the turn."""
    s = new()
    for r in range(6):  # every project space holds a proposed project
        for g, grant in enumerate(("money", "resources", "research")):
            src = SOURCES[s.components.agendas[s.agenda[r]][g]]
            put_project(s, s.components.regions[r], grant, src)
    s.bank_cep += s.cep[0]
    s.cep[0] = 0  # no CEP to install with, no controlled region
    turn_of(s, 0)
    s.check_invariants()
    assert not any(x.split()[0] in ("propose", "install", "build") for x in names(s))
    assert "end" in names(s)
    give(s, 0, cep=1)  # with a CEP an install is possible, and the action is mandatory again
    assert "end" not in names(s) and any(x.startswith("install") for x in names(s))


def test_CO2_5_3_free_steps_once_each():
    s = turn_of(new(), 0)
    give(s, 0, coins=20)
    s.apply("buy")
    assert "buy" not in names(s) and "sell" not in names(s)  # one visit, never buy and sell
    lob = next(x for x in names(s) if x.startswith("lobby"))
    s.apply(lob)
    while s.tasks[-1].kind != "turn":
        s.apply(s.legal_actions()[0])
    assert not any(x.startswith(("lobby", "claim")) for x in names(s))


# ---- CO2-6.1 propose -------------------------------------------------------------------------------
def test_CO2_6_1_propose_only_agenda_sources_and_grants():
    s = turn_of(new(), 0)
    for a in s.legal_actions():
        if a.kind == "propose":
            src, region = SRC[a.args[0]], reg(s, a.args[1])
            assert src in s.components.agendas[s.agenda[region]]  # CO2-11.1.2
    r = reg(s, "asia")
    c0 = s.coins[0]
    src = SOURCES[s.components.agendas[s.agenda[r]][0]]
    s.apply(f"propose {src} asia money")  # CO2-6.1.3.1: coins = CEP in the region's pile
    assert s.coins[0] == c0 + s.region_cep[r] == c0 + 5
    assert s.project_supply[SRC[src]] == 5


def test_CO2_6_1_3_1_money_grant_minimum_one():
    s = turn_of(new(), 0)
    r = reg(s, "africa")
    s.bank_cep += s.region_cep[r]
    s.region_cep[r] = 0
    c0 = s.coins[0]
    src = SOURCES[s.components.agendas[s.agenda[r]][0]]
    s.apply(f"propose {src} africa money")
    assert s.coins[0] == c0 + 1


def test_CO2_6_1_3_2_and_3_resources_and_research_grants():
    s = turn_of(new(), 0)
    src = SOURCES[s.components.agendas[s.agenda[0]][0]]
    s.apply(f"propose {src} {s.components.regions[0]} resources")
    assert s.resources[0] == 2
    s = turn_of(new(), 0)
    s.apply(f"propose {src} {s.components.regions[0]} research")
    assert s.current_player == 0 and "hire" in names(s)
    s.apply("hire")
    assert sorted(s.scientists[:4]) == [-2, -2, -1, -1]
    # the research move is extra: the free scientist move is still available (CO2-6.1.3.3 note)
    assert any(x.startswith("scientist") for x in names(s))


def test_CO2_6_1_5_no_tile_left_no_proposal():
    s = turn_of(new(), 0)
    s.project_supply[SRC["solar"]] = 0
    s.projects[0] = SRC["solar"]  # keep the count: all 6 tiles elsewhere (5 hidden in the box for this test)
    s.mark_edited()
    assert not any(x.startswith("propose solar") for x in names(s))


# ---- CO2-6.2 install ---------------------------------------------------------------------------------
@pytest.mark.parametrize("source,coins,res,cep", [
    ("reforestation", 0, 0, 2), ("solar", 0, 3, 0), ("fusion", 5, 1, 0), ("biomass", 3, 1, 1), ("recycling", 5, 0, 1)])
def test_CO2_6_2_4_install_rewards(source, coins, res, cep):
    s = new()
    put_project(s, "europe", "money", source)
    turn_of(s, 0)
    c0, r0, e0 = s.coins[0], s.resources[0], s.cep[0]
    s.apply("install europe money")
    assert s.installed[ps(s, "europe", "money")] == 1
    assert (s.coins[0] - c0, s.resources[0] - r0, s.cep[0] - e0) == (coins, res, cep - 1)  # 1 CEP paid first
    s.check_invariants()


def test_CO2_6_2_3_install_cep_from_a_controlled_region():
    s = new()
    put_project(s, "europe", "money", "solar")
    s.controller[reg(s, "asia")] = 0
    turn_of(s, 0)
    s.apply("install europe money")
    assert sorted(names(s)) == ["pay asia", "pay hand"]
    a0 = s.region_cep[reg(s, "asia")]
    s.apply("pay asia")
    assert s.region_cep[reg(s, "asia")] == a0 - 1 and s.cep[0] == 2


def test_CO2_6_2_5_reforestation_reward_refills_market_and_blocks_selling():
    s = new()
    put_project(s, "europe", "money", "reforestation")
    turn_of(s, 0)
    s.apply("install europe money")
    assert s.price == 4 and s.market == 2  # emptied, refilled with 2, price +1
    assert "sell" not in names(s)


def test_CO2_8_4_note_cannot_displace_without_a_coin():
    s = new()
    put_project(s, "europe", "money", "solar", scientist_of=1)
    turn_of(s, 0)
    s.coins[0] = 0
    s.mark_edited()
    assert "install europe money" not in names(s)


# ---- CO2-6.3 build ----------------------------------------------------------------------------------
def ready(s, p, source, region, grant="money", res=5, coins=30, exp=2):
    set_agenda(s, region, agenda_with(s, source))
    k = put_project(s, region, grant, source, installed=True)
    give(s, p, res=res)
    s.coins[p] = coins
    s.expertise[p * 5 + SRC[source]] = exp
    turn_of(s, p)
    return k


def test_CO2_6_3_2_needs_an_installed_project():
    s = new()
    set_agenda(s, "europe", agenda_with(s, "recycling"))
    put_project(s, "europe", "money", "recycling", installed=False)
    give(s, 0, res=3)
    s.expertise[SRC["recycling"]] = 3
    turn_of(s, 0)
    assert not any(x.startswith("build") for x in names(s))


def test_CO2_6_3_6_replace_leftmost_fossil_lowers_ppm_and_adds_region_cep():
    s = new()
    set_fossils(s, "africa", ["coal", "gas", "oil"])
    k = ready(s, 0, "recycling", "africa")
    r = reg(s, "africa")
    ppm, cep, market = s.ppm, s.region_cep[r], s.market
    s.apply("build recycling africa money")
    assert s.ppm == ppm - 40  # the leftmost fossil (coal)
    assert s.space_kind[s.first_space[r]] == economy.GREEN0 + SRC["recycling"]
    assert s.region_cep[r] == cep + 1 and s.market == market - 1
    assert s.projects[k] == -1 and s.project_supply[SRC["recycling"]] == 6  # step 8: the tile returns
    s.check_invariants()


def test_CO2_6_3_8_green_plants_are_never_replaced():
    s = new()
    set_fossils(s, "africa", [])
    for _ in range(3):
        put_plant(s, "africa", "biomass", 1)
    ready(s, 0, "recycling", "africa")
    assert not any(x.startswith("build recycling africa") for x in names(s))
    assert any(x.startswith("propose") and "africa" in x for x in names(s))  # CO2-6.1.4


def test_CO2_8_5_own_scientist_leaves_with_an_extra_move():
    s = new()
    k = ready(s, 0, "recycling", "europe")
    s.scientists[0] = k
    s.occupant[k] = 0
    # an empty project elsewhere, so that the free scientist move (CO2-7) has somewhere to go
    set_agenda(s, "asia", agenda_with(s, "solar"))
    put_project(s, "asia", "resources", "solar")
    s.mark_edited()
    s.apply("build recycling europe money")
    assert s.current_player == 0 and "to hand" in names(s)
    assert f"to {s.components.regions[k // 3]}.money" not in names(s)
    s.apply("to hand")
    assert s.expertise[SRC["recycling"]] == 3  # only the build's +1, no displacement expertise
    assert "scientist hand" in names(s)  # the leaving was the extra move: the free move is untouched
    assert s.turn_flags[1] == 0


def test_CO2_6_3_5_step7_displacement_after_control():
    s = new()
    k = ready(s, 0, "recycling", "europe")
    s.scientists[4] = k
    s.occupant[k] = 1
    s.mark_edited()
    c1 = s.coins[1]
    s.apply("build recycling europe money")
    assert s.controller[reg(s, "europe")] == 0  # step 6 done before the displaced owner's choice (step 7)
    assert s.coins[1] == c1 + 1
    if s.current_player == 1:
        s.apply("keep")
    assert s.expertise[5 + SRC["recycling"]] == 1


def test_CO2_12_1_5_4_build_with_lobby_discount():
    s = new()
    ready(s, 0, "solar", "europe", coins=5, exp=5)
    # card 16 = the solar build card in the reconstruction: swap it into seat 0's hand
    if 16 not in s.lobby[0]:
        holder = next((h for h in s.lobby[1:] if 16 in h), s.lobby_deck)
        holder[holder.index(16)] = s.lobby[0][0]
        s.lobby[0][0] = 16
    s.mark_edited()
    assert "build solar europe money" not in names(s)  # $8 > $5
    assert "build solar europe money 16" in names(s)
    s.apply("build solar europe money 16")
    assert s.coins[0] == 0 and 16 in s.lobby_played and s.turn_flags[3] == 1
    s.check_invariants()


# ---- CO2-7.2 market ---------------------------------------------------------------------------------
def test_CO2_7_2_buy_refill_and_price_bounds():
    s = turn_of(new(), 0)
    s.coins[0] = 50
    s.apply("buy")
    assert s.market == 1 and s.price == 3 and s.cep[0] == 3
    turn_of(s, 0)
    s.apply("buy")
    assert s.market == 2 and s.price == 4  # emptied: +2 from the bank, price +1 (CO2-7.2.4)
    s.price = 8
    s.market = 1
    s.bank_cep -= 1
    turn_of(s, 0)
    s.apply("buy")
    assert s.price == 8  # maximum 8
    assert "sell" not in names(s)


def test_CO2_7_2_5_sell_lowers_price_min_1_and_not_after_change():
    s = turn_of(new(), 0)
    c = s.coins[0]
    s.apply("sell")
    assert s.price == 2 and s.coins[0] == c + 3 and s.market == 3
    s.price = 1
    turn_of(s, 0)
    s.apply("sell")
    assert s.price == 1  # minimum 1
    s = turn_of(new(), 0)
    s.price = 8
    put_project(s, "europe", "money", "reforestation")
    turn_of(s, 0)
    s.apply("install europe money")  # the refill at price 8 does not change the price ...
    assert s.price == 8
    assert "sell" not in names(s)  # ... but any refill blocks selling (CO2-7.2.6 note)


def test_CO2_7_2_5_never_sell_from_a_region():
    s = turn_of(new(), 0)
    s.bank_cep += s.cep[0]
    s.cep[0] = 0
    s.controller[0] = 0
    s.mark_edited()
    assert "sell" not in names(s)


# ---- CO2-8 scientists --------------------------------------------------------------------------------
def test_CO2_8_3_moves():
    s = new()
    k = put_project(s, "europe", "money", "solar")
    s.summit[0] = next(i for i, (_, t) in enumerate(s.components.summits) if len(t) == 2 and SRC["solar"] in t)
    turn_of(s, 0)
    assert "scientist hand" in names(s)
    s.apply("scientist hand")
    assert names(s) == ["to europe.money"]  # hand -> project only, never hand -> summit
    s.apply("to europe.money")
    turn_of(s, 0)
    s.apply("scientist europe.money")
    assert "to hand" in names(s) and "to s1.solar" in names(s)
    s.apply("to s1.solar")
    turn_of(s, 0)
    assert not any(x.startswith("scientist") for x in names(s))  # a summit scientist stays (CO2-8.3.5)
    assert s.occupant[k] == -1


def test_CO2_8_1_at_most_four_scientists():
    s = new()
    s.scientists[:4] = [-1, -1, -1, -1]
    turn_of(s, 0)
    src = SOURCES[s.components.agendas[s.agenda[0]][0]]
    s.apply(f"propose {src} {s.components.regions[0]} research")
    assert "hire" not in names(s)


# ---- CO2-9 expertise bonuses ----------------------------------------------------------------------
def test_CO2_9_3_bonuses_combine():
    s = new()
    # recycling track: 4 -> biomass +1; biomass 4 -> 5: fusion +1 (chained, CO2-9.3.5)
    s.expertise[SRC["recycling"]] = 3
    s.expertise[SRC["biomass"]] = 4
    s.tasks.append(Gain(0, SRC["recycling"], 1))
    from ccg.games.co2 import flow
    flow.run(s)
    assert s.expertise[SRC["recycling"]] == 4 and s.expertise[SRC["biomass"]] == 5 and s.expertise[SRC["fusion"]] == 1


def test_CO2_9_3_3_regional_cep_bonus_respects_limits():
    s = new()
    s.expertise[SRC["fusion"]] = 1  # fusion 2 = regional CEP
    for r in range(6):
        s.bank_cep -= s.components.spaces[r] - s.region_cep[r]
        s.region_cep[r] = s.components.spaces[r]
    s.region_cep[2] -= 1
    s.bank_cep += 1
    s.tasks.append(Gain(0, SRC["fusion"], 1))
    from ccg.games.co2 import flow
    flow.run(s)
    assert s.region_cep[2] == s.components.spaces[2]  # the only region below its limit got it, no choice
    s.check_invariants()


def test_CO2_9_3_4_any_expertise_choice_and_9_1_3_cap():
    s = new()
    s.expertise[SRC["recycling"]] = 5  # recycling 6 = expertise of your choice
    s.tasks.append(Gain(0, SRC["recycling"], 1))
    from ccg.games.co2 import flow
    flow.run(s)
    s.mark_edited()
    assert s.current_player == 0 and len(names(s)) == 5
    s.apply("exp solar")
    assert s.expertise[SRC["solar"]] == 1
    s.expertise[SRC["solar"]] = s.components.track_max[SRC["solar"]]
    expertise.gain_step(s, 0, SRC["solar"])
    assert s.expertise[SRC["solar"]] == s.components.track_max[SRC["solar"]]


# ---- CO2-10 summits -----------------------------------------------------------------------------------
def test_CO2_10_3_summit_ends_only_at_end_of_turn():
    s = new()
    tile = next(i for i, (_, t) in enumerate(s.components.summits) if len(t) == 2 and SRC["solar"] in t)
    s.summit[0] = tile
    topics = s.components.summits[tile][1]
    other = topics[1 - topics.index(SRC["solar"])]
    s.scientists[4] = 100 + topics.index(other)
    s.summit_slots[topics.index(other)] = 1
    put_project(s, "europe", "money", "solar", scientist_of=0)
    turn_of(s, 0)
    s.apply("scientist europe.money")
    s.apply("to s1.solar")
    assert s.summit[0] == tile  # still running during the turn (CO2-10.5 note)
    s.apply(next(x for x in names(s) if x.startswith("propose")))
    s.apply("end")
    while s.tasks[-1].kind != "turn":
        s.apply(s.legal_actions()[0])
    assert s.summit[0] != tile and s.expertise[SRC["solar"]] >= 1


def test_CO2_10_5_empty_stack_leaves_space_empty():
    s = new()
    s.summit_stack = []
    tile = s.summit[0]
    for j in range(len(s.components.summits[tile][1])):
        s.scientists[4 + j] = 100 + j
        s.summit_slots[j] = 1
    s.summit_stack = []
    turn_of(s, 0)
    s.apply(next(x for x in names(s) if x.startswith("propose")))
    s.apply("end")
    while s.tasks[-1].kind != "turn":
        s.apply(s.legal_actions()[0])
    assert s.summit[0] == -1


# ---- CO2-11 control ---------------------------------------------------------------------------------
def test_CO2_11_2_first_builder_takes_control_only_on_build():
    s = new()
    ready(s, 0, "recycling", "europe")
    r = reg(s, "europe")
    assert s.controller[r] == -1
    s.apply("build recycling europe money")
    assert s.controller[r] == 0
    s.expertise[5 + SRC["recycling"]] = 10  # expertise changes never re-check control (CO2-11.5 note)
    assert s.controller[r] == 0


def test_CO2_11_5_1_controller_pays_install_from_region():
    s = new()
    put_project(s, "europe", "money", "solar")
    s.controller[reg(s, "asia")] = 0
    s.bank_cep += 2
    s.cep[0] = 0
    turn_of(s, 0)
    a0 = s.region_cep[reg(s, "asia")]
    s.apply("install europe money")
    assert s.region_cep[reg(s, "asia")] == a0 - 1  # the only source: paid without a question
