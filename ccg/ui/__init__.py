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
  ``tables(state, seat)``); what-if outcome columns from ``SPEC.outcome``; gauges from
  ``SPEC.trajectory``.

``click(widget, trace, point)`` / ``click_location(widget, loc)`` simulate a browser click
(the same message the front end sends), for tests and demos.
"""
from .board import BoardView, FigureSlot, click, click_location, location_of
from .figure_view import FigureView, NonFiniteFigureError
from .classroom import Classroom, Gauge
from .table import Table, agent_names, board_figure
from .whatif import outcome_figure, what_if, win_shares

__all__ = [
    "BoardView", "Classroom", "FigureSlot", "FigureView", "Gauge", "NonFiniteFigureError", "Table", "agent_names",
    "board_figure", "click", "click_location", "location_of", "outcome_figure", "what_if", "win_shares",
]
