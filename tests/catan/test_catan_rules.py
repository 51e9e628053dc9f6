"""Rule tests for the base game (CAT-…) and the Oil Springs layer (OIL-…), each citing its rule id."""
from __future__ import annotations

import pytest
from catan_helpers import (
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
)

import ccg
from ccg.core.errors import IllegalActionError
from ccg.core.rng import Rng
from ccg.games.catan import production
from ccg.games.catan.data import KNIGHT, MONOPOLY, PIPS, PLENTY, ROAD_BUILDING
from ccg.games.catan.geometry import Geometry, spiral
from ccg.games.catan.layouts import validate_layout, variable_layout
from ccg.games.catan.phases import CHOOSE, MAIN, PRE_ROLL, ROBBER, SBP

OIL = "oil_springs"
BASE19 = [(q, r) for r in range(-2, 3) for q in range(-2, 3) if -2 <= q + r <= 2]


# ---- board data -------------------------------------------------------------------------------
def test_cat_13_2_geometry_counts():
    """CAT-13.2, CAT-2.2/2.3: 54 intersections, 72 paths, 30 coastal of each; 5-6 board 80/109/38 (CAT-12.2)."""
    g = Geometry(BASE19)
    assert (len(g.nodes), len(g.edges), sum(g.node_coastal), sum(g.edge_coastal)) == (54, 72, 30, 30)
    big = ccg.new_game("catan", players=5, seed=1).board.geo
    assert (len(big.hexes), len(big.nodes), len(big.edges), sum(big.node_coastal)) == (30, 80, 109, 38)


def test_cat_13_3_13_4_beginner_map_and_harbours():
    """CAT-13.3, CAT-13.4, CAT-1.3, CAT-1.6: tile and token counts; 9 harbours on 18 coastal intersections."""
    s = ccg.new_game("catan", players=4, seed=1)
    b = s.board
    assert sorted(b.terrain) == sorted([0] * 4 + [2] * 4 + [3] * 4 + [1] * 3 + [4] * 3 + [5])
    assert sorted(n for n in b.numbers0 if n) == sorted([2, 12] + [3, 4, 5, 6, 8, 9, 10, 11] * 2)
    hn = [n for n in range(b.n_node) if b.node_harbour[n] >= 0]
    assert len(hn) == 18 and all(b.node_coastal[n] for n in hn)
    assert s.robber == hexi(s, 0, 0)  # CAT-3.4: robber on the desert
    # harbour 1 of CAT-13.4: 3:1 on (0,-3,S) and (0,-2,N)
    assert b.node_harbour[node(s, 0, -3, "S")] == b.node_harbour[node(s, 0, -2, "N")] == 5


def test_cat_13_5_spiral_order():
    """CAT-13.5: counterclockwise spiral from (0,-2) as printed in the digest."""
    g = Geometry(BASE19)
    expect = [(0, -2), (-1, -1), (-2, 0), (-2, 1), (-2, 2), (-1, 2), (0, 2), (1, 1), (2, 0), (2, -1), (2, -2),
              (1, -2), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, 0)]
    assert [g.hexes[h] for h in spiral(g, g.hex_index[(0, -2)])] == expect


def test_cat_3_2_3_3_variable_setup_is_seeded_and_follows_the_spiral():
    """CAT-3.2/3.3: shuffled terrain and harbours, tokens A-R along the spiral skipping the desert."""
    a = variable_layout(4, Rng(5))
    assert a == variable_layout(4, Rng(5)) and a != variable_layout(4, Rng(6))
    validate_layout(a)
    nums = [h["number"] for h in a["hexes"] if h["terrain"] != "desert"]
    assert sorted(nums) == sorted([5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11])
    g = Geometry([(h["q"], h["r"]) for h in a["hexes"]])
    at = {(h["q"], h["r"]): h for h in a["hexes"]}
    seqs = []
    for c in g.corner_hexes():
        seqs.append([at[g.hexes[h]]["number"] for h in spiral(g, c) if at[g.hexes[h]]["terrain"] != "desert"])
    assert [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11] in seqs
    assert sorted(h["type"] for h in a["harbours"]) == sorted(["3:1"] * 4 + ["lumber", "brick", "wool", "grain", "ore"])


def test_cat_12_2_large_board():
    """CAT-12.1-12.5: 30 hexes (2 deserts), 28 tokens, 11 harbours, bank 24, deck 34."""
    s = ccg.new_game("catan", players=6, seed=3)
    b = s.board
    assert b.n_hex == 30 and b.terrain.count(5) == 2
    assert sorted(n for n in b.numbers0 if n) == sorted([2, 12] * 2 + [3, 4, 5, 6, 8, 9, 10, 11] * 3)
    assert len(b.harbour_edges) == 11 and s.bank == [24] * 5 and len(s.deck) == 34
    with pytest.raises(ValueError, match="5-6"):
        ccg.new_game("catan", players=5, seed=1, layout="beginner")


