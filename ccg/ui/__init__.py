"""Interactive notebook layer: the game table, the position tree view, what-if runs.

>>> from ccg.ui import Table
>>> Table("chicago_express", seats=["human"], players=4, seed=1)   # three strategists

Everything is built on the protocol, so every registered game works:

- the board is the game's ``ccg.plot.board(state, seat)`` shown in a :class:`FigureView`: each
  redraw sends the whole figure (checked for NaN/inf) and the browser redraws it in place with
  ``Plotly.react``, never by clearing output;
- **click convention**: each clickable point of a board trace carries its board location id
  (the strings of ``Action.where``) in ``customdata`` — the id itself, or a list whose first
  element is the id. A click narrows the action list to the actions whose ``where`` holds it;
- per-player tables come from ``state.observation(seat)`` (or a plot module's optional
  ``tables(state, seat)``); what-if outcome columns from ``SPEC.outcome``; the classroom's gauge
  from ``SPEC.gauge``.

``click(widget, trace, point)`` / ``click_location(widget, loc)`` simulate a browser click
(the same message the front end sends), for tests and demos. ``TableController`` is the Table's
game logic without widgets (``ccg.ui.controller``).
"""
import importlib
from typing import Any

# name -> submodule; imported on first use, so ``ccg.ui.controller`` loads without any widget library
_EXPORTS = {
    "BoardWidget": "board", "FigureSlot": "board", "click": "board", "click_location": "board", "location_of": "board",
    "FigureView": "figure_view", "NonFiniteFigureError": "figure_view",
    "Classroom": "classroom", "GameGauge": "classroom", "Gauge": "classroom",
    "Table": "table", "agent_names": "table", "board_figure": "table",
    "TableController": "controller",
    "outcome_figure": "whatif", "what_if": "whatif", "win_shares": "whatif",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])
