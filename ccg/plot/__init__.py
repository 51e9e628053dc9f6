"""Plotly figures. ``board(state)`` dispatches to the game's own view module.

Each game provides ``ccg/plot/<game>.py`` with ``board(state, seat=None) -> plotly.graph_objects.Figure``;
``seat`` (optional) limits what is shown to what that seat may see.

Click convention (used by ``ccg.ui``): every clickable point of a board carries its location id — the
same string that appears in ``Action.where`` — in ``customdata``, either the id itself or a list whose
first element is the id. The UI narrows the action list to the actions whose ``where`` holds it.
"""
from __future__ import annotations

import importlib

from ..core.state import GameState


class NoBoardView(ValueError):
    """The game has no board view module (``ccg/plot/<game>.py``) yet."""


def board(state: GameState, seat: int | None = None, **kwargs):
    """A Plotly figure of the position (board, tracks and player tables)."""
    if not isinstance(state, GameState):
        raise ValueError(f"board() needs a game state, got {type(state).__name__}")
    module_name = f"{__name__}.{state.game}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name != module_name:  # the view exists but something it imports is missing: a real error
            raise
        raise NoBoardView(f"no board view for game {state.game!r} yet") from None
    return module.board(state, seat=seat, **kwargs)
