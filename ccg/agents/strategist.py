"""The strategist: each game's own plan-aware player, with persona parameters and tuned weights.

A game teaches the strategist how to play by naming a *strategy module* in
``SPEC.strategy`` (e.g. ``"ccg.games.co2.strategy"``). That module defines:

``PERSONA``
    ``{name: PersonaParam}`` — the parameters people ask about (CO2's
    ``cooperation``, Oil Springs' ``sequester``, Chicago Express's
    ``investor``), each with a default, a range or choices, and a docstring.
``WEIGHTS_FILE``
    a :class:`pathlib.Path` to the game's weights file (JSON, see
    :func:`load_weights`): the named knobs of its plan, shipped as data
    together with the command that tuned them.
``make_planner(weights, persona) -> planner``
    ``weights`` is ``{name: float}`` (every name of the file), ``persona``
    ``{name: value}`` (every name of ``PERSONA``, defaults filled in). The
    planner's ``choose(state, seat, rng) -> Action`` returns a legal action
    for ``seat`` (the seat to move). ``state`` is that seat's view (a fresh
    ``determinize(seat, …)``, see :class:`~ccg.agents.Agent`), so a planner may
    read every field of the state it is given; it must never mutate it (use
    ``child``/``clone``).

Games without a strategy module get a one-ply look-ahead on the game's
heuristic (what :class:`~ccg.agents.GreedyAgent` does), so ``"strategist"``
works for every registered game.

>>> from ccg.agents import StrategistAgent
>>> agent = StrategistAgent(cooperation=0.8, seed=1)      # or make_agent("strategist:cooperation=0.8", 1)
"""
from __future__ import annotations

import importlib
import math
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, Any, Mapping

import msgspec
from msgspec import Meta

from ..core.action import Action
from ..core.persona import PersonaParam
from ..core.registry import get_spec, list_games
from ..core.rng import Rng
from ..core.schema import convert_values, decode_json, field_error
from ..core.state import GameState
from ..i18n import N_
from . import explain as ex
from .base import Agent
from .greedy import GreedyAgent
from .levels import check_level, level_of

if TYPE_CHECKING:
    from .explain import Explanation

__all__ = ["PersonaParam", "StrategistAgent", "load_weights", "persona_params", "strategy_module"]

_MAX_WEIGHTS_BYTES = 1 << 20


def strategy_module(game: str) -> ModuleType | None:
    """The strategy module of a registered game, or None when it has none."""
    path = getattr(get_spec(game), "strategy", None)
    return importlib.import_module(path) if path else None


_PERSONAS: dict[str, dict[str, PersonaParam]] | None = None


def persona_params() -> dict[str, dict[str, PersonaParam]]:
    """``{game: {name: PersonaParam}}`` for every registered game with a strategy module."""
    global _PERSONAS
    if _PERSONAS is None:
        found: dict[str, dict[str, PersonaParam]] = {}
        for game in list_games():
            try:
                module = strategy_module(game)
            except ImportError:  # a game that cannot be imported has no persona either
                continue
            if module is not None:
                found[game] = dict(getattr(module, "PERSONA", {}))
        _PERSONAS = found
    return _PERSONAS


def persona_presets(game: str) -> list[str]:
    """Agent specs for a menu: the strategist at each end of every numeric persona parameter of ``game``.

    >>> persona_presets("co2")
    ['strategist:cooperation=0', 'strategist:cooperation=1']
    """
    out = []
    for name, param in persona_params().get(game, {}).items():
        if param.choices is not None:
            out += [f"strategist:{name}={c}" for c in param.choices]
        elif param.lo is not None and param.hi is not None:
            out += [f"strategist:{name}={param.lo:g}", f"strategist:{name}={param.hi:g}"]
    return out


