"""Rule coverage, part 2: turns, actions, scientists, expertise, summits, control, cards, CEP flows,
end of game and variants. Each test names the rule ids of rules/co2.md it exercises."""
from __future__ import annotations

import pytest
from co2_helpers import (
    SRC,
    finish_decade,
    give,
    hand,
    names,
    new,
    ps,
    put_plant,
    put_project,
    reg,
    set_agenda,
    set_fossils,
    turn_of,
)

from ccg.core import Rng
from ccg.games.co2 import economy, expertise, flow, operations, scientists
from ccg.games.co2.data import SOURCES
from ccg.games.co2.scoring import winners
from ccg.games.co2.tasks import Final, Gain, Income


def settle(s):
    while not s.is_terminal() and s.tasks[-1].kind != "turn":
        s.apply(s.legal_actions()[0])
    return s



def agenda_with(s, *sources):
    return next(tuple(SOURCES[x] for x in a) for a in s.components.agendas if all(SRC[y] in a for y in sources))


def ready(s, p, source, region, grant="money", res=5, coins=30, exp=2):
    """An installed project of ``source`` in ``region`` and seat p able to build its top plant."""
    set_agenda(s, region, agenda_with(s, source))
    k = put_project(s, region, grant, source, installed=True)
    give(s, p, res=res)
    s.coins[p] = coins
    s.expertise[p * 5 + SRC[source]] = max(exp, s.components.plants[SRC[source]][s.plants_built[SRC[source]]].resources)
    turn_of(s, p)
    return k


def summit_with(s, *srcs, size=None):
    return next(i for i, (_, t) in enumerate(s.components.summits)
                if all(SRC[x] in t for x in srcs) and (size is None or len(t) == size))


def kinds(s):
    return {a.kind for a in s.legal_actions()}


# ---- CO2-5 turn -------------------------------------------------------------------------------------
def test_CO2_5_3_free_steps_before_and_after_the_action():
    """CO2-5.3 / CO2-5.3.1 / CO2-5.3.2: free steps come at any time, before or after the action, each
    at most once (one scientist move, one market visit)."""
    s = new()
    put_project(s, "europe", "money", "solar")
    turn_of(s, 0)
    s.apply("buy")  # before the action
    assert "buy" not in names(s) and "sell" not in names(s)
    s.apply("install europe money")
    assert any(x.startswith("scientist") for x in names(s))  # after the action
    s.apply("scientist hand")
    s.apply("to europe.money")
    assert not any(x.startswith("scientist") for x in names(s))  # CO2-5.3.1 once


def test_CO2_5_3_3_lobby_card_or_un_goal_not_both():
    """CO2-5.3.3 / CO2-7.3.1: one lobby card or one UN goal per turn."""
    s = new()
    u = next(c for c in s.un_display if len(s.components.un_goals[c][0]) == 1) if any(
        len(s.components.un_goals[c][0]) == 1 for c in s.un_display) else s.un_display[0]
    for x in s.components.un_goals[u][0]:
        put_plant(s, s.components.regions[x % 6], SOURCES[x], 0)
    give(s, 0, res=2)
    turn_of(s, 0)
    assert f"claim {u}" in names(s) and any(x.startswith("lobby") for x in names(s))
    s.apply(f"claim {u}")
    assert not any(x.split()[0] in ("lobby", "claim") for x in names(s))
    turn_of(s, 0)
    s.apply(next(x for x in names(s) if x.startswith("lobby") and not x.endswith("scientist")))
    settle(s)
    assert not any(x.split()[0] in ("lobby", "claim") for x in names(s))


def test_CO2_5_3_4_and_8_4_4_no_free_step_between_displacing_and_installing():
    """CO2-5.3.4 / CO2-8.4.4 / CO2-6.2.2 / CO2-8.4.1-2: install over an opponent's scientist: the coin is
    paid, the owner chooses, the CEP is paid and the tile flipped with no free step in between."""
    s = new()
    s.summit[0] = summit_with(s, "solar", size=2)
    k = put_project(s, "europe", "money", "solar", scientist_of=1)
    s.controller[reg(s, "asia")] = 0  # a second place to pay the CEP from -> a payment decision
    turn_of(s, 0)
    c0, c1 = s.coins[0], s.coins[1]
    s.apply("install europe money")
    assert (s.coins[0], s.coins[1]) == (c0 - 1, c1 + 1)
    assert s.current_player == 1 and sorted(names(s)) == ["keep", "to s1.solar"]
    s.apply("keep")
    assert s.expertise[5 + SRC["solar"]] == 1 and s.installed[k] == 0
    assert s.current_player == 0 and kinds(s) == {"pay"}  # only the install's CEP, no free step
    s.apply("pay hand")
    assert s.installed[k] == 1 and s.tasks[-1].kind == "turn" and "buy" in names(s)


