"""The Chicago Express strategist: an investor who values shares by the dividends they will pay.

Used through ``ccg.agents.StrategistAgent`` (``"strategist"``, ``"strategist:investor=0.2"``);
the generic contract is in ``ccg/agents/strategist.py``. The plan, in the rulebook's terms
(docs/rules/chicago_express.md):

* the game-end clock (:mod:`.clock`): the dividend phases still to come, from the meters
  (CE-4.5), Detroit (CE-9.5), the shares, houses and trains left (CE-11.2);
* building plans (:mod:`.routes`): each company's route to the city, mountain, industrial
  city or Chicago that pays its shareholders most over those phases (CE-6, CE-7, CE-10);
* the planner (:mod:`.planner`): shares valued by those dividends and by who else holds
  them (CE-5.2, CE-9.2), bids, actions and placements chosen on that value.

Persona ``investor`` in [0, 1]: 0 is a *builder* (money paid into a company's treasury counts
for the track it will build, long plans such as Chicago count in full, builds are preferred),
1 a *dividend-seeker* (a share is worth its dividends only, a build only the income its
placements add now, auctions and developments are preferred); 0.5, the default, weighs both
as the tuned weights say.
"""
from __future__ import annotations

from pathlib import Path

from ....core.native import use_fresh_build
from ....core.persona import PersonaParam

# the route search, the plans and the planner, compiled with mypyc when ccg was installed (build_native.py):
# True when the compiled modules run, False when their sources do (no compiler, a source edited since,
# CCG_PURE_PYTHON)
NATIVE = use_fresh_build(__name__, Path(__file__).resolve().parent)

from .planner import Planner  # noqa: E402  (after the choice above)

PERSONA = {
    "investor": PersonaParam(
        0.5, "investor style: 0 = builder (treasury money and long plans such as Chicago count in full, "
             "builds preferred), 1 = dividend-seeker (shares valued by their dividends only, auctions and "
             "developments preferred); 0.5 = balanced", lo=0.0, hi=1.0),
}

WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "data" / "strategist.json"


def make_planner(weights: dict[str, float], persona: dict) -> Planner:
    """The planner for these weights (every name of WEIGHTS_FILE) and persona (``investor``)."""
    return Planner(weights, persona)


__all__ = ["NATIVE", "PERSONA", "WEIGHTS_FILE", "make_planner", "Planner"]
