"""Moves and bot reasons in words, for the Table's move list, log and status line.

``describe(state, action)`` is the game's plain-language description of a legal action, ending with
the rule that allows it (``state.describe_action``, declared through the game's spec: ccg/core/describe.py);
a game that has none is shown by its notation. ``rule_of(state, action)`` is that rule's id. ``explanation(agent, state)`` is an agent's reason for its move in sentences, when the
agent can explain itself (an ``explain(state)`` method, duck-typed); None otherwise — one piece of code
with the classroom's bot runner: it lives in ccg/agents/explain.py.
"""
from __future__ import annotations

from ..agents.explain import explanation, explanation_text
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
