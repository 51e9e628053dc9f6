"""The CO2 strategist: weights, whole games, and scenarios that show its plan (the contract every agent keeps: tests/agents/test_agent_contract.py)."""
from __future__ import annotations

import json

import pytest
from co2_helpers import SRC, give, new, put_plant, put_project, reg, set_agenda, set_fossils, turn_of

from ccg.agents import GreedyAgent, StrategistAgent, make_agent
from ccg.games.co2 import SPEC
from ccg.games.co2.economy import GREEN0
from ccg.games.co2.strategy import PERSONA, WEIGHTS_FILE, forecast
from ccg.games.co2.strategy.values import Valuer, Weights, planet


def play(s, agents, check=True, max_actions=5000):
    """Play to the end; every action must be legal and leave the invariants intact."""
    for _ in range(max_actions):
        if s.is_terminal():
            return s
        seat = s.current_player
        before = s.to_json() if check else None
        action = agents[seat].act(s)
        if check:
            assert s.to_json() == before, "the strategist mutated the position it was given"
        assert action in s.legal_actions()
        s.apply(action)
        s.check_invariants()
    raise AssertionError("game did not end")


def test_strategist_is_co2s_strategy_and_ships_documented_weights():
    assert SPEC.strategy == "ccg.games.co2.strategy"
    assert set(PERSONA) == {"cooperation"}
    data = json.loads(WEIGHTS_FILE.read_text())
    names = set(data["weights"])
    assert names == set(Weights.__dataclass_fields__), "the weights file and the planner's knobs differ"
    assert all(entry["doc"] for entry in data["weights"].values())


@pytest.mark.parametrize("cooperation", [0.0, 0.8])
def test_whole_games_are_legal_and_keep_the_invariants(cooperation):
    agents = [StrategistAgent(cooperation=cooperation, seed=10 + p) for p in range(4)]
    s = play(new(players=4, seed=7), agents)
    assert s.is_terminal()


def test_mixed_table_with_other_agents_and_player_counts():
    agents = [make_agent("strategist:cooperation=1", 1), make_agent("greedy", 2), make_agent("random", 3)]
    play(new(players=3, seed=5, variant="expert", auction=True, draft=True), agents, check=False)
    play(new(players=2, seed=6), [make_agent("strategist", 4), make_agent("strategist:cooperation=0", 5)],
         check=False)


def test_bad_weights_are_clear_errors():  # bad persona values: tests/agents/test_agent_contract.py
    with pytest.raises(ValueError, match="unknown co2 strategist weight"):
        StrategistAgent(weights={"plann": 1.0}).planner("co2")
    with pytest.raises(ValueError, match="weights"):
        StrategistAgent(weights={"plan": "much"})
    with pytest.raises(ValueError, match="do not apply to catan"):
        StrategistAgent(cooperation=0.5).planner("catan")


# ---- the ppm forecast (CO2-4.3, CO2-14.3) --------------------------------------------------------
def _never_build(s, seat):
    """A player that never builds a green plant (so the forecast must come true exactly)."""
    legal = s.legal_actions()
    for a in legal:
        if a.kind not in ("build", "propose", "install"):
            if a.kind == "end" or s.tasks[-1].kind != "turn":
                return a
    return next((a for a in legal if a.kind != "build"), legal[0])


def test_forecast_comes_true_when_nobody_builds():
    # every fossil plant emits 30 ppm, so the stack's mean is exact whatever the draw order
    s = new(players=4, seed=11, rules={"ppm.coal": 30, "ppm.oil": 30, "ppm.gas": 30, "ppm.lose": 5000})
    predicted = dict(forecast.trajectory(s))
    assert sorted(predicted) == [2, 3, 4, 5]
    seen = {}
    while not s.is_terminal():
        if s.tasks[-1].kind == "turn" and s.round == 1 and s.turns == 0 and s.decade >= 2:
            seen.setdefault(s.decade, s.ppm)  # the first turn after the Supply phase of this decade
        s.apply(_never_build(s, s.current_player))
    # CO2-4.3.3: decade d fills space d of every region that has one: 6, 6, 5 and 3 plants
    assert predicted == {2: 360.0, 3: 540.0, 4: 690.0, 5: 780.0}
    assert seen == predicted


def test_a_green_plant_saves_the_fossil_plant_of_its_space_unless_the_supply_never_reaches_it():
    s = new(players=4, seed=2)
    before = forecast.Outlook(s)
    asia = reg(s, "asia")
    assert before.saving[asia][0] == 2  # space 2 would get a fossil plant in decade 2
    for _ in range(4):
        put_plant(s, "asia", "recycling", owner=1)  # spaces 2-5 of Asia's 6
    after = forecast.Outlook(s)
    assert after.saving[asia] == (0, 0.0)  # space 6: no Supply phase reaches it in 5 decades
    assert after.trajectory[-1][1] == pytest.approx(before.trajectory[-1][1] - 4 * before.mean)


