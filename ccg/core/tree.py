"""The position tree: a game with variations, like python-chess's ``GameNode``.

Nodes store moves, never boards. The tree keeps one *cursor* state and a few
snapshots; moving the cursor replays moves from the nearest snapshot on the
way from the root, which is exact because every random draw comes from the
state's own generator (same start + same moves = same position).

>>> import ccg
>>> from ccg.core.tree import GameTree
>>> tree = GameTree(ccg.new_game("chicago_express", players=4, seed=1))
>>> node = tree.play(tree.state.legal_actions()[0])   # the main line grows
>>> tree.back(); alt = tree.play(tree.state.legal_actions()[1])   # a variation
>>> tree.promote_to_main(alt); tree.delete(alt)

Children of a node are its variations; the first one is the main line.
"""
from __future__ import annotations

import json
from typing import Any, Iterator

from .action import Action
from .errors import IllegalActionError, InvalidPositionError
from .positions import _parse_json, state_from_dict
from .state import GameState

TREE_FORMAT = "ccg-tree"
_SNAPSHOT_EVERY = 16  # plies between snapshots on a replay path
_MAX_SNAPSHOTS = 64
_MAX_TREE_NODES = 200_000  # untrusted input guard for from_dict
_MAX_TREE_DEPTH = 900  # JSON nesting of a saved tree (two levels per ply), below the decoder's recursion limit


