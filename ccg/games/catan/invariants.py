"""Invariants checked after every action in tests and when a position is loaded.

Each law is an explicit check raising ``BrokenInvariantError`` naming the field (so a loaded position is
checked under ``python -O`` too); ``check`` runs the laws of ``LAWS`` in order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core.errors import BrokenInvariantError, require

from .building import _build_actions, _road_spots, _settlement_spots
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
from .robber import held
from .scoring import vp
from .trade import GOODS_N, acceptors, can_accept
from .turn import setup_order

if TYPE_CHECKING:
    from .state import CatanState


def _resource_cards(s: CatanState) -> None:
    """Bank + hands = the fixed total per resource (CAT-1.4, CAT-12.4); nobody holds less than none."""
    n = s.num_players
    bank = board_kind(n)["bank"]
    for r in range(5):
        total = s.bank[r] + sum(s.hand[p * 5 + r] for p in range(n))
        if total != bank:
            raise BrokenInvariantError(f"bank[{r}]", f"resource {r}: {total} cards in play, expected {bank}")
    require(all(x >= 0 for x in s.hand), "hand", "a negative card count")
    require(all(x >= 0 for x in s.bank), "bank", "a negative card count")


def _development_cards(s: CatanState) -> None:
    """Deck + hands + played knights + played progress cards = the deck's size per type (CAT-1.5)."""
    full = [board_kind(s.num_players)["dev_deck"][name] for name in DEV_TYPES]
    for t in range(5):
        if sum(s.dev[t::5]) + s.deck.count(t) > full[t]:
            raise BrokenInvariantError("dev", f"too many {DEV_TYPES[t]} cards")
    require(sum(s.knights) + sum(s.dev[0::5]) + s.deck.count(0) == full[0], "knights", "knights not conserved")
    require(sum(s.dev[1::5]) + s.deck.count(1) == full[1], "dev", "VP cards not conserved")
    require(all(s.dev_new[t] <= s.dev[s.active * 5 + t] for t in range(5)), "dev_new", "bought-this-turn cards not held")


def _pieces(s: CatanState) -> None:
    """Piece counts follow the board and stay within the supply (CAT-1.7); a flooded city may leave one
    settlement over the limit (note A16); road lengths and knights are current."""
    rules, b = s.rules, s.board
    no, lv, eo = s.node_owner, s.node_level, s.edge_owner
    for p in range(s.num_players):
        roads = sum(1 for o in eo if o == p)
        sets = sum(1 for x in range(b.n_node) if no[x] == p and lv[x] == 1)
        cities = sum(1 for x in range(b.n_node) if no[x] == p and lv[x] >= 2)
        metros = sum(1 for x in range(b.n_node) if no[x] == p and lv[x] == 3)
        if (roads, sets, cities, metros) != (s.roads_built[p], s.settlements_built[p], s.cities_built[p], s.metropolises_built[p]):
            raise BrokenInvariantError(f"n_road/n_settle/n_city/n_metro[{p}]", "piece counts differ from the board")
        if roads > rules["roads"]:
            raise BrokenInvariantError(f"n_road[{p}]", "road pieces exceeded")
        if cities > rules["cities"]:
            raise BrokenInvariantError(f"n_city[{p}]", "city pieces exceeded")
        if not (sets <= rules["settlements"] or (s.oil_springs and s.floods)):
            raise BrokenInvariantError(f"n_settle[{p}]", "settlement pieces exceeded")
        if s.road_len[p] != longest_road(s, p):
            raise BrokenInvariantError(f"road_len[{p}]", f"road length of seat {p} is stale")
        if s.knights[p] < 0:
            raise BrokenInvariantError(f"knights[{p}]", "negative")


def _intersections(s: CatanState) -> None:
    """An owned intersection has a building; no two buildings are adjacent (CAT-5.2 distance rule)."""
    b, no, lv = s.board, s.node_owner, s.node_level
    for x in range(b.n_node):
        if (no[x] < 0) != (lv[x] == 0):
            raise BrokenInvariantError(f"node_owner[{x}]", f"intersection {x}: owner/level mismatch")
        if no[x] >= 0:
            if not all(no[y] < 0 for y in b.node_nbrs[x]):
                raise BrokenInvariantError(f"node_owner[{x}]", f"distance rule broken at N{x}")


