"""Every worked example of the rules digest (EX-1 … EX-19), citing its id and rules."""
from __future__ import annotations

import pytest
from catan_helpers import coastal_nodes, deal_dev, give, hexi, inland_nodes, legal_strs, make, put, rig, road, spread

from ccg.core.rng import Rng
from ccg.games.catan import oil as oil_rules
from ccg.games.catan import production
from ccg.games.catan.data import MONOPOLY, VP_CARD
from ccg.games.catan.phases import DISCARD, MAIN, ROBBER, SBP
from ccg.games.catan.robber import robber_hexes

OIL = "oil_springs"



def metro_ready(s, p, oil=2):
    give(s, p, brick=1, ore=1, grain=1, oil=oil)


# ---- EX-1 --------------------------------------------------------------------------------------
def test_ex1_patricia_converts_twice():
    """EX-1 (OIL-6.2, OIL-7.4, OIL-9.2): marker 2 -> 4; metropolis now illegal, one more conversion legal."""
    s = make(scenario=OIL)
    s.marker = 2
    city = inland_nodes(s)[0]
    put(s, 0, city, 2)
    give(s, 0, oil=4, brick=1, ore=1, grain=1)
    s.apply("convert grain")
    s.apply("convert brick")
    assert s.marker == 4 and s.oil[0] == 2
    assert s.hand_of(0)["grain"] == 3 and s.hand_of(0)["brick"] == 3
    legal = legal_strs(s)
    assert f"metro N{city}" not in legal  # 2 oil would move the marker to 6
    assert "convert wool" in legal
    assert "sequester" not in legal  # she has used oil this turn
    s.apply("convert wool")
    assert s.marker == 5 and s.pending
    assert not any(a.startswith("convert") or a.startswith("metro") for a in legal_strs(s))


# ---- EX-2 --------------------------------------------------------------------------------------
def test_ex2a_marker_four_allows_one_use():
    """EX-2a (OIL-7.4): marker 4, 4 oil: only one oil can be used."""
    s = make(scenario=OIL)
    s.marker = 4
    give(s, 0, oil=4)
    s.apply("convert ore")
    assert s.marker == 5
    assert not any(a.startswith("convert") for a in legal_strs(s))


def test_ex2b_marker_one_allows_four_uses():
    """EX-2b (OIL-7.4): marker 1: two conversions and a metropolis take it to 5."""
    s = make(scenario=OIL)
    s.marker = 1
    city = inland_nodes(s)[0]
    put(s, 0, city, 2)
    give(s, 0, oil=4, brick=1, ore=1, grain=1)
    s.apply("convert wool")
    s.apply("convert wool")
    s.apply(f"metro N{city}")
    assert s.marker == 5 and s.oil[0] == 0 and s.metropolises_built[0] == 1


def test_ex2c_sequestering_does_not_move_marker():
    """EX-2c (OIL-9.3): marker 4, sequester 1: the marker stays 4."""
    s = make(scenario=OIL)
    s.marker = 4
    give(s, 0, oil=1)
    s.apply("sequester")
    assert s.marker == 4 and s.sequestered[0] == 1 and not s.pending


# ---- EX-3 --------------------------------------------------------------------------------------
def test_ex3_alans_flooded_victory():
    """EX-3 (OIL-6.3, OIL-8.4, OIL-10.2): 12 VP by a metropolis, flood on 7 -> 10 VP, game goes on."""
    s = make(scenario=OIL)
    inl = spread(s, inland_nodes(s), 2)
    coast = spread(s, coastal_nodes(s), 3, taken=inl)
    put(s, 0, inl[0], 2)
    put(s, 0, inl[1], 2)
    put(s, 0, coast[0], 1)
    put(s, 0, coast[1], 2)
    put(s, 1, coast[2], 2)  # another player's coastal city is reduced too
    deal_dev(s, 0, VP_CARD, 4)
    s.marker = 3
    metro_ready(s, 0)
    assert s.vp(0) == 11
    s.apply(f"metro N{inl[0]}")
    assert s.vp(0) == 12 and s.marker == 5
    rig(s, "end", lambda c: c.floods == 1)
    s.apply("end")
    assert s.vp(0) == 10 and not s.is_terminal()
    assert s.node_level[inl[0]] == 3 and s.node_owner[coast[0]] == -1 and s.node_level[coast[1]] == 1
    assert s.node_level[coast[2]] == 1 and s.marker == 0 and s.active == 1


