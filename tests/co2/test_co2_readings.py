"""Each ambiguity the digest notes, with the reading the engine implements (rule id in the name)."""
from __future__ import annotations

from co2_helpers import SRC, give, names, new, put_plant, put_project, reg, turn_of

from ccg.games.co2 import flow
from ccg.games.co2.scoring import winners
from ccg.games.co2.tasks import CepBonus, Final


def test_CO2_6_1_5_note_two_projects_of_one_source_in_a_region():
    s = new()
    src = s.components.agendas[s.agenda[0]][0]
    from ccg.games.co2.data import GRANTS, SOURCES
    put_project(s, s.components.regions[0], "money", SOURCES[src])
    turn_of(s, 0)
    assert f"propose {SOURCES[src]} {s.components.regions[0]} resources" in names(s)
    assert GRANTS == ("money", "resources", "research")


def test_CO2_8_4_note_displaced_goes_to_hand_when_no_summit_slot():
    s = new()
    k = put_project(s, "europe", "money", "solar", scientist_of=1)
    s.summit = [t for t in s.summit]
    for sp, tile in enumerate(s.summit):  # no free solar slot anywhere
        if SRC["solar"] in s.components.summits[tile][1]:
            s.summit[sp] = next(i for i, (_, t) in enumerate(s.components.summits) if SRC["solar"] not in t
                                and i not in s.summit and i not in s.summit_stack)
    turn_of(s, 0)
    s.apply("install europe money")
    assert s.current_player == 0  # no choice was offered: +1 expertise in hand
    assert s.expertise[5 + SRC["solar"]] == 1 and s.occupant[k] == -1


def test_CO2_9_3_note_regional_cep_bonus_lost_when_every_region_is_full():
    s = new()
    for r in range(6):
        s.bank_cep -= s.components.spaces[r] - s.region_cep[r]
        s.region_cep[r] = s.components.spaces[r]
    market = s.market
    s.tasks.append(CepBonus(0))
    flow.run(s)
    assert s.market == market and s.tasks[-1].kind != "cepto"
    s.check_invariants()


def test_CO2_12_2_3_note_goal_33_capped_at_15():
    s = new()
    # one plant of each source, each in a region whose agenda lists it (CO2-11.1.2)
    for region, src in zip(("asia", "europe", "namerica", "oceania", "samerica"),
                           ("reforestation", "solar", "fusion", "biomass", "recycling")):
        put_plant(s, region, src, 0)
    s.goal[0] = 33
    from ccg.games.co2.economy import goal_value
    assert goal_value(s, 0) == 15


def test_CO2_15_4_2_note_only_the_highest_go_on():
    s = new(players=3)
    s.over = True
    s.vp = [5, 5, 5]
    s.expertise[0 * 5 + 0] = 2  # seat 0 highest in reforestation -> seats 1, 2 drop out
    s.expertise[1 * 5 + 1] = 9
    assert winners(s) == [0]


def test_CO2_15_3_note_zero_maximum_pays_everyone_tied():
    s = new(players=2)
    s.goal_status = [1, 1]
    s.tasks = [Final(-1, 0)]
    flow.run(s)
    coins = [c // 2 for c in s.coins]
    assert s.vp == [coins[0] + 6, coins[1] + 6]


def test_CO2_4_3_5_note_controller_may_pay_from_any_controlled_region():
    s = new(seed=5)
    sa = reg(s, "samerica")
    for r in range(6):
        if r != sa:
            put_plant(s, s.components.regions[r], "recycling" if s.plants_built[4] < 5 else "biomass", 0)
    s.controller[sa] = 1
    s.controller[reg(s, "asia")] = 1
    s.bank_cep += s.cep[1]
    s.cep[1] = 0
    from co2_helpers import finish_decade
    finish_decade(s)
    assert sorted(names(s)) == ["pay asia", "pay samerica"]


def test_observation_hides_pending_goal_values():
    s = new(players=3)
    s.tasks = [Final(-1, 0)]
    flow.run(s)
    seat = (s.current_player + 1) % 3
    obs = s.observation(seat)
    others = [t for t in obs["state"]["tasks"] if t[0] == "goal_choice" and t[1] != seat]
    assert others and all(t[2] is None for t in others), "another seat's pending goal choice shows its VP"
    give(s, 0)