# ---- options -------------------------------------------------------------------------------------
def test_options_are_validated():
    with pytest.raises(ValueError, match="unknown option"):
        ccg.new_game("catan", players=4, seed=1, scenery="oil")
    with pytest.raises(ValueError):
        ccg.new_game("catan", players=4, seed=1, scenario="oil")
    with pytest.raises(ValueError, match="unknown rule"):
        ccg.new_game("catan", players=4, seed=1, rules={"vp_too_win": 8})
    with pytest.raises(ValueError, match="hexes\\[0\\].terrain"):
        ccg.new_game("catan", players=4, seed=1, layout={"hexes": [{"q": 0, "r": 0, "terrain": "lava", "number": 5}]})
    with pytest.raises(ValueError, match="not on the coast"):
        validate_layout({"hexes": [{"q": q, "r": r, "terrain": "fields", "number": 5} for q, r in BASE19],
                         "harbours": [{"q": 0, "r": 0, "side": "E", "type": "3:1"}]})
    with pytest.raises(ValueError, match="oil springs"):
        ccg.new_game("catan", players=4, seed=1, layout="beginner", scenario=None,
                     **{"rules": None}) if False else ccg.new_game(
            "catan", players=4, seed=1, layout=ccg.new_game("catan", seed=1, scenario=OIL).board.layout)


def test_custom_layout_from_a_json_file(tmp_path):
    s = ccg.new_game("catan", players=3, seed=2)
    f = tmp_path / "map.json"
    import json

    f.write_text(json.dumps(s.board.layout))
    t = ccg.new_game("catan", players=3, seed=2, layout=str(f))
    assert t.board.layout == s.board.layout
    assert ccg.replay(t.record()).to_json() == t.to_json()  # the layout travels in the options


def test_rules_overrides():
    s = ccg.new_game("catan", players=4, seed=1, rules={"vp_to_win": 6, "oil.limit": 2}, scenario=OIL)
    assert s.vp_to_win == 12 and s.oil_limit == 2
    assert ccg.new_game("catan", players=4, seed=1, rules={"vp_to_win": 6}).vp_to_win == 6


# ---- setup -------------------------------------------------------------------------------------
def test_cat_3_7_3_8_snake_order_and_3_9_starting_resources():
    """CAT-3.7/3.8: order 0..n-1 then back; CAT-3.9: only the second settlement pays."""
    s = ccg.new_game("catan", players=4, seed=7)
    first = s.first
    seen = []
    while s.phase in (0, 1):
        if s.phase == 0:
            seen.append(s.seat_to_move)
        before = s.hand[:]
        a = s.legal_actions()[0]
        p = s.seat_to_move
        s.apply(a)
        if a.kind == "settle":
            n = int(a.args[0][1:])
            gained = sum(s.hand) - sum(before)
            expect = sum(1 for h in s.board.node_hexes[n] if s.board.terrain[h] < 5) if len(seen) > 4 else 0
            assert gained == expect, (p, len(seen))
    order = [(first + i) % 4 for i in range(4)]
    assert seen == order + order[::-1]
    assert s.phase == PRE_ROLL and s.seat_to_move == first and s.turn == 1


def test_oil_2_4_2_8_robber_off_board_and_no_oil_at_setup():
    """OIL-2.4: robber off board; OIL-2.8: a spring next to the 2nd settlement pays nothing (A07 flag pays 1 oil)."""
    for flag in (False, True):
        s = ccg.new_game("catan", players=3, seed=1, scenario=OIL, rules={"oil.setup_pays_oil": flag})
        assert s.robber == -1
        desert = hexi(s, 0, 0)
        spot = s.board.hex_nodes[desert][0]
        for _ in range(3):  # first round: anywhere else
            a = next(a for a in s.legal_actions() if a.kind != "settle" or int(a.args[0][1:]) not in
                     [spot] + list(s.board.node_nbrs[spot]))
            s.apply(a)
            s.apply(s.legal_actions()[0])
        s.apply(f"settle N{spot}")
        expected = sum(1 for h in s.board.node_hexes[spot] if s.board.terrain[h] < 5 and not s.board.spring[h])
        assert sum(s.hand[s.seat_to_move * 5:(s.seat_to_move + 1) * 5]) == expected
        assert s.oil[s.seat_to_move] == (1 if flag else 0)


# ---- production and robber ---------------------------------------------------------------------------
def test_cat_5_2_production_and_6_5_robber_blocks():
    """CAT-5.2: settlement 1, city 2; CAT-6.5 / OIL-4.5: no production under the robber."""
    s = make()
    h = hexi(s, 0, -1)  # hills 6
    ring = s.board.hex_nodes[h]
    put(s, 1, ring[0], 1)
    put(s, 2, ring[2], 2)
    production.produce(s, 6)
    assert s.hand_of(1)["brick"] == 1 and s.hand_of(2)["brick"] == 2
    s.robber = h
    production.produce(s, 6)
    assert s.hand_of(1)["brick"] == 1


