"""Rule ids of the digest that the other Catan test files do not exercise by name: one behaviour per id.

Each test names its rule ids (CAT-…, OIL-…) in the docstring and fails if the rule were broken.
"""
from __future__ import annotations

from collections import Counter

import pytest
from catan_helpers import (
    coastal_nodes,
    compose,
    deal_dev,
    give,
    hexi,
    inland_nodes,
    legal_strs,
    make,
    nine_vp_with_a_vp_card_on_top,
    node,
    path,
    put,
    rig,
    spread,
)

import ccg
from ccg.core.errors import IllegalActionError
from ccg.core.rng import Rng
from ccg.games.catan import oil as oil_rules
from ccg.games.catan import production
from ccg.games.catan.building import settlement_spots
from ccg.games.catan.data import HARBOUR_TYPES, KNIGHT, MONOPOLY, PLENTY, RESOURCES, ROAD_BUILDING, TERRAINS, VP_CARD
from ccg.games.catan.phases import DISCARD, MAIN, PRE_ROLL, ROBBER, SBP, SETUP_SETTLE

OIL = "oil_springs"
PRODUCES = {"forest": "lumber", "pasture": "wool", "fields": "grain", "hills": "brick", "mountains": "ore"}



def terrain_counts(s) -> dict:
    return dict(Counter(TERRAINS[t] for t in s.board.terrain))


def play_setup(s) -> None:
    """Finish the placement rounds with the first legal action each time."""
    while s.phase in (0, 1):
        s.apply(s.legal_actions()[0])


# ---- CAT-1 components ------------------------------------------------------------------------------
def test_cat_1_1_nineteen_terrain_hexes():
    """CAT-1.1: 19 terrain hexes — 4 forest, 4 pasture, 4 fields, 3 hills, 3 mountains, 1 desert —
    on the beginner map and on every seeded variable board."""
    want = {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1}
    assert terrain_counts(ccg.new_game("catan", players=4, seed=1)) == want
    for seed in range(4):
        assert terrain_counts(ccg.new_game("catan", players=3, seed=seed, layout="variable")) == want


def test_cat_1_2_each_terrain_produces_its_resource():
    """CAT-1.2: forest → lumber, pasture → wool, fields → grain, hills → brick, mountains → ore."""
    base = make()
    b = base.board
    seen = set()
    for h in range(b.n_hex):
        name = TERRAINS[b.terrain[h]]
        if name == "desert" or name in seen:
            continue
        seen.add(name)
        num = b.numbers0[h]
        # a corner of h whose other hexes do not show the same number
        x = next(n for n in b.hex_nodes[h] if all(b.numbers0[g] != num for g in b.node_hexes[n] if g != h))
        s = make()
        put(s, 1, x)
        production.produce(s, num)
        got = {k: v for k, v in s.hand_of(1).items() if v}
        assert got == {PRODUCES[name]: 1}, (name, got)
    assert seen == set(PRODUCES)


def test_cat_1_5_development_deck_of_25():
    """CAT-1.5: 25 development cards — 14 Knight, 5 VP, 2 Road Building, 2 Year of Plenty, 2 Monopoly —
    in one shuffled deck (the order depends on the seed)."""
    decks = []
    for seed in (1, 2, 3):
        s = ccg.new_game("catan", players=4, seed=seed)
        assert Counter(s.deck) == {KNIGHT: 14, VP_CARD: 5, ROAD_BUILDING: 2, PLENTY: 2, MONOPOLY: 2}
        decks.append(s.deck)
    assert len({tuple(d) for d in decks}) > 1


def test_cat_1_8_10_5_special_cards_are_worth_two_vp_and_never_traded():
    """CAT-1.8, CAT-10.5: Longest Road and Largest Army are worth 2 VP each; they move only by the
    CAT-10 rules (no trade action can name them)."""
    s = make()
    assert s.longest_road_holder == -1 and s.largest_army_holder == -1
    start = node(s, -1, -1, "N")
    nodes = [start]
    while len(nodes) < 6:  # a simple path of 5 roads
        nodes.append(next(m for m in s.board.node_nbrs[nodes[-1]] if m not in nodes))
    before = s.vp(0)
    path(s, 0, nodes)
    assert s.longest_road_holder == 0 and s.vp(0) == before + 2
    s.knights[1] = 2
    deal_dev(s, 1, KNIGHT)
    s.active = s.seat_to_move = 1
    s.mark_edited()
    v1 = s.vp(1)
    s.apply("play knight")
    assert s.largest_army_holder == 1 and s.vp(1) == v1 + 2
    s.apply(s.legal_actions()[0])  # move the robber
    give(s, 1, wool=4, ore=2)
    s.apply("propose")
    goods = set(RESOURCES) | {"oil"}
    for a in s.legal_actions():
        assert all(x in goods for x in a.args if isinstance(x, str)), a


def test_cat_1_9_two_dice_and_one_robber():
    """CAT-1.9 (and CAT-5.1): the roll is the sum of two fair dice (2-12, 7 six times in 36); there is one
    robber, and the hex it leaves produces again."""
    s = make(phase=PRE_ROLL)
    freq = Counter()
    for k in range(3000):
        c = s.clone()
        c.rng = Rng(k)
        c.apply("roll")
        freq[c.dice] += 1
    assert set(freq) == set(range(2, 13))
    for total, ways in ((7, 6), (2, 1), (12, 1), (6, 5), (4, 3)):
        assert abs(freq[total] / 3000 - ways / 36) < 0.025, total
    t = make(phase=ROBBER)
    t.rolled = True
    hills6 = hexi(t, 0, -1)
    put(t, 2, t.board.hex_nodes[hills6][0])
    t.apply(f"robber H{hills6}")
    assert t.robber == hills6 and isinstance(t.robber, int)  # a single robber position
    production.produce(t, 6)
    assert t.hand_of(2)["brick"] == 0  # under the robber
    t.phase = ROBBER
    t.mark_edited()
    t.apply(f"robber H{hexi(t, 0, 0)}")
    production.produce(t, 6)
    assert t.hand_of(2)["brick"] == 1  # the hex it left produces again


def test_cat_1_10_player_counts():
    """CAT-1.10: 3-4 players on the base board, 5-6 with the extension (CAT-12); other counts refused."""
    for n in (3, 4):
        assert ccg.new_game("catan", players=n, seed=1).board.n_hex == 19
    for n in (5, 6):
        assert ccg.new_game("catan", players=n, seed=1).board.n_hex == 30
    for n in (2, 7):
        with pytest.raises(ValueError, match="3–6 players"):
            ccg.new_game("catan", players=n, seed=1)


# ---- CAT-2 geometry --------------------------------------------------------------------------------
def test_cat_2_1_island_of_nineteen_hexes_in_rows():
    """CAT-2.1: the base island is 19 land hexes in rows of 3-4-5-4-3, surrounded by sea."""
    s = ccg.new_game("catan", players=4, seed=1)
    geo = s.board.geo
    rows = Counter(r for _, r in geo.hexes)
    assert [rows[r] for r in sorted(rows)] == [3, 4, 5, 4, 3]
    # surrounded by sea: every hex of the outer ring has a sea neighbour, the centre has none
    outer = [h for h in range(19) if len(geo.hex_nbrs[h]) < 6]
    assert len(outer) == 12 and len(geo.hex_nbrs[geo.hex_index[(0, 0)]]) == 6


