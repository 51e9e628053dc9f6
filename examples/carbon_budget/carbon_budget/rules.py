"""The cards (CB-1.1) and the rule parameters (CB-1.2, CB-5.1)."""
from __future__ import annotations

from ccg.core import RuleParam

RULES = {
    "budget": RuleParam(14, "the shared carbon budget at the start (units)", lo=0, hi=100, source="CB-1.2"),
    "shock": RuleParam(2, "units a climate shock takes from the budget", lo=0, hi=10, source="CB-5.1"),
}
HAND = 3  # CB-1.3
STRENGTHS = (1, 2, 3, 4)
COPIES = 3
# CB-1.1: F1 … F4 and G1 … G4, three of each, in this order
CARDS = tuple(f"{kind}{s}" for kind in "FG" for s in STRENGTHS)
DECK = tuple(card for card in CARDS for _ in range(COPIES))


def strength(card: str) -> int:
    return int(card[1])


def is_fossil(card: str) -> bool:
    return card[0] == "F"


def build_vp(card: str) -> int:
    """CB-3.1: a fossil card gives strength + 1 VP; CB-3.2: a green card strength // 2."""
    return strength(card) + 1 if is_fossil(card) else strength(card) // 2


def build_emissions(card: str) -> int:
    """CB-3.1: a fossil card takes its strength from the budget; CB-3.2: a green card nothing."""
    return strength(card) if is_fossil(card) else 0
