"""Catan's action universe and observation tensor (see ccg/core/encoding.py, docs/environments.md).

The universe depends on the configuration through three numbers only: the board's geometry
(H hexes, V intersections, E paths: 19/54/72 for 3–4 players, 30/80/110 for the 5–6 extension or a
layout file's own), the player count n and whether Oil Springs is on (G = 5 goods, or 6 with oil).
It never depends on the seed: a variable layout moves terrains and numbers, not the geometry.
Blocks, in this order (ids are the board's own H*/N*/E*, in index order):

=============  ===========================  =============================================================
block          count                        notation
=============  ===========================  =============================================================
fixed          10 (+1 oil)                  roll, end, pass, buy dev, accept, reject, propose, cancel,
                                            play knight, play roadbuilding (oil: sequester)
settle/city    2V (+V oil: metro)           settle N*, city N*, (metro N*)  (CAT-8, OIL-7)
road           E                            road E*
robber         H + H·n (+H·n oil)           robber H*, robber H* p (steal from seat p), robber H* p oil (OIL-5.4)
discard        G                            discard <good> (CAT-6.2)
monopoly       G                            play monopoly <good>
plenty         G(G+1)/2 + G                 play plenty <g1> <g2> (g1 ≤ g2 in goods order), play plenty <g>
convert        oil: 5 + 10                  convert <resource>, convert <r1> <r2> (OIL-6.2, note A11)
maritime       60                           trade <k> <give> <get>, k = 2, 3, 4; give ≠ get (CAT-7.1)
domestic       2G + 1 + n                   give <good>, ask <good>, offer, choose <seat> (CAT-7.2)
=============  ===========================  =============================================================

Goods order: lumber, brick, wool, grain, ore (, oil). Domestic trade on any terms (CAT-7.2) is composed
one card at a time (ccg/games/catan/trade.py): ``give g`` / ``ask g`` add a card to a side, ``offer`` puts
the offer to the table, ``choose p`` picks the partner among several acceptors; ``propose``, ``cancel``,
``accept`` and ``reject`` are in the fixed block. So the universe stays small and finite however large the
hands grow, and every term a hand can pay is reachable.
"""
from __future__ import annotations

from ccg.core.encoding import (
    Custom,
    Each,
    Encoding,
    Maybe,
    Num,
    OneHot,
    Padded,
    Schema,
    Vec,
)

from .board import board_for
from .data import DEV_TYPES, GOODS, HARBOUR_TYPES, RESOURCES, TERRAINS
from .phases import PHASES


# ---- the action universe -------------------------------------------------------------------------
def action_universe(geo, players: int, oil: bool) -> list[str]:
    goods = GOODS[:6] if oil else GOODS[:5]
    out = ["roll", "end", "pass", "buy dev", "accept", "reject", "propose", "cancel", "play knight",
           "play roadbuilding"] + (["sequester"] if oil else [])
    out += [f"settle {n}" for n in geo.node_ids] + [f"city {n}" for n in geo.node_ids]
    if oil:
        out += [f"metro {n}" for n in geo.node_ids]
    out += [f"road {e}" for e in geo.edge_ids]
    out += [f"robber {h}" for h in geo.hex_ids]
    out += [f"robber {h} {p}" for h in geo.hex_ids for p in range(players)]
    if oil:
        out += [f"robber {h} {p} oil" for h in geo.hex_ids for p in range(players)]
    out += [f"discard {g}" for g in goods]
    out += [f"play monopoly {g}" for g in goods]
    out += [f"play plenty {goods[i]} {goods[j]}" for i in range(len(goods)) for j in range(i, len(goods))]
    out += [f"play plenty {g}" for g in goods]
    if oil:
        out += [f"convert {r}" for r in RESOURCES]
        out += [f"convert {RESOURCES[i]} {RESOURCES[j]}" for i in range(5) for j in range(i + 1, 5)]
    out += [f"trade {k} {RESOURCES[g]} {RESOURCES[t]}" for k in (2, 3, 4) for g in range(5) for t in range(5)
            if g != t]
    out += [f"give {g}" for g in goods] + [f"ask {g}" for g in goods] + ["offer"]
    out += [f"choose {p}" for p in range(players)]
    return out


