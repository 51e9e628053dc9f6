"""The bot runner: bot seats of every stored table move on their own, through the store like anyone.

A bot's agent is built from its seat's agent name (``ccg.agents.make_agent``) with a seed made
from the table's seed, the seat and the move number, so a table's bot moves depend only on the
position: a runner that crashes and restarts, or two runners on one store, play the same moves —
and the version check lets only one of them commit each.

The runner is supervised: an error at one table (a database that is locked or restarting, a bug,
an agent that cannot be built) is logged with the table's id and that table is tried again after
a back-off (0.5 s, doubling up to a minute); the other tables and the runner play on. A failing
look at the whole store (the database is away) waits and tries again too.

Before a bot moves, its agent is asked why (``ccg.agents.explain.explanation``, the Table's own code) and the
words are kept in the store (``set_reason``), so the pages can show them beside the move.
"""
from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Callable

import sqlalchemy as sa

from ..agents.base import Agent, make_agent
from ..agents.explain import explanation
from .live import LiveTable
from .store import STUDENT, PausedError, PositionChanged, TableStore

__all__ = ["BACKOFF_FIRST", "BACKOFF_MAX", "BotRunner", "DEFAULT_BOT", "TableTrouble", "bot_seed"]

log = logging.getLogger("ccg.classroom.bots")

# the strategist plays each game's own plan (greedy look-ahead where a game has none)
DEFAULT_BOT = "strategist"
BACKOFF_FIRST = 0.5   # seconds before the first retry of a table whose bot step failed
BACKOFF_MAX = 60.0    # the back-off doubles up to this


def bot_seed(table_seed: int, seat: int, ply: int) -> int:
    """The agent seed of a bot's move: a fixed mix of table seed, seat and move number."""
    return (table_seed * 1_000_003 + seat * 7_919 + ply * 104_729) % (2**31 - 1)


@dataclass
class TableTrouble:
    """A table whose last bot step failed: what went wrong, how often in a row, when to try again."""

    error: str
    failures: int
    retry_at: float


