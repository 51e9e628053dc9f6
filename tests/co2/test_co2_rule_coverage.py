"""Rule coverage: a behavioural test for each rule id of rules/co2.md that no other test cites
literally. Each test names its ids in the docstring; see also test_co2_rule_coverage_ops.py."""
from __future__ import annotations

import pytest
from co2_helpers import SRC, finish_decade, give, names, new, put_project, reg, set_agenda, turn_of
from hypothesis import given, settings
from hypothesis import strategies as st

from ccg.core import Rng
from ccg.games.co2 import economy, flow, operations, scientists
from ccg.games.co2.data import SOURCES, load_components
from ccg.games.co2.tasks import Event, Final


def settle(s):
    """Resolve pending sub-decisions with the first legal choice until a turn (or the end) waits."""
    while not s.is_terminal() and s.tasks[-1].kind != "turn":
        s.apply(s.legal_actions()[0])
    return s


# ---- CO2-0 terms ---------------------------------------------------------------------------------
def test_CO2_0_1_terms_project_tile_is_double_sided_and_hand_holds_tokens():
    """CO2-0.1: a project is proposed (dark side) then installed (flipped) on the same space; fossil
    plants are coal/oil/gas, green plants the 5 sources; a hand holds coins, resources, CEP, scientists."""
    s = new()
    turn_of(s, 0)
    r = 0
    src = SOURCES[s.components.agendas[s.agenda[r]][0]]
    s.apply(f"propose {src} {s.components.regions[r]} resources")
    k = r * 3 + 1
    assert s.projects[k] == SRC[src] and s.installed[k] == 0  # proposed side up
    turn_of(s, 1)
    s.apply(f"install {s.components.regions[r]} resources")
    assert s.projects[k] == SRC[src] and s.installed[k] == 1  # the same tile, flipped
    assert {s.space_kind[s.first_space[x]] for x in range(6)} <= {0, 1, 2}  # fossils only at setup
    assert economy.GREEN0 == 3 and len(SOURCES) == 5
    assert len(s.coins) == len(s.resources) == len(s.cep) == 4 and len(s.scientists) == 16  # per-seat hand


def test_CO2_0_6_money_is_public_goals_are_secret():
    """CO2-0.6: every seat sees every other seat's money; company goals are hidden."""
    s = new()
    s.coins[2] = 17
    for seat in range(4):
        st = s.observation(seat)["state"]
        assert st["coins"] == s.coins
        assert st["goal"][seat] == s.goal[seat]
        assert all(st["goal"][q] is None for q in range(4) if q != seat)


def test_CO2_0_7_vp_may_become_negative_via_supply_vp_for_coins():
    """CO2-0.7 (with CO2-4.3.6): a forced CEP purchase with 0 coins and 0 VP leaves negative VP."""
    s = new(players=3, seed=5)
    r = 0
    s.controller[r] = 1
    s.bank_cep += s.cep[1] + s.region_cep[r]
    s.cep[1] = 0
    s.region_cep[r] = 0
    s.coins[1] = 0
    s.goal_status[1] = 1  # goal already sold: no 8-coin rescue
    s.expertise = [0] * 15
    finish_decade(s)  # decade 2: region 0's space 2 gets a fossil; seat 1 must buy at price 3
    settle(s)
    assert s.vp[1] < 0 and s.coins[1] == 0
    s.check_invariants()


def test_CO2_0_8_play_goes_clockwise_to_the_left():
    """CO2-0.8: after a seat's turn the next seat clockwise (seat + 1) plays; the start tile also
    moves to the next seat clockwise (CO2-3.5)."""
    s = new(players=4, seed=3)
    first = s.current_player
    seen = [first]
    for _ in range(3):
        s.turn_flags[0] = 1
        s.apply("end")
        settle(s)
        seen.append(s.current_player)
    assert seen == [(first + k) % 4 for k in range(4)]
    start = s.start
    finish_decade(s)
    assert s.start == (start + 1) % 4


# ---- CO2-1 components -------------------------------------------------------------------------------
def test_CO2_1_2_four_scientists_per_colour():
    """CO2-1.2: 4 scientist figures per colour: 1 in hand, 3 to hire, never a fifth."""
    s = new(players=5)
    assert len(s.scientists) == 20 and s.rules["scientists.max"] == 4
    for p in range(5):
        assert s.scientists[4 * p:4 * p + 4].count(-2) == 3
    s.scientists[0:4] = [-1, -1, -1, -1]
    assert not scientists.can_hire(s, 0)
    s.scientists[0:4] = [-1, -1, -1, -2]
    assert scientists.can_hire(s, 0)


