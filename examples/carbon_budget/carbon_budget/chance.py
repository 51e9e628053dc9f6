"""Chance in play (``SPEC.chance``; the protocol is ccg/core/chance.py): the die at the end of each round
(CB-5.1). The deck is shuffled at set-up, so a card drawn is hidden information, not chance."""
from __future__ import annotations

from ccg.core import Action, GameState


def label(state: GameState, action: Action, child: GameState) -> str:
    """"climate shock" or "no shock" for the die of CB-5.1; "" for a move that ends no round."""
    if child.round == state.round:  # type: ignore[attr-defined]
        return ""
    return "climate shock" if child.shocks > state.shocks else "no shock"  # type: ignore[attr-defined]