# ---- CO2-6 actions ----------------------------------------------------------------------------------
def test_CO2_6_0_three_actions_and_plants_only_on_installed_projects():
    """CO2-6.0: the actions are propose, install and build; a plant needs a proposed, then installed project."""
    s = new()
    turn_of(s, 0)
    main = {a.kind for a in s.legal_actions()} & {"propose", "install", "build"}
    assert main == {"propose"}
    k = ready(s, 0, "recycling", "europe")
    s.installed[k] = 0
    s.mark_edited()
    assert {a.kind for a in s.legal_actions()} >= {"propose", "install"} and "build" not in kinds(s)
    s.installed[k] = 1
    s.mark_edited()
    assert "build" in kinds(s)


def test_CO2_6_1_1_propose_takes_the_tile_to_an_empty_agenda_space():
    """CO2-6.1.1: a tile of the chosen source from the supply, proposed side up, on an empty project space
    of a region whose agenda lists that source (never a taken space)."""
    s = new()
    turn_of(s, 0)
    r = reg(s, "asia")
    ag = s.components.agendas[s.agenda[r]]
    missing = next(x for x in range(5) if x not in ag)
    assert not any(x.startswith(f"propose {SOURCES[missing]} asia") for x in names(s))
    s.apply(f"propose {SOURCES[ag[0]]} asia research")
    settle(s)
    assert s.projects[ps(s, "asia", "research")] == ag[0] and s.installed[ps(s, "asia", "research")] == 0
    assert s.project_supply[ag[0]] == 5
    turn_of(s, 1)
    assert not any(x.startswith("propose") and x.endswith("asia research") for x in names(s))


def test_CO2_6_1_2_project_belongs_to_the_region():
    """CO2-6.1.2: anyone may install (and later build on) a project another player proposed."""
    s = new()
    turn_of(s, 0)
    r = reg(s, "africa")
    src = SOURCES[s.components.agendas[s.agenda[r]][0]]
    s.apply(f"propose {src} africa resources")
    turn_of(s, 1)
    assert "install africa resources" in names(s)
    s.apply("install africa resources")
    settle(s)
    assert s.installed[ps(s, "africa", "resources")] == 1


def test_CO2_6_1_6_lobby_grant_card_applies_to_proposing():
    """CO2-6.1.6 / CO2-12.1.5.2: card 07 (money space) pays +3 coins after proposing on a money space,
    and is not playable after proposing on another space."""
    s = new()
    assert s.components.lobby[7]["main"] == "propose_grant" and s.components.lobby[7]["grant"] == 0
    hand(s, 0, [7])
    turn_of(s, 0)
    src = SOURCES[s.components.agendas[s.agenda[0]][0]]
    s.apply(f"propose {src} {s.components.regions[0]} resources")
    assert "lobby 7 main" not in names(s)
    s = new()
    hand(s, 0, [7])
    turn_of(s, 0)
    s.apply(f"propose {src} {s.components.regions[0]} money")
    c = s.coins[0]
    s.apply("lobby 7 main")
    assert s.coins[0] == c + 3


def test_CO2_6_2_1_install_any_proposed_project_anywhere():
    """CO2-6.2.1: every proposed (not yet installed) project on the board can be installed."""
    s = new()
    a = put_project(s, "asia", "money", SOURCES[s.components.agendas[s.agenda[reg(s, "asia")]][0]])
    b = put_project(s, "oceania", "research", SOURCES[s.components.agendas[s.agenda[reg(s, "oceania")]][1]])
    c = put_project(s, "europe", "resources", SOURCES[s.components.agendas[s.agenda[reg(s, "europe")]][2]],
                    installed=True)
    turn_of(s, 2)
    inst = sorted(x for x in names(s) if x.startswith("install"))
    assert inst == sorted(["install asia money", "install oceania research"])
    assert s.installed[c] == 1 and a != b


def test_CO2_6_2_6_and_8_6_own_scientist_stays_after_install():
    """CO2-6.2.6 / CO2-8.6: installing a project with your own scientist: no coin, the scientist stays."""
    s = new()
    k = put_project(s, "europe", "money", "solar", scientist_of=0)
    turn_of(s, 0)
    c = s.coins[0]
    s.apply("install europe money")
    settle(s)
    assert s.installed[k] == 1 and s.occupant[k] == 0 and k in s.scientists[:4] and s.coins[0] == c


