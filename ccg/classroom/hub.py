"""The class in the server's memory: one replica per table, the connected pages, what each is sent.

:class:`Hub` follows the store with one cheap query (``versions()``) every ``poll`` seconds for
the whole class, replays new moves once per table, builds each watched seat's page once per
position (:func:`ccg.classroom.student.seat_page`) and sends it to every device at that seat.
Moves go through the store's version-checked transaction (``LiveTable.play``), so another
server or the bot runner may write to the same store. When the store cannot be read every page
is told "reconnecting…" (never the database's own words) until it answers again.

The engine runs here, in worker threads (``anyio.to_thread``); a table's replica is guarded by
its own lock. Pages are plain JSON texts: ``{"type": "page" | "said" | "status" | …}``.
"""
from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import anyio
import anyio.to_thread
import pandas  # noqa: F401  (loaded before any worker thread runs: see the note below)
import plotly.io

from ..core.errors import IllegalActionError
from ..i18n import N_, _, lang
from ..plot import board
from .dashboard import codes_html, reveal_html, rows_html, table_rows
from .live import LiveTable
from .store import JoinCodeError, StoreError, TableStore, TableVersion
from .student import seat_page

__all__ = ["Client", "Hub", "POSITION_CHANGED", "RECONNECTING"]

log = logging.getLogger("ccg.classroom.hub")

# Why pandas is imported above although the hub never uses it: plotly looks pandas up in sys.modules
# without importing it (``get_module("pandas", should_load=False)``) each time it checks an array. A board
# drawn in one worker thread while another (a teacher's debrief, which needs pandas) is still importing it
# meets a half-built module and fails ("partially initialized module 'pandas'"). Loading it with the hub,
# before any worker thread starts, closes that window; every lesson's debrief loads it anyway.

HEARTBEAT = 10.0      # seconds between "these students are here" notes to the store
RECONNECTING = N_("reconnecting…")
POSITION_CHANGED = N_("The position changed — another move was played first. Look again and choose.")

Send = Callable[[str], Awaitable[None]]


@dataclass(eq=False)
class Client:
    """One open page: a student's (``table``/``seat``/``code`` once joined) or the teacher's."""

    send: Send
    teacher: bool = False
    lang: str = "en"                   # the language of everything this page is sent
    table: int | None = None
    seat: int | None = None
    code: str | None = None
    sent: tuple | None = None          # the page key last sent (skip sending the same page twice)
    board_sent: tuple | None = None    # the page key whose board was last sent
    reveal: int | None = None          # teacher: the table whose secrets are shown
    codes: bool = False                # teacher: join codes shown
    alive: bool = True
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)
    paging: asyncio.Lock = field(default_factory=asyncio.Lock)


