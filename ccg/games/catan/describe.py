"""Catan's and Oil Springs' moves in words: ``describe(state, action) -> (sentence, rule id)`` (ccg/core/describe.py).

The board has no place names, so a place is named by its id and the hexes it touches, as a player reads
the board: a hex as its terrain and number (``hills 6``, ``the desert``, ``forest 9 with its oil spring``),
an intersection as ``N14, on hills 6, forest 3 and pasture 11``, a path as ``E28, between hills 6 and
forest 3``. Numbers removed by a disaster are left out (OIL-8.7).
"""
from __future__ import annotations

from ccg.core import Action

from .board import NO_SPRING
from .data import (
    COST_CITY,
    COST_DEV,
    COST_METROPOLIS,
    COST_ROAD,
    COST_SETTLEMENT,
    GOODS,
    HARBOUR_TYPES,
    METROPOLIS_OIL,
    RESOURCES,
    TERRAINS,
)
from .phases import (
    CHOOSE,
    DISCARD,
    FREE_ROAD,
    MAIN,
    PRE_ROLL,
    PROPOSE,
    RESPOND,
    ROBBER,
    SBP,
    SETUP_ROAD,
    SETUP_SETTLE,
)

GOODS_N = len(GOODS)


# ---- names of places and goods --------------------------------------------------------------------
def hex_words(s, h: int) -> str:
    """``hills 6``, ``the desert``, ``forest 9 with its oil spring``, ``pasture (destroyed)``."""
    b = s.board
    terrain = TERRAINS[b.terrain[h]]
    number = s.numbers[h]
    if terrain == "desert":
        text = f"the desert {number}" if number else "the desert"
    elif b.numbers0[h] and not number:
        text = f"destroyed {terrain}"
    else:
        text = f"{terrain} {number}" if number else terrain
    if b.spring[h] != NO_SPRING:
        text += " with its oil spring"
    return text


