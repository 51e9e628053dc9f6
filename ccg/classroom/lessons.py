"""The words of each game's lesson: aim, the 45-minute plan, role briefings, discussion questions, exit ticket.

Each game declares its own (``SPEC.lesson``: a module defining ``LESSON``, a :class:`ccg.core.teaching.Lesson`);
a game without one gets a generic lesson. Rendered by :mod:`ccg.classroom.printables`.
"""
from __future__ import annotations

import importlib

from ..core.registry import get_spec
from ..core.teaching import Lesson, generic_lesson

__all__ = ["Lesson", "lesson_for"]


def lesson_for(game: str) -> Lesson:
    """The lesson text of ``game`` (a generic one for games without their own)."""
    spec = get_spec(game)
    if spec.lesson is None:
        return generic_lesson(spec.title)
    return importlib.import_module(spec.lesson).LESSON