class _Weight(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    value: float
    doc: str
    range: tuple[float, float] | None = None  # [lo, hi] a tuner may move the value in


class WeightsFile(msgspec.Struct, kw_only=True):
    """A strategist weights file; its other top-level keys (``doc``, ``tuned`` …) are notes for people."""

    weights: Annotated[dict[str, Any], Meta(min_length=1)]  # each value read as a ``_Weight`` by load_weights


def load_weights(path: Path | str) -> dict[str, dict[str, Any]]:
    """Read a strategist weights file: ``{"weights": {name: {"value": x, "doc": ..., "range": [lo, hi]}}}``.

    Returns ``{name: {"value": float, "doc": str, "range": (lo, hi) | None}}``. The file is the package's own
    data; it is still read with a size cap and checked field by field (``WeightsFile``): an error names the
    field (``w.json: weights.vp.range: …``).
    """
    path = Path(path)
    with open(path, "rb") as fh:
        raw = fh.read(_MAX_WEIGHTS_BYTES + 1)
    if len(raw) > _MAX_WEIGHTS_BYTES:
        raise ValueError(f"{path.name}: a weights file is at most {_MAX_WEIGHTS_BYTES} bytes")
    weights = decode_json(raw, WeightsFile, path.name).weights
    table = convert_values(weights, _Weight, path.name, "weights")  # its errors name the weight
    for name, w in table.items():
        _check_weight(w, f"weights.{name}", path.name)
    return {name: {"value": w.value, "doc": w.doc, "range": w.range} for name, w in table.items()}


def _check_weight(w: _Weight, field: str, what: str) -> None:
    """The value inside its range, when it has one (msgspec's JSON decoder refuses non-finite numbers)."""
    if w.range is not None and not w.range[0] <= w.value <= w.range[1]:
        raise field_error(what, f"{field}.range", f"must be [lo, hi] around the value {w.value:g}")


_DEFAULT_WEIGHTS: dict[str, dict[str, float]] = {}


def default_weights(game: str) -> dict[str, float]:
    """The shipped weights of ``game``'s strategist (``{}`` for a game without a strategy)."""
    if game not in _DEFAULT_WEIGHTS:
        module = strategy_module(game)
        table = load_weights(module.WEIGHTS_FILE) if module is not None else {}
        _DEFAULT_WEIGHTS[game] = {k: v["value"] for k, v in table.items()}
    return dict(_DEFAULT_WEIGHTS[game])


class StrategistAgent(Agent):
    """Plays with its game's plan (``SPEC.strategy``), shaped by persona parameters.

    ``StrategistAgent(cooperation=0.8)`` (by name ``"strategist:cooperation=0.8"``)
    sets a persona parameter; which parameters exist and their ranges are listed
    by :func:`persona_params` (and in ``ccg/agents/README.md``). A parameter
    applies to its own game only: playing another game with it raises a
    ValueError. ``weights`` (``{name: value}``) replaces some of the game's
    shipped weights — the tuning scripts use it. ``level`` (1–5, ``"strategist:level=2"``)
    makes it a player a student can choose, from easy to the strongest ccg has
    (:mod:`ccg.agents.levels`); without it, it is the plain strategist. Decisions are
    seeded: the same seed and position give the same action in every process.
    """

    name = "strategist"
    forced_without_view = True  # ``act`` returns a lone legal action at once

    def __init__(self, seed: int = 0, weights: Mapping[str, float] | None = None, level: int | None = None,
                 **persona: Any) -> None:
        super().__init__(seed)
        self.level = check_level(level)
        known = persona_params()
        checked: dict[str, Any] = {}
        for key, value in persona.items():
            owners = [g for g, params in known.items() if key in params]
            if not owners:
                listing = "; ".join(f"{g}: {', '.join(sorted(p)) or '(none)'}" for g, p in sorted(known.items()))
                raise ValueError(f"strategist has no parameter {key!r}. Persona parameters by game — {listing}"
                                 " (and 'weights', 'level')")
            checked[key] = known[owners[0]][key].check(key, value)
            for other in owners[1:]:  # the same name in two games: both must accept it
                known[other][key].check(key, value)
        if weights is not None:
            if not isinstance(weights, Mapping) or not all(
                    isinstance(k, str) and isinstance(v, (int, float)) and not isinstance(v, bool)
                    and math.isfinite(v) for k, v in weights.items()):
                raise ValueError(f"strategist weights must be a mapping of names to finite numbers, got {weights!r}")
            weights = dict(weights)
        self.persona = checked
        self.weights = weights
        self._rng = Rng(seed)
        self._planners: dict[str, Any] = {}

    def _config(self) -> dict[str, Any]:
        return {"weights": self.weights, "level": self.level, **self.persona}

    @property
    def label(self) -> str:
        shown = dict(sorted(self.persona.items()))
        if self.level is not None:
            shown = {"level": self.level, **shown}
        extra = ",".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}" for k, v in shown.items())
        return f"{self.name}({extra})" if extra else self.name

    def __getstate__(self) -> dict[str, Any]:  # planners are rebuilt in the worker that unpickles the agent
        state = dict(self.__dict__)
        state["_planners"] = {}
        return state

    def planner(self, game: str) -> Any:
        """The planner this agent uses for ``game`` (built once, with weights and persona checked)."""
        planner = self._planners.get(game)
        if planner is None:
            planner = self._planners[game] = self._build(game)
        return planner

    def _build(self, game: str) -> Any:
        module = strategy_module(game)
        own = dict(getattr(module, "PERSONA", {})) if module is not None else {}
        foreign = sorted(set(self.persona) - set(own))
        if foreign:
            takes = ", ".join(sorted(own)) or "no persona parameters"
            raise ValueError(f"strategist parameter(s) {', '.join(foreign)} do not apply to {game} (it takes {takes})")
        if module is None:
            if self.weights:
                raise ValueError(f"{game} has no strategist plan, so it takes no strategist weights")
            return _GreedyPlanner(GreedyAgent(samples=2, seed=self.seed))
        weights = default_weights(game)
        if self.weights:
            unknown = sorted(set(self.weights) - set(weights))
            if unknown:
                raise ValueError(f"unknown {game} strategist weight(s) {', '.join(unknown)}; known: "
                                 f"{', '.join(sorted(weights))}")
            weights.update({k: float(v) for k, v in self.weights.items()})
        persona = {k: p.default for k, p in own.items()}
        persona.update(self.persona)
        return module.make_planner(weights, persona)

    def act(self, state: GameState) -> Action:
        return self._decide(state)[0]

    def _decide(self, state: GameState) -> tuple[Action, bool]:
        """The move for ``state`` and whether the level's noise chose it at random (rather than the plan)."""
        legal = state.legal_actions()
        if not legal:
            raise ValueError("no legal actions: the game is over")
        if len(legal) == 1:
            return legal[0], False
        if self.level is not None:
            self.planner(state.game)  # a persona that does not apply to the game is an error before any move
            noise = level_of(state.game, self.level).noise
            if noise and self._rng.random() < noise:
                return legal[self._rng.below(len(legal))], True
        return self._planned(state), False

    def _planned(self, state: GameState) -> Action:
        """The move the game's plan chooses in ``state`` (this seat's view), as one of its legal actions."""
        seat = state.current_player
        if seat is None:
            raise ValueError("no seat to move: the game is over")
        action: Action = self.planner(state.game).choose(state, seat, self._rng)
        for candidate in state.legal_actions():
            if candidate[0] == action[0] and candidate[1] == action[1]:
                return candidate
        raise RuntimeError(f"the {state.game} strategist chose {action}, which is not legal here")  # a planner bug


    def explain(self, state: GameState) -> "Explanation":
        """Why this strategist plays what it plays in ``state``: the move ``act`` would return, the best
        alternatives it weighed and the value terms that decided between them (data, and plain sentences
        as ``str``). Built on this seat's view only; the agent's streams are left as they were, so
        ``act(state)`` afterwards plays the explained move."""
        if not state.legal_actions():
            raise ValueError("no legal actions: the game is over")
        seat = state.current_player
        assert seat is not None
        saved = self._rng.state, (self.__dict__["_view_rng"].state if "_view_rng" in self.__dict__ else None)
        try:
            view = self.seat_view(state)
            chosen, at_random = self._decide(view)
            planned = self._planned(view) if at_random else None  # what the plan would have played instead
        finally:
            self._rng.state = saved[0]
            if saved[1] is None:
                self.__dict__.pop("_view_rng", None)
            else:
                self.__dict__["_view_rng"].state = saved[1]
        planner = self.planner(state.game)
        hook = getattr(planner, "explain_options", None)
        if hook is not None:
            unit, options, *rest = hook(view, seat)  # (unit, options) or (unit, options, note)
            note = rest[0] if rest else ""
        else:
            unit, options = ex.one_ply_options(planner, view, seat)
            note = N_("This game's plan picks by its rules; the values are one move ahead.")
        explained = ex.build(view, seat, chosen, unit, options, note,
                             by_rules=getattr(planner, "explain_by_rules", hook is None))
        if planned is not None and self.level is not None:
            return ex.at_random(explained, view, planned, self.level, level_of(state.game, self.level).noise)
        return explained


class _GreedyPlanner:
    """The fallback for games without a strategy module: one ply on the game's heuristic."""

    def __init__(self, greedy: GreedyAgent) -> None:
        self.greedy = greedy

    def choose(self, state: GameState, seat: int, rng: Rng) -> Action:
        return self.greedy.act(state)