def test_oil_4_1_metropolis_produces_three_and_6_5():
    """OIL-6.5: a metropolis pays 3 cards (3 oil at a spring); OIL-2.3: an overlay spring pays no wool."""
    s = make(scenario=OIL)
    h = hexi(s, 2, -1)  # pasture 10 with oil spring
    put(s, 0, s.board.hex_nodes[h][3], 3)
    production.produce(s, 10)
    assert s.oil[0] == 3 and s.hand_of(0)["wool"] == 0
    t = make(scenario=OIL, rules={"oil.springs_keep_resource": True})
    put(t, 0, t.board.hex_nodes[h][3], 2)
    production.produce(t, 10)
    assert t.oil[0] == 2 and t.hand_of(0)["wool"] == 2  # note A05 flag


def test_oil_4_5_robber_blocks_a_spring():
    s = make(scenario=OIL)
    h = hexi(s, 0, 0)
    put(s, 0, s.board.hex_nodes[h][0], 1)
    s.robber = h
    production.produce(s, 5)
    assert s.oil[0] == 0


def test_cat_6_2_discard_only_above_seven_half_rounded_down():
    s = make(phase=PRE_ROLL)
    give(s, 1, wool=9)
    give(s, 2, ore=7)
    rig(s, "roll", lambda c: c.dice == 7)
    s.apply("roll")
    assert s.discard == [0, 4, 0, 0] and s.seat_to_move == 1
    assert legal_strs(s) == ["discard wool"]


def test_cat_6_3_robber_must_move_and_oil_5_1_first_placement_anywhere():
    s = make(phase=ROBBER)
    s.rolled = True
    hexes = [a.args[0] for a in s.legal_actions()]
    assert f"H{s.robber}" not in hexes and len(hexes) == 18
    t = make(scenario=OIL, phase=ROBBER)
    assert len(t.legal_actions()) == 19  # off the board: every hex is legal


def test_cat_6_4_steal_from_adjacent_players_with_cards():
    s = make(phase=ROBBER)
    s.rolled = True
    h = hexi(s, 1, 0)
    ring = s.board.hex_nodes[h]
    put(s, 1, ring[0])
    put(s, 2, ring[2])
    put(s, 0, ring[4])
    give(s, 1, ore=2)
    acts = [str(a) for a in s.legal_actions() if a.args[0] == f"H{h}"]
    assert acts == [f"robber H{h} 1"]  # seat 2 has no cards, seat 0 is the thief
    s.apply(acts[0])
    assert s.hand_of(0)["ore"] == 1 and s.hand_of(1)["ore"] == 1 and s.phase == MAIN


# ---- building ---------------------------------------------------------------------------------------------
def test_cat_8_3_8_4_roads_and_distance_rule():
    s = make()
    a = node(s, 0, 0, "N")
    put(s, 0, a)
    give(s, 0, lumber=5, brick=5, wool=2, grain=2)
    legal = legal_strs(s)
    roads = [x for x in legal if x.startswith("road")]
    assert len(roads) == 3
    assert not any(x.startswith("settle") for x in legal)  # CAT-8.4: must touch an own road
    nb = s.board.node_nbrs[a]
    path(s, 0, [a, nb[0]])
    far = [m for m in s.board.node_nbrs[nb[0]] if m != a]
    path(s, 0, [nb[0], far[0]])
    settles = [x for x in legal_strs(s) if x.startswith("settle")]
    assert settles == [f"settle N{far[0]}"]  # nb[0] breaks the distance rule
    # an opponent's settlement blocks continuing through it (CAT-8.3)
    put(s, 1, far[0])
    beyond = [e for e in s.board.node_edges[far[0]] if s.edge_owner[e] < 0]
    assert not any(f"road E{e}" in legal_strs(s) for e in beyond)


def test_cat_1_7_piece_limits():
    s = make()
    nodes = []
    for n in range(s.board.n_node):
        if len(nodes) == 5:
            break
        if all(s.node_owner[m] < 0 for m in s.board.node_nbrs[n]) and s.node_owner[n] < 0:
            put(s, 0, n)
            nodes.append(n)
    give(s, 0, lumber=3, brick=3, wool=3, grain=3)
    path(s, 0, [nodes[0], s.board.node_nbrs[nodes[0]][0]])
    assert not any(x.startswith("settle") for x in legal_strs(s))


def test_cat_8_5_city_replaces_settlement():
    s = make()
    n = inland_nodes(s)[0]
    put(s, 0, n)
    give(s, 0, ore=3, grain=2)
    s.apply(f"city N{n}")
    assert s.node_level[n] == 2 and s.settlements_built[0] == 0 and s.cities_built[0] == 1 and s.vp(0) == 2