class BotRunner:
    """Plays the bot seats of every table in ``store`` whose bot is to move.

    ``delay``: seconds a bot waits after the table's last move, so students can follow the game.
    ``tables``: only these table ids (default: every table).
    ``clock``: the time in seconds, as the store's timestamps (``time.time``; a test may pass its own).
    """

    def __init__(self, store: TableStore, delay: float = 0.0, tables: list[int] | None = None,
                 backoff: float = BACKOFF_FIRST, backoff_max: float = BACKOFF_MAX,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self.delay = float(delay)
        self.only = None if tables is None else set(tables)
        self.backoff, self.backoff_max = float(backoff), float(backoff_max)
        self.live: dict[int, LiveTable] = {}
        self.played = 0
        self.conflicts = 0
        self.trouble: dict[int, TableTrouble] = {}
        self.store_error: str | None = None   # the last failed look at the whole store (None: fine)
        self._agents: dict[str, Agent] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def errors(self) -> dict[int, str]:
        """``{table id: the last error}`` of the tables waiting to be tried again."""
        return {tid: t.error for tid, t in self.trouble.items()}

    def step(self) -> int:
        """One pass: every table whose bot is to move (and has waited ``delay``) plays one move."""
        played = 0
        now = self.clock()
        try:
            versions = self.store.versions()
        except Exception as exc:  # the database is away: nothing to play this pass
            if self.store_error is None:
                log.warning("bots: cannot read the store (%s); trying again", _short(exc))
            self.store_error = _short(exc)
            return 0
        if self.store_error is not None:
            log.warning("bots: the store answers again")
            self.store_error = None
        for tid in list(self.live):
            if tid not in versions:  # deleted (or restarted as a new table)
                self.forget(tid)
        for tid, v in versions.items():
            if (self.only is not None and tid not in self.only) or v.paused or v.finished or v.to_move is None:
                continue
            trouble = self.trouble.get(tid)
            if trouble is not None and now < trouble.retry_at:
                continue
            if self.delay and now - v.updated < self.delay:
                continue
            try:
                played += self._step_table(tid)
            except (PositionChanged, PausedError):
                self.conflicts += 1
                continue
            except Exception as exc:  # one table's trouble never stops the others
                self._failed(tid, exc)
                continue
            if tid in self.trouble:
                log.warning("bots: table %s plays again", tid)
                del self.trouble[tid]
        self.played += played
        return played

    def _step_table(self, tid: int) -> int:
        live = self.live.get(tid)
        if live is None:
            live = self.live[tid] = LiveTable(self.store, tid)
        live.sync()
        s = live.state
        seat = s.current_player
        if seat is None:
            return 0
        live.refresh_info()  # the teacher may have reseated the table
        kind = live.info.seats[seat].kind
        if kind == STUDENT:
            return 0
        agent = self._agent(kind).spawn(bot_seed(live.info.seed, seat, s.ply))
        self._keep_reason(live, seat, kind, agent)
        live.play(seat, agent.act(s), by=kind)
        return 1

    def _keep_reason(self, live: LiveTable, seat: int, kind: str, agent: Agent) -> None:
        """Ask the agent why, before its move (as the Table does: ``explain`` leaves its random streams as
        they were, so the move explained is the move played), and keep the words in the store."""
        try:
            text = explanation(agent, live.state)
        except Exception as exc:  # an agent that cannot explain this position still plays it
            log.info("bots: table %s: no reasons for move %s (%s)", live.id, live.state.ply, _short(exc))
            return
        if text:
            self.store.set_reason(live.id, live.state.ply, seat, kind, text)

    def _failed(self, tid: int, exc: BaseException) -> None:
        old = self.trouble.get(tid)
        failures = 1 if old is None else old.failures + 1
        wait = min(self.backoff_max, self.backoff * 2 ** (failures - 1))
        self.trouble[tid] = TableTrouble(_short(exc), failures, self.clock() + wait)
        self.live.pop(tid, None)  # a fresh replica next time: the store is the truth
        log.warning("bots: table %s failed (%s, %d in a row); trying again in %.1f s",
                    tid, _short(exc), failures, wait, exc_info=failures == 1 and not _is_store_trouble(exc))

    def forget(self, table_id: int) -> None:
        """Drop a table's replica and trouble (it was deleted, restarted or reseated): try it afresh now."""
        self.live.pop(table_id, None)
        self.trouble.pop(table_id, None)

    def _agent(self, kind: str) -> Agent:
        agent = self._agents.get(kind)
        if agent is None:
            agent = self._agents[kind] = make_agent(kind, 0)
        return agent

    def run(self, poll: float = 0.2, until_idle: bool = False, timeout: float | None = None) -> int:
        """Loop :meth:`step` until :meth:`stop` (or, with ``until_idle``, until no bot is left to move)."""
        start = time.time()
        while not self._stop.is_set():
            try:
                n = self.step()
            except Exception:  # pragma: no cover - step catches everything itself; the loop must not end
                log.exception("bots: unexpected error in a pass")
                n = 0
            if until_idle and n == 0:
                break
            if timeout is not None and time.time() - start > timeout:
                break
            if n == 0:
                self._stop.wait(poll)
        return self.played

    def start(self, poll: float = 0.2) -> "BotRunner":
        """Run in a background thread (daemon) until :meth:`stop`."""
        self._stop.clear()
        self._thread = threading.Thread(target=self.run, kwargs={"poll": poll}, name="ccg-bots", daemon=True)
        self._thread.start()
        return self

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None


def _is_store_trouble(exc: BaseException) -> bool:
    return isinstance(exc, (sa.exc.OperationalError, sa.exc.InterfaceError, sa.exc.DBAPIError))


def _short(exc: BaseException) -> str:
    """One line naming the error (a database error's first line, without its SQL)."""
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"[:300]
