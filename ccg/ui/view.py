"""The Table's view: the status line, the board and the tabs, how they are laid out, redrawn and wired.

:class:`TableView` shows a :class:`~ccg.ui.controller.TableController` and turns widget events into
calls (``guard``); :class:`ccg.ui.Table` adds the controls. The tabs are panels
(:class:`ccg.ui.panels.Panel`): ``add_panel`` adds one, e.g. a teacher's set-up tab.
"""
from __future__ import annotations

import contextlib
import traceback
from typing import Any, Callable, Iterator

import ipywidgets as W

from ..core.action import Action
from ..core.state import GameState
from ..core.tree import GameTree
from ..i18n import _, get_language, lang, normalize
from .board import BoardWidget, board_figures, click_location
from .controller import TableController
from .figure_view import FigureView
from .panels import HistoryPanel, InspectPanel, Panel, PlayPanel, PositionPanel, status_html
from .rule_help import RuleHelp
from .table_style import TableStyle
from .whatif_panel import WhatIfPanel

PANEL_WIDTH = 400  # px, the control panel's width when the row has room for it beside the board
PANEL_MIN_WIDTH = 310  # px, the narrowest it gets beside the board (a classroom screen, file browser open)


class TableView:
    """The widgets of a Table around its ``controller``: ``widget`` is the whole layout (see ccg/ui/README.md)."""

    def __init__(self, controller: TableController, whatif_games: int = 100, language: str | None = None) -> None:
        # the table's language (``Table(lang=…)``): every text it shows is drawn inside ``speaking()``
        self.lang = get_language() if language is None else normalize(language)
        with self.speaking():
            self._build(controller, whatif_games)

    def _build(self, controller: TableController, whatif_games: int) -> None:
        self.controller = controller
        self.last_error = ""
        self._busy = False
        self._listeners: list[Callable[[GameState], None]] = []
        self.board = BoardWidget(on_location=self._on_board_click)  # its first figure comes with refresh()
        self.status = W.HTML().add_class("ccg-status")
        self.play_tab = PlayPanel(self)
        self.history_tab = HistoryPanel(self)
        self.inspect_tab = InspectPanel(self)
        self.whatif_tab = WhatIfPanel(self, whatif_games)
        self.position_tab = PositionPanel(self)
        self.panels: list[Panel] = []
        self.tabs = W.Tab(layout=W.Layout(min_width="0"))  # as wide as the panel (a 100 % width would add its margins)
        self.rule_help = RuleHelp()  # a rule id clicked in the log or the status line shows its rule here
        # beside the board the panel takes PANEL_WIDTH, or down to PANEL_MIN_WIDTH while the board shrinks too
        self.panel = W.VBox([self.tabs, self.rule_help], layout=W.Layout(
            flex=f"1 1 {PANEL_MIN_WIDTH}px", min_width=f"{PANEL_MIN_WIDTH}px", max_width=f"{PANEL_WIDTH}px"))
        self.panel.add_class("ccg-panel")
        for panel in (self.play_tab, self.history_tab, self.inspect_tab, self.whatif_tab, self.position_tab):
            self.add_panel(panel, refresh=False)
        self.widget = W.VBox([TableStyle(), self.status, self._board_and_panel()]).add_class("ccg-table").add_class(
            f"ccg-lang-{self.lang}")
        self.refresh()

    # ------------------------------------------------------------------ reading (the controller's state)
    @property
    def tree(self) -> GameTree:
        return self.controller.tree

    @property
    def state(self) -> GameState:
        """The position at the cursor (read-only: use ``play``)."""
        return self.controller.state

    @property
    def view_seat(self) -> int | None:
        """The seat whose view is shown (None: the referee sees everything, teacher mode only)."""
        return self.controller.view_seat

    teacher = property(lambda self: self.controller.teacher, doc="True: referee view and full position offered")
    seed = property(lambda self: self.controller.seed, doc="the seed the agents and what-if runs start from")
    autoplay = property(lambda self: self.controller.autoplay, doc="True: bots move by themselves")
    message = property(lambda self: self.controller.message, doc="the message on the status line")
    location = property(lambda self: self.controller.location, doc="the board location narrowing the actions")
    position_string = property(lambda self: self.controller.position_string,
                               doc="the position string of the current view (the seat's, or the full one for the referee)")
    full_position_string = property(lambda self: self.controller.full_position_string,
                                    doc="the full position (every hand, the generator): teacher mode only")

    @property
    def tab_titles(self) -> list[str]:
        return [panel.title for panel in self.panels]

    @property
    def wi_chart(self) -> FigureView:
        """The what-if chart widget (empty before the first run)."""
        return self.whatif_tab.wi_slot.widget

    def seat_kind(self, seat: int) -> str:
        return self.controller.seating.seat_kind(seat)

    def shown_actions(self) -> list[Action]:
        """The legal actions currently listed (after the location and search filters)."""
        return list(self.play_tab.shown)

    def __getattr__(self, name: str) -> Any:
        # a tab's widgets are reached from the table, as before the tabs became panels (t.slider)
        for panel in self.__dict__.get("panels", ()):
            if name in vars(panel):
                return getattr(panel, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # ------------------------------------------------------------------ the board
    def select_location(self, location: str | None) -> None:
        """Narrow the action list to the actions touching ``location`` (None shows all).

        Clicking the spot already selected changes nothing (a double click does not reset the list).
        """
        if location is not None and location == self.controller.location and not self.controller.message:
            return
        with self.speaking():
            self._select_location(location)

    def _select_location(self, location: str | None) -> None:
        self.controller.select_location(location)
        with self.redrawing():
            self.board.show(*board_figures(self.state, self.view_seat, self.location, highlight=True))  # the clicked spot ringed
        self.play_tab.refresh_actions(self)
        self._refresh_status()

    def click(self, location: str) -> None:
        """Simulate a click on the board at ``location`` (the same message a browser click sends)."""
        click_location(self.board.widget, location)

    def show_rule(self, rule: str) -> None:
        """Show the text of ``rule`` (e.g. "CO2-5.4") in the panel's rule help (what a click on a rule id does)."""
        self.rule_help.show(rule)

    # ------------------------------------------------------------------ extending the panel
    def add_panel(self, panel: Panel, index: int | None = None, refresh: bool = True) -> None:
        """Add a tab (a :class:`ccg.ui.panels.Panel`) at ``index`` (default last); it is wired and redrawn."""
        index = len(self.panels) if index is None else index
        self.panels.insert(index, panel)
        self.tabs.children = [p.box for p in self.panels]
        for i, p in enumerate(self.panels):
            with self.speaking():
                self.tabs.set_title(i, _(p.title))
        self._connect(panel)
        if refresh:
            self.refresh()

    def _connect(self, panel: Panel) -> None:
        """Connect a panel's widgets to the controls (``panel.wire``): the Table's; a bare view has none."""

    # ------------------------------------------------------------------ display
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def refresh(self) -> None:
        """Redraw every panel from the cursor state (in place)."""
        with self.speaking(), self.redrawing():
            self.board.show(*board_figures(self.state, self.view_seat, self.location, highlight=True))
            for panel in self.panels:
                panel.refresh(self)
            self._refresh_status()
            for listener in self._listeners:
                listener(self.state)

    @contextlib.contextmanager
    def speaking(self) -> Iterator[str]:
        """Inside, gettext and the board speak the table's language (``Table(lang=…)``)."""
        with lang(self.__dict__.get("lang")) as code:
            yield code

    @contextlib.contextmanager
    def redrawing(self) -> Iterator[None]:
        """Inside, widget observers wired with ``guard(..., quiet=True)`` ignore the values the redraw sets."""
        was, self._busy = self._busy, True
        try:
            yield
        finally:
            self._busy = was

    def say(self, text: str, error: bool = False) -> None:
        """Show ``text`` on the status line (with ⚠ for an error)."""
        self.controller.message = ("⚠ " if error else "") + text
        with self.speaking():
            self._refresh_status()

    def guard(self, fn: Callable[..., Any], quiet: bool = False) -> Callable[..., None]:
        """A UI callback: skipped during a redraw if ``quiet``; a ValueError's message shown instead of a traceback."""

        def run(*args: Any) -> None:
            if quiet and self._busy:
                return
            # Not inside an ipywidgets.Output context: its front end swallows the Plotly widget's
            # messages sent meanwhile, so the board would stop redrawing in Voila.
            with self.speaking():
                try:
                    fn(*args)
                except ValueError as e:
                    self.say(str(e), error=True)
                except Exception as e:  # a bug: say so where the user looks, keep the traceback for a report
                    self.last_error = traceback.format_exc()
                    self.say(_("internal error ({error}); see Table.last_error").format(
                        error=f"{type(e).__name__}: {e}"), error=True)

        return run

    def close(self) -> None:
        """Close every widget of the table (front ends drop them; a classroom closes the old table on New game)."""
        self.whatif_tab.stop()
        stack = [self.widget]
        while stack:
            widget = stack.pop()
            stack.extend(getattr(widget, "children", ()))
            widget.close()

    def on_change(self, callback: Callable[[GameState], None]) -> None:
        """Call ``callback(state)`` after every redraw (e.g. to update a gauge beside the table)."""
        self._listeners.append(callback)
        callback(self.state)

    # ------------------------------------------------------------------ internals
    def _on_board_click(self, location: str) -> None:
        try:
            self.select_location(location)
        except ValueError as e:
            self.say(str(e), error=True)

    def _board_and_panel(self) -> W.Box:
        """Board and control panel side by side; the panel wraps under the board when the row is too narrow.

        The board never lies under the panel: it takes its figure's width or, with less room, shrinks
        (drawn scaled); the panel keeps a fixed width.
        """
        return W.Box([self.board.box, self.panel], layout=W.Layout(
            display="flex", flex_flow="row wrap", align_items="flex-start", width="100%")).add_class("ccg-row")

    def _refresh_status(self) -> None:
        self.status.value = status_html(self.controller)

    def _redraw_after(self, change: Callable[..., Any], *args: Any) -> None:
        with self.speaking():
            change(*args)
            self.refresh()
