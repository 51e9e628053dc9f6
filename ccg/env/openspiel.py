"""OpenSpiel Python games: importing this module registers ``python_ccg_<game>`` for every game with an encoding.

>>> import pyspiel, ccg.env.openspiel
>>> game = pyspiel.load_game("python_ccg_chicago_express", {"players": 3, "seed": 7})

Game parameters: ``players``, ``seed`` (the setup's seed: map, decks, first player; default 0),
each scalar option of the game (Catan ``scenario``/``layout`` — named layouts only —, CO2
``variant``/``auction``/``draft``; ``""`` stands for None) and every rule of ``ccg.describe(game)``
as ``rule.<name>`` (a value equal to the printed rule is no override). An option that may name a file
is declared by its game (``GameSpec.file_options``: CO2 ``components``, a Catan layout file) and offered
only with the named values declared there, if any: a serialized game string must never make the loader
open a path.

Chance (``EXPLICIT_STOCHASTIC`` for CO2 and Catan): after a decision whose result is random, the
state is a chance node whose outcomes are :func:`ccg.core.chance.chance_outcomes` with their exact
probabilities (Catan: the roll's 11 sums, the card a steal takes, the development card a purchase
draws, the disaster's hex; CO2: the solo project draw). An action whose chance is too large to list
is played with the state's own generator (none in the shipped games). Face-down stacks shuffled at
setup (CO2's decks) are hidden information, resampled by ``resample_from_infostate``
(``state.determinize``). Chicago Express has no chance and no hidden information: ``DETERMINISTIC``,
``PERFECT_INFORMATION``.

Observation and information state: the tensor is ``observation_tensor(player)``; the string is the
canonical JSON of ``observation(player)``. ccg's observation is a Markov summary, so the
information state is *not* perfect recall: two histories that look the same now share it (fine for
IS-MCTS, which keys its tree on it; not for algorithms that need perfect recall, such as CFR).

Returns: ``state.returns()`` at the end (1 shared by the winners, 0 otherwise), general-sum.

States are immutable ccg states behind a shared holder: a clone copies a reference, serialization
stores the position's JSON (OpenSpiel's Python-game serializer pickles the state's attributes; only
deserialize strings you produced).
"""
from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ccg.core import load_state
from ccg.core.chance import LIMIT, ChanceOutcome, chance_outcomes
from ccg.core.encoding import encoded_games, encoding_for
from ccg.core.registry import get_spec, new_game

PREFIX = "python_ccg_"


def _held_from_json(text: str) -> "_Held":
    return _Held(load_state(text))


class _Held:
    """A ccg state that is never mutated, shared by every OpenSpiel state that holds it."""

    __slots__ = ("state", "cache")

    def __init__(self, state) -> None:
        self.state = state
        self.cache: dict = {}

    def __deepcopy__(self, memo) -> "_Held":
        return self

    def __reduce__(self):
        return _held_from_json, (self.state.to_json(),)


# ---- parameters ----------------------------------------------------------------------------------------
def _param_default(value: Any) -> Any:
    return "" if value is None else value


def parameter_specification(game: str) -> dict:
    spec = get_spec(game)
    params: dict[str, Any] = {"players": spec.default_players, "seed": 0}
    for name, opt in spec.options.items():
        if name == "rules" or (name in spec.file_options and not spec.file_options[name]):
            continue
        if name in spec.file_options:  # only its named values (see the module docstring)
            params[name] = _param_default(opt.default) if isinstance(opt.default, str) else ""
            continue
        if opt.default is None or isinstance(opt.default, (bool, int, float, str)):
            params[name] = _param_default(opt.default)
    for name, rule in spec.rules.items():
        params[f"rule.{name}"] = rule.default
    return params