# ---- scenarios ----------------------------------------------------------------------------------
def _last_turn_before_decade_4():
    """Decade 3, the last turn: one more fossil plant than the planet can take is coming.

    Every fossil left in the stack is coal (40 ppm). CO2 is 340: the decade-4 Supply phase
    fills space 4 of North America, Europe, Oceania and South America (+160 = 500, lost),
    unless a green plant takes one of those spaces first. Seat 0 can build its recycling plant
    in Europe (space 4: saves 40 ppm) or in Asia (space 6, which no Supply phase reaches, but
    Asia's resource pays one of the plant's resources, CO2-6.3.4)."""
    s = new(players=4, seed=3)
    s.decade, s.round, s.turns, s.start = 3, 3, 3, 1
    layout = {"namerica": ["oil", "oil"], "europe": ["oil", "oil"], "asia": ["oil", "gas", "gas"],
              "oceania": ["oil"], "africa": ["oil", "oil", "gas"], "samerica": ["gas", "gas"]}
    for region, kinds in layout.items():
        set_fossils(s, region, kinds)
    for f in (1, 2):  # take the remaining oil and gas out of the game: the stack is all coal
        while f in s.fossil_stack:
            s.fossil_stack.remove(f)
            s.fossil_out[f] += 1
    agendas = {"namerica": ("reforestation", "solar", "biomass"), "europe": ("solar", "fusion", "recycling"),
               "asia": ("fusion", "recycling", "biomass"), "oceania": ("fusion", "biomass", "reforestation"),
               "africa": ("biomass", "recycling", "solar"), "samerica": ("solar", "biomass", "reforestation")}
    for region, sources in agendas.items():  # six different tiles (CO2-2.9), each listing its plants (CO2-11.1.2)
        s.agenda[reg(s, region)] = s.components.agendas.index(tuple(SRC[x] for x in sources))
    greens = {"namerica": [("biomass", 3)], "europe": [("solar", 2)], "asia": [("fusion", 1), ("biomass", 1)],
              "oceania": [("fusion", 3), ("reforestation", 3)], "samerica": [("biomass", 2)]}
    for region, plants in greens.items():
        for source, owner in plants:
            put_plant(s, region, source, owner)
        s.controller[reg(s, region)] = plants[0][1]
    assert sorted(s.agenda) == sorted(set(s.agenda))
    assert s.ppm == 340
    put_project(s, "europe", "money", "recycling", installed=True)
    put_project(s, "asia", "money", "recycling", installed=True)
    s.region_resources[reg(s, "asia")] = 1
    s.supply_resources -= 1
    s.expertise[0 * 5 + SRC["recycling"]] = 3
    give(s, 0, coins=12, res=2)
    turn_of(s, 0)
    s.check_invariants()
    return s


def _turn(s, agent, seat):
    """Play seat's whole turn with agent; returns (state after it, the moves of the turn)."""
    moves = []
    while not s.is_terminal() and s.current_player == seat and s.active == seat and "end" not in moves:
        a = agent.act(s)
        moves.append(str(a))
        s.apply(a)
    return s, moves


def _to_next_operations(s):
    """Resolve everything up to the next Operations phase (the Supply phase's own decisions)."""
    while not s.is_terminal() and not (s.tasks[-1].kind == "turn" and s.round == 1 and s.turns == 0):
        s.apply(s.legal_actions()[0])
    return s


def _greedy_first_choice(s, seat):
    """The action a one-ply Greedy player rates best (the game's heuristic on each child)."""
    return max(s.legal_actions(), key=lambda a: SPEC.heuristic(s.child(a), seat))


def test_a_cooperator_builds_where_the_plant_saves_the_planet_before_the_supply_phase():
    s = _last_turn_before_decade_4()
    assert forecast.Outlook(s).trajectory[0] == (4, 500.0)  # CO2-14.3: lost after the decade-4 Supply phase
    after, moves = _turn(s.clone(), StrategistAgent(cooperation=0.8, seed=1), 0)
    assert any(m.startswith("build recycling europe") for m in moves), moves
    assert not _to_next_operations(after).lost and after.decade == 4 and after.ppm == 460
    # one ply does not find it: Greedy's best first step is something else, and its turn loses the planet
    assert not str(_greedy_first_choice(s, 0)).startswith("build recycling europe")
    after, moves = _turn(s.clone(), GreedyAgent(seed=1), 0)
    assert not any(m.startswith("build recycling europe") for m in moves), moves
    assert _to_next_operations(after).lost


def test_the_cooperation_dial_changes_that_choice():
    s = _last_turn_before_decade_4()
    _, moves = _turn(s, StrategistAgent(cooperation=0.0, seed=1), 0)
    assert not any(m.startswith("build recycling europe") for m in moves), moves  # Asia's resource pays more


