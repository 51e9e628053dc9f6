"""A student's page: join a seat with its code, see what the seat may see, play on your turn.

Everything the page shows comes from :func:`ccg.classroom.views.seat_view` (the seat's
observation) and ``ccg.plot.board(state, seat)``; no referee view and no position string are
ever sent. The page follows the table by polling the store (four times a second by default: one
cheap query), so
other players' and the bots' moves appear within about a second. Reloading the page (its URL
carries the code) puts the student back at the same seat.
"""
from __future__ import annotations

import asyncio
import html
import os
import time
import urllib.parse
from typing import Any

import ipywidgets as W

from ..core.errors import IllegalActionError
from ..core.state import GameState
from ..ui.board import BoardView
from .following import StoreFollower
from .live import LiveTable
from .store import JoinCodeError, StoreError, TableStore, open_store
from .views import header_html, log_html, scores_html, seat_view, secrets_html, view_css

__all__ = ["StudentApp", "seat_page"]

HEARTBEAT = 10.0  # seconds between "this student is here" notes to the store
POLL = 0.25       # seconds between looks at the store


def _board(state: GameState, seat: int):
    from ..ui.table import board_figure

    return board_figure(state, seat)


def seat_page(state: GameState, seat: int, seats=None, table: str = "", paused: bool = False, moves=()) -> dict:
    """The page of ``seat`` as data: every HTML block, the action list and the board figure (as JSON).

    A function of the seat's observation only (the tests compare it with determinized states).
    """
    view = seat_view(state, seat, seats=seats, table=table, paused=paused, moves=moves)
    return {
        "header": header_html(view), "secrets": secrets_html(view), "scores": scores_html(view),
        "log": log_html(view.log), "actions": list(view.actions), "your_turn": view.your_turn,
        "board": _board(state, seat).to_plotly_json(),
    }


POSITION_CHANGED = "The position changed — another move was played first. Look again and choose."


