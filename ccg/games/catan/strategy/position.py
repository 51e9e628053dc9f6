"""Reading the position: the only part of the strategist that knows the Catan engine's field names.

Everything else in :mod:`ccg.games.catan.strategy` asks these functions in the rulebook's
terms (a seat's hand, its income per roll, the free intersections its roads can reach), so
a rename of the engine's internals touches this file only.
"""
from __future__ import annotations

from ..actions import (
    ACCEPT,
    ASK,
    BUY,
    CANCEL,
    CHOOSE,
    CHOOSE_PARTNER,
    CONVERT,
    DISCARD,
    DISCARD_ACT,
    END,
    FREE_ROAD,
    GIVE,
    MAIN,
    OFFER,
    PASS,
    PLAY_KNIGHT,
    PLAY_MONOPOLY,
    PLAY_PLENTY,
    PLAY_PLENTY1,
    PLAY_ROADS,
    PRE_ROLL,
    PROPOSE,
    PROPOSE_OPEN,
    REJECT,
    RESPOND,
    ROBBER,
    ROLL,
    SBP,
    SEQUESTER,
    SETUP_ROAD,
    SETUP_SETTLE,
    TRADE,
)
from ..data import (
    BRICK,
    COST_CITY,
    COST_DEV,
    COST_METROPOLIS,
    COST_ROAD,
    COST_SETTLEMENT,
    GENERIC,
    GRAIN,
    KNIGHT,
    LUMBER,
    METROPOLIS_OIL,
    MONOPOLY,
    OIL,
    ORE,
    PIPS,
    PLENTY,
    ROAD_BUILDING,
    VP_CARD,
    WOOL,
)
from ..roads import longest_road
from ..scoring import public_vp, vp
from ..trade import acceptors as _acceptors

__all__ = [
    "ASK", "CHOOSE", "CHOOSE_PARTNER", "GIVE", "ACCEPT", "BUY", "CANCEL", "CONVERT", "DISCARD", "DISCARD_ACT", "END", "FREE_ROAD", "MAIN", "OFFER", "PASS",
    "PLAY_KNIGHT", "PLAY_MONOPOLY", "PLAY_PLENTY", "PLAY_PLENTY1", "PLAY_ROADS", "PRE_ROLL", "PROPOSE",
    "PROPOSE_OPEN", "REJECT", "RESPOND", "ROBBER", "ROLL", "SBP", "SEQUESTER", "SETUP_ROAD", "SETUP_SETTLE",
    "TRADE", "BRICK", "GRAIN", "LUMBER", "ORE", "OIL", "WOOL", "KNIGHT", "MONOPOLY", "PLENTY", "ROAD_BUILDING",
    "VP_CARD", "GENERIC", "METROPOLIS_OIL", "PIPS", "COSTS", "public_vp", "vp",
]

# costs as vectors over the five resources (CAT-8.1, OIL-6.3: the metropolis also takes 2 oil)
def _vector(cost) -> tuple[int, ...]:
    out = [0] * 5
    for r, k in cost:
        out[r] += k
    return tuple(out)


COSTS = {
    "road": _vector(COST_ROAD), "settle": _vector(COST_SETTLEMENT), "city": _vector(COST_CITY),
    "dev": _vector(COST_DEV), "metro": _vector(COST_METROPOLIS),
}


# ---- the table -------------------------------------------------------------------------------
def phase(s) -> int:
    return s.phase


def players(s) -> int:
    return s.num_players


def oil_game(s) -> bool:
    """Is this the Oil Springs scenario?"""
    return bool(s.oil_springs)


def rules(s) -> dict:
    """The rule values, by the keys of ``params.RULES`` (``"largest_army_min"``, ``"oil.disaster_at"`` …)."""
    return s.rules


def vp_to_win(s) -> int:
    """VP that win: rule ``vp_to_win``, or ``oil.vp_to_win`` in the scenario (CAT-11.2, OIL-10.2)."""
    return s.vp_to_win


def oil_limit(s) -> int:
    """Oil a player may hold (rule ``oil.limit``, 0 = printed 4 / 6; OIL-3.3, OIL-11.2)."""
    return s.oil_limit


def destroyed_to_end(s) -> int:
    """Destroyed number tokens that flood the island (rule ``oil.destroyed_to_end``; OIL-8.10, OIL-11.7)."""
    return s.oil_destroyed_to_end


def active(s) -> int:
    return s.active


def setup_round(s) -> int:
    """0 in the first placement round (CAT-3.7), 1 in the second (CAT-3.8)."""
    return 0 if s.setup_step < s.num_players else 1


def setup_node(s) -> int:
    """The intersection of the settlement just placed in setup (its road must touch it)."""
    return s.setup_node


