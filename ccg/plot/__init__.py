"""Plotly figures. ``board(state)`` dispatches to the game's own view module.

Each game provides ``ccg/plot/<game>.py`` with ``board(state, seat=None) -> plotly.graph_objects.Figure``;
``seat`` (optional) limits what is shown to what that seat may see.
"""
from __future__ import annotations

import importlib

from ..core.state import GameState


def board(state: GameState, seat: int | None = None, **kwargs):
    """A Plotly figure of the position (board, tracks and player tables)."""
    if not isinstance(state, GameState):
        raise ValueError(f"board() needs a game state, got {type(state).__name__}")
    try:
        module = importlib.import_module(f".{state.game}", __name__)
    except ModuleNotFoundError:
        raise ValueError(f"no board view for game {state.game!r} yet") from None
    return module.board(state, seat=seat, **kwargs)