# ---- EX-4 --------------------------------------------------------------------------------------
def test_ex4_random_choice_among_equal_hexes_is_uniform_and_seeded():
    """EX-4 (OIL-8.6): three hexes show 5 on the scenario map; each is hit about 1/3 of the time."""
    s = make(scenario=OIL)
    fives = [h for h in range(s.board.n_hex) if s.numbers[h] == 5]
    assert len(fives) == 3
    counts = dict.fromkeys(fives, 0)
    picks = {}
    for k in range(3000):
        c = s.clone()
        c.rng = Rng(k)
        c.marker, c.pending, c.trigger = 5, True, 0
        oil_rules.disaster_phase(c)
        if c.last_disaster[0] == 5:
            counts[c.last_disaster[1]] += 1
            picks[k] = c.last_disaster[1]
    total = sum(counts.values())
    assert total > 200
    for h in fives:
        assert abs(counts[h] / total - 1 / 3) < 0.08
    k, h = next(iter(picks.items()))
    c = s.clone()
    c.rng = Rng(k)
    c.marker, c.pending, c.trigger = 5, True, 0
    oil_rules.disaster_phase(c)
    assert c.last_disaster[1] == h  # same seed, same choice


# ---- EX-5 --------------------------------------------------------------------------------------
def test_ex5_oil_spring_hit_twice():
    """EX-5 (OIL-8.8): supply 9, the forest-9 spring is hit: supply 6, token stays; again: 3."""
    s = make(scenario=OIL)
    forest9 = hexi(s, 2, -2)
    give(s, 1, oil=4)
    give(s, 2, oil=2)
    assert s.supply == 9
    for expected in (6, 3):
        s.phase, s.active, s.seat_to_move = MAIN, 0, 0
        s.marker, s.pending, s.trigger = 5, True, 0
        s.mark_edited()
        rig(s, "end", lambda c: c.last_disaster and c.last_disaster[1] == forest9)
        s.apply("end")
        assert s.supply == expected and s.numbers[forest9] == 9 and s.destroyed == []


# ---- EX-6 --------------------------------------------------------------------------------------
def test_ex6_destroyed_hex():
    """EX-6 (OIL-8.7, OIL-14.3): the only 11 (a pasture) is destroyed; it never produces; no robber."""
    s = make(scenario=OIL)
    forest11, pasture11 = hexi(s, -1, 0), hexi(s, 0, 2)
    s.numbers[forest11] = 0
    s.destroyed = [[forest11, 11]]
    s.marker, s.pending, s.trigger = 5, True, 0
    rig(s, "end", lambda c: c.last_disaster[0] == 11)
    s.apply("end")
    assert s.numbers[pasture11] == 0 and s.destroyed[-1] == [pasture11, 11] and len(s.destroyed) == 2
    put(s, 1, s.board.hex_nodes[pasture11][0], 2)
    before = s.hand[:]
    production.produce(s, 11)
    assert s.hand == before
    assert pasture11 not in robber_hexes(s)


# ---- EX-7 --------------------------------------------------------------------------------------
def test_ex7_production_at_the_oil_limit():
    """EX-7 (OIL-4.4): 3 oil and a city on the rolled spring: receives 1, the 2nd stays in the supply."""
    s = make(scenario=OIL)
    desert = hexi(s, 0, 0)
    give(s, 0, oil=3)
    give(s, 1, oil=2)
    assert s.supply == 10
    put(s, 0, s.board.hex_nodes[desert][0], 2)
    production.produce(s, 5)
    assert s.oil[0] == 4 and s.supply == 9


# ---- EX-8 --------------------------------------------------------------------------------------
def test_ex8_monopoly_on_oil_within_the_limit():
    """EX-8 (OIL-14.2): A 1, B 2, C 0, D 3 -> A 4, B 0, C 0, D 2."""
    s = make(scenario=OIL)
    give(s, 0, oil=1)
    give(s, 1, oil=2)
    give(s, 3, oil=3)
    deal_dev(s, 0, MONOPOLY)
    s.apply("play monopoly oil")
    assert s.oil == [4, 0, 0, 2]
    assert s.marker == 0  # Monopoly is not a use