def ccg_arguments(game: str, params: dict) -> tuple[int, int, dict]:
    """(players, seed, options) for ``ccg.new_game`` from OpenSpiel game parameters."""
    spec = get_spec(game)
    defaults = parameter_specification(game)
    unknown = set(params) - set(defaults)
    if unknown:
        raise ValueError(f"unknown parameters for {PREFIX}{game}: {sorted(unknown)}")
    merged = dict(defaults, **params)
    options: dict[str, Any] = {}
    rules: dict[str, Any] = {}
    for key, value in merged.items():
        if key in ("players", "seed"):
            continue
        if key.startswith("rule."):
            name = key[5:]
            if value != spec.rules[name].default:
                rules[name] = value
            continue
        named = spec.file_options.get(key)
        if named is not None and value not in ("",) + named:
            raise ValueError(f"{key} must be one of {', '.join(named)} (or empty), got {value!r}")
        if value == "":
            value = None
        if value != spec.options[key].default:
            options[key] = value
    if rules:
        options["rules"] = rules
    return int(merged["players"]), int(merged["seed"]), options


# ---- the game ---------------------------------------------------------------------------------------------
def _game_type(game: str) -> pyspiel.GameType:
    spec = get_spec(game)
    hidden = spec.state_class.hidden_information
    chance = spec.chance is not None
    return pyspiel.GameType(
        short_name=PREFIX + game,
        long_name=f"ccg {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game),
    )


class CcgGame(pyspiel.Game):
    """One configuration of a ccg game as an OpenSpiel game (see the module docstring).

    :func:`register_all` makes one subclass per game (``GAME_CLASSES``) with ``ccg_game`` set: OpenSpiel
    keeps the registered creator until the interpreter exits, and a class (unlike a closure) is released
    cleanly then.
    """

    ccg_game = ""

    def __init__(self, params: dict | None = None) -> None:
        game = self.ccg_game
        players, seed, options = ccg_arguments(game, dict(params or {}))
        self.initial = new_game(game, players=players, seed=seed, **options)
        self.encoding = encoding_for(self.initial)
        spec = get_spec(game)
        self.stochastic = spec.chance is not None
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=LIMIT if self.stochastic else 0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=spec.max_actions,
        )
        super().__init__(_game_type(game), info, dict(params or {}))

    def new_initial_state(self) -> "CcgState":
        return CcgState(self, _Held(self.initial))

    def make_py_observer(self, iig_obs_type=None, params=None) -> "CcgObserver":
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return CcgObserver(self.encoding)


