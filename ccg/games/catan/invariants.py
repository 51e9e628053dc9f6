"""Invariants checked after every action in tests and when a position is loaded."""
from __future__ import annotations

from .data import DEV_TYPES, OIL, board_kind
from .phases import (
    CHOOSE,
    DISCARD,
    FREE_ROAD,
    MAIN,
    OVER,
    PRE_ROLL,
    PROPOSE,
    RESPOND,
    ROBBER,
    SBP,
    SETUP_ROAD,
    SETUP_SETTLE,
)
from .roads import longest_road
from .scoring import vp


def check(s) -> None:
    n = s.num_players
    rules = s.rules
    b = s.board
    kind = board_kind(n)
    bank = kind["bank"]
    # resource cards: bank + hands = the fixed total per resource (CAT-1.4, CAT-12.4)
    for r in range(5):
        total = s.bank[r] + sum(s.hand[p * 5 + r] for p in range(n))
        assert total == bank, f"resource {r}: {total} cards in play, expected {bank}"
    assert all(x >= 0 for x in s.hand) and all(x >= 0 for x in s.bank)
    # development cards: deck + hands + played knights + played progress cards = deck size
    full = [kind["dev_deck"][name] for name in DEV_TYPES]
    for t in range(5):
        held = s.dev[t::5]
        assert sum(held) + s.deck.count(t) <= full[t], f"too many {DEV_TYPES[t]} cards"
    assert sum(s.knights) + sum(s.dev[0::5]) + s.deck.count(0) == full[0], "knights not conserved"
    assert sum(s.dev[1::5]) + s.deck.count(1) == full[1], "VP cards not conserved"
    assert all(s.dev_new[t] <= s.dev[s.active * 5 + t] for t in range(5)), "bought-this-turn cards not held"
    # pieces (CAT-1.7); a flooded city may leave one settlement over the limit (note A16)
    no, lv, eo = s.node_owner, s.node_level, s.edge_owner
    for p in range(n):
        roads = sum(1 for o in eo if o == p)
        sets = sum(1 for x in range(b.n_node) if no[x] == p and lv[x] == 1)
        cities = sum(1 for x in range(b.n_node) if no[x] == p and lv[x] >= 2)
        metros = sum(1 for x in range(b.n_node) if no[x] == p and lv[x] == 3)
        assert (roads, sets, cities, metros) == (s.n_road[p], s.n_settle[p], s.n_city[p], s.n_metro[p])
        assert roads <= rules["roads"] and cities <= rules["cities"]
        assert sets <= rules["settlements"] or (s.oil_springs and s.floods), "settlement pieces exceeded"
        assert s.road_len[p] == longest_road(s, p), f"road length of seat {p} is stale"
        assert s.knights[p] >= 0
    for x in range(b.n_node):
        assert (no[x] < 0) == (lv[x] == 0), f"intersection {x}: owner/level mismatch"
        if no[x] >= 0:
            assert all(no[y] < 0 for y in b.node_nbrs[x]), f"distance rule broken at N{x}"
    # the cache of building spots must match a fresh computation
    if s.spots:
        from .building import _build_actions, _road_spots, _settlement_spots

        for key, got in list(s.spots.items()):
            if key >= 32:
                what = 32 + (key - 32) // 16 * 16
                assert got == _build_actions(s, key - what, what), "stale build-action cache"
            elif key == -1:
                assert got == _settlement_spots(s, 0, True), "stale setup-spot cache"
            elif key >= 16:
                assert got == _settlement_spots(s, key - 16), "stale settlement-spot cache"
            else:
                assert got == _road_spots(s, key), "stale road-spot cache"
    # special cards
    lens = s.road_len
    if s.lr >= 0:
        assert lens[s.lr] >= rules["longest_road_min"] and lens[s.lr] == max(lens), "Longest Road holder is not longest"
    if s.la >= 0:
        assert s.knights[s.la] >= rules["largest_army_min"] and s.knights[s.la] == max(s.knights), "Largest Army holder wrong"
    # oil (OIL-3.2): supply + held + sequestered + removed = tokens in play
    if s.oil_springs:
        total = s.supply + sum(s.oil) + sum(s.seq) + s.removed
        assert total == s.oil_tokens, f"oil tokens: {total}, expected {s.oil_tokens}"
        assert all(o <= s.oil_limit for o in s.oil), "a player holds more oil than the limit"
        assert 0 <= s.marker <= rules["oil.disaster_at"] and (s.marker == rules["oil.disaster_at"]) == s.pending
        assert s.metro_pool + sum(s.n_metro) == s.oil_metropolises
        if s.champ >= 0:
            assert s.seq[s.champ] >= rules["oil.champion_min"] and s.seq[s.champ] == max(s.seq)
        assert len(s.destroyed) <= s.oil_destroyed_to_end
        for h, num in s.destroyed:
            assert s.numbers[h] == 0 and b.numbers0[h] == num
    else:
        assert s.supply == 0 and not any(s.oil) and not any(s.seq) and s.metro_pool == 0 and not any(s.n_metro)
    for h in range(b.n_hex):
        assert s.numbers[h] in (0, b.numbers0[h])
    assert sum(1 for h in range(b.n_hex) if s.numbers[h] != b.numbers0[h]) == len(s.destroyed)
    # phase bookkeeping
    if s.over:
        assert s.phase == OVER and s.cur == -1
        if s.winner >= 0 and not s.oil_springs:
            assert vp(s, s.winner) >= s.vp_to_win
    else:
        assert 0 <= s.cur < n and s.phase != OVER
        if s.phase == DISCARD:
            assert s.discard[s.cur] > 0
        if s.phase == RESPOND:
            assert s.offer is not None and s.cur != s.active
            from .trade import can_accept

            assert can_accept(s, s.cur), "a player who cannot pay is asked to answer an offer"
        if s.phase == SBP:
            assert s.cur != s.active and 0 < s.sbp_left < n
        if s.phase == SETUP_ROAD:
            assert s.setup_node >= 0 and s.node_owner[s.setup_node] == s.cur
        if not s.oil_springs and s.phase not in (SBP,) and s.turn > 0:
            assert vp(s, s.active) < s.vp_to_win, "the active player should have won"
        _turn_bookkeeping(s)