def test_cat_2_3_16_5_coastal_intersections_and_flooding():
    """CAT-2.3, OIL-16.5: 30 coastal intersections (touching the sea), derived from geometry, including all
    18 harbour intersections; flooding (OIL-8.4) removes settlements on exactly those."""
    s = make(scenario=OIL)
    b = s.board
    coast = coastal_nodes(s)
    assert len(coast) == 30
    assert all(len(b.node_hexes[n]) < 3 for n in coast)
    assert all(len(b.node_hexes[n]) == 3 for n in inland_nodes(s))
    harb = [n for n in range(b.n_node) if b.node_harbour[n] >= 0]
    assert len(harb) == 18 and set(harb) <= set(coast)
    for n in range(b.n_node):  # settlements everywhere (ignoring distance), then a flood
        s.node_owner[n], s.node_level[n] = n % 4, 1
    from catan_helpers import refresh

    refresh(s)
    oil_rules.flood(s)
    assert [n for n in range(b.n_node) if s.node_owner[n] < 0] == coast


def test_cat_2_4_adjacency_of_buildings_hexes_and_intersections():
    """CAT-2.4: a building on any of a hex's six corners is on that hex (it produces); two intersections
    are adjacent when one path joins them (the distance rule uses exactly those)."""
    s = make()
    b = s.board
    h = hexi(s, 0, -1)  # hills 6
    for x in b.hex_nodes[h]:
        put(s, 1, x)
    production.produce(s, 6)
    assert s.hand_of(1)["brick"] == 6
    for n in range(b.n_node):
        joined = {a if c == n else c for a, c in b.edge_nodes if n in (a, c)}
        assert set(b.node_nbrs[n]) == joined
    t = make()
    x = node(t, 0, 0, "N")
    put(t, 0, x)
    spots = settlement_spots(t, 1, setup=True)
    assert x not in spots and not set(t.board.node_nbrs[x]) & set(spots)
    two_away = {m for y in t.board.node_nbrs[x] for m in t.board.node_nbrs[y]} - {x}
    assert two_away <= set(spots)


def test_cat_2_5_both_ends_of_a_harbour_edge_give_access():
    """CAT-2.5 (with CAT-7.4/7.5): a harbour's two harbour intersections are the ends of its edge."""
    base = make()
    b = base.board
    for e, t in b.harbour_edges:
        for x in b.edge_nodes[e]:
            s = make()
            put(s, 0, x)
            assert s.harbour_access[0] == 1 << t
        beyond = [m for x in b.edge_nodes[e] for m in b.node_nbrs[x] if b.node_harbour[m] < 0]
        s = make()
        put(s, 0, beyond[0])
        assert s.harbour_access[0] == 0


# ---- CAT-3 setup -----------------------------------------------------------------------------------
def test_cat_3_1_beginner_or_variable_board():
    """CAT-3.1: the board is the fixed beginner map or a seeded variable setup."""
    a = ccg.new_game("catan", players=4, seed=1)
    b = ccg.new_game("catan", players=4, seed=2)
    assert a.board.layout == b.board.layout and a.board.layout["name"] == "beginner"
    v1 = ccg.new_game("catan", players=4, seed=1, layout="variable").board.layout
    v2 = ccg.new_game("catan", players=4, seed=2, layout="variable").board.layout
    assert v1["name"] == "variable" and v1 != v2
    assert v1 == ccg.new_game("catan", players=4, seed=1, layout="variable").board.layout


def test_cat_3_5_bank_deck_and_special_cards_at_the_start():
    """CAT-3.5: five bank stacks (19 each; 24 with 5-6), the development deck face down (its order is hidden
    in observations), the two special cards beside the board (held by nobody)."""
    s = ccg.new_game("catan", players=4, seed=3)
    assert s.bank == [19] * 5 and s.longest_road_holder == -1 and s.largest_army_holder == -1 and len(s.deck) == 25
    obs = s.observation(1)["state"]
    assert obs["deck"] == 25  # a count, not the order
    assert ccg.new_game("catan", players=5, seed=3).bank == [24] * 5


def test_cat_3_8_second_round_reverse_and_no_road_needed():
    """CAT-3.8: round 2 runs last player first, starting player last; a setup settlement may go anywhere
    the distance rule allows (no road connection)."""
    s = ccg.new_game("catan", players=4, seed=5)
    order = []
    while s.phase in (0, 1):
        if s.phase == SETUP_SETTLE:
            order.append(s.seat_to_move)
            if len(order) > 4:
                legal = {int(a.args[0][1:]) for a in s.legal_actions()}
                free = {n for n in range(s.board.n_node) if s.node_owner[n] < 0
                        and all(s.node_owner[m] < 0 for m in s.board.node_nbrs[n])}
                assert legal == free  # not limited to the seat's road network
                own = {x for e in range(s.board.n_edge) if s.edge_owner[e] == s.seat_to_move for x in s.board.edge_nodes[e]}
                assert legal - own
        s.apply(s.legal_actions()[-1])
    assert order[4:] == order[:4][::-1] and order[-1] == s.first


def test_cat_3_11_play_begins_with_the_starting_player():
    """CAT-3.11: after both placement rounds the starting player takes the first turn (before his roll)."""
    for seed in (1, 2, 3):
        s = ccg.new_game("catan", players=3, seed=seed)
        play_setup(s)
        assert s.phase == PRE_ROLL and s.active == s.seat_to_move == s.first and s.turn == 1
        assert "roll" in legal_strs(s)


def test_cat_13_8_no_prescribed_beginner_positions():
    """CAT-13.8 (with CAT-3.10): no transcription of the beginner map's prescribed starting pieces exists,
    so the beginner game starts with an empty board and the normal placement rounds (CAT-3.6-3.9)."""
    s = ccg.new_game("catan", players=4, seed=1, layout="beginner")
    assert s.phase == SETUP_SETTLE and s.node_owner == [-1] * 54 and s.edge_owner == [-1] * 72
    assert len(s.legal_actions()) == 54 and s.hand == [0] * 20


# ---- CAT-4 / CAT-5 / CAT-6 turn, production, robber ------------------------------------------------
def test_cat_4_1_turns_pass_clockwise_and_only_the_active_player_builds():
    """CAT-4.1: turns pass clockwise; only the active player trades and builds."""
    s = make(phase=PRE_ROLL)
    x = inland_nodes(s)[0]
    put(s, 1, x)
    give(s, 1, ore=3, grain=2, wool=4)  # seat 1 could build a city and trade, but it is seat 0's turn
    seen = []
    for _ in range(5):
        seen.append(s.active)
        rig(s, "roll", lambda c: c.dice != 7)
        s.apply("roll")
        if s.active == 0:
            assert s.current_player == 0
            assert not any(a.startswith(("city", "trade", "settle", "road", "buy")) for a in legal_strs(s))
        if s.active == 1:
            assert f"city N{x}" in legal_strs(s) and "trade 4 wool ore" in legal_strs(s)
        s.apply("end")
    assert seen == [0, 1, 2, 3, 0]