class CcgState(pyspiel.State):
    """An OpenSpiel state over an immutable ccg state (``ccg_state`` gives a copy)."""

    def __init__(self, game: CcgGame, held: _Held) -> None:
        super().__init__(game)
        self._held = held
        self._pending: str | None = None  # notation of the decision whose chance outcome comes next

    # only _held and _pending live in the instance: OpenSpiel copies and pickles the instance's attributes
    @property
    def _encoding(self):
        return self.get_game().encoding

    # ---- what OpenSpiel asks -------------------------------------------------------------------------
    @property
    def ccg_state(self):
        """A copy of the ccg state (before the pending chance outcome, at a chance node)."""
        return self._held.state.clone()

    def current_player(self) -> int:
        state = self._held.state
        if state.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self._pending is not None:
            return pyspiel.PlayerId.CHANCE
        return state.current_player

    def _legal(self) -> dict:
        """index -> legal Action of the held state (built once per held state)."""
        cache = self._held.cache
        legal = cache.get("legal")
        if legal is None:
            index = self._encoding.index
            pairs = sorted((index[str(a)], a) for a in self._held.state.legal_actions() if str(a) in index)
            legal = cache["legal"] = dict(pairs)
        return legal

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._legal())

    def _outcomes(self) -> list[ChanceOutcome]:
        """The outcomes of the pending decision (listed when it was chosen, so never too many to list)."""
        pending = self._pending
        if pending is None:
            raise RuntimeError("no chance outcome is pending")
        key = ("outcomes", pending)
        cache = self._held.cache
        outs = cache.get(key)
        if outs is None:
            outs = chance_outcomes(self._held.state, pending)
            if outs is None:
                raise RuntimeError(f"{pending}: too many chance outcomes to list")
            cache[key] = outs
        return outs

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(k, o.probability) for k, o in enumerate(self._outcomes())]

    def _apply_action(self, action: int) -> None:
        if self._pending is not None:
            self._held = _Held(self._outcomes()[action].state)
            self._pending = None
            return
        state = self._held.state
        chosen = self._legal().get(action)
        if chosen is None:
            chosen = self._encoding.action_from_index(state, action)  # raises the clear error
        if not self.get_game().stochastic:
            child = state.child(chosen)
            if child.rng.state != state.rng.state:
                raise RuntimeError(f"{state.game} declares no chance (SPEC.chance is None) but {chosen} drew")
            self._held = _Held(child)
            return
        outs = chance_outcomes(state, chosen)
        if outs is None:  # too large to list: the state's own generator decides
            self._held = _Held(state.child(chosen))
        elif len(outs) == 1:
            self._held = _Held(outs[0].state)
        else:
            self._pending = str(chosen)
            self._held.cache[("outcomes", self._pending)] = outs

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._outcomes()[action].label
        return self._encoding.notation(action)

    def is_terminal(self) -> bool:
        return self._held.state.is_terminal()

    def returns(self) -> list[float]:
        state = self._held.state
        if not state.is_terminal():
            return [0.0] * state.num_players
        return [float(x) for x in state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "CcgState":
        """A state consistent with ``player_id``'s information: ``determinize`` with a seed drawn from
        ``probability_sampler`` (a callable returning a float in [0, 1))."""
        seed = int(probability_sampler() * (1 << 53))
        new = CcgState(self.get_game(), _Held(self._held.state.determinize(player_id, seed)))
        new._pending = self._pending
        return new

    def __str__(self) -> str:
        text = str(self._held.state)
        return text if self._pending is None else text + f"\n(chance: the outcome of {self._pending})"


class CcgObserver:
    """OpenSpiel's Python observer: the observation tensor and its JSON string (see the module docstring)."""

    def __init__(self, encoding) -> None:
        self.encoding = encoding
        self.tensor = np.zeros(encoding.tensor_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CcgState, player: int) -> None:
        cache = state._held.cache
        key = ("tensor", player)
        x = cache.get(key)
        if x is None:
            x = cache[key] = self.encoding.observation_tensor(state._held.state, player)
        self.tensor[:] = x

    def string_from(self, state: CcgState, player: int) -> str:
        cache = state._held.cache
        key = ("string", player)
        text = cache.get(key)
        if text is None:
            obs = state._held.state.observation(player)
            text = cache[key] = json.dumps(obs, sort_keys=True, separators=(",", ":"))
        return text


GAME_CLASSES: dict[str, type] = {}


def register_all() -> list[str]:
    """Register every game with an encoding (idempotent); the registered short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game in encoded_games():
        name = PREFIX + game
        if name not in registered:
            cls = GAME_CLASSES[game] = type(f"CcgGame_{game}", (CcgGame,), {"ccg_game": game})
            pyspiel.register_game(_game_type(game), cls)
        names.append(name)
    return names


GAMES = register_all()


def play(state: pyspiel.State, bots: list, rng: np.random.RandomState) -> list[float]:
    """Play ``state`` to its end with one OpenSpiel bot per player; the returns.

    Chance outcomes are drawn from ``rng`` with their exact probabilities; each decision is
    ``bots[player].step(state)``. This is the loop for bots that ``evaluate_bots`` cannot drive: it calls
    ``bot.restart_at(state)`` first, which ``ISMCTSBot`` does not implement ("RestartAt(state) not
    implemented"), while ``step`` alone is all ISMCTS needs (it searches afresh from each state).
    """
    if len(bots) != state.num_players():
        raise ValueError(f"one bot per player needed: {state.num_players()} players, {len(bots)} bots")
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return list(state.returns())
