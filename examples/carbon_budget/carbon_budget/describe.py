"""Every move in words with the rule that allows it (``SPEC.describe``; see ccg/core/describe.py)."""
from __future__ import annotations

from ccg.core import Action, GameState

from .private import card_text


def describe(state: GameState, action: Action) -> tuple[str, str]:
    card = action.args[0]
    if action.kind == "build":
        rule = "CB-3.1" if card.startswith("F") else "CB-3.2"
        return f"Build your {card_text(card)}", rule
    return f"Abate with your {card} face down: the budget gains 1 unit", "CB-4.1"


def describe_secret(state: GameState, action: Action) -> tuple[str, str]:
    """Another seat's abatement, as the others read it: which card stays secret (CB-4.1)."""
    return "Abate with a secret card: the budget gains 1 unit", "CB-4.1"
