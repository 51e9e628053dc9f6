"""``ccg.ui.Table``: play, branch, inspect and ask "what if?" for any registered game.

Everything here goes through the protocol (``legal_actions``, ``Action.where``,
``observation``, ``ccg.plot.board``, ``SPEC.outcome``), so a game added later
plugs in without touching this module.
"""
from __future__ import annotations

import asyncio
import html
import time
import traceback
from typing import Any, Mapping, Sequence

import ipywidgets as W
import pandas as pd
import plotly.graph_objects as go

from ..agents import base as agents_base
from ..agents.base import DEFAULT_AGENT, Agent, make_agent
from ..agents.strategist import persona_presets
from ..core.action import Action
from ..core.errors import InvalidPositionError
from ..core.positions import read_position_string, to_position_string, to_seat_position_string
from ..core.registry import get_spec, new_game
from ..core.state import GameState
from ..core.tree import GameTree, Node
from . import inspect as insp
from .board import BoardView, FigureSlot, click_location
from .figure_view import FigureView
from .setup_tab import SetupTab, offers_setup
from .whatif import iter_what_if, outcome_figure, summary_table, what_if

HUMAN = "human"
PANEL_WIDTH = 440  # px, the control panel beside (or under) the board
_REFEREE = -1
_TO_MOVE = -2


def agent_names() -> list[str]:
    """The registered agent names (``ccg.agents.make_agent`` accepts each)."""
    return agents_base.agent_names()


def board_figure(state: GameState, seat: int | None = None) -> go.Figure:
    """The game's board view, or a text panel when the game has none yet."""
    from .. import plot

    try:
        return plot.board(state, seat=seat)
    except plot.NoBoardView:
        pass
    fig = go.Figure()
    fig.add_annotation(text=html.escape(str(state)).replace("\n", "<br>"), showarrow=False, x=0, y=1,
                       xref="paper", yref="paper", xanchor="left", yanchor="top", align="left")
    fig.update_layout(xaxis_visible=False, yaxis_visible=False, height=300)
    return fig