# ---- development cards -----------------------------------------------------------------------------------
def test_cat_9_2_not_the_turn_bought_one_per_turn_before_roll_allowed():
    s = make()
    give(s, 0, wool=2, ore=2, grain=2)
    s.deck.remove(KNIGHT)
    s.deck.append(KNIGHT)
    s.apply("buy dev")
    assert "play knight" not in legal_strs(s)
    s.apply("end")
    for _seat in (1, 2, 3):
        rig(s, "roll", lambda c: c.dice != 7)
        s.apply("roll")
        s.apply("end")
    assert s.active == 0 and s.phase == PRE_ROLL
    assert "play knight" in legal_strs(s)  # before the roll
    s.apply("play knight")
    assert s.phase == ROBBER and s.knights[0] == 1
    s.apply(s.legal_actions()[0])
    assert s.phase == PRE_ROLL and not any(x.startswith("play") for x in legal_strs(s))


def test_cat_9_4_road_building():
    s = make()
    n = inland_nodes(s)[0]
    put(s, 0, n)
    deal_dev(s, 0, ROAD_BUILDING)
    s.apply("play roadbuilding")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.roads_built[0] == 2 and s.phase == MAIN and s.hand == [0] * 20


def test_cat_9_5_year_of_plenty_and_oil_14_1():
    s = make(scenario=OIL)
    deal_dev(s, 0, PLENTY)
    legal = legal_strs(s)
    assert "play plenty wool wool" in legal and "play plenty oil oil" in legal
    s.apply("play plenty grain oil")
    assert s.hand_of(0)["grain"] == 1 and s.oil[0] == 1 and s.marker == 0
    t = make(scenario=OIL)
    give(t, 0, oil=3)
    deal_dev(t, 0, PLENTY)
    assert "play plenty oil oil" not in legal_strs(t) and "play plenty ore oil" in legal_strs(t)


def test_cat_9_6_monopoly():
    s = make()
    give(s, 1, ore=2)
    give(s, 3, ore=1, wool=1)
    deal_dev(s, 0, MONOPOLY)
    s.apply("play monopoly ore")
    assert s.hand_of(0)["ore"] == 3 and s.hand_of(3)["wool"] == 1


def test_cat_9_7_vp_cards_count_and_win_at_once():
    """CAT-9.7, CAT-11.2: hidden VP cards count; 10 VP during one's own turn wins at once."""
    s = make()
    nine_vp_with_a_vp_card_on_top(s, 0)
    assert s.vp(0) == 9
    s.apply("buy dev")
    assert s.is_terminal() and s.winners() == [0]


# ---- Longest Road and Largest Army --------------------------------------------------------------------
def _line(s, p, start, k):
    """A simple path of k roads from ``start`` through intersections no road touches yet."""
    b = s.board

    def free(m):
        return all(s.edge_owner[e] < 0 for e in b.node_edges[m])

    def dfs(nodes):
        if len(nodes) == k + 1:
            return nodes
        for m in b.node_nbrs[nodes[-1]]:
            if m not in nodes and free(m):
                got = dfs(nodes + [m])
                if got:
                    return got
        return None

    starts = [start] + [n for n in range(b.n_node) if n != start]
    nodes = next((got for st in starts if free(st) for got in [dfs([st])] if got), None)
    assert nodes, "no room for the road"
    path(s, p, nodes)
    return nodes


def test_cat_10_1_longest_road_five_and_strictly_longer():
    s = make()
    a = _line(s, 0, node(s, -1, -1, "N"), 5)
    assert s.road_len[0] == 5 and s.longest_road_holder == 0
    b = _line(s, 1, node(s, 0, 2, "S"), 5)
    assert s.road_len[1] == 5 and s.longest_road_holder == 0  # a tie does not take the card
    extra = next(m for m in s.board.node_nbrs[b[-1]] if m not in b and s.edge_owner[
        s.board.geo.edge_index[(min(m, b[-1]), max(m, b[-1]))]] < 0)
    path(s, 1, [b[-1], extra])
    assert s.road_len[1] == 6 and s.longest_road_holder == 1
    assert a