def test_CO2_6_2_7_lobby_install_card_matches_the_source():
    """CO2-6.2.7 / CO2-12.1.5.3: card 11 (Solar) gives its reward after installing Solar only."""
    assert new().components.lobby[11]["main"] == "install" and new().components.lobby[11]["source"] == SRC["solar"]
    s = new()
    hand(s, 0, [11])
    put_project(s, "europe", "money", "fusion")
    turn_of(s, 0)
    s.apply("install europe money")
    assert "lobby 11 main" not in names(s)
    s = new()
    hand(s, 0, [11])
    put_project(s, "europe", "money", "solar")
    turn_of(s, 0)
    s.apply("install europe money")
    r = s.resources[0]
    s.apply("lobby 11 main")
    assert s.resources[0] == r + 1


def test_CO2_6_3_8_full_green_region_blocks_builds_replacement_skips_green():
    """CO2-6.3.8: green plants are never replaced (the leftmost *fossil* goes); a region full of green
    plants takes no more plants, but its installed projects stay and new ones may be proposed."""
    s = new()
    set_fossils(s, "africa", [])
    put_plant(s, "africa", "biomass", 1)
    o = s.first_space[reg(s, "africa")]
    for j, f in ((1, 2), (2, 0)):  # spaces 2 and 3: gas, coal
        s.fossil_stack.remove(f)
        s.space_kind[o + j] = f
        s.ppm += (40, 30, 20)[f]
    s.ppm_peak = max(s.ppm_peak, s.ppm)
    s.check_invariants()
    k = ready(s, 0, "recycling", "africa")
    ppm = s.ppm
    s.apply("build recycling africa money")
    settle(s)
    assert s.space_kind[o:o + 3] == [economy.GREEN0 + SRC["biomass"], economy.GREEN0 + SRC["recycling"], 0]
    assert s.space_owner[o] == 1 and s.ppm == ppm - 20  # the green plant stays; the gas plant went
    s.check_invariants()
    # fill the rest with green: no build there any more; installed projects stay, proposing still works
    while any(x < economy.GREEN0 for x in s.space_kind[o:o + 3]):
        j = next(i for i in range(o, o + 3) if s.space_kind[i] < economy.GREEN0)
        f = s.space_kind[j]
        s.space_kind[j] = economy.GREEN0 + SRC["biomass"]
        s.space_owner[j] = 1
        s.plants_built[SRC["biomass"]] += 1
        s.ppm -= (40, 30, 20)[f]
        s.fossil_out[f] += 1
    k2 = put_project(s, "africa", "resources", "recycling", installed=True)
    give(s, 0, res=5)
    s.coins[0] = 50
    turn_of(s, 0)
    assert not any(x.startswith("build") and "africa" in x for x in names(s))
    assert s.installed[k2] == 1 and any(x.startswith("propose") and x.endswith("africa research") for x in names(s))
    assert s.projects[k] == -1  # the built-on project went back to the supply (step 8)


# ---- CO2-7 free steps ---------------------------------------------------------------------------------
def test_CO2_7_1_free_step_is_one_scientist_move():
    """CO2-7.1 / CO2-8.3.2 / CO2-8.3.3: one move: project -> another empty project, or project -> hand."""
    s = new()
    a = put_project(s, "europe", "money", "solar", scientist_of=0)
    b = put_project(s, "asia", "money", SOURCES[s.components.agendas[s.agenda[reg(s, "asia")]][0]])
    turn_of(s, 0)
    s.apply("scientist europe.money")
    assert {"to hand", "to asia.money"} <= set(names(s)) and "to europe.money" not in names(s)
    s.apply("to asia.money")  # CO2-8.3.2
    assert s.occupant[a] == -1 and s.occupant[b] == 0
    assert not any(x.startswith("scientist") for x in names(s))  # only one free move
    turn_of(s, 0)
    s.apply("scientist asia.money")
    s.apply("to hand")  # CO2-8.3.3
    assert s.occupant[b] == -1 and s.scientists[:4].count(-1) == 1


def test_CO2_7_2_1_market_pile_and_price_range():
    """CO2-7.2.1: the market starts with 2 CEP at price 3; the price stays within 1..8."""
    s = new()
    assert (s.market, s.price) == (2, 3)
    assert (s.rules["market.price_min"], s.rules["market.price_max"]) == (1, 8)
    rng = Rng(4)
    for _ in range(400):
        if s.is_terminal():
            break
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
        assert 1 <= s.price <= 8


