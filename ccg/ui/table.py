"""``ccg.ui.Table``: play, branch, inspect and ask "what if?" for any registered game.

A Table is its view (``view.py``: the status line, the board and the tabs of ``panels.py`` and
``whatif_panel.py``) plus the controls below: each asks its
:class:`~ccg.ui.controller.TableController` (``table.controller``, which holds no widget) to act,
then redraws. Everything goes through the protocol (``legal_actions``,
``Action.where``, ``observation``, ``ccg.plot.board``, ``SPEC.milestones``), so a game added
later plugs in without touching this module.
"""
from __future__ import annotations

from typing import Any, Sequence

import pandas as pd

from ..agents import base as agents_base
from ..core.action import Action
from ..core.state import GameState
from ..core.teaching import DEFAULT_GAME
from ..core.tree import GameTree, Node
from ..i18n import lang as in_language
from .board import board_figure
from .controller import HUMAN, TableController
from .panels import Panel
from .setup_tab import SetupTab, offers_setup
from .view import PANEL_WIDTH, TableView

__all__ = ["HUMAN", "PANEL_WIDTH", "Table", "agent_names", "board_figure"]

def agent_names() -> list[str]:
    """The registered agent names (``ccg.agents.make_agent`` accepts each)."""
    return agents_base.agent_names()