def _spot_cache(s: CatanState) -> None:
    """The cache of building spots (if any) matches a fresh computation."""
    for key, got in list((s.spots or {}).items()):
        if key >= 32:
            what = 32 + (key - 32) // 16 * 16
            require(got == _build_actions(s, key - what, what), "spots", "stale build-action cache")
        elif key == -1:
            require(got == _settlement_spots(s, 0, True), "spots", "stale setup-spot cache")
        elif key >= 16:
            require(got == _settlement_spots(s, key - 16), "spots", "stale settlement-spot cache")
        else:
            require(got == _road_spots(s, key), "spots", "stale road-spot cache")


def _special_cards(s: CatanState) -> None:
    """Longest Road (CAT-8.1) and Largest Army (CAT-8.2) are held by a player who qualifies and leads."""
    rules, lens = s.rules, s.road_len
    if s.longest_road_holder >= 0:
        require(lens[s.longest_road_holder] >= rules["longest_road_min"] and lens[s.longest_road_holder] == max(lens), "lr",
                "Longest Road holder is not longest")
    if s.largest_army_holder >= 0:
        require(s.knights[s.largest_army_holder] >= rules["largest_army_min"] and s.knights[s.largest_army_holder] == max(s.knights), "la",
                "Largest Army holder wrong")


def _oil(s: CatanState) -> None:
    """OIL-3.2: supply + held + sequestered + removed = tokens in play; the disaster track; metropolises."""
    rules, b = s.rules, s.board
    if not s.oil_springs:
        require(s.supply == 0 and not any(s.oil) and not any(s.sequestered) and s.metro_pool == 0 and not any(s.metropolises_built),
                "oil", "oil, sequestration and metropolises belong to Oil Springs")
        return
    total = s.supply + sum(s.oil) + sum(s.sequestered) + s.removed
    if total != s.oil_tokens:
        raise BrokenInvariantError("supply", f"oil tokens: {total}, expected {s.oil_tokens}")
    require(all(o <= s.oil_limit for o in s.oil), "oil", "a player holds more oil than the limit")
    require(0 <= s.marker <= rules["oil.disaster_at"], "marker", "off the disaster track")
    require((s.marker == rules["oil.disaster_at"]) == s.pending, "pending", "a disaster is pending exactly at the top")
    require(s.metro_pool + sum(s.metropolises_built) == s.oil_metropolises, "metro_pool", "metropolises not conserved")
    if s.champion >= 0:
        require(s.sequestered[s.champion] >= rules["oil.champion_min"] and s.sequestered[s.champion] == max(s.sequestered), "champ",
                "the Champion of the Environment must lead in sequestered oil")
    require(len(s.destroyed) <= s.oil_destroyed_to_end, "destroyed", "more destroyed hexes than end the game")
    for h, num in s.destroyed:
        if not (s.numbers[h] == 0 and b.numbers0[h] == num):
            raise BrokenInvariantError("destroyed", f"hex {h} is not a destroyed {num}")


def _numbers(s: CatanState) -> None:
    """A number token is on its hex unless the hex was destroyed (OIL-4)."""
    b = s.board
    for h in range(b.n_hex):
        if s.numbers[h] not in (0, b.numbers0[h]):
            raise BrokenInvariantError(f"numbers[{h}]", "not the hex's printed number")
    require(sum(1 for h in range(b.n_hex) if s.numbers[h] != b.numbers0[h]) == len(s.destroyed), "numbers",
            "a number token is missing without a destroyed hex")


def _phase(s: CatanState) -> None:
    """Whose turn it is and what the phase waits for."""
    n = s.num_players
    if s.over:
        require(s.phase == OVER and s.seat_to_move == -1, "phase", "a finished game is in the OVER phase with nobody to move")
        if s.winner >= 0 and not s.oil_springs:
            require(vp(s, s.winner) >= s.vp_to_win, "winner", "the winner has too few victory points")
        return
    require(0 <= s.seat_to_move < n and s.phase != OVER, "cur", "a running game has a seat to move")
    if s.phase == DISCARD:
        require(s.discard[s.seat_to_move] > 0, "discard", "the seat to move owes no discards")
    if s.phase == RESPOND:
        require(s.offer is not None and s.seat_to_move != s.active, "offer", "an answer needs an offer by another player")
        require(can_accept(s, s.seat_to_move), "offer", "a player who cannot pay is asked to answer an offer")
    if s.phase == SBP:
        require(s.seat_to_move != s.active and 0 < s.special_build_left < n, "sbp_left", "special building by the other players")
    if s.phase == SETUP_ROAD:
        require(s.setup_node >= 0 and s.node_owner[s.setup_node] == s.seat_to_move, "setup_node",
                "the set-up road follows the seat's new settlement")
    if not s.oil_springs and s.phase not in (SBP,) and s.turn > 0:
        require(vp(s, s.active) < s.vp_to_win, "active", "the active player should have won")
    _turn_bookkeeping(s)
    _offer_bookkeeping(s)


