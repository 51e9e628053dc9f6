"""Catan's chance beyond the generator (the development card drawn by ``buy dev``), a fast roll, labels.

The deck is shuffled once at setup (its order is hidden, CAT-9.1), so the generator never sees a
purchase. As a chance event the draw is a card type with probability (cards of that type left) /
(cards left); the outcome's state has a card of that type moved to the top of the deck before the
purchase. A roll (CAT-5) is one draw of 36: it is played once per sum (11 applies instead of the
generic 36; a test checks both agree). Steals (CAT-6.4) and disasters (OIL-8) are enumerated by
ccg/core/chance.py; :func:`label` names their outcomes.
"""
from __future__ import annotations

from ccg.core.chance import ChanceOutcome, NotEnumerable, scripted_child

from .data import DEV_TYPES, GOODS

# a roll is one draw x in 0..35 (turn.roll): one representative draw per sum and its count of 36
_SUMS: dict[int, list[int]] = {}
for _x in range(36):
    _SUMS.setdefault(_x // 6 + _x % 6 + 2, []).append(_x)


def outcomes(state, action) -> list[ChanceOutcome] | None:
    """The card types ``buy dev`` can draw (CAT-8.6) and the 11 sums of a roll (CAT-5, one apply per sum
    rather than 36); None for every other action (the generic path)."""
    if action.kind == "roll":
        return _roll(state, action)
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
        v, p = action.args[1], state.seat_to_move
        for r in range(5):
            if child.hand[p * 5 + r] > state.hand[p * 5 + r]:
                return f"stole {GOODS[r]} from seat {v}"
    if child.last_disaster is not None and child.last_disaster != state.last_disaster:
        d, hit, _ = child.last_disaster
        return f"disaster roll {d}" + (f" hits H{hit}" if hit >= 0 else "")
    return ""


def _roll(state, action) -> list[ChanceOutcome] | None:
    out = []
    for total, draws in sorted(_SUMS.items()):
        try:
            child, sizes = scripted_child(state, action, (draws[0],))
        except NotEnumerable:
            return None
        if sizes != [36]:  # the roll drew more than the dice (not so today): enumerate it generically
            return None
        child._replayable = False
        out.append(ChanceOutcome(f"rolled {total}", len(draws) / 36, child))
    return out