def test_cat_5_1_the_roll_decides_production():
    """CAT-5.1: the active player rolls both dice and the sum decides which hexes produce."""
    s = make(phase=PRE_ROLL)
    put(s, 1, s.board.hex_nodes[hexi(s, 0, -1)][0])  # hills 6 (its corner 0 touches no other 6 or 8)
    six = s.clone()
    rig(six, "roll", lambda c: c.dice == 6)
    six.apply("roll")
    eight = s.clone()
    rig(eight, "roll", lambda c: c.dice == 8)
    eight.apply("roll")
    assert six.hand_of(1)["brick"] == 1 and eight.hand_of(1)["brick"] == 0


def test_cat_5_4_desert_never_produces_but_a_desert_spring_gives_oil():
    """CAT-5.4: the desert has no number and never produces; with Oil Springs a numbered desert spring
    produces oil (OIL-2.3, OIL-4.1)."""
    s = make()
    desert = hexi(s, 0, 0)
    assert s.board.numbers0[desert] == 0 and all(desert not in hs for hs in s.board.hexes_by_number)
    x = s.board.hex_nodes[desert][0]
    put(s, 1, x)
    for roll in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12):
        production.produce(s, roll)
    others = [h for h in s.board.node_hexes[x] if h != desert]
    assert sum(s.hand_of(1).values()) == len(others)  # one card per neighbouring non-desert hex, none from it
    t = make(scenario=OIL)
    y = next(n for n in t.board.hex_nodes[desert] if all(t.board.numbers0[h] != 5 for h in t.board.node_hexes[n]
                                                        if h != desert))
    put(t, 1, y)
    production.produce(t, 5)
    assert t.oil[1] == 1 and sum(t.hand_of(1).values()) == 0


def test_cat_6_1_no_production_on_a_seven():
    """CAT-6.1: on a 7 no hex produces."""
    s = make(phase=PRE_ROLL)
    for x in spread(s, range(s.board.n_node), 10):
        put(s, 1, x, 2)
    rig(s, "roll", lambda c: c.dice == 7)
    s.apply("roll")
    assert s.hand == [0] * 20 and s.phase == ROBBER


def test_cat_6_6_nothing_until_the_seven_is_resolved():
    """CAT-6.6: no trade or build until discards, the robber move and the steal are done."""
    s = make(phase=PRE_ROLL)
    x = inland_nodes(s)[0]
    put(s, 0, x)
    give(s, 0, ore=8, grain=2)  # 10 cards: seat 0 discards 5 ore and can still build a city
    rig(s, "roll", lambda c: c.dice == 7)
    s.apply("roll")
    while s.phase == DISCARD:
        assert all(a.startswith("discard") for a in legal_strs(s))
        s.apply("discard ore")
    assert s.phase == ROBBER and all(a.startswith("robber") for a in legal_strs(s))
    s.apply(s.legal_actions()[0])
    assert s.phase == MAIN
    legal = legal_strs(s)
    assert "propose" in legal and f"city N{x}" in legal


# ---- CAT-7 trade -----------------------------------------------------------------------------------
def test_cat_7_1_trade_only_after_the_roll():
    """CAT-7.1: trading only in the active player's turn after the roll is resolved."""
    s = make(phase=PRE_ROLL)
    give(s, 0, wool=4)
    assert not any(a.startswith(("trade", "propose")) for a in legal_strs(s))
    rig(s, "roll", lambda c: c.dice != 7)
    s.apply("roll")
    assert "trade 4 wool ore" in legal_strs(s) and "propose" in legal_strs(s)


def test_cat_7_3_four_to_one_with_the_bank():
    """CAT-7.3: 4 identical cards to the bank for 1 card of another type; 3 are not enough without a harbour."""
    s = make()
    give(s, 0, wool=4, ore=3)
    legal = legal_strs(s)
    assert "trade 4 wool ore" in legal and "trade 4 wool wool" not in legal
    assert not any(a.startswith("trade") and " ore " in a for a in legal)  # 3 ore: no trade
    bank = s.bank[:]
    s.apply("trade 4 wool grain")
    assert s.hand_of(0)["wool"] == 0 and s.hand_of(0)["grain"] == 1
    assert s.bank[2] == bank[2] + 4 and s.bank[3] == bank[3] - 1


def test_cat_7_4_generic_harbour_three_to_one():
    """CAT-7.4: an own building on a 3:1 harbour allows 3 identical cards → 1 of another type, any resource."""
    s = make()
    x = node(s, 0, -2, "N")  # 3:1 harbour #1 of CAT-13.4
    assert HARBOUR_TYPES[s.board.node_harbour[x]] == "3:1"
    give(s, 0, ore=3, lumber=3)
    assert not any(a.startswith("trade 3") for a in legal_strs(s))
    put(s, 1, x)  # an opponent's building there gives seat 0 nothing
    assert not any(a.startswith("trade 3") for a in legal_strs(s))
    t = make()
    put(t, 0, x)
    give(t, 0, ore=3, lumber=3)
    assert {"trade 3 ore wool", "trade 3 lumber brick"} <= set(legal_strs(t))
    t.apply("trade 3 ore wool")
    assert t.hand_of(0)["ore"] == 0 and t.hand_of(0)["wool"] == 1


def test_cat_7_5_special_harbour_two_to_one_for_its_resource_only():
    """CAT-7.5: a 2:1 harbour trades 2 of its pictured resource (and no other) for 1 of another type."""
    s = make()
    x = node(s, -2, 0, "S")  # brick 2:1 (CAT-13.4 #8)
    put(s, 0, x)
    give(s, 0, brick=2, wool=2)
    legal = legal_strs(s)
    assert "trade 2 brick ore" in legal and not any(a.startswith("trade 2 wool") for a in legal)
    s.apply("trade 2 brick ore")
    assert s.hand_of(0) == {"lumber": 0, "brick": 0, "wool": 2, "grain": 0, "ore": 1}


# ---- CAT-8 building --------------------------------------------------------------------------------
def test_cat_8_2_building_is_unlimited_within_resources_and_pieces():
    """CAT-8.2: any number of builds in a turn, limited only by cards and pieces (CAT-1.7)."""
    s = make(rules={"roads": 4})
    x = inland_nodes(s)[0]
    put(s, 0, x)
    give(s, 0, lumber=6, brick=6)
    for _ in range(4):
        s.apply(next(a for a in s.legal_actions() if a.kind == "road"))
    assert s.roads_built[0] == 4 and s.hand_of(0)["lumber"] == 2
    assert not any(a.startswith("road") for a in legal_strs(s))  # pieces exhausted, cards left