class Table(TableView):
    """One ipywidgets layout to play a game: board, actions, history with variations, inspect, what-if.

    >>> t = Table("chicago_express", seats=["human"], players=4, seed=1)  # three strategists
    >>> t                      # in a notebook cell: the whole table

    ``state_or_game`` is a state, a GameTree, or a game name (default ``ccg.core.teaching.DEFAULT_GAME``;
    then ``players``/``seed`` and game options are passed to ``ccg.new_game``). ``seats`` has an entry per seat:
    ``"human"`` or an agent (a name such as ``"strategist:cooperation=0.8"`` or ``"random"``,
    an Agent, or an Agent class); ``players`` defaults to ``len(seats)``. A seat left to the
    computer — ``None``, or missing when ``seats`` is shorter than ``players`` — gets the strategist (``ccg.agents.DEFAULT_AGENT``);
    without ``seats`` every seat is human (a hot-seat table). ``helper`` plays "Bot move" and
    "Play on" for human seats (default the strategist); the What-if tab starts with the
    strategist in every seat. With ``autoplay`` (default) bots move by themselves until a human is to move.
    ``whatif_games`` fills the What-if's games box (the most a run plays: it stops sooner once its ± is
    reached); ``whatif_limit`` caps the games one what-if run may ask for (a classroom sets it low).
    Every control is also a method (``play``, ``bot_move``, ``back`` …) for scripts and tests; the
    game logic alone, without widgets, is ``table.controller``. A widget of a tab is reached from
    the table too (``table.slider`` is ``table.history_tab.slider``).

    The flow of a game: with autoplay a bot's move is the bot's (Play and the move list are off while a
    bot is to move); Play on and Bot move always end with a human to move; ``undo`` goes back to the
    human's previous decision. Moves read in words (the game's ``describe_action``; the "notation"
    box lists the notation), the status line tells the last moves, and a bot whose agent can
    ``explain(state)`` gives its reasons under "why?" (status line and move log).

    Secrets stay with their seat: by default the table shows only seat views (the human seats'),
    and the Position tab gives that seat's position string (``ccg.to_seat_position_string``: what
    the seat may see, no generator state, no history). ``teacher=True`` adds the referee view, every
    seat's view and the full position string; the classroom app never turns it on.

    ``lang`` is the language of everything the table shows (``"en"``, ``"cs"``, ``"pl"``, ``"zh_Hant"``;
    default ``ccg.i18n``'s current language, see ``ccg.set_language``); the engines' notation stays as it is.
    """

    def __init__(
        self,
        state_or_game: GameState | GameTree | str = DEFAULT_GAME,
        seats: Sequence[Any] | None = None,
        players: int | None = None,
        seed: int = 0,
        autoplay: bool = True,
        helper: Any = None,
        view: int | None | str = "auto",
        whatif_games: int = 100,
        whatif_limit: int = 100_000,
        teacher: bool = False,
        lang: str | None = None,
        **options: Any,
    ) -> None:
        with in_language(lang) as code:  # the bots' first moves are told in the table's language too
            controller = TableController(state_or_game, seats, players, seed, autoplay, helper, view,
                                         whatif_limit, teacher, **options)
        self.last_what_if: pd.DataFrame | None = None  # the games of the last what-if run (None before the first)
        super().__init__(controller, whatif_games, code)
        self.setup: SetupTab | None = None
        if teacher and offers_setup(self.state):  # the Setup tab edits the position: never at a student's table
            with self.speaking():
                self.setup = SetupTab(self)
                self.add_panel(self.setup)

    def _connect(self, panel: Panel) -> None:
        panel.wire(self)

    # ------------------------------------------------------------------ controls (controller call, then redraw)
    def play(self, action: Action | str) -> None:
        """Play an action (or its notation) at the cursor; bots answer when autoplay is on."""
        self._redraw_after(self.controller.play, action)

    def bot_move(self) -> None:
        """Let the seat to move play one move with its agent (the helper agent for human seats).

        As after ``play``, the bots then answer (with autoplay) until a human is to move.
        """
        self._redraw_after(self.controller.bot_move)

    def play_until(self, mode: str = "human", n: int = 10) -> int:
        """Play with the seats' agents (the helper for humans) until a milestone; returns moves played.

        ``mode``: "human" (a human seat is to move), "end" (end of game), "n" (``n`` actions),
        or "key:<name>" (a milestone of the game's ``SPEC.milestones``, such as round or decade, changes).
        The board is redrawn once, at the end.
        """
        with self.speaking():
            played = self.controller.play_until(mode, n)
            self.refresh()
        return played

    def undo(self) -> None:
        """Back to the human's previous decision (before the last move a human seat made on this line)."""
        self._redraw_after(self.controller.undo)

    def back(self, n: int = 1) -> None:
        self._redraw_after(self.controller.back, n)

    def forward(self, n: int = 1) -> None:
        self._redraw_after(self.controller.forward, n)

    def to_start(self) -> None:
        self._redraw_after(self.controller.to_start)

    def to_end(self) -> None:
        self._redraw_after(self.controller.to_end)

    def go(self, node: Node | int) -> None:
        """Move to a node of the tree (or its id)."""
        self._redraw_after(self.controller.go, node)

    def go_to_move(self, ply: int) -> None:
        """Move to position ``ply`` of the current line (the slider)."""
        line = self.tree.line()
        if 0 <= ply < len(line):
            self.go(line[ply])

    def promote(self) -> None:
        """Move the variation holding the cursor one place up."""
        self._redraw_after(self.controller.promote)

    def promote_to_main(self) -> None:
        """Make the current line the main line."""
        self._redraw_after(self.controller.promote_to_main)

    def delete(self) -> None:
        """Delete the cursor's move and everything after it (the cursor goes back one move)."""
        self._redraw_after(self.controller.delete)

    def change_seat(self, seat: int, spec: Any) -> None:
        """A teacher seats a human or an agent during the game (students' seats are fixed: ValueError)."""
        with self.speaking():
            try:
                self.controller.change_seat(seat, spec)
            except ValueError:
                self.play_tab.refresh_seats(self)  # the menu shows the seat as it stays
                raise
            self.refresh()

    def set_view(self, view: int) -> None:
        """Show the position as seat ``view`` sees it (or REFEREE / TO_MOVE of ``ccg.ui.controller``)."""
        self._redraw_after(self.controller.set_view, view)

    def load_position(self, text: str, replace: bool = False) -> None:
        """Jump to a pasted position string. Bad text changes nothing.

        A position already in the move tree is simply jumped to. Any other starts a new tree at the
        pasted position only with ``replace``; without it the status line asks first and the
        Position tab offers "Replace the tree" (``replace_tree``). A replaced tree stays reachable
        (``restore_previous_tree``).
        A seat view (a seat's position string) loads as a sample: the cards that seat could not see
        are drawn from what it knew, the dice to come are new, and there is no move history.
        """
        self._redraw_after(self.controller.load_position, text, replace)

    def replace_tree(self) -> None:
        """Start a new move tree from the pasted position that waits for confirmation (the old tree is kept)."""
        self._redraw_after(self.controller.replace_tree)

    def restore_previous_tree(self) -> None:
        """Back to the move tree the last pasted position replaced."""
        self._redraw_after(self.controller.restore_previous_tree)

    def run_what_if(self, n_games: int | None = None, agents: Sequence[Any] | None = None,
                    seed: int | None = None) -> pd.DataFrame:
        """Run the what-if continuations from the cursor, update the chart; returns the DataFrame.

        Arguments not given are read from the What-if tab's controls."""
        with self.speaking():
            return self.whatif_tab.run(self, n_games, agents, seed)

    def start_what_if(self) -> None:
        """The Run button. In a live kernel the games run in slices of about 50 ms between messages, so
        Stop (and the rest of the table) keeps working; without an event loop it runs at once."""
        with self.speaking():  # a background run keeps the language: its task copies this context
            self.whatif_tab.start(self)

    def stop_what_if(self) -> None:
        """Stop a running what-if at its next move (the game in progress is dropped); the games finished are charted."""
        self.whatif_tab.stop()

