"""Hypothesis property tests of single rules against simple reference implementations."""
from __future__ import annotations

from catan_helpers import make, refresh
from hypothesis import given, settings
from hypothesis import strategies as st

from ccg.games.catan import oil as oil_rules
from ccg.games.catan import production
from ccg.games.catan.roads import longest_road
from ccg.games.catan.robber import start_seven


def brute_longest(s, p):
    """Reference: longest trail by exhaustive search from every intersection (CAT-10.1/10.2)."""
    b = s.board
    best = 0

    def walk(x, used, length):
        nonlocal best
        best = max(best, length)
        if length and s.node_owner[x] >= 0 and s.node_owner[x] != p:
            return
        for e in b.node_edges[x]:
            if s.edge_owner[e] == p and e not in used:
                a, c = b.edge_nodes[e]
                walk(c if a == x else a, used | {e}, length + 1)

    for x in range(b.n_node):
        walk(x, frozenset(), 0)
    return best


@settings(max_examples=60, deadline=None)
@given(edges=st.lists(st.integers(0, 71), max_size=15, unique=True),
       blockers=st.lists(st.integers(0, 53), max_size=3, unique=True))
def test_longest_road_matches_exhaustive_search(edges, blockers):
    s = make()
    for e in edges:
        s.edge_owner[e] = 0
    for n in blockers:
        s.node_owner[n] = 1
        s.node_level[n] = 1
    refresh(s)
    assert longest_road(s, 0) == brute_longest(s, 0)


@settings(max_examples=80, deadline=None)
@given(ent=st.lists(st.integers(0, 6), min_size=4, max_size=4), held=st.lists(st.integers(0, 4), min_size=4, max_size=4),
       supply=st.integers(0, 15), roller=st.integers(0, 3))
def test_oil_dealing_properties(ent, held, supply, roller):
    """OIL-4.2-4.4: never above the limit, never more than entitled, dealt while supply and demand last."""
    s = make(scenario="oil_springs", active=roller)
    s.oil = held[:]
    s.supply = supply
    want = ent[:]
    oil_rules.deal_oil(s, want)
    got = [s.oil[p] - held[p] for p in range(4)]
    assert all(0 <= got[p] <= ent[p] for p in range(4))
    assert all(s.oil[p] <= 4 for p in range(4))
    assert sum(got) + s.supply == supply
    capacity = [min(ent[p], max(0, 4 - held[p])) for p in range(4)]
    assert sum(got) == min(supply, sum(capacity))
    # one at a time from the roller: no player is ahead of an earlier one by more than one round
    order = [(roller + i) % 4 for i in range(4)]
    for i, p in enumerate(order):
        for q in order[i + 1:]:
            if got[q] > got[p]:
                assert got[p] == capacity[p]


@settings(max_examples=80, deadline=None)
@given(bank=st.integers(0, 6), a=st.integers(0, 3), b=st.integers(0, 3))
def test_bank_shortage_rule(bank, a, b):
    """CAT-5.3: all or nothing per resource, except a single entitled player takes what is left."""
    s = make()
    h = s.board.geo.hex_index[(2, 0)]  # mountains 8
    ring = s.board.hex_nodes[h]
    if a:
        s.node_owner[ring[0]], s.node_level[ring[0]] = 1, min(a, 2)
    if b:
        s.node_owner[ring[2]], s.node_level[ring[2]] = 2, min(b, 2)
    refresh(s)
    s.hand[0 * 5 + 4] = 19 - bank
    s.bank[4] = bank
    production.produce(s, 8)
    owed = [0, min(a, 2) if a else 0, min(b, 2) if b else 0, 0]
    got = [s.hand[p * 5 + 4] for p in (1, 2)]
    if sum(owed) <= bank:
        assert got == owed[1:3]
    elif (owed[1] > 0) + (owed[2] > 0) == 1:
        assert sum(got) == bank
    else:
        assert got == [0, 0]


@settings(max_examples=60, deadline=None)
@given(cards=st.lists(st.integers(0, 14), min_size=4, max_size=4), oil=st.lists(st.integers(0, 4), min_size=4, max_size=4),
       scenario=st.booleans())
def test_seven_discards_half_of_cards_and_oil(cards, oil, scenario):
    """CAT-6.2, OIL-5.5: more than 7 (oil counted in the scenario) discards half, rounded down."""
    s = make(scenario="oil_springs" if scenario else None)
    for p in range(4):
        s.hand[p * 5 + 2] = min(cards[p], 19)
        if scenario:
            s.oil[p] = oil[p]
    start_seven(s)
    for p in range(4):
        total = min(cards[p], 19) + (oil[p] if scenario else 0)
        assert s.discard[p] == (total // 2 if total > 7 else 0)