class Table:
    """One ipywidgets layout to play a game: board, actions, history with variations, inspect, what-if.

    >>> t = Table("chicago_express", seats=["human"], players=4, seed=1)  # three strategists
    >>> t                      # in a notebook cell: the whole table

    ``state_or_game`` is a state, a GameTree, or a game name (then ``players``/``seed`` and
    game options are passed to ``ccg.new_game``). ``seats`` has an entry per seat:
    ``"human"`` or an agent (a name such as ``"strategist:cooperation=0.8"`` or ``"random"``,
    an Agent, or an Agent class); ``players`` defaults to ``len(seats)``. A seat left to the
    computer — ``None``, or missing when ``seats`` is shorter than ``players`` — gets the strategist (``ccg.agents.DEFAULT_AGENT``);
    without ``seats`` every seat is human (a hot-seat table). ``helper`` plays "Bot move" and
    "Play on" for human seats (default the strategist); the What-if tab starts with the
    strategist in every seat. With ``autoplay`` (default) bots move by themselves until a human is to move.
    ``whatif_limit`` caps the games one what-if run may ask for (a classroom sets it low).
    Every control is also a method (``play``, ``bot_move``, ``back`` …) for scripts and tests.

    Secrets stay with their seat: by default the table shows only seat views (the human seats'),
    and the Position tab gives that seat's position string (``ccg.to_seat_position_string``: what
    the seat may see, no generator state, no history). ``teacher=True`` adds the referee view, every
    seat's view and the full position string; the classroom app never turns it on.
    """

    def __init__(
        self,
        state_or_game: GameState | GameTree | str = "chicago_express",
        seats: Sequence[Any] | None = None,
        players: int | None = None,
        seed: int = 0,
        autoplay: bool = True,
        helper: Any = None,
        view: int | None | str = "auto",
        whatif_games: int = 40,
        whatif_limit: int = 100_000,
        teacher: bool = False,
        **options: Any,
    ) -> None:
        if not isinstance(teacher, bool):
            raise ValueError(f"teacher must be true or false, got {teacher!r}")
        self.teacher = teacher
        if isinstance(state_or_game, str):
            if players is None and seats is not None:
                players = len(seats)
            state_or_game = new_game(state_or_game, players=players, seed=seed, **options)
        elif options:
            raise ValueError(f"game options {sorted(options)} only apply when starting a game by name")
        if isinstance(state_or_game, GameTree):
            self.tree = state_or_game
        elif isinstance(state_or_game, GameState):
            self.tree = GameTree(state_or_game)
        else:
            raise ValueError(f"Table needs a game name, a state or a GameTree, got {type(state_or_game).__name__}")
        n = self.state.num_players
        seats = list(seats) if seats is not None else [HUMAN] * n
        if len(seats) > n:
            raise ValueError(f"seats has {len(seats)} entries for {n} seats")
        seats = [DEFAULT_AGENT if spec is None else spec for spec in seats] + [DEFAULT_AGENT] * (n - len(seats))
        self.seed = seed
        self.autoplay = autoplay
        self.location: str | None = None
        self.message = ""
        self._busy = False
        self._listeners: list = []
        self._agents: list[Agent | None] = [None] * n
        self._agents_specs: list[Any] = [HUMAN] * n  # what each seat box shows
        self._helper = self._make(helper if helper is not None else DEFAULT_AGENT, n)
        self._wi_task: asyncio.Task | None = None
        self._wi_stop = False
        self._build(seats, whatif_games, whatif_limit)
        for p, spec in enumerate(seats):
            self._set_seat(p, spec)
        self._set_view(view)
        if self.autoplay:
            self._run_bots(stop_at_human=True)
        self.refresh()

    # ------------------------------------------------------------------ public API
    @property
    def state(self) -> GameState:
        """The position at the cursor (read-only: use ``play``)."""
        return self.tree.state

    @property
    def view_seat(self) -> int | None:
        """The seat whose view is shown (None: the referee sees everything, teacher mode only)."""
        v = self.view.value
        if v == _REFEREE:
            return None
        if v == _TO_MOVE:
            return self._seat_to_move_view()
        return v

    @property
    def wi_chart(self) -> FigureView:
        """The what-if chart widget (empty before the first run)."""
        return self.wi_slot.widget

    @property
    def position_string(self) -> str:
        """The position string of the current view: the seat's view, or the full position for the referee."""
        seat = self.view_seat
        return to_position_string(self.state) if seat is None else to_seat_position_string(self.state, seat)

    @property
    def full_position_string(self) -> str:
        """The full position (every hand, the generator): shown in teacher mode only."""
        return to_position_string(self.state)

    def seat_kind(self, seat: int) -> str:
        return HUMAN if self._agents[seat] is None else str(self.seat_boxes[seat].label)

    def shown_actions(self) -> list[Action]:
        """The legal actions currently listed (after the location and search filters)."""
        return [a for _, a in self._shown]

    def play(self, action: Action | str) -> None:
        """Play an action (or its notation) at the cursor; bots answer when autoplay is on."""
        self.tree.play(action)
        self.location = None
        self.message = ""
        if self.autoplay:
            self._run_bots(stop_at_human=True)
        self.refresh()

    def bot_move(self) -> None:
        """Let the seat to move play one move with its agent (the helper agent for human seats).

        As after ``play``, the bots then answer (with autoplay) until a human is to move.
        """
        s = self.state
        if s.is_terminal():
            self._say("The game is over.")
            return
        agent = self._agents[s.current_player] or self._helper
        self.tree.play(agent.act(s))
        self.location = None
        self.message = ""
        if self.autoplay:
            self._run_bots(stop_at_human=True)
        self.refresh()

    def play_until(self, mode: str = "human", n: int = 10) -> int:
        """Play with the seats' agents (the helper for humans) until a milestone; returns moves played.

        ``mode``: "human" (a human seat is to move), "end" (end of game), "n" (``n`` actions),
        or "key:<name>" (a milestone of the game's ``SPEC.milestones``, such as round or decade, changes).
        """
        played = 0
        limit = get_spec(self.state.game).max_actions
        if mode == "human":
            played = self._run_bots(stop_at_human=True, first_any=True)
        else:
            start_value = self._field(mode[4:]) if mode.startswith("key:") else None
            while not self.state.is_terminal() and played < limit:
                if mode == "n" and played >= n:
                    break
                if mode.startswith("key:") and played and self._field(mode[4:]) != start_value:
                    break
                s = self.state
                agent = self._agents[s.current_player] or self._helper
                self.tree.play(agent.act(s))
                played += 1
        self.location = None
        self.message = f"played {played} move{'s' if played != 1 else ''}"
        self.refresh()
        return played

    def back(self, n: int = 1) -> None:
        self.tree.back(n)
        self.refresh()

    def forward(self, n: int = 1) -> None:
        self.tree.forward(n)
        self.refresh()

    def go(self, node: Node | int) -> None:
        """Move to a node of the tree (or its id)."""
        self.tree.go(node)
        self.location = None
        self.refresh()

    def promote(self) -> None:
        """Move the variation holding the cursor one place up."""
        node = self._branch_node()
        if node is not None:
            self.tree.promote(node)
        self.refresh()

    def promote_to_main(self) -> None:
        """Make the current line the main line."""
        self.tree.promote_to_main(self.tree.cursor)
        self.refresh()

    def delete(self) -> None:
        """Delete the cursor's move and everything after it (the cursor goes back one move)."""
        if self.tree.cursor.parent is None:
            self._say("Nothing to delete at the start.")
            return
        self.tree.delete(self.tree.cursor)
        self.refresh()

    def select_location(self, location: str | None) -> None:
        """Narrow the action list to the actions touching ``location`` (None shows all)."""
        if location is not None and not any(location in a.where for a in self.state.legal_actions()):
            self.location = None
            self.message = f"No legal action touches {location}."
        else:
            self.location = location
            self.message = ""
        self._refresh_actions()
        self._refresh_status()

    def click(self, location: str) -> None:
        """Simulate a click on the board at ``location`` (the same message a browser click sends)."""
        click_location(self.board.widget, location)

    def load_position(self, text: str) -> None:
        """Jump to a pasted position string. Bad text changes nothing.

        A position already in the move tree is simply jumped to; any other starts a new tree at
        the pasted position (the status line says so, and how many positions the old tree held).
        A seat view (a seat's position string) loads as a sample: the cards that seat could not see
        are drawn from what it knew, the dice to come are new, and there is no move history.
        """
        state, seat = read_position_string(text)
        if state.game != self.state.game or state.num_players != self.state.num_players:
            raise InvalidPositionError(
                f"this table plays {self.state.game} with {self.state.num_players} seats; "
                f"the position is {state.game} with {state.num_players}"
            )
        node = None if seat is not None else self._node_holding(state)  # a seat view is a sample, never a node
        if node is not None:
            self.tree.go(node)
            kept = "it is already in the move tree, which is kept"
        else:
            old = len(self.tree)
            self.tree = GameTree(state)
            kept = f"a new move tree starts here (the previous tree, {old} position{'s' if old != 1 else ''}, was replaced)"
        what = "position loaded" if seat is None else (
            f"seat {seat}'s view loaded (the cards seat {seat} could not see are a sample, the dice to come are new "
            "and the moves before it are not included)")
        self.message = f"{what}: {kept}"
        self.location = None
        self.refresh()

    def run_what_if(self, n_games: int | None = None, agents: Sequence[Any] | None = None, seed: int | None = None):
        """Run the what-if continuations from the cursor, update the chart; returns the DataFrame."""
        state, n, agents, seed, seat = self._what_if_request(n_games, agents, seed)
        self._what_if_started(n)
        try:
            df = what_if(state, n, agents=agents, seed=seed, seat=seat, progress=self._what_if_tick,
                         stop=lambda: self._wi_stop)
        finally:
            self._what_if_finished()
        return self._show_what_if(df, state, n)

    def start_what_if(self) -> None:
        """The Run button. In a live kernel the games run in slices of about 50 ms between messages, so
        Stop (and the rest of the table) keeps working; without an event loop it runs at once."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.run_what_if()
            return
        if self._wi_task is None or self._wi_task.done():
            self._wi_task = loop.create_task(self._what_if_in_background())

    def stop_what_if(self) -> None:
        """Stop a running what-if at its next move (the game in progress is dropped); the games finished are charted."""
        self._wi_stop = True

    async def _what_if_in_background(self) -> None:
        try:
            state, n, agents, seed, seat = self._what_if_request()
            self._what_if_started(n)
            rows: list[dict] = []
            paused = time.monotonic()
            for row in iter_what_if(state, n, agents=agents, seed=seed, seat=seat):
                if row is not None:
                    rows.append(row)
                    self._what_if_tick(len(rows), n)
                if self._wi_stop:
                    break
                if time.monotonic() - paused > 0.05:  # let the kernel handle Stop and other clicks
                    await asyncio.sleep(0)
                    paused = time.monotonic()
            df = pd.DataFrame(rows)
            df.attrs["stopped"] = len(rows) < n
            self._show_what_if(df, state, n)
        except ValueError as e:
            self._say(str(e), error=True)
        except Exception as e:  # a bug: say so where the user looks, keep the traceback for a report
            self.last_error = traceback.format_exc()
            self._say(f"internal error ({type(e).__name__}: {e}); see Table.last_error", error=True)
        finally:
            self._what_if_finished()

    def _what_if_request(self, n_games: int | None = None, agents: Sequence[Any] | None = None,
                         seed: int | None = None) -> tuple[GameState, int, list, int, int | None]:
        n = self.wi_games.value if n_games is None else n_games
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= self.wi_games.max:
            raise ValueError(f"games must be a whole number from 0 to {self.wi_games.max}, got {n!r}")
        agents = [b.value for b in self.wi_agents] if agents is None else list(agents)
        seed = self.wi_seed.value if seed is None else seed
        seat = self.view_seat if self.state.hidden_information else None
        return self.state.clone(), n, agents, seed, seat

    def _what_if_started(self, n: int) -> None:
        self._wi_stop = False
        self._wi_ticked = 0.0
        self.wi_progress.max = max(n, 1)
        self.wi_progress.value = 0
        self.wi_note.value = f"0 of {n} games"
        self.wi_button.disabled = True
        self.wi_stop_button.disabled = False

    def _what_if_tick(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done == total or now - self._wi_ticked >= 0.1:  # at most ten updates a second
            self._wi_ticked = now
            self.wi_progress.value = done
            self.wi_note.value = f"{done} of {total} games"

    def _what_if_finished(self) -> None:
        self.wi_button.disabled = False
        self.wi_stop_button.disabled = True

    def _show_what_if(self, df: pd.DataFrame, state: GameState, n: int) -> pd.DataFrame:
        stopped = bool(df.attrs.get("stopped"))
        self.wi_progress.value = len(df)
        self.wi_note.value = f"{len(df)} of {n} games" + (" (stopped)" if stopped else "")
        fig = outcome_figure(df, state.num_players, title=f"What if? from move {state.ply}")
        self.wi_slot.show(fig)
        self.wi_summary.value = insp.html_table(summary_table(df)) if len(df) else ""
        self.last_what_if = df
        return df

    # ------------------------------------------------------------------ display
    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)

    def refresh(self) -> None:
        """Redraw every panel from the cursor state (in place)."""
        self._busy = True
        try:
            self.board.show(board_figure(self.state, self.view_seat))
            self._refresh_actions()
            self._refresh_history()
            self._refresh_inspect()
            self._refresh_position()
            self._refresh_status()
            if self.setup is not None:
                self.setup.refresh()
            for listener in self._listeners:
                listener(self.state)
        finally:
            self._busy = False

    def close(self) -> None:
        """Close every widget of the table (front ends drop them; a classroom closes the old table on New game)."""
        self.stop_what_if()
        stack = [self.widget]
        while stack:
            widget = stack.pop()
            stack.extend(getattr(widget, "children", ()))
            widget.close()

    def on_change(self, callback) -> None:
        """Call ``callback(state)`` after every redraw (e.g. to update a gauge beside the table)."""
        self._listeners.append(callback)
        callback(self.state)

    # ------------------------------------------------------------------ building
    def _build(self, seats: Sequence[Any], whatif_games: int, whatif_limit: int) -> None:
        n = self.state.num_players
        self.board = BoardView(on_location=self._on_board_click)  # its first figure comes with refresh()
        self.status = W.HTML().add_class("ccg-status")
        # play
        self.search = W.Text(placeholder="search actions…", layout=W.Layout(width="98%"), continuous_update=True)
        self.where = W.HTML()
        self.show_all = W.Button(description="show all", layout=W.Layout(width="90px"))
        self.actions = W.Select(options=[], rows=10, layout=W.Layout(width="98%")).add_class("ccg-actions")
        self.play_button = W.Button(description="Play", button_style="primary").add_class("ccg-play")
        self.bot_button = W.Button(description="Bot move").add_class("ccg-bot")
        self.until = W.Dropdown(options=self._until_options(), layout=W.Layout(width="230px")).add_class("ccg-until-mode")
        self.until_n = W.BoundedIntText(value=10, min=1, max=100_000, layout=W.Layout(width="80px")).add_class("ccg-until-n")
        self.until_button = W.Button(description="Play on").add_class("ccg-until")
        personas = persona_presets(self.state.game)  # the persona ends, so a teacher can seat "a selfish player"
        choices = [HUMAN, *agent_names(), *personas]
        self.seat_boxes = []
        for p, spec in enumerate(seats):
            opts = list(choices)
            if isinstance(spec, Agent) or (isinstance(spec, type) and issubclass(spec, Agent)):
                opts.append(spec)
            elif isinstance(spec, str) and spec.strip().lower() not in opts:  # a named persona: "strategist:…=0.8"
                opts.append(spec.strip().lower())
            box = W.Dropdown(options=[(o if isinstance(o, str) else repr(o), o) for o in opts],
                             description=f"seat {p}", layout=W.Layout(width="230px"))
            self.seat_boxes.append(box)
        play_tab = W.VBox([
            self.search, W.HBox([self.where, self.show_all]), self.actions,
            W.HBox([self.play_button, self.bot_button]),
            W.HBox([self.until, self.until_n, self.until_button]),
            W.HTML("<b>seats</b>"), *self.seat_boxes,
        ])
        # history
        self.slider = W.IntSlider(min=0, max=0, value=0, description="move", continuous_update=False,
                                  layout=W.Layout(width="98%")).add_class("ccg-slider")
        # |◀ and ▶| rather than ⏮ ⏭: Debian's default fonts have no glyphs for U+23ED / U+23EE
        self.first_button = W.Button(description="|◀", layout=W.Layout(width="48px"), tooltip="start").add_class("ccg-first")
        self.back_button = W.Button(description="◀", layout=W.Layout(width="48px"), tooltip="back").add_class("ccg-back")
        self.fwd_button = W.Button(description="▶", layout=W.Layout(width="48px"), tooltip="forward").add_class("ccg-forward")
        self.last_button = W.Button(description="▶|", layout=W.Layout(width="48px"), tooltip="end of line").add_class("ccg-last")
        self.tree_box = W.Select(options=[], rows=12, layout=W.Layout(width="98%")).add_class("ccg-tree")
        self.promote_button = W.Button(description="promote", tooltip="move this variation up one place").add_class("ccg-promote")
        self.main_button = W.Button(description="make main line").add_class("ccg-main-line")
        self.delete_button = W.Button(description="delete move", button_style="warning",
                                      tooltip="delete this move and everything after it")
        history_tab = W.VBox([
            self.slider, W.HBox([self.first_button, self.back_button, self.fwd_button, self.last_button]),
            W.HTML("<b>variations</b> (select to jump; ▶ marks the position shown)"), self.tree_box,
            W.HBox([self.promote_button, self.main_button, self.delete_button]),
        ])
        # inspect
        self.view = W.Dropdown(description="view as", layout=W.Layout(width="230px"),
                               options=self._view_options(seats))
        self.players_html = W.HTML()
        self.globals_html = W.HTML()
        self.log = W.HTML().add_class("ccg-log")
        inspect_tab = W.VBox([self.view, W.HTML("<b>players</b>"), self.players_html,
                              W.HTML("<b>position</b>"), self.globals_html, W.HTML("<b>log</b>"), self.log])
        # what if
        self.wi_games = W.BoundedIntText(value=min(whatif_games, whatif_limit), min=1, max=whatif_limit,
                                         description="games").add_class("ccg-whatif-games")
        self.wi_seed = W.IntText(value=self.seed, description="seed").add_class("ccg-whatif-seed")
        self.wi_agents = [W.Dropdown(options=[*agent_names(), *personas], value=DEFAULT_AGENT, description=f"seat {p}").add_class("ccg-whatif-agent")
                          for p in range(n)]
        self.wi_button = W.Button(description="Run what-if", button_style="info").add_class("ccg-whatif")
        self.wi_stop_button = W.Button(description="Stop", disabled=True, layout=W.Layout(width="70px"),
                                       tooltip="stop now: the games finished so far are charted").add_class("ccg-whatif-stop")
        self.wi_progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="140px")).add_class("ccg-whatif-progress")
        self.wi_note = W.HTML().add_class("ccg-whatif-note")
        self.wi_slot = FigureSlot(css_class="ccg-whatif-chart")  # the chart appears with the first run
        self.wi_summary = W.HTML(layout=W.Layout(overflow="auto")).add_class("ccg-whatif-summary")
        whatif_tab = W.VBox([W.HBox([self.wi_games, self.wi_seed]), *self.wi_agents,
                             W.HBox([self.wi_button, self.wi_stop_button, self.wi_progress, self.wi_note]),
                             self.wi_slot.box, self.wi_summary])
        # position string: the view's own string; the full one only for the teacher
        self.position_label = W.HTML()
        self.position = W.Text(description="position", layout=W.Layout(width="98%")).add_class("ccg-position")
        self.full_position = W.Text(description="full", layout=W.Layout(width="98%")).add_class("ccg-full-position")
        self.paste = W.Textarea(placeholder="paste a position string here", layout=W.Layout(width="98%")).add_class("ccg-paste")
        self.paste_button = W.Button(description="Go to position").add_class("ccg-go-position")
        teacher_only = [W.HTML("Full position (teacher only: every hand and the dice to come):"),
                        self.full_position] if self.teacher else []
        position_tab = W.VBox([self.position_label, self.position, *teacher_only, self.paste, self.paste_button])
        tabs = [play_tab, history_tab, inspect_tab, whatif_tab, position_tab]
        self.tab_titles = ["Play", "History", "Inspect", "What if?", "Position"]
        self.setup: SetupTab | None = None
        if self.teacher and offers_setup(self.state):  # the Setup tab edits the position: never at a student's table
            self.setup = SetupTab(self)
            tabs.append(self.setup.widget)
            self.tab_titles.append("Setup")
        self.tabs = W.Tab(children=tabs)
        for i, title in enumerate(self.tab_titles):
            self.tabs.set_title(i, title)
        self.last_error = ""
        self.widget = W.VBox([self.status, self._board_and_panel()]).add_class("ccg-table")
        self._wire()

    def _board_and_panel(self) -> W.Box:
        """Board and control panel side by side; the panel wraps under the board when the row is too narrow.

        The board never lies under the panel: it takes its figure's width or, with less room, shrinks
        (drawn scaled); the panel keeps a fixed width.
        """
        self.tabs.layout = W.Layout(flex=f"0 0 {PANEL_WIDTH}px", width=f"{PANEL_WIDTH}px", min_width="0")
        self.tabs.add_class("ccg-panel")
        return W.Box([self.board.box, self.tabs], layout=W.Layout(
            display="flex", flex_flow="row wrap", align_items="flex-start", width="100%")).add_class("ccg-row")

    def _wire(self) -> None:
        guard = self._guard
        self.play_button.on_click(guard(lambda _: self._play_selected()))
        self.bot_button.on_click(guard(lambda _: self.bot_move()))
        self.until_button.on_click(guard(lambda _: self.play_until(self.until.value, self.until_n.value)))
        self.show_all.on_click(guard(lambda _: self.select_location(None)))
        self.search.observe(guard(lambda _: self._refresh_actions()), "value")
        self.first_button.on_click(guard(lambda _: (self.tree.to_start(), self.refresh())))
        self.back_button.on_click(guard(lambda _: self.back()))
        self.fwd_button.on_click(guard(lambda _: self.forward()))
        self.last_button.on_click(guard(lambda _: (self.tree.to_end(), self.refresh())))
        self.slider.observe(guard(self._on_slider, quiet=True), "value")
        self.tree_box.observe(guard(self._on_tree_select, quiet=True), "value")
        self.promote_button.on_click(guard(lambda _: self.promote()))
        self.main_button.on_click(guard(lambda _: self.promote_to_main()))
        self.delete_button.on_click(guard(lambda _: self.delete()))
        self.view.observe(guard(lambda _: self.refresh(), quiet=True), "value")
        self.wi_button.on_click(guard(lambda _: self.start_what_if()))
        self.wi_stop_button.on_click(guard(lambda _: self.stop_what_if()))
        self.paste_button.on_click(guard(lambda _: self.load_position(self.paste.value)))
        for p, box in enumerate(self.seat_boxes):
            box.observe(guard(lambda change, p=p: self._seat_changed(p, change["new"]), quiet=True), "value")
            box.disabled = not self.teacher  # seats are chosen when the game starts (a bot's hand stays hidden)

    def _guard(self, fn, quiet: bool = False):
        """Run a UI callback: skip while redrawing; show a ValueError's message instead of a traceback."""

        def run(*args: Any) -> None:
            if quiet and self._busy:
                return
            # Not inside an ipywidgets.Output context: its front end swallows the Plotly widget's
            # messages sent meanwhile, so the board would stop redrawing in Voila.
            try:
                fn(*args)
            except ValueError as e:
                self._say(str(e), error=True)
            except Exception as e:  # a bug: say so where the user looks, keep the traceback for a report
                self.last_error = traceback.format_exc()
                self._say(f"internal error ({type(e).__name__}: {e}); see Table.last_error", error=True)

        return run

    # ------------------------------------------------------------------ callbacks
    def _play_selected(self) -> None:
        action = self.actions.value
        if action is None:
            shown = self.shown_actions()
            if len(shown) != 1:
                self._say("Select an action first.", error=True)
                return
            action = shown[0]
        self.play(action)

    def _on_board_click(self, location: str) -> None:
        try:
            self.select_location(location)
        except ValueError as e:
            self._say(str(e), error=True)

    def _on_slider(self, change: dict) -> None:
        line = self.tree.line()
        k = change["new"]
        if 0 <= k < len(line):
            self.tree.go(line[k])
            self.refresh()

    def _on_tree_select(self, change: dict) -> None:
        if change["new"] is not None:
            self.go(change["new"])

    def _seat_changed(self, seat: int, value: Any) -> None:
        if not self.teacher:  # switching a bot to human would show its hand: seats are fixed for students
            self._set_seat(seat, HUMAN if self._agents[seat] is None else self._agents_specs[seat])
            raise ValueError("the seats are set when the game starts")
        self._set_seat(seat, value)
        if self.autoplay:
            self._run_bots(stop_at_human=True)
        self.refresh()

    # ------------------------------------------------------------------ helpers
    def _make(self, spec: Any, salt: int) -> Agent:
        if isinstance(spec, Agent):
            return spec
        return make_agent(spec, self.seed * 7919 + 104729 * (salt + 1))

    def _set_seat(self, seat: int, spec: Any) -> None:
        if isinstance(spec, str) and spec.strip().lower() == HUMAN:
            self._agents[seat] = None
            self._agents_specs[seat] = HUMAN
            value: Any = HUMAN
        else:
            agent = self._make(spec, seat)
            self._agents[seat] = agent
            value = spec if not isinstance(spec, str) else spec.strip().lower()
            self._agents_specs[seat] = value
        box = self.seat_boxes[seat]
        if box.value != value:
            was, self._busy = self._busy, True
            try:
                box.value = value
            finally:
                self._busy = was

    def _set_view(self, view: Any) -> None:
        humans = self._human_seats()
        if view == "auto":  # the view seat is the human's: the referee view only for a teacher's open game
            if self.teacher and not self.state.hidden_information:
                view = _REFEREE
            elif len(humans) == 1:
                view = humans[0]
            elif humans or self.teacher:
                view = _TO_MOVE
            else:
                view = 0
        elif view is None:
            view = _REFEREE
        if view not in [v for _, v in self.view.options]:
            raise ValueError(f"view {'referee' if view == _REFEREE else view!r} is not offered: "
                             + ("seat views only (the referee view needs teacher=True)" if not self.teacher
                                else "unknown view"))
        self._busy = True
        try:
            self.view.value = view
        finally:
            self._busy = False

    # ------------------------------------------------------------------ secrets stay with their seat
    def _human_seats(self) -> list[int]:
        return [p for p, b in enumerate(self.seat_boxes) if b.value == HUMAN]

    def _view_options(self, seats: Sequence[Any]) -> list[tuple[str, int]]:
        """Teacher: the referee, the seat to move and every seat. Students: only the human seats
        (and, with several, the human seat to move); a table without humans shows each seat's view."""
        n = len(seats)
        if self.teacher:
            return [("referee (all)", _REFEREE), ("seat to move", _TO_MOVE)] + [(f"seat {p}", p) for p in range(n)]
        humans = [p for p, spec in enumerate(seats) if isinstance(spec, str) and spec.strip().lower() == HUMAN]
        shown = humans or list(range(n))
        hot_seat = [("human seat to move", _TO_MOVE)] if len(humans) > 1 else []
        return hot_seat + [(f"seat {p}", p) for p in shown]

    def _seat_to_move_view(self) -> int | None:
        """The seat to move; for students only a human one (else the first human seat keeps the screen)."""
        p = self.state.current_player
        if self.teacher:
            return p
        shown = self._human_seats() or list(range(self.state.num_players))
        return p if p in shown else shown[0]

    def _refresh_position(self) -> None:
        seat = self.view_seat
        self.position.value = self.position_string
        self.position_label.value = (
            "Copy this string to share the full position:" if seat is None else
            f"Seat {seat}'s view of the position (what seat {seat} may see: no hidden cards of others, "
            "no dice to come, no move history):")
        if self.teacher:
            self.full_position.value = self.full_position_string

    def _run_bots(self, stop_at_human: bool, first_any: bool = False) -> int:
        """Let bot seats move until a human is to move or the game ends (safety net: max_actions)."""
        played = 0
        limit = get_spec(self.state.game).max_actions
        while not self.state.is_terminal() and played < limit:
            s = self.state
            agent = self._agents[s.current_player]
            if agent is None:
                if first_any and played == 0:
                    agent = self._helper
                else:
                    break
            self.tree.play(agent.act(s))
            played += 1
        return played

    def _milestones(self) -> Mapping[str, Any]:
        milestones = get_spec(self.state.game).milestones
        return {} if milestones is None else milestones(self.state)

    def _field(self, key: str) -> Any:
        return self._milestones().get(key)

    def _until_options(self) -> list[tuple[str, str]]:
        opts = [("until a human is to move", "human"), ("to the end of the game", "end"), ("N actions", "n")]
        for key in self._milestones():
            opts.append((f"to the next {key}", f"key:{key}"))
        return opts

    def _node_holding(self, state: GameState) -> Node | None:
        """The node of the tree whose position is ``state`` (its line of moves from the tree's start), if any."""
        start = self.tree.start
        before = start.history()
        moves = state.history()
        if state.seed != start.seed or moves[:len(before)] != before:
            return None
        node = self.tree.root
        for move in moves[len(before):]:
            node = node.variation(move)
            if node is None:
                return None
        return node if self.tree.state_at(node) == state else None

    def _branch_node(self) -> Node | None:
        """The node where the cursor's line leaves its parent's main line (None on the main line)."""
        node = self.tree.cursor
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return node
            node = node.parent
        return None

    def _say(self, text: str, error: bool = False) -> None:
        self.message = ("⚠ " if error else "") + text
        self._refresh_status()

    # ------------------------------------------------------------------ panels
    def _refresh_status(self) -> None:
        s = self.state
        title = get_spec(s.game).title
        if s.is_terminal():
            won = s.winners()
            who = ", ".join(f"seat {p}" for p in won) if won else "nobody"
            turn = f"game over — winner: {who}; scores {s.scores()}"
        else:
            p = s.current_player
            turn = f"seat {p} to move ({self.seat_kind(p)})"
        msg = f" — <span class='ccg-message'>{html.escape(self.message)}</span>" if self.message else ""
        self.status.value = (f"<b>{html.escape(title)}</b> · move {s.ply} · {html.escape(turn)}"
                             f" · {len(self.tree)} positions in the tree{msg}")

    def _refresh_actions(self) -> None:
        legal = self.state.legal_actions()
        if self.location is not None:
            legal = [a for a in legal if self.location in a.where]
            self.where.value = f"actions at <b>{html.escape(self.location)}</b>"
        else:
            self.where.value = f"{len(legal)} legal actions"
        terms = self.search.value.lower().split()
        shown = [(str(a), a) for a in legal if all(t in str(a).lower() for t in terms)]
        was, self._busy = self._busy, True
        try:
            self._shown = shown
            self.actions.options = shown
            self.actions.value = shown[0][1] if len(shown) == 1 else None
        finally:
            self._busy = was
        over = self.state.is_terminal()
        self.play_button.disabled = over or not shown
        self.bot_button.disabled = over
        self.until_button.disabled = over

    def _refresh_history(self) -> None:
        tree = self.tree
        line = tree.line()
        cursor = tree.cursor
        self.slider.max = len(line) - 1
        self.slider.value = cursor.ply
        self.back_button.disabled = self.first_button.disabled = cursor.parent is None
        self.fwd_button.disabled = self.last_button.disabled = not cursor.variations
        rows: list[tuple[str, int]] = [(("▶ " if cursor is tree.root else "") + "start", tree.root.id)]

        seen = self.view_seat

        def label(node: Node, depth: int) -> tuple[str, int]:
            mark = "▶ " if node is cursor else ""
            who = "" if node.seat is None else f"s{node.seat} "
            move = self.state.notation_seen_by(node.move, node.seat, seen)  # another seat's secret pick stays hidden
            return ("\u00a0\u00a0" * depth + ("↳ " if depth else "") + f"{mark}{node.ply}. {who}{move}", node.id)

        def emit(node: Node, depth: int) -> None:
            while node.variations:
                main = node.variations[0]
                rows.append(label(main, depth))
                for alt in node.variations[1:]:
                    rows.append(label(alt, depth + 1))
                    emit(alt, depth + 1)
                node = main

        emit(tree.root, 0)
        self.tree_box.options = rows
        self.tree_box.value = cursor.id
        self.promote_button.disabled = self._branch_node() is None
        self.main_button.disabled = cursor.is_mainline()
        self.delete_button.disabled = cursor.parent is None

    def _refresh_inspect(self) -> None:
        players, globals_ = insp.tables(self.state, self.view_seat)
        self.players_html.value = insp.html_table(players)
        self.globals_html.value = insp.html_table(globals_)
        self.log.value = insp.html_log(insp.log_lines(self.tree, self.view_seat))