def listing(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def node_words(s, n: int) -> str:
    """``N14, on hills 6, forest 3 and pasture 11``, with its harbour if it has one (CAT-2.5)."""
    b = s.board
    text = f"{b.geo.node_ids[n]}, on {listing([hex_words(s, h) for h in b.node_hexes[n]])}"
    harbour = b.node_harbour[n]
    if harbour >= 0:
        kind = HARBOUR_TYPES[harbour]
        text += ", at a 3:1 harbour" if kind == "3:1" else f", at a {kind} 2:1 harbour"
    return text


def edge_words(s, e: int) -> str:
    """``E28, between hills 6 and forest 3`` or ``E5, on the coast of hills 6``."""
    b = s.board
    a, c = b.edge_nodes[e]
    hexes = sorted(set(b.node_hexes[a]) & set(b.node_hexes[c]))
    eid = b.geo.edge_ids[e]
    if len(hexes) == 1:
        return f"{eid}, on the coast of {hex_words(s, hexes[0])}"
    return f"{eid}, between {listing([hex_words(s, h) for h in hexes])}"


def cost_words(cost: tuple) -> str:
    return listing([f"{k} {RESOURCES[r]}" for r, k in cost])


def goods_words(counts) -> str:
    """``2 wool and 1 oil`` from per-good counts."""
    return listing([f"{k} {GOODS[g]}" for g, k in enumerate(counts) if k]) or "nothing"


def index_of(place_id: str) -> int:
    """``N14`` -> 14, ``E28`` -> 28, ``H3`` -> 3 (ids are a letter and the index, geometry.py)."""
    return int(place_id[1:])


# ---- the moves ------------------------------------------------------------------------------------
def settle(s, a: Action) -> tuple[str, str]:
    n = index_of(a.args[0])
    if s.phase == SETUP_SETTLE:
        if s.setup_i < s.num_players:
            return f"Place your first settlement at {node_words(s, n)}", "CAT-3.7"
        return (f"Place your second settlement at {node_words(s, n)}; it pays your starting resources, one card "
                f"from each producing hex around it", "CAT-3.9")
    return sbp(s, f"Build a settlement at {node_words(s, n)}; it costs {cost_words(COST_SETTLEMENT)}"), \
        "CAT-12.8" if s.phase == SBP else "CAT-8.4"


def road(s, a: Action) -> tuple[str, str]:
    e = index_of(a.args[0])
    if s.phase == SETUP_ROAD:
        return f"Place a road on {edge_words(s, e)}, touching your new settlement", \
            "CAT-3.7" if s.setup_i < s.num_players else "CAT-3.8"
    if s.phase == FREE_ROAD:
        return f"Place a free road from Road Building on {edge_words(s, e)}", "CAT-9.4"
    return sbp(s, f"Build a road on {edge_words(s, e)}; it costs {cost_words(COST_ROAD)}"), \
        "CAT-12.8" if s.phase == SBP else "CAT-8.3"


def sbp(s, text: str) -> str:
    """``text``, said as a move of the Special Building Phase when it is one (CAT-12.8)."""
    return f"In the Special Building Phase, {text[0].lower()}{text[1:]}" if s.phase == SBP else text


def play(s, a: Action) -> tuple[str, str]:
    card = a.args[0]
    if card == "knight":
        return "Play a Knight: move the robber and steal from a player next to it", "CAT-9.3"
    if card == "roadbuilding":
        return "Play Road Building: place 2 roads free of cost", "CAT-9.4"
    if card == "plenty":
        counts = [0] * GOODS_N
        for g in a.args[1:]:
            counts[GOODS.index(g)] += 1
        rule = "OIL-14.1" if "oil" in a.args[1:] else "CAT-9.5"
        return f"Play Year of Plenty: take {goods_words(counts)} from the bank", rule
    good = a.args[1]  # how many the others hold is theirs to know (resource cards are hidden, CAT-9.6)
    return (f"Play Monopoly on {good}: every other player hands you all their {good}",
            "OIL-14.2" if good == "oil" else "CAT-9.6")


def robber(s, a: Action) -> tuple[str, str]:
    h = index_of(a.args[0])
    move = f"Move the robber to {hex_words(s, h)}, {a.args[0]}"
    first = s.robber < 0
    if len(a.args) == 1:
        return move + ", stealing from nobody", "OIL-5.1" if first else "CAT-6.3"
    victim = a.args[1]
    if len(a.args) == 3:
        return move + f", and take 1 oil from seat {victim}", "OIL-5.4"
    return move + f", and steal a random resource card from seat {victim}", "CAT-6.4"


def trade(s, a: Action) -> tuple[str, str]:
    rate, give, get = a.args
    if rate == 4:
        return f"Trade 4 {give} to the bank for 1 {get}", "CAT-7.3"
    if rate == 3:
        return f"Trade 3 {give} for 1 {get} at your 3:1 harbour", "CAT-7.4"
    return f"Trade 2 {give} for 1 {get} at your {give} harbour", "CAT-7.5"


def offer_words(s) -> tuple[str, str]:
    off = s.offer
    return goods_words(off[:GOODS_N]), goods_words(off[GOODS_N:])


def domestic(s, a: Action) -> tuple[str, str]:
    """Composing, answering and closing a domestic offer (CAT-7.2; oil in it, OIL-3.6)."""
    k = a.kind
    if k == "propose":
        return "Make a trade offer to the other players: choose what you give and what you ask for", "CAT-7.2"
    if k == "cancel":
        return "Withdraw the trade offer", "CAT-7.2"
    rule = "OIL-3.6" if a.args and a.args[0] == "oil" else "CAT-7.2"
    if k == "give":
        return f"Add 1 {a.args[0]} to what you give in your offer", rule
    if k == "ask":
        return f"Add 1 {a.args[0]} to what you ask for in your offer", rule
    give, ask = offer_words(s)
    if k == "offer":
        return f"Put your offer to the other players: you give {give} for {ask}", "CAT-7.2"
    if k == "accept":
        return f"Accept seat {s.active}'s offer: you give {ask} and get {give}", "CAT-7.2"
    if k == "reject":
        return f"Turn down seat {s.active}'s offer of {give} for {ask}", "CAT-7.2"
    return f"Trade with seat {a.args[0]}, who accepted: you give {give} for {ask}", "CAT-7.2"


def main(s, a: Action) -> tuple[str, str]:
    k = a.kind
    if k == "settle":
        return settle(s, a)
    if k == "road":
        return road(s, a)
    if k == "city":
        n = index_of(a.args[0])
        return (sbp(s, f"Upgrade your settlement at {node_words(s, n)}, to a city; it costs {cost_words(COST_CITY)}"),
                "CAT-12.8" if s.phase == SBP else "CAT-8.5")
    if k == "metro":
        n = index_of(a.args[0])
        cost = listing([f"{k} {RESOURCES[r]}" for r, k in COST_METROPOLIS] + [f"{METROPOLIS_OIL} oil"])
        return (sbp(s, f"Upgrade your city at {node_words(s, n)}, to a metropolis; it costs {cost}, and the "
                       f"disaster marker moves from {s.marker} to {s.marker + METROPOLIS_OIL}"),
                "OIL-11.5" if s.phase == SBP else "OIL-6.3")
    if k == "buy":
        return sbp(s, f"Buy a development card; it costs {cost_words(COST_DEV)}"), \
            "CAT-12.8" if s.phase == SBP else "CAT-8.6"
    if k == "play":
        return play(s, a)
    if k == "trade":
        return trade(s, a)
    if k == "convert":
        goods = a.args
        what = f"2 {goods[0]}" if len(goods) == 1 else f"1 {goods[0]} and 1 {goods[1]}"
        return (f"Convert 1 oil into {what}; the disaster marker moves from {s.marker} to {s.marker + 1}",
                "OIL-6.2")
    if k == "sequester":
        return (f"Sequester 1 oil: it leaves play for good, and every 3 sequestered are worth 1 VP; you have "
                f"{s.seq[s.cur]} sequestered", "OIL-9.1")
    if k == "end":
        if s.oil_springs and s.pending:
            return "End your turn: the disaster is played now", "OIL-8.1"
        return "End your turn", "CAT-4.4"
    if k == "pass":
        return "Build nothing in this Special Building Phase", "CAT-12.8"
    if k in ("propose", "give", "ask", "offer", "cancel", "accept", "reject", "choose"):
        return domestic(s, a)
    raise ValueError(f"Catan has no action {a}")


def describe(s, a: Action) -> tuple[str, str]:
    """``a`` (legal in ``s``) in words, and the rule that allows it."""
    ph, k = s.phase, a.kind
    if k == "roll":
        return "Roll the dice: every hex with that number produces; a 7 moves the robber", "CAT-5.1"
    if ph == DISCARD:
        good = a.args[0]
        left = s.discard[s.cur]
        owed = f"{left - 1} more to discard for the 7" if left > 1 else "the last card you owe for the 7"
        return f"Discard 1 {good}; {owed}", "OIL-5.5" if good == "oil" else "CAT-6.2"
    if ph == ROBBER:
        return robber(s, a)
    if ph in (MAIN, PRE_ROLL, SBP, SETUP_SETTLE, SETUP_ROAD, FREE_ROAD, PROPOSE, RESPOND, CHOOSE):
        return main(s, a)
    raise ValueError(f"Catan has no description for {a} in phase {ph}")
