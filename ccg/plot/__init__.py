"""Plotly figures. ``board(state)`` draws a position with the board drawing its game declares (``SPEC.plot``).

A game's board drawing module (``ccg/plot/<game>/`` for the games of ccg, any module for a game installed
elsewhere) defines ``board(state, seat=None) -> plotly.graph_objects.Figure``; ``seat`` (optional) limits
what is shown to what that seat may see. It may define ``SEAT_NAMES`` and ``SEAT_COLOURS`` (or
``PLAYER_NAMES`` / ``PLAYER_COLOURS``), read by :func:`seat_name` and :func:`seat_colour`.

Click convention (used by ``ccg.ui``): every clickable point of a board carries its location id — the
same string that appears in ``Action.where`` — in ``customdata``, either the id itself or a list whose
first element is the id. The UI narrows the action list to the actions whose ``where`` holds it.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from ..core.registry import get_spec
from ..core.state import GameState

__all__ = ["NoBoardDrawing", "board", "board_module", "narrow_width", "seat_colour", "seat_colours", "seat_name",
           "seat_names"]

DEFAULT_COLOUR = "#555"


class NoBoardDrawing(ValueError):
    """The game declares no board drawing module (``SPEC.plot``)."""


def board_module(game: str) -> ModuleType | None:
    """The board drawing module the game declares (``SPEC.plot``), or None."""
    name = get_spec(game).plot
    return None if name is None else importlib.import_module(name)


def board(state: GameState, seat: int | None = None, **kwargs: Any) -> Any:
    """A Plotly figure of the position (board, tracks and player tables)."""
    if not isinstance(state, GameState):
        raise ValueError(f"board() needs a game state, got {type(state).__name__}")
    module = board_module(state.game)
    if module is None:
        raise NoBoardDrawing(f"no board drawing for game {state.game!r}: its GameSpec declares no plot module")
    return module.board(state, seat=seat, **kwargs)


def narrow_width(game: str) -> int | None:
    """The width (px) of the game's narrow board layout, or None when its board drawing has none.

    A board drawing that declares ``NARROW_WIDTH`` and ``MIN_TEXT`` (its smallest font, px) draws
    ``board(state, seat, width=NARROW_WIDTH)`` with the same traces in the same order (so clicks map alike),
    every text still at ``MIN_TEXT`` or more; one that does not is only ever scaled down as a picture.
    """
    module = board_module(game)
    width = getattr(module, "NARROW_WIDTH", None)
    return int(width) if width and getattr(module, "MIN_TEXT", None) else None


def _seat_table(game: str, *names: str) -> tuple[str, ...] | None:
    module = board_module(game)
    for name in names:
        value = getattr(module, name, None)
        if value:
            return tuple(value)
    return None


def seat_names(game: str) -> tuple[str, ...] | None:
    """The names the game's board drawing gives the seats (its ``SEAT_NAMES``), or None."""
    return _seat_table(game, "SEAT_NAMES", "PLAYER_NAMES")


def seat_colours(game: str) -> tuple[str, ...] | None:
    """The colours the game's board view gives the seats (its ``SEAT_COLOURS``), or None."""
    return _seat_table(game, "SEAT_COLOURS", "PLAYER_COLOURS")


def seat_name(game: str, seat: int) -> str:
    """The name the game's board drawing gives a seat ("Orange"), or "seat N"."""
    names = _seat_table(game, "SEAT_NAMES", "PLAYER_NAMES")
    return names[seat] if names and 0 <= seat < len(names) else f"seat {seat}"


def seat_colour(game: str, seat: int) -> str:
    """The colour the game's board drawing gives a seat, or grey."""
    colours = _seat_table(game, "SEAT_COLOURS", "PLAYER_COLOURS")
    return colours[seat] if colours and 0 <= seat < len(colours) else DEFAULT_COLOUR
