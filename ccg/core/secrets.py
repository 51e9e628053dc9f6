"""What belongs to one seat: its secrets in words, and moves as another seat may read them.

A game declares both on its ``GameSpec``: ``secret_view(state, seat) -> [(label, text)]`` (its hand, its
goal, in the game's words, built from ``state.observation(seat)``) and ``secret_moves`` (the action kinds
whose arguments only the mover may read). :func:`seat_secrets` falls back to a generic reading of the
observation for a game without a ``secret_view``; :func:`move_seen_by` reads a move log without a state.
"""
from __future__ import annotations

from typing import Any

from .registry import get_spec
from .state import GameState

__all__ = ["generic_secrets", "move_seen_by", "seat_secrets"]


def seat_secrets(state: GameState, seat: int) -> list[tuple[str, str]]:
    """What only ``seat`` sees, as (label, text) pairs: the game's ``SPEC.secret_view`` or :func:`generic_secrets`."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players:
        raise ValueError(f"seat must be 0..{state.num_players - 1}, got {seat!r}")
    view = get_spec(state.game).secret_view
    return generic_secrets(state, seat) if view is None else list(view(state, seat))


def generic_secrets(state: GameState, seat: int) -> list[tuple[str, str]]:
    """The per-seat fields of ``observation(seat)`` that only ``seat`` sees (a list with one entry per seat,
    the others hidden as None), their values written out."""
    data = state.observation(seat)["state"]
    n = state.num_players
    out = []
    for key, value in data.items():
        if isinstance(value, list) and len(value) == n and n > 1:
            others = [v for p, v in enumerate(value) if p != seat]
            if value[seat] is not None and all(v is None for v in others):
                out.append((key, _text(value[seat])))
    return out


def _text(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def move_seen_by(game: str, notation: str, actor: int | None, seat: int | None) -> str:
    """A logged move (its notation, played by ``actor``) as ``seat`` may read it, without a state: a move of
    a kind in ``SPEC.secret_moves`` with arguments reads ``"<kind> ?"`` to every other seat (None: the referee).
    With a state at hand, ``state.notation_seen_by`` says the same."""
    parts = notation.split()
    if seat is None or (actor is not None and actor == seat) or len(parts) < 2:
        return notation
    kind = parts[0].lower()
    return f"{kind} ?" if kind in get_spec(game).secret_moves else notation
