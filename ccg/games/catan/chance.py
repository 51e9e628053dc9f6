"""Catan's chance beyond the generator: the development card drawn by ``buy dev``, and outcome labels.

The deck is shuffled once at setup (its order is hidden, CAT-9.1), so the generator never sees a
purchase. As a chance event the draw is a card type with probability (cards of that type left) /
(cards left); the outcome's state has a card of that type moved to the top of the deck before the
purchase. Rolls (CAT-5), steals (CAT-6.4) and disasters (OIL-8) draw from the generator and are
enumerated by ccg/core/chance.py; :func:`label` names their outcomes.
"""
from __future__ import annotations

from ccg.core.chance import ChanceOutcome

from .data import DEV_TYPES, GOODS


def outcomes(state, action) -> list[ChanceOutcome] | None:
    """The card types ``buy dev`` can draw (CAT-8.6); None for every other action (the generic path)."""
    if action.kind != "buy" or len(set(state.deck)) < 2:  # no draw, or a certain one: the generic path
        return None
    deck = state.deck
    out = []
    for t in sorted(set(deck)):
        child = state.clone()
        d = child.deck
        i = max(k for k, c in enumerate(d) if c == t)
        d[i], d[-1] = d[-1], d[i]  # deck.pop() takes the last card
        child.apply(action)
        child._replayable = False
        out.append(ChanceOutcome(f"draw {DEV_TYPES[t]}", deck.count(t) / len(deck), child))
    return out


def label(state, action, child) -> str:
    """A readable name for one result of a generator-driven chance action."""
    if action.kind == "roll":
        return f"rolled {child.dice}"
    if action.kind == "robber" and len(action.args) == 2:
        v, p = action.args[1], state.cur
        for r in range(5):
            if child.hand[p * 5 + r] > state.hand[p * 5 + r]:
                return f"stole {GOODS[r]} from seat {v}"
    if child.last_disaster is not None and child.last_disaster != state.last_disaster:
        d, hit, _ = child.last_disaster
        return f"disaster roll {d}" + (f" hits H{hit}" if hit >= 0 else "")
    return ""
