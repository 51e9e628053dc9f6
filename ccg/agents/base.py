"""The agent protocol and the factory that turns names into agents."""
from __future__ import annotations

import functools
import inspect
from typing import Any, Callable, Iterable

from ..core.action import Action
from ..core.rng import Rng
from ..core.rules import unknown_name_error
from ..core.state import GameState


class Agent:
    """Base class: ``act(state)`` returns a legal action for ``state.current_player``.

    Fair by construction: every ``act`` of every subclass is handed a *seat view* of the position,
    never the real state — ``state.determinize(seat, seed)`` for the seat to move, with a seed drawn
    from the agent's own stream. The view holds what that seat may see and a sample of the rest; its
    seed and history do not replay to the real hidden cards or the real future. A subclass meant to
    see everything (a referee's tool, a test's cheater) sets the class attribute ``referee = True``.
    A state that already is a view (a search's own determinization) is passed on as it is.

    Agents never mutate the state they are given. They are seeded; ``spawn(seed)``
    returns an equally configured agent with a new seed, which is how
    simulations give every game its own reproducible stream. Subclasses take
    their configuration as keyword arguments and return it from ``_config()``.
    """

    name = "agent"
    referee = False  # True: ``act`` gets the real state (sees every hidden card and the future)
    # True: ``act`` returns the only legal action, when there is one, without drawing from its own streams;
    # the view is then not built (the seat's own legal actions are what it may know) — the view stream
    # still advances, so games are the same either way
    forced_without_view = False

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"an agent's seed must be a whole number, got {seed!r}")
        self.seed = seed

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("act")
        if own is not None and not getattr(own, "_hands_a_seat_view", False):
            cls.act = _seat_view_act(own)  # type: ignore[method-assign,assignment]

    def act(self, state: GameState) -> Action:  # pragma: no cover - abstract
        raise NotImplementedError

    def seat_view(self, state: GameState) -> GameState:
        """What this agent's ``act`` is handed for ``state``: a seat view for the seat to move
        (the state itself if it already is a view, or for a ``referee`` agent)."""
        if self.referee or (isinstance(state, GameState) and state.view_seat is not None):
            return state
        seat = state.current_player
        if seat is None:
            return state  # a finished game: nothing to decide, nothing hidden any more
        return state.determinize(seat, self._next_view_seed())

    def _next_view_seed(self) -> int:
        rng = self.__dict__.get("_view_rng")
        if rng is None:
            rng = self.__dict__["_view_rng"] = Rng(self.seed ^ _VIEW_STREAM)
        return rng.next64()

    def spawn(self, seed: int) -> "Agent":
        """A fresh agent with the same configuration and a new seed."""
        return type(self)(**{**self._config(), "seed": seed})

    def _config(self) -> dict[str, Any]:
        return {}

    @property
    def label(self) -> str:
        """Short description for tables: the name plus non-default settings."""
        return self.name

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in {**self._config(), "seed": self.seed}.items())
        return f"{type(self).__name__}({args})"


_VIEW_STREAM = 0x5EA7_71E4_F00D_C0DE  # the view seeds' stream differs from the agent's own choices


def _seat_view_act(act: Callable[[Any, GameState], Action]) -> Callable[[Any, GameState], Action]:
    """``act`` handed the agent's seat view of the state instead of the state itself."""

    @functools.wraps(act)
    def viewed(self: Agent, state: GameState) -> Action:
        if self.forced_without_view and not self.referee and isinstance(state, GameState) \
                and state.view_seat is None and state.current_player is not None:
            legal = state.legal_actions()
            if len(legal) == 1:
                self._next_view_seed()
                return legal[0]
        view = self.seat_view(state)
        action = act(self, view)
        if view is not state and isinstance(view, GameState) and isinstance(action, Action):
            for candidate in state.legal_actions():  # the real state's own Action (a view's may differ in ``where``)
                if candidate[0] == action[0] and candidate[1] == action[1]:
                    return candidate
        return action

    viewed._hands_a_seat_view = True  # type: ignore[attr-defined]
    return viewed


# name -> the agent class, or the name of a class in ``ccg.agents`` (looked up when first used,
# which keeps this module free of imports from its subclasses' modules)
_NAMES: dict[str, "type[Agent] | str"] = {
    "random": "RandomAgent", "greedy": "GreedyAgent", "mcts": "MCTSAgent", "strategist": "StrategistAgent",
}
# The player of a seat nobody chose: ccg.simulate / ccg.sweep / what-if without ``agents=``, the
# Table's computer seats and helper, the apps' bots. The strategist plays each game's own plan at 0.2-0.9 ms
# CPU per decision by game and machine, so the answers come from players whose behaviour is measured
# (BENCHMARKS.md, "Strategist mechanics and cost" and "Agents' behaviour"); "random" stays available by name.
DEFAULT_AGENT = "strategist"
# a bare number after "name:" sets this parameter, e.g. "mcts:200" -> iterations=200
_SHORTHAND: dict[str, str] = {"mcts": "iterations", "greedy": "samples"}


