"""Catan's and Oil Springs' moves in words: ``describe(state, action) -> (sentence, rule id)`` (ccg/core/describe.py).

The board has no place names, so a place is named by its id and the hexes it touches, as a player reads
the board: a hex as its terrain and number (``hills 6``, ``the desert``, ``forest 9 with its oil spring``),
an intersection as ``N14, on hills 6, forest 3 and pasture 11``, a path as ``E28, between hills 6 and
forest 3``. Numbers removed by a disaster are left out (OIL-8.7).
The sentences are gettext messages (context ``catan``) in the current language (:mod:`ccg.i18n`), whole
sentences with named placeholders; resources and terrains come from :func:`ccg.core.glossary.term`, in lower case
inside a sentence as the English text writes them.
"""
from __future__ import annotations

from ccg.core import Action
from ccg.core.glossary import term
from ccg.i18n import format_list, npgettext, pgettext

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
def good_name(good: str) -> str:
    """A resource (or oil) in running text: ``lumber``, ``oil`` (CAT-1.2, OIL-3)."""
    return term("catan", "resource", good).lower()


def terrain_name(terrain: str) -> str:
    return term("catan", "terrain", terrain).lower()


def hex_words(s, h: int) -> str:
    """``hills 6``, ``the desert``, ``forest 9 with its oil spring``, ``destroyed pasture``."""
    b = s.board
    terrain = TERRAINS[b.terrain[h]]
    number = s.numbers[h]
    if terrain == "desert":
        text = pgettext("catan", "the desert {number}").format(number=number) if number else pgettext("catan", "the desert")
    elif b.numbers0[h] and not number:
        text = pgettext("catan", "destroyed {terrain}").format(terrain=terrain_name(terrain))
    else:
        text = f"{terrain_name(terrain)} {number}" if number else terrain_name(terrain)
    if b.spring[h] != NO_SPRING:
        text = pgettext("catan", "{hex} with its oil spring").format(hex=text)
    return text


def node_words(s, n: int) -> str:
    """``N14, on hills 6, forest 3 and pasture 11``, with its harbour if it has one (CAT-2.5)."""
    b = s.board
    names = {"node": b.geo.node_ids[n], "hexes": format_list([hex_words(s, h) for h in b.node_hexes[n]])}
    harbour = b.node_harbour[n]
    if harbour < 0:
        return pgettext("catan", "{node}, on {hexes}").format(**names)
    kind = HARBOUR_TYPES[harbour]
    if kind == "3:1":
        return pgettext("catan", "{node}, on {hexes}, at a 3:1 harbour").format(**names)
    return pgettext("catan", "{node}, on {hexes}, at a {good} 2:1 harbour").format(good=good_name(kind), **names)


def edge_words(s, e: int) -> str:
    """``E28, between hills 6 and forest 3`` or ``E5, on the coast of hills 6``."""
    b = s.board
    a, c = b.edge_nodes[e]
    hexes = sorted(set(b.node_hexes[a]) & set(b.node_hexes[c]))
    eid = b.geo.edge_ids[e]
    if len(hexes) == 1:
        return pgettext("catan", "{edge}, on the coast of {hex}").format(edge=eid, hex=hex_words(s, hexes[0]))
    return pgettext("catan", "{edge}, between {hexes}").format(
        edge=eid, hexes=format_list([hex_words(s, h) for h in hexes]))


def count_words(count: int, good: str) -> str:
    """``2 wool``: a number of cards of one resource (or oil)."""
    return pgettext("catan", "{count} {good}").format(count=count, good=good_name(good))


def cost_words(cost: tuple) -> str:
    return format_list([count_words(k, RESOURCES[r]) for r, k in cost])


def goods_words(counts) -> str:
    """``2 wool and 1 oil`` from per-good counts."""
    words = [count_words(k, GOODS[g]) for g, k in enumerate(counts) if k]
    return format_list(words) if words else pgettext("catan", "nothing")


def index_of(place_id: str) -> int:
    """``N14`` -> 14, ``E28`` -> 28, ``H3`` -> 3 (ids are a letter and the index, geometry.py)."""
    return int(place_id[1:])


# ---- the moves ------------------------------------------------------------------------------------
def settle(s, a: Action) -> tuple[str, str]:
    n = index_of(a.args[0])
    if s.phase == SETUP_SETTLE:
        if s.setup_step < s.num_players:
            return pgettext("catan", "Place your first settlement at {node}").format(node=node_words(s, n)), "CAT-3.7"
        return (pgettext("catan", "Place your second settlement at {node}; it pays your starting resources, one card "
                                  "from each producing hex around it").format(node=node_words(s, n)), "CAT-3.9")
    text = pgettext("catan", "Build a settlement at {node}; it costs {cost}").format(
        node=node_words(s, n), cost=cost_words(COST_SETTLEMENT))
    return sbp(s, text), "CAT-12.8" if s.phase == SBP else "CAT-8.4"


