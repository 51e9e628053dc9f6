"""Carbon Budget: a small card game with a shared carbon budget, kept outside ccg (rules: ``rules.md``, ids CB-…).

Installed, it is found through its entry point (``[project.entry-points."ccg.games"]`` in pyproject.toml)::

    >>> import ccg
    >>> s = ccg.new_game("carbon_budget", players=3, seed=1)
"""
from __future__ import annotations

from ccg.core import GameSpec, rules_option

from .glossary import GLOSSARY
from .hooks import OUTCOME_LABELS, gauge, milestones, outcome, result
from .private import secret_view
from .rules import RULES
from .state import CarbonBudgetState, create

SPEC = GameSpec(
    name="carbon_budget",
    title="Carbon Budget",
    state_class=CarbonBudgetState,
    create=create,
    min_players=2,  # CB-1.1
    max_players=4,
    default_players=3,
    options={"rules": rules_option(RULES, "rule overrides, e.g. {'budget': 20}")},
    rules=RULES,
    conformance_configs=({"players": 2}, {"players": 4, "rules": {"budget": 30}}),  # both player-count extremes
    outcome=outcome,
    outcome_labels=OUTCOME_LABELS,
    max_actions=200,
    milestones=milestones,
    describe="carbon_budget.describe",
    encoding="carbon_budget.encoding",
    documented_configs=(("Carbon Budget", {"players": 3}),),
    chance="carbon_budget.chance",  # CB-5.1: the die at the end of each round
    plot="carbon_budget.plot",
    rule_prefixes=("CB",),
    rules_digest="carbon_budget:rules.md",
    secret_moves=("abate",),  # CB-4.1: which card was abated is secret
    secret_view=secret_view,
    debrief="carbon_budget.debrief",
    gauge=gauge,
    result=result,
    lesson="carbon_budget.lesson",
    glossary=GLOSSARY,  # its title, names and rule-section titles (English: it has no catalogs)
)

__all__ = ["SPEC", "CarbonBudgetState"]
