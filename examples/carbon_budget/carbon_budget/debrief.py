"""Debrief metrics (``SPEC.debrief``; the protocol is in ccg/analysis/debrief.py): did the class keep within the
budget, and who took from it?"""
from __future__ import annotations

from typing import Any

from ccg.core import GameState

SEAT_METRICS = {"vp": "VP at the end (CB-3)", "emitted": "units the seat took from the budget (CB-3.1)"}
GAME_METRICS = {"budget_exceeded": "the budget ran out: everyone lost (CB-6.1)", "budget_left": "units left"}
SHARE = ("budget_exceeded", "Budget exceeded")
SCATTER = ("emitted", "vp", "Who took from the budget? VP against units taken (CB-3.1)")


def seat_metrics(record: dict[str, Any], state: GameState) -> list[dict[str, Any]]:
    return [{"vp": state.vp[p], "emitted": state.emitted[p]} for p in range(state.num_players)]  # type: ignore[attr-defined]


def game_metrics(state: GameState) -> dict[str, Any]:
    return {"budget_exceeded": state.lost, "budget_left": state.budget}  # type: ignore[attr-defined]
