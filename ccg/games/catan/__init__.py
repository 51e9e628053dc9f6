"""Catan (base game 3-6 players) with the Oil Springs scenario as a rules layer.

>>> import ccg
>>> s = ccg.new_game("catan", players=4, seed=1)                           # base game, beginner map
>>> s = ccg.new_game("catan", players=4, seed=1, scenario="oil_springs")   # reconstructed scenario map

Rules: docs/rules/catan_oil_springs.md (ids CAT-…, OIL-…). Modules: see README.md.
"""
from __future__ import annotations

from ccg.core.registry import GameSpec
from ccg.core.rules import OptionSpec, rules_option

from .glossary import GLOSSARY
from .hooks import OUTCOME_LABELS, gauge, heuristic, heuristics, milestones, outcome, result, trajectory
from .layouts import check_layout_option, check_saved_layout_option
from .params import RULES
from .private import secret_view
from .setup import create
from .state import CatanState

OPTIONS = {
    "scenario": OptionSpec(None, "None for the base game, 'oil_springs' for the Oil Springs scenario",
                           choices=(None, "oil_springs")),
    "layout": OptionSpec(None, "'beginner' (default with 3-4 players; the reconstructed Oil Springs map with the "
                               "scenario), 'variable' (seeded; default with 5-6), a layout dict, or a path to a "
                               "JSON layout file (read once; the game keeps the layout data)",
                         check=check_layout_option, check_saved=check_saved_layout_option),
    "rules": rules_option(RULES, "dict of rule overrides (see ccg.describe('catan'))"),
}

SPEC = GameSpec(
    name="catan",
    title="Catan (with the Oil Springs scenario)",
    state_class=CatanState,
    create=create,
    min_players=3,  # CAT-1.10, OIL-0.2: 3-4 players, 5-6 with the extension (CAT-12)
    max_players=6,
    default_players=4,
    options=OPTIONS,
    rules=RULES,
    conformance_configs=(
        {"players": 3},
        {"players": 4},
        {"players": 4, "layout": "variable"},
        {"players": 4, "scenario": "oil_springs"},
        {"players": 5},
        {"players": 6},
        {"players": 5, "scenario": "oil_springs"},
        {"players": 6, "scenario": "oil_springs"},
    ),
    outcome=outcome,
    outcome_labels=OUTCOME_LABELS,
    max_actions=30_000,
    heuristic=heuristic,
    heuristics=heuristics,
    trajectory=trajectory,
    milestones=milestones,
    benchmark_configs=({"players": 4}, {"players": 4, "scenario": "oil_springs"}),
    strategy="ccg.games.catan.strategy",
    encoding="ccg.games.catan.encoding",
    documented_configs=(("Catan", {"players": 4}), ("Catan + Oil Springs", {"players": 4, "scenario": "oil_springs"})),
    describe="ccg.games.catan.describe",
    chance="ccg.games.catan.chance",
    edit="ccg.games.catan.edit",
    board_map="ccg.games.catan.board_map",
    plot="ccg.plot.catan",
    rule_prefixes=("CAT", "OIL"),
    file_options={"layout": ("beginner", "variable")},  # a layout file or dict: only the named layouts
    secret_view=secret_view,
    gauge=gauge,  # Oil Springs: number tokens destroyed (OIL-8.10)
    result=result,  # OIL-10.3: the island lost, nobody wins
    lesson="ccg.games.catan.lesson",
    glossary=GLOSSARY,
)

__all__ = ["SPEC", "CatanState", "create"]
