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

Heuristic priors (``prior=True``, the default): when a node is expanded,
every child is scored once with the game's heuristic for the seat choosing
there, and that score counts as the child's first visit. The search then
starts from the greedy opinion at every level (so at small budgets it plays
at least as well as :class:`~ccg.agents.GreedyAgent` and expects greedy
replies from opponents), and the simulations refine it.

Strategist prior (``prior="strategist"``): on top of the heuristic priors, the
move the strategist would play at a newly expanded node counts as
``prior_visits`` more visits worth the best prior among its siblings — prior
knowledge as experience, the way MoGo seeded its nodes (Gelly & Silver 2007).
The search then starts from the strategist's opinion rather than the greedy
one, and simulations must overturn it.

Simulations play random moves from the new leaf (``rollout="random"``, the
default) or the game's strategist (``rollout="strategist"``, each seat's move
chosen by :class:`~ccg.agents.StrategistAgent`'s planner on the
determinization at hand, with the search's own seeded generator), at most
``rollout_depth`` actions (None: to the end), then score the position for
every seat with the game's heuristic (which rates finished games too).
``evaluation`` chooses how:
"heuristic" (default) — each seat's own heuristic value; "margin" — the
seat's heuristic minus the best other seat's; "rank" — a scale-free
leader/rank score in [0, 1] (:func:`~ccg.agents.evaluation.leaf_values`,
finished games by their returns). ``value`` chooses what is scored: "heuristic"
(default) the game's ``SPEC.heuristic``, or "strategist" the strategist
planner's ``values(state)`` — its worth of every seat in the game's units (CO2:
the planner's utility; Chicago Express: cash plus what the shares will still
pay; Catan: VP plus production and development cards) — for priors and leaves
alike. ``candidates=k`` narrows a newly expanded node to its k children with
the best priors (the strategist's move always among them, with
``prior="strategist"``): the search spends a small budget where the knowledge
says the move is. ``tree_depth=d`` grows the tree at most d actions deep (None, the default:
without limit); below it the simulation is the rollout. ``tree_depth=1`` is a bandit over the root's
moves (its candidates) judged by rollouts alone — with strategist rollouts to the end of the game, the
rollout improvement of the strategist's own play (Tesauro & Galperin 1996), which spends no simulation
on trees the budget is too small to grow. Heuristics come in each game's own units,
so the UCB formula normalises a child's mean value to [0, 1] by the lowest
and highest values seen below its parent (``normalise="node"``), or in the
whole search (``"search"``, as MuZero does). Every node stores the total
value for the seat that chose the action leading to it, so any number of
seats works.
"""
from __future__ import annotations

import math
import time
from typing import Any, Callable, Mapping, Sequence

from ..core.action import Action
from ..core.rng import Rng
from ..core.state import GameState
from .base import Agent
from .base import _value as _spec_value
from .evaluation import Heuristic, heuristic_for, heuristics_for, leaf_values
from .strategist import StrategistAgent

EVALUATIONS = ("heuristic", "margin", "rank")
VALUES = ("heuristic", "strategist")
NORMALISATIONS = ("node", "search")
ROLLOUTS = ("random", "strategist")
PRIORS = ("heuristic", "none", "strategist")  # True is "heuristic", False is "none"
CLOCKS = ("wall", "cpu")


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "seat", "lo", "hi", "expanded", "allowed")

    def __init__(self, seat: int | None) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.seat = seat  # the seat that chose the action leading here
        self.lo = math.inf  # lowest and highest value for ``seat`` backed up through this node
        self.hi = -math.inf
        self.expanded = False
        self.allowed: frozenset[Action] | None = None  # with ``candidates``: the children the search may select

    def add(self, value: float) -> None:
        self.visits += 1
        self.total += value
        if value < self.lo:
            self.lo = value
        if value > self.hi:
            self.hi = value


def _check_int(name: str, value: object, lo: int, allow_none: bool) -> None:
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        extra = " or None" if allow_none else ""
        raise ValueError(f"{name} must be a whole number >= {lo}{extra}, got {value!r}")


def _check_prior(prior: object) -> bool | str:
    """``prior`` as stored: True (heuristic), False (none; also None, as a spec reads ``prior=none``) or
    "strategist"."""
    if isinstance(prior, bool):
        return prior
    if prior is None:
        return False
    word = prior.strip().lower() if isinstance(prior, str) else None
    if word not in PRIORS:
        raise ValueError(f"prior must be true or false, or one of {', '.join(PRIORS)}; got {prior!r}")
    return {"heuristic": True, "none": False}.get(word, word)


def _parse_persona(persona: object) -> dict[str, Any] | None:
    """``{"cooperation": 0.8}`` or its spec form ``"cooperation=0.8"`` (pairs separated by ``,``)."""
    if persona is None:
        return None
    if isinstance(persona, str):
        pairs = {}
        for part in persona.split(","):
            key, sep, value = part.partition("=")
            if not sep or not key.strip():
                raise ValueError(f"persona must be name=value pairs separated by ',', got {persona!r}")
            pairs[key.strip().lower()] = _spec_value(value)
        return pairs
    if isinstance(persona, Mapping) and all(isinstance(k, str) for k in persona):
        return dict(persona)
    raise ValueError(f"persona must be a mapping of parameter names to values or 'name=value', got {persona!r}")


class MCTSAgent(Agent):
    """Information-set MCTS with UCT; budget in ``iterations`` or ``seconds``.

    ``iterations`` (default 1000) bounds the number of simulations;
    ``seconds``, if given, bounds wall time instead (then results depend on
    the machine's speed, so prefer iterations for reproducible experiments); a simulation starts only
    while the time left allows one more at the rate so far, so the budget is not overrun by the last.
    ``c`` is the UCT exploration constant for values normalised to [0, 1];
    ``rollout_depth`` cuts random rollouts after that many actions (None:
    play to the end; 0: score the leaf directly) and scores the cut position
    with the game's heuristic; ``prior`` seeds new children with the
    heuristic (see the module docstring). The move played is the most
    visited root action (ties: the first legal). With an iteration budget
    and ``early_stop`` (default) the search stops once no other legal root
    action could catch up with the most visited one in the simulations left:
    the move is the one the full budget would play, found sooner.
    ``heuristic(state, seat)`` replaces the game's own evaluation when given.

    ``rollout`` is "random" (default) or "strategist"; ``prior`` is True /
    "heuristic" (default), False / "none", or "strategist" (the strategist's
    move is worth ``prior_visits`` extra visits, default 4). ``persona``
    (``{"cooperation": 0.8}``, in a spec ``persona=cooperation=0.8``) sets the
    strategist's persona parameters for both. ``clock`` says what ``seconds``
    measures: "wall" (default, ``time.perf_counter``) or "cpu" (this process's
    CPU time, ``time.process_time``: the fair budget on a shared machine); with
    the CPU clock and ``early_stop`` the search also stops once no other root
    action could catch up in the simulations the time left allows at the rate
    so far. ``value`` ("heuristic" or "strategist") and ``candidates`` (None or
    k >= 1, needs a prior) and ``tree_depth`` (None or d >= 1) are explained in the module docstring.
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
        prior: bool | str = True,
        early_stop: bool = True,
        rollout: str = "random",
        prior_visits: int = 4,
        persona: Mapping[str, Any] | str | None = None,
        clock: str = "wall",
        value: str = "heuristic",
        candidates: int | None = None,
        tree_depth: int | None = None,
        seed: int = 0,
    ) -> None:
        prior, persona, uses_strategist = _check_settings(
            iterations=iterations, seconds=seconds, c=c, rollout_depth=rollout_depth, evaluation=evaluation,
            normalise=normalise, prior=prior, candidates=candidates, early_stop=early_stop, rollout=rollout,
            prior_visits=prior_visits, clock=clock, tree_depth=tree_depth, value=value, persona=persona)
        super().__init__(seed)
        # validates the persona's names and ranges now; the game is checked when its planner is built
        self._strategist = StrategistAgent(seed=seed, **(persona or {})) if uses_strategist else None
        self.iterations = iterations
        self.seconds = seconds
        self.c = float(c)
        self.rollout_depth = rollout_depth
        self.heuristic = heuristic
        self.evaluation = evaluation
        self.normalise = normalise
        self.prior = prior
        self.early_stop = early_stop
        self.rollout = rollout
        self.prior_visits = prior_visits
        self.persona = persona
        self.clock = clock
        self.value = value
        self.candidates = candidates
        self.tree_depth = tree_depth
        self._rng = Rng(seed)
        self._lo = self._hi = 0.0
        self._all: Callable[[GameState], list[float]] | None = None  # every seat's heuristic, set during act()
        self._planner: Any = None  # the strategist's planner for the game at hand, likewise
        self.last_iterations = 0  # simulations run by the last act(), for benchmarks

    def _config(self) -> dict[str, Any]:
        return {"iterations": self.iterations, "seconds": self.seconds, "c": self.c, "rollout_depth": self.rollout_depth,
                "heuristic": self.heuristic, "evaluation": self.evaluation, "normalise": self.normalise,
                "prior": self.prior, "early_stop": self.early_stop, "rollout": self.rollout,
                "prior_visits": self.prior_visits, "persona": self.persona, "clock": self.clock,
                "value": self.value, "candidates": self.candidates, "tree_depth": self.tree_depth}

    # ---- the search ------------------------------------------------------------------
    def act(self, state: GameState) -> Action:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal actions: the game is over")
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        assert seat is not None  # a state with legal actions has a seat to move
        self._planner = self._strategist.planner(state.game) if self._strategist is not None else None
        heuristic, self._all = self._position_values(state.game)
        root = _Node(None)
        rng = self._rng
        self._lo, self._hi = (0.0, 1.0) if self.evaluation == "rank" else (math.inf, -math.inf)
        clock = time.process_time if self.clock == "cpu" else time.perf_counter
        start = clock()
        deadline = None if self.seconds is None else start + self.seconds
        limit = self.iterations
        stop_early = self.early_stop and limit is not None
        stop_in_time = self.early_stop and deadline is not None and self.clock == "cpu"
        n = 0
        try:
            while limit is None or n < limit:
                if deadline is not None and n:  # one more simulation only if the time left allows it at
                    now = clock()               # the rate so far: the budget is kept, not overrun by the last
                    if now + (now - start) / n > deadline:
                        break
                self._iterate(root, state.determinize(seat, rng.next64()), heuristic)
                n += 1
                if stop_early and n % 16 == 0 and limit is not None and self._decided(root, legal, limit - n):
                    break
                if stop_in_time and deadline is not None:  # after every simulation: they may be few and slow
                    now = clock()
                    left = int(n * (deadline - now) / (now - start)) if now > start else n  # at the rate so far
                    if limit is not None:
                        left = min(left, limit - n)
                    if self._decided(root, legal, left):
                        break
        finally:
            self._all = self._planner = None  # closures and planners: keep the agent picklable between moves
        self.last_iterations = n
        children = root.children
        best, best_visits = legal[0], -1
        for action in legal:
            node = children.get(action)
            if node is not None and node.visits > best_visits:
                best, best_visits = action, node.visits
        return best

    def _position_values(self, game: str) -> tuple[Heuristic, Callable[[GameState], list[float]]]:
        """One seat's value and every seat's values of a position: the game's heuristic, or with
        ``value="strategist"`` the strategist planner's ``values(state)`` (its worth of every seat, in
        the game's units) where the game's planner has one (else the heuristic, said in the README).
        A prior needs one seat's value: the planner's ``value(state, seat)`` where it has one, so the
        other seats are not valued for nothing."""
        values = getattr(self._planner, "values", None) if self.value == "strategist" else None
        if values is None:
            return self.heuristic or heuristic_for(game), heuristics_for(game, self.heuristic)
        single = getattr(self._planner, "value", None)
        if single is not None:
            return single, values

        def one(state: GameState, seat: int) -> float:
            return float(values(state)[seat])

        return one, values

    @staticmethod
    def _decided(root: _Node, legal: list[Action], remaining: int) -> bool:
        """True when no other legal root action can catch up with the most visited one in
        ``remaining`` simulations, so the move of the full budget is already known."""
        first = second = 0
        children = root.children
        for action in legal:
            child = children.get(action)
            v = child.visits if child is not None else 0
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        return first > second + remaining

    def _values(self, state: GameState, heuristic: Heuristic) -> list[float]:
        """Values per seat of a position (and widen the search's value bounds)."""
        mode = self.evaluation
        assert self._all is not None  # act() sets it for the duration of the search
        if mode == "rank":
            return leaf_values(state, self._all)
        h = self._all(state)
        if mode == "margin" and len(h) > 1:
            h = [h[p] - max(h[q] for q in range(len(h)) if q != p) for p in range(len(h))]
        lo, hi = min(h), max(h)
        if lo < self._lo:
            self._lo = lo
        if hi > self._hi:
            self._hi = hi
        return h

    def _value(self, state: GameState, heuristic: Heuristic, seat: int) -> float:
        """One seat's value of a position (for priors)."""
        if self.evaluation == "heuristic":
            v = heuristic(state, seat)
            if v < self._lo:
                self._lo = v
            if v > self._hi:
                self._hi = v
            return v
        return self._values(state, heuristic)[seat]

    def _new_child(self, node: _Node, action: Action, state: GameState, mover: int, heuristic: Heuristic) -> _Node:
        child = node.children[action] = _Node(mover)
        if self.prior:
            child.add(self._value(state.child(action), heuristic, mover))
        return child

    def _strategist_prior(self, node: _Node, legal: list[Action], state: GameState, mover: int) -> Action | None:
        """The strategist's move here gets ``prior_visits`` visits worth the best sibling's prior."""
        if len(legal) < 2:
            return None
        pick: Action = self._planner.choose(state, mover, self._rng)
        child = node.children.get(pick)
        if child is None:  # a planner bug: it must return one of this state's legal actions
            raise RuntimeError(f"the {state.game} strategist chose {pick}, which is not legal here")
        best = max(node.children[a].hi for a in legal)
        for _ in range(self.prior_visits):
            child.add(best)
        return pick

    def _narrow(self, node: _Node, legal: list[Action], pick: Action | None) -> None:
        """``candidates``: the search selects only among the children with the best priors (and the
        strategist's move): a small budget is spent where the knowledge says the move is."""
        k = self.candidates
        if k is None or len(legal) <= k:
            return
        children = node.children
        ranked = sorted(legal, key=lambda a: children[a].total / children[a].visits, reverse=True)
        allowed = ranked[:k]
        if pick is not None and pick not in allowed:
            allowed[-1] = pick
        node.allowed = frozenset(allowed)

    def _rollout(self, state: GameState) -> None:
        """Play on from ``state`` (in place) for at most ``rollout_depth`` actions with the rollout policy."""
        rng = self._rng
        depth = self.rollout_depth
        choose = self._planner.choose if self.rollout == "strategist" else None
        steps = 0
        while not state.is_terminal() and (depth is None or steps < depth):
            legal = state.legal_actions()
            if choose is None:
                action = legal[rng.below(len(legal))]
            else:
                action = legal[0] if len(legal) == 1 else choose(state, state.current_player, rng)
            state.apply(action)
            steps += 1

    def _iterate(self, root: _Node, state: GameState, heuristic: Heuristic) -> None:
        """One simulation: select (and expand) down the tree, roll out, back the values up the path."""
        path = self._select(root, state, heuristic)
        self._rollout(state)
        _backpropagate(path, self._values(state, heuristic))

    def _select(self, root: _Node, state: GameState, heuristic: Heuristic) -> list[_Node]:
        """Walk down from ``root`` by UCB, playing the moves on ``state``, until a node is expanded, an untried
        action is added, the game ends or ``tree_depth`` is reached; the nodes walked."""
        node = root
        path = [root]
        depth_left = math.inf if self.tree_depth is None else self.tree_depth
        while not state.is_terminal() and depth_left > 0:
            legal = state.legal_actions()
            mover = state.current_player
            assert mover is not None  # the state is not terminal
            if self.prior and not node.expanded:  # expand: every child gets its prior, then simulate from here
                self._expand(node, legal, state, mover, heuristic)
                break
            untried, seen = self._children_in_view(node, legal, state, mover, heuristic)
            if untried:
                action = untried[self._rng.below(len(untried))]
                child = node.children[action] = _Node(mover)
                child.avail = 1
                state.apply(action)
                path.append(child)
                break
            node, action = self._ucb_choice(seen)
            state.apply(action)
            path.append(node)
            depth_left -= 1
        return path

    def _expand(self, node: _Node, legal: list[Action], state: GameState, mover: int, heuristic: Heuristic) -> None:
        """Every legal action gets a child with its heuristic prior (and the strategist's pick its bonus)."""
        node.expanded = True
        for action in legal:
            if action not in node.children:
                self._new_child(node, action, state, mover, heuristic)
        pick = self._strategist_prior(node, legal, state, mover) if self.prior == "strategist" else None
        self._narrow(node, legal, pick)

    def _children_in_view(self, node: _Node, legal: list[Action], state: GameState, mover: int,
                          heuristic: Heuristic) -> tuple[list[Action], list[tuple[Action, _Node]]]:
        """The actions of this determinization (the allowed candidates, if it has any) not yet tried, and the
        (action, child) pairs already in the tree, each counted as available once more."""
        allowed = node.allowed
        if allowed is not None:  # the candidates this determinization allows (all, if it allows none)
            narrowed = [a for a in legal if a in allowed]
            if narrowed:
                legal = narrowed
        untried = []
        seen = []
        for action in legal:
            child = node.children.get(action)
            if child is None:
                if self.prior:  # an action this determinization allows for the first time
                    child = self._new_child(node, action, state, mover, heuristic)
                else:
                    untried.append(action)
                    continue
            child.avail += 1
            seen.append((action, child))
        return untried, seen

    def _ucb_choice(self, seen: list[tuple[Action, _Node]]) -> tuple[_Node, Action]:
        """The child with the best UCB score, values normalised to 0..1 by those below this node ("node") or
        in the whole search ("search")."""
        if self.normalise == "node":
            lo = min(ch.lo for _, ch in seen)
            hi = max(ch.hi for _, ch in seen)
        else:
            lo, hi = self._lo, self._hi
        scale = 1.0 / (hi - lo) if hi > lo else 0.0
        c = self.c
        chosen = chosen_action = None
        best = -1.0
        for action, child in seen:
            q = (child.total / child.visits - lo) * scale if scale else 0.5
            score = q + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best:
                best, chosen, chosen_action = score, child, action
        assert chosen is not None and chosen_action is not None  # ``seen`` holds every legal action
        return chosen, chosen_action