# ---- CO2-8 scientists -------------------------------------------------------------------------------
def test_CO2_8_2_one_scientist_per_project_and_per_slot():
    """CO2-8.2: at most 1 scientist per project and per summit topic slot."""
    s = new()
    tile = summit_with(s, "solar", size=2)
    s.summit[0] = tile
    put_project(s, "europe", "money", "solar", scientist_of=1)
    put_project(s, "asia", "money", SOURCES[s.components.agendas[s.agenda[reg(s, "asia")]][0]])
    turn_of(s, 0)
    s.apply("scientist hand")
    assert names(s) == ["to asia.money"]  # the occupied project is not a destination
    s.apply("to asia.money")
    j = s.components.summits[tile][1].index(SRC["solar"])
    assert scientists.summit_slots_for(s, SRC["solar"]) == [100 + j]
    s.summit_slots[j] = 2
    s.scientists[8] = 100 + j
    assert scientists.summit_slots_for(s, SRC["solar"]) == []  # taken slot


def test_CO2_8_4_3_displaced_scientist_completes_a_summit_at_turn_end():
    """CO2-8.4.3 / CO2-8.4.2 (b) / CO2-10.2: a displaced scientist sent to a summit can fill it; the summit
    ends only at the end of the active player's turn."""
    s = new()
    tile = summit_with(s, "solar", size=2)
    s.summit[0] = tile
    topics = s.components.summits[tile][1]
    other = 1 - topics.index(SRC["solar"])
    s.scientists[8] = 100 + other
    s.summit_slots[other] = 2
    put_project(s, "europe", "money", "solar", scientist_of=1)
    turn_of(s, 0)
    s.apply("install europe money")
    s.apply("to s1.solar")
    settle(s)
    assert s.summit[0] == tile and s.expertise[5 + SRC["solar"]] == 0  # full, but not ended yet
    s.apply("end")
    picks = []
    while s.tasks[-1].kind != "turn":
        picks.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert s.summit[0] != tile and s.expertise[5 + SRC["solar"]] >= 1 and s.scientists[4:8].count(-1) == 1
    assert picks[:2] == [1, 2]  # in turn order after the active player


# ---- CO2-9 expertise ----------------------------------------------------------------------------------
def test_CO2_9_1_1_and_9_1_2_per_seat_per_source_from_zero():
    """CO2-9.1.1 / CO2-9.1.2: one value per seat and source, starting at 0; the first gain makes it 1
    and touches nothing else."""
    s = new()
    assert s.expertise == [0] * 20
    expertise.gain_step(s, 2, SRC["fusion"])
    assert s.expertise[2 * 5 + SRC["fusion"]] == 1 and sum(s.expertise) == 1


def test_CO2_9_2_1_project_work_at_end_of_turn():
    """CO2-9.2.1 / CO2-5.4.1: a scientist on a project gives +1 in its source at the end of the turn."""
    s = new()
    put_project(s, "europe", "money", "solar", scientist_of=0)
    turn_of(s, 0)
    s.apply(next(x for x in names(s) if x.startswith("propose") and x.endswith("resources")))
    assert s.expertise[SRC["solar"]] == 0
    s.apply("end")
    assert s.expertise[SRC["solar"]] == 1


def test_CO2_9_2_2_building_gives_plus_one_at_once():
    """CO2-9.2.2: +1 in the built plant's source immediately (before the turn ends)."""
    s = new()
    ready(s, 0, "recycling", "europe")
    e = s.expertise[SRC["recycling"]]
    s.apply("build recycling europe money")
    assert s.expertise[SRC["recycling"]] == e + 1 and s.tasks[-1].kind == "turn"


