"""What only one seat sees, in words (``SPEC.secret_view``): its hand of goods (CAT-7) and its development
cards (CAT-9), from ``state.observation(seat)``. At the end every card is revealed (CAT-11.2): nothing is secret."""
from __future__ import annotations

from ccg.core.state import GameState

from .data import DEV_TYPES, GOODS

NAMED = {"hand": ("Your hand (secret)", GOODS), "dev": ("Your development cards (secret)", DEV_TYPES)}


def secret_view(state: GameState, seat: int) -> list[tuple[str, str]]:
    """The seat's goods and development cards, each count with its name ("3 lumber, 2 wool"), or "none"."""
    data = state.observation(seat)["state"]
    if state.is_terminal():
        return []
    out = []
    for key, (label, names) in NAMED.items():
        counts = data[key][seat]
        out.append((label, ", ".join(f"{c} {names[i]}" for i, c in enumerate(counts) if c) or "none"))
    return out