def _backpropagate(path: list[_Node], values: list[float]) -> None:
    """Each node on the path counts the visit and adds the value of the seat that chose it."""
    for node in path:
        if node.seat is None:
            node.visits += 1
        else:
            node.add(values[node.seat])


def _check_choice(name: str, value: Any, allowed: Sequence[str]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, got {value!r}")


def _check_settings(*, iterations: Any, seconds: Any, c: Any, rollout_depth: Any, evaluation: Any, normalise: Any,
                    prior: Any, candidates: Any, early_stop: Any, rollout: Any, prior_visits: Any, clock: Any,
                    tree_depth: Any, value: Any, persona: Any) -> tuple[bool | str, dict[str, Any] | None, bool]:
    """MCTSAgent's settings checked, in the order of its signature: the prior and persona as read, and whether
    the strategist is used (a persona needs it)."""
    _check_int("iterations", iterations, 1, allow_none=seconds is not None)
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0):
        raise ValueError(f"seconds must be a positive number, got {seconds!r}")
    if isinstance(c, bool) or not isinstance(c, (int, float)) or c < 0:
        raise ValueError(f"c must be a number >= 0, got {c!r}")
    _check_int("rollout_depth", rollout_depth, 0, allow_none=True)
    _check_choice("evaluation", evaluation, EVALUATIONS)
    _check_choice("normalise", normalise, NORMALISATIONS)
    prior = _check_prior(prior)
    if candidates is not None and not prior:
        raise ValueError("candidates ranks children by their priors: give it with prior=heuristic or prior=strategist")
    if not isinstance(early_stop, bool):
        raise ValueError(f"early_stop must be true or false, got {early_stop!r}")
    _check_choice("rollout", rollout, ROLLOUTS)
    _check_int("prior_visits", prior_visits, 1, allow_none=False)
    _check_choice("clock", clock, CLOCKS)
    _check_int("candidates", candidates, 1, allow_none=True)
    _check_int("tree_depth", tree_depth, 1, allow_none=True)
    _check_choice("value", value, VALUES)
    persona = _parse_persona(persona)
    uses_strategist = rollout == "strategist" or prior == "strategist" or value == "strategist"
    if persona and not uses_strategist:
        raise ValueError("persona applies to the strategist: give it with rollout=strategist, prior=strategist "
                         "or value=strategist")
    return prior, persona, uses_strategist
