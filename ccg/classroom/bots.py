"""The bot runner: bot seats of every stored table move on their own, through the store like anyone.

A bot's agent is built from its seat's agent name (``ccg.agents.make_agent``) with a seed made
from the table's seed, the seat and the move number, so a table's bot moves depend only on the
position: a runner that crashes and restarts, or two runners on one store (several JupyterHub
machines), play the same moves — and the version check lets only one of them commit each.
"""
from __future__ import annotations

import threading
import time

from ..agents.base import Agent, make_agent
from .live import LiveTable
from .store import STUDENT, PausedError, PositionChanged, StoreError, TableStore

__all__ = ["BotRunner", "DEFAULT_BOT", "bot_seed"]

# the strategist plays each game's own plan (greedy look-ahead where a game has none)
DEFAULT_BOT = "strategist"


def bot_seed(table_seed: int, seat: int, ply: int) -> int:
    """The agent seed of a bot's move: a fixed mix of table seed, seat and move number."""
    return (table_seed * 1_000_003 + seat * 7_919 + ply * 104_729) % (2**31 - 1)


class BotRunner:
    """Plays the bot seats of every table in ``store`` whose bot is to move.

    ``delay``: seconds a bot waits after the table's last move, so students can follow the game.
    ``tables``: only these table ids (default: every table).
    """

    def __init__(self, store: TableStore, delay: float = 0.0, tables: list[int] | None = None) -> None:
        self.store = store
        self.delay = float(delay)
        self.only = None if tables is None else set(tables)
        self.live: dict[int, LiveTable] = {}
        self.played = 0
        self.conflicts = 0
        self.errors: dict[int, str] = {}
        self._agents: dict[str, Agent] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def step(self) -> int:
        """One pass: every table whose bot is to move (and has waited ``delay``) plays one move."""
        played = 0
        now = time.time()
        for tid, v in self.store.versions().items():
            if (self.only is not None and tid not in self.only) or v.paused or v.finished or v.to_move is None:
                continue
            if tid in self.errors:
                continue
            if self.delay and now - v.updated < self.delay:
                continue
            live = self.live.get(tid)
            try:
                if live is None:
                    live = self.live[tid] = LiveTable(self.store, tid)
                live.sync()
                s = live.state
                seat = s.current_player
                if seat is None:
                    continue
                kind = live.info.seats[seat].kind
                if kind == STUDENT:
                    continue
                action = self._agent(kind).spawn(bot_seed(live.info.seed, seat, s.ply)).act(s)
                live.play(seat, action, by=kind)
            except (PositionChanged, PausedError):
                self.conflicts += 1
                continue
            except StoreError as exc:  # a broken table stops; the others play on
                self.errors[tid] = str(exc)
                continue
            played += 1
        self.played += played
        return played

    def _agent(self, kind: str) -> Agent:
        agent = self._agents.get(kind)
        if agent is None:
            agent = self._agents[kind] = make_agent(kind, 0)
        return agent

    def run(self, poll: float = 0.2, until_idle: bool = False, timeout: float | None = None) -> int:
        """Loop :meth:`step` until :meth:`stop` (or, with ``until_idle``, until no bot is left to move)."""
        start = time.time()
        while not self._stop.is_set():
            n = self.step()
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

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
