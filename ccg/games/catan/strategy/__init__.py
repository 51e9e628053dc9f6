"""The Catan (and Oil Springs) strategist: a plan-following player, by phase of the turn (CAT-3, CAT-4, OIL-15).

The plan, in the rulebook's terms:

- opening (CAT-3.7, CAT-3.8): settlements on the intersections with the most pips, new
  resource types and harbours that fit, roads pointing at the next free spot (:mod:`.opening`);
- the goal (:mod:`.values`): the best of a settlement at a free intersection the roads reach
  (CAT-8.3, CAT-8.4: the roads on the way included), a city (CAT-8.5), a development card
  (CAT-8.6), a metropolis (OIL-6.3) or Longest Road (CAT-10.1), valued in VP and discounted by
  the rounds needed to collect its cost;
- the turn (CAT-4.2, CAT-4.3): play a development card when it pays (CAT-9), build the goal if
  the hand covers it, else trade toward it (oil conversion OIL-6.2, a domestic offer CAT-7.2,
  maritime trades CAT-7.3, CAT-7.4, CAT-7.5 that complete it), then spend true surplus, then sequester
  (OIL-9) or end;
- the robber (CAT-6, CAT-9.3, OIL-5): block the leader's best hex, steal what the plan needs;
  discards keep the goal's cards (:mod:`.tactics`); answers to offers accept only trades that
  help the seat more than they cost it (:mod:`.trading`);
- Oil Springs (:mod:`.oil`): every use of oil is priced by its share of the next disaster,
  shaped by the persona ``sequester``.

The weights are named in ``data/strategist.json`` (tuned by ``benchmarks/tune_strategist.py``).
The planner is :mod:`.planner`; engine fields are read only in :mod:`.position`.
"""
from __future__ import annotations

from pathlib import Path

from ccg.core.native import use_fresh_build
from ccg.core.persona import PersonaParam

# the valuation, the tactics and the planner, compiled with mypyc when ccg was installed (build_native.py):
# True when the compiled modules run, False when their sources do (no compiler, a source edited since,
# CCG_PURE_PYTHON)
NATIVE = use_fresh_build(__name__, Path(__file__).resolve().parent)

from .planner import CatanPlanner  # noqa: E402  (after the choice above)

PERSONA = {
    "sequester": PersonaParam(
        0.3, "Oil Springs: how much the seat cares about the island rather than its own growth, in [0, 1]. "
             "0 grows with oil whenever a use pays for the seat itself (it still sequesters when the "
             "Champion of the Environment is within reach); 1 never uses oil and sequesters every token it can; "
             "in between, each use is priced by (1 - s) x the seat's own share of the disaster risk + s x the "
             "whole table's (OIL-7.3, OIL-8). Default 0.3: people mostly grow with oil but do not ignore the track.",
        lo=0.0, hi=1.0),
}

WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "data" / "strategist.json"


def make_planner(weights: dict, persona: dict) -> CatanPlanner:
    return CatanPlanner(weights, persona)