def test_CO2_9_2_3_and_10_1_and_10_4_1_summit_with_several_slots_per_player():
    """CO2-10.1 / CO2-10.4.1 / CO2-9.2.3 / CO2-10.4: one player may hold several slots of a summit and
    others the rest; each scientist gives +1 in its topic, each participant one extra topic, in turn
    order ending with the active player."""
    s = new()
    tile = summit_with(s, "reforestation", "solar", "fusion", size=3)
    s.summit[0] = tile
    topics = s.components.summits[tile][1]
    owner = {SRC["reforestation"]: 0, SRC["solar"]: 0, SRC["fusion"]: 1}
    used = {0: 0, 1: 0}
    for j, t in enumerate(topics):
        p = owner[t]
        s.scientists[4 * p + used[p]] = 100 + j
        used[p] += 1
        s.summit_slots[j] = p
    turn_of(s, 0)
    s.turn_flags[0] = 1
    s.apply("end")
    order = []
    while s.tasks[-1].kind != "turn":
        order.append(s.current_player)
        opts = names(s)
        assert sorted(opts) == sorted(f"exp {SOURCES[t]}" for t in topics)  # any topic of that summit
        s.apply("exp reforestation")
    assert order == [1, 0]  # the active player last
    assert s.expertise[0:3] == [2, 1, 0]  # seat 0: reforestation + solar, + extra reforestation
    assert s.expertise[5:8] == [1, 0, 1]  # seat 1: fusion, + extra reforestation
    assert s.scientists[:4].count(-1) == 2 and s.scientists[4:8].count(-1) == 1 and s.summit_slots[:3] == [-1, -1, -1]


def test_CO2_9_2_4_displaced_owner_keeps_scientist_for_plus_one():
    """CO2-9.2.4: taking a displaced scientist back to hand gives +1 in the project's source at once."""
    s = new()
    put_project(s, "europe", "money", "fusion", scientist_of=2)
    turn_of(s, 0)
    s.apply("install europe money")
    if s.current_player == 2:
        s.apply("keep")
    assert s.expertise[2 * 5 + SRC["fusion"]] == 1 and -1 in s.scientists[8:12]


def test_CO2_9_2_5_lobby_summit_card_gives_expertise():
    """CO2-9.2.5 / CO2-12.1.5.5: lobby cards 20-24 are a way to gain expertise (card 21 = Solar)."""
    s = new()
    assert s.components.lobby[21]["main"] == "summit" and s.components.lobby[21]["source"] == SRC["solar"]
    hand(s, 0, [21])
    s.summit[0] = summit_with(s, "solar", size=2)
    put_project(s, "europe", "money", "solar", scientist_of=0)
    turn_of(s, 0)
    s.apply("scientist europe.money")
    s.apply("to s1.solar")
    s.apply("lobby 21 main")
    assert s.expertise[SRC["solar"]] == 1


@pytest.mark.parametrize("rule,src,start,check", [
    ("CO2-9.3.1", "solar", 4, "source"), ("CO2-9.3.2", "reforestation", 1, "resource"),
    ("CO2-9.3.4", "reforestation", 7, "any")])
def test_CO2_9_3_x_bonus_space_kinds(rule, src, start, check):
    """CO2-9.3.1 source symbol (+1 in that source), CO2-9.3.2 resource (+1 from the common supply),
    CO2-9.3.4 expertise symbol (+1 in a source of your choice): each taken at once on reaching the space."""
    s = new()
    x = SRC[src]
    s.expertise[x] = start
    bonus = s.components.bonuses[x][start + 1]
    assert bonus, rule
    s.tasks.append(Gain(0, x, 1))
    supply = s.supply_resources
    flow.run(s)
    assert s.expertise[x] == start + 1
    if check == "source":
        assert s.expertise[SRC[bonus[0]]] == 1, rule
    elif check == "resource":
        assert bonus == ("resource",) and s.resources[0] == 1 and s.supply_resources == supply - 1, rule
    else:
        assert bonus == ("any",) and s.current_player == 0 and len(names(s)) == 5, rule
        s.apply("exp biomass")
        assert s.expertise[SRC["biomass"]] == 1, rule


def test_CO2_9_4_1_income_reads_the_track_value():
    """CO2-9.4.1 / CO2-4.2.3: income is the value printed beside the disc, not the rank."""
    s = new(players=3)
    x = SRC["recycling"]
    s.expertise[x] = 9
    s.expertise[5 + x] = 2
    assert economy.incomes(s)[:2] == [s.components.income[x][9], s.components.income[x][2]] == [5, 1]


def test_CO2_9_4_3_expertise_breaks_control_ties():
    """CO2-9.4.3 / CO2-11.3.3: same plant sources -> the higher expertise keeps or takes control."""
    s = new()
    r = reg(s, "europe")
    put_plant(s, "europe", "recycling", 1)
    s.controller[r] = 1
    ready(s, 0, "recycling", "europe", exp=3)
    s.expertise[5 + SRC["recycling"]] = 8  # the controller is the expert
    s.apply("build recycling europe money")  # builder's expertise becomes 4 < 8
    assert s.controller[r] == 1
    s2 = new()
    put_plant(s2, "europe", "recycling", 1)
    s2.controller[r] = 1
    ready(s2, 0, "recycling", "europe", exp=6)
    s2.expertise[5 + SRC["recycling"]] = 5
    s2.apply("build recycling europe money")
    assert s2.controller[r] == 0


