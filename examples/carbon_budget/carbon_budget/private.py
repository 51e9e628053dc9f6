"""What only one seat sees, in words (``SPEC.secret_view``): its hand (CB-1.3) and its abated cards (CB-4.1)."""
from __future__ import annotations

from ccg.core import GameState

from .rules import build_emissions, build_vp, is_fossil, strength


def card_text(card: str) -> str:
    """"fossil 3 (+4 VP, takes 3 from the budget)" (CB-3.1) or "green 2 (+1 VP)" (CB-3.2)."""
    if is_fossil(card):
        return f"fossil {strength(card)} (+{build_vp(card)} VP, takes {build_emissions(card)} from the budget)"
    return f"green {strength(card)} (+{build_vp(card)} VP)"


def secret_view(state: GameState, seat: int) -> list[tuple[str, str]]:
    data = state.observation(seat)["state"]
    hand, abated = data["hands"][seat], data["abated"][seat]
    return [("Your hand (secret)", "\n".join(card_text(c) for c in hand) or "empty"),
            ("Cards you abated (secret)", ", ".join(abated) or "none")]