# ---- EX-9 --------------------------------------------------------------------------------------
def test_ex9_one_by_one_oil_dealing():
    """EX-9 (OIL-4.2, OIL-4.3): B rolls; B 1, C 3, D 2 entitled; supply 4 -> B 1, C 2, D 1."""
    s = make(scenario=OIL, active=1)
    s.supply, s.removed = 4, 11
    oil_rules.deal_oil(s, [0, 1, 3, 2])
    assert s.oil == [0, 1, 2, 1] and s.supply == 0


# ---- EX-10 --------------------------------------------------------------------------------------
def test_ex10_seven_counts_oil():
    """EX-10 (OIL-5.5): 6 cards + 3 oil discards 4 (oil to the supply, marker unchanged); 5 + 2 discards 0."""
    s = make(scenario=OIL, phase=2)
    give(s, 2, lumber=3, brick=3, oil=3)
    give(s, 3, wool=5, oil=2)
    rig(s, "roll", lambda c: c.dice == 7)
    s.apply("roll")
    assert s.phase == DISCARD and s.seat_to_move == 2 and s.discard[2] == 4 and s.discard[3] == 0
    for a in ("discard oil", "discard oil", "discard oil", "discard lumber"):
        s.apply(a)
    assert s.oil[2] == 0 and s.supply == 15 - 2 and s.marker == 0
    assert s.phase == ROBBER and s.seat_to_move == 0


# ---- EX-11 --------------------------------------------------------------------------------------
def _robber_position(thief_oil, victim_cards, victim_oil):
    s = make(scenario=OIL, phase=ROBBER)
    h = hexi(s, 1, 0)
    put(s, 1, s.board.hex_nodes[h][0])
    give(s, 0, oil=thief_oil)
    give(s, 1, oil=victim_oil)
    if victim_cards:
        give(s, 1, ore=victim_cards)
    return s, h


def test_ex11a_thief_may_take_oil():
    """EX-11a (OIL-5.4): thief 2 oil, victim 1 card + 2 oil: oil or a random card."""
    s, h = _robber_position(2, 1, 2)
    legal = legal_strs(s)
    assert f"robber H{h} 1" in legal and f"robber H{h} 1 oil" in legal
    s.apply(f"robber H{h} 1 oil")
    assert s.oil[0] == 3 and s.oil[1] == 1 and s.marker == 0


def test_ex11b_oil_blocked_by_the_limit():
    """EX-11b (OIL-5.4, OIL-3.4b): thief at 4 oil, victim 0 cards: nothing can be stolen."""
    s, h = _robber_position(4, 0, 2)
    legal = legal_strs(s)
    assert f"robber H{h}" in legal
    assert not any(a.startswith(f"robber H{h} ") for a in legal)


# ---- EX-12 --------------------------------------------------------------------------------------
def test_ex12_empty_supply_on_a_spring_hit():
    """EX-12 (OIL-8.9, note A17): supply 1; B 2, C 0, D 1, A 3 -> B 1, C 0, D 0, A 3."""
    s = make(scenario=OIL, active=1)
    give(s, 0, oil=3)
    give(s, 1, oil=2)
    give(s, 3, oil=1)
    s.supply, s.removed = 1, 8
    s.trigger = 1
    oil_rules.remove_oil(s, 3)
    assert s.oil == [3, 1, 0, 0] and s.supply == 0 and s.removed == 11


def test_oil_8_9_a17_alternative_one_token_from_every_player():
    """OIL-8.9 note A17 flag: the literal 'one token each' reading takes one from every holder."""
    s = make(scenario=OIL, active=1, rules={"oil.empty_supply_one_each": True})
    give(s, 0, oil=3)
    give(s, 1, oil=2)
    give(s, 3, oil=1)
    s.supply, s.removed = 1, 8
    s.trigger = 1
    oil_rules.remove_oil(s, 3)
    assert s.oil == [2, 1, 0, 0] and s.removed == 12


