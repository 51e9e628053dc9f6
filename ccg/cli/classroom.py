"""``ccg classroom …``: serve a class, set up tables, list join codes, print the lesson material, run bots.

Every action names its store with ``--dir DIR`` (SQLite file ``DIR/classroom.sqlite``) or one
URL (``--url`` or the ``CCG_CLASSROOM_URL`` environment variable, e.g. a PostgreSQL URL).

The classroom (SQLAlchemy, Starlette, uvicorn) is imported when an action runs: building the
parser imports none of it, so ``ccg --help`` stays fast.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from ..core.option_text import options_from_text
from ..core.registry import get_spec
from ..core.teaching import DEFAULT_GAME

__all__ = ["add_parser"]

ACTIONS = "serve, new, tables, print, demo or bots"


# ---- the parsers -------------------------------------------------------------------------------------
def add_parser(sub: Any) -> None:
    """Add the ``classroom`` command to the ``ccg`` parser's sub-commands."""
    c = sub.add_parser("classroom", help="a whole class plays: serve, tables, printables, bots",
                       description="Run a lesson: every student on their own device, a teacher's dashboard, "
                                   "bots, a store that survives a crash.")
    c.set_defaults(run=_no_action)
    actions = c.add_subparsers(dest="classroom_action", metavar="ACTION", parser_class=type(c), help=ACTIONS)
    _add_serve(actions)
    _add_new(actions)
    _add_tables(actions)
    _add_print(actions)
    _add_demo(actions)
    _add_bots(actions)


def _store_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dir", metavar="DIR", help="folder of the lesson's SQLite store (created if missing)")
    p.add_argument("--url", metavar="URL", help="a database URL instead (sqlite:///…, postgresql://…); "
                                                "default: $CCG_CLASSROOM_URL")


def _add_serve(actions: Any) -> None:
    s = actions.add_parser("serve", help="serve the students' and teacher's pages and run the bots")
    _store_args(s)
    s.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1, this machine only; 0.0.0.0: the class network)")
    s.add_argument("--port", type=int, default=8866, help="port (default 8866; 0: any free port)")
    s.add_argument("--bot-delay", type=float, default=1.0, metavar="S",
                   help="seconds a bot waits after the last move, so students can follow (default 1)")
    s.add_argument("--no-bots", action="store_true", help="do not run the bots here (another process does)")
    s.add_argument("--lang", default=None, metavar="LANG",
                   help="the pages' language when a browser asks for none ccg speaks: en, cs, pl, zh_Hant "
                        "(default en; a student's page follows the browser, its table, or the page's switch)")
    s.set_defaults(run=run_serve)


def _add_new(actions: Any) -> None:
    n = actions.add_parser("new", help="create tables (the dashboard does the same)")
    _store_args(n)
    n.add_argument("--game", default=DEFAULT_GAME, help=f"game (default {DEFAULT_GAME})")
    n.add_argument("--tables", type=int, default=1, help="how many tables (default 1)")
    n.add_argument("--players", type=int, default=4, help="seats per table (default 4)")
    n.add_argument("--students", type=int, default=None, help="student seats per table (default: all)")
    n.add_argument("--bot", default=None, help="agent of the other seats (default strategist)")
    n.add_argument("--seed", type=int, default=1, help="seed of the first table; the next tables count up")
    n.add_argument("--lesson", default="", help="lesson label, e.g. '7B 12 March'")
    n.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="game option")
    n.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE", help="rule parameter")
    n.set_defaults(run=run_new)


def _add_tables(actions: Any) -> None:
    t = actions.add_parser("tables", help="list the tables with their join codes")
    _store_args(t)
    t.add_argument("--lesson", default=None, help="only this lesson")
    t.set_defaults(run=run_tables)


def _add_print(actions: Any) -> None:
    p = actions.add_parser("print", help="write the lesson's printable pages (HTML, PDF with --pdf)")
    _store_args(p)
    p.add_argument("--lesson", default=None, help="lesson label (default: the latest)")
    p.add_argument("--out", metavar="FOLDER", default=None, help="where to write (default DIR/print)")
    p.add_argument("--base-url", default="", help="address students open, printed on the cards")
    p.add_argument("--pdf", action="store_true", help="also print each page to PDF with Chromium (Playwright)")
    p.add_argument("--lang", default=None, metavar="LANG", help="the pages' language: en, cs, pl or zh_Hant "
                   "(default: the process's, English)")
    p.set_defaults(run=run_print)


def _add_demo(actions: Any) -> None:
    d = actions.add_parser("demo", help="a demo lesson played to the end by agents, to try the dashboard and debrief")
    _store_args(d)
    d.add_argument("--lesson", default="demo lesson", help="lesson label (default 'demo lesson')")
    d.add_argument("--tables", type=int, default=4, help="how many tables (default 4)")
    d.add_argument("--seed", type=int, default=1, help="seed of the first table")
    d.set_defaults(run=run_demo)