def test_cat_10_2_10_3_broken_road_and_set_aside():
    """CAT-10.2: an opponent's settlement splits a road; CAT-10.3: tie after the break -> set aside."""
    s = make()
    a = _line(s, 0, node(s, -1, -1, "N"), 7)
    assert s.longest_road_holder == 0 and s.road_len[0] == 7
    # a 5-road for seat 1 elsewhere
    _line(s, 1, node(s, 0, 2, "S"), 5)
    assert s.longest_road_holder == 0
    # seat 2 settles in the middle of seat 0's road: 3 + 4 -> longest 4 < 5; seat 1 alone has 5
    put(s, 2, a[3])
    from ccg.games.catan.roads import update_roads

    update_roads(s, (0,))
    assert s.road_len[0] == 4 and s.longest_road_holder == 1
    # set aside: two players tie at the longest after the holder breaks
    t = make()
    a = _line(t, 0, node(t, -1, -1, "N"), 7)
    _line(t, 1, node(t, 0, 2, "S"), 5)
    _line(t, 3, node(t, 2, -2, "N"), 5)
    assert t.longest_road_holder == 0
    put(t, 2, a[3])
    update_roads(t, (0,))
    assert t.longest_road_holder == -1  # seats 1 and 3 tie at 5: card set aside


def test_cat_10_3_holder_keeps_on_tie():
    """CAT-10.3 note A02: broken but still tied for longest (>= 5): the holder keeps the card."""
    s = make()
    a = _line(s, 0, node(s, -1, -1, "N"), 8)
    _line(s, 1, node(s, 0, 2, "S"), 5)
    put(s, 2, a[3])  # 3 + 5
    from ccg.games.catan.roads import update_roads

    update_roads(s, (0,))
    assert s.road_len[0] == 5 and s.longest_road_holder == 0


def test_cat_10_4_largest_army():
    s = make()
    s.knights = [3, 0, 0, 0]
    deal_dev(s, 1, KNIGHT, 4)
    s.deck = [t for t in s.deck]
    s.deck.remove(KNIGHT)
    s.deck.remove(KNIGHT)
    s.deck.remove(KNIGHT)
    from ccg.games.catan.scoring import award_largest_army

    award_largest_army(s, 0)
    assert s.largest_army_holder == 0
    s.knights[1] = 3
    award_largest_army(s, 1)
    assert s.largest_army_holder == 0
    s.knights[1] = 4
    award_largest_army(s, 1)
    assert s.largest_army_holder == 1


# ---- trade -----------------------------------------------------------------------------------------------
def test_cat_7_3_7_5_every_maritime_rate_is_offered():
    s = make()
    n = node(s, -2, 0, "S")  # brick 2:1 harbour (CAT-13.4 #8)
    put(s, 0, n)
    m = node(s, 0, -2, "N")  # 3:1 harbour (#1)
    put(s, 0, m)
    give(s, 0, brick=4, wool=3)
    legal = legal_strs(s)
    for k in (2, 3, 4):
        assert f"trade {k} brick ore" in legal
    assert "trade 3 wool ore" in legal and "trade 2 wool ore" not in legal and "trade 4 wool ore" not in legal
    s.bank[4] = 0
    s.hand[0 * 5 + 4] = 19
    s.mark_edited()
    assert "trade 2 brick ore" not in legal_strs(s)  # CAT-7.6: the bank must hold the card


def test_oil_6_4_no_maritime_trade_for_oil():
    s = make(scenario=OIL)
    give(s, 0, oil=4, wool=4)
    assert not any(x.startswith("trade") and "oil" in x for x in legal_strs(s))


def test_cat_7_2_domestic_trade_propose_accept_reject():
    """CAT-7.2: only players able to pay are asked, clockwise; declines leave every hand as it was."""
    s = make(scenario=OIL)
    give(s, 0, wool=2)
    give(s, 2, ore=1)
    give(s, 3, oil=4)
    s.apply("propose")
    assert legal_strs(s)[0] == "cancel" and "give wool" in legal_strs(s) and "offer" not in legal_strs(s)
    give(s, 3, ore=2)
    s.apply("give wool")
    s.apply("ask ore")
    s.apply("offer")
    assert s.seat_to_move == 2 and legal_strs(s) == ["accept", "reject"]  # seat 1 has no ore: not asked
    s.apply("reject")
    assert s.seat_to_move == 3
    s.apply("reject")
    assert s.phase == MAIN and s.seat_to_move == 0 and s.offer is None
    assert s.hand_of(0)["wool"] == 2 and s.hand_of(2)["ore"] == 1 and s.hand_of(3)["ore"] == 2  # declined: no trade
    compose(s, {"wool": 1}, {"ore": 1})
    s.apply("accept")  # seat 2 accepts
    s.apply("reject")  # seat 3 declines: one acceptor, the trade is made
    assert s.hand_of(0)["ore"] == 1 and s.hand_of(2)["wool"] == 1 and s.phase == MAIN


