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
from ..core.teaching import DEFAULT_GAME
from ..core.tree import GameTree, Node
from ..i18n import N_, _, ngettext
from .seating import HUMAN, REFEREE, TO_MOVE, Seating, seat_kind_text
from .whatif import WhatIfRequest
from .words import describe, explanation

__all__ = ["HUMAN", "REFEREE", "TO_MOVE", "TableController", "WhatIfRequest"]

UNTIL_MODES = ("human", "end", "n")  # play_until's modes besides "key:<milestone>"
# the games' milestones (SPEC.milestones keys) as "Play on … to the next …" names them
MILESTONE_NAMES = {"round": N_("round"), "decade": N_("decade"), "phase": N_("phase"), "turn": N_("turn")}


def _milestone(game: str, key: str) -> str:
    """A milestone's name in the current language (the key itself for one without a name)."""
    return _(MILESTONE_NAMES[key]) if key in MILESTONE_NAMES else key


def played_move(node: Node) -> Action:
    """The move a node of the tree stands for (every node has one but the root)."""
    if node.move is None:
        raise ValueError("the start of the move tree stands for no move")
    return node.move


EXPLAINED = 8  # bot answers in a row explained at most (a Play on's own moves are not: it may play hundreds)
STATUS_MOVES = 4  # moves of one step the status line describes (the last ones)


