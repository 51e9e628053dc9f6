"""The action universe and observation tensor (``SPEC.encoding``; the protocol is ccg/core/encoding.py), which
the reinforcement-learning environments (Gymnasium, PettingZoo, OpenSpiel) read.

Action universe, 16 actions in this order: ``build <card>`` then ``abate <card>``, each over the cards
F1 … F4, G1 … G4 (CB-1.1, CB-2.1). The tensor holds what ``observation(seat)`` shows: the seat's own hand and
abated cards as counts per card (the others' are hidden: a flag, then zeros), every seat's built cards, and
the public numbers.
"""
from __future__ import annotations

from ccg.core import GameState
from ccg.core.encoding import Counts, Each, Encoding, Maybe, Num, OneHot, Schema, Vec

from .rules import CARDS
from .state import KINDS


def action_universe() -> list[str]:
    return [f"{kind} {card}" for kind in KINDS for card in CARDS]


def schema(players: int) -> Schema:
    n = players
    return Schema(players, {
        "hands": Each(n, Maybe(Counts(CARDS, "cards of each kind in the hand (CB-1.3)"), "1 if hidden"), "seat"),
        "deck": Num("cards left in the deck (CB-2.2)"),
        "abated": Each(n, Maybe(Counts(CARDS, "cards abated, of each kind (CB-4.1)"), "1 if hidden"), "seat"),
        "built": Each(n, Counts(CARDS, "cards built, of each kind (CB-3)"), "seat"),
        "vp": Vec(n, "VP per seat (CB-3)"),
        "emitted": Vec(n, "units each seat took from the budget (CB-3.1)"),
        "budget": Num("the carbon budget left (CB-1.2)"),
        "to_move": OneHot(range(n), "the seat to play (CB-2)"),
        "round": Num("rounds played (CB-5.1)"),
        "shocks": Num("climate shocks so far (CB-5.1)"),
        "over": Num("1 once the game has ended (CB-6)"),
        "lost": Num("1 if the budget ran out: everyone lost (CB-6.1)"),
        "hand_sizes": Vec(n, "cards in each seat's hand"),
        "abated_counts": Vec(n, "cards each seat has abated"),
    })


def make_encoding(state: GameState) -> Encoding:
    return Encoding(action_universe(), schema(state.num_players))
