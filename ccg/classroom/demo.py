"""A demo lesson played through the store by agents standing in for the students.

For trying the dashboard and the debrief before a real lesson (``ccg classroom demo --dir DIR``),
and for the tests and the debrief notebook's test run. The "students" move through
:class:`~ccg.classroom.live.LiveTable` exactly as a student's page does; bot seats are played
by the :class:`~ccg.classroom.bots.BotRunner`.
"""
from __future__ import annotations

from ..agents.base import make_agent
from .bots import BotRunner
from .lessons import DEFAULT_GAME
from .live import LiveTable
from .store import STUDENT, TableStore

__all__ = ["NAMES", "play_demo_lesson"]

NAMES = ("Ana", "Ben", "Chloé", "Dev", "Emil", "Fatma", "Gus", "Hana", "Ivo", "Jana", "Kai", "Lea")


def play_demo_lesson(store: TableStore, lesson: str = "demo lesson", tables: int = 4, students: int = 2,
                     players: int = 4, bot: str = "strategist", student_agent: str = "random", seed: int = 1,
                     game: str = DEFAULT_GAME, **options) -> list[int]:
    """Create ``tables`` tables and play them to the end; returns their ids.

    The first ``students`` seats are "students" (named from :data:`NAMES`, playing with
    ``student_agent``), the others bots (``bot``).
    """
    seats = [STUDENT] * students + [bot] * (players - students)
    ids = []
    for k in range(tables):
        info = store.create_table(game, seats, seed=seed + k, options=options, lesson=lesson)
        for s in range(students):
            store.touch_seat(info.id, s, name=NAMES[(k * students + s) % len(NAMES)])
        ids.append(info.id)
    runner = BotRunner(store, tables=ids)
    for k, tid in enumerate(ids):
        live = LiveTable(store, tid)
        agents = [make_agent(student_agent, 97 * (seed + k) + s) for s in range(students)]
        while not live.state.is_terminal():
            runner.run(until_idle=True)
            live.sync()
            seat = live.state.current_player
            if seat is not None and seat < students:
                live.play(seat, agents[seat].act(live.state))
    return ids