# ---- the observation tensor ----------------------------------------------------------------------------
def _board_fields(geo):
    """The layout (public; moved by a variable setup): per hex terrain, printed number, spring; per node
    harbour."""
    size = len(geo.hex_ids) * (len(TERRAINS) + 1 + 3) + len(geo.node_ids) * len(HARBOUR_TYPES)

    blocks: dict[int, tuple] = {}

    def write(layout: dict) -> list[float]:
        b = board_for(layout)
        hit = blocks.get(id(b))
        if hit is not None and hit[0] is b:  # boards are shared and immutable: encode each once
            return hit[1]
        out: list[float] = []
        for h in range(b.n_hex):
            t = [0.0] * len(TERRAINS)
            t[b.terrain[h]] = 1.0
            sp = [0.0, 0.0, 0.0]
            sp[b.spring[h]] = 1.0
            out += t + [float(b.numbers0[h])] + sp
        for n in range(b.n_node):
            hb = [0.0] * len(HARBOUR_TYPES)
            if b.node_harbour[n] >= 0:
                hb[b.node_harbour[n]] = 1.0
            out += hb
        if len(blocks) > 64:
            blocks.clear()
        blocks[id(b)] = (b, out)
        return out

    return Custom(size, write, f"per hex: terrain one-hot ({', '.join(TERRAINS)}), printed number, spring "
                               "(none/numbered/overlay); per intersection: harbour one-hot "
                               f"({', '.join(HARBOUR_TYPES)})")


def _pieces(n: int, players: int, levels: int):
    width = players + levels

    def write(value) -> list[float]:
        owners, level = value
        out = [0.0] * (n * width)
        for i, o in enumerate(owners):
            if o >= 0:
                out[i * width + o] = 1.0
                if levels:
                    out[i * width + players + level[i] - 1] = 1.0
        return out

    what = "owner one-hot, then level one-hot (settlement, city, metropolis)" if levels else "owner one-hot"
    return Custom(n * (players + levels), write, what)


def _seats(players: int):
    def write(bits: int) -> list[float]:
        return [float(bits >> p & 1) for p in range(players)]

    return Custom(players, write, "1 for each seat that accepted the open offer (CAT-7.2)")


def _prepare(players: int):
    def prepare(d: dict) -> dict:
        d = dict(d)
        d["pieces_nodes"] = (d.pop("node_owner"), d.pop("node_level"))
        d["pieces_edges"] = (d.pop("edge_owner"), None)
        if d["over"]:  # every card is revealed at the end (CAT-11.2): flat lists of 5 per seat
            hand, dev = d["hand"], d["dev"]
            d["hand"] = [hand[p * 5:p * 5 + 5] for p in range(players)]
            d["dev"] = [dev[p * 5:p * 5 + 5] for p in range(players)]
            d["hand_counts"] = [sum(h) for h in d["hand"]]
            d["dev_counts"] = [sum(x) for x in d["dev"]]
            d["public_vp"] = None
            d["deck"] = len(d["deck"])
        new = d.pop("dev_new")
        d["dev_new"] = (sum(new), new) if isinstance(new, list) else (new, None)
        return d

    return prepare


def _dev_new(value) -> list[float]:
    count, cards = value
    return [float(count)] + ([0.0] * 6 if cards is None else [0.0] + [float(c) for c in cards])


