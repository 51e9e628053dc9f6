"""The words of each game's lesson: aim, the 45-minute plan, role briefings, discussion questions, exit ticket.

Each game declares its own (``SPEC.lesson``: a module defining ``LESSON``, a :class:`ccg.core.teaching.Lesson`);
a game without one gets a generic lesson. Rendered by :mod:`ccg.classroom.printables`.
"""
from __future__ import annotations

import importlib

from ..core.registry import get_spec, list_games
from ..core.teaching import DEFAULT_GAME, Lesson, generic_lesson

__all__ = ["DEFAULT_GAME", "Lesson", "game_choices", "lesson_for"]

# DEFAULT_GAME, the game a new lesson offers first (the dashboard's form, ``ccg classroom new``, the demo
# lesson), is a product choice, not a rule of any game; every installed game can be chosen


def game_choices() -> list[str]:
    """The installed games a lesson may play, :data:`DEFAULT_GAME` first (if installed), the others by name."""
    games = list_games()
    return sorted(games, key=lambda g: (g != DEFAULT_GAME, g))


def lesson_for(game: str) -> Lesson:
    """The lesson text of ``game`` (a generic one for games without their own)."""
    spec = get_spec(game)
    if spec.lesson is None:
        return generic_lesson(spec.title)
    return importlib.import_module(spec.lesson).LESSON