def test_cat_8_5_city_returns_the_settlement_piece_and_needs_a_settlement():
    """CAT-8.5: a city replaces an own settlement, whose piece returns to the supply (with all 5 settlements
    on the board, upgrading one lets a settlement be built again); no city on an empty or an opponent's
    intersection."""
    s = make()
    sp = spread(s, inland_nodes(s), 6)
    for x in sp[:5]:
        put(s, 0, x)
    put(s, 1, sp[5])
    free = next(n for n in range(s.board.n_node) if s.node_owner[n] < 0
                and all(s.node_owner[m] < 0 for m in s.board.node_nbrs[n]))
    path(s, 0, [s.board.node_nbrs[free][0], free])
    give(s, 0, ore=3, grain=3, lumber=1, brick=1, wool=1)
    assert not any(a.startswith("settle") for a in legal_strs(s))  # all 5 settlement pieces in use
    with pytest.raises(IllegalActionError):
        s.apply(f"city N{sp[5]}")  # an opponent's settlement
    empty = next(n for n in range(s.board.n_node) if s.node_owner[n] < 0)
    with pytest.raises(IllegalActionError):
        s.apply(f"city N{empty}")
    s.apply(f"city N{sp[0]}")
    assert s.settlements_built[0] == 4 and s.cities_built[0] == 1 and s.node_owner[sp[0]] == 0
    s.apply(f"settle N{free}")
    assert s.settlements_built[0] == 5


# ---- CAT-9 development cards -----------------------------------------------------------------------
def test_cat_9_4_road_building_two_free_roads_within_pieces():
    """CAT-9.4: Road Building places 2 roads free under the normal road rules; with one road piece left only
    one is placed; with none left the card cannot be played."""
    s = make()
    x = inland_nodes(s)[0]
    put(s, 0, x)
    deal_dev(s, 0, ROAD_BUILDING)
    s.apply("play roadbuilding")
    first = legal_strs(s)
    assert first and all(a.startswith("road") for a in first)
    assert {f"road E{e}" for e in s.board.node_edges[x]} == set(first)  # touching the own network only
    s.apply(first[0])
    s.apply(legal_strs(s)[0])
    assert s.roads_built[0] == 2 and s.hand == [0] * 20 and s.phase == MAIN
    t = make(rules={"roads": 3})
    put(t, 0, x)
    path(t, 0, [x, t.board.node_nbrs[x][0]])
    path(t, 0, [x, t.board.node_nbrs[x][1]])
    deal_dev(t, 0, ROAD_BUILDING)
    t.apply("play roadbuilding")
    t.apply(t.legal_actions()[0])
    assert t.roads_built[0] == 3 and t.phase == MAIN  # one piece left: one free road
    u = make(rules={"roads": 2})
    put(u, 0, x)
    path(u, 0, [x, u.board.node_nbrs[x][0]])
    path(u, 0, [x, u.board.node_nbrs[x][1]])
    deal_dev(u, 0, ROAD_BUILDING)
    assert "play roadbuilding" not in legal_strs(u)


def test_cat_9_8_development_cards_are_not_stolen_and_not_counted_on_a_seven():
    """CAT-9.8: a player holding only development cards cannot be robbed; they do not count for the 7."""
    s = make(phase=ROBBER)
    s.rolled = True
    h = hexi(s, 1, 0)
    put(s, 1, s.board.hex_nodes[h][0])
    deal_dev(s, 1, KNIGHT, 3)
    deal_dev(s, 1, VP_CARD, 2)
    acts = [a for a in legal_strs(s) if a.split()[1] == f"H{h}"]
    assert acts == [f"robber H{h}"]  # no steal possible
    t = make(phase=PRE_ROLL)
    give(t, 1, wool=7)
    deal_dev(t, 1, KNIGHT, 4)
    rig(t, "roll", lambda c: c.dice == 7)
    t.apply("roll")
    assert t.discard[1] == 0 and t.phase == ROBBER


def test_cat_9_9_progress_cards_leave_the_game_knights_stay():
    """CAT-9.9: a played progress card leaves the game (not back to the deck); a played knight stays in front
    of its owner and counts for Largest Army."""
    s = make()
    deal_dev(s, 0, MONOPOLY)
    deck = len(s.deck)
    s.apply("play monopoly ore")
    assert s.dev_of(0)["monopoly"] == 0 and len(s.deck) == deck
    assert sum(s.dev) + len(s.deck) + sum(s.knights) == 24  # 25 minus the spent Monopoly
    t = make()
    deal_dev(t, 0, KNIGHT)
    t.apply("play knight")
    assert t.knights[0] == 1 and t.dev_of(0)["knight"] == 0
    assert sum(t.dev) + len(t.deck) + sum(t.knights) == 25


# ---- CAT-12 5-6 extension --------------------------------------------------------------------------
def test_cat_12_3_twenty_eight_number_tokens():
    """CAT-12.3: 28 tokens — two each of 2 and 12, three each of 3, 4, 5, 6, 8, 9, 10, 11."""
    want = {2: 2, 12: 2, **{k: 3 for k in (3, 4, 5, 6, 8, 9, 10, 11)}}
    for seed in (1, 2):
        s = ccg.new_game("catan", players=5, seed=seed)
        assert Counter(n for n in s.board.numbers0 if n) == want


def test_cat_12_5_eleven_harbours():
    """CAT-12.5: 11 harbours — 5 generic 3:1, one 2:1 each for lumber, brick, grain, ore and two for wool."""
    for seed in (1, 2):
        s = ccg.new_game("catan", players=6, seed=seed)
        got = Counter(h["type"] for h in s.board.layout["harbours"])
        assert got == {"3:1": 5, "lumber": 1, "brick": 1, "grain": 1, "ore": 1, "wool": 2}
        assert len(s.board.harbour_edges) == 11


def test_cat_12_7_five_six_players_still_win_at_ten_on_their_own_turn():
    """CAT-12.7 (with CAT-12.11): 10 VP during one's own turn wins at once with 5-6 players too; reached in
    the SBP it counts only when the player's own turn comes."""
    s = make(players=5)
    assert s.vp_to_win == 10
    nine_vp_with_a_vp_card_on_top(s, 0)
    assert s.vp(0) == 9
    s.apply("buy dev")
    assert s.is_terminal() and s.winners() == [0]
    t = make(players=5)
    nine_vp_with_a_vp_card_on_top(t, 2)
    t.apply("end")
    t.apply("pass")  # seat 1
    assert t.seat_to_move == 2 and t.phase == SBP
    t.apply("buy dev")
    assert t.vp(2) == 10 and not t.is_terminal()
    t.apply("pass")
    t.apply("pass")
    t.apply("pass")
    assert t.active == 1 and not t.is_terminal()
    rig(t, "roll", lambda c: c.dice != 7)
    t.apply("roll")
    t.apply("end")
    for _ in range(4):
        if t.is_terminal():
            break
        t.apply("pass")
    assert t.is_terminal() and t.winners() == [2] and t.active == 2


def test_cat_12_9_no_trade_and_no_development_card_in_the_sbp():
    """CAT-12.9: in the Special Building Phase nobody trades (domestic or maritime) or plays a card."""
    s = make(players=5)
    b = s.board
    e, _ = b.harbour_edges[0]
    x = b.edge_nodes[e][0]
    put(s, 1, x)
    give(s, 1, wool=4, brick=4, ore=4, lumber=1, grain=1)
    deal_dev(s, 1, KNIGHT)
    deal_dev(s, 1, MONOPOLY)
    s.apply("end")
    assert s.phase == SBP and s.seat_to_move == 1
    legal = legal_strs(s)
    assert "road" in " ".join(legal) and "buy dev" in legal
    assert not any(a.startswith(("trade", "propose", "play", "offer")) for a in legal)
    s.active = s.seat_to_move = 1
    s.phase = MAIN
    s.mark_edited()
    assert any(a.startswith("trade") for a in legal_strs(s)) and "play knight" in legal_strs(s)