def schema(geo, players: int) -> Schema:
    n = players
    seats = range(n)
    def per_seat(doc: str) -> Vec:
        return Vec(n, doc + " per seat")

    return Schema(players, {
        "layout": _board_fields(geo),
        "phase": OneHot(PHASES),
        "active": OneHot(seats, "the seat whose turn it is"),
        "cur": OneHot(range(-1, n), "the seat to act (discards, trade answers, special building), -1 nobody"),
        "turn": Num("turn number (0 during setup)"),
        "first": OneHot(seats, "the first player (CAT-3)"),
        "setup_i": Num("setup placements made so far"),
        "setup_node": OneHot(range(-1, len(geo.node_ids)), "the settlement just placed in setup (-1: none)"),
        "pieces_nodes": _pieces(len(geo.node_ids), n, 3),
        "pieces_edges": _pieces(len(geo.edge_ids), n, 0),
        "hand": Each(n, Maybe(Vec(5, "resource cards: " + ", ".join(RESOURCES)), "1: hidden from this seat")),
        "hand_counts": per_seat("resource cards"),
        "bank": Vec(5, "resource cards left in the bank: " + ", ".join(RESOURCES)),
        "dev": Each(n, Maybe(Vec(5, "development cards: " + ", ".join(DEV_TYPES)), "1: hidden from this seat")),
        "dev_counts": per_seat("development cards held"),
        "dev_new": Custom(7, _dev_new, "cards bought this turn: count, 1 if the types are hidden, then types"),
        "deck": Num("development cards left"),
        "knights": per_seat("knights played (CAT-10.4)"), "discard": per_seat("cards still to discard (CAT-6.2)"),
        "oil": per_seat("oil in hand (Oil Springs)"), "seq": per_seat("oil sequestered (OIL-9.1)"),
        "numbers": Vec(len(geo.hex_ids), "number token now on each hex (0: none or destroyed)"),
        "destroyed": Padded(len(geo.hex_ids), Vec(2, "hex index, number"), "destroyed tokens in order (OIL-8.7)"),
        "lr": OneHot(range(-1, n), "Longest Road holder (CAT-10.1), -1 nobody"),
        "la": OneHot(range(-1, n), "Largest Army holder (CAT-10.4), -1 nobody"),
        "robber": OneHot(range(-1, len(geo.hex_ids)), "robber hex (-1: off the board, OIL-2.4)"),
        "dice": Num("last roll (0: not rolled this turn)"),
        "dev_played": Num("1: a development card was played this turn (CAT-9.2)"),
        "rolled": Num("1: the dice were rolled this turn"),
        "built": Num("1: the active player has built this turn (no trade after, CAT-4.3)"),
        "free_roads": Num("free roads left from Road Building"),
        "offer": Maybe(Vec(12, "goods given (6), goods asked (6): lumber, brick, wool, grain, ore, oil")),
        "accepted": _seats(n),
        "offers_made": Num("domestic offers made this turn"),
        "sbp_left": Num("seats still to build in the special building phase (CAT-12.8)"),
        "supply": Num("oil in the supply"), "removed": Num("oil removed from the game (OIL-8.8, OIL-8.9)"),
        "marker": Num("the disaster marker: oil used since the last disaster (OIL-7.2)"),
        "metro_pool": Num("metropolises left (OIL-6.5)"),
        "champ": OneHot(range(-1, n), "Champion of the Environment (OIL-9.5), -1 nobody"),
        "oil_used": Num("1: oil was used this turn"), "seq_done": Num("1: the active player sequestered this turn"),
        "pending": Num("1: the marker is full, a disaster is due (OIL-8)"),
        "trigger": OneHot(range(-1, n), "the seat that triggered the last disaster, -1 nobody"),
        "over": Num("1 when the game has ended"), "winner": OneHot(range(-1, n), "the winner, -1 nobody"),
        "lost": Num("1 when the island is lost (OIL-10.3)"),
        "pyrrhic": OneHot(range(-1, n), "Pyrrhic victor when the island is lost (OIL-10.3), -1 nobody"),
        "disasters": Num("disasters so far (OIL-8)"), "floods": Num("coastal floods so far (OIL-8.4)"),
        "spring_hits": Num("disasters that hit an oil spring (OIL-8.8)"),
        "oil_used_total": Num("oil used in the whole game"),
        "last_disaster": Maybe(Vec(3, "roll, hex hit (-1: none), triggering seat")),
        "public_vp": Maybe(Vec(n, "VP everyone can see, per seat (VP cards not counted)"),
                           "1 at the end (every card is revealed, CAT-11.2)"),
    }, prepare=_prepare(players))


def make_encoding(state) -> Encoding:
    geo = state.board.geo
    oil = bool(state.oil_springs)
    return Encoding(action_universe(geo, state.num_players, oil), schema(geo, state.num_players))
