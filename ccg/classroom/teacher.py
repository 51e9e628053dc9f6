"""What the teacher's dashboard can ask for: create, pause, resume, delete, reseat and restart tables,
show the join codes, reveal a table, the debrief. Each answer is one line for the dashboard.

Bad requests raise :class:`~ccg.classroom.store.StoreError` with a specific message (the dashboard
shows it) and change nothing: a table's agent specs are checked when it is created.
"""
from __future__ import annotations

import html
import json
from typing import Any, Awaitable, Callable

import anyio.to_thread
import plotly.io

from ..agents.base import parse_agent_spec
from ..agents.levels import with_level
from ..core.option_text import options_from_text
from ..core.registry import get_spec, new_game
from ..i18n import UnknownLanguageError, _, lang, ngettext, normalize
from .bots import DEFAULT_BOT
from .hub import Client, Hub
from .store import STUDENT, StoreError

__all__ = ["carry_out", "create_tables", "debrief_message"]

MAX_TABLES = 40


def _int(msg: dict, key: str, low: int, high: int, default: int | None = None) -> int:
    value = msg.get(key, default)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StoreError(f"{key}: expected a whole number {low}..{high}, got {value!r}")
    return value


def _table(msg: dict, hub: Hub) -> int:
    tid = _int(msg, "table", 0, 2**31)
    if tid not in hub.live:
        raise StoreError(f"table: no table with id {tid}")
    return tid


def create_tables(store: Any, msg: dict) -> list[int]:
    """Tables from the dashboard's form: ``game``, ``tables``, ``players``, ``students``, ``bot``, ``level`` (the
    bots' strategist level 1–5, empty: the bot as typed; it applies to strategist seats), ``seats``
    (optional, one kind per seat, comma-separated), ``seed``, ``lesson``, ``rules`` ("name=value, …"), ``lang``
    (the tables' language: their students' pages and printables)."""
    game, spec = _chosen_game(msg)
    n = _int(msg, "tables", 1, MAX_TABLES, 1)
    kinds = _seat_kinds(msg, spec)
    seed = _int(msg, "seed", 0, 2**31, 1)
    lesson = msg.get("lesson", "")
    options = _form_options(msg, game)
    # every table is checked before any is stored: a bad seat or option fails the whole form
    kinds = _with_level(store.check_seats(kinds), msg.get("level"))
    try:
        new_game(game, players=len(kinds), seed=seed, **options)
    except ValueError as exc:
        raise StoreError(str(exc)) from None
    language = _form_language(msg)
    ids = [store.create_table(game, kinds, seed=seed + k, options=options, lesson=lesson).id for k in range(n)]
    if language is not None:
        for tid in ids:
            store.set_table_language(tid, language)
    return ids


def _chosen_game(msg: dict) -> tuple[str, Any]:
    game = msg.get("game")
    if not isinstance(game, str):
        raise StoreError("game: choose a game")
    try:
        return game, get_spec(game)
    except ValueError as exc:
        raise StoreError(str(exc)) from None


def _seat_kinds(msg: dict, spec: Any) -> list[str]:
    """One kind per seat: as listed in ``seats``, else ``students`` students and bots for the other seats."""
    seats_text = msg.get("seats") or ""
    if not isinstance(seats_text, str):
        raise StoreError("seat kinds: expected text")
    kinds = [k.strip() for k in seats_text.split(",") if k.strip()]
    if not kinds:
        players = _int(msg, "players", spec.min_players, spec.max_players, spec.default_players)
        students = _int(msg, "students", 0, players, players)
        bot = msg.get("bot") or DEFAULT_BOT
        kinds = [STUDENT] * students + [bot] * (players - students)
    return kinds


def _form_options(msg: dict, game: str) -> dict:
    """The game's options: ``options`` with the ``rules`` text ("name=value, …") merged in."""
    rules_text = msg.get("rules") or ""
    if not isinstance(rules_text, str):
        raise StoreError("rules: expected text")
    rules = [r for r in rules_text.replace(";", ",").split(",") if r.strip()]
    options = msg.get("options") or {}
    if not isinstance(options, dict):
        raise StoreError("options: expected key: value pairs")
    try:
        return {**options, **options_from_text(game, [], rules)}
    except ValueError as exc:
        raise StoreError(str(exc)) from None


def _form_language(msg: dict) -> str | None:
    """The tables' language (None: the class's default)."""
    language = msg.get("lang") or None
    if language is None:
        return None
    try:
        return normalize(language) if isinstance(language, str) else normalize("")
    except UnknownLanguageError as exc:
        raise StoreError(f"language: {exc}") from None


def _with_level(kinds: list[str], level: object) -> list[str]:
    """The seat kinds with the form's bot level set on every strategist seat (no level: as they are)."""
    if level is None or level == "":
        return kinds
    try:
        number = int(level) if isinstance(level, str) and level.strip().isdigit() else level
        if not any(k != STUDENT and parse_agent_spec(k)[0] == "strategist" for k in kinds):
            raise ValueError("a level applies to strategist bots, and these seats have none")
        return [k if k == STUDENT else with_level(k, number) for k in kinds]
    except ValueError as exc:
        raise StoreError(f"level: {exc}") from None


async def carry_out(hub: Hub, client: Client, msg: dict) -> str:
    """Carry out one dashboard request (``REQUESTS``, by its type); returns the line to show (empty: nothing to
    say)."""
    kind = msg["type"]
    request = REQUESTS.get(kind)
    if request is None:
        raise StoreError(f"unknown request {kind!r}")
    return await request(hub, client, msg)