class StudentApp(StoreFollower):
    """The student's page: a join form, then the seat's view with its move controls.

    ``StudentApp(store, code)`` joins at once; without a code the page shows the join form,
    which reloads the page with ``?code=…`` in its address (so a reload keeps the seat).
    """

    def __init__(self, store: TableStore | str | None = None, code: str | None = None, name: str | None = None,
                 poll: float = POLL) -> None:
        self.store = open_store(store)
        self.poll = poll
        self.live: LiveTable | None = None
        self.seat: int | None = None
        self.location: str | None = None
        self.message = ""
        self._last_seen = 0.0
        self._task: asyncio.Task | None = None
        self._shown_version: tuple | None = None
        self._drawn_version: int | None = None  # the table version the page last drew
        self._drawn_mine = False  # the page last drew a position with this seat's move box open
        self._click_may_be_stale = False  # a Play click may still be on its way from the position drawn before
        self.head = W.HTML().add_class("ccg-header")
        self.note = W.HTML().add_class("ccg-message")
        self.secrets = W.HTML().add_class("ccg-secrets")
        self.scores = W.HTML().add_class("ccg-scores-panel")
        self.log = W.HTML().add_class("ccg-log-panel")
        self.search = W.Text(placeholder="search moves…", layout=W.Layout(width="100%"))
        self.actions = W.Select(options=[], rows=8, layout=W.Layout(width="100%")).add_class("ccg-actions")
        self.play_button = W.Button(description="Play", button_style="primary").add_class("ccg-play")
        self.all_button = W.Button(description="all moves").add_class("ccg-all")
        self.move_box = W.VBox([W.HTML("<b>Your move</b> — pick one (or click the board to narrow the list)"),
                                self.search, self.actions, W.HBox([self.play_button, self.all_button])],
                               layout=W.Layout(width="100%")).add_class("ccg-panel").add_class("ccg-move")
        self.board = BoardView(None, on_location=self._on_board_click)
        self.board_box = W.Box([self.board.box], layout=W.Layout(width="100%", overflow="auto")).add_class(
            "ccg-board-scroll")
        self.panels = W.Box([self.secrets, self.scores], layout=W.Layout(width="100%")).add_class("ccg-panels")
        self.form = W.HTML()
        self.widget = W.VBox([W.HTML(view_css()), self.form], layout=W.Layout(width="100%")).add_class("ccg-seat")
        self.play_button.on_click(lambda _: self._play_selected())
        self.all_button.on_click(lambda _: self._narrow(None))
        self.search.observe(lambda _: self._refresh_actions(), "value")
        if code:
            self.join(code, name)
        else:
            self._show_form()

    # ------------------------------------------------------------------ joining
    @classmethod
    def from_environment(cls, poll: float = POLL) -> "StudentApp":
        """The app for a Voila page: the store from ``CCG_CLASSROOM_URL``, code and name from the page address."""
        query = urllib.parse.parse_qs(os.environ.get("QUERY_STRING", ""))
        code = (query.get("code") or [""])[0]
        name = (query.get("name") or [None])[0]
        app = cls(None, code=code or None, name=name, poll=poll)
        app.start()
        return app

    def join(self, code: str, name: str | None = None) -> None:
        """Sit down at the seat of ``code``; a bad code shows the form again with the reason."""
        try:
            table_id, seat = self.store.find_code(code)
            live = LiveTable(self.store, table_id)
            self.store.touch_seat(table_id, seat, name=name if name else None)
        except (JoinCodeError, StoreError) as exc:
            self._show_form(str(exc))
            return
        self.live, self.seat = live, seat
        self.live.refresh_info()
        self._last_seen = time.time()
        # on a phone the move comes first: the move box shows only on the seat's turn
        self.widget.children = [self.widget.children[0], self.head, self.note, self.move_box, self.panels,
                                self.board_box, self.log]
        self.refresh()

    def _show_form(self, error: str = "") -> None:
        err = f"<div class='ccg-error' style='color:#b2182b'>{html.escape(error)}</div>" if error else ""
        self.form.value = (
            "<div class='ccg-panel ccg-join' style='max-width:420px'><h3 style='margin:4px 0'>Join your table</h3>"
            f"{err}<form method='get' action=''>"
            "<label>Join code (on your card)<br><input name='code' autocomplete='off' autocapitalize='characters' "
            "style='font-size:22px;width:100%;letter-spacing:3px' required></label><br>"
            "<label>Your name (optional)<br><input name='name' style='font-size:16px;width:100%'></label><br>"
            "<button type='submit' style='font-size:18px;margin-top:8px'>Join</button></form></div>")

    # ------------------------------------------------------------------ following the table
    followed = "the table"

    def catch_up(self) -> object:
        return self.sync()

    def sync(self) -> bool:
        """Catch up with the store; True if anything new was shown."""
        if self.live is None:
            return False
        now = time.time()
        if now - self._last_seen > HEARTBEAT:
            self.store.touch_seat(self.live.id, self.seat)
            self.live.refresh_info()
            self._last_seen = now
            self._shown_version = None  # names may have changed
        self.live.sync()
        if (self.live.version, self.live.paused) != self._shown_version:
            self.refresh()
            return True
        return False

    # ------------------------------------------------------------------ drawing
    def page(self) -> dict:
        """This seat's page as data (see :func:`seat_page`)."""
        live = self.live
        return seat_page(live.state, self.seat, seats=live.info.seats, table=live.info.name, paused=live.paused,
                         moves=live.moves)

    def refresh(self, after_click: bool = False) -> None:
        """Draw the table as the store has it; ``after_click``: the redraw answers this page's Play click."""
        live = self.live
        if live is None:
            return
        view = seat_view(live.state, self.seat, seats=live.info.seats, table=live.info.name, paused=live.paused,
                         moves=live.moves)
        self.head.value = header_html(view)
        self.secrets.value = secrets_html(view)
        self.scores.value = scores_html(view)
        self.log.value = log_html(view.log)
        self.board.show(_board(live.state, self.seat))
        if not view.your_turn:
            self.location = None
        # a new move clears the student's choice: a Play click that reaches the kernel after another
        # device's move was drawn must not play a move chosen on the older position
        moved = self._drawn_version is not None and self._drawn_version != live.version
        # another device moved while this page showed its move box: a click made on that older position
        # may still be on its way, so a lone move is not chosen for the student until they click again
        self._click_may_be_stale = moved and self._drawn_mine and not after_click
        self._refresh_actions(keep_choice=not moved)
        self._drawn_mine = bool(self._legal())
        self._drawn_version = live.version
        self._shown_version = (live.version, live.paused)
        self._render_note()

    def _legal(self) -> list:
        s = self.live.state
        if s.is_terminal() or s.current_player != self.seat or self.live.paused:
            return []
        return s.legal_actions()

    def _refresh_actions(self, keep_choice: bool = True) -> None:
        if self.live is None:
            return
        legal = self._legal()
        if self.location is not None:
            legal = [a for a in legal if self.location in a.where]
        terms = self.search.value.lower().split()
        shown = [str(a) for a in legal if all(t in str(a).lower() for t in terms)]
        chosen = self.actions.value if keep_choice else None  # a redraw of the same position (a name) keeps it
        if list(self.actions.options) != shown:
            self.actions.options = shown
        lone = shown[0] if len(shown) == 1 and not self._click_may_be_stale else None
        self.actions.value = chosen if chosen in shown else lone
        mine = bool(self._legal())
        self.move_box.layout.display = "" if mine else "none"
        self.play_button.disabled = not shown

    def _say(self, text: str, error: bool = False) -> None:
        self.message = ("⚠ " if error else "") + text
        self._render_note()

    def _render_note(self) -> None:
        self.note.value = (f"<div class='ccg-panel' style='border-color:#e08214'>{html.escape(self.message)}</div>"
                           if self.message else "")

    # ------------------------------------------------------------------ playing
    def _narrow(self, location: str | None) -> None:
        self.location = location
        self._refresh_actions()

    def _on_board_click(self, location: str) -> None:
        if any(location in a.where for a in self._legal()):
            self._narrow(location)

    def _play_selected(self) -> None:
        choice = self.actions.value
        if choice is None:
            shown = list(self.actions.options)
            if len(shown) != 1:
                self._say("Pick a move in the list first.", error=True)
                return
            if self._click_may_be_stale:  # this click may have been made on the position before
                self._click_may_be_stale = False
                self.actions.value = shown[0]
                self._say(POSITION_CHANGED, error=True)
                return
            choice = shown[0]
        self.play(choice)

    def play(self, action: Any) -> bool:
        """Play ``action`` for this seat in the position shown; True if it was applied (else the page says why).

        A click made on a position the page showed before another move arrived is refused
        ("the position changed"), even when the seat is still to move."""
        if self.live is None:
            return False
        try:
            seen = None if self._shown_version is None else self._shown_version[0]
            applied = self.live.play(self.seat, action, seen=seen)
        except (StoreError, IllegalActionError) as exc:
            text = str(exc)
            if "position changed" in text:
                text = POSITION_CHANGED
            self._say(text, error=True)
            self.refresh(after_click=True)
            return False
        self.message = f"You played {applied}."
        self.location = None
        self.search.value = ""
        self.refresh(after_click=True)
        return True

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)
