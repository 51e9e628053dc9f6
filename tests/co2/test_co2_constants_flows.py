"""Terms and constants (CO2-0), components (CO2-1), CEP flows (CO2-13), the score track (CO2-16)."""
from __future__ import annotations

from co2_helpers import finish_decade, give, new, put_project, turn_of

import ccg
from ccg.games.co2.data import SOURCES, load_components
from ccg.games.co2.tasks import Final


def test_CO2_0_constants():
    s = new()
    assert SOURCES == ("reforestation", "solar", "fusion", "biomass", "recycling")  # CO2-0.2 canonical order
    assert (s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"]) == (40, 30, 20)  # CO2-0.3
    assert sum(s.components.spaces) == 27  # CO2-0.4
    assert (s.rules["ppm.catastrophe"], s.rules["ppm.lose"]) == (350, 500)  # CO2-0.5


def test_CO2_0_7_vp_may_go_negative_and_0_8_clockwise():
    s = new(players=3, rules={"ppm.catastrophe": 0, "ppm.lose": 5000})
    finish_decade(s)  # a catastrophe hits players without a resource: -2 VP each
    assert min(s.vp) < 0
    s = new(players=3, seed=2)
    first = s.current_player
    turn_of(s, first)
    s.turn_flags[0] = 1
    s.apply("end")
    while s.tasks[-1].kind != "turn":
        s.apply(s.legal_actions()[0])
    assert s.current_player == (first + 1) % 3


def test_CO2_1_component_counts():
    c = load_components()
    assert c.fossils == (10, 10, 10)  # CO2-1.8
    assert [len(x) for x in c.plants] == [5] * 5  # CO2-1.7
    assert c.projects_per_source * 5 == 30  # CO2-1.6
    assert len(c.agendas) == 8 and len(c.summits) == 18  # CO2-1.9, 1.10
    assert sorted(c.lobby) == list(range(1, 27)) and sorted(c.goals) == list(range(27, 34))  # CO2-1.11
    assert sorted(c.un_goals) == list(range(34, 47)) and sorted(c.events) == list(range(47, 53))
    s = new()
    assert s.rules["cep.total"] == 40 and s.rules["resources.total"] == 25  # CO2-1.3, 1.4


def test_CO2_13_cep_flows():
    s = turn_of(new(), 0)
    bank, market = s.bank_cep, s.market
    s.apply("sell")  # CO2-13.1 (a): a sold CEP goes to the market pile
    assert s.market == market + 1 and s.bank_cep == bank
    s = new()
    put_project(s, "europe", "money", "solar")
    turn_of(s, 0)
    bank = s.bank_cep
    s.apply("install europe money")  # CO2-13.4 (b): an install CEP goes to the bank
    assert s.bank_cep == bank + 1
    s = turn_of(new(), 0)
    give(s, 0, coins=20)
    s.apply("buy")
    turn_of(s, 0)
    bank = s.bank_cep
    s.apply("buy")  # CO2-13.1 (b): the refill comes from the bank
    assert s.bank_cep == bank - 2 and s.market == 2
    s.check_invariants()


def test_CO2_13_7_game_end_region_cep_to_controller_then_sold():
    s = new(players=2)
    s.controller[0] = 1
    s.goal_status = [1, 1]
    cep = s.cep[1] + s.region_cep[0]
    price = s.price
    coins = s.coins[1]
    s.tasks = [Final(-1, 0)]
    from ccg.games.co2 import flow
    flow.run(s)
    assert s.coins[1] == coins + cep * price and s.region_cep[0] == 0 and s.cep == [0, 0]


def test_CO2_16_score_is_a_signed_integer():
    s = new()
    s.vp[0] = 99
    s.vp[1] = -3
    s.mark_edited()
    assert s.scores()[:2] == [99, -3]
    # no wrap at 50 in a saved position either (the 50-VP marker is only how the board shows it)
    assert ccg.load_state(s.to_json()).scores()[:2] == [99, -3]
