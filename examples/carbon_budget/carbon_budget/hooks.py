"""The GameSpec hooks: outcome columns for ``ccg.simulate``, the milestones the Table plays to, and the classroom's
gauge and result line."""
from __future__ import annotations

from typing import Any

from ccg.core import GameState, Gauge

# SPEC.outcome_labels: the outcome columns in the rules' words (the What-if's CSV)
OUTCOME_LABELS = {"budget_exceeded": "carbon budget exceeded", "budget_left": "budget left (units)",
                  "shocks": "shocks drawn", "emitted": "units emitted"}


def outcome(state: GameState) -> dict[str, Any]:
    """Columns of ``ccg.simulate``: was the budget exceeded (CB-6.1), what was left, how many shocks (CB-5.1)."""
    return {"budget_exceeded": state.lost, "budget_left": state.budget, "shocks": state.shocks,  # type: ignore[attr-defined]
            "emitted": sum(state.emitted)}  # type: ignore[attr-defined]


def milestones(state: GameState) -> dict[str, int]:
    """The round (CB-5.1): "play to the next round"."""
    return {"round": state.round}  # type: ignore[attr-defined]


def gauge(state: GameState, seat: int | None = None) -> Gauge:
    """The classroom's gauge (``SPEC.gauge``): units of the shared budget used so far (public, CB-1.2); past its
    start the budget is below 0 and everyone loses (CB-6.1)."""
    start = state.rules["budget"]  # type: ignore[attr-defined]
    used = start - state.budget  # type: ignore[attr-defined]
    return Gauge(label="Carbon budget used (units)", short="Budget used", unit="units", value=used,
                 danger=max(start - 2, 0), limit=start, maximum=max(start + 4, used + 1),
                 note=f"(the budget starts at {start}; past it everyone loses, CB-6.1)")


def result(state: GameState, seat: int | None = None) -> str | None:
    """The classroom's result line (``SPEC.result``) when the budget ran out: nobody won (CB-6.1)."""
    return "the carbon budget ran out: everyone loses (CB-6.1)" if state.lost else None  # type: ignore[attr-defined]
