"""Information-set Monte Carlo tree search (single observer, UCT).

Every iteration starts from a fresh ``state.determinize(seat, seed)`` of the
real position from the acting seat's point of view: hidden cards are
resampled and future chance reseeded, so the search never sees what the seat
cannot see. One tree is shared by all determinizations; its nodes are keyed
by action, and a child's UCB term counts how often it was *available*
(legal in the determinization at hand) rather than how often its parent was
visited (Cowling, Powley & Whitehouse 2012, SO-ISMCTS). Chance outcomes are
averaged implicitly: an action such as a dice roll leads to one node whose
statistics mix the outcomes the determinizations produced.

Simulations play random moves from the new leaf, at most ``rollout_depth``
actions (None: to the end), then score the position for every seat with the
game's heuristic (which rates finished games too). ``evaluation`` chooses how:
"heuristic" (default) — each seat's own heuristic value, normalised to
[0, 1] in the UCB formula by the lowest and highest values seen in this
search (as MuZero normalises values of unknown scale); "margin" — the seat's
heuristic minus the best other seat's, normalised the same way; "rank" — a
scale-free leader/rank score (:func:`~ccg.agents.evaluation.leaf_values`,
finished games by their returns). Every node stores the total value for the
seat that chose the action leading to it, so any number of seats works.
"""
from __future__ import annotations

import math
import time

from ..core.action import Action
from ..core.rng import Rng
from ..core.state import GameState
from .base import Agent
from .evaluation import Heuristic, heuristic_for, leaf_values

EVALUATIONS = ("heuristic", "margin", "rank")


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "seat", "lo", "hi")

    def __init__(self, seat: int | None) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.seat = seat  # the seat that chose the action leading here
        self.lo = math.inf  # lowest and highest value for ``seat`` backed up through this node
        self.hi = -math.inf


class MCTSAgent(Agent):
    """Information-set MCTS with UCT; budget in ``iterations`` or ``seconds``.

    ``iterations`` (default 1000) bounds the number of simulations;
    ``seconds``, if given, bounds wall time instead (then results depend on
    the machine's speed, so prefer iterations for reproducible experiments).
    ``c`` is the UCT exploration constant for values in [0, 1];
    ``rollout_depth`` cuts random rollouts after that many actions (None:
    play to the end) and scores the cut position with the game's heuristic.
    The move played is the most visited root action (ties: the first legal).
    ``heuristic(state, seat)`` replaces the game's own evaluation when given.
    """

    name = "mcts"

    def __init__(
        self,
        iterations: int | None = 1000,
        seconds: float | None = None,
        c: float = 0.7,
        rollout_depth: int | None = 10,
        heuristic: Heuristic | None = None,
        evaluation: str = "heuristic",
        normalise: str = "node",
        seed: int = 0,
    ) -> None:
        if normalise not in ("node", "search"):
            raise ValueError(f"normalise must be 'node' or 'search', got {normalise!r}")
        if evaluation not in EVALUATIONS:
            raise ValueError(f"evaluation must be one of {', '.join(EVALUATIONS)}, got {evaluation!r}")
        if seconds is None:
            if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
                raise ValueError(f"iterations must be a whole number >= 1, got {iterations!r}")
        else:
            if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
                raise ValueError(f"seconds must be a positive number, got {seconds!r}")
            if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
                raise ValueError(f"iterations must be a whole number >= 1 or None, got {iterations!r}")
        if isinstance(c, bool) or not isinstance(c, (int, float)) or c < 0:
            raise ValueError(f"c must be a number >= 0, got {c!r}")
        if rollout_depth is not None and (
            isinstance(rollout_depth, bool) or not isinstance(rollout_depth, int) or rollout_depth < 0
        ):
            raise ValueError(f"rollout_depth must be a whole number >= 0 or None, got {rollout_depth!r}")
        super().__init__(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = float(c)
        self.rollout_depth = rollout_depth
        self.heuristic = heuristic
        self.evaluation = evaluation
        self.normalise = normalise
        self._rng = Rng(seed)
        self.last_iterations = 0  # simulations run by the last act(), for benchmarks

    def _config(self) -> dict:
        return {"iterations": self.iterations, "seconds": self.seconds, "c": self.c, "rollout_depth": self.rollout_depth,
                "heuristic": self.heuristic, "evaluation": self.evaluation,
                "normalise": self.normalise}

    def act(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal actions: the game is over")
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        heuristic = self.heuristic or heuristic_for(state.game)
        root = _Node(None)
        rng = self._rng
        self._lo, self._hi = (0.0, 1.0) if self.evaluation == "rank" else (math.inf, -math.inf)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations
        n = 0
        while (limit is None or n < limit) and (deadline is None or n == 0 or time.perf_counter() < deadline):
            self._iterate(root, state.determinize(seat, rng.next64()), heuristic)
            n += 1
        self.last_iterations = n
        children = root.children
        best, best_visits = legal[0], -1
        for action in legal:
            node = children.get(action)
            if node is not None and node.visits > best_visits:
                best, best_visits = action, node.visits
        return best

    def _evaluate(self, state: GameState, heuristic) -> list[float]:
        """Raw values per seat at the end of a simulation (and widen the search's value bounds)."""
        mode = self.evaluation
        if mode == "rank":
            return leaf_values(state, heuristic)
        h = [heuristic(state, p) for p in range(state.num_players)]
        if mode == "margin" and len(h) > 1:
            h = [h[p] - max(h[q] for q in range(len(h)) if q != p) for p in range(len(h))]
        lo, hi = min(h), max(h)
        if lo < self._lo:
            self._lo = lo
        if hi > self._hi:
            self._hi = hi
        return h

    def _iterate(self, root: _Node, state: GameState, heuristic) -> None:
        rng = self._rng
        c = self.c
        local = self.normalise == "node"
        lo = self._lo
        span = self._hi - lo
        scale = 1.0 / span if span > 0 else 0.0
        node = root
        path = [root]
        # selection and expansion
        while not state.is_terminal():
            legal = state.legal_actions()
            children = node.children
            untried = []
            seen = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
                    seen.append((action, child))
            chosen = None
            chosen_action = None
            if not untried:
                if local:  # normalise by the values seen below this node: lowest 0, highest 1
                    lo = min(ch.lo for _, ch in seen)
                    hi = max(ch.hi for _, ch in seen)
                    scale = 1.0 / (hi - lo) if hi > lo else 0.0
                best = -1.0
                for action, child in seen:
                    q = (child.total / child.visits - lo) * scale if scale else 0.5
                    score = q + c * math.sqrt(math.log(child.avail) / child.visits)
                    if score > best:
                        best, chosen, chosen_action = score, child, action
            mover = state.current_player
            if untried:
                action = untried[rng.below(len(untried))]
                child = children[action] = _Node(mover)
                child.avail = 1
                state.apply(action)
                path.append(child)
                break
            state.apply(chosen_action)
            node = chosen
            path.append(node)
        # simulation
        depth = self.rollout_depth
        steps = 0
        while not state.is_terminal() and (depth is None or steps < depth):
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
        values = self._evaluate(state, heuristic)
        # backpropagation
        for node in path:
            node.visits += 1
            if node.seat is not None:
                v = values[node.seat]
                node.total += v
                if v < node.lo:
                    node.lo = v
                if v > node.hi:
                    node.hi = v