def test_CO2_9_4_4_expertise_feeds_goal_32_and_the_winner_tie_break():
    """CO2-9.4.4: expertise counts for company goal 32 and the final tie-break (bonuses: CO2-9.3)."""
    s = new(players=2)
    s.goal[0] = 32
    s.expertise[0:5] = [3, 0, 2, 0, 0]
    s.expertise[5:10] = [3, 1, 1, 0, 0]
    assert economy.goal_value(s, 0) == 8  # highest (tied) in reforestation, highest in fusion
    s.over = True
    s.vp = [5, 5]
    assert winners(s) == [1]  # reforestation tied, solar decides


# ---- CO2-10 summits -----------------------------------------------------------------------------------
def test_CO2_10_2_summit_only_from_a_project_of_that_source():
    """CO2-10.2: a scientist reaches a summit topic only from a project of the same source."""
    s = new()
    s.summit[0] = summit_with(s, "solar", size=2)
    s.summit = [i for i, (_, t) in enumerate(s.components.summits) if SRC["fusion"] not in t][:len(s.summit)]
    put_project(s, "europe", "money", "fusion", scientist_of=0)
    turn_of(s, 0)
    s.apply("scientist europe.money")
    assert not any(x.startswith("to s") for x in names(s))  # no solar slot from a fusion project
    s = new()
    s.summit[0] = summit_with(s, "solar", size=2)
    put_project(s, "europe", "money", "solar", scientist_of=0)
    put_project(s, "asia", "money", "solar")
    s.scientists[1] = -1  # a second scientist in hand
    turn_of(s, 0)
    s.apply("scientist hand")
    assert names(s) == ["to asia.money"]  # never hand -> summit (CO2-8.3.5)
    turn_of(s, 0)
    s.apply("scientist europe.money")
    assert "to s1.solar" in names(s)


# ---- CO2-11 control ----------------------------------------------------------------------------------
def test_CO2_11_1_1_agenda_tiles_list_three_sources_in_priority_order():
    """CO2-11.1.1: each agenda tile lists 3 different sources; the order is the tie-break order (11.3.2)."""
    s = new()
    assert len(s.components.agendas) == 8 and all(len(set(a)) == 3 for a in s.components.agendas)
    r = reg(s, "asia")
    first, second = s.components.agendas[s.agenda[r]][:2]
    put_plant(s, "asia", SOURCES[second], 0)
    put_plant(s, "asia", SOURCES[first], 1)
    assert economy.control_winner(s, r, 0, 1) == 1 and economy.control_winner(s, r, 1, 0) == 1


def test_CO2_11_4_winner_disc_replaces_controller():
    """CO2-11.4: when the builder wins, their disc replaces the controller's."""
    s = new()
    r = reg(s, "europe")
    set_agenda(s, "europe", agenda_with(s, "recycling", "biomass"))
    put_plant(s, "europe", "biomass", 1)
    s.controller[r] = 1
    put_plant(s, "europe", "biomass", 0)
    ready(s, 0, "recycling", "europe")
    s.apply("build recycling europe money")  # seat 0 now has 2 sources against 1
    assert s.controller[r] == 0 and s.controller.count(1) == 0


def test_CO2_11_5_2_controller_pays_supply_cep_for_each_controlled_region():
    """CO2-11.5.2 / CO2-4.3.5 (a and c) / CO2-13.5: the controller pays 1 CEP for each new fossil in each region they
    control; an uncontrolled region pays from its own pile to the bank."""
    s = new(players=3, seed=2)
    s.expertise = [0] * 15
    a, b = reg(s, "europe"), reg(s, "asia")
    s.controller[a] = s.controller[b] = 0
    cep0, piles = s.cep[0], s.region_cep[:]
    bank = s.bank_cep
    finish_decade(s)
    settle(s)
    assert s.cep[0] == cep0 - 2  # paid from hand (the first choice offered), twice
    assert s.region_cep[a] == piles[a] and s.region_cep[b] == piles[b]
    for r in range(6):
        if r not in (a, b):
            assert s.region_cep[r] == piles[r] - 1
    assert s.bank_cep == bank + 6  # 2 from seat 0's hand, 1 from each of the 4 uncontrolled regions
    s.check_invariants()


