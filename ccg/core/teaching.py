"""What a game declares for the classroom: the gauge every page shows, and the words of its lesson.

``SPEC.gauge(state, seat) -> Gauge | None``: the shared stock a class watches (CO₂ in the atmosphere, a
carbon budget), read from what ``seat`` sees (``seat=None``: the referee; a gauge shows public facts only).
``SPEC.result(state, seat) -> str | None``: the game's own sentence for a finished game that the generic
"you win" / "won by …" / "nobody wins" would not tell (a planet lost for everyone).
``SPEC.lesson``: a module defining ``LESSON``, a :class:`Lesson` (role briefings, plan, questions) the
classroom prints. Texts a seat reads are in the current language where the game translates them
(:mod:`ccg.i18n`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..i18n import N_, gettext, pgettext

__all__ = ["DEFAULT_GAME", "Gauge", "Lesson", "generic_lesson"]

DEFAULT_GAME = "co2"  # the game a new lesson plays unless the teacher picks another (dashboard, CLI, demo)


@dataclass(frozen=True)
class Gauge:
    """A level on a bar from 0 to ``maximum``: safe below ``danger``, at risk up to ``limit``, lost beyond."""

    label: str          # the whole title ("CO₂ in the atmosphere (ppm)")
    short: str          # the overview's few words ("CO₂")
    unit: str           # after the value on the overview ("ppm"; "" for none)
    value: int
    danger: int
    limit: int
    maximum: int
    note: str = ""      # beside the value on a seat's page ("(catastrophes from 350, planet lost at 500)")

    def as_dict(self) -> dict[str, str | int]:
        return {"label": self.label, "short": self.short, "unit": self.unit, "value": self.value,
                "danger": self.danger, "limit": self.limit, "maximum": self.maximum, "note": self.note}


@dataclass(frozen=True)
class Lesson:
    """The words of a game's 45-minute lesson, printed by the classroom (``ccg classroom print``).

    The texts are English, marked for the catalogs (``NP_(game, …)``: the game is their gettext context, so
    the glossary check applies to them); :meth:`translated` gives them in the current language.
    """

    title: str
    aim: str
    plan: tuple[tuple[int, str], ...]          # (minutes, what happens); adds up to 45
    role: str                                  # the briefing every seat gets ({name} = the seat's colour)
    you_know: tuple[str, ...]                  # what the seat's device will show only them
    everyone_knows: tuple[str, ...]
    questions: tuple[str, ...]
    exit_ticket: tuple[tuple[str, tuple[str, ...]], ...]   # (question, choices; empty = write a sentence)
    context: str | None = None  # the game: the texts' gettext context

    def translated(self) -> Lesson:
        """The lesson in the current language (:mod:`ccg.i18n`)."""
        def one(text: str) -> str:
            return pgettext(self.context, text) if self.context else gettext(text)

        def each(texts: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(one(t) for t in texts)

        return replace(self, title=one(self.title), aim=one(self.aim),
                       plan=tuple((minutes, one(text)) for minutes, text in self.plan), role=one(self.role),
                       you_know=each(self.you_know), everyone_knows=each(self.everyone_knows),
                       questions=each(self.questions),
                       exit_ticket=tuple((one(q), each(choices)) for q, choices in self.exit_ticket))


def generic_lesson(title: str) -> Lesson:
    """The lesson of a game that declares none: join, play, discuss."""
    return Lesson(
        title=title, aim=N_("Play at one table per group; discuss what happened."),
        plan=((5, N_("Join with the codes.")), (30, N_("Play.")), (10, N_("Debrief and exit ticket."))),
        role=N_("You are {name}."), you_know=(N_("What your device shows only you."),), everyone_knows=(N_("The board."),),
        questions=(N_("What decided the game?"),), exit_ticket=((N_("What did you learn?"), ()),) * 3,
    )
