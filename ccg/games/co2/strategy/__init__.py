"""The CO2 strategist: a project pipeline aimed at the plants that pay, and a cooperation dial.

The plan, in the rulebook's terms: propose projects (CO2-6.1) where the region's agenda
accepts the source and the grant pays, install them (CO2-6.2), grow the licence with a
scientist on a project and at summits (CO2-5.4.1, CO2-10), and build (CO2-6.3) the green
plants whose VP — and, for a cooperative seat, whose saving of fossil plants before the
Supply phases to come (CO2-4.3, CO2-14.3) — beat their coins and resources. CEP are
valued against the market price and the fossil plants a controlled region still has to
pay for (CO2-4.3.5, CO2-11.5.2).

Persona: ``cooperation`` in [0, 1] is the weight given to the shared outcome (the planet
survives, ppm kept down) against the seat's own VP; 0 is purely selfish.

>>> import ccg
>>> from ccg.agents import make_agent
>>> agents = [make_agent("strategist:cooperation=0.8", seed) for seed in range(4)]
"""
from __future__ import annotations

from pathlib import Path

from ccg.core.native import use_fresh_build
from ccg.core.persona import PersonaParam

# the valuation and the move choice, compiled with mypyc when ccg was installed (build_native.py): True when
# the compiled modules run, False when their sources do (no compiler, a source edited since, CCG_PURE_PYTHON)
NATIVE = use_fresh_build(__name__, Path(__file__).resolve().parent)

from .planner import Co2Planner  # noqa: E402  (after the choice above)
from .values import Weights  # noqa: E402

PERSONA = {
    "cooperation": PersonaParam(
        0.5, "weight of the shared outcome (the planet survives, ppm kept down) against own VP; 0 = selfish",
        lo=0.0, hi=1.0),
}
WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "data" / "strategist.json"


def make_planner(weights: dict[str, float], persona: dict) -> Co2Planner:
    """The planner for one strategist: ``weights`` from WEIGHTS_FILE (maybe overridden), ``persona`` checked."""
    return Co2Planner(Weights.from_mapping(weights), float(persona["cooperation"]))


__all__ = ["NATIVE", "PERSONA", "WEIGHTS_FILE", "make_planner", "Co2Planner", "Weights"]
