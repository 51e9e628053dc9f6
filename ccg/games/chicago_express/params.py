"""Rule parameters (CE-… numbers a teacher may question), overridable with ``rules={...}``; read as ``s.rules[key]``."""
from __future__ import annotations

import json
from typing import Any

from ccg.core import RuleParam, resolve_rules

from .board import BOARD, COMPANIES

_U = "UNVERIFIED: hobby implementation only (CE-D.3, data README)"

RULES: dict[str, RuleParam] = {
    "meter.auction": RuleParam(3, f"Auction choices between dividend phases (the N-th puts the pointer in the red). {_U}",
                               lo=1, hi=20, source="CE-D.3"),
    "meter.build": RuleParam(5, f"Build-track choices between dividend phases. {_U}", lo=1, hi=20, source="CE-D.3"),
    "meter.development": RuleParam(4, f"Development choices between dividend phases. {_U}", lo=1, hi=20, source="CE-D.3"),
    **{f"cash.{n}": RuleParam(v, f"starting cash of each player with {n} players", lo=0, hi=10_000, source="CE-2.6")
       for n, v in ((2, 60), (3, 40), (4, 30), (5, 24), (6, 20))},
    **{f"start_income.{c}": RuleParam(BOARD.start_income[i], f"{c}'s starting income (derived from the opening minimum)",
                                      lo=0, hi=1000, source="CE-D.2, CE-2.4") for i, c in enumerate(COMPANIES[:4])},
    **{f"opening_minimum.{c}": RuleParam(v, f"fixed minimum bid of the opening {c} auction", lo=0, hi=1000, source="CE-3.1")
       for c, v in (("PRR", 7), ("B&O", 6), ("C&O", 5), ("NYC", 8))},
    "chicago_income": RuleParam(BOARD.black[BOARD.chicago], "income raise for reaching Chicago (map value 7, doubtful)",
                                lo=0, hi=1000, source="CE-7.5, CE-10.2, CE-D.1"),
    "wabash_income": RuleParam(1, "Wabash's income when it enters", lo=0, hi=1000, source="CE-10.4"),
    "wabash_income_developed": RuleParam(3, "Wabash's entry income when Fort Wayne has a house", lo=0, hi=1000,
                                         source="CE-10.4"),
    "forest_bonus": RuleParam(2, "dollars the bank pays a company present on a developed forest", lo=0, hi=1000,
                              source="CE-8.9"),
    "houses": RuleParam(20, "houses in the common supply at the start", lo=0, hi=200, source="CE-1.3"),
    "end.houses_left": RuleParam(3, "the game ends when the supply holds this many houses or fewer", lo=-1, hi=200,
                                 source="CE-11.2 c"),
    "end.companies": RuleParam(3, "companies without trains (or without unsold shares) that end the game", lo=1, hi=5,
                               source="CE-11.2 a, b"),
    "build.max_trains": RuleParam(3, "trains a build action may place", lo=1, hi=10, source="CE-6.2"),
    "bid_increment": RuleParam(1, "minimum raise over the highest bid (not stated; $1 chosen)", lo=1, hi=100,
                               source="CE-3 note"),
    "banker": RuleParam(0, "seat of the banker, who opens the PRR opening auction (not stated how chosen)", lo=0, hi=5,
                        source="CE-2.6, CE-3.2"),
    "dividend_timing": RuleParam("after_turn", "after_turn: dividends when the next turn is about to begin (p.7, "
                                 "default); before_action: the choice that puts the second pointer in the red triggers "
                                 "dividends first, then the action runs unrecorded (p.4 reading)",
                                 choices=("after_turn", "before_action"), source="CE-4.5 note"),
}
for _k, _name in enumerate(("detroit", "wheeling", "pittsburgh")):
    _d = BOARD.industry_data[_name]
    RULES[f"industry.{_name}.start"] = RuleParam(_d["start"], f"{_name.title()}'s starting industry value", lo=0, hi=100,
                                                 source="CE-2.5")
    RULES[f"industry.{_name}.step"] = RuleParam(_d["step"], f"{_name.title()}'s step per development", lo=1, hi=100,
                                                source="CE-8.8")
    RULES[f"industry.{_name}.max"] = RuleParam(_d["max"], f"{_name.title()}'s last industry value"
                                               + ("" if _name == "detroit" else " (UNVERIFIED, data README)"),
                                               lo=0, hi=100, source="CE-D.5" + (", CE-11.2 d" if _name == "detroit" else ""))


def check_industry(values: dict[str, Any]) -> None:
    """The checks that span several rule values: no industry may start above its last value."""
    for name in ("detroit", "wheeling", "pittsburgh"):
        if values[f"industry.{name}.start"] > values[f"industry.{name}.max"]:
            raise ValueError(f"rule 'industry.{name}.start' must not exceed 'industry.{name}.max'")


def resolve(overrides: Any) -> dict[str, Any]:
    """All rule values with ``overrides`` validated, including the checks that span several values."""
    values = resolve_rules(RULES, overrides)
    check_industry(values)
    return values


_CACHE: dict[str, dict[str, Any]] = {}


def rules_for(options: dict) -> dict[str, Any]:
    """The rule values of a game's (validated) options, shared by every game with the same overrides (never
    mutate them); cached by their JSON text."""
    overrides = options.get("rules")
    key = json.dumps(overrides, sort_keys=True)
    values = _CACHE.get(key)
    if values is None:
        values = _CACHE[key] = resolve(overrides)
    return values