def _turn_bookkeeping(s) -> None:
    """Who acts in each phase, and what the phase is waiting for (CAT-3.7, CAT-4, CAT-6.2, CAT-7, CAT-12.8)."""
    from .robber import held
    from .turn import setup_order

    n, ph = s.num_players, s.phase
    setup = ph in (SETUP_SETTLE, SETUP_ROAD)
    if setup:
        assert s.turn == 0 and s.setup_i < 2 * n and s.active == s.first, "set-up bookkeeping (CAT-3.7)"
        assert s.cur == setup_order(s.first, n)[s.setup_i], "set-up placements go forward, then back (CAT-3.7)"
    else:
        assert s.turn >= 1 and s.setup_i == 2 * n, "the set-up is over once turns are counted"
    if ph in (PRE_ROLL, MAIN, ROBBER, FREE_ROAD, PROPOSE, CHOOSE):
        assert s.cur == s.active, "the active player acts in this phase"
    if ph == SBP:
        assert s.cur == (s.active + n - s.sbp_left) % n, "special building goes clockwise (CAT-12.8)"
    for p in range(n):
        assert s.discard[p] <= held(s, p), "a player owes more discards than cards (CAT-6.2)"
        assert ph == DISCARD or not s.discard[p], "discards are owed only while a 7 is resolved"
    assert not s.rules["trade_offers_per_turn"] or s.offers_made <= s.rules["trade_offers_per_turn"], "more trade proposals than allowed this turn (CAT-7.2)"
    _offer_bookkeeping(s)


def _offer_bookkeeping(s) -> None:
    """The domestic offer (CAT-7.2, OIL-3.6): open only while composed, answered or its partner chosen."""
    from .trade import GOODS_N, acceptors, can_accept

    ph = s.phase
    if ph not in (PROPOSE, RESPOND, CHOOSE):
        assert s.offer is None and not s.accepted, "an offer is open only while composed or answered"
        return
    off = s.offer
    assert off is not None and len(off) == 2 * GOODS_N, "not a trade offer"
    give, ask = off[:GOODS_N], off[GOODS_N:]
    assert all(not (g and a) for g, a in zip(give, ask)), "identical types may not be swapped (CAT-7.2)"
    if not s.oil_springs:
        assert give[OIL] == ask[OIL] == 0, "oil is traded only in Oil Springs (OIL-3.6)"
    p = s.active
    assert all(give[g] <= s.hand[p * 5 + g] for g in range(5)) and give[OIL] <= s.oil[p], \
        "the proposer must hold what the offer gives (CAT-7.2)"
    assert s.oil[p] + ask[OIL] <= s.oil_limit, "the offer would take the proposer above the oil limit (OIL-3.4c)"
    assert not s.accepted >> p & 1, "the proposer does not answer his own offer"
    if ph != PROPOSE:
        assert any(give) and any(ask), "both sides of a trade give at least one card (CAT-7.2)"
        for q in acceptors(s):
            assert can_accept(s, q), "a player who accepted can no longer pay"
    if ph == PROPOSE:
        assert not s.accepted, "nobody has answered an offer still being composed"
    if ph == CHOOSE:
        assert s.cur == p and len(acceptors(s)) >= 2, "the proposer chooses only among several acceptors (CAT-7.2)"