def _licence_one_study_away():
    """Seat 0 has acted this turn, holds a scientist, and plans a fusion plant: an installed fusion
    project waits in an open region, coins and resources are there, the licence is one short."""
    s = new(players=4, seed=4)
    set_agenda(s, "oceania", ("reforestation", "fusion", "recycling"))
    put_project(s, "oceania", "money", "fusion", installed=True)
    tile = s.components.plants[SRC["fusion"]][s.plants_built[SRC["fusion"]]]
    s.expertise[0 * 5 + SRC["fusion"]] = tile.resources - 1
    give(s, 0, coins=tile.coins + 2, res=tile.resources)
    turn_of(s, 0)
    s.turn_flags[0] = 1  # the action of this turn is taken; only free steps and "end" remain
    s.goal_status[0] = 1  # (goal already sold: keep the choice to the scientist and the market)
    s.check_invariants()
    return s, tile


def test_the_strategist_puts_a_scientist_where_the_licence_it_plans_grows():
    s, tile = _licence_one_study_away()
    s, moves = _turn(s, StrategistAgent(cooperation=0.5, seed=3), 0)
    assert "end" in moves and "scientist hand" in moves
    assert s.expertise[0 * 5 + SRC["fusion"]] >= tile.resources  # CO2-5.4.1: +1 at the end of the turn
    assert any(a.kind == "build" and a.args[0] == "fusion" for a in _main_actions_next_turn(s, 0))


def _main_actions_next_turn(s, seat):
    probe = turn_of(s.clone(), seat)
    return probe.legal_actions()


def test_greedy_sees_no_value_in_that_scientist_move():
    s, _ = _licence_one_study_away()
    move = next(a for a in s.legal_actions() if str(a) == "scientist hand")
    end = next(a for a in s.legal_actions() if str(a) == "end")
    assert SPEC.heuristic(s.child(move), 0) <= SPEC.heuristic(s.child(end), 0)


def test_planet_term_prefers_the_saving_region():
    s = _last_turn_before_decade_4()
    w = Weights()
    base = planet(s, w, forecast.Outlook(s))
    europe = s.child(next(a for a in s.legal_actions() if str(a).startswith("build recycling europe")))
    asia = s.child(next(a for a in s.legal_actions() if str(a).startswith("build recycling asia")))
    assert planet(asia, w, forecast.Outlook(asia)) == pytest.approx(base)
    assert planet(europe, w, forecast.Outlook(europe)) > base
    v = Valuer(w, 0.0)
    assert v.utility(asia, 0) > v.utility(europe, 0)  # for its own VP alone, Asia's grant is worth more
    assert sum(1 for k in europe.space_kind if k >= GREEN0) == 8


def _forget_shared_caches():
    """Empty every table the valuation shares between positions (a cold start)."""
    from ccg.games.co2.strategy import position, values

    for table in (values._LAYOUTS, values._REGION_TARGETS, values._GROUPS, values._PLANTS, values._ROUGH,
                  values._UN_VP, values._PLACES, values._WEIGHTS, forecast._OUTLOOKS, forecast._BOARDS,
                  position._UN_MASKS):
        table.clear()
    values._LAST_LAYOUT[0] = forecast._LAST[0] = None  # the last position's board and outlook


@pytest.mark.parametrize("cooperation", [0.0, 0.8])
def test_remembered_parts_of_the_valuation_give_what_a_cold_valuation_gives(cooperation):
    """The plan's, outlook's and rivals' tables are keyed by everything they read: along a whole game every
    candidate a planner weighs (its caches warm from all the positions it weighed before) has the value a
    new valuer gives it after a cold start."""
    agents = [make_agent(f"strategist:cooperation={cooperation}", 60 + p) for p in range(3)]
    planner = agents[0].planner("co2")
    s = new(3, seed=41)
    checked = 0
    while not s.is_terminal():
        seat = s.current_player
        if seat == 0 and len(s.legal_actions()) > 1:
            view = s.determinize(0, s.ply)
            options = planner.options(view, 0)
            _forget_shared_caches()
            cold = Valuer(planner.valuer.w, cooperation)
            assert [cold.utility(settled, 0) for _, settled, _ in options] == [v for _, _, v in options]
            checked += len(options)
        s.apply(agents[seat].act(s))
    assert checked > 200


def test_the_best_rivals_rough_vp_is_the_best_other_seats_even_among_equals():
    """``best_rival_rough`` (one pass, remembered per holdings) is the highest rough final VP among the other
    seats, as sorting every seat's (rough VP, seat) gives it, also when seats tie."""
    import random

    from ccg.games.co2.strategy import values

    rng = random.Random(7)
    for players in (1, 2, 3, 4, 5):
        s = new(players, seed=3)
        for _ in range(200):
            s.vp = [rng.choice([0, 2, 4]) for _ in range(players)]  # few values: many ties
            s.coins = [rng.choice([0, 4]) for _ in range(players)]
            s.resources = [rng.choice([0, 1]) for _ in range(players)]
            roughs = sorted(((s.vp[q] + s.coins[q] * 0.5 + 2.0 * s.resources[q], q) for q in range(players)),
                            reverse=True)
            for p in range(players):
                others = [r for r, q in roughs if q != p]
                expected = others[0] if others else float("-inf")
                assert values.best_rival_rough(s, p) == expected
