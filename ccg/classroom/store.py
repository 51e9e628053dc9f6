"""Classroom tables in a database: records, seats and one version-checked transaction per move.

One interface over two databases, chosen by one URL (SQLAlchemy Core):

- ``sqlite:///path/classroom.sqlite`` (or just a folder or a file path): the embedded default,
  Python's own sqlite3 in WAL mode, so readers never block the writer;
- ``postgresql://user@host/db`` (driven by psycopg 3): for a school server or a JupyterHub
  whose kernels run on several machines.

A table holds its game's record (game, players, seed, options and the actions, one row per
move) and every seat's assignment (a student with a join code, or a bot's agent name). Its
``version`` is the number of moves. :meth:`TableStore.commit_move` writes a move only if the
version is still the one the mover saw, in the same transaction as the move row, so of two
simultaneous clicks one is applied and the other raises :class:`PositionChanged` — a move is
never lost or doubled. Everything needed to resume a table lives here: a kernel or server that
crashes loses nothing (``LiveTable`` replays the record).
"""
from __future__ import annotations

import json
import os
import secrets
import stat
import time
import unicodedata
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

import sqlalchemy as sa

from ..agents.base import make_agent
from ..core.registry import new_game
from ..i18n import UnknownLanguageError, normalize

__all__ = [
    "DEFAULT_FILE", "GameOverError", "JoinCodeError", "MoveRow", "NotYourTurnError", "PausedError",
    "PositionChanged", "SeatInfo", "StoreError", "STUDENT", "TableInfo", "TableVersion", "TableStore", "clean_name",
    "join_link", "open_store", "store_url",
]

STUDENT = "student"
DEFAULT_FILE = "classroom.sqlite"
SCHEMA_VERSION = 1
# join codes: no 0/O, 1/I/L; six characters give 31**6 (about 9e8) codes, drawn with `secrets`
# (a join code is a password, not game randomness: it must not come from a game's seeded generator)
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
MAX_TEXT = 200
MAX_NAME = 40     # a student's name as shown on every page of the table


class StoreError(ValueError):
    """A store request that cannot be carried out (the message says why); nothing was changed."""


class PositionChanged(StoreError):
    """The table moved on (or was paused or finished) since the position the move was chosen in."""


class NotYourTurnError(StoreError):
    """A seat tried to move while another seat is to move."""


class PausedError(StoreError):
    """The teacher paused the table."""


class GameOverError(StoreError):
    """The table's game is over."""


class JoinCodeError(StoreError):
    """A join code that belongs to no seat."""


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a table: ``kind`` is ``"student"`` or a bot's agent name (``ccg.agents.make_agent``)."""

    seat: int
    kind: str
    code: str | None
    name: str
    last_seen: float | None

    @property
    def is_student(self) -> bool:
        return self.kind == STUDENT


@dataclass(frozen=True)
class TableInfo:
    """A table's row: what it plays, who sits where, how far it is."""

    id: int
    lesson: str
    name: str
    game: str
    players: int
    seed: int
    options: dict
    version: int
    to_move: int | None
    finished: bool
    paused: bool
    created: float
    updated: float
    seats: tuple[SeatInfo, ...] = field(default=())

    def seat(self, seat: int) -> SeatInfo:
        return self.seats[seat]


@dataclass(frozen=True)
class TableVersion:
    """The few fields a poller reads often."""

    version: int
    to_move: int | None
    paused: bool
    finished: bool
    updated: float


@dataclass(frozen=True)
class MoveRow:
    """One applied move: ``ply`` counts from 0; ``by`` is ``"student"`` or the bot's agent name."""

    ply: int
    seat: int
    action: str
    at: float
    by: str