def _add_bots(actions: Any) -> None:
    b = actions.add_parser("bots", help="only run the bots (e.g. one process for a JupyterHub's store)")
    _store_args(b)
    b.add_argument("--bot-delay", type=float, default=1.0, metavar="S", help="seconds after the last move")
    b.set_defaults(run=run_bots)


# ---- the actions -------------------------------------------------------------------------------------
def _no_action(args: argparse.Namespace) -> int:
    raise ValueError(f"choose an action: {ACTIONS} (see ccg classroom --help)")


def run_serve(args: argparse.Namespace) -> int:
    from ..classroom.server import serve  # Starlette and uvicorn load when the server starts
    from ..i18n import normalize

    if not 0 <= args.port < 65536:
        raise ValueError(f"--port must be 0..65535, got {args.port}")
    if args.bot_delay < 0:
        raise ValueError(f"--bot-delay must be at least 0, got {args.bot_delay}")
    language = None if args.lang is None else normalize(args.lang)  # an unknown one: a clear error, exit 2
    return serve(_store(args), host=args.host, port=args.port, bot_delay=args.bot_delay, bots=not args.no_bots,
                 language=language)


def run_new(args: argparse.Namespace) -> int:
    from ..classroom.bots import DEFAULT_BOT  # the classroom (SQLAlchemy) loads when an action runs
    from ..classroom.store import STUDENT

    spec = get_spec(args.game)
    if not 1 <= args.tables <= 50:
        raise ValueError(f"--tables must be 1..50, got {args.tables}")
    if not spec.min_players <= args.players <= spec.max_players:
        raise ValueError(f"--players must be {spec.min_players}..{spec.max_players} for {args.game}, got {args.players}")
    students = args.players if args.students is None else args.students
    if not 0 <= students <= args.players:
        raise ValueError(f"--students must be 0..{args.players}, got {students}")
    options = options_from_text(args.game, args.option, args.rule)
    store = _store(args)
    seats = [STUDENT] * students + [args.bot or DEFAULT_BOT] * (args.players - students)
    made = [store.create_table(args.game, seats, seed=args.seed + k, options=options, lesson=args.lesson)
            for k in range(args.tables)]
    return _list(store, None, only=[t.id for t in made])


def run_tables(args: argparse.Namespace) -> int:
    return _list(_store(args), args.lesson)


def run_print(args: argparse.Namespace) -> int:
    from ..classroom.printables import write_lesson  # the classroom (SQLAlchemy) loads when an action runs

    store = _store(args)
    lesson = args.lesson if args.lesson is not None else (store.lessons() or [""])[-1]
    out = Path(args.out) if args.out else (Path(args.dir) / "print" if args.dir else Path("print"))
    for path in write_lesson(store, lesson, out, base_url=args.base_url, pdf=args.pdf, language=args.lang):
        print(path)
    return 0


def run_demo(args: argparse.Namespace) -> int:
    from ..classroom.demo import play_demo_lesson  # the classroom (SQLAlchemy) loads when an action runs

    if not 1 <= args.tables <= 50:
        raise ValueError(f"--tables must be 1..50, got {args.tables}")
    store = _store(args)
    play_demo_lesson(store, lesson=args.lesson, tables=args.tables, seed=args.seed)
    return _list(store, args.lesson)


def run_bots(args: argparse.Namespace) -> int:
    from ..classroom.bots import BotRunner  # the classroom (SQLAlchemy) loads when an action runs

    store = _store(args)
    print(f"bots playing on {store!r}; stop with Ctrl+C", flush=True)
    try:
        BotRunner(store, delay=args.bot_delay).run()
    except KeyboardInterrupt:
        pass
    return 0


# ---- what the actions share -------------------------------------------------------------------------
def _store(args: argparse.Namespace) -> Any:
    from ..classroom.store import open_store  # SQLAlchemy loads when an action runs

    if args.url:
        return open_store(args.url)
    if args.dir:
        return open_store(Path(args.dir))
    if os.environ.get("CCG_CLASSROOM_URL"):
        return open_store(None)
    raise ValueError("name the store with --dir DIR or --url URL")


def _list(store: Any, lesson: str | None, only: list[int] | None = None) -> int:
    tables = store.tables(lesson=lesson, ids=only)
    if not tables:
        print("no tables yet")
    for t in tables:
        state = "finished" if t.finished else ("paused" if t.paused else f"move {t.version}")
        print(f"{t.name} (id {t.id}, {t.game}, lesson {t.lesson or '-'}): {state}")
        for s in t.seats:
            who = f"student, join code {s.code}" + (f" ({s.name})" if s.name else "") if s.is_student else f"bot {s.kind}"
            print(f"  seat {s.seat}: {who}")
    sys.stdout.flush()
    return 0