def offer(s):
    """The active player's open domestic offer (CAT-7.2) as ``(give, ask)``: counts over lumber … ore, oil
    of the goods he gives and of those he asks for; or None."""
    if s.offer is None:
        return None
    return tuple(s.offer[:6]), tuple(s.offer[6:])


def proposals_made(s) -> int:
    """Times the active player opened the trade table this turn (CAT-7.2)."""
    return s.offers_made


def acceptors(s) -> list[int]:
    """The seats that accepted the open offer (the proposer chooses among them, CAT-7.2)."""
    return _acceptors(s)


def may_trade(s) -> bool:
    """CAT-4.3: trade only before the first build of the turn (unless the combined option is on)."""
    return not s.built or s.rules["combined_trade_build"]


def dev_played(s) -> bool:
    return s.dev_played


def deck_left(s) -> int:
    return len(s.deck)


# ---- a seat's holdings -----------------------------------------------------------------------
def hand(s, p: int) -> list[int]:
    """Resource cards of seat ``p`` by resource (a copy)."""
    return s.hand[p * 5:p * 5 + 5]


def bank(s) -> list[int]:
    return s.bank


def oil(s, p: int) -> int:
    return s.oil[p] if s.oil_springs else 0


def sequestered(s, p: int) -> int:
    return s.sequestered[p] if s.oil_springs else 0


def champion(s) -> int:
    return s.champion


def dev_cards(s, p: int, t: int) -> int:
    return s.dev[p * 5 + t]


def playable_devs(s, p: int, t: int) -> int:
    """Cards of type ``t`` that ``p`` may play now (CAT-9.2: not one bought this turn)."""
    return s.dev[p * 5 + t] - (s.dev_new[t] if p == s.active else 0)


def knights(s, p: int) -> int:
    return s.knights[p]


def army_holder(s) -> int:
    return s.largest_army_holder


def road_holder(s) -> int:
    return s.longest_road_holder


def road_length(s, p: int) -> int:
    return s.road_len[p]


def pieces_left(s, p: int) -> dict[str, int]:
    """Roads, settlements and cities ``p`` may still place (CAT-1.7)."""
    rules = s.rules
    return {"road": rules["roads"] - s.roads_built[p], "settle": rules["settlements"] - s.settlements_built[p],
            "city": rules["cities"] - s.cities_built[p]}


def rates(s, p: int) -> list[int]:
    """Best maritime rate per resource: 2 with its 2:1 harbour, 3 with a generic one, else 4 (CAT-7.3, CAT-7.4, CAT-7.5)."""
    m = s.harbour_access[p]
    generic = 3 if m >> GENERIC & 1 else 4
    return [2 if m >> r & 1 else generic for r in range(5)]


# ---- the board ---------------------------------------------------------------------------------
def robber(s) -> int:
    return s.robber


def owner(s, n: int) -> int:
    return s.node_owner[n]


def level(s, n: int) -> int:
    return s.node_level[n]


def buildings(s, p: int) -> list[int]:
    """Intersections with a building of ``p`` (settlement, city or metropolis)."""
    no = s.node_owner
    return [n for n in range(len(no)) if no[n] == p]


def hex_good(s, h: int) -> int:
    """What hex ``h`` pays: a resource 0-4, OIL for an oil spring (OIL-2.3), -1 for none."""
    b = s.board
    if b.spring[h] and not s.rules["oil.springs_keep_resource"]:
        return OIL
    t = b.terrain[h]
    return t if t < 5 else -1


def hex_pips(s, h: int) -> int:
    """Pips of the hex's number now (0 for the desert or a destroyed hex, OIL-8.7)."""
    return PIPS.get(s.numbers[h], 0)


def node_yield(s, n: int, robbed: bool = False) -> list[float]:
    """Expected goods per roll for a settlement on ``n``, by good (five resources and oil)."""
    b = s.board
    out = [0.0] * 6
    numbers = s.numbers
    rob = s.robber if robbed else -2
    for h in b.node_hexes[n]:
        num = numbers[h]
        if not num or h == rob:
            continue
        g = hex_good(s, h)
        if g >= 0:
            out[g] += PIPS[num] / 36.0
        if g == OIL and s.rules["oil.springs_keep_resource"] and b.terrain[h] < 5:
            out[b.terrain[h]] += PIPS[num] / 36.0
    return out


def income(s, p: int) -> list[float]:
    """Expected goods per roll of ``p`` from its buildings, the robbed hex excluded (CAT-5.2, CAT-6.5, OIL-4)."""
    out = [0.0] * 6
    no, lv = s.node_owner, s.node_level
    for n in range(len(no)):
        if no[n] == p:
            y = node_yield(s, n, robbed=True)
            k = lv[n]
            for g in range(6):
                out[g] += k * y[g]
    return out