@pytest.mark.parametrize("players", [2, 4, 5])
def test_CO2_1_2_and_2_3_1_twenty_discs_suffice(players):
    """CO2-1.2 / CO2-2.3.1 / CO2-2.4: a player's 20 discs mark VP (plus the 50 marker, CO2-16.1),
    expertise, plant ownership and region control. The engine keeps no disc count, so check in random
    play that no seat ever needs more than its 20 discs."""
    rng = Rng(players)
    s = new(players=players, seed=players)
    while not s.is_terminal():
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
        for p in range(players):
            discs = 1 + (1 if s.vp[p] >= 50 else 0) + sum(1 for x in range(5) if s.expertise[p * 5 + x] > 0) \
                + economy.plants_of(s, p) + s.controller.count(p)
            assert discs <= 20


def test_CO2_1_5_markers_price_co2_decade_round():
    """CO2-1.5: the four markers (CEP price, global CO2, decade, round) are state values that move."""
    s = new(players=4, seed=2)
    assert (s.price, s.decade, s.round) == (3, 1, 1)
    assert s.ppm == sum((40, 30, 20)[s.space_kind[s.first_space[r]]] for r in range(6))
    rounds = []
    while s.decade == 1:
        rounds.append(s.round)
        s.apply(s.legal_actions()[0])
    assert sorted(set(rounds)) == [1, 2, 3] and s.decade == 2


def test_CO2_1_12_coins_are_unlimited_engine_policy():
    """CO2-1.12 ($150 of coins) with CO2-DATA-18: the coin count is a component count, not a limit;
    the engine's bank never runs out (docs/co2_components.md, engine policies)."""
    s = new()
    s.coins = [100, 100, 100, 100]
    turn_of(s, 0)
    r = 0
    src = SOURCES[s.components.agendas[s.agenda[r]][0]]
    before = s.coins[0]
    s.apply(f"propose {src} {s.components.regions[r]} money")  # the bank still pays the grant
    assert s.coins[0] == before + s.region_cep[r] and sum(s.coins) > 150
    s.check_invariants()


def test_CO2_1_13_start_player_tile_opens_every_round():
    """CO2-1.13 / CO2-5.1: the holder of the start player tile plays first in every round."""
    s = new(players=3, seed=4)
    start = s.start
    firsts = []
    last_round = 0
    while s.decade == 1:
        if s.tasks[-1].kind == "turn" and s.round != last_round:
            firsts.append(s.current_player)
            last_round = s.round
        s.apply(s.legal_actions()[0])
    assert firsts == [start] * 4


# ---- CO2-2 setup --------------------------------------------------------------------------------
@pytest.mark.parametrize("rule,players,removed", [
    ("CO2-2.15.1", 1, {27, 30, 32, 33}), ("CO2-2.15.2", 2, {28, 30, 33}), ("CO2-2.15.3", 3, {30}),
    ("CO2-2.15.4", 4, set()), ("CO2-2.15.4", 5, set())])
def test_CO2_2_15_x_company_goal_removal(rule, players, removed):
    """CO2-2.15.1 (1p: 27, 30, 32, 33), CO2-2.15.2 (2p: 28, 30, 33), CO2-2.15.3 (3p: 30),
    CO2-2.15.4 (4-5p: none): the data table and the cards actually dealt."""
    c = load_components()
    assert {g for g, v in c.goals.items() if players in v[3]} == removed, rule
    seen = set()
    for seed in range(30):
        seen |= set(new(players=players, seed=seed).goal)
    assert seen == set(range(27, 34)) - removed, rule


def test_CO2_2_4_vp_and_expertise_start_at_zero():
    """CO2-2.4 / CO2-9.1.2: VP 0 and every expertise 0 (no disc on the tracks)."""
    s = new(players=5, seed=9)
    assert s.vp == [0] * 5 and s.expertise == [0] * 25
    assert economy.incomes(s) == [0] * 5  # no disc, no income


def test_CO2_2_5_decade_and_round_markers_start_on_the_first_space():
    """CO2-2.5 (either reading of the marker note): the game starts in decade 1, round 1, and the round
    marker returns to the start space each decade (CO2-3.5 step 2)."""
    s = new(players=2, seed=1)
    assert (s.decade, s.round) == (1, 1)
    finish_decade(s)
    settle(s)
    assert (s.decade, s.round) == (2, 1)


def test_CO2_2_6_project_supply_sorted_by_source():
    """CO2-2.6: 5 piles of project tiles, one per source; proposing takes from the matching pile."""
    s = new()
    assert s.project_supply == [6] * 5
    turn_of(s, 0)
    src = s.components.agendas[s.agenda[2]][1]
    s.apply(f"propose {SOURCES[src]} {s.components.regions[2]} resources")
    assert s.project_supply == [5 if x == src else 6 for x in range(5)]


