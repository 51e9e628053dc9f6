"""Exact chance outcomes of an action: every result it can have, with its probability.

Games draw randomness only from ``state.rng`` (``below(n)``, and ``die``,
``choice``, ``shuffle`` built on it). To enumerate what an action can do, the
action is applied to clones whose generator is a :class:`ScriptedRng` that
answers each ``below(n)`` from a script instead of drawing: a depth-first
walk over the scripts visits every sequence of draws, each with probability
∏ 1/n. Results that are the same position (two dice that sum to 8) are merged,
so a Catan roll has 11 outcomes and a steal one per resource type the victim
holds. A game adds chance that does not go through the generator (a card
drawn from a deck shuffled at setup) through the optional ``outcomes(state,
action)`` of its ``SPEC.chance`` module.

An action whose draws would make more than ``limit`` scripts (a reshuffle),
or that asks for raw bits (``random()``, ``next64()``), is *not enumerable*:
:func:`chance_outcomes` returns ``None`` and the action is played with the
state's own generator as usual.

Outcome states are new states (the original is untouched) marked as not
replayable: the draws were forced, so their record would replay differently.
Their generator is the parent's, not advanced. An action with a single result
(no draw, or draws that cannot change the position) gives that result as
``state.child(action)`` would: replayable, generator advanced.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, MutableSequence, TypeVar, cast

from .action import Action
from .registry import get_spec
from .rng import Rng

if TYPE_CHECKING:
    from .state import GameState

T = TypeVar("T")

__all__ = ["ChanceOutcome", "NotEnumerable", "ScriptedRng", "chance_outcomes", "enumerate_draws", "scripted_child",
           "LIMIT"]

LIMIT = 256  # scripts explored per action before it counts as not enumerable


class NotEnumerable(Exception):
    """Raised inside a scripted apply when the action asks for raw random bits."""


class ScriptedRng(Rng):
    """An ``Rng`` whose ``below(n)`` answers come from ``script`` (then 0), recording every ``n``."""

    __slots__ = ("script", "sizes")

    def __init__(self, state: int, script: tuple[int, ...]) -> None:
        super().__init__(state=state)
        self.script = script
        self.sizes: list[int] = []

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        k = len(self.sizes)
        self.sizes.append(n)
        return self.script[k] if k < len(self.script) else 0

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates by this generator's scripted ``below`` answers."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def next64(self) -> int:
        raise NotEnumerable("the action asks for raw random bits")

    def clone(self) -> Rng:
        raise NotEnumerable("the action clones the generator")


@dataclass(frozen=True)
class ChanceOutcome:
    """One result of a chance action: a label, its exact probability and the position it leads to."""

    label: str
    probability: float
    state: Any  # GameState


def scripted_child(state: GameState, action: Action, script: tuple[int, ...]) -> tuple[GameState, list[int]]:
    """``state.child(action)`` with the draws answered by ``script`` (then 0): (child, the sizes drawn).

    The child keeps the parent's generator state (not advanced)."""
    child = state.clone()
    rng = ScriptedRng(state.rng.state, script)
    child.rng = rng
    child.apply(action)
    child.rng = Rng(state=state.rng.state)
    return child, rng.sizes


def enumerate_draws(state: GameState, action: Action, limit: int = LIMIT) -> list[ChanceOutcome] | None:
    """Every distinct result of ``action`` over all draw sequences, or None if there are too many."""
    leaves: list[tuple[tuple[int, ...], float, Any]] = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        script = stack.pop()
        try:
            child, sizes = scripted_child(state, action, script)
        except NotEnumerable:
            return None
        # the draws beyond the script were answered 0: queue their siblings (deepest first)
        full = script + (0,) * (len(sizes) - len(script))
        for depth in range(len(sizes) - 1, len(script) - 1, -1):
            for v in range(sizes[depth] - 1, 0, -1):
                stack.append(full[:depth] + (v,))
        p = 1.0
        for n in sizes:
            p /= n
        leaves.append((full, p, child))
        if len(leaves) + len(stack) > limit:
            return None
    if len(leaves) == 1 and not leaves[0][0]:  # no draw at all
        return [ChanceOutcome("", 1.0, leaves[0][2])]
    leaves.sort(key=lambda leaf: leaf[0])
    groups: list[list[Any]] = []  # [script, probability, child, state dict], one per distinct position
    for script, p, child in leaves:
        body = child._state_dict()
        for g in groups:
            if g[3] == body:
                g[1] += p
                break
        else:
            groups.append([script, p, child, body])
    merged = {i: g[:3] for i, g in enumerate(groups)}
    if len(merged) == 1:  # every draw leads to the same position: play it for real (generator advanced)
        return [ChanceOutcome("", 1.0, state.child(action))]
    labeller = _labeller(state.game)
    out, seen = [], set()
    for script, p, child in merged.values():
        child._replayable = False
        label = labeller(state, action, child) if labeller is not None else ""
        if not label or label in seen:
            label = (label + " " if label else "") + "draws " + " ".join(map(str, script))
        seen.add(label)
        out.append(ChanceOutcome(label, p, child))
    return out


def _labeller(game: str) -> Callable[[GameState, Action, GameState], str] | None:
    module = get_spec(game).chance
    return None if module is None else getattr(importlib.import_module(module), "label", None)


def chance_outcomes(state: GameState, action: Action | str, limit: int = LIMIT) -> list[ChanceOutcome] | None:
    """The results of playing ``action`` in ``state`` with their exact probabilities.

    One outcome (probability 1) for a deterministic action; None when the action's chance is too
    large to enumerate (see the module docstring). ``action`` must be legal (notation accepted).
    """
    if isinstance(action, str):
        action = state.parse_action(action)
    elif action not in state.legal_actions():
        action = state.parse_action(str(action))
    module = get_spec(state.game).chance
    if module is not None:
        outcomes = getattr(importlib.import_module(module), "outcomes", None)  # optional, as ``label`` is
        special = None if outcomes is None else outcomes(state, action)
        if special is not None:
            return cast("list[ChanceOutcome]", special)  # the game module's documented contract
    return enumerate_draws(state, action, limit)