LAWS = (_resource_cards, _development_cards, _pieces, _intersections, _spot_cache, _special_cards, _oil, _numbers,
        _phase)


def check(s: CatanState) -> None:
    """BrokenInvariantError naming the field of the first law the position breaks."""
    for law in LAWS:
        law(s)


def _turn_bookkeeping(s: CatanState) -> None:
    """Who acts in each phase, and what the phase is waiting for (CAT-3.7, CAT-4, CAT-6.2, CAT-7, CAT-12.8)."""
    n, ph = s.num_players, s.phase
    if ph in (SETUP_SETTLE, SETUP_ROAD):
        require(s.turn == 0 and s.setup_step < 2 * n and s.active == s.first, "setup_i", "set-up bookkeeping (CAT-3.7)")
        require(s.seat_to_move == setup_order(s.first, n)[s.setup_step], "cur",
                "set-up placements go forward, then back (CAT-3.7)")
    else:
        require(s.turn >= 1 and s.setup_step == 2 * n, "turn", "the set-up is over once turns are counted")
    if ph in (PRE_ROLL, MAIN, ROBBER, FREE_ROAD, PROPOSE, CHOOSE):
        require(s.seat_to_move == s.active, "cur", "the active player acts in this phase")
    if ph == SBP:
        require(s.seat_to_move == (s.active + n - s.special_build_left) % n, "cur", "special building goes clockwise (CAT-12.8)")
    for p in range(n):
        if s.discard[p] > held(s, p):
            raise BrokenInvariantError(f"discard[{p}]", "a player owes more discards than cards (CAT-6.2)")
        if not (ph == DISCARD or not s.discard[p]):
            raise BrokenInvariantError(f"discard[{p}]", "discards are owed only while a 7 is resolved")
    limit = s.rules["trade_offers_per_turn"]
    require(not limit or s.offers_made <= limit, "offers_made", "more trade proposals than allowed this turn (CAT-7.2)")


def _offer_bookkeeping(s: CatanState) -> None:
    """The domestic offer (CAT-7.2, OIL-3.6): open only while composed, answered or its partner chosen."""
    ph = s.phase
    if ph not in (PROPOSE, RESPOND, CHOOSE):
        require(s.offer is None and not s.accepted, "offer", "an offer is open only while composed or answered")
        return
    off = s.offer
    if off is None or len(off) != 2 * GOODS_N:
        raise BrokenInvariantError("offer", "not a trade offer")
    give, ask = off[:GOODS_N], off[GOODS_N:]
    require(all(not (g and a) for g, a in zip(give, ask)), "offer", "identical types may not be swapped (CAT-7.2)")
    if not s.oil_springs:
        require(give[OIL] == ask[OIL] == 0, "offer", "oil is traded only in Oil Springs (OIL-3.6)")
    p = s.active
    require(all(give[g] <= s.hand[p * 5 + g] for g in range(5)) and give[OIL] <= s.oil[p], "offer",
            "the proposer must hold what the offer gives (CAT-7.2)")
    require(s.oil[p] + ask[OIL] <= s.oil_limit, "offer",
            "the offer would take the proposer above the oil limit (OIL-3.4c)")
    require(not s.accepted >> p & 1, "accepted", "the proposer does not answer his own offer")
    if ph != PROPOSE:
        require(any(give) and any(ask), "offer", "both sides of a trade give at least one card (CAT-7.2)")
        for q in acceptors(s):
            require(can_accept(s, q), "accepted", "a player who accepted can no longer pay")
    if ph == PROPOSE:
        require(not s.accepted, "accepted", "nobody has answered an offer still being composed")
    if ph == CHOOSE:
        require(s.seat_to_move == p and len(acceptors(s)) >= 2, "cur",
                "the proposer chooses only among several acceptors (CAT-7.2)")