class TableController:
    """A game tree with seats (humans or agents), a viewing seat and a message line, driven by method calls.

    The arguments are the Table's (see :class:`ccg.ui.Table`); ``whatif_limit`` caps ``what_if_request``.
    Each move method leaves ``message`` and ``location`` as the status line shows them.
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
        self.descriptions: dict[Node, str] = {}  # node -> its move in words (described before it was played)
        self.reasons: dict[Node, str] = {}  # node -> why the bot played it (agents with ``explain``)
        self.previous_trees: list[GameTree] = []  # trees a pasted position replaced, newest last
        self.pending_position: str | None = None  # a pasted position waiting for "replace the tree"
        self.explain_error = ""  # the last agent's explain that failed (the move was played without reasons)
        self.last_step: list[Node] = []  # the moves of the last step (shown with their reasons on the status line)
        self._step_message = ""
        self.seating = Seating(list(seats) if seats is not None else [HUMAN] * self.state.num_players,
                               self.state, seed, helper, teacher, view)
        if self.autoplay:
            step: list[Node] = []
            self.run_bots(step=step)
            if step:
                self._moved(step, answer=False)

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
        """The legal actions touching ``location`` (if set) whose notation or description holds every word of ``search``."""
        legal = self.state.legal_actions()
        if self.location is not None:
            legal = [a for a in legal if self.location in a.where]
        terms = search.lower().split()
        if not terms:
            return legal
        s = self.state
        return [a for a in legal if all(t in f"{a} {describe(s, a)}".lower() for t in terms)]

    def action_label(self, action: Action, notation: bool = False) -> str:
        """How the move list shows a legal action: its description (or, with ``notation``, the notation)."""
        return str(action) if notation else describe(self.state, action)

    def milestones(self) -> Mapping[str, Any]:
        """The game's progress counters at the cursor (``SPEC.milestones``; cheap, no serialisation)."""
        milestones = get_spec(self.state.game).milestones
        return {} if milestones is None else milestones(self.state)

    def until_options(self) -> list[tuple[str, str]]:
        """(label, mode) for every way ``play_until`` may stop."""
        opts = [(_("until a human is to move"), "human"), (_("to the end of the game"), "end"), (_("N actions"), "n")]
        return opts + [(_("to the next {milestone}").format(milestone=_milestone(self.state.game, key)), f"key:{key}")
                       for key in self.milestones()]

    # ------------------------------------------------------------------ seats
    def change_seat(self, seat: int, spec: Any) -> None:
        """A teacher's change of seat during the game; the bots then answer (with autoplay)."""
        if not self.teacher:  # switching a bot to human would show its hand: seats are fixed for students
            raise ValueError(_("the seats are set when the game starts"))
        self.seating.set_seat(seat, spec)
        if self.autoplay:
            step: list[Node] = []
            self.run_bots(step=step)
            self.message = self.step_summary(step) if step else _("seat {seat} is now {kind}").format(
                seat=seat, kind=self.seat_kind_text(seat))

    def set_view(self, view: int) -> None:
        """Show the position as ``view`` sees it (a seat, REFEREE or TO_MOVE; one of ``seating.view_options()``)."""
        self.seating.set_view(view)

    # ------------------------------------------------------------------ moves
    def seat_to_move(self) -> int:
        """The seat to decide at the cursor; ValueError once the game is over (nobody is to move)."""
        seat = self.state.current_player
        if seat is None:
            raise ValueError(_("The game is over."))
        return seat

    def human_to_move(self) -> bool:
        """True when the seat to move is a human's (or, without autoplay, any seat: an analysis board)."""
        seat = self.state.current_player
        return (seat is not None and not self.state.is_terminal()
                and (not self.autoplay or self.seating.agents[seat] is None))

    def play(self, action: Action | str) -> None:
        """Play an action (or its notation) at the cursor; bots answer when autoplay is on.

        With autoplay a bot's move is the bot's: playing for it raises ValueError (use ``bot_move``).
        """
        s = self.state
        if not self.human_to_move():
            raise ValueError(_("The game is over.") if s.is_terminal() else
                             _("Seat {seat} is played by the {kind}: use Bot move or Play on.").format(
                                 seat=s.current_player, kind=self.seat_kind_text(self.seat_to_move())))
        step: list[Node] = []
        self._play(action, step)
        self._moved(step)

    def bot_move(self) -> None:
        """The seat to move plays one move with its agent (the helper for human seats); then the bots answer."""
        s = self.state
        if s.is_terminal():
            self.message = _("The game is over.")
            return
        step: list[Node] = []
        self._agent_move(self.seating.agent_for(self.seat_to_move()), step, explain=True)
        self._moved(step)

    def play_until(self, mode: str = "human", n: int = 10) -> int:
        """Play with the seats' agents (the helper for humans) until a milestone; returns the moves played.

        ``mode``: "human" (a human seat is to move), "end" (end of game), "n" (``n`` actions), or
        "key:<name>" (that milestone of ``SPEC.milestones``, such as round or decade, changes). The
        milestone is read after every move through the game's cheap hook, never by serialising the position.
        With autoplay the bots then answer, so the table never stops with a bot to move.
        """
        key = mode[4:] if isinstance(mode, str) and mode.startswith("key:") else None
        if key is None and mode not in UNTIL_MODES:
            raise ValueError(f"mode must be one of {', '.join(m for _, m in self.until_options())}; got {mode!r}")
        if key is not None and key not in self.milestones():
            raise ValueError(f"{self.state.game} has no milestone {key!r} (it has: {', '.join(self.milestones()) or 'none'})")
        step: list[Node] = []
        if mode == "human":
            self.run_bots(first_any=True, step=step)
        else:
            start = self.milestones()[key] if key is not None else None
            limit = get_spec(self.state.game).max_actions
            played = 0
            while not self.state.is_terminal() and played < limit:
                if mode == "n" and played >= n:
                    break
                if key is not None and played and self.milestones().get(key) != start:
                    break
                self._agent_move(self.seating.agent_for(self.seat_to_move()), step, explain=False)
                played += 1
            if self.autoplay:
                self.run_bots(step=step)
        self._moved(step, answer=False)
        return len(step)

    def run_bots(self, first_any: bool = False, step: list[Node] | None = None) -> int:
        """Let bot seats move until a human is to move or the game ends (safety net: max_actions).

        With ``first_any`` a human seat to move first plays one move with the helper. The nodes played
        are appended to ``step`` (for the status line).
        """
        step = [] if step is None else step
        played = 0
        limit = get_spec(self.state.game).max_actions
        while not self.state.is_terminal() and played < limit:
            agent = self.seating.agents[self.seat_to_move()]
            if agent is None:
                if not (first_any and played == 0):
                    break
                agent = self.seating.helper
            self._agent_move(agent, step, explain=played < EXPLAINED)  # the answers to a human are explained
            played += 1
        return played

    def undo(self) -> None:
        """Back to the human's previous decision: before the last move a human seat made on this line."""
        humans = set(self.seating.human_seats())
        node = self.tree.cursor
        while node.parent is not None:
            if node.seat in humans:
                self.tree.go(node.parent)
                self.location = None
                self.message = _("undone: {move}").format(move=self.move_text(node))
                return
            node = node.parent
        self.message = _("Nothing to undo: no human move on this line yet.")

    def _agent_move(self, agent: Any, step: list[Node], explain: bool) -> None:
        """``agent`` plays the seat to move; with ``explain`` its reasons are asked first (``explain`` leaves
        the agent's random streams as they were, so the move explained is the move played)."""
        s = self.state
        reason = None
        if explain:
            try:
                reason = explanation(agent, s)
            except Exception as e:  # an agent that cannot explain this position still plays it
                self.explain_error = f"{type(e).__name__}: {e}"
        self._play(agent.act(s), step, reason)

    def _play(self, action: Action | str, step: list[Node], reason: str | None = None) -> None:
        """Play one move at the cursor, keeping its description (and a bot's reason)."""
        s = self.state
        if not isinstance(action, Action):
            action = s.parse_action(action) if isinstance(action, str) else s._reject(action)
        words = describe(s, action)
        node = self.tree.play(action)
        self.descriptions[node] = words
        if reason:
            self.reasons[node] = reason
        step.append(node)

    def _moved(self, step: list[Node], answer: bool = True) -> None:
        """After a move: the bots answer (autoplay); the status says what happened."""
        self.location = None
        if answer and self.autoplay:
            self.run_bots(step=step)
        self.last_step = step
        self.message = self._step_message = self.step_summary(step)

    def step_summary(self, step: list[Node]) -> str:
        """What a step did, in words: its last moves (who played what), and how many moves it made."""
        if not step:
            return _("no move played")
        said = "; ".join(self.move_text(node) for node in step[-STATUS_MOVES:])
        if len(step) == 1:
            return said
        if len(step) > STATUS_MOVES:
            return _("played {count} moves, the last: {moves}").format(count=len(step), moves=said)
        return _("played {count} moves: {moves}").format(count=len(step), moves=said)

    def step_reasons(self) -> list[tuple[Node, str]]:
        """The bots' reasons for the moves of the last step, while the status line still tells that step."""
        if self.message != self._step_message:
            return []
        out = [(node, self.reason_for(node)) for node in self.last_step]
        return [(node, reason) for node, reason in out if reason]

    def who(self, seat: int | None) -> str:
        """A seat as the status line names it: "you (seat 0)" for the only human, else "seat 2 (strategist)"."""
        if seat is None:
            return _("chance")
        humans = self.seating.human_seats()
        if humans == [seat]:
            return _("you (seat {seat})").format(seat=seat)
        return _("seat {seat} ({kind})").format(seat=seat, kind=self.seat_kind_text(seat))

    def seat_kind_text(self, seat: int) -> str:
        """The seat's kind as a player reads it: "human" in the current language, else the agent's label."""
        return seat_kind_text(self.seating.seat_kind(seat))

    def move_text(self, node: Node) -> str:
        """A node's move in words as the viewing seat may read it: "seat 2 (strategist): Takes …"."""
        return f"{self.who(node.seat)}: {self.move_words(node)}"

    def move_words(self, node: Node) -> str:
        """The move's description (its notation if another seat's secret move, or if the game has no words)."""
        move = played_move(node)
        seen = self.state.notation_seen_by(move, node.seat, self.view_seat)
        if seen != str(move):  # another seat's secret: its kind only
            return seen
        if node not in self.descriptions and node.parent is not None:
            self.descriptions[node] = describe(self.tree.state_at(node.parent), move)
        return self.descriptions.get(node, seen)

    def fill_descriptions(self) -> None:
        """Describe every move of the tree not described yet (a tree given to the table), in one walk."""
        missing = [n for n in self.tree.root.walk() if n.parent is not None and n not in self.descriptions]
        if not missing:
            return
        stack = [(self.tree.root, self.tree.state_at(self.tree.root))]
        while stack:
            node, state = stack.pop()
            for child in node.variations:
                if child not in self.descriptions:
                    self.descriptions[child] = describe(state, played_move(child))
                if child.variations:
                    after = state.clone()
                    after.apply(played_move(child))
                    stack.append((child, after))

    def reason_for(self, node: Node) -> str | None:
        """Why a bot played the node's move, if it said so and the viewer may read it.

        A bot's reasons may rest on its own hidden cards: with hidden information they are shown to
        the referee (a teacher) and to that seat's own view only.
        """
        reason = self.reasons.get(node)
        if reason is None:
            return None
        view = self.view_seat
        if self.state.hidden_information and view is not None and view != node.seat:
            return None
        return reason

    # ------------------------------------------------------------------ the move tree
    def back(self, n: int = 1) -> None:
        self.tree.back(n)
        self._navigated(_("back"))

    def forward(self, n: int = 1) -> None:
        self.tree.forward(n)
        self._navigated(_("forward"))

    def go(self, node: Node | int) -> None:
        """Move to a node of the tree (or its id)."""
        self.tree.go(node)
        self._navigated(_("jumped"))

    def to_start(self) -> None:
        self.tree.to_start()
        self._navigated(_("to the start"))

    def to_end(self) -> None:
        self.tree.to_end()
        self._navigated(_("to the end of the line"))

    def _navigated(self, how: str) -> None:
        """The status after a move through the tree: where the cursor is now, in words (no older message stays)."""
        self.location = None
        cursor = self.tree.cursor
        self.message = (_("{how}: at the start").format(how=how) if cursor.parent is None else
                        _("{how}: after {move}").format(how=how, move=self.move_text(cursor)))

    def promote(self) -> None:
        """Move the variation holding the cursor one place up."""
        node = self.branch_node()
        if node is not None:
            self.tree.promote(node)
            self.message = _("variation moved up one place")

    def promote_to_main(self) -> None:
        """Make the current line the main line."""
        self.tree.promote_to_main(self.tree.cursor)
        self.message = _("this line is now the main line")

    def delete(self) -> None:
        """Delete the cursor's move and everything after it (the cursor goes back one move)."""
        if self.tree.cursor.parent is None:
            self.message = _("Nothing to delete at the start.")
            return
        gone = self.move_text(self.tree.cursor)
        self.tree.delete(self.tree.cursor)
        self.location = None
        self.message = _("deleted {move} and the moves after it").format(move=gone)

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
        tree, cursor = self.tree, self.tree.cursor
        self.fill_descriptions()
        rows: list[tuple[str, int]] = [(("▶ " if cursor is tree.root else "") + _("start"), tree.root.id)]

        def label(node: Node, depth: int) -> tuple[str, int]:
            mark = "▶ " if node is cursor else ""
            who = "" if node.seat is None else f"s{node.seat} "
            move = self.move_words(node)
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
            self.message = _("No legal action touches {location}.").format(location=location)
        else:
            self.location = location
            self.message = ""

    def load_position(self, text: str, replace: bool = False) -> None:
        """Jump to a pasted position string (see ``Table.load_position``). Bad text changes nothing.

        A position outside the move tree replaces the tree only with ``replace``; without it the
        position waits (``pending_position``) and the message asks. A replaced tree stays reachable
        (``previous_trees``, ``restore_previous_tree``).
        """
        state, seat = read_position_string(text)
        if state.game != self.state.game or state.num_players != self.state.num_players:
            raise InvalidPositionError(
                f"this table plays {self.state.game} with {self.state.num_players} seats; "
                f"the position is {state.game} with {state.num_players}"
            )
        node = None if seat is not None else self.node_holding(state)  # a seat view is a sample, never a node
        self.pending_position = None
        if node is not None:
            self.tree.go(node)
            kept = _("it is already in the move tree, which is kept")
        elif not replace:
            self.pending_position = text
            old = len(self.tree)
            self.message = ngettext(
                "This position is not in the move tree: \"{replace}\" starts a new tree from it (the current tree, "
                "{count} position, stays reachable with \"{previous}\").",
                "This position is not in the move tree: \"{replace}\" starts a new tree from it (the current tree, "
                "{count} positions, stays reachable with \"{previous}\").", old).format(
                    count=old, replace=_("Replace the tree"), previous=_("Previous tree"))
            return
        else:
            old = len(self.tree)
            self.previous_trees.append(self.tree)
            self.tree = GameTree(state)
            kept = ngettext(
                "a new move tree starts here (the previous tree, {count} position, is kept: \"{previous}\" goes back "
                "to it)",
                "a new move tree starts here (the previous tree, {count} positions, is kept: \"{previous}\" goes back "
                "to it)", old).format(count=old, previous=_("Previous tree"))
        what = _("position loaded") if seat is None else _(
            "seat {seat}'s view loaded (the cards seat {seat} could not see are a sample, the dice to come are new "
            "and the moves before it are not included)").format(seat=seat)
        self.message = _("{what}: {kept}").format(what=what, kept=kept)
        self.location = None

    def replace_tree(self) -> None:
        """Start a new tree from the pasted position waiting for confirmation (the old tree is kept)."""
        if self.pending_position is None:
            raise ValueError(_("No pasted position is waiting: paste one and press {go} first.").format(
                go=_("Go to position")))
        self.load_position(self.pending_position, replace=True)

    def restore_previous_tree(self) -> None:
        """Back to the tree the last pasted position replaced (the current one is kept in its place)."""
        if not self.previous_trees:
            raise ValueError(_("No previous tree: no pasted position has replaced the move tree."))
        current = self.tree
        self.tree = self.previous_trees.pop()
        self.previous_trees.insert(0, current)
        self.pending_position = None
        self.location = None
        self.message = ngettext("back to the previous move tree ({count} position)",
                                "back to the previous move tree ({count} positions)", len(self.tree)).format(
                                    count=len(self.tree))

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