def test_cat_7_2_multi_resource_terms_bounded_by_the_hands():
    """CAT-7.2 "on any agreed terms": several goods and cards a side; the proposer gives only what he holds,
    asks only for what another player's hand (its public size) could pay; no good on both sides."""
    s = make()
    give(s, 0, wool=2, grain=1)
    give(s, 1, ore=2, brick=1)
    s.apply("propose")
    for _ in range(2):
        s.apply("give wool")
    assert "give wool" not in legal_strs(s)  # seat 0 holds 2 wool
    s.apply("give grain")
    assert "ask wool" not in legal_strs(s) and "ask grain" not in legal_strs(s)  # identical types
    for good in ("ore", "ore", "brick"):
        s.apply(f"ask {good}")
    assert not any(a.startswith("ask") for a in legal_strs(s))  # nobody else holds more than 3 cards
    assert s.offer == (0, 0, 2, 1, 0, 0, 0, 1, 0, 0, 2, 0)
    s.apply("offer")
    assert s.seat_to_move == 1
    s.apply("accept")
    assert s.hand_of(0) == {"lumber": 0, "brick": 1, "wool": 0, "grain": 0, "ore": 2}
    assert s.hand_of(1) == {"lumber": 0, "brick": 0, "wool": 2, "grain": 1, "ore": 0}
    s.check_invariants()


def test_cat_7_2_several_acceptors_the_active_player_chooses():
    """CAT-7.2: every player able to pay answers; with several acceptors the active player picks one."""
    s = make()
    give(s, 0, wool=1)
    for p in (1, 2, 3):
        give(s, p, ore=1)
    compose(s, {"wool": 1}, {"ore": 1})
    for _ in range(3):
        s.apply("accept")
    assert s.phase == CHOOSE and s.seat_to_move == 0 and legal_strs(s) == ["choose 1", "choose 2", "choose 3"]
    s.apply("choose 2")
    assert s.hand_of(0)["ore"] == 1 and s.hand_of(2)["wool"] == 1 and s.hand_of(1)["ore"] == 1
    assert s.phase == MAIN and s.offer is None
    t = make()
    give(t, 0, wool=1)
    for p in (1, 2, 3):
        give(t, p, ore=1)
    compose(t, {"wool": 1}, {"ore": 1})
    t.apply("accept")
    t.apply("reject")
    t.apply("accept")
    assert legal_strs(t) == ["choose 1", "choose 3"]  # only those who accepted


def test_cat_7_2_several_proposals_a_turn_and_the_limit_parameter():
    """CAT-7.2 sets no limit on proposals (default rule trade_offers_per_turn = 0: none); the rule sets one."""
    s = make()
    give(s, 0, wool=3)
    for _ in range(5):
        s.apply("propose")
        s.apply("cancel")
    assert "propose" in legal_strs(s) and s.offers_made == 5
    t = make(rules={"trade_offers_per_turn": 2})
    give(t, 0, wool=3)
    for _ in range(2):
        t.apply("propose")
        t.apply("cancel")
    assert "propose" not in legal_strs(t)
    with pytest.raises(IllegalActionError, match="trade_offers_per_turn = 2"):
        t.apply("propose")


def test_oil_3_4c_domestic_trade_respects_the_oil_limit():
    """OIL-3.4c, OIL-3.6: oil is traded like a card, but no trade may leave a participant above the limit."""
    s = make(scenario=OIL)
    give(s, 0, oil=1)
    give(s, 1, oil=4, ore=1)
    give(s, 2, oil=4)
    give(s, 3, oil=4)
    s.apply("propose")
    assert "give oil" not in legal_strs(s)  # every other player already holds 4 oil (L = 4)
    s.apply("cancel")
    give(s, 2, oil=-4, wool=1)  # seat 2: room for oil, one card (not ore)
    give(s, 0, oil=3)  # seat 0 now holds 4
    compose(s, {"oil": 1}, {"ore": 1}, submit=False)
    assert "ask oil" not in legal_strs(s) and "give oil" in legal_strs(s)  # seat 0 is at the limit
    s.apply("offer")
    assert s.phase == MAIN  # seat 1 holds the ore but would hold 5 oil, seat 2 has no ore: nobody is asked
    assert s.oil[:3] == [4, 4, 0]


def test_cat_4_3_trade_then_build_unless_combined():
    s = make()
    put(s, 0, inland_nodes(s)[0])
    give(s, 0, wool=4, ore=3, grain=2)
    s.apply(f"city N{inland_nodes(s)[0]}")
    assert not any(x.startswith(("trade", "propose")) for x in legal_strs(s))
    t = make(rules={"combined_trade_build": True})
    put(t, 0, inland_nodes(t)[0])
    give(t, 0, wool=4, ore=3, grain=2)
    t.apply(f"city N{inland_nodes(t)[0]}")
    assert "trade 4 wool ore" in legal_strs(t)