async def _create(hub: Hub, client: Client, msg: dict) -> str:
    ids = await anyio.to_thread.run_sync(create_tables, hub.store, msg)
    return ngettext("created {n} table; its join codes are under ‘Join codes’",
                    "created {n} tables; their join codes are under ‘Join codes’", len(ids)).format(n=len(ids))


async def _pause(hub: Hub, client: Client, msg: dict) -> str:
    """Pause or resume one table, a lesson's tables, or all."""
    store, run = hub.store, anyio.to_thread.run_sync
    paused = msg.get("paused")
    if not isinstance(paused, bool):
        raise StoreError("pause: expected true or false")
    only = None if msg.get("table") is None else [_table(msg, hub)]
    if only is None and isinstance(msg.get("lesson"), str):
        only = [t.id for t in await run(lambda: store.tables(lesson=msg["lesson"]))]
    n = await run(store.set_paused, paused, only)
    if paused:
        return ngettext("paused {n} table", "paused {n} tables", n).format(n=n)
    return ngettext("resumed {n} table", "resumed {n} tables", n).format(n=n)


async def _delete(hub: Hub, client: Client, msg: dict) -> str:
    tid = _table(msg, hub)
    await anyio.to_thread.run_sync(hub.store.delete_table, tid)
    _forget(hub, tid)
    return _("table {id} deleted").format(id=tid)


async def _restart(hub: Hub, client: Client, msg: dict) -> str:
    """The table starts again as a new table, in the same language."""
    store, run = hub.store, anyio.to_thread.run_sync
    tid = _table(msg, hub)
    info = await run(store.restart_table, tid)
    _forget(hub, tid)
    language = await run(store.table_language, tid)
    if language is not None:
        await run(store.set_table_language, info.id, language)
    return _("{name} starts again from the first move (now table {id})").format(name=info.name, id=info.id)


async def _reseat(hub: Hub, client: Client, msg: dict) -> str:
    """A seat changes hands: a student (with a join code) or a bot."""
    tid = _table(msg, hub)
    seat = _int(msg, "seat", 0, 16)
    new_kind = msg.get("kind")
    if not isinstance(new_kind, str):
        raise StoreError(f"kind: expected 'student' or an agent name, got {new_kind!r}")
    info = await anyio.to_thread.run_sync(hub.store.reseat, tid, seat, new_kind)
    _forget(hub, tid)
    s = info.seats[seat]
    if s.is_student:
        return _("{name} seat {seat}: a student, join code {code}").format(name=info.name, seat=seat, code=s.code)
    return _("{name} seat {seat}: bot {kind}").format(name=info.name, seat=seat, kind=s.kind)


async def _show_codes(hub: Hub, client: Client, msg: dict) -> str:
    client.codes = bool(msg.get("show"))
    await hub.push_teacher(force=True)
    return ""


async def _reveal(hub: Hub, client: Client, msg: dict) -> str:
    client.reveal = None if msg.get("table") is None else _table(msg, hub)
    await hub.send_reveal(client)
    return ""


async def _debrief(hub: Hub, client: Client, msg: dict) -> str:
    lesson = msg.get("lesson")
    if lesson is not None and not isinstance(lesson, str):
        raise StoreError("debrief: expected a lesson label")
    await hub.send(client, await anyio.to_thread.run_sync(debrief_message, hub.store, lesson, client.lang))
    return ""


REQUESTS: dict[str, Callable[[Hub, Client, dict], Awaitable[str]]] = {
    "create": _create, "pause": _pause, "delete": _delete, "restart": _restart, "reseat": _reseat,
    "codes": _show_codes, "reveal": _reveal, "debrief": _debrief,
}


def _forget(hub: Hub, tid: int) -> None:
    """The hub re-reads the table at its next look; the bot runner tries it afresh (no back-off)."""
    hub.versions.pop(tid, None)
    if hub.runner is not None:
        hub.runner.forget(tid)


def debrief_message(store: Any, lesson: str | None, language: str | None = None) -> str:
    """The debrief of ``lesson``'s finished tables (of its first finished table's game), in ``language``
    (default the current one): each game's own metrics and the figures its debrief module declares
    (``SPEC.debrief``)."""
    with lang(language):
        return _debrief_message(store, lesson)


def _debrief_message(store: Any, lesson: str | None) -> str:
    from .debrief import class_games, figures, summary  # pandas: loaded when a debrief is asked for

    games = class_games(store, lesson)
    if not games:
        nothing = html.escape(_("No finished game in this lesson yet."))
        return json.dumps({"type": "debrief", "html": f"<i>{nothing}</i>", "figures": []})
    table = summary(games)
    rows = "".join(f"<li><b>{html.escape(g.label)}</b>: {html.escape(_metrics(row))} — "
                   f"{html.escape(', '.join(g.seats))}</li>" for g, row in zip(games, table.to_dict("records")))
    text = f"<ul class='ccg-debrief-games'>{rows}</ul>" + table.to_html(
        index=False, classes="ccg-debrief-table", border=0, escape=True)
    return plotly.io.json.to_json_plotly({"type": "debrief", "html": text,
                                          "figures": [f.to_plotly_json() for f in figures(games)]})


def _metrics(row: dict) -> str:
    """A game's own metrics on one line ("planet_lost False, final_ppm 412")."""
    return ", ".join(f"{k} {v}" for k, v in row.items() if k not in ("label", "source", "players", "winners"))
