"""The GameSpec hooks: outcome columns for ``ccg.simulate`` and the milestones the Table plays to."""
from __future__ import annotations

from typing import Any

from ccg.core import GameState


def outcome(state: GameState) -> dict[str, Any]:
    """Columns of ``ccg.simulate``: was the budget exceeded (CB-6.1), what was left, how many shocks (CB-5.1)."""
    return {"budget_exceeded": state.lost, "budget_left": state.budget, "shocks": state.shocks,  # type: ignore[attr-defined]
            "emitted": sum(state.emitted)}  # type: ignore[attr-defined]


def milestones(state: GameState) -> dict[str, int]:
    """The round (CB-5.1): "play to the next round"."""
    return {"round": state.round}  # type: ignore[attr-defined]