# ---- Oil Springs: layering, components, setup ------------------------------------------------------
def _same_position(scenario):
    s = make(scenario=scenario)
    x = node(s, 0, 1, "N")
    put(s, 0, x)
    path(s, 0, [x, s.board.node_nbrs[x][0], s.board.node_nbrs[s.board.node_nbrs[x][0]][0]])
    give(s, 0, lumber=2, brick=2, wool=1, grain=3, ore=3)
    return s


def test_oil_0_1_base_rules_apply_where_the_scenario_is_silent():
    """OIL-0.1: where Part B is silent the base rules apply: the same position allows the same roads,
    settlements and cities (CAT-8), and the same maritime rates, with and without the scenario."""
    base, oil = _same_position(None), _same_position(OIL)
    pick = ("road", "settle", "city", "trade", "buy")
    assert [a for a in legal_strs(base) if a.startswith(pick)] == [a for a in legal_strs(oil) if a.startswith(pick)]
    assert base.rules["discard_above"] == oil.rules["discard_above"] == 7 and base.rules["longest_road_min"] == oil.rules["longest_road_min"] == 5


def test_oil_0_2_1_7_parameters_by_player_count():
    """OIL-0.2, OIL-1.7: the scenario is played by 3-4 (base board) or 5-6 (extension); the parameter table:
    oil 15/21, limit 4/6, metropolises 4/6, springs 3/4, destroyed tokens that end the game 5/8, 12 VP."""
    for n, (oil, limit, metros, springs, end, hexes) in {3: (15, 4, 4, 3, 5, 19), 4: (15, 4, 4, 3, 5, 19),
                                                         5: (21, 6, 6, 4, 8, 30), 6: (21, 6, 6, 4, 8, 30)}.items():
        s = ccg.new_game("catan", players=n, seed=2, scenario=OIL)
        assert (s.supply, s.oil_limit, s.metro_pool, s.board.n_springs, s.oil_destroyed_to_end, s.board.n_hex,
                s.vp_to_win) == (oil, limit, metros, springs, end, hexes, 12), n
    with pytest.raises(ValueError):
        ccg.new_game("catan", players=2, seed=1, scenario=OIL)


def test_oil_0_3_index_of_changed_base_rules():
    """OIL-0.3 (index): spot checks that each listed base rule is changed when the scenario is on, and only
    then — robber start (CAT-3.4), win (CAT-11.2), 7 discards count oil (CAT-6.2), metropolis cost (CAT-8.1),
    Year of Plenty and Monopoly may name oil (CAT-9.5/9.6)."""
    base, oil = make(), make(scenario=OIL)
    assert base.robber == hexi(base, 0, 0) and oil.robber == -1
    assert base.vp_to_win == 10 and oil.vp_to_win == 12
    for s in (base, oil):
        give(s, 1, wool=5)
    give(oil, 1, oil=3)
    from ccg.games.catan.robber import held

    assert held(base, 1) == 5 and held(oil, 1) == 8
    for s in (base, oil):
        deal_dev(s, 0, MONOPOLY)
    assert "play monopoly oil" in legal_strs(oil) and "play monopoly oil" not in legal_strs(base)


def test_oil_1_3_oil_spring_tiles():
    """OIL-1.3 (note A03, OIL-16.1): 3 springs with 3-4 players (a numbered desert tile, a forest and a
    pasture overlay), 4 with 5-6 (both numbered desert tiles, 5 and 9 as data)."""
    s = ccg.new_game("catan", players=4, seed=1, scenario=OIL, layout="variable")
    b = s.board
    kinds = sorted((b.spring[h], TERRAINS[b.terrain[h]]) for h in range(b.n_hex) if b.spring[h])
    assert kinds == [(1, "desert"), (2, "forest"), (2, "pasture")]
    t = ccg.new_game("catan", players=5, seed=1, scenario=OIL)
    d = [t.board.numbers0[h] for h in range(t.board.n_hex) if t.board.spring[h] == 1]
    assert sorted(d) == [5, 9]
    assert sum(1 for h in range(t.board.n_hex) if t.board.spring[h] == 2) == 2


def test_oil_1_4_champion_card_is_worth_one_vp():
    """OIL-1.4: the Champion of the Environment card is worth 1 VP to its holder."""
    s = make(scenario=OIL)
    give(s, 0, oil=1)
    s.sequestered[0] = 2
    v = s.vp(0)
    s.apply("sequester")
    assert s.champion == 0 and s.vp(0) == v + 1 + 1  # the set of 3 (OIL-9.4) plus the card


def test_oil_1_5_sequestration_vp_have_no_marker_limit():
    """OIL-1.5: sequestration VP are derived (the 7 markers are no limit): 21 sequestered tokens give 7 VP."""
    s = make(scenario=OIL)
    s.sequestered[1] = 21
    s.champion = 1
    assert s.vp(1) == 7 + 1


def test_oil_1_6_disaster_track():
    """OIL-1.6, OIL-16.4: an oil-use scale 0-5 (the 5th use triggers) and 5 (3-4) or 8 (5-6) circles for
    destroyed tokens, stored in removal order."""
    s = make(scenario=OIL)
    assert s.rules["oil.disaster_at"] == 5 and s.oil_destroyed_to_end == 5
    assert make(players=5, scenario=OIL, layout="variable").oil_destroyed_to_end == 8
    give(s, 0, oil=4)
    s.marker = 1
    for _ in range(4):
        s.apply("convert wool")
    assert s.marker == 5 and s.pending
    assert not any(a.startswith("convert") for a in legal_strs(s))
    for num in (11, 12):
        c = [h for h in range(s.board.n_hex) if s.numbers[h] == num and not s.board.spring[h]][0]
        s.marker, s.pending, s.trigger = 5, True, 0
        rig(s, "end", lambda x, num=num: x.last_disaster[0] == num)
        s.apply("end")
        s.phase, s.active, s.seat_to_move = MAIN, 0, 0
        s.mark_edited()
        assert s.destroyed[-1] == [c, num]
    assert [d[1] for d in s.destroyed] == [11, 12]


def test_oil_2_1_2_2_scenario_map_and_springs():
    """OIL-2.1, OIL-2.2 (notes A04, A24): the default scenario map is the reconstructed OIL-16.2 map with
    springs on the desert, the forest 9 and the north-eastern pasture 10; a user may pass another layout."""
    s = ccg.new_game("catan", players=4, seed=1, scenario=OIL)
    b = s.board
    springs = {b.geo.hexes[h]: (TERRAINS[b.terrain[h]], b.numbers0[h]) for h in range(b.n_hex) if b.spring[h]}
    assert springs == {(0, 0): ("desert", 5), (2, -2): ("forest", 9), (2, -1): ("pasture", 10)}
    assert all(TERRAINS[b.terrain[h]] != "pasture" or b.numbers0[h] != 10 or b.spring[h] for h in range(b.n_hex))
    own = dict(b.layout)
    own["hexes"] = [dict(h) for h in own["hexes"]]
    own["hexes"][0]["number"], own["hexes"][3]["number"] = own["hexes"][3]["number"], own["hexes"][0]["number"]
    t = ccg.new_game("catan", players=4, seed=1, scenario=OIL, layout=own)
    assert t.board.numbers0 != b.numbers0