# ---- EX-13 --------------------------------------------------------------------------------------
def test_ex13_island_lost_with_pyrrhic_victory():
    """EX-13 (OIL-8.10, OIL-10.3, note A19): 5th token destroyed: no winner; D has the Pyrrhic victory."""
    s = make(scenario=OIL, active=2)
    sixes = [h for h in range(s.board.n_hex) if s.numbers[h] == 6]
    assert len(sixes) == 2 and not any(s.board.spring[h] for h in sixes)
    gone = [h for h in range(s.board.n_hex) if s.numbers[h] in (2, 3, 12) or s.numbers[h] == 4][:4]
    for h in gone:
        s.destroyed.append([h, s.numbers[h]])
        s.numbers[h] = 0
    for n in spread(s, range(s.board.n_node), 4):
        put(s, 2, n, 2)
    deal_dev(s, 2, VP_CARD, 4)
    assert s.vp(2) == 12
    s.sequestered[3], s.supply, s.champion = 3, 12, 3
    s.marker, s.pending, s.trigger = 5, True, 2
    rig(s, "end", lambda c: c.last_disaster[0] == 6)
    s.apply("end")
    assert s.is_terminal() and s.lost and s.winners() == [] and s.pyrrhic == 3
    assert len(s.destroyed) == 5


# ---- EX-14 --------------------------------------------------------------------------------------
def test_ex14_champion_transfer():
    """EX-14 (OIL-9.4, OIL-9.5): 3rd token: +2 VP; a tie keeps the holder; strictly more takes it."""
    s = make(scenario=OIL)
    s.sequestered[0], s.sequestered[1], s.supply = 2, 2, 11
    base0 = s.vp(0)
    give(s, 0, oil=1)
    s.apply("sequester")
    assert s.champion == 0 and s.vp(0) == base0 + 2
    give(s, 1, oil=2)
    oil_rules.sequester(s, 1)
    assert s.champion == 0
    s.seq_done = False
    before_a, before_b = s.vp(0), s.vp(1)
    oil_rules.sequester(s, 1)
    assert s.champion == 1 and s.vp(0) == before_a - 1 and s.vp(1) == before_b + 1 and s.vp(1) == 2


# ---- EX-15 --------------------------------------------------------------------------------------
def test_ex15_no_candidate_hex():
    """EX-15 (OIL-8.6): roll 12 with the only 12 already destroyed: nothing happens; marker 0."""
    s = make(scenario=OIL)
    h12 = hexi(s, -1, -1)
    s.numbers[h12] = 0
    s.destroyed = [[h12, 12]]
    s.marker, s.pending, s.trigger = 5, True, 0
    rig(s, "end", lambda c: c.last_disaster[0] == 12)
    before = (s.numbers[:], s.supply, s.node_owner[:])
    s.apply("end")
    assert (s.numbers, s.supply, s.node_owner) == before and s.marker == 0 and s.disasters == 1


# ---- EX-16 --------------------------------------------------------------------------------------
def test_ex16_flooding_spares_metropolises_and_roads():
    """EX-16 (OIL-8.4): D's coastal metropolis and road stay; the coastal city becomes a settlement."""
    s = make(scenario=OIL)
    a, b = spread(s, coastal_nodes(s), 2)
    put(s, 3, a, 3)
    put(s, 3, b, 2)
    e = next(e for e in s.board.node_edges[a] if s.board.geo.edge_coastal[e])
    road(s, 3, e)
    oil_rules.flood(s)
    assert s.node_level[a] == 3 and s.edge_owner[e] == 3 and s.node_level[b] == 1 and s.node_owner[b] == 3


# ---- EX-17 --------------------------------------------------------------------------------------
def _sbp(marker, rules=None):
    s = make(players=5, scenario=OIL, layout="variable", phase=SBP, active=3, rules=rules or {})
    s.seat_to_move, s.special_build_left = 4, 4
    city = inland_nodes(s)[0]
    put(s, 4, city, 2)
    metro_ready(s, 4, oil=3)
    s.marker = marker
    return s, city


def test_ex17a_sbp_metropolis_up_to_five():
    """EX-17a (OIL-11.5, OIL-11.6, note A21), the default: marker 3 in the SBP: metropolis legal (it may
    not move the marker *beyond* 5, the English original), disaster played after the SBP."""
    s, city = _sbp(3)
    assert s.rules["oil.sbp_metropolis_may_trigger"]
    assert f"metro N{city}" in legal_strs(s)
    s.apply(f"metro N{city}")
    assert s.marker == 5 and s.pending and s.trigger == 4
    s.apply("pass")
    for _ in range(3):
        assert not any(a.startswith("metro") or a.startswith("convert") for a in legal_strs(s))
        if s.seat_to_move == 2:
            rig(s, "pass", lambda c: c.disasters == 1)
        s.apply("pass")
    assert s.disasters == 1 and s.marker == 0 and s.active == 4 and s.last_disaster[2] == 4