def node_harbour(s, n: int) -> int:
    """Harbour at ``n``: a resource 0-4 for a 2:1 harbour, GENERIC for 3:1, -1 for none."""
    return s.board.node_harbour[n]


def coastal(s, n: int) -> bool:
    return bool(s.board.node_coastal[n])


def settle_free(s, n: int) -> bool:
    """Free and obeying the distance rule (CAT-8.4)."""
    no = s.node_owner
    if no[n] >= 0:
        return False
    for m in s.board.node_nbrs[n]:
        if no[m] >= 0:
            return False
    return True


def road_reach(s, p: int, depth: int) -> tuple[list[int], list[int]]:
    """Roads needed from ``p``'s network to every intersection within ``depth`` new roads.

    Returns ``(dist, via)``: ``dist[n]`` roads to build (-1 when out of reach; 0 on the
    network) and ``via[n]`` the path by which ``n`` is reached (its last edge). A road
    may not pass an opponent's building (CAT-8.3), nor use an edge someone has built.
    """
    b = s.board
    eo, no = s.edge_owner, s.node_owner
    en, ne = b.edge_nodes, b.node_edges
    nn = len(no)
    dist = [-1] * nn
    via = [-1] * nn
    layer = []
    for e in range(len(eo)):
        if eo[e] == p:
            for x in en[e]:
                if dist[x] < 0 and (no[x] < 0 or no[x] == p):
                    dist[x] = 0
                    layer.append(x)
    for x in range(nn):
        if no[x] == p and dist[x] < 0:
            dist[x] = 0
            layer.append(x)
    layer.sort()
    for d in range(1, depth + 1):
        nxt = []
        for x in layer:
            for e in ne[x]:
                if eo[e] >= 0:
                    continue
                a, c = en[e]
                y = c if a == x else a
                if dist[y] >= 0:
                    continue
                dist[y] = d
                via[y] = e
                if no[y] < 0:  # an opponent's building ends the path (CAT-8.3)
                    nxt.append(y)
        layer = nxt
        if not layer:
            break
    return dist, via


def path_edges(s, target: int, dist: list[int], via: list[int]) -> list[int]:
    """The edges of the path to ``target`` found by :func:`road_reach`, nearest the network first."""
    out = []
    en = s.board.edge_nodes
    x = target
    while dist[x] > 0:
        e = via[x]
        out.append(e)
        a, c = en[e]
        x = a if c == x else c
    out.reverse()
    return out


def edge_ends(s, e: int) -> tuple[int, int]:
    return s.board.edge_nodes[e]


def neighbours(s, n: int):
    return s.board.node_nbrs[n]


def nodes(s) -> int:
    return s.board.n_node


def hexes(s) -> int:
    return s.board.n_hex


def hex_corners(s, h: int):
    return s.board.hex_nodes[h]


def robber_target(action) -> tuple[int, int, bool]:
    """``(hex, victim or -1, takes oil)`` of a robber action (``robber H7 2 oil``)."""
    args = action.args
    h = int(args[0][1:])
    victim = args[1] if len(args) >= 2 else -1
    return h, victim, len(args) == 3


def road_edge(action) -> int:
    return int(action.args[0][1:])


def node_of(action) -> int:
    return int(action.args[0][1:])


def act_road(s, e: int):
    return s.board.act_road[e]


def act_settle(s, n: int):
    return s.board.act_settle[n]


def act_city(s, n: int):
    return s.board.act_city[n]


def act_metro(s, n: int):
    return s.board.act_metro[n]


class _RoadsOnly:
    """The three fields the Longest Road count reads, with one extra road: the position stays untouched."""

    __slots__ = ("board", "edge_owner", "node_owner")

    def __init__(self, s, p: int, e: int) -> None:
        self.board = s.board
        self.node_owner = s.node_owner
        self.edge_owner = s.edge_owner[:]
        self.edge_owner[e] = p


def longest_road_with(s, p: int, e: int) -> int:
    """``p``'s longest road (CAT-10.1, CAT-10.2) if it also had a road on the free edge ``e``."""
    return longest_road(_RoadsOnly(s, p, e), p)


# ---- Oil Springs ----------------------------------------------------------------------------------
def marker(s) -> int:
    """The disaster track's marker: oil uses since the last disaster (OIL-7.1)."""
    return s.marker


def destroyed(s) -> int:
    """Number tokens already on the disaster track (OIL-8.7)."""
    return len(s.destroyed)


def metropolis_tokens(s) -> int:
    return s.metro_pool


def numbers(s) -> list[int]:
    return s.numbers


def is_spring(s, h: int) -> bool:
    return bool(s.board.spring[h])