def register_agent(name: str, agent_class: "type[Agent] | str", shorthand: str | None = None) -> None:
    """Make ``name`` usable in ``agents=[...]`` lists and on the command line.

    ``agent_class`` is an :class:`Agent` subclass (or the name of one in
    ``ccg.agents``). ``shorthand`` names the keyword a bare number sets, as
    ``"mcts:200"`` sets ``iterations``. For worker processes and Dask the class
    must be importable (defined in a module, not in a notebook cell).
    """
    key = name.strip().lower() if isinstance(name, str) else name
    if not isinstance(key, str) or not key or ":" in key:
        raise ValueError(f"an agent name must be a non-empty word without ':', got {name!r}")
    if isinstance(agent_class, str):
        from .. import agents as package  # the package (it imports this module) holds the named classes

        if not isinstance(getattr(package, agent_class, None), type):
            raise ValueError(f"ccg.agents has no agent class {agent_class!r}")
    elif not (isinstance(agent_class, type) and issubclass(agent_class, Agent)):
        raise ValueError(f"register_agent needs an Agent subclass, got {agent_class!r}")
    _NAMES[key] = agent_class
    if shorthand:
        _SHORTHAND[key] = shorthand
    else:
        _SHORTHAND.pop(key, None)


def registrations(specs: Iterable[Any]) -> tuple[tuple[str, type[Agent], str | None], ...]:
    """The run-time registrations ``(name, class, shorthand)`` the agent names in ``specs`` rely on.

    Built-in agents are registered by class name in every process; a class
    registered with :func:`register_agent` exists only in the process that
    registered it, so jobs carry these to worker processes
    (:func:`restore_registrations` there)."""
    out = []
    for spec in specs:
        if isinstance(spec, str):
            name = _agent_key(spec)
            cls = _NAMES.get(name)
            if isinstance(cls, type):
                out.append((name, cls, _SHORTHAND.get(name)))
    return tuple(dict.fromkeys(out))


def restore_registrations(registered: Iterable[tuple[str, type[Agent], str | None]]) -> None:
    """Register again, in this process, what :func:`registrations` collected elsewhere."""
    for name, cls, shorthand in registered:
        if _NAMES.get(name) is not cls:
            register_agent(name, cls, shorthand)


def agent_names() -> list[str]:
    """The names ``make_agent`` understands."""
    return sorted(_NAMES)


def _value(text: str) -> Any:
    low = text.strip().lower()
    if low in {"none", "null"}:
        return None
    if low in {"true", "false"}:
        return low == "true"
    try:
        return int(low)
    except ValueError:
        pass
    try:
        return float(low)
    except ValueError:
        return text.strip()


def _agent_key(spec: str) -> str:
    """The agent name in a spec: ``"MCTS:200"`` -> ``"mcts"``."""
    return spec.strip().split(":")[0].strip().lower()


def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts"``, ``"mcts:200"``, ``"mcts:seconds=0.5:rollout_depth=none"`` -> (name, kwargs).

    Raises ValueError naming the problem.
    """
    parts = spec.strip().split(":")
    key = _agent_key(spec)
    if key not in _NAMES:
        raise unknown_name_error("agent", parts[0].strip(), _NAMES)
    kwargs: dict[str, Any] = {}
    for part in parts[1:]:
        if "=" in part:
            k, v = part.split("=", 1)
            kwargs[k.strip().lower()] = _value(v)
        elif key in _SHORTHAND and part.strip():
            kwargs[_SHORTHAND[key]] = _value(part)
        else:
            raise ValueError(f"agent {spec!r}: expected name:key=value, got {part!r}")
    if "seed" in kwargs:
        raise ValueError(f"agent {spec!r}: seeds are given by the simulation, not in the agent spec")
    return key, kwargs


def make_agent(spec: Any, seed: int) -> Agent:
    """An agent from a name ('random', 'mcts:200'), an Agent instance (re-seeded) or an Agent class."""
    from .. import agents as package  # the package (it imports this module) holds the named classes

    if isinstance(spec, Agent):
        return spec.spawn(seed)
    if isinstance(spec, type) and issubclass(spec, Agent):
        return spec(seed=seed)
    if isinstance(spec, str):
        key, kwargs = parse_agent_spec(spec)
        cls = _NAMES[key]
        if isinstance(cls, str):
            cls = getattr(package, cls)
        try:
            return cls(**kwargs, seed=seed)
        except TypeError as exc:  # an unknown keyword
            raise ValueError(f"agent {spec!r}: {exc}") from None
    raise ValueError(f"an agent must be a name, an Agent or an Agent class, got {spec!r}")


def agent_label(spec: Any) -> str:
    """A short, stable text for an agent spec (used in result tables)."""
    if isinstance(spec, str):
        return spec.strip().lower()
    if isinstance(spec, Agent):
        defaults = {
            k: p.default for k, p in inspect.signature(type(spec).__init__).parameters.items()
            if p.default is not inspect.Parameter.empty
        }
        cfg = ", ".join(
            f"{k}={getattr(v, '__name__', v)}" for k, v in spec._config().items()
            if k not in defaults or defaults[k] != v
        )
        return f"{spec.name}({cfg})" if cfg else spec.name
    if isinstance(spec, type) and issubclass(spec, Agent):
        return spec.name
    return repr(spec)