def test_CO2_11_5_3_controller_takes_region_cep_at_game_end():
    """CO2-11.5.3 / CO2-15.2.1 / CO2-13.7: controlled regions' CEP go to the controller and are sold;
    uncontrolled regions keep theirs."""
    s = new(players=2)
    s.controller[reg(s, "asia")] = 1
    s.goal_status = [1, 1]
    k = s.region_cep[reg(s, "asia")]
    other = s.region_cep[reg(s, "europe")]
    coins = s.coins[1]
    price = s.price
    hand_cep = s.cep[1]
    s.tasks = [Final(-1, 0)]
    flow.run(s)
    assert s.region_cep[reg(s, "asia")] == 0 and s.region_cep[reg(s, "europe")] == other
    assert s.coins[1] == coins + (k + hand_cep) * price and s.price == price


# ---- CO2-12 cards -----------------------------------------------------------------------------------
def test_CO2_12_2_1_one_secret_goal_scored_at_the_end():
    """CO2-12.2.1: each player has one secret goal from setup, scored at final scoring."""
    s = new(players=3)
    assert len(set(s.goal)) == 3
    s.goal[0] = 31
    s.tasks = [Final(-1, 0)]
    flow.run(s)
    while s.tasks[-1].kind != "goal_choice" or s.tasks[-1].seat != 0:
        s.apply(s.legal_actions()[0])
    assert s.tasks[-1].goal_vp == 2 * 2  # 2 CEP in hand, scored before the regions' CEP (CO2-15.1)
    a, b = s.clone(), s.clone()
    a.apply("goal score")
    b.apply("goal coins")
    c = a.coins[0]
    assert a.vp[0] - b.vp[0] == 4 - ((c + 8) // 2 - c // 2)


def test_CO2_12_3_1_and_12_3_3_un_goal_claimed_once_and_counted():
    """CO2-12.3.1: the first player to claim a UN goal takes it, nobody else can; CO2-12.3.3: the number of
    claimed cards counts for goal 29 and the final bonus."""
    s = new()
    u = s.un_display[0]
    for x in s.components.un_goals[u][0]:
        put_plant(s, s.components.regions[x % 6], SOURCES[x], 0)
        put_plant(s, s.components.regions[(x + 1) % 6], SOURCES[x], 1)
    give(s, 0, res=1)
    give(s, 1, res=1)
    turn_of(s, 1)
    assert f"claim {u}" in names(s)
    turn_of(s, 0)
    s.apply(f"claim {u}")
    turn_of(s, 1)
    assert f"claim {u}" not in names(s)
    s.goal[0] = 29
    assert economy.goal_value(s, 0) == 3


# ---- CO2-13 CEP flows -------------------------------------------------------------------------------
def test_CO2_13_2_and_13_3_cep_into_hands_comes_from_the_market():
    """CO2-13.2 / CO2-13.3: CEP enter a hand from the market pile: (a) install reward, (b) buying,
    (c) a lobby secondary CEP; the bank only refills the market."""
    s = new()
    put_project(s, "europe", "money", "recycling")
    turn_of(s, 0)
    m, bank, h = s.market, s.bank_cep, s.cep[0]
    s.apply("install europe money")  # (a): 1 CEP paid to the bank, 1 CEP from the market
    assert (m, h) == (2, 2) and s.cep[0] == h and s.market == 1 and s.bank_cep == bank + 1
    card = next(c for c, e in s.components.lobby.items() if e["secondary"] == "cep")
    hand(s, 0, [card])
    turn_of(s, 0)
    h, bank = s.cep[0], s.bank_cep
    s.apply(f"lobby {card} cep")  # (c): the last market CEP; the bank refills the market with 2
    assert s.cep[0] == h + 1 and s.market == 2 and s.bank_cep == bank - 2
    turn_of(s, 0)
    h, bank = s.cep[0], s.bank_cep
    s.apply("buy")  # (b)
    assert s.cep[0] == h + 1 and s.market == 1 and s.bank_cep == bank
    s.check_invariants()


def test_CO2_13_6_market_to_region_for_replacement_and_bonus():
    """CO2-13.6: the market pays a region's CEP for (a) a fossil replacement and (b) the regional CEP bonus."""
    s = new()
    set_fossils(s, "africa", ["coal", "oil", "gas"])
    r = reg(s, "africa")
    ready(s, 0, "recycling", "africa")
    m, c, bank = s.market, s.region_cep[r], s.bank_cep
    s.apply("build recycling africa money")
    settle(s)
    assert s.region_cep[r] == c + 1 and s.market == m - 1 and s.bank_cep == bank
    s = new()
    s.expertise[SRC["fusion"]] = 1  # fusion 2 = regional CEP bonus
    s.tasks.append(Gain(0, SRC["fusion"], 1))
    flow.run(s)
    m, piles = s.market, s.region_cep[:]
    s.apply("cepto asia")
    assert s.region_cep[reg(s, "asia")] == piles[reg(s, "asia")] + 1 and s.market == m - 1


# ---- CO2-14 / 15 / 16 end and scoring --------------------------------------------------------------------
def test_CO2_14_2_end_by_14_1_goes_to_final_scoring():
    """CO2-14.2: an end by CO2-14.1 (here the last decade) runs final scoring and names winners."""
    s = new(players=2, seed=3)
    s.decade = 5
    s.coins = [9, 4]
    s.goal_status = [1, 1]
    s.cep = [0, 0]
    s.bank_cep += 4
    finish_decade(s)
    settle(s)
    assert s.is_terminal() and not s.lost
    assert s.vp == [9 // 2 + 6, 4 // 2 + 6]  # coins -> VP, both 3-VP bonuses tied at 0
    assert winners(s) == [0]


def test_CO2_15_3_4_and_15_3_5_most_un_goals_and_ties():
    """CO2-15.3.4: 3 VP to the player with the most UN goals; CO2-15.3.5: every tied player gets them."""
    for won, bonus in (([[34, 35], [36], []], [3, 0, 0]), ([[34], [35], []], [3, 3, 0])):
        s = new(players=3)
        s.un_won = [w[:] for w in won]
        s.goal_status = [1, 1, 1]
        s.coins = [0, 0, 0]
        s.bank_cep += sum(s.cep)
        s.cep = [0, 0, 0]
        give(s, 2, res=1)  # seat 2 alone takes the resource bonus
        s.tasks = [Final(-1, 0)]
        flow.run(s)
        assert s.vp == [bonus[0], bonus[1], bonus[2] + 3]


def test_CO2_16_1_score_past_50_is_a_plain_integer():
    """CO2-16.1: the 50-VP marker is only board display; income taking a score from 48 gives 53."""
    s = new(players=2)
    s.vp[0] = 48
    s.tasks.append(Income(0, 5))
    s.apply("take 0")
    assert s.vp[0] == 53 and s.scores()[0] == 53


# ---- CO2-17 variants ----------------------------------------------------------------------------------
def test_CO2_17_2_1_to_3_auction_lap_payment_and_choice():
    """CO2-17.2.1: the auction replaces passing the tile; CO2-17.2.2: one lap from the holder clockwise,
    each bids higher or passes once; CO2-17.2.3: the highest bidder pays and picks any start player."""
    s = new(players=3, seed=4, auction=True)
    holder = s.start
    s.coins = [10, 10, 10]
    finish_decade(s)
    order = []
    for a in ("bid 1", "bid 3", "pass"):
        order.append(s.current_player)
        s.apply(a)
    assert order == [holder, (holder + 1) % 3, (holder + 2) % 3]
    winner = (holder + 1) % 3
    while s.tasks[-1].kind == "auction_pay":
        assert s.current_player == winner
        s.apply("pay coin")
    assert s.coins[winner] == 7 and s.coins[holder] == 10
    s.apply(f"start {holder}")  # the tile stays with the holder: no automatic pass to the left
    assert s.start == holder
    s.check_invariants()


def test_CO2_17_3_0_solo_scores_even_when_the_planet_is_lost():
    """CO2-17.3.0 / CO2-17.3.9: solo aims for the most VP before CO2 goes above 500; the game always scores."""
    s = new(players=1, seed=2, rules={"ppm.lose": 200, "ppm.catastrophe": 150})
    rng = Rng(3)
    while not s.is_terminal():
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    assert not s.lost and s.winners() == [0] and s.decade == 2


def test_CO2_17_3_4_solo_starts_with_3_coins_2_cep_and_plays_5_decades():
    """CO2-17.3.4 / CO2-17.3.1: solo start: 3 coins, 2 CEP, 5 decades; goals 27, 30, 32, 33 removed."""
    s = new(players=1, seed=5)
    assert (s.coins, s.cep) == ([3], [2])
    assert operations.last_decade(s) == 5 and operations.rounds(s) == 6
    assert all(new(players=1, seed=x).goal[0] not in (27, 30, 32, 33) for x in range(15))
