"""What only one seat sees, in words (``SPEC.secret_view``): its hand of goods (CAT-7) and its development
cards (CAT-9), from ``state.observation(seat)``, in the current language (:mod:`ccg.i18n`). At the end every
card is revealed (CAT-11.2): nothing is secret."""
from __future__ import annotations

from ccg.core.glossary import term
from ccg.core.state import GameState
from ccg.i18n import N_, _, format_list, format_number

from .data import DEV_TYPES, GOODS

NAMED = {"hand": (N_("Your hand"), "resource", GOODS), "dev": (N_("Your development cards"), "devcard", DEV_TYPES)}


def secret_view(state: GameState, seat: int) -> list[tuple[str, str]]:
    """The seat's goods and development cards, each count with its name ("3 Lumber and 2 Wool"), or "none"."""
    data = state.observation(seat)["state"]
    if state.is_terminal():
        return []
    out = []
    for key, (label, kind, names) in NAMED.items():
        held = [f"{format_number(c)} {term('catan', kind, names[i])}" for i, c in enumerate(data[key][seat]) if c]
        out.append((_(label), format_list(held) if held else _("none")))
    return out