class Hub:
    """See the module docstring. ``runner``: the in-process bot runner (its troubles show on the dashboard)."""

    def __init__(self, store: TableStore, poll: float = 0.1, runner: Any = None, base_url: str = "") -> None:
        self.store = store
        self.poll = poll
        self.runner = runner
        self.base_url = base_url
        self.clients: set[Client] = set()
        self.live: dict[int, LiveTable] = {}
        self.locks: dict[int, threading.Lock] = {}
        self.versions: dict[int, TableVersion] = {}
        self.store_ok = True
        self._pages: dict[tuple, str] = {}
        self._boards: dict[tuple, str] = {}
        self._overview_key: tuple | None = None
        self._last_heartbeat = time.time()
        self._joined: set[tuple[int, int]] = set()
        self._notes: asyncio.Task | None = None
        self._task: asyncio.Task | None = None
        self.wake = asyncio.Event()
        # boards are drawn one at a time in one worker thread: a burst of boards then never starves the
        # event loop (and the quick page words) of the interpreter lock
        self.drawing = anyio.CapacityLimiter(1)
        self._drawing_tasks: set[asyncio.Task] = set()

    # ------------------------------------------------------------------ lifetime
    def start(self) -> None:
        # worker threads mostly wait (for the database, a table's lock): a class needs more than anyio's 40
        anyio.to_thread.current_default_thread_limiter().total_tokens = 200
        loop = asyncio.get_running_loop()
        self._task = loop.create_task(self._follow())
        self._notes = loop.create_task(self._note_presence())

    async def stop(self) -> None:
        for task in (self._task, self._notes):
            if task is not None:
                task.cancel()
                try:
                    await task
                except (asyncio.CancelledError, Exception):
                    pass

    async def _follow(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self.wake.wait(), self.poll)
            except asyncio.TimeoutError:
                pass
            self.wake.clear()
            try:
                await self.tick()
            except Exception:  # the follower must never stop: log and go on
                log.exception("classroom: error while following the store")

    # ------------------------------------------------------------------ following the store
    async def tick(self) -> None:
        """One look at the store: bring changed tables up to date and send the pages that changed."""
        try:
            versions = await anyio.to_thread.run_sync(self.store.versions)
        except Exception as exc:
            await self._set_store_ok(False, exc)
            return
        changed = [tid for tid, v in versions.items() if self.versions.get(tid) != v]
        gone = [tid for tid in self.live if tid not in versions]
        try:
            for tid in changed:
                await anyio.to_thread.run_sync(self._sync, tid)
        except Exception as exc:
            await self._set_store_ok(False, exc)
            return
        for tid in gone:
            self.live.pop(tid, None)
        self.versions = {tid: v for tid, v in versions.items() if tid in self.live}
        await self._set_store_ok(True)
        for client in list(self.clients):
            if not client.teacher and client.table in gone:
                await self._rebind(client)
        await self.push(changed + gone)

    def _sync(self, tid: int) -> None:
        with self._lock(tid):
            live = self.live.get(tid)
            if live is None:
                self.live[tid] = LiveTable(self.store, tid)
                return
            live.sync()
            live.refresh_info()

    def _lock(self, tid: int) -> threading.Lock:
        return self.locks.setdefault(tid, threading.Lock())

    async def _note_presence(self) -> None:
        """Every second: the seats that joined since, and every ``HEARTBEAT`` seconds all open seats, noted
        as present in one transaction (a class arriving at once costs one write, not thirty)."""
        while True:
            await asyncio.sleep(1.0)
            due = time.time() - self._last_heartbeat > HEARTBEAT
            if not (due or self._joined):
                continue
            seats = {(c.table, c.seat) for c in self.clients if c.table is not None and c.seat is not None} \
                if due else set(self._joined)
            self._joined.clear()
            try:
                await anyio.to_thread.run_sync(self.store.touch_seats, sorted(seats))
                if due:
                    self._last_heartbeat = time.time()
            except Exception as exc:
                await self._set_store_ok(False, exc)

    async def _set_store_ok(self, ok: bool, exc: BaseException | None = None) -> None:
        if ok == self.store_ok:
            return
        self.store_ok = ok
        if not ok:
            log.warning("classroom: the store does not answer (%s); pages show %r", _short(exc), RECONNECTING)
        else:
            log.warning("classroom: the store answers again")
        await self.broadcast(status_message(ok))

    async def broadcast(self, text: str) -> None:
        await asyncio.gather(*(self.send(c, text) for c in list(self.clients)))

    async def send(self, client: Client, text: str) -> None:
        if not client.alive:
            return
        try:
            async with client.sending:
                await client.send(text)
        except Exception:  # a page that went away: forget it
            client.alive = False
            self.clients.discard(client)

    # ------------------------------------------------------------------ pages
    async def push(self, tables: list[int] | None = None) -> None:
        """Send every student at ``tables`` (None: all) their page if it changed, and the teacher's overview.

        The words of every page go first (a millisecond each); then each seat's board, which takes a
        hundred times longer to draw — and is skipped if the table has moved on meanwhile."""
        targets = [c for c in list(self.clients) if not c.teacher and c.table is not None
                   and (tables is None or c.table in tables)]
        for client in targets:
            await self.send_page(client)
        if any(c.teacher for c in self.clients):
            await self.push_teacher(force=tables is None)
        if targets:
            task = asyncio.get_running_loop().create_task(self._send_boards(targets))
            self._drawing_tasks.add(task)
            task.add_done_callback(self._drawing_tasks.discard)

    async def _send_boards(self, targets: list[Client]) -> None:
        for client in targets:
            await self.send_board(client)

    def _key(self, tid: int, seat: int) -> tuple:
        live = self.live[tid]
        return (tid, seat, live.version, live.paused, tuple((s.kind, s.name) for s in live.info.seats))

    def page_text(self, tid: int, seat: int, language: str = "en") -> tuple[tuple, str]:
        """The page of one seat (without its board) in ``language`` as the JSON text sent, built once per
        position and language (runs in a worker thread; holds the table's lock)."""
        with self._lock(tid), lang(language):
            live = self.live[tid]
            info = live.info
            key = self._key(tid, seat)
            text = self._pages.get((key, language))
            if text is None:
                page = seat_page(live.state, seat, seats=info.seats, table=info.name, paused=live.paused,
                                 moves=live.moves, with_board=False, reasons=live.reason_texts())
                page.update(type="page", table=tid, seat=seat)
                del page["board"]
                text = json.dumps(page)
                if len(self._pages) > 2000:
                    self._pages.clear()
                self._pages[(key, language)] = text
        return key, text

    def board_text(self, tid: int, seat: int, key: tuple, language: str = "en") -> str | None:
        """``ccg.plot.board(state, seat)`` of the position ``key`` as the JSON text sent; None if the table
        has moved on (a newer board is coming)."""
        with self._lock(tid):  # a copy of the position, so the table is not held while the board is drawn
            live = self.live.get(tid)
            if live is None or self._key(tid, seat) != key:
                return None
            text = self._boards.get((key, language))
            if text is not None:
                return text
            state, version = live.state.clone(), live.version
        with lang(language):
            figure = board(state, seat).to_plotly_json()
        text = plotly.io.json.to_json_plotly({"type": "board", "table": tid, "seat": seat, "version": version,
                                              "board": figure})
        if len(self._boards) > 500:
            self._boards.clear()
        self._boards[(key, language)] = text
        return text

    async def send_page(self, client: Client, force: bool = False) -> None:
        async with client.paging:  # one page at a time per device: never an older page after a newer one
            tid, seat = client.table, client.seat
            if tid is None or seat is None or tid not in self.live:
                return
            try:
                key, text = await anyio.to_thread.run_sync(self.page_text, tid, seat, client.lang)
            except Exception:
                log.exception("classroom: cannot draw table %s seat %s", tid, seat)
                with lang(client.lang):
                    await self.send(client, said(_("this page could not be drawn; the teacher can restart the "
                                                   "table"), True))
                return
            if force or key != client.sent:
                client.sent = key
                await self.send(client, text)

    async def send_board(self, client: Client) -> None:
        key = client.sent
        if key is None or key == client.board_sent or client.table is None or client.seat is None:
            return
        try:
            text = await anyio.to_thread.run_sync(self.board_text, client.table, client.seat, key, client.lang,
                                                  limiter=self.drawing)
        except Exception:
            log.exception("classroom: cannot draw the board of table %s seat %s", client.table, client.seat)
            return
        if text is not None and client.sent == key:
            client.board_sent = key
            await self.send(client, text)

    # ------------------------------------------------------------------ students
    async def join(self, client: Client, code: str, name: str | None) -> str | None:
        """Seat ``client`` at the seat of ``code``; None if it worked, else what to tell the student."""
        try:
            tid, seat = await anyio.to_thread.run_sync(self.store.find_code, code)
            await anyio.to_thread.run_sync(self._touch, tid, seat, name)
            if tid not in self.live:
                await anyio.to_thread.run_sync(self._sync, tid)
            language = await anyio.to_thread.run_sync(self.store.table_language, tid)
        except (JoinCodeError, StoreError) as exc:
            return str(exc)
        except Exception as exc:
            await self._set_store_ok(False, exc)
            return _(RECONNECTING)
        client.table, client.seat, client.code, client.sent, client.board_sent = tid, seat, code, None, None
        self._joined.add((tid, seat))
        await self.send(client, json.dumps({"type": "joined", "table": tid, "seat": seat, "lang": language}))
        await self.send_page(client)
        await self.send_board(client)
        if name:
            self.wake.set()  # names show on every page of the table: the next tick re-reads the seats
        return None

    def _touch(self, tid: int, seat: int, name: str | None) -> None:
        if not name:
            return  # presence alone is noted with the others' (see _note_presence)
        self.store.touch_seat(tid, seat, name=name)
        if tid in self.live:
            with self._lock(tid):
                self.live[tid].refresh_info()

    async def _rebind(self, client: Client) -> None:
        """The client's table went (deleted or restarted as a new table): follow its code, or say why not."""
        client.table = client.seat = None
        client.sent = client.board_sent = None
        code = client.code
        if code is None:
            return
        try:
            tid, seat = await anyio.to_thread.run_sync(self.store.find_code, code)
            if tid not in self.live:
                await anyio.to_thread.run_sync(self._sync, tid)
        except JoinCodeError:
            client.code = None
            with lang(client.lang):
                text = _("The teacher closed this seat or table.")
            await self.send(client, json.dumps({"type": "left", "text": text}))
            return
        except Exception:
            return
        client.table, client.seat = tid, seat
        await self.send_page(client)
        await self.send_board(client)

    async def play(self, client: Client, action: Any, seen: Any) -> None:
        """Play ``action`` for the client's seat in the position it saw; the page hears what happened."""
        with lang(client.lang):
            await self._play_and_say(client, action, seen)

    async def _play_and_say(self, client: Client, action: Any, seen: Any) -> None:
        tid, seat = client.table, client.seat
        if tid is None or seat is None or tid not in self.live:
            await self.send(client, said(_("join your table first"), True))
            return
        if not isinstance(action, str) or len(action) > 200 or (seen is not None and not isinstance(seen, int)):
            await self.send(client, said(_("that is not a move"), True))
            return
        try:
            applied = await anyio.to_thread.run_sync(self._play, tid, seat, action, seen)
        except (StoreError, IllegalActionError) as exc:
            text = str(exc)
            await self.send(client, said(_(POSITION_CHANGED) if "position changed" in text else text, True))
            client.sent = None
        except Exception as exc:
            await self._set_store_ok(False, exc)
            await self.send(client, said(_("the move was not sent: {why}").format(why=_(RECONNECTING)), True))
        else:
            await self.send(client, said(_("You played {move}.").format(move=applied)))
        await self.push([tid])  # this table's devices see the move now, not at the next look

    def _play(self, tid: int, seat: int, action: str, seen: int | None) -> str:
        with self._lock(tid):
            live = self.live[tid]
            applied = live.play(seat, action, seen=seen)
            self.versions.pop(tid, None)  # the next look re-reads it (the updated time differs)
            return applied

    # ------------------------------------------------------------------ teacher
    async def push_teacher(self, force: bool = False) -> None:
        troubles = dict(self.runner.errors) if self.runner is not None else {}
        key = (tuple(sorted((t, v.version, v.paused, v.updated) for t, v in self.versions.items())),
               tuple(sorted(troubles.items())), int(time.time() // 5))
        teachers = [c for c in self.clients if c.teacher]
        if not teachers or (key == self._overview_key and not force):
            return
        self._overview_key = key

        def build(language: str) -> dict:
            tables = [self.live[t] for t in sorted(self.live)]
            with lang(language):
                return overview(tables)

        def overview(tables: list) -> dict:
            return {
                "type": "overview", "html": rows_html(table_rows(tables), troubles, spoken),
                "tables": [{"id": t.id, "name": t.info.name, "lesson": t.info.lesson, "players": t.info.players}
                           for t in tables],
                "lessons": list(dict.fromkeys(t.info.lesson for t in tables)),
                "codes": codes_html(tables, self.base_url),
                "bots": _("off") if self.runner is None else (_("running") if self.runner.running else _("stopped")),
            }

        try:
            spoken = await anyio.to_thread.run_sync(self.store.table_languages)
        except Exception:
            spoken = {}  # the store is away: the rows say so by themselves
        built: dict[str, dict] = {}  # one overview per language the dashboards speak
        for c in teachers:
            if c.lang not in built:
                built[c.lang] = await anyio.to_thread.run_sync(build, c.lang)
            data = dict(built[c.lang])
            codes = data.pop("codes")
            await self.send(c, json.dumps({**data, "codes": codes if c.codes else None}))
            if c.reveal is not None:
                await self.send_reveal(c)

    async def send_reveal(self, client: Client) -> None:
        tid = client.reveal
        if tid is None or tid not in self.live:
            await self.send(client, json.dumps({"type": "reveal", "html": "", "board": None}))
            return

        def build() -> str:
            with self._lock(tid), lang(client.lang):
                live = self.live[tid]
                return plotly.io.json.to_json_plotly({"type": "reveal", "table": tid, "html": reveal_html(live),
                                                      "board": board(live.state, None).to_plotly_json()})

        await self.send(client, await anyio.to_thread.run_sync(build, limiter=self.drawing))


def said(text: str, error: bool = False) -> str:
    """A note for one page (the answer to its click)."""
    return json.dumps({"type": "said", "text": ("⚠ " if error else "") + text, "error": error})


def status_message(ok: bool) -> str:
    return json.dumps({"type": "status", "store": "ok" if ok else "reconnecting", "text": "" if ok else RECONNECTING})


def _short(exc: BaseException | None) -> str:
    if exc is None:
        return ""
    text = str(getattr(exc, "orig", None) or exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"[:300]