class Node:
    """One move in the tree (the root has no move). ``variations[0]`` is the main continuation."""

    __slots__ = ("parent", "move", "seat", "variations", "comment", "id", "ply")

    def __init__(self, parent: "Node | None", move: Action | None, seat: int | None, node_id: int) -> None:
        self.parent = parent
        self.move = move
        self.seat = seat  # the seat that played ``move``
        self.variations: list[Node] = []
        self.comment = ""
        self.id = node_id
        self.ply: int = 0 if parent is None else parent.ply + 1  # plies from the tree's root

    # ---- navigation helpers ---------------------------------------------------------
    def path(self) -> list["Node"]:
        """Nodes from the root's first move down to this node (the root itself excluded)."""
        out = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            out.append(node)
            node = node.parent
        out.reverse()
        return out

    def moves(self) -> list[Action]:
        """The moves from the root to this node."""
        return [n.move for n in self.path()]  # type: ignore[misc]  # path() leaves out the root, the only node without a move

    def root(self) -> "Node":
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def mainline(self) -> Iterator["Node"]:
        """The main continuation after this node (each first variation), this node excluded."""
        node = self
        while node.variations:
            node = node.variations[0]
            yield node

    def end(self) -> "Node":
        """The last node of the main continuation from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_main_variation(self) -> bool:
        """True if this node is its parent's first variation (or the root)."""
        return self.parent is None or self.parent.variations[0] is self

    def is_mainline(self) -> bool:
        """True if every step from the root to here is a first variation."""
        node = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def variation(self, move: Action | str) -> "Node | None":
        """The child reached by ``move`` (Action or notation), if any."""
        key = str(move).lower()
        for child in self.variations:
            if child.move == move or str(child.move).lower() == key:
                return child
        return None

    def walk(self) -> Iterator["Node"]:
        """This node and all its descendants, depth first, main lines first."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.variations))

    def __repr__(self) -> str:
        return f"<Node ply={self.ply} move={str(self.move)!r} variations={len(self.variations)}>"


class GameTree:
    """A game with variations around a movable cursor.

    ``state`` is the position at the cursor (do not mutate it; use ``play``).
    """

    def __init__(self, start: GameState) -> None:
        if not isinstance(start, GameState):
            raise ValueError(f"GameTree needs a game state, got {type(start).__name__}")
        self._start = start.clone()
        self._next_id = 1
        self.root = Node(None, None, None, 0)
        self._nodes: dict[int, Node] = {0: self.root}
        self.cursor = self.root
        self._state = start.clone()
        self._snapshots: dict[int, GameState] = {}  # node id -> state (insertion order = age)

    # ---- reading ---------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The position at the cursor. Treat as read-only; clone it to experiment."""
        return self._state

    @property
    def start(self) -> GameState:
        """A copy of the position at the root."""
        return self._start.clone()

    def node(self, node_id: int) -> Node:
        """The node with this id (ids are stable while the node exists)."""
        try:
            return self._nodes[node_id]
        except (KeyError, TypeError):
            raise ValueError(f"no node with id {node_id!r} in this tree") from None

    def __len__(self) -> int:
        return len(self._nodes)

    def line(self) -> list[Node]:
        """The current line: root, the path to the cursor, then the cursor's main continuation."""
        return [self.root, *self.cursor.path(), *self.cursor.mainline()]

    def state_at(self, node: Node) -> GameState:
        """A fresh copy of the position at ``node`` (the cursor does not move)."""
        self._check(node)
        if node is self.cursor:
            return self._state.clone()
        return self._replay_to(node)

    # ---- moving the cursor --------------------------------------------------------------
    def play(self, action: Action | str) -> Node:
        """Play ``action`` at the cursor: follow an existing variation or add a new one.

        Raises IllegalActionError (the tree and cursor unchanged) if it is not legal.
        """
        state = self._state
        if not isinstance(action, Action):
            action = state.parse_action(action) if isinstance(action, str) else state._reject(action)
        existing = self.cursor.variation(action)
        seat = state.current_player
        state.apply(action)  # raises and leaves state unchanged if illegal
        if existing is None:
            existing = self._new_node(self.cursor, action, seat)
        self.cursor = existing
        self._maybe_snapshot(existing)
        return existing

    def add_variation(self, node: Node, action: Action | str) -> Node:
        """Add (or find) the child of ``node`` reached by ``action`` without moving the cursor."""
        self._check(node)
        state = self.state_at(node)
        if not isinstance(action, Action):
            action = state.parse_action(action) if isinstance(action, str) else state._reject(action)
        existing = node.variation(action)
        if existing is not None:
            return existing
        seat = state.current_player
        state.apply(action)
        return self._new_node(node, action, seat)

    def go(self, node: Node | int) -> GameState:
        """Move the cursor to ``node`` (a Node of this tree or its id); returns the state there."""
        if isinstance(node, int) and not isinstance(node, bool):
            node = self.node(node)
        target = self._check(node)
        if target is self.cursor:
            return self._state
        if target.parent is self.cursor:  # one step forward: apply, no replay
            self._state.apply(target.move)  # a node below the root has a move
        else:
            self._snapshots[self.cursor.id] = self._state  # keep where we were: going back is cheap
            self._trim()
            self._state = self._replay_to(target)
        self.cursor = target
        self._maybe_snapshot(target)
        return self._state

    def back(self, n: int = 1) -> GameState:
        """Move the cursor ``n`` moves towards the root (stops at the root)."""
        node = self.cursor
        for _ in range(n):
            if node.parent is None:
                break
            node = node.parent
        return self.go(node)

    def forward(self, n: int = 1) -> GameState:
        """Follow the main continuation ``n`` moves (stops at its end)."""
        node = self.cursor
        for _ in range(n):
            if not node.variations:
                break
            node = node.variations[0]
        return self.go(node)

    def to_start(self) -> GameState:
        return self.go(self.root)

    def to_end(self) -> GameState:
        return self.go(self.cursor.end())

    # ---- editing the tree ------------------------------------------------------------------
    def promote(self, node: Node) -> None:
        """Move ``node`` one place up among its siblings."""
        self._check(node)
        if node.parent is None:
            return
        sib = node.parent.variations
        i = sib.index(node)
        if i > 0:
            sib[i - 1], sib[i] = sib[i], sib[i - 1]

    def demote(self, node: Node) -> None:
        """Move ``node`` one place down among its siblings."""
        self._check(node)
        if node.parent is None:
            return
        sib = node.parent.variations
        i = sib.index(node)
        if i < len(sib) - 1:
            sib[i + 1], sib[i] = sib[i], sib[i + 1]

    def promote_to_main(self, node: Node) -> None:
        """Make the line through ``node`` the main line (every ancestor becomes a first variation)."""
        self._check(node)
        while node.parent is not None:
            sib = node.parent.variations
            sib.remove(node)
            sib.insert(0, node)
            node = node.parent

    def delete(self, node: Node) -> None:
        """Remove ``node`` and everything after it. The cursor moves to its parent if it was inside."""
        self._check(node)
        if node.parent is None:
            raise ValueError("the root of the tree cannot be deleted")
        inside = False
        probe: Node | None = self.cursor
        while probe is not None:
            if probe is node:
                inside = True
                break
            probe = probe.parent
        if inside:
            self.go(node.parent)
        node.parent.variations.remove(node)
        for gone in list(node.walk()):
            self._nodes.pop(gone.id, None)
            self._snapshots.pop(gone.id, None)

    # ---- saving and loading ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The tree as JSON-able data: the root position and nested moves in notation."""

        def enc(node: Node) -> list[Any]:
            return [[str(c.move), enc(c)] + ([c.comment] if c.comment else []) for c in node.variations]

        return {"format": TREE_FORMAT, "version": 1, "start": self._start.to_dict(), "moves": enc(self.root),
                "cursor": [str(m) for m in self.cursor.moves()]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> "GameTree":
        """A tree from ``to_dict()`` data. Every move is re-validated; raises InvalidPositionError."""
        if not isinstance(data, dict) or data.get("format") != TREE_FORMAT or data.get("version") != 1:
            raise InvalidPositionError(f"invalid tree: expected an object with format {TREE_FORMAT!r}, version 1")
        extra = set(data) - {"format", "version", "start", "moves", "cursor"}
        if extra:
            raise InvalidPositionError(f"invalid tree: unknown field(s) {sorted(extra)}")
        tree = cls(state_from_dict(data.get("start")))
        budget = [_MAX_TREE_NODES]

        def dec(node: Node, state: GameState, items: Any, depth: int) -> None:
            if not isinstance(items, list):
                raise InvalidPositionError(f"invalid tree: variations at ply {depth} must be a list")
            for item in items:
                if not (isinstance(item, list) and len(item) in (2, 3) and isinstance(item[0], str)):
                    raise InvalidPositionError(f"invalid tree: a move at ply {depth + 1} must be [notation, children]")
                budget[0] -= 1
                if budget[0] < 0:
                    raise InvalidPositionError("invalid tree: too many moves")
                try:
                    action = state.parse_action(item[0])
                except IllegalActionError as e:
                    raise InvalidPositionError(f"invalid tree: move {item[0]!r} at ply {depth + 1} is illegal: {e}") from None
                if node.variation(action) is not None:
                    raise InvalidPositionError(f"invalid tree: move {item[0]!r} at ply {depth + 1} appears twice")
                child_state = state.child(action)
                child = tree._new_node(node, action, state.current_player)
                if len(item) == 3:
                    if not isinstance(item[2], str):
                        raise InvalidPositionError("invalid tree: a comment must be text")
                    child.comment = item[2]
                dec(child, child_state, item[1], depth + 1)

        try:
            dec(tree.root, tree.start, data.get("moves", []), 0)
        except RecursionError:
            raise InvalidPositionError("invalid tree: nested too deeply") from None
        cursor = data.get("cursor", [])
        if not isinstance(cursor, list) or not all(isinstance(m, str) for m in cursor):
            raise InvalidPositionError("invalid tree: 'cursor' must be a list of notations")
        node = tree.root
        for m in cursor:
            nxt = node.variation(m)
            if nxt is None:
                raise InvalidPositionError(f"invalid tree: cursor move {m!r} is not in the tree")
            node = nxt
        tree.go(node)
        return tree

    @classmethod
    def from_json(cls, text: str) -> "GameTree":
        return cls.from_dict(_parse_json(text, _MAX_TREE_DEPTH))

    # ---- internals -------------------------------------------------------------------------
    def _check(self, node: object) -> Node:
        """``node`` itself if it is a node of this tree, else ValueError."""
        if not isinstance(node, Node) or self._nodes.get(node.id) is not node:
            raise ValueError(f"{node!r} is not a node of this tree")
        return node

    def _new_node(self, parent: Node, action: Action, seat: int | None) -> Node:
        node = Node(parent, action, seat, self._next_id)
        self._next_id += 1
        parent.variations.append(node)
        self._nodes[node.id] = node
        return node

    def _replay_to(self, node: Node) -> GameState:
        path: list[Node] = []
        probe: Node | None = node
        base: GameState | None = None
        while probe is not None:
            snap = self._snapshots.get(probe.id)
            if snap is not None:
                base = snap.clone()
                break
            if probe.parent is None:
                base = self._start.clone()
                break
            path.append(probe)
            probe = probe.parent
        assert base is not None
        for step in reversed(path):
            base.apply(step.move)  # the path below a node never holds the root
        return base

    def _maybe_snapshot(self, node: Node) -> None:
        if node.ply and node.ply % _SNAPSHOT_EVERY == 0 and node.id not in self._snapshots:
            self._snapshots[node.id] = self._state.clone()
            self._trim()

    def _trim(self) -> None:
        while len(self._snapshots) > _MAX_SNAPSHOTS:
            self._snapshots.pop(next(iter(self._snapshots)))
