"""Playing levels a student can choose: ``"strategist:level=1"`` (easiest) … ``"strategist:level=5"`` (strongest).

A level is the strategist made weaker by *noise*: on that share of its decisions with a choice it plays
a uniformly random legal move (from its own seeded stream) instead of its plan's. Level 5 is the plain
strategist (``"strategist"``), the strongest player ccg has at a cost a class can wait for: the
strategist-rollout search of ``ccg/agents/README.md`` at an affordable budget (8 simulations per
decision, 0.5–0.9 CPU-s) lost to it in 7 of 8 two-player Chicago Express games, and in Catan no search
ccg has beats it. The ladder that checks each level beats the one below: ``benchmarks/levels_ladder.py``
(BENCHMARKS.md, "Levels").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .base import parse_agent_spec

__all__ = ["LEVELS", "Level", "check_level", "level_of", "level_presets", "level_spec", "with_level"]

LEVELS = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class Level:
    """One level: the share of its decisions with a choice the strategist plays at random (``noise``)."""

    noise: float
    blurb: str = ""


_LEVELS = {
    1: Level(0.6, "beginner: three moves in five are random, the rest follow the plan"),
    2: Level(0.35, "learner: a third of its moves are random"),
    3: Level(0.2, "player: one move in five is random"),
    4: Level(0.1, "strong: one move in ten is random"),
    5: Level(0.0, "the plain strategist, the strongest affordable player ccg has"),
}


def check_level(level: Any) -> int | None:
    """``level`` as a whole number 1–5 (None stays None), or a ValueError saying what a level is."""
    if level is None:
        return None
    if isinstance(level, bool) or not isinstance(level, (int, float)) or level != int(level) \
            or int(level) not in LEVELS:
        raise ValueError(f"strategist level must be a whole number from {LEVELS[0]} (easiest) to "
                         f"{LEVELS[-1]} (strongest), got {level!r}")
    return int(level)


def level_of(game: str, level: int) -> Level:
    """What ``level`` means in ``game`` (the same in every game today)."""
    number = check_level(level)
    if number is None:
        raise ValueError(f"level_of: a strategist level from {LEVELS[0]} to {LEVELS[-1]} is needed, got None")
    return _LEVELS[number]


def level_spec(level: Any) -> str:
    """The agent name of a level: ``level_spec(2)`` -> ``"strategist:level=2"``."""
    return f"strategist:level={check_level(level)}"


def with_level(spec: str, level: Any) -> str:
    """``spec`` with the strategist level ``level`` set: a strategist spec without a level gets it
    (``"strategist:cooperation=0.8"`` -> ``"strategist:cooperation=0.8:level=2"``); a spec that names a
    level already, and any other agent, stay as they are."""
    number = check_level(level)
    name, kwargs = parse_agent_spec(spec)
    if name != "strategist" or "level" in kwargs:
        return spec
    return f"{spec.strip()}:level={number}"


def level_presets() -> list[str]:
    """Agent names for a menu, easiest first: ``["strategist:level=1", …, "strategist:level=5"]``."""
    return [level_spec(n) for n in LEVELS]
