"""Playing levels a student can choose: ``"strategist:level=1"`` (easiest) … ``"strategist:level=5"`` (strongest).

A level is the strategist made weaker by *noise* — on that share of its decisions with a choice it
plays a uniformly random legal move instead of its plan's — or stronger by a *search* on top of the
plan: information-set MCTS whose simulations are played by strategists to the end of the game, with
the strategist's move as prior, its worth as value and the score margin as what a simulation returns
(the strong search of ``ccg/agents/README.md``), on a fixed budget of simulations per decision so a
level-5 game ends in reasonable time and replays move for move for its seed.

Level 4 is the plain strategist (``"strategist"`` without a level) in every game with a search at
level 5. In Catan (and Oil Springs) no search ccg has beats the strategist (BENCHMARKS.md, "MCTS with
strategist rollouts"), so there the plain strategist is level 5 and levels 1–4 are noisier strategists.
The ladder that checks each level beats the one below: ``benchmarks/levels_ladder.py`` (BENCHMARKS.md,
"Levels").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

__all__ = ["LEVELS", "Level", "check_level", "level_of", "level_presets", "level_spec", "with_level"]

LEVELS = (1, 2, 3, 4, 5)

# the search of the top level: the strong search of ccg/agents/README.md on a budget of simulations
_SEARCH: dict[str, Any] = {
    "iterations": 8, "rollout": "strategist", "prior": "strategist", "value": "strategist",
    "candidates": 4, "evaluation": "margin", "rollout_depth": None,
}


@dataclass(frozen=True)
class Level:
    """One level: the share of decisions played at random (``noise``) and the MCTS keywords of a search
    on top of the strategist (``search``; None: the strategist's own move)."""

    noise: float
    search: Mapping[str, Any] | None = field(default=None)
    blurb: str = ""


_DEFAULT = {
    1: Level(0.5, None, "beginner: half of its moves are random, the rest follow the plan"),
    2: Level(0.25, None, "learner: a quarter of its moves are random"),
    3: Level(0.1, None, "player: one move in ten is random"),
    4: Level(0.0, None, "the strategist: every move follows the game's plan"),
    5: Level(0.0, _SEARCH, "the strongest: a search whose simulations are strategist games"),
}
# games where the strategist is the strongest player ccg has (no search beats it): the top level is the
# plain strategist and the levels below it are noisier
_NO_SEARCH = {
    1: Level(0.6, None, "beginner: three moves in five are random, the rest follow the plan"),
    2: Level(0.35, None, "learner: a third of its moves are random"),
    3: Level(0.2, None, "player: one move in five is random"),
    4: Level(0.1, None, "strong: one move in ten is random"),
    5: Level(0.0, None, "the strategist, the strongest player ccg has in this game"),
}
_BY_GAME = {"catan": _NO_SEARCH}


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
    """What ``level`` means in ``game``."""
    return _BY_GAME.get(game, _DEFAULT)[check_level(level) or 4]


def level_spec(level: Any) -> str:
    """The agent name of a level: ``level_spec(2)`` -> ``"strategist:level=2"``."""
    return f"strategist:level={check_level(level)}"


def with_level(spec: str, level: Any) -> str:
    """``spec`` with the strategist level ``level`` set: a strategist spec without a level gets it
    (``"strategist:cooperation=0.8"`` -> ``"strategist:cooperation=0.8:level=2"``); a spec that names a
    level already, and any other agent, stay as they are."""
    from .base import parse_agent_spec

    number = check_level(level)
    name, kwargs = parse_agent_spec(spec)
    if name != "strategist" or "level" in kwargs:
        return spec
    return f"{spec.strip()}:level={number}"


def level_presets() -> list[str]:
    """Agent names for a menu, easiest first: ``["strategist:level=1", …, "strategist:level=5"]``."""
    return [level_spec(n) for n in LEVELS]
