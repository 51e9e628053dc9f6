"""The Table's game logic without widgets: the move tree, seats and agents, views, play-until, pasting, what-if.

:class:`TableController` is what a Table does, as plain methods and attributes; the view
(:mod:`ccg.ui.table`) only shows it and turns clicks into these calls. It imports no widget
library, so scripts and tests drive it directly.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..core.action import Action
from ..core.errors import InvalidPositionError
from ..core.positions import read_position_string, to_position_string, to_seat_position_string
from ..core.registry import get_spec, new_game
from ..core.state import GameState
from ..core.tree import GameTree, Node
from .seating import HUMAN, REFEREE, TO_MOVE, Seating
from .whatif import WhatIfRequest

__all__ = ["HUMAN", "REFEREE", "TO_MOVE", "TableController", "WhatIfRequest"]

UNTIL_MODES = ("human", "end", "n")  # play_until's modes besides "key:<milestone>"


class TableController:
    """A game tree with seats (humans or agents), a viewing seat and a message line, driven by method calls.

    The arguments are the Table's (see :class:`ccg.ui.Table`); ``whatif_limit`` caps ``what_if_request``.
    Each move method leaves ``message`` and ``location`` as the status line shows them.
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
        self.seed = seed
        self.autoplay = autoplay
        self.whatif_limit = whatif_limit
        self.location: str | None = None
        self.message = ""
        self.seating = Seating(list(seats) if seats is not None else [HUMAN] * self.state.num_players,
                               self.state, seed, helper, teacher, view)
        if self.autoplay:
            self.run_bots()

    # ------------------------------------------------------------------ reading
    @property
    def state(self) -> GameState:
        """The position at the cursor (read-only: use ``play``)."""
        return self.tree.state

    @property
    def view_seat(self) -> int | None:
        """The seat whose view is shown (None: the referee sees everything, teacher mode only)."""
        return self.seating.view_seat(self.state)

    @property
    def position_string(self) -> str:
        """The position string of the current view: the seat's view, or the full position for the referee."""
        seat = self.view_seat
        return to_position_string(self.state) if seat is None else to_seat_position_string(self.state, seat)

    @property
    def full_position_string(self) -> str:
        """The full position (every hand, the generator): for teachers only."""
        return to_position_string(self.state)

    def shown_actions(self, search: str = "") -> list[Action]:
        """The legal actions touching ``location`` (if set) whose notation holds every word of ``search``."""
        legal = self.state.legal_actions()
        if self.location is not None:
            legal = [a for a in legal if self.location in a.where]
        terms = search.lower().split()
        return [a for a in legal if all(t in str(a).lower() for t in terms)]

    def milestones(self) -> Mapping[str, Any]:
        """The game's progress counters at the cursor (``SPEC.milestones``; cheap, no serialisation)."""
        milestones = get_spec(self.state.game).milestones
        return {} if milestones is None else milestones(self.state)

    def until_options(self) -> list[tuple[str, str]]:
        """(label, mode) for every way ``play_until`` may stop."""
        opts = [("until a human is to move", "human"), ("to the end of the game", "end"), ("N actions", "n")]
        return opts + [(f"to the next {key}", f"key:{key}") for key in self.milestones()]

    # ------------------------------------------------------------------ seats
    def change_seat(self, seat: int, spec: Any) -> None:
        """A teacher's change of seat during the game; the bots then answer (with autoplay)."""
        if not self.teacher:  # switching a bot to human would show its hand: seats are fixed for students
            raise ValueError("the seats are set when the game starts")
        self.seating.set_seat(seat, spec)
        if self.autoplay:
            self.run_bots()

    def set_view(self, view: int) -> None:
        """Show the position as ``view`` sees it (a seat, REFEREE or TO_MOVE; one of ``seating.view_options()``)."""
        self.seating.set_view(view)

    # ------------------------------------------------------------------ moves
    def play(self, action: Action | str) -> None:
        """Play an action (or its notation) at the cursor; bots answer when autoplay is on."""
        self.tree.play(action)
        self._moved()

    def bot_move(self) -> None:
        """The seat to move plays one move with its agent (the helper for human seats); then the bots answer."""
        s = self.state
        if s.is_terminal():
            self.message = "The game is over."
            return
        self.tree.play(self.seating.agent_for(s.current_player).act(s))
        self._moved()

    def play_until(self, mode: str = "human", n: int = 10) -> int:
        """Play with the seats' agents (the helper for humans) until a milestone; returns the moves played.

        ``mode``: "human" (a human seat is to move), "end" (end of game), "n" (``n`` actions), or
        "key:<name>" (that milestone of ``SPEC.milestones``, such as round or decade, changes). The
        milestone is read after every move through the game's cheap hook, never by serialising the position.
        """
        key = mode[4:] if isinstance(mode, str) and mode.startswith("key:") else None
        if key is None and mode not in UNTIL_MODES:
            raise ValueError(f"mode must be one of {', '.join(m for _, m in self.until_options())}; got {mode!r}")
        if key is not None and key not in self.milestones():
            raise ValueError(f"{self.state.game} has no milestone {key!r} (it has: {', '.join(self.milestones()) or 'none'})")
        if mode == "human":
            played = self.run_bots(first_any=True)
        else:
            start = self.milestones()[key] if key is not None else None
            limit = get_spec(self.state.game).max_actions
            played = 0
            while not self.state.is_terminal() and played < limit:
                if mode == "n" and played >= n:
                    break
                if key is not None and played and self.milestones().get(key) != start:
                    break
                s = self.state
                self.tree.play(self.seating.agent_for(s.current_player).act(s))
                played += 1
        self.location = None
        self.message = f"played {played} move{'s' if played != 1 else ''}"
        return played

    def run_bots(self, first_any: bool = False) -> int:
        """Let bot seats move until a human is to move or the game ends (safety net: max_actions).

        With ``first_any`` a human seat to move first plays one move with the helper.
        """
        played = 0
        limit = get_spec(self.state.game).max_actions
        while not self.state.is_terminal() and played < limit:
            s = self.state
            agent = self.seating.agents[s.current_player]
            if agent is None:
                if not (first_any and played == 0):
                    break
                agent = self.seating.helper
            self.tree.play(agent.act(s))
            played += 1
        return played

    def _moved(self) -> None:
        self.location = None
        self.message = ""
        if self.autoplay:
            self.run_bots()

    # ------------------------------------------------------------------ the move tree
    def back(self, n: int = 1) -> None:
        self.tree.back(n)

    def forward(self, n: int = 1) -> None:
        self.tree.forward(n)

    def go(self, node: Node | int) -> None:
        """Move to a node of the tree (or its id)."""
        self.tree.go(node)
        self.location = None

    def to_start(self) -> None:
        self.tree.to_start()

    def to_end(self) -> None:
        self.tree.to_end()

    def promote(self) -> None:
        """Move the variation holding the cursor one place up."""
        node = self.branch_node()
        if node is not None:
            self.tree.promote(node)

    def promote_to_main(self) -> None:
        """Make the current line the main line."""
        self.tree.promote_to_main(self.tree.cursor)

    def delete(self) -> None:
        """Delete the cursor's move and everything after it (the cursor goes back one move)."""
        if self.tree.cursor.parent is None:
            self.message = "Nothing to delete at the start."
            return
        self.tree.delete(self.tree.cursor)

    def branch_node(self) -> Node | None:
        """The node where the cursor's line leaves its parent's main line (None on the main line)."""
        node = self.tree.cursor
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return node
            node = node.parent
        return None

    def variation_rows(self) -> list[tuple[str, int]]:
        """(label, node id) for the variation list: main lines first, each variation indented under its move,
        ▶ at the cursor; another seat's secret move reads as its kind (``notation_seen_by``)."""
        tree, cursor, seen = self.tree, self.tree.cursor, self.view_seat
        rows: list[tuple[str, int]] = [(("▶ " if cursor is tree.root else "") + "start", tree.root.id)]

        def label(node: Node, depth: int) -> tuple[str, int]:
            mark = "▶ " if node is cursor else ""
            who = "" if node.seat is None else f"s{node.seat} "
            move = self.state.notation_seen_by(node.move, node.seat, seen)  # type: ignore[arg-type]  # below the root
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
        return rows

    # ------------------------------------------------------------------ the board and pasted positions
    def select_location(self, location: str | None) -> None:
        """Narrow the action list to the actions touching ``location`` (None shows all)."""
        if location is not None and not any(location in a.where for a in self.state.legal_actions()):
            self.location = None
            self.message = f"No legal action touches {location}."
        else:
            self.location = location
            self.message = ""

    def load_position(self, text: str) -> None:
        """Jump to a pasted position string (see ``Table.load_position``). Bad text changes nothing."""
        state, seat = read_position_string(text)
        if state.game != self.state.game or state.num_players != self.state.num_players:
            raise InvalidPositionError(
                f"this table plays {self.state.game} with {self.state.num_players} seats; "
                f"the position is {state.game} with {state.num_players}"
            )
        node = None if seat is not None else self.node_holding(state)  # a seat view is a sample, never a node
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

    def node_holding(self, state: GameState) -> Node | None:
        """The node of the tree whose position is ``state`` (its line of moves from the tree's start), if any."""
        start = self.tree.start
        before = start.history()
        moves = state.history()
        if state.seed != start.seed or moves[:len(before)] != before:
            return None
        node = self.tree.root
        for move in moves[len(before):]:
            child = node.variation(move)
            if child is None:
                return None
            node = child
        return node if self.tree.state_at(node) == state else None

    # ------------------------------------------------------------------ what if?
    def what_if_request(self, n_games: int, agents: Sequence[Any], seed: int) -> WhatIfRequest:
        """A what-if run from the cursor, checked: at most ``whatif_limit`` games, one agent per seat.

        With hidden information the run is the viewing seat's (its hidden cards resampled), never the truth.
        """
        n = n_games
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= self.whatif_limit:
            raise ValueError(f"games must be a whole number from 0 to {self.whatif_limit}, got {n!r}")
        seat = self.view_seat if self.state.hidden_information else None
        return WhatIfRequest(self.state.clone(), n, list(agents), seed, seat)
