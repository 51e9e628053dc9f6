"""A student's page as data: every block the seat's page shows, its moves in words, its board.

Everything comes from :func:`ccg.classroom.views.seat_view` (the seat's observation) and
``ccg.plot.board(state, seat)``; no referee view and no position string are ever sent.
:mod:`ccg.classroom.web` sends this to the seat's browser after every move at its table.
"""
from __future__ import annotations

from typing import Any

from ..core.state import GameState
from ..plot import board
from .views import header_html, log_html, scores_html, seat_view, secrets_html

__all__ = ["describe", "seat_page"]


def describe(state: GameState, action: Any) -> str:
    """A legal move in plain words (the Table's own ``describe_action``), or its notation where the game
    has no words for it."""
    parts = getattr(state, "describe_action_parts", None)
    words = getattr(state, "describe_action", None)
    try:
        if parts is not None:
            found = parts(action)
            return str(found) if getattr(found, "described", True) else str(action)
        if words is not None:
            return str(words(action))
    except (ValueError, NotImplementedError):
        pass
    return str(action)


def seat_page(state: GameState, seat: int, seats=None, table: str = "", paused: bool = False, moves=(),
              with_board: bool = True, reasons=None) -> dict:
    """The page of ``seat`` as data: every HTML block, the moves (notation, words) and the board figure
    (``with_board=False``: without it, for a quick look at the text); ``reasons``: ``{ply: why}`` of bot
    moves, shown only where the game hides nothing (:func:`ccg.classroom.views.reasons_seen`).

    A function of the seat's observation only (the tests compare it with determinized states).
    """
    view = seat_view(state, seat, seats=seats, table=table, paused=paused, moves=moves, reasons=reasons)
    actions = [[a, describe(state, a)] for a in view.actions]
    return {
        "header": header_html(view), "secrets": secrets_html(view), "scores": scores_html(view),
        "log": log_html(view.log, view.why), "actions": actions, "your_turn": view.your_turn, "version": view.ply,
        "over": view.over, "paused": view.paused, "board": board(state, seat).to_plotly_json() if with_board else None,
    }