def test_oil_11_5_polish_literal_reading_is_a_rule_parameter():
    """OIL-11.5 note A21, the Polish text read literally ("nie prowadzi do przesunięcia znacznika ... na 5",
    rule ``oil.sbp_metropolis_may_trigger = False``): a metropolis at marker 3 in the SBP is refused, at
    marker 2 allowed; the default allows it at 3."""
    literal = {"oil.sbp_metropolis_may_trigger": False}
    s, city = _sbp(3, literal)
    assert f"metro N{city}" not in legal_strs(s)
    s, city = _sbp(2, literal)
    s.apply(f"metro N{city}")
    assert s.marker == 4 and not s.pending
    s, city = _sbp(3)
    assert f"metro N{city}" in legal_strs(s)


def test_ex17b_sbp_metropolis_refused_at_four_and_no_other_oil_use():
    """EX-17b (OIL-11.5): marker 4: no metropolis; never conversion or sequestration in the SBP."""
    s, city = _sbp(4)
    legal = legal_strs(s)
    assert f"metro N{city}" not in legal
    assert not any(a.startswith(("convert", "sequester", "trade", "offer", "propose", "play")) for a in legal)
    s2, _ = _sbp(0)
    assert not any(a.startswith(("convert", "sequester")) for a in legal_strs(s2))


# ---- EX-18 --------------------------------------------------------------------------------------
def test_ex18a_win_at_the_end_of_own_turn():
    """EX-18a (OIL-10.2): 12 VP reached mid-turn wins at the end-of-turn check."""
    s = make(scenario=OIL)
    nodes = spread(s, inland_nodes(s), 3)
    for n in nodes:
        put(s, 0, n, 2)
    deal_dev(s, 0, VP_CARD, 5)
    give(s, 0, ore=3, grain=2)
    assert s.vp(0) == 11 and not s.is_terminal()
    free = next(x for x in range(s.board.n_node) if s.node_owner[x] < 0
                and all(s.node_owner[m] < 0 for m in s.board.node_nbrs[x]))
    put(s, 0, free, 1)
    assert s.vp(0) == 12 and not s.is_terminal()  # reaching 12 does not end the game yet
    s.apply("end")
    assert s.is_terminal() and s.winners() == [0]


def test_ex18b_no_win_in_the_special_building_phase():
    """EX-18b (OIL-10.2, CAT-12.11): F reaches 12 in the SBP; wins only at the end of his own turn."""
    s = make(players=6, scenario=OIL, layout="variable", phase=SBP, active=4)
    s.seat_to_move, s.special_build_left = 5, 5
    nodes = spread(s, inland_nodes(s), 4)
    for n in nodes[:3]:
        put(s, 5, n, 2)
    deal_dev(s, 5, VP_CARD, 5)
    put(s, 5, nodes[3], 1)
    assert s.vp(5) == 12
    for _ in range(5):
        s.apply("pass")
    assert not s.is_terminal() and s.active == 5 and s.phase == 2
    rig(s, "roll", lambda c: c.dice != 7)
    s.apply("roll")
    s.apply("end")
    assert s.is_terminal() and s.winners() == [5]


# ---- EX-19 --------------------------------------------------------------------------------------
@pytest.mark.parametrize("only_b", [False, True])
def test_ex19_bank_shortage(only_b):
    """EX-19 (CAT-5.3): bank 2 ore; B owed 2 and C 1 -> nobody; B alone owed 2 -> B gets 2."""
    s = make()
    m8 = hexi(s, 2, 0)
    ring = s.board.hex_nodes[m8]
    put(s, 1, ring[0], 2)
    if not only_b:
        put(s, 2, ring[2], 1)
    give(s, 0, ore=17)
    production.produce(s, 8)
    if only_b:
        assert s.hand_of(1)["ore"] == 2 and s.bank[4] == 0
    else:
        assert s.hand_of(1)["ore"] == 0 and s.hand_of(2)["ore"] == 0 and s.bank[4] == 2