_meta = sa.MetaData()
_tables = sa.Table(
    "ccg_tables", _meta,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("lesson", sa.String(MAX_TEXT), nullable=False),
    sa.Column("name", sa.String(MAX_TEXT), nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("to_move", sa.Integer, nullable=True),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("paused", sa.Boolean, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
)
_seats = sa.Table(
    "ccg_seats", _meta,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("ccg_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(MAX_TEXT), nullable=False),
    sa.Column("code", sa.String(16), nullable=True, unique=True),
    sa.Column("name", sa.String(MAX_TEXT), nullable=False),
    sa.Column("last_seen", sa.Float, nullable=True),
)
_moves = sa.Table(
    "ccg_moves", _meta,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("ccg_tables.id"), primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),  # the primary key refuses a doubled move outright
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("by", sa.String(MAX_TEXT), nullable=False),
)
_settings = sa.Table(
    "ccg_settings", _meta,
    sa.Column("key", sa.String(80), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)


def store_url(where: str | os.PathLike) -> str:
    """The SQLAlchemy URL for ``where``: a database URL as given, a folder -> its ``classroom.sqlite``.

    ``postgresql://`` and ``postgres://`` URLs are driven by psycopg 3.
    """
    text = os.fspath(where)
    if not isinstance(text, str) or not text.strip():
        raise StoreError(f"store: expected a database URL or a folder, got {where!r}")
    text = text.strip()
    for prefix in ("postgresql://", "postgres://"):
        if text.startswith(prefix):
            return "postgresql+psycopg://" + text[len(prefix):]
    if "://" in text:
        return text
    path = Path(text).expanduser()
    if path.is_dir() or not path.suffix:
        path = path / DEFAULT_FILE
    return f"sqlite:///{path.resolve()}"


def _sqlite_pragmas(busy_timeout: float) -> Any:
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")     # readers never block the writer, nor it them
        cur.execute("PRAGMA synchronous=FULL")     # a committed move survives a crash of the machine too
        cur.execute(f"PRAGMA busy_timeout={int(busy_timeout * 1000)}")  # writers queue instead of failing at once
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    return on_connect


class TableStore:
    """Tables, seats and moves in one database (see the module docstring). Thread-safe; one per process."""

    def __init__(self, url: str | os.PathLike, busy_timeout: float = 15.0) -> None:
        """``busy_timeout``: seconds a SQLite writer waits for another's lock before it fails."""
        self.url = store_url(url)
        kwargs: dict[str, Any] = {"future": True}
        if self.url.startswith("sqlite"):
            path = self.url.split("///", 1)[-1]
            if path and path != ":memory:":
                _private_file(Path(path))
            kwargs["connect_args"] = {"timeout": busy_timeout, "check_same_thread": False}
        else:  # a server may drop idle connections: renew them rather than ping before every query
            kwargs["pool_recycle"] = 300
        try:
            self.engine = sa.create_engine(self.url, **kwargs)
        except (sa.exc.ArgumentError, ImportError) as exc:
            raise StoreError(f"store: cannot use {self._safe_url()}: {exc}") from None
        self.dialect = self.engine.dialect.name
        if self.dialect == "sqlite":
            sa.event.listen(self.engine, "connect", _sqlite_pragmas(busy_timeout))
        for attempt in (1, 2):  # two processes creating the schema at once: the second try finds it
            try:
                _meta.create_all(self.engine)
                break
            except (sa.exc.OperationalError, sa.exc.ProgrammingError, sa.exc.IntegrityError) as exc:
                if attempt == 2:
                    raise StoreError(f"store: cannot open {self._safe_url()}: {exc.orig}") from None
                time.sleep(0.2)
        self._check_schema()

    def _safe_url(self) -> str:
        return sa.engine.make_url(self.url).render_as_string(hide_password=True) if "://" in self.url else self.url

    def __repr__(self) -> str:
        return f"TableStore({self._safe_url()!r})"

    def close(self) -> None:
        self.engine.dispose()

    def _check_schema(self) -> None:
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(_settings.c.value).where(_settings.c.key == "schema")).first()
            if row is None:
                try:
                    conn.execute(_settings.insert().values(key="schema", value=str(SCHEMA_VERSION)))
                except sa.exc.IntegrityError:  # another process wrote it first
                    pass
            elif row[0] != str(SCHEMA_VERSION):
                raise StoreError(f"store: schema version {row[0]}, this ccg reads version {SCHEMA_VERSION}")

    # ------------------------------------------------------------------ tables
    def create_table(self, game: str, seats: Sequence[str], seed: int = 0, options: dict | None = None,
                     lesson: str = "", name: str = "") -> TableInfo:
        """A new table playing ``game`` with one seat per entry of ``seats`` (``"student"`` or an agent name).

        The game is created first (``ccg.new_game``), so bad options fail here with the engine's
        message and nothing is stored. Student seats get a join code.
        """
        seats = self.check_seats(seats)
        state = new_game(game, players=len(seats), seed=seed, **(options or {}))
        lesson, name = _text(lesson, "lesson"), _text(name, "name")
        now = time.time()
        opts = json.dumps(state.options, sort_keys=True)
        with self.engine.begin() as conn:
            table_id = _inserted_id(conn.execute(_tables.insert().values(
                lesson=lesson, name=name, game=state.game, players=state.num_players, seed=state.seed,
                options=opts, version=0, to_move=state.current_player, finished=state.is_terminal(),
                paused=False, created=now, updated=now)))
            if not name:
                conn.execute(_tables.update().where(_tables.c.id == table_id).values(name=f"Table {table_id}"))
            for seat, kind in enumerate(seats):
                conn.execute(_seats.insert().values(table_id=table_id, seat=seat, kind=kind, name="",
                                                    code=self._new_code(conn) if kind == STUDENT else None))
        return self.table(table_id)

    def check_seats(self, seats: Sequence[str]) -> list[str]:
        """The seat kinds as stored (lower case); :class:`StoreError` naming the first seat that is not
        ``"student"`` or an agent spec that builds."""
        if isinstance(seats, str) or not isinstance(seats, Sequence) or not seats:
            raise StoreError(f"seats: expected a list of 'student' or agent names, got {seats!r}")
        return [self._seat_kind(k, i) for i, k in enumerate(seats)]

    @staticmethod
    def _seat_kind(kind: Any, seat: int) -> str:
        """``"student"`` or an agent spec that builds (``make_agent``): a bad spec fails here, not mid-game."""
        if not isinstance(kind, str) or not kind.strip():
            raise StoreError(f"seats[{seat}]: expected 'student' or an agent name, got {kind!r}")
        kind = kind.strip().lower()
        if kind != STUDENT:
            if len(kind) > MAX_TEXT:
                raise StoreError(f"seats[{seat}]: an agent spec of at most {MAX_TEXT} characters, got {len(kind)}")
            try:
                make_agent(kind, 0)
            except ValueError as exc:
                raise StoreError(f"seats[{seat}]: {exc}") from None
        return kind

    def _new_code(self, conn: sa.Connection) -> str:
        for _ in range(100):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if conn.execute(sa.select(_seats.c.table_id).where(_seats.c.code == code)).first() is None:
                return code
        raise StoreError("store: could not draw a free join code")  # pragma: no cover - 1e-800

    def table(self, table_id: int) -> TableInfo:
        """One table with its seats; :class:`StoreError` if there is none with this id."""
        found = self.tables(ids=[table_id])
        if not found:
            raise StoreError(f"table: no table with id {table_id!r}")
        return found[0]

    def tables(self, lesson: str | None = None, ids: Iterable[int] | None = None) -> list[TableInfo]:
        """Every table (of ``lesson``, or with these ``ids``), oldest first, seats included."""
        q = sa.select(_tables).order_by(_tables.c.id)
        if lesson is not None:
            q = q.where(_tables.c.lesson == lesson)
        if ids is not None:
            ids = [_table_id(i) for i in ids]
            q = q.where(_tables.c.id.in_(ids))
        with self.engine.connect() as conn:
            rows = conn.execute(q).mappings().all()
            seats: dict[int, list[SeatInfo]] = {}
            if rows:
                sq = sa.select(_seats).where(_seats.c.table_id.in_([r["id"] for r in rows])).order_by(
                    _seats.c.table_id, _seats.c.seat)
                for s in conn.execute(sq).mappings():
                    seats.setdefault(s["table_id"], []).append(SeatInfo(
                        s["seat"], s["kind"], s["code"], s["name"], s["last_seen"]))
        return [_table_info(r, seats.get(r["id"], [])) for r in rows]

    def lessons(self) -> list[str]:
        """The lesson labels in use, in the order their first table was created."""
        q = sa.select(_tables.c.lesson, sa.func.min(_tables.c.id)).group_by(_tables.c.lesson).order_by(
            sa.func.min(_tables.c.id))
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(q)]

    def versions(self, ids: Iterable[int] | None = None) -> dict[int, "TableVersion"]:
        """``{table id: TableVersion}`` of every table (or of ``ids``): one cheap query for pollers."""
        c = _tables.c
        q = sa.select(c.id, c.version, c.to_move, c.paused, c.finished, c.updated)
        if ids is not None:
            q = q.where(c.id.in_([_table_id(i) for i in ids]))
        with self.engine.connect() as conn:
            return {r[0]: TableVersion(r[1], r[2], bool(r[3]), bool(r[4]), r[5]) for r in conn.execute(q)}

    def version(self, table_id: int) -> "TableVersion":
        """How far one table is: ``version`` (moves played), ``to_move``, ``paused``, ``finished``, ``updated``."""
        found = self.versions(ids=[table_id])
        if not found:
            raise StoreError(f"table: no table with id {table_id!r}")
        return found[_table_id(table_id)]

    def moves(self, table_id: int, since: int = 0) -> list[MoveRow]:
        """The moves of a table from ply ``since`` on, in order."""
        q = sa.select(_moves.c.ply, _moves.c.seat, _moves.c.action, _moves.c.at, _moves.c.by).where(
            _moves.c.table_id == _table_id(table_id), _moves.c.ply >= since).order_by(_moves.c.ply)
        with self.engine.connect() as conn:
            return [MoveRow(*r) for r in conn.execute(q)]

    def record(self, table_id: int) -> dict:
        """The table's game as a ``ccg.replay`` record (seed, options and every action)."""
        info = self.table(table_id)
        return {"game": info.game, "players": info.players, "seed": info.seed, "options": info.options,
                "actions": [m.action for m in self.moves(table_id)]}

    # ------------------------------------------------------------------ moves
    def commit_move(self, table_id: int, ply: int, seat: int, action: str, to_move: int | None,
                    finished: bool, by: str = STUDENT) -> None:
        """Append ``action`` as move ``ply`` of the table, in one transaction checking the version.

        The caller has checked that ``action`` is legal for ``seat`` in the position after ``ply``
        moves (``LiveTable.play`` does). Raises :class:`PositionChanged` (nothing written) when the
        table has moved on, was paused or has finished meanwhile.
        """
        table_id = _table_id(table_id)
        now = time.time()
        with self.engine.begin() as conn:
            # the UPDATE comes first: it takes the write lock (SQLite) / the row lock (PostgreSQL)
            # before anything is read, so the version test and the insert see one consistent table
            done = conn.execute(_tables.update().where(
                _tables.c.id == table_id, _tables.c.version == ply, _tables.c.paused.is_(False),
                _tables.c.finished.is_(False)).values(version=ply + 1, to_move=to_move, finished=bool(finished),
                                                       updated=now)).rowcount
            if done != 1:
                row = conn.execute(sa.select(_tables.c.version, _tables.c.paused, _tables.c.finished).where(
                    _tables.c.id == table_id)).first()
                if row is None:
                    raise StoreError(f"table: no table with id {table_id!r}")
                if row[2]:
                    raise PositionChanged("the game at this table is over")
                if row[1]:
                    raise PausedError("the teacher has paused the game")
                raise PositionChanged(f"the position changed (move {row[0]} was played meanwhile); look again")
            conn.execute(_moves.insert().values(table_id=table_id, ply=ply, seat=seat, action=action, at=now,
                                                by=_text(by, "by") or STUDENT))

    # ------------------------------------------------------------------ seats
    def find_code(self, code: str) -> tuple[int, int]:
        """``(table id, seat)`` of a join code (case and spaces forgiven); :class:`JoinCodeError` if none."""
        key = "".join(str(code).split()).upper() if isinstance(code, str) else ""
        if not key or len(key) > 16:
            raise JoinCodeError("join code: please type the code on your card")
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(_seats.c.table_id, _seats.c.seat).where(_seats.c.code == key)).first()
        if row is None:
            raise JoinCodeError(f"join code: no seat has the code {key!r}; check the card")
        return row[0], row[1]

    def touch_seat(self, table_id: int, seat: int, name: str | None = None) -> None:
        """Note that the seat's student is here now (and their name, if given)."""
        values: dict[str, Any] = {"last_seen": time.time()}
        if name is not None:
            values["name"] = clean_name(name)
        with self.engine.begin() as conn:
            conn.execute(_seats.update().where(_seats.c.table_id == _table_id(table_id),
                                               _seats.c.seat == seat).values(**values))

    def touch_seats(self, seats: Iterable[tuple[int, int]]) -> None:
        """Note that the students of these ``(table id, seat)`` pairs are here now, in one transaction."""
        pairs = [(_table_id(t), int(s)) for t, s in seats]
        if not pairs:
            return
        now = time.time()
        with self.engine.begin() as conn:
            for tid, seat in pairs:
                conn.execute(_seats.update().where(_seats.c.table_id == tid, _seats.c.seat == seat).values(
                    last_seen=now))

    def set_paused(self, paused: bool, table_ids: Iterable[int] | None = None) -> int:
        """Pause (or resume) these tables, or all; returns how many changed."""
        q = _tables.update().where(_tables.c.paused.is_(not paused))
        if table_ids is not None:
            q = q.where(_tables.c.id.in_([_table_id(i) for i in table_ids]))
        with self.engine.begin() as conn:
            return conn.execute(q.values(paused=bool(paused))).rowcount

    def delete_table(self, table_id: int) -> None:
        """Remove a table with its seats and moves (its join codes stop working)."""
        tid = _table_id(table_id)
        with self.engine.begin() as conn:
            conn.execute(_moves.delete().where(_moves.c.table_id == tid))
            conn.execute(_seats.delete().where(_seats.c.table_id == tid))
            conn.execute(_settings.delete().where(_settings.c.key.like(f"why:{tid}:%")))
            if conn.execute(_tables.delete().where(_tables.c.id == tid)).rowcount != 1:
                raise StoreError(f"table: no table with id {tid!r}")

    def reseat(self, table_id: int, seat: int, kind: str) -> TableInfo:
        """Give ``seat`` to a student (a new join code) or to an agent (its code stops working).

        The game goes on from where it is; a bad agent spec is refused and nothing changes."""
        tid = _table_id(table_id)
        info = self.table(tid)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < info.players:
            raise StoreError(f"seat: expected 0..{info.players - 1}, got {seat!r}")
        kind = self._seat_kind(kind, seat)
        with self.engine.begin() as conn:
            code = self._new_code(conn) if kind == STUDENT else None
            conn.execute(_seats.update().where(_seats.c.table_id == tid, _seats.c.seat == seat).values(
                kind=kind, code=code, name="", last_seen=None))
            conn.execute(_tables.update().where(_tables.c.id == tid).values(updated=time.time()))
        return self.table(tid)

    def restart_table(self, table_id: int) -> TableInfo:
        """The same game, seats, codes and names from the first move, as a new table (a new id).

        One transaction: the old table with its moves goes, its seats move to the new one, so a
        replica of the old game can never mistake the new game's moves for its own."""
        tid = _table_id(table_id)
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(_tables).where(_tables.c.id == tid)).mappings().first()
            if row is None:
                raise StoreError(f"table: no table with id {tid!r}")
            seats = conn.execute(sa.select(_seats).where(_seats.c.table_id == tid).order_by(_seats.c.seat)).mappings().all()
            state = new_game(row["game"], players=row["players"], seed=row["seed"], **json.loads(row["options"]))
            now = time.time()
            new_id = _inserted_id(conn.execute(_tables.insert().values(
                lesson=row["lesson"], name=row["name"], game=row["game"], players=row["players"], seed=row["seed"],
                options=row["options"], version=0, to_move=state.current_player, finished=state.is_terminal(),
                paused=bool(row["paused"]), created=now, updated=now)))
            conn.execute(_moves.delete().where(_moves.c.table_id == tid))
            conn.execute(_seats.delete().where(_seats.c.table_id == tid))
            conn.execute(_tables.delete().where(_tables.c.id == tid))
            conn.execute(_settings.delete().where(_settings.c.key.like(f"why:{tid}:%")))
            for s in seats:
                conn.execute(_seats.insert().values(table_id=new_id, seat=s["seat"], kind=s["kind"], code=s["code"],
                                                    name=s["name"], last_seen=s["last_seen"]))
        return self.table(new_id)

    # ------------------------------------------------------------------ settings
    def table_language(self, tid: int) -> str | None:
        """The language the teacher set for table ``tid`` (its students' pages and printables), or None."""
        return self.setting(f"table_lang:{int(tid)}")

    def table_languages(self) -> dict[int, str]:
        """Every table's language the teacher set (one query: the dashboard reads it with every overview)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(_settings.c.key, _settings.c.value).where(
                _settings.c.key.like("table_lang:%"))).all()
        return {int(k.split(":", 1)[1]): v for k, v in rows}

    def set_table_language(self, tid: int, code: str | None) -> None:
        """Set (or with None clear) table ``tid``'s language: kept as a setting, so stores of the same
        schema version read it and older stores need no migration; an unknown code raises StoreError."""
        key = f"table_lang:{int(tid)}"
        try:
            value = None if code is None else normalize(code)
        except UnknownLanguageError as exc:
            raise StoreError(f"language: {exc}") from None
        with self.engine.begin() as conn:
            conn.execute(_settings.delete().where(_settings.c.key == key))
            if value is not None:
                conn.execute(_settings.insert().values(key=key, value=value))

    def set_reason(self, tid: int, ply: int, seat: int, by: str, text: str) -> None:
        """Keep a bot's reasons for the move it is about to play at ``ply`` (a setting ``why:<table>:<ply>``:
        no schema change; a later write for the same move replaces it)."""
        key = f"why:{int(tid)}:{int(ply)}"
        value = json.dumps({"seat": int(seat), "by": str(by), "text": str(text)})
        with self.engine.begin() as conn:
            conn.execute(_settings.delete().where(_settings.c.key == key))
            conn.execute(_settings.insert().values(key=key, value=value))

    def reasons(self, tid: int) -> dict[int, dict]:
        """``{ply: {"seat", "by", "text"}}``: the bots' reasons kept for table ``tid`` (one query)."""
        with self.engine.connect() as conn:
            rows = conn.execute(sa.select(_settings.c.key, _settings.c.value).where(
                _settings.c.key.like(f"why:{int(tid)}:%"))).all()
        return {int(k.rsplit(":", 1)[1]): json.loads(v) for k, v in rows}

    def setting(self, key: str) -> str | None:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(_settings.c.value).where(_settings.c.key == key)).first()
        return None if row is None else row[0]

    def teacher_key(self) -> str:
        """The teacher's key (drawn once with ``secrets``, kept in the store): it opens the dashboard."""
        key = self.setting("teacher_key")
        if key is not None:
            return key
        try:
            with self.engine.begin() as conn:
                conn.execute(_settings.insert().values(key="teacher_key", value=secrets.token_urlsafe(12)))
        except sa.exc.IntegrityError:  # another process drew it first: theirs holds
            pass
        return self.setting("teacher_key") or ""

    def check_teacher_key(self, key: str | None) -> bool:
        """True if ``key`` is the teacher's key (compared in constant time)."""
        return isinstance(key, str) and bool(key) and secrets.compare_digest(key, self.teacher_key())


