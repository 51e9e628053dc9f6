"""Moves and bot reasons in words, for the Table's move list, log and status line.

``describe(state, action)`` is the game's plain-language description of a legal action
(``state.describe_action``, declared through the game's spec); a game that has none yet is shown by
its notation. ``explanation(agent, state)`` is an agent's reason for its move in sentences, when the
agent can explain itself (an ``explain(state)`` method, duck-typed); None otherwise.
"""
from __future__ import annotations

from typing import Any

from ..core.action import Action
from ..core.state import GameState

__all__ = ["describe", "explanation", "explanation_text"]


def describe(state: GameState, action: Action) -> str:
    """The plain-language description of ``action`` (legal in ``state``), or its notation if the game has none."""
    method = getattr(state, "describe_action", None)
    if callable(method):
        try:
            text = method(action)
        except NotImplementedError:
            text = None
        if isinstance(text, str) and text.strip():
            return text.strip()
    return str(action)


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