# ---- 5-6 players -------------------------------------------------------------------------------------------
def test_cat_12_8_12_9_12_10_special_building_phase():
    s = make(players=5)
    give(s, 2, wool=1, ore=1, grain=1)
    s.deck.remove(KNIGHT)
    s.deck.append(KNIGHT)
    s.apply("end")
    assert s.phase == SBP and s.seat_to_move == 1
    assert legal_strs(s) == ["pass"]
    s.apply("pass")
    assert s.seat_to_move == 2 and "buy dev" in legal_strs(s)
    assert not any(x.startswith(("trade", "propose", "play")) for x in legal_strs(s))
    s.apply("buy dev")
    for _ in range(3):
        s.apply("pass")
    assert s.active == 1 and s.phase == PRE_ROLL
    assert s.dev_new == [0] * 5 and s.dev[2 * 5 + KNIGHT] == 1  # playable from seat 2's next own turn


# ---- Oil Springs ---------------------------------------------------------------------------------------------
def test_oil_9_2_no_use_after_sequestering_and_open_variant():
    s = make(scenario=OIL)
    give(s, 0, oil=2)
    s.apply("sequester")
    assert not any(x.startswith("convert") for x in legal_strs(s)) and "sequester" not in legal_strs(s)
    t = make(scenario=OIL, rules={"oil.open_use_and_sequester": True})
    give(t, 0, oil=2)
    t.apply("convert ore")
    assert "sequester" in legal_strs(t)  # OIL-12.2
    t.apply("sequester")
    assert "sequester" not in legal_strs(t)  # still once per turn


def test_oil_12_3_no_limit_variant():
    s = make(scenario=OIL, rules={"oil.no_limit": True})
    give(s, 0, oil=9)
    s.check_invariants()
    put(s, 0, s.board.hex_nodes[hexi(s, 0, 0)][0], 2)
    production.produce(s, 5)
    assert s.oil[0] == 11


def test_oil_1_2_metropolis_pool():
    s = make(scenario=OIL)
    n = inland_nodes(s)[0]
    put(s, 0, n, 2)
    give(s, 0, brick=1, ore=1, grain=1, oil=2)
    s.metro_pool = 0
    s.metro_pool = 0
    s.metropolises_built = [0, 0, 0, 0]
    assert f"metro N{n}" not in legal_strs(s)


def test_oil_6_6_no_oil_use_before_the_roll():
    """Note A13: conversion, metropolis and sequestration only after the roll."""
    s = make(scenario=OIL, phase=PRE_ROLL)
    give(s, 0, oil=2)
    assert not any(x.startswith(("convert", "sequester", "metro")) for x in legal_strs(s))


def test_oil_10_3_a10_robber_may_stay_on_a_destroyed_hex():
    s = make(scenario=OIL)
    h = hexi(s, 0, -1)
    s.robber = h
    s.numbers[h] = 0
    s.destroyed = [[h, 6]]
    s.check_invariants()
    s.phase = ROBBER
    s.mark_edited()
    assert f"robber H{h}" not in legal_strs(s)


def test_oil_13_variable_setup_places_springs():
    """OIL-13.2-13.4 (notes A22, A23): numbered desert spring, pasture 2nd most, forest 2nd least probable."""
    for seed in range(12):
        s = ccg.new_game("catan", players=4, seed=seed, scenario=OIL, layout="variable")
        b = s.board
        assert s.robber == -1
        springs = [h for h in range(b.n_hex) if b.spring[h]]
        assert len(springs) == 3
        desert = [h for h in springs if b.terrain[h] == 5]
        assert len(desert) == 1 and b.numbers0[desert[0]] in (5, 9)
        for terrain, rank in ((2, "high"), (0, "low")):
            hs = [h for h in range(b.n_hex) if b.terrain[h] == terrain]
            sp = [h for h in hs if b.spring[h]]
            assert len(sp) == 1
            classes = sorted({PIPS[b.numbers0[h]] for h in hs}, reverse=rank == "high")
            want = classes[1] if len(classes) > 1 else classes[0]
            assert PIPS[b.numbers0[sp[0]]] == want
    big = ccg.new_game("catan", players=6, seed=4, scenario=OIL)
    assert sum(1 for h in range(30) if big.board.spring[h]) == 4  # OIL-13.7: both deserts


def test_reconstructed_oil_springs_map_is_marked():
    """OIL-16.2 (note A24): the default scenario map is flagged as reconstructed."""
    s = ccg.new_game("catan", players=4, seed=1, scenario=OIL)
    b = s.board
    assert s.board.layout["reconstructed"] is True and "RECONSTRUCTED" in b.layout["source"]
    assert b.spring[hexi(s, 0, 0)] == 1 and b.numbers0[hexi(s, 0, 0)] == 5
    assert b.spring[hexi(s, 2, -2)] == 2 and b.numbers0[hexi(s, 2, -2)] == 9
    assert b.spring[hexi(s, 2, -1)] == 2 and b.numbers0[hexi(s, 2, -1)] == 10 and b.terrain[hexi(s, 2, -1)] == 2
    assert s.supply == 15 and s.metro_pool == 4