def road(s, a: Action) -> tuple[str, str]:
    e = index_of(a.args[0])
    edge = edge_words(s, e)
    if s.phase == SETUP_ROAD:
        return (pgettext("catan", "Place a road on {edge}, touching your new settlement").format(edge=edge),
                "CAT-3.7" if s.setup_step < s.num_players else "CAT-3.8")
    if s.phase == FREE_ROAD:
        return pgettext("catan", "Place a free road from Road Building on {edge}").format(edge=edge), "CAT-9.4"
    text = pgettext("catan", "Build a road on {edge}; it costs {cost}").format(edge=edge, cost=cost_words(COST_ROAD))
    return sbp(s, text), "CAT-12.8" if s.phase == SBP else "CAT-8.3"


def sbp(s, text: str) -> str:
    """``text``, said as a move of the Special Building Phase when it is one (CAT-12.8)."""
    if s.phase != SBP:
        return text
    return pgettext("catan", "In the Special Building Phase, {text}").format(text=text[0].lower() + text[1:])


def play(s, a: Action) -> tuple[str, str]:
    card = a.args[0]
    if card == "knight":
        return pgettext("catan", "Play a Knight: move the robber and steal from a player next to it"), "CAT-9.3"
    if card == "roadbuilding":
        return pgettext("catan", "Play Road Building: place 2 roads free of cost"), "CAT-9.4"
    if card == "plenty":
        counts = [0] * GOODS_N
        for g in a.args[1:]:
            counts[GOODS.index(g)] += 1
        rule = "OIL-14.1" if "oil" in a.args[1:] else "CAT-9.5"
        return pgettext("catan", "Play Year of Plenty: take {goods} from the bank").format(goods=goods_words(counts)), rule
    good = a.args[1]  # how many the others hold is theirs to know (resource cards are hidden, CAT-9.6)
    return (pgettext("catan", "Play Monopoly on {good}: every other player hands you all their {good}").format(
        good=good_name(good)), "OIL-14.2" if good == "oil" else "CAT-9.6")


def robber(s, a: Action) -> tuple[str, str]:
    h = index_of(a.args[0])
    names = {"hex": hex_words(s, h), "id": a.args[0]}
    first = s.robber < 0
    if len(a.args) == 1:
        return (pgettext("catan", "Move the robber to {hex}, {id}, stealing from nobody").format(**names),
                "OIL-5.1" if first else "CAT-6.3")
    victim = a.args[1]
    if len(a.args) == 3:
        return (pgettext("catan", "Move the robber to {hex}, {id}, and take 1 oil from seat {seat}").format(
            seat=victim, **names), "OIL-5.4")
    return (pgettext("catan", "Move the robber to {hex}, {id}, and steal a random resource card from seat {seat}").format(
        seat=victim, **names), "CAT-6.4")


def trade(s, a: Action) -> tuple[str, str]:
    rate, give, get = a.args
    names = {"give": good_name(give), "get": good_name(get)}
    if rate == 4:
        return pgettext("catan", "Trade 4 {give} to the bank for 1 {get}").format(**names), "CAT-7.3"
    if rate == 3:
        return pgettext("catan", "Trade 3 {give} for 1 {get} at your 3:1 harbour").format(**names), "CAT-7.4"
    return pgettext("catan", "Trade 2 {give} for 1 {get} at your {give} harbour").format(**names), "CAT-7.5"


def offer_words(s) -> tuple[str, str]:
    off = s.offer
    return goods_words(off[:GOODS_N]), goods_words(off[GOODS_N:])