def open_store(where: str | os.PathLike | TableStore | None = None) -> TableStore:
    """A :class:`TableStore` for a URL or folder; ``None`` reads the ``CCG_CLASSROOM_URL`` environment variable."""
    if isinstance(where, TableStore):
        return where
    if where is None:
        where = os.environ.get("CCG_CLASSROOM_URL", "")
        if not where:
            raise StoreError("store: no store given and CCG_CLASSROOM_URL is not set "
                             "(start the app with `ccg classroom serve --dir DIR`)")
    return TableStore(where)


def _table_id(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            raise StoreError(f"table: expected a table id (a whole number), got {value!r}") from None
    return value


def _text(value: Any, what: str, limit: int = MAX_TEXT) -> str:
    """Text shown on pages: NFKC-normalised, spaces collapsed, no control or direction characters, capped.

    A control or format character (Unicode categories Cc, Cf: e.g. U+202E RIGHT-TO-LEFT OVERRIDE)
    could make one name read as another on every page, so it is refused, not dropped."""
    if not isinstance(value, str):
        raise StoreError(f"{what}: expected text, got {value!r}")
    value = " ".join(unicodedata.normalize("NFKC", value).split())
    bad = sorted({f"U+{ord(c):04X}" for c in value if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn")})
    if bad:
        raise StoreError(f"{what}: control or direction characters are not allowed ({', '.join(bad[:5])})")
    if len(value) > limit:
        raise StoreError(f"{what}: at most {limit} characters, got {len(value)}")
    return value


def clean_name(value: Any) -> str:
    """A student's name as every page shows it (see :func:`_text`), at most :data:`MAX_NAME` characters."""
    return _text(value, "name", MAX_NAME)


def _private_file(path: Path) -> None:
    """Create the store file 0600 in a 0700 folder (join codes and the teacher's key are in it).

    A folder made here is 0700; an existing store file readable by others is narrowed to 0600."""
    folder = path.parent
    if not folder.exists():
        folder.mkdir(mode=0o700, parents=True)
        os.chmod(folder, 0o700)  # mkdir's mode is cut by the umask
    fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
    os.close(fd)
    if stat.S_IMODE(os.stat(path).st_mode) & 0o077:
        os.chmod(path, 0o600)


def _table_info(r: Any, seats: list[SeatInfo]) -> TableInfo:
    return TableInfo(id=r["id"], lesson=r["lesson"], name=r["name"], game=r["game"], players=r["players"],
                     seed=r["seed"], options=json.loads(r["options"]), version=r["version"], to_move=r["to_move"],
                     finished=bool(r["finished"]), paused=bool(r["paused"]), created=r["created"],
                     updated=r["updated"], seats=tuple(seats))


def _inserted_id(result: Any) -> int:
    """The id the database gave the row an INSERT added."""
    key = result.inserted_primary_key
    if key is None:
        raise StoreError("the database returned no id for the new row")
    return int(key[0])


def join_link(base_url: str, code: str) -> str:
    """The address a student opens to sit at the seat of ``code`` (the code rides in the fragment after
    ``#``, which a browser never sends to a server, so it stays out of logs and Referer headers)."""
    return f"{base_url.rstrip('/')}/#{urllib.parse.quote(code)}"