# ---- CO2-3 structure ------------------------------------------------------------------------------
def test_CO2_3_2_decade_1_skips_supply_and_decade_2_has_it():
    """CO2-3.2: no Supply phase in decade 1 (only the 6 setup fossils, no income decision);
    decade 2 starts with one (a fossil on each region's 2nd space)."""
    s = new(players=3, seed=6)
    s.expertise[SRC["solar"]] = 3
    assert sum(1 for k in s.space_kind if 0 <= k < 3) == 6 and s.tasks[-1].kind in ("turn",)
    ppm = s.ppm
    finish_decade(s)
    assert s.tasks[-1].kind == "income"  # the Supply phase began with income
    settle(s)
    assert sum(1 for k in s.space_kind if 0 <= k < 3) == 12 and s.ppm > ppm


def test_CO2_3_4_round_track_last_round_then_reset():
    """CO2-3.4: the round marker moves after each round; the round on the last space is the decade's
    last, then it goes back for the next decade."""
    for players, rounds in ((2, 5), (3, 4), (4, 3), (5, 2)):
        s = new(players=players, seed=1)
        seen = []
        while s.decade == 1:
            if s.tasks[-1].kind == "turn" and (not seen or seen[-1] != s.round):
                seen.append(s.round)
            s.apply(s.legal_actions()[0])
        assert seen == list(range(1, rounds + 1))
        settle(s)
        assert s.round == 1


# ---- CO2-4 supply -----------------------------------------------------------------------------------
def test_CO2_4_2_1_dense_ranking_first_and_second():
    """CO2-4.2.1: players at the highest value are 1st, at the next different value 2nd (dense):
    5, 5, 3, 1 -> the two 5s and the 3 are paid, the 1 is 3rd."""
    s = new(players=4)
    src = SRC["biomass"]
    for p, v in enumerate((5, 5, 3, 1)):
        s.expertise[p * 5 + src] = v
    t = s.components.income[src]
    assert economy.incomes(s) == [t[5], t[5], t[3], 0]
    s.expertise[0 * 5 + src] = 6  # now 6 is 1st alone, the 5 is 2nd, the 3 drops out
    assert economy.incomes(s) == [t[6], t[5], 0, 0]


@settings(max_examples=200, deadline=None)
@given(players=st.integers(2, 5), tracks=st.lists(st.integers(0, 9), min_size=25, max_size=25),
       places=st.integers(1, 5), scale=st.integers(0, 5))
def test_CO2_4_2_1_each_seats_income_is_its_dense_place_on_every_track(players, tracks, places, scale):
    """CO2-4.2.1 / CO2-9.4.1: ``income_of`` (a seat's own income, what the strategist reads) pays on each track the
    value beside the seat's disc, times ``income.scale``, when its value is among the top distinct non-zero values
    (``income.paid_places``; ``income.paid_places_2p`` with two players), as ranking the track's distinct values
    gives it; ``incomes`` is every seat's."""
    key = "income.paid_places_2p" if players == 2 else "income.paid_places"
    s = new(players=players, rules={key: places, "income.scale": scale})
    s.expertise[:] = tracks[:players * 5]
    expected = [0] * players
    for src in range(5):
        track = [s.expertise[p * 5 + src] for p in range(players)]
        paid = sorted({v for v in track if v}, reverse=True)[:places]
        for p, v in enumerate(track):
            if v in paid:
                expected[p] += s.components.income[src][v] * scale
    assert [economy.income_of(s, p) for p in range(players)] == economy.incomes(s) == expected


def test_CO2_4_4_1_event_card_names_the_region_hit():
    """CO2-4.4.1 / CO2-12.4.1: six event cards, one per region; the face-up card's region (only) is hit."""
    s = new(players=2, seed=8, rules={"ppm.catastrophe": 0, "ppm.lose": 5000})
    assert sorted(s.components.events.values()) == list(range(6))
    r = s.components.events[s.events[0]]
    give(s, 0, res=1)
    give(s, 1, res=1)
    finish_decade(s)
    settle(s)
    assert s.region_resources[r] == 2 and sum(s.region_resources) == 2  # both resources went to the named region


