"""Chicago Express (Queen Games 2007; first published as Wabash Cannonball), 2–6 players.

Rules: docs/rules/chicago_express.md (ids CE-…). Board data:
data/board.json (every value names its source; doubtful ones are flagged).

Readings chosen where the rulebook is silent or ambiguous (see the digest's notes):

- CE-0.9: the rulebook says shares lie face up but not whether cash is public.
  This engine treats every player's cash as public (the money passes openly in
  auctions and dividends, so it can be counted anyway): no hidden information,
  ``observation`` shows everything and ``determinize`` only reseeds.
- CE-2.6: the banker (who opens the PRR opening auction) is seat 0; rule ``banker``.
- CE-4.5: dividends are checked when the next turn is about to begin (p.7);
  ``rules={"dividend_timing": "before_action"}`` gives the p.4 reading.
- CE-10.1: the Chicago phase is resolved after the build action ends.
- The action meters (3/5/4) are unverified data (CE-D.3).

Actions: see ``actions.py`` for the notation.
"""
from __future__ import annotations

from ccg.core import GameSpec, rules_option

from .glossary import GLOSSARY
from .hooks import OUTCOME_LABELS, heuristic, heuristics, milestones, outcome, trajectory
from .params import RULES, check_industry
from .setup import create
from .state import CEState

SPEC = GameSpec(
    name="chicago_express",
    title="Chicago Express",
    state_class=CEState,
    create=create,
    min_players=2,  # CE-0.1: 2 to 6 players
    max_players=6,
    default_players=4,
    options={"rules": rules_option(RULES, "rule overrides, e.g. {'meter.build': 6} (see ccg.describe)",
                                   check_industry)},
    rules=RULES,
    conformance_configs=(
        {"players": 2}, {"players": 3}, {"players": 4}, {"players": 5}, {"players": 6},
        {"players": 4, "rules": {"meter.auction": 2, "meter.build": 3, "meter.development": 3}},
        {"players": 3, "rules": {"dividend_timing": "before_action"}},
    ),
    outcome=outcome,
    outcome_labels=OUTCOME_LABELS,
    max_actions=20_000,
    heuristic=heuristic,
    heuristics=heuristics,
    strategy="ccg.games.chicago_express.strategy",
    trajectory=trajectory,
    milestones=milestones,
    benchmark_configs=({"players": 4},),
    encoding="ccg.games.chicago_express.encoding",
    documented_configs=(("Chicago Express", {"players": 3}),),
    describe="ccg.games.chicago_express.describe",
    edit="ccg.games.chicago_express.edit",
    board_map="ccg.games.chicago_express.board_map",
    plot="ccg.plot.chicago_express",
    lesson="ccg.games.chicago_express.lesson",
    rule_prefixes=("CE",),  # no secret_view / secret_moves: nothing in Chicago Express is hidden
    glossary=GLOSSARY,
)

__all__ = ["SPEC", "CEState"]
