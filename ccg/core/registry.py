"""Games are found by name and imported lazily (only when first used).

A game is a module (usually a package) that defines ``SPEC``, a :class:`GameSpec`. It becomes
known in one of three ways, none of which edits anything in ``ccg.core``:

* a subpackage of ``ccg.games`` (its package name is the game's name);
* an installed distribution's entry point in the ``ccg.games`` group
  (``[project.entry-points."ccg.games"] mygame = "mygame"`` in its pyproject.toml);
* at run time, ``register(SPEC)`` (typically at the end of the game's own module) or
  ``register(name, module)`` for a module imported on first use.
"""
from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import pkgutil
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, overload

from .rules import OptionSpec, RuleParam, unknown_name_error, validate_options
from .teaching import Gauge

if TYPE_CHECKING:
    from .glossary import Glossary
    from .state import GameState

GAMES_PACKAGE = "ccg.games"
ENTRY_POINT_GROUP = "ccg.games"

# name -> module that defines ``SPEC``: filled by discovery (once) and by ``register``
_MODULES: dict[str, str] = {}
_SPECS: dict[str, "GameSpec"] = {}
_discovered = False


@dataclass(frozen=True)
class GameSpec:
    """Everything the generic layers need to know about a game."""

    name: str
    title: str
    state_class: type[GameState]
    create: Callable[[int, int, dict[str, Any]], GameState]  # (players, seed, canonical options) -> state
    min_players: int
    max_players: int
    default_players: int
    options: Mapping[str, OptionSpec] = field(default_factory=dict)
    rules: Mapping[str, RuleParam] = field(default_factory=dict)
    # new_game kwargs the conformance suite plays (players included)
    conformance_configs: tuple[dict[str, Any], ...] = ({},)
    # extra per-game columns for ccg.simulate, from a finished state
    outcome: Callable[[GameState], dict[str, Any]] | None = None
    # outcome column -> its name in the rulebook's words for the result tables people download (the What-if's
    # CSV, ccg/analysis/labels.py); a key ending in "_" names every column it begins ("plants_": "plants
    # built: " + the rest). English, marked for the catalogs (N_). A column not named is spelled out
    outcome_labels: Mapping[str, str] = field(default_factory=dict)
    # a safety net for random play; reaching it is reported, never silent
    max_actions: int = 100_000
    # heuristic(state, seat) -> float, higher is better for seat; used by GreedyAgent and MCTS
    heuristic: Callable[[GameState, int], float] | None = None
    # heuristics(state) -> [heuristic(state, p) for every seat p], computed in one pass (optional, for
    # speed: MCTS scores every seat at each leaf); tests check it equals the per-seat heuristic
    heuristics: Callable[[GameState], list[float]] | None = None
    # the module of the game's strategist plan (PERSONA, WEIGHTS_FILE, make_planner): see
    # ccg/agents/strategist.py; None: the strategist falls back to one ply on ``heuristic``
    strategy: str | None = None
    # trajectory(state) -> dict for ccg.simulate(trajectories=True), in one of two shapes:
    #   * scalar metrics of the current position ({"cash_0": 30, ...}): recorded after every action;
    #   * the game's own table so far, a dict of equal-length lists with an index key (CO2's per-decade
    #     rows): read once from the final state. See ccg/analysis/jobs.py (TrajectoryRecorder).
    trajectory: Callable[[GameState], dict[str, Any]] | None = None
    # the module of the game's action universe and observation tensor (``make_encoding(state)``, see
    # ccg/core/encoding.py); None: no action indices, masks or tensors (ccg.env needs them)
    encoding: str | None = None
    # (label, new_game kwargs) the environment docs print (``python -m ccg.env.fields``): the first one's
    # tensor field by field (at its ``players``), and for each a row per player count in the sizes table
    documented_configs: tuple[tuple[str, dict[str, Any]], ...] = ()
    # the module with chance the generator does not see (``outcomes(state, action)``) and readable
    # outcome labels (``label(state, action, child)``), both optional: see ccg/core/chance.py
    chance: str | None = None
    # milestones(state) -> {name: value} of the game's progress counters (round, decade, phase …), in
    # the order a UI offers them; "play to the next <name>" plays until that value changes. Read
    # after every move: keep it cheap (no serialisation). None: the game has no milestones.
    milestones: Callable[[GameState], Mapping[str, int | str]] | None = None
    # new_game kwargs benchmarks/run.py measures (players included); empty: ``conformance_configs``
    benchmark_configs: tuple[dict[str, Any], ...] = ()
    # the module of the game's named position editor (an ``Editor(state)`` class, see ccg/core/edit.py) and
    # of its board map, the read-only description of its board (``board_map(state_or_None)``); None:
    # ``ccg.edit`` / ``ccg.board_of`` refuse
    edit: str | None = None
    board_map: str | None = None
    # the module of the game's plain-language moves (``describe(state, action) -> (sentence, rule id)``,
    # see ccg/core/describe.py); None: ``state.describe_action`` gives a marked fallback (the notation)
    describe: str | None = None
    # the module of the game's board drawing: ``board(state, seat=None) -> plotly Figure`` (seat: only what that
    # seat may see), optional ``SEAT_NAMES`` / ``SEAT_COLOURS``; see ccg/plot/README.md. None: no board drawing
    plot: str | None = None
    # the prefixes of the game's rule ids ("CO2"; Catan with Oil Springs: "CAT", "OIL"): a rule a description
    # cites starts with one of them, and tests/test_rule_ids.py reads them (see ccg/core/rulebook.py)
    rule_prefixes: tuple[str, ...] = ()
    # where a game outside ccg keeps its numbered rules digest, "package:path/in/package.md" (read as package
    # data); None: ccg's digests (docs/rules/*.md)
    rules_digest: str | None = None
    # option -> the named values an OpenSpiel game parameter may give it, for every option that may name a
    # file (empty: not a parameter at all): a serialized game string must never make the loader open a path
    file_options: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # action kinds whose arguments only the mover may read (a card kept in a draft): another seat's move log
    # shows "<kind> ?". Must agree with the state's ``_secret_action`` (the conformance suite checks)
    secret_moves: tuple[str, ...] = ()
    # secret_view(state, seat) -> [(label, text)]: what only ``seat`` sees (its hand, its goal) in words,
    # built from ``state.observation(seat)`` and public component data; None: the generic reading of the
    # observation (ccg/core/secrets.py). The conformance suite checks it reveals nothing else
    secret_view: Callable[[GameState, int], list[tuple[str, str]]] | None = None
    # the module of the game's debrief metrics for a class's finished games (see ccg/analysis/debrief.py);
    # None: the debrief shows only the generic columns (scores, winners)
    debrief: str | None = None
    # gauge(state, seat) -> Gauge | None: the shared stock a class watches (CO2 in the atmosphere, a carbon
    # budget), from what ``seat`` sees (None: the referee); the classroom shows it on every seat's page and on
    # the teacher's overview (see ccg/core/teaching.py). None: no gauge
    gauge: Callable[[GameState, int | None], Gauge | None] | None = None
    # result(state, seat) -> the game's own sentence for a finished game the generic "you win" / "won by …" /
    # "nobody wins" would not tell ("the planet is lost: everyone loses"), else None
    result: Callable[[GameState, int | None], str | None] | None = None
    # the module of the game's classroom lesson (``LESSON``, a ccg.core.teaching.Lesson: role briefings, the
    # 45-minute plan, questions, exit ticket); None: a generic lesson
    lesson: str | None = None
    # the game's words in the player's language (a ccg.core.glossary.Glossary, usually from its glossary.py):
    # its translated title, the names of its things by engine id (ccg.core.glossary.term) and the titles of its
    # rules' sections (ccg.core.rulebook.rule_title heads rule help with them). None: the English ``title``, no
    # names, rule help without a section title
    glossary: Glossary | None = None