def domestic(s, a: Action) -> tuple[str, str]:
    """Composing, answering and closing a domestic offer (CAT-7.2; oil in it, OIL-3.6)."""
    k = a.kind
    if k == "propose":
        return (pgettext("catan", "Make a trade offer to the other players: choose what you give and what you ask for"),
                "CAT-7.2")
    if k == "cancel":
        return pgettext("catan", "Withdraw the trade offer"), "CAT-7.2"
    rule = "OIL-3.6" if a.args and a.args[0] == "oil" else "CAT-7.2"
    if k == "give":
        return pgettext("catan", "Add 1 {good} to what you give in your offer").format(good=good_name(a.args[0])), rule
    if k == "ask":
        return pgettext("catan", "Add 1 {good} to what you ask for in your offer").format(good=good_name(a.args[0])), rule
    give, ask = offer_words(s)
    if k == "offer":
        return (pgettext("catan", "Put your offer to the other players: you give {give} for {ask}").format(
            give=give, ask=ask), "CAT-7.2")
    if k == "accept":
        return (pgettext("catan", "Accept seat {seat}'s offer: you give {ask} and get {give}").format(
            seat=s.active, give=give, ask=ask), "CAT-7.2")
    if k == "reject":
        return (pgettext("catan", "Turn down seat {seat}'s offer of {give} for {ask}").format(
            seat=s.active, give=give, ask=ask), "CAT-7.2")
    return (pgettext("catan", "Trade with seat {seat}, who accepted: you give {give} for {ask}").format(
        seat=a.args[0], give=give, ask=ask), "CAT-7.2")


def main(s, a: Action) -> tuple[str, str]:
    k = a.kind
    if k == "settle":
        return settle(s, a)
    if k == "road":
        return road(s, a)
    if k == "city":
        n = index_of(a.args[0])
        text = pgettext("catan", "Upgrade your settlement at {node}, to a city; it costs {cost}").format(
            node=node_words(s, n), cost=cost_words(COST_CITY))
        return sbp(s, text), "CAT-12.8" if s.phase == SBP else "CAT-8.5"
    if k == "metro":
        n = index_of(a.args[0])
        cost = format_list([count_words(k, RESOURCES[r]) for r, k in COST_METROPOLIS]
                           + [count_words(METROPOLIS_OIL, "oil")])
        text = pgettext("catan", "Upgrade your city at {node}, to a metropolis; it costs {cost}, and the disaster "
                                 "marker moves from {old} to {new}").format(
            node=node_words(s, n), cost=cost, old=s.marker, new=s.marker + METROPOLIS_OIL)
        return sbp(s, text), "OIL-11.5" if s.phase == SBP else "OIL-6.3"
    if k == "buy":
        text = pgettext("catan", "Buy a development card; it costs {cost}").format(cost=cost_words(COST_DEV))
        return sbp(s, text), "CAT-12.8" if s.phase == SBP else "CAT-8.6"
    if k == "play":
        return play(s, a)
    if k == "trade":
        return trade(s, a)
    if k == "convert":
        goods = a.args
        what = count_words(2, goods[0]) if len(goods) == 1 else format_list([count_words(1, g) for g in goods])
        return (pgettext("catan", "Convert 1 oil into {goods}; the disaster marker moves from {old} to {new}").format(
            goods=what, old=s.marker, new=s.marker + 1), "OIL-6.2")
    if k == "sequester":
        return (pgettext("catan", "Sequester 1 oil: it leaves play for good, and every 3 sequestered are worth 1 VP; "
                                  "you have {count} sequestered").format(count=s.sequestered[s.seat_to_move]), "OIL-9.1")
    if k == "end":
        if s.oil_springs and s.pending:
            return pgettext("catan", "End your turn: the disaster is played now"), "OIL-8.1"
        return pgettext("catan", "End your turn"), "CAT-4.4"
    if k == "pass":
        return pgettext("catan", "Build nothing in this Special Building Phase"), "CAT-12.8"
    if k in ("propose", "give", "ask", "offer", "cancel", "accept", "reject", "choose"):
        return domestic(s, a)
    raise ValueError(f"Catan has no action {a}")


def describe(s, a: Action) -> tuple[str, str]:
    """``a`` (legal in ``s``) in words, and the rule that allows it."""
    ph, k = s.phase, a.kind
    if k == "roll":
        return pgettext("catan", "Roll the dice: every hex with that number produces; a 7 moves the robber"), "CAT-5.1"
    if ph == DISCARD:
        good = a.args[0]
        left = s.discard[s.seat_to_move]
        if left > 1:
            text = npgettext("catan", "Discard 1 {good}; {count} more to discard for the 7",
                             "Discard 1 {good}; {count} more to discard for the 7", left - 1)
        else:
            text = pgettext("catan", "Discard 1 {good}; the last card you owe for the 7")
        return text.format(good=good_name(good), count=left - 1), "OIL-5.5" if good == "oil" else "CAT-6.2"
    if ph == ROBBER:
        return robber(s, a)
    if ph in (MAIN, PRE_ROLL, SBP, SETUP_SETTLE, SETUP_ROAD, FREE_ROAD, PROPOSE, RESPOND, CHOOSE):
        return main(s, a)
    raise ValueError(f"Catan has no description for {a} in phase {ph}")