@pytest.mark.parametrize("delta,hit", [(1, False), (0, True)])
def test_CO2_4_4_3_below_350_nothing_happens_but_the_event_resolves(delta, hit):
    """CO2-4.4.3: below the threshold nothing happens, yet the card is discarded and the preview
    moves up; at the threshold (CO2-4.4.2) players without a resource lose 2 VP."""
    s = new(players=2, seed=8)
    s.rules = dict(s.rules)
    s.rules["ppm.catastrophe"] = s.ppm + delta
    nxt = s.events[1]
    s.tasks = [Event(-1)]
    flow.run(s)
    assert s.events[0] == nxt and len(s.events) == 5
    assert s.vp == ([-2, -2] if hit else [0, 0])


def test_CO2_4_4_6_solo_catastrophe_removes_leftmost_un_goal_only_at_350():
    """CO2-4.4.6 / CO2-17.3.8: in solo a catastrophe removes the leftmost displayed UN goal; no
    catastrophe (below 350), no removal."""
    for level, removed in ((2000, False), (0, True)):
        s = new(players=1, seed=3, rules={"ppm.catastrophe": level, "ppm.lose": 5000})
        settle(s)
        s.un_display = [s.un_deck.pop(), s.un_deck.pop()]
        keep = s.un_display[:]
        finish_decade(s)
        settle(s)
        assert s.un_display == (keep[1:] if removed else keep)


# ---- section headers and tables (ids that are only prefixes elsewhere) ------------------------------
def test_CO2_1_1_board_regions_project_and_summit_spaces():
    """CO2-1.1 (the board) with CO2-DATA-01/02/03: 6 regions in clockwise order, 27 demand spaces,
    3 project spaces per region (one per grant), and the summit spaces."""
    s = new()
    assert len(s.components.regions) == 6 and sum(s.components.spaces) == len(s.space_kind) == 27
    assert len(s.projects) == 18 and len(s.summit) == s.components.summit_spaces >= 1
    assert len(s.summit_slots) == 4 * s.components.summit_spaces


def test_CO2_2_3_each_player_takes_colour_scientist_coins_cep():
    """CO2-2.3: every seat takes 1 scientist in hand (3 to hire), coins 3, 4, 4 from the start player,
    and 2 CEP."""
    s = new(players=3, seed=11)
    assert [s.coins[(s.start + k) % 3] for k in range(3)] == [3, 4, 4]
    assert s.cep == [2, 2, 2]
    assert all(s.scientists[4 * p:4 * p + 4] == [-1, -2, -2, -2] for p in range(3))


@pytest.mark.parametrize("grant", ["money", "resources", "research"])
def test_CO2_6_1_3_grant_of_the_chosen_space(grant):
    """CO2-6.1.3: the grant printed on the chosen project space: money = the region's CEP (CO2-6.1.3.1),
    resources = 2 (CO2-6.1.3.2), research = hire or move (CO2-6.1.3.3)."""
    s = new()
    turn_of(s, 0)
    r = reg(s, "europe")
    src = SOURCES[s.components.agendas[s.agenda[r]][0]]
    c, res = s.coins[0], s.resources[0]
    s.apply(f"propose {src} europe {grant}")
    if grant == "money":
        assert s.coins[0] == c + s.region_cep[r] == c + 4 and s.resources[0] == res
    elif grant == "resources":
        assert s.resources[0] == res + 2 and s.coins[0] == c
    else:
        assert s.tasks[-1].kind == "research_choose" and "hire" in names(s)
        assert (s.coins[0], s.resources[0]) == (c, res)


@pytest.mark.parametrize("rule,source,coins,res,cep", [
    ("CO2-6.2.4.1", "reforestation", 0, 0, 2), ("CO2-6.2.4.2", "solar", 0, 3, 0),
    ("CO2-6.2.4.3", "fusion", 5, 1, 0), ("CO2-6.2.4.4", "biomass", 3, 1, 1),
    ("CO2-6.2.4.5", "recycling", 5, 0, 1)])
def test_CO2_6_2_4_x_installation_reward_table(rule, source, coins, res, cep):
    """CO2-6.2.4.1-5: the installation reward of each source (CEP from the market), after the 1 CEP cost."""
    s = new()
    put_project(s, "asia", "research", source)
    turn_of(s, 0)
    c0, r0, e0, m0 = s.coins[0], s.resources[0], s.cep[0], s.market
    s.apply("install asia research")
    assert (s.coins[0] - c0, s.resources[0] - r0, s.cep[0] - e0) == (coins, res, cep - 1), rule
    assert s.market + s.bank_cep + s.cep[0] + sum(s.cep[1:]) + sum(s.region_cep) == 40
    if cep == 1:
        assert s.market == m0 - 1, rule  # from the market pile, not the bank (CO2-7.2.7)


