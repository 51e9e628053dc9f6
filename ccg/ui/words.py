"""Moves and bot reasons in words, for the Table's move list, log and status line.

``describe(state, action)`` is the game's plain-language description of a legal action, ending with
the rule that allows it (``state.describe_action``, declared through the game's spec: ccg/core/describe.py);
a game that has none is shown by its notation. ``rule_of(state, action)`` is that rule's id. ``explanation(agent, state)`` is an agent's reason for its move in sentences, when the
agent can explain itself (an ``explain(state)`` method, duck-typed); None otherwise.
"""
from __future__ import annotations

from typing import Any

from ..core.action import Action
from ..core.state import GameState

__all__ = ["describe", "explanation", "explanation_text", "rule_of"]


def describe(state: GameState, action: Action) -> str:
    """The plain-language description of ``action`` (legal in ``state``), or its notation if the game has none."""
    parts = state.describe_action_parts(action)
    return str(parts) if parts.described else str(action)


def rule_of(state: GameState, action: Action) -> str:
    """The id of the rule that allows ``action`` ("" if the game describes no moves)."""
    return state.describe_action_parts(action).rule


def explanation_text(result: Any) -> str:
    """An ``explain`` result as sentences: a string, ``.text`` / ``.sentences`` (attribute or key), or a list."""
    if result is None:
        return ""
    if isinstance(result, str):
        return result
    for key in ("text", "sentences", "summary"):
        value = result.get(key) if isinstance(result, dict) else getattr(result, key, None)
        if callable(value):
            value = value()
        if isinstance(value, str) and value:
            return value
        if isinstance(value, (list, tuple)) and value:
            return " ".join(str(v) for v in value)
    if isinstance(result, (list, tuple)):
        return " ".join(explanation_text(r) for r in result)
    return str(result)


def explanation(agent: Any, state: GameState) -> str | None:
    """Why ``agent`` plays its move at ``state`` (the state before the move), or None if it cannot say."""
    explain = getattr(agent, "explain", None)
    if not callable(explain):
        return None
    text = explanation_text(explain(state.clone()))
    return text or None