def test_oil_2_5_2_6_scenario_starting_state():
    """OIL-2.5: the disaster marker on 0, no destroyed tokens; OIL-2.6: the supply holds every oil token in
    play, the metropolis pool and the Champion card lie beside the board."""
    s = ccg.new_game("catan", players=4, seed=1, scenario=OIL)
    assert s.marker == 0 and s.destroyed == [] and not s.pending
    assert s.supply == 15 and s.oil == [0] * 4 and s.sequestered == [0] * 4 and s.metro_pool == 4 and s.champion == -1


def test_oil_2_7_bank_deck_and_placement_rounds_as_in_the_base_game():
    """OIL-2.7 (note A06): bank, development deck and the two snake placement rounds are the base game's."""
    a = ccg.new_game("catan", players=4, seed=9)
    b = ccg.new_game("catan", players=4, seed=9, scenario=OIL)
    assert a.bank == b.bank and sorted(a.deck) == sorted(b.deck) and b.phase == SETUP_SETTLE
    order = []
    while b.phase in (0, 1):
        if b.phase == SETUP_SETTLE:
            order.append(b.seat_to_move)
        b.apply(b.legal_actions()[0])
    first = b.first
    fwd = [(first + i) % 4 for i in range(4)]
    assert order == fwd + fwd[::-1] and b.phase == PRE_ROLL


# ---- Oil Springs: oil as a holding, production, robber ----------------------------------------------
def test_oil_3_5_oil_is_not_a_resource_card():
    """OIL-3.5: oil pays for no road, settlement, city or development card, takes no part in maritime trade
    or the bank shortage, and counts as a card only for the 7."""
    s = make(scenario=OIL)
    x = inland_nodes(s)[0]
    put(s, 0, x, 2)
    path(s, 0, [x, s.board.node_nbrs[x][0]])
    give(s, 0, oil=4, brick=1, ore=1)
    legal = legal_strs(s)
    assert not any(a.startswith(("road", "settle", "city", "buy", "trade")) for a in legal)
    assert s.bank == [19, 18, 19, 19, 18] and len(s.bank) == 5  # the bank holds no oil
    t = make(scenario=OIL, phase=PRE_ROLL)
    give(t, 1, wool=4, oil=4)
    rig(t, "roll", lambda c: c.dice == 7)
    t.apply("roll")
    assert t.discard[1] == 4


def _two_springs_on_five():
    """The scenario map with the pasture spring renumbered 5, like the desert spring."""
    lay = ccg.new_game("catan", players=4, seed=1, scenario=OIL).board.layout
    lay = dict(lay, hexes=[dict(h) for h in lay["hexes"]])
    for h in lay["hexes"]:
        if (h["q"], h["r"]) == (2, -1):
            h["number"] = 5
    return make(scenario=OIL, layout=lay)


def test_oil_4_1_oil_entitlements_add_up_over_springs():
    """OIL-4.1: each building at a rolled spring entitles its owner (settlement 1, city 2, metropolis 3);
    entitlements from several springs with the same number add up."""
    s = _two_springs_on_five()
    desert, pasture = hexi(s, 0, 0), hexi(s, 2, -1)
    d = next(n for n in s.board.hex_nodes[desert] if len(s.board.node_hexes[n]) == 3)
    p = next(n for n in s.board.hex_nodes[pasture] if n not in s.board.hex_nodes[desert]
             and all(m != d for m in s.board.node_nbrs[n]))
    put(s, 2, d, 1)
    put(s, 2, p, 2)
    production.produce(s, 5)
    assert s.oil[2] == 3 and s.supply == 12
    production.produce(s, 10)
    assert s.oil[2] == 3  # not this number
    t = _two_springs_on_five()
    put(t, 3, d, 3)
    production.produce(t, 5)
    assert t.oil[3] == 3


def test_oil_4_6_cards_and_oil_of_one_roll_are_independent():
    """OIL-4.6: the same roll pays resource cards and oil independently (a card shortage does not stop oil)."""
    s = make(scenario=OIL)
    wool5, desert = hexi(s, 1, 1), hexi(s, 0, 0)
    put(s, 1, s.board.hex_nodes[wool5][0], 2)
    put(s, 2, s.board.hex_nodes[wool5][3], 1)
    put(s, 1, s.board.hex_nodes[desert][1], 1)
    production.produce(s, 5)
    assert s.hand_of(1)["wool"] >= 2 and s.oil[1] == 1
    t = make(scenario=OIL)
    put(t, 1, t.board.hex_nodes[wool5][0], 2)
    put(t, 2, t.board.hex_nodes[wool5][3], 1)
    put(t, 1, t.board.hex_nodes[desert][1], 1)
    give(t, 3, wool=17)  # 2 wool left for 3 owed: nobody gets wool (CAT-5.3) ...
    production.produce(t, 5)
    assert t.hand_of(1)["wool"] == 0 and t.oil[1] == 1  # ... but the oil is dealt


def test_oil_5_2_robber_may_stand_on_an_oil_spring():
    """OIL-5.2: the robber may be placed on an oil spring (and then blocks it, OIL-4.5)."""
    s = make(scenario=OIL, phase=ROBBER)
    s.rolled = True
    springs = [h for h in range(s.board.n_hex) if s.board.spring[h]]
    assert all(f"robber H{h}" in legal_strs(s) for h in springs)
    s.apply(f"robber H{springs[0]}")
    s.phase = ROBBER
    s.mark_edited()
    others = [h for h in springs if h != springs[0]]
    assert all(f"robber H{h}" in legal_strs(s) for h in others)


# ---- Oil Springs: using oil, the marker, disasters ---------------------------------------------------
def test_oil_6_1_only_conversion_and_metropolis_use_oil():
    """OIL-6.1: using oil is converting or building a metropolis; only these move the marker (trade,
    discard, theft, Monopoly and sequestration do not); oil can be used several times in a turn."""
    s = make(scenario=OIL)
    x = inland_nodes(s)[0]
    put(s, 0, x, 2)
    give(s, 0, oil=4, brick=1, ore=1, grain=1)
    s.apply("convert wool")
    s.apply("convert ore")
    assert s.marker == 2
    s.apply(f"metro N{x}")
    assert s.marker == 4 and s.node_level[x] == 3
    t = make(scenario=OIL)
    give(t, 0, oil=2, wool=1)
    give(t, 1, oil=2, ore=1)
    deal_dev(t, 0, MONOPOLY)
    t.apply("play monopoly oil")
    compose(t, {"oil": 1}, {"ore": 1})  # trading oil is not using it (OIL-3.6)
    t.apply("accept")
    t.apply("sequester")
    assert t.marker == 0 and t.oil[0] == 2 and t.sequestered[0] == 1


