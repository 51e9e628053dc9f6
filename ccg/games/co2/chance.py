"""CO2's chance labels: the only draw in play is the solo project placement (CO2-17.3.3).

Face-down stacks (lobby deck, summits, events, UN goals, fossil tiles) are shuffled at setup; their
order is hidden information that ``determinize`` resamples, not a chance event at draw time.
"""
from __future__ import annotations

from .data import SOURCES


def outcomes(state, action) -> None:
    """No chance outside the generator: the generic enumeration handles every action."""
    return None


def label(state, action, child) -> str:
    top = child.tasks[-1] if child.tasks else None
    if top is not None and top.kind == "solo_space":
        return f"draw {SOURCES[top.source]} project"
    return ""