def _discover() -> None:
    """Find the games of ``ccg.games`` and of installed entry points (once; imports no game)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    games = importlib.import_module(GAMES_PACKAGE)
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda i: i.name):
        if info.ispkg:
            _MODULES.setdefault(info.name, f"{GAMES_PACKAGE}.{info.name}")
    for entry in sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        _MODULES.setdefault(entry.name, entry.value)


@overload
def register(game: GameSpec, module: str | None = None) -> None: ...
@overload
def register(game: str, module: str) -> None: ...
def register(game: GameSpec | str, module: str | None = None) -> None:
    """Make a game known: ``register(SPEC)`` from the game's own module, or ``register(name, module)``.

    ``module`` is where ``SPEC`` lives, imported on first use (and by worker processes of
    ``ccg.simulate``); for ``register(SPEC)`` it defaults to the module of ``SPEC.state_class``.
    Registering a name again replaces the earlier game.
    """
    if isinstance(game, GameSpec):
        _MODULES[game.name] = module or game.state_class.__module__
        _SPECS[game.name] = game
        return
    if not isinstance(game, str) or not isinstance(module, str):
        raise ValueError(f"register(SPEC) or register(name, module): got {game!r}, {module!r}")
    _MODULES[game] = module
    _SPECS.pop(game, None)


def game_module(name: str) -> str:
    """The module that defines the ``SPEC`` of the game ``name``."""
    _discover()
    if name not in _MODULES:
        raise unknown_name_error("game", name, list_games())
    return _MODULES[name]


def list_games() -> list[str]:
    """Names of the games that are installed, sorted."""
    _discover()
    out = []
    for name, module in _MODULES.items():
        if name in _SPECS:
            out.append(name)
            continue
        try:
            found = importlib.util.find_spec(module) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            out.append(name)
    return sorted(out)


def get_spec(name: str) -> GameSpec:
    """The GameSpec of a registered game (imports it on first use)."""
    if not isinstance(name, str):
        raise ValueError(f"a game is named by text (one of {', '.join(list_games())}), got {type(name).__name__}")
    spec = _SPECS.get(name)
    if spec is not None:
        return spec
    if name not in list_games():
        raise unknown_name_error("game", name, list_games())
    module = importlib.import_module(_MODULES[name])
    spec = _SPECS.get(name) or module.SPEC  # importing the module may have registered it
    if spec.name != name:
        raise ValueError(f"the module {_MODULES[name]} registered as game {name!r} defines SPEC.name {spec.name!r}")
    _SPECS[name] = spec
    return spec


def check_players(spec: GameSpec, players: Any) -> int:
    if players is None:
        return spec.default_players
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, got {players!r}")
    if not spec.min_players <= players <= spec.max_players:
        raise ValueError(
            f"{spec.title} is for {spec.min_players}–{spec.max_players} players, got {players}"
        )
    return players


def check_seed(seed: Any) -> int:
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number (or None for a fresh one), got {seed!r}")
    return seed


def new_game(name: str, players: int | None = None, seed: int | None = None, **options: Any) -> GameState:
    """Start a game.

    >>> s = new_game("chicago_express", players=4, seed=1)

    ``players`` defaults to the game's usual count; ``seed=None`` draws a fresh
    seed (stored in the state, so the game still replays). Options are per
    game (see ``ccg.describe(name)``); unknown ones raise ValueError.
    """
    spec = get_spec(name)
    players = check_players(spec, players)
    seed = check_seed(seed)
    canonical = validate_options(spec.name, spec.options, options)
    return spec.create(players, seed, canonical)
