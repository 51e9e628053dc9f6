"""ccg — climate-economics board games, playable, branchable and simulable in Jupyter.

>>> import ccg
>>> s = ccg.new_game("chicago_express", players=4, seed=1)
>>> s.apply(s.legal_actions()[0])
"""
from __future__ import annotations

import importlib
from typing import Any

from .core import (
    Action,
    GameState,
    IllegalActionError,
    InvalidPositionError,
    board_of,
    edit,
    from_position_string,
    list_games,
    load_state,
    new_game,
    replay,
    rules_text,
    to_position_string,
    to_seat_position_string,
)
from .core.registry import get_spec
from .env.registration import register_gymnasium
from .i18n import set_language

__version__ = "0.1.0"


def describe(name: str) -> dict[str, Any]:
    """Players, options and rule parameters of a game, with their docs and defaults."""
    spec = get_spec(name)
    return {
        "game": spec.name,
        "title": spec.title,
        "players": (spec.min_players, spec.max_players),
        "default_players": spec.default_players,
        "options": {k: {"default": o.default, "doc": o.doc, "choices": o.choices} for k, o in spec.options.items()},
        "rules": {
            k: {"default": p.default, "doc": p.doc, "min": p.lo, "max": p.hi, "choices": p.choices, "source": p.source}
            for k, p in spec.rules.items()
        },
    }


def simulate(*args: Any, **kwargs: Any):
    """Play many seeded games and return one DataFrame row per game (see ccg.analysis.simulate)."""
    from .analysis.simulate import simulate as _simulate  # the analysis (pandas) loads when first used

    return _simulate(*args, **kwargs)


def sweep(*args: Any, **kwargs: Any):
    """Cross options and rule parameters, play seeded games per cell: one row per game (see ccg.analysis.sweep)."""
    from .analysis.sweep import sweep as _sweep  # the analysis (pandas) loads when first used

    return _sweep(*args, **kwargs)


def tournament(*args: Any, **kwargs: Any):
    """Win rates of agents with seats rotated and 95% confidence intervals (see ccg.analysis.tournament)."""
    from .analysis.tournament import tournament as _tournament  # the analysis (pandas) loads when first used

    return _tournament(*args, **kwargs)


def __getattr__(name: str):
    # heavy sub-packages (pandas, plotly) load only when asked for
    if name in {"agents", "analysis", "plot", "ui"}:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'ccg' has no attribute {name!r}")


__all__ = [
    "Action", "GameState", "IllegalActionError", "InvalidPositionError", "board_of", "describe", "edit", "from_position_string",
    "list_games", "load_state", "new_game", "replay", "rules_text", "set_language", "simulate", "sweep",
    "to_position_string",
    "to_seat_position_string", "tournament",
]


def _register_environments() -> None:
    """``gym.make("ccg/<game>-v0")`` after ``import ccg`` (see ccg.env.registration); silent without Gymnasium."""
    register_gymnasium()


_register_environments()