def test_oil_6_2_conversion_two_of_one_type_and_a11_flag():
    """OIL-6.2 (note A11): 1 oil → 2 cards of one non-oil type by default (not 2 different, not oil); the
    type must be in the bank twice; flag oil.convert_mixed also allows two different types."""
    s = make(scenario=OIL)
    give(s, 0, oil=2)
    legal = [a for a in legal_strs(s) if a.startswith("convert")]
    assert legal == ["convert lumber", "convert brick", "convert wool", "convert grain", "convert ore"]
    s.bank[4] = 1
    s.mark_edited()
    assert "convert ore" not in legal_strs(s)
    with pytest.raises(IllegalActionError, match="convert_mixed"):
        s.apply("convert wool ore")
    s.apply("convert grain")
    assert s.hand_of(0)["grain"] == 2 and s.oil[0] == 1 and s.supply == 14 and s.marker == 1
    t = make(scenario=OIL, rules={"oil.convert_mixed": True})
    give(t, 0, oil=2)
    conv = [a for a in legal_strs(t) if a.startswith("convert")]
    assert "convert wool" in conv and "convert wool ore" in conv and len(conv) == 5 + 10
    t.apply("convert wool ore")
    assert t.hand_of(0) == {"lumber": 0, "brick": 0, "wool": 1, "grain": 0, "ore": 1}
    assert t.oil[0] == 1 and t.supply == 14 and t.marker == 1 and t.bank[2] == 18 and t.bank[4] == 18
    t.check_invariants()
    t.bank[4] = 0
    t.mark_edited()
    assert "convert wool ore" not in legal_strs(t) and "convert wool grain" in legal_strs(t)


def test_oil_6_2_a11_flag_game_replays():
    """OIL-6.2 note A11 flag: a game with mixed conversions records and replays identically."""
    s = ccg.new_game("catan", players=4, seed=3, scenario=OIL, rules={"oil.convert_mixed": True})
    r = Rng(3)
    mixed = 0
    while not s.is_terminal() and s.ply < 3000:
        legal = s.legal_actions()
        pairs = [a for a in legal if a.kind == "convert" and len(a.args) == 2]
        a = pairs[0] if pairs else legal[r.below(len(legal))]
        mixed += bool(pairs)
        s.apply(a)
    assert mixed > 0
    s.check_invariants()
    assert ccg.replay(s.record()).to_json() == s.to_json()


def test_oil_7_1_marker_keeps_its_value_between_turns():
    """OIL-7.1: the marker keeps its value from turn to turn until a disaster phase resets it."""
    s = make(scenario=OIL)
    give(s, 0, oil=2)
    s.apply("convert wool")
    s.apply("convert ore")
    s.apply("end")
    assert s.active == 1 and s.marker == 2
    rig(s, "roll", lambda c: c.dice != 7)
    s.apply("roll")
    s.apply("end")
    assert s.marker == 2


def test_oil_8_3_8_11_seven_floods_other_rolls_pollute_and_the_marker_resets():
    """OIL-8.3: a disaster roll of 7 floods the coast, any other roll pollutes a hex with that number;
    OIL-8.11: the marker is set to 0 at the end of the disaster phase."""
    base = make(scenario=OIL)
    coast = coastal_nodes(base)[0]
    put(base, 1, coast)
    base.marker, base.pending, base.trigger = 5, True, 0
    seven = base.clone()
    rig(seven, "end", lambda c: c.last_disaster[0] == 7)
    seven.apply("end")
    assert seven.floods == 1 and seven.node_owner[coast] == -1 and seven.destroyed == [] and seven.marker == 0
    four = base.clone()
    rig(four, "end", lambda c: c.last_disaster[0] == 4)
    four.apply("end")
    assert four.floods == 0 and four.node_owner[coast] == 1 and four.destroyed[0][1] == 4 and four.marker == 0
    assert not four.pending and four.active == 1