def test_CO2_15_2_and_15_3_final_order_income_before_coins_to_vp():
    """CO2-15.2 then CO2-15.3: region CEP to the controller, sale at one price, income (15.2.3); only then
    VP from the goal, from coins (floor of coins / 2) and the 3-VP bonuses."""
    s = new(players=2)
    s.goal_status = [1, 1]
    s.expertise[SRC["solar"]] = 9  # income 5 at the end
    s.coins = [1, 0]
    s.bank_cep += sum(s.cep)
    s.cep = [0, 0]
    give(s, 1, res=1)  # seat 1 takes the resources bonus
    s.tasks = [Final(-1, 1)]
    flow.run(s)
    assert s.tasks[-1].kind == "income" and tuple(s.tasks[-1]) == (0, s.components.income[SRC["solar"]][9])
    s.apply(f"take {s.components.income[SRC['solar']][9]}")  # all coins: 1 + 5 = 6 -> 3 VP
    assert s.is_terminal()
    assert s.vp == [3 + 3, 0 + 3 + 3]  # seat 0: coins 3, UN tie 3; seat 1: resources 3, UN tie 3


def test_CO2_9_2_and_9_4_headers_expertise_gains_and_uses():
    """CO2-9.2 (the ways to gain expertise: project work, building, summits, displacement, bonuses and
    lobby) and CO2-9.4 (its uses: income, licence, control ties, bonuses, goal 32, winner tie-break):
    a licence needs expertise >= the top tile's resource number."""
    s = new()
    src = SRC["reforestation"]
    need = s.components.plants[src][0].resources
    assert need == s.components.build_icon[src] == 3  # CO2-9.4.2 build icon
    agenda = next(tuple(SOURCES[x] for x in a) for a in s.components.agendas if src in a)
    set_agenda(s, "asia", agenda)
    put_project(s, "asia", "money", "reforestation", installed=True)
    give(s, 0, res=5, coins=20)
    s.expertise[src] = need - 1
    turn_of(s, 0)
    assert not any(x.startswith("build reforestation") for x in names(s))
    s.expertise[src] = need
    s.mark_edited()
    assert "build reforestation asia money" in names(s)


# ---- component data ids (values the engine reads) ---------------------------------------------------
def test_CO2_DATA_05_track_income_depends_on_the_space():
    """CO2-DATA-05: income printed beside each track space: 0 at 0, never decreasing, and the values 4 and 2
    of CO2-EX-04 exist on the biomass and recycling tracks."""
    c = load_components()
    for src in range(5):
        t = c.income[src]
        assert t[0] == 0 and all(a <= b for a, b in zip(t, t[1:])) and len(t) == c.track_max[src] + 1
    assert 4 in c.income[SRC["biomass"]] and 2 in c.income[SRC["recycling"]]


def test_CO2_DATA_06_and_07_bonus_spaces_and_build_icons():
    """CO2-DATA-06: every bonus is one of the four kinds (CO2-9.3) and never on space 0 or points at its own
    track; CO2-DATA-07: the build icon marks the cheapest tile's resource number (reforestation 3)."""
    c = load_components()
    for src in range(5):
        assert c.bonuses[src][0] == () and c.bonuses[src][1] == ()
        for gains in c.bonuses[src]:
            for g in gains:
                assert g in ("resource", "regional_cep", "any") + SOURCES and g != SOURCES[src]
        assert c.build_icon[src] == min(p.resources for p in c.plants[src])
    assert c.build_icon[SRC["reforestation"]] == 3


def test_CO2_DATA_14_company_goal_caps():
    """CO2-DATA-14 / CO2-12.2.3: per-unit VP and caps of goals 27-33 (33: derived maximum 15)."""
    c = load_components()
    assert {g: (v[1], v[2]) for g, v in c.goals.items()} == {
        27: (4, 16), 28: (3, 15), 29: (3, 15), 30: (3, 15), 31: (2, 16), 32: (4, 16), 33: (3, 15)}


def test_CO2_DATA_16_and_17_tracks_and_decade_round_counts():
    """CO2-DATA-16: market price track 1-8 starting at 3, CO2 marks at 350 and 500, VP unbounded
    (CO2-16.1); CO2-DATA-17: 5 decades (6 with 5 players), rounds 5/4/3/2 for 2-5 players."""
    s = new()
    assert (s.rules["market.price_min"], s.rules["market.price_max"], s.rules["market.price_start"]) == (1, 8, 3)
    assert (s.rules["ppm.catastrophe"], s.rules["ppm.lose"]) == (350, 500)
    assert (s.rules["decades"], s.rules["decades.5p"]) == (5, 6)
    assert [operations.rounds(new(players=n)) for n in (2, 3, 4, 5)] == [5, 4, 3, 2]
