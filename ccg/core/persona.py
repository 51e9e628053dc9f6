"""Persona parameters: the knobs of a game's strategist that people ask about.

A game's strategy module (``SPEC.strategy``) declares ``PERSONA = {name: PersonaParam(...)}``
(CO2's ``cooperation``, Oil Springs' ``sequester``, Chicago Express's ``investor``); the
strategist (``ccg.agents.strategist``) reads and checks them. They live here, below the games,
so that a game declares them without importing the agents.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

__all__ = ["PersonaParam"]


@dataclass(frozen=True)
class PersonaParam:
    """One persona parameter: a number in ``[lo, hi]`` or one of ``choices``."""

    default: float | str
    doc: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[str, ...] | None = None

    def check(self, name: str, value: Any) -> float | str:
        """``value`` validated (ints accepted for numbers), or a ValueError naming the parameter."""
        if self.choices is not None:
            if not isinstance(value, str) or value.strip().lower() not in self.choices:
                raise ValueError(f"strategist {name!r} must be one of {', '.join(self.choices)}, got {value!r}")
            return value.strip().lower()
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"strategist {name!r} must be a number, got {value!r}")
        number = float(value)
        if (self.lo is not None and number < self.lo) or (self.hi is not None and number > self.hi):
            raise ValueError(f"strategist {name!r} must be between {self.lo:g} and {self.hi:g}, got {number!r}")
        return number
