"""CO2 (Vital Lacerda, 2012): every rule of rules/co2.md on the ccg protocol.

>>> import ccg
>>> s = ccg.new_game("co2", players=4, seed=1)
>>> s.legal_actions()[:2]

Options: ``variant`` ("random", "beginner", "normal", "expert", "extreme"),
``auction``, ``draft``, ``components`` (a TOML file's path, or its data as a dict: the game
stores the validated data, never the path; data breaking a printed fact is refused unless
``unprinted_components=True``), ``rules`` (overrides of ``ccg.games.co2.params.RULES``).
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ccg.core import GameSpec, OptionSpec, rules_option
from ccg.core.native import use_fresh_build

# Co2State, compiled with mypyc together with GameState and the CO2 strategist (build_native.py): True when
# the compiled module runs, False when its source does
NATIVE = use_fresh_build(__name__, Path(__file__).resolve().parent)

from .data import components_data, load_components, read_components_file  # noqa: E402
from .glossary import GLOSSARY  # noqa: E402
from .hooks import OUTCOME_LABELS, gauge, heuristic, milestones, outcome, result, trajectory, trajectory_frame  # noqa: E402
from .params import RULES, check_rule_values  # noqa: E402
from .private import secret_view  # noqa: E402
from .setup import create  # noqa: E402
from .state import Co2State  # noqa: E402


def _check_components(value):
    """new_game: a path is read once (a regular file, size-capped); the option keeps the data."""
    if value is None:
        return None
    if isinstance(value, (str, os.PathLike)):
        return read_components_file(value)
    if isinstance(value, Mapping):
        return components_data(value)
    raise ValueError(f"option 'components' must be a path to a TOML file or component data (a dict), "
                     f"got {type(value).__name__}")


def _check_saved_components(value):
    """A saved position or record carries the data itself: a path there is refused, never opened."""
    if value is None:
        return None
    if isinstance(value, Mapping):
        return components_data(value)
    raise ValueError("option 'components': a saved position carries the component data itself, never a file "
                     f"path; got {type(value).__name__}")


def _check_bool(name):
    def check(value):
        if not isinstance(value, bool):
            raise ValueError(f"option {name!r} must be true or false, got {value!r}")
        return value
    return check


OPTIONS = {
    "variant": OptionSpec("random", "starting fossil plants: random setup or a preset (CO2-17.1)",
                          choices=("random", "beginner", "normal", "expert", "extreme")),
    "auction": OptionSpec(False, "first-player auction each decade (CO2-17.2)", check=_check_bool("auction")),
    "draft": OptionSpec(False, "lobby card draft at setup (CO2-2.18.1)", check=_check_bool("draft")),
    "components": OptionSpec(None, "a component TOML file (path) or its data (default: the shipped "
                                   "reconstruction); the game keeps the validated data",
                             check=_check_components, check_saved=_check_saved_components),
    "unprinted_components": OptionSpec(
        False, "load component data that breaks a confirmed printed fact (docs/co2_components.md), for "
               "experiments; without it such data is refused, naming the fact",
        check=_check_bool("unprinted_components")),
    "rules": rules_option(RULES, "rule parameter overrides, e.g. {'ppm.coal': 50}", check_rule_values),
}

SPEC = GameSpec(
    name="co2",
    title="CO2",
    state_class=Co2State,
    create=create,
    min_players=1,
    max_players=5,
    default_players=4,
    options=OPTIONS,
    rules=RULES,
    conformance_configs=(
        {"players": 1},
        {"players": 2, "variant": "beginner", "draft": True},
        {"players": 3, "variant": "expert", "auction": True},
        {"players": 4},
        {"players": 4, "variant": "normal", "auction": True, "draft": True},
        {"players": 5, "variant": "extreme"},
    ),
    outcome=outcome,
    outcome_labels=OUTCOME_LABELS,
    max_actions=20_000,
    heuristic=heuristic,
    strategy="ccg.games.co2.strategy",
    trajectory=trajectory,
    milestones=milestones,
    benchmark_configs=({"players": 4},),
    encoding="ccg.games.co2.encoding",
    documented_configs=(("CO2", {"players": 3}),),
    chance="ccg.games.co2.chance",
    describe="ccg.games.co2.describe",
    edit="ccg.games.co2.edit",
    board_map="ccg.games.co2.board_map",
    plot="ccg.plot.co2",
    rule_prefixes=("CO2",),
    file_options={"components": ()},  # a component file or data: never an OpenSpiel parameter
    secret_moves=("keep",),  # CO2-2.18.1: the card kept in the draft is secret ("keep" alone is a scientist)
    secret_view=secret_view,
    debrief="ccg.games.co2.debrief",
    gauge=gauge,
    result=result,
    lesson="ccg.games.co2.lesson",
    glossary=GLOSSARY,
)

__all__ = ["SPEC", "Co2State", "RULES", "load_components", "trajectory_frame"]