def test_oil_9_4_one_vp_per_three_sequestered():
    """OIL-9.4: floor(sequestered / 3) VP (Champion aside)."""
    s = make(scenario=OIL)
    s.champion = 3  # keep the Champion card out of seat 0's count
    s.sequestered[3] = 30
    for k, v in ((0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (8, 2), (9, 3)):
        s.sequestered[0] = k
        assert s.vp(0) == v, k


def test_oil_9_6_no_sequestration_in_the_sbp():
    """OIL-9.6 (OIL-11.5): sequestering is not allowed in the Special Building Phase, in the own turn it is."""
    s = make(players=5, scenario=OIL, layout="variable")
    give(s, 1, oil=3)
    s.apply("end")
    assert s.phase == SBP and s.seat_to_move == 1 and "sequester" not in legal_strs(s)
    with pytest.raises(IllegalActionError):
        s.apply("sequester")
    for _ in range(4):
        s.apply("pass")
    rig(s, "roll", lambda c: c.dice != 7)
    s.apply("roll")
    assert s.active == 1 and "sequester" in legal_strs(s)


def test_oil_10_4_result_values():
    """OIL-10.4: the engine reports WIN(player) (winners = [p], not lost) or ISLAND_LOST with the Pyrrhic
    holder (no winner; `lost`, `pyrrhic` and the outcome columns flood_end / pyrrhic)."""
    from ccg.games.catan import SPEC

    s = make(scenario=OIL)
    for x in spread(s, inland_nodes(s), 4):
        put(s, 0, x, 2)
    deal_dev(s, 0, VP_CARD, 4)
    s.apply("end")
    assert s.winners() == [0] and not s.lost and s.pyrrhic == -1 and s.returns() == [1.0, 0, 0, 0]
    assert SPEC.outcome(s)["flood_end"] is False
    t = make(scenario=OIL)
    for h in [h for h in range(t.board.n_hex) if t.numbers[h] and not t.board.spring[h]][:4]:
        t.destroyed.append([h, t.numbers[h]])
        t.numbers[h] = 0
    t.champion, t.sequestered[2] = 2, 3
    t.marker, t.pending, t.trigger = 5, True, 0
    rig(t, "end", lambda c: c.is_terminal())
    t.apply("end")
    assert t.lost and t.winners() == [] and t.pyrrhic == 2 and t.returns() == [0.0] * 4
    out = SPEC.outcome(t)
    assert out["flood_end"] is True and out["pyrrhic"] == 2


# ---- Oil Springs: 5-6 players and variants -----------------------------------------------------------
def test_oil_11_1_five_six_players_combine_base_extension_and_scenario():
    """OIL-11.1: 5-6 players use the base rules, the extension (30 hexes, bank 24, 34 cards, SBP) and the
    scenario (oil limit 6 etc.)."""
    s = make(players=6, scenario=OIL, layout="variable")
    assert s.board.n_hex == 30 and s.bank == [24] * 5 and len(s.deck) == 34
    assert s.oil_limit == 6 and s.vp_to_win == 12 and s.robber == -1
    s.apply("end")
    assert s.phase == SBP and s.seat_to_move == 1


def test_oil_11_3_five_six_player_springs():
    """OIL-11.3 (note A20): with 5-6 players the second desert also carries a numbered spring, and there is
    one forest and one pasture spring; robber off the board, marker 0. No fixed 5-6 map exists (CAT-13.7,
    OIL-16.3), so the springs follow the variable setup (OIL-13.7); see the README for the reading."""
    for seed in range(4):
        s = ccg.new_game("catan", players=5 + seed % 2, seed=seed, scenario=OIL)
        b = s.board
        deserts = [h for h in range(b.n_hex) if TERRAINS[b.terrain[h]] == "desert"]
        assert len(deserts) == 2 and all(b.spring[h] == 1 for h in deserts)
        over = sorted(TERRAINS[b.terrain[h]] for h in range(b.n_hex) if b.spring[h] == 2)
        assert over == ["forest", "pasture"] and s.robber == -1 and s.marker == 0


def test_oil_11_4_sbp_follows_the_disaster_phase_without_the_ended_player():
    """OIL-11.4: the SBP comes right after the disaster phase of the ended turn; the player whose turn ended
    cannot build in it."""
    s = make(players=5, scenario=OIL, layout="variable")
    give(s, 0, lumber=3, brick=3)
    put(s, 0, inland_nodes(s)[0])
    s.marker, s.pending, s.trigger = 5, True, 0
    rig(s, "end", lambda c: c.last_disaster is not None and c.last_disaster[0] != 7)
    s.apply("end")
    assert s.disasters == 1 and s.marker == 0 and s.phase == SBP and s.seat_to_move == 1
    asked = []
    while s.phase == SBP:
        asked.append(s.seat_to_move)
        s.apply("pass")
    assert asked == [1, 2, 3, 4] and s.active == 1


def test_oil_12_1_open_game_variable_setup():
    """OIL-12.1: the open game's variable setup (OIL-13) — seeded board, springs placed, robber off-board."""
    a = ccg.new_game("catan", players=4, seed=21, scenario=OIL, layout="variable")
    b = ccg.new_game("catan", players=4, seed=22, scenario=OIL, layout="variable")
    assert a.board.layout != b.board.layout and a.board.layout["name"] == "variable"
    assert a.robber == -1 and a.board.n_springs == 3 and "OIL-13" in a.board.layout["source"]


def test_oil_9_2_11_5_active_players_sequestration_does_not_block_an_sbp_metropolis():
    """OIL-9.2 binds the player who sequestered, in his own turn; OIL-11.5 lets the other players build a
    metropolis in the following SBP even though the ended turn's player sequestered."""
    s = make(players=5, scenario=OIL, layout="variable")
    give(s, 0, oil=1)
    city = inland_nodes(s)[0]
    put(s, 1, city, 2)
    give(s, 1, brick=1, ore=1, grain=1, oil=2)
    s.apply("sequester")
    assert not any(a.startswith("convert") for a in legal_strs(s))  # the sequestering player: no use
    s.apply("end")
    assert s.phase == SBP and s.seat_to_move == 1
    assert f"metro N{city}" in legal_strs(s)
    s.apply(f"metro N{city}")
    assert s.marker == 2 and s.node_level[city] == 3


def test_oil_13_2_desert_tile_number_avoids_the_neighbours():
    """OIL-13.2 (OIL-1.3, OIL-16.1): with one desert either numbered tile (5 or 9) may go on it; the one whose
    printed number no neighbour of the desert shows is chosen (5 when both or neither are free)."""
    from ccg.games.catan.layouts import place_oil_springs, variable_layout

    seen = set()
    for seed in range(40):
        plain = variable_layout(4, Rng(seed), robber_on_desert=False)
        at = {(h["q"], h["r"]): h for h in plain["hexes"]}  # numbers before any OIL-13.3 token swap
        lay = place_oil_springs(plain, Rng(seed))
        desert = next(h for h in lay["hexes"] if h["terrain"] == "desert")
        nbrs = {at[(desert["q"] + dq, desert["r"] + dr)]["number"] for dq, dr in
                ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)) if (desert["q"] + dq, desert["r"] + dr) in at}
        want = 9 if 5 in nbrs and 9 not in nbrs else 5
        assert desert["number"] == want and desert["spring"] == "numbered", seed
        seen.add(want)
    assert seen == {5, 9}


def _plain_56_layout(seed):
    """A 5-6 layout without springs that has a forest 10 (not on the west edge) and a pasture 4."""
    from ccg.games.catan.layouts import variable_layout

    lay = variable_layout(5, Rng(seed))
    H = lay["hexes"]
    west_q = {r: min(h["q"] for h in H if h["r"] == r) for r in {h["r"] for h in H}}
    forest = next(h for h in H if h["terrain"] == "forest" and h["q"] != west_q[h["r"]])
    ten = next(h for h in H if h["number"] == 10 and h is not forest)
    forest["number"], ten["number"] = 10, forest["number"]
    pasture = next(h for h in H if h["terrain"] == "pasture")
    four = next(h for h in H if h["number"] == 4 and h is not pasture and h is not forest)
    pasture["number"], four["number"] = 4, pasture["number"]
    return lay


def test_oil_11_3_a_users_five_six_layout_gets_the_scenario_springs():
    """OIL-11.3 (note A20): a 5-6 layout without springs passed to the scenario gets numbered springs on both
    deserts, the forest 10 swapped (with its token) onto the west side and the pasture 4 onto the east side,
    each with its overlay spring; tile and token counts are unchanged; the robber starts off the board."""
    for seed in range(3):
        lay = _plain_56_layout(seed)
        s = ccg.new_game("catan", players=5, seed=seed, scenario=OIL, layout=lay)
        out = s.board.layout
        H = out["hexes"]
        rows = {r: [h for h in H if h["r"] == r] for r in {h["r"] for h in H}}
        west = [min(r, key=lambda h: h["q"]) for r in rows.values()]
        east = [max(r, key=lambda h: h["q"]) for r in rows.values()]
        springs = [h for h in H if h["spring"]]
        assert sorted((h["terrain"], h["spring"]) for h in springs) == [
            ("desert", "numbered"), ("desert", "numbered"), ("forest", "overlay"), ("pasture", "overlay")]
        forest = next(h for h in springs if h["terrain"] == "forest")
        pasture = next(h for h in springs if h["terrain"] == "pasture")
        assert forest["number"] == 10 and forest in west and pasture["number"] == 4 and pasture in east
        assert sorted(h["number"] for h in H if h["spring"] == "numbered") == [5, 9]
        assert Counter(h["terrain"] for h in H) == Counter(h["terrain"] for h in lay["hexes"])
        before = Counter(h["number"] for h in lay["hexes"] if h["terrain"] != "desert")
        assert Counter(h["number"] for h in H if h["terrain"] != "desert") == before
        assert s.robber == -1 and "OIL-11.3" in out["source"]
        assert ccg.replay(s.record()).board.layout == out  # the seeded choice replays
    with pytest.raises(ValueError, match="oil springs"):
        ccg.new_game("catan", players=4, seed=1, scenario=OIL, layout=ccg.new_game("catan", seed=1).board.layout)