def test_illegal_action_message_and_no_change():
    s = make()
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="CAT-8.4"):
        s.apply("settle N3")
    with pytest.raises(IllegalActionError, match="no intersection N999"):
        s.apply("settle N999")
    with pytest.raises(IllegalActionError, match="only in the Oil Springs"):
        s.apply("sequester")
    assert s.to_json() == before


def test_observation_hides_hands_and_deck():
    s = make()
    give(s, 1, ore=2)
    deal_dev(s, 1, KNIGHT)
    obs = s.observation(0)["state"]
    assert obs["hand"][1] is None and obs["hand_counts"][1] == 2 and obs["dev"][1] is None
    assert obs["deck"] == len(s.deck)
    d = s.determinize(0, 3)
    assert d.observation(0) == s.observation(0)


def test_cat_10_1_loops_count_and_separate_cycles():
    """CAT-10.1: loops count; a pure ring of 6 plus a separate path is measured correctly."""
    from ccg.games.catan.roads import longest_road

    s = make()
    ring = list(s.board.hex_nodes[hexi(s, 0, 0)])
    path(s, 0, ring + [ring[0]])
    assert longest_road(s, 0) == 6
    other = list(s.board.hex_nodes[hexi(s, -2, 2)])
    path(s, 0, other[:3])
    assert longest_road(s, 0) == 6
    tail = [ring[0]] + [m for m in s.board.node_nbrs[ring[0]] if m not in ring][:1]
    path(s, 0, tail)
    assert longest_road(s, 0) == 7  # the spur plus the whole ring


def test_cat_3_3_almanac_random_numbers_keep_red_apart():
    """CAT-3.3 optional almanac variant: random tokens, no two 6/8 adjacent."""
    for seed in range(5):
        s = ccg.new_game("catan", players=4, seed=seed, layout="variable", rules={"random_numbers": True})
        b = s.board
        red = [h for h in range(b.n_hex) if b.numbers0[h] in (6, 8)]
        assert len(red) == 4
        assert not any(m in red for h in red for m in b.geo.hex_nbrs[h])


def test_determinize_keeps_the_cards_of_an_open_offer():
    """Hidden information: an offered card is known to be in the proposer's hand after resampling."""
    s = make()
    give(s, 0, wool=1)
    give(s, 1, ore=3)
    give(s, 2, lumber=3)
    compose(s, {"wool": 1}, {"ore": 1})
    assert s.seat_to_move == 1
    for k in range(20):
        for seat in (1, 2):
            d = s.determinize(seat, k)
            assert d.hand_of(0)["wool"] >= 1 and d.hand_of(1)["ore"] >= 1  # the responder was asked: he can pay
            d.check_invariants()
            d.apply("accept")
            d.check_invariants()


def test_where_names_board_locations_and_spec_hooks():
    """Every action's `where` lists ids of this board; outcome/heuristic/trajectory hooks answer."""
    from ccg.games.catan import SPEC

    s = ccg.new_game("catan", players=4, seed=11, scenario=OIL)
    geo = s.board.geo
    ids = set(geo.hex_ids) | set(geo.node_ids) | set(geo.edge_ids)
    r = Rng(11)
    while not s.is_terminal() and s.ply < 600:
        legal = s.legal_actions()
        for a in legal:
            assert all(w in ids for w in a.where), a
            if a.kind in ("settle", "city", "metro", "road", "robber"):
                assert a.where and a.where[0] == a.args[0]
        s.apply(legal[r.below(len(legal))])
    h = [SPEC.heuristic(s, p) for p in range(4)]
    assert all(isinstance(x, float) for x in h)
    t = SPEC.trajectory(s)
    assert {"turn", "marker", "supply", "destroyed"} <= set(t)
    out = SPEC.outcome(s)
    assert {"turns", "disasters", "flood_end", "oil_used", "sequestered", "winner_vp"} <= set(out)


def test_cat_7_2_why_a_trade_step_is_illegal():
    """CAT-7.2: a refused step of a domestic offer says which term of the rule it breaks."""
    s = make()
    give(s, 0, wool=1)
    give(s, 1, ore=1)
    with pytest.raises(IllegalActionError, match="with 'propose' first"):
        s.apply("give wool")
    s.apply("propose")
    with pytest.raises(IllegalActionError, match="at least one card and asks for at least one"):
        s.apply("offer")
    s.apply("give wool")
    with pytest.raises(IllegalActionError, match="holds 1 wool: the offer cannot give more"):
        s.apply("give wool")
    with pytest.raises(IllegalActionError, match="identical types may not be swapped"):
        s.apply("ask wool")
    s.apply("ask ore")
    with pytest.raises(IllegalActionError, match="bounded by the hands"):
        s.apply("ask ore")  # nobody else holds two cards
    with pytest.raises(IllegalActionError, match="takes no terms"):
        s.apply("offer 1 wool 1 ore")
    assert "gives 1 wool for 1 ore" in str(s)
