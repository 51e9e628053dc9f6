"""The teacher's dashboard: every table at a glance, new tables and join codes, pause all, reveal secrets.

Opened with the teacher's key (``teacher.ipynb?key=…``, printed by ``ccg classroom serve``);
without it the page shows nothing of the class. The overview shows public facts only (whose
turn, decade and round, the CO2 gauge, the points on the board); a table's secrets (goals,
hands, the referee's board) appear only when the teacher reveals that table, and only here.
"""
from __future__ import annotations

import asyncio
import base64
import html
import os
import time
import urllib.parse
from dataclasses import dataclass
from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from ..agents.base import agent_names
from ..core.registry import get_spec, list_games
from .bots import DEFAULT_BOT
from .following import StoreFollower
from .live import LiveTable
from .store import STUDENT, TableStore, open_store
from .views import gauge_html, public_move, seat_name, seat_view, view_css

__all__ = ["Dashboard", "TableRow", "join_link", "table_rows"]

STALL_AFTER = 120.0   # a student to move for this long without a move: the table is stalled
AWAY_AFTER = 45.0     # a student whose page has not called in for this long has probably left
BOTS_AFTER = 20.0     # a bot to move for this long: the bot runner is not running


def join_link(base_url: str, code: str) -> str:
    """The address a student opens to sit at the seat of ``code``."""
    return f"{base_url.rstrip('/')}/voila/render/student.ipynb?code={urllib.parse.quote(code)}"


@dataclass(frozen=True)
class TableRow:
    """One line of the overview (public facts only)."""

    id: int
    name: str
    game: str
    lesson: str
    move: int
    turn: str
    milestone: str
    gauge: dict | None
    points: str
    idle: float
    state: str
    stalled: bool


def table_rows(tables: list[LiveTable], now: float | None = None, stall_after: float = STALL_AFTER) -> list[TableRow]:
    """The overview of ``tables``: game, whose turn, decade/round, gauge or points, stalled or not."""
    now = time.time() if now is None else now
    rows = []
    for live in tables:
        s, info = live.state, live.info
        view = seat_view(s, 0, seats=info.seats, paused=live.paused)  # the public part of any seat's view
        idle = now - live.updated
        stalled = False
        if s.is_terminal():
            turn, state = "—", view.status.replace("Game over — ", "finished: ")
        else:
            p = s.current_player
            seat = info.seats[p]
            who = seat_name(s.game, p)
            turn = f"{who} ({seat.name or 'student'})" if seat.is_student else f"{who} (bot {seat.kind})"
            state = "paused" if live.paused else "playing"
            if not live.paused:
                if seat.is_student and idle > stall_after:
                    stalled, state = True, f"stalled: {who} to move for {idle / 60:.0f} min"
                elif seat.is_student and (seat.last_seen is None or now - seat.last_seen > AWAY_AFTER):
                    stalled, state = True, f"stalled: {who}'s student is not connected"
                elif not seat.is_student and idle > BOTS_AFTER:
                    stalled, state = True, "stalled: the bots are not running (ccg classroom serve)"
        points = " · ".join(f"{seat_name(s.game, p)} {v}" for p, (_, v, _, _) in enumerate(view.scores))
        rows.append(TableRow(info.id, info.name, s.game, info.lesson, s.ply, turn, view.milestone, view.gauge,
                             points, idle, state, stalled))
    return rows


def rows_html(rows: list[TableRow]) -> str:
    if not rows:
        return "<i>No tables yet: create them below.</i>"
    head = "".join(f"<th>{h}</th>" for h in ("table", "game", "move", "whose turn", "decade / round",
                                             "CO₂ / points", "last move", "state"))
    body = []
    for r in rows:
        gauge = gauge_html(r.gauge, width="160px", compact=True) if r.gauge else ""
        cls = " class='ccg-stalled'" if r.stalled else ""
        body.append(
            f"<tr class='ccg-table-row' data-table='{r.id}'><td><b>{html.escape(r.name)}</b><br>"
            f"<small>{html.escape(r.lesson)}</small></td><td>{html.escape(get_spec(r.game).title)}</td>"
            f"<td>{r.move}</td><td>{html.escape(r.turn)}</td><td>{html.escape(r.milestone)}</td>"
            f"<td>{gauge}<small>{html.escape(r.points)}</small></td><td>{_ago(r.idle)}</td>"
            f"<td{cls}>{html.escape(r.state)}</td></tr>")
    return f"<table class='ccg-tables'><tr>{head}</tr>{''.join(body)}</table>"


def _ago(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s ago"
    return f"{seconds / 60:.0f} min ago"


def codes_html(tables: list[LiveTable], base_url: str) -> str:
    """Join codes and links of the student seats."""
    out = []
    for live in tables:
        info = live.info
        seats = []
        for s in info.seats:
            who = seat_name(info.game, s.seat)
            if s.is_student:
                link = join_link(base_url, s.code)
                name = f" — {html.escape(s.name)}" if s.name else ""
                seats.append(f"<li>{who}: code <b class='ccg-code'>{s.code}</b>{name} · "
                             f"<a href='{html.escape(link)}' target='_blank'>{html.escape(link)}</a></li>")
            else:
                seats.append(f"<li>{who}: bot {html.escape(s.kind)}</li>")
        out.append(f"<div><b>{html.escape(info.name)}</b> ({html.escape(info.lesson)})<ul>{''.join(seats)}</ul></div>")
    return "".join(out) or "<i>No tables yet.</i>"


class Dashboard(StoreFollower):
    """The teacher's page (see the module docstring). ``key`` must be the store's teacher key."""

    def __init__(self, store: TableStore | str | None = None, key: str | None = None, base_url: str = "",
                 poll: float = 1.0) -> None:
        self.store = open_store(store)
        self.base_url = base_url
        self.poll = poll
        self.live: dict[int, LiveTable] = {}
        self._task: asyncio.Task | None = None
        self.allowed = self.store.check_teacher_key(key)
        if not self.allowed:
            self.widget = W.HTML("<div class='ccg-dash'><h3>Teacher's dashboard</h3><p>This page needs the teacher's "
                                 "key: open the teacher link that <code>ccg classroom serve</code> printed.</p></div>")
            return
        self.overview = W.HTML().add_class("ccg-overview")
        self.message = W.HTML()
        self.lesson = W.Dropdown(description="lesson", options=[("all lessons", None)])
        self.pause_button = W.Button(description="Pause all", button_style="warning").add_class("ccg-pause")
        self.resume_button = W.Button(description="Resume all", button_style="success").add_class("ccg-resume")
        self.pause_button.on_click(lambda _: self.pause(True))
        self.resume_button.on_click(lambda _: self.pause(False))
        self.lesson.observe(lambda _: self.refresh(), "value")
        self.codes = W.HTML().add_class("ccg-codes")
        self._build_create()
        self._build_reveal()
        self.material = W.HTML()
        self.material_button = W.Button(description="Lesson material (print)").add_class("ccg-material")
        self.material_button.on_click(lambda _: self.show_material())
        sections = W.Accordion(children=[
            self.create_box, W.VBox([self.codes]), self.reveal_box, W.VBox([self.material_button, self.material])])
        for i, t in enumerate(["New tables", "Join codes and links", "Reveal a table's secrets",
                               "Printable material"]):
            sections.set_title(i, t)
        self.sections = sections
        self.widget = W.VBox([
            W.HTML(view_css()), W.HTML("<h2 style='margin:4px 0'>Teacher's dashboard</h2>"),
            W.HBox([self.lesson, self.pause_button, self.resume_button]), self.message, self.overview, sections,
        ]).add_class("ccg-dash")
        self.refresh()

    @classmethod
    def from_environment(cls, poll: float = 1.0) -> "Dashboard":
        """The dashboard of a Voila page: store from ``CCG_CLASSROOM_URL``, key from the page address."""
        query = urllib.parse.parse_qs(os.environ.get("QUERY_STRING", ""))
        base = os.environ.get("CCG_CLASSROOM_PUBLIC_URL", "")
        if not base and os.environ.get("SERVER_NAME"):
            base = f"http://{os.environ['SERVER_NAME']}:{os.environ.get('SERVER_PORT', '')}".rstrip(":")
        app = cls(None, key=(query.get("key") or [""])[0], base_url=base, poll=poll)
        app.start()
        return app

    # ------------------------------------------------------------------ building
    def _build_create(self) -> None:
        bots = agent_names()
        self.new_lesson = W.Text(description="lesson", value=time.strftime("%Y-%m-%d"))
        self.new_game = W.Dropdown(description="game", options=list_games(), value="co2" if "co2" in list_games()
                                   else list_games()[0])
        self.new_tables = W.BoundedIntText(description="tables", value=6, min=1, max=20)
        self.new_players = W.BoundedIntText(description="seats", value=4, min=1, max=6)
        self.new_students = W.BoundedIntText(description="students", value=4, min=0, max=6)
        self.new_bot = W.Dropdown(description="bots", options=bots,
                                  value=DEFAULT_BOT if DEFAULT_BOT in bots else "greedy")
        self.new_seed = W.IntText(description="first seed", value=1)
        self.new_seats = W.Text(description="seat kinds", placeholder="optional, e.g. student, student, greedy, mcts",
                                layout=W.Layout(width="460px"))
        self.new_rules = W.Text(description="rules", placeholder="optional, e.g. ppm.coal=30, ppm.lose=450",
                                layout=W.Layout(width="460px"))
        self.option_box = W.VBox()
        self.create_button = W.Button(description="Create tables", button_style="primary").add_class("ccg-create")
        self.create_button.on_click(lambda _: self._create_from_form())
        self.new_game.observe(lambda _: self._game_options(), "value")
        self._game_options()
        help_ = W.HTML(f"<small>Seats: the first <i>students</i> seats are students, the others play the "
                       f"<i>bots</i> agent — or list every seat's kind in <i>seat kinds</i> ('student' or an "
                       f"agent: {', '.join(bots)}). Rules: any rule parameter of the game "
                       f"(<code>ccg describe GAME</code>).</small>")
        self.create_box = W.VBox([self.new_lesson, self.new_game, self.new_tables, self.new_players,
                                  self.new_students, self.new_bot, self.new_seats, self.new_seed, self.option_box,
                                  self.new_rules, help_, self.create_button])

    def _game_options(self) -> None:
        spec = get_spec(self.new_game.value)
        self._option_widgets: dict[str, W.Widget] = {}
        for key, opt in spec.options.items():
            if opt.choices:
                self._option_widgets[key] = W.Dropdown(description=key, options=list(opt.choices), value=opt.default)
            elif isinstance(opt.default, bool):
                self._option_widgets[key] = W.Checkbox(description=key, value=opt.default)
        self.option_box.children = list(self._option_widgets.values())
        self.new_players.min, self.new_players.max = spec.min_players, spec.max_players
        self.new_players.value = spec.default_players

    def _build_reveal(self) -> None:
        from ..ui.board import FigureSlot

        self.reveal_table = W.Dropdown(description="table", options=[])
        self.reveal_button = W.ToggleButton(description="Reveal secrets", value=False).add_class("ccg-reveal")
        self.reveal_text = W.HTML()
        self.reveal_board = FigureSlot()
        self._revealed = False
        self.reveal_button.observe(lambda _: self._show_reveal(), "value")
        self.reveal_table.observe(lambda _: self._show_reveal(), "value")
        self.reveal_box = W.VBox([W.HBox([self.reveal_table, self.reveal_button]), self.reveal_text,
                                  W.Box([self.reveal_board.box], layout=W.Layout(overflow="auto", width="100%"))])

    # ------------------------------------------------------------------ actions
    def create_tables(self, game: str, n_tables: int, players: int, students: int, bot: str, seed: int = 1,
                      lesson: str = "", seats: list[str] | None = None, **options: Any) -> list[int]:
        """Create ``n_tables`` tables of ``players`` seats, the first ``students`` for students; returns their ids.

        ``seats`` (one kind per seat: ``"student"`` or an agent name) replaces ``players``/``students``/``bot``."""
        if seats is None:
            seats = [STUDENT] * students + [bot] * (players - students)
        ids = [self.store.create_table(game, seats, seed=seed + k, options=options, lesson=lesson).id
               for k in range(n_tables)]
        self.refresh()
        return ids

    def _create_from_form(self) -> None:
        try:
            from ..cli import _options

            students = min(self.new_students.value, self.new_players.value)
            options = {k: w.value for k, w in self._option_widgets.items()}
            rules = [r for r in self.new_rules.value.replace(";", ",").split(",") if r.strip()]
            options.update(_options(self.new_game.value, [], rules))
            kinds = [k.strip() for k in self.new_seats.value.split(",") if k.strip()] or None
            ids = self.create_tables(self.new_game.value, self.new_tables.value, self.new_players.value, students,
                                     self.new_bot.value, seed=self.new_seed.value, lesson=self.new_lesson.value,
                                     seats=kinds, **options)
            self._say(f"created {len(ids)} tables; their join codes are under 'Join codes and links'")
            self.sections.selected_index = 1
        except ValueError as exc:
            self._say(str(exc), error=True)

    def pause(self, paused: bool) -> int:
        """Pause (or resume) every table of the lesson shown (all lessons: every table)."""
        ids = None if self.lesson.value is None else [t.id for t in self.store.tables(lesson=self.lesson.value)]
        n = self.store.set_paused(paused, ids)
        self._say(f"{'paused' if paused else 'resumed'} {n} table{'s' if n != 1 else ''}")
        self.refresh()
        return n

    def reveal(self, table_id: int) -> str:
        """Show one table's secrets (every seat's hidden cards and the referee's board); returns the text."""
        self.reveal_table.value = table_id
        self.reveal_button.value = True
        self._show_reveal()
        return self.reveal_text.value

    def _show_reveal(self) -> None:
        tid = self.reveal_table.value
        if not self.reveal_button.value or tid is None or tid not in self.live:
            self.reveal_text.value = "<i>Secrets stay hidden until you press 'Reveal secrets'.</i>"
            if self._revealed:  # take the referee's board out of the page, not just out of sight
                self.reveal_board.show(go.Figure())
                self._revealed = False
            self.reveal_board.box.layout.display = "none"
            return
        from ..ui.table import board_figure

        live = self.live[tid]
        s = live.state
        rows = []
        for p in range(s.num_players):
            v = seat_view(s, p, seats=live.info.seats)
            secret = "; ".join(f"{k}: {t}" for k, t in v.secrets) or "nothing secret"
            rows.append(f"<li><b>{html.escape(seat_name(s.game, p))}</b>: {html.escape(secret)}</li>")
        log = "".join(f"<div>{html.escape(public_move(s.game, m, None, s))}</div>" for m in live.moves[-20:])
        self.reveal_text.value = (f"<div class='ccg-panel ccg-secret ccg-revealed'><b>{html.escape(live.info.name)}"
                                  f"</b> — every seat's secrets<ul>{''.join(rows)}</ul>"
                                  f"<div class='ccg-log'>{log}</div></div>")
        self.reveal_board.show(board_figure(s, None))
        self.reveal_board.box.layout.display = ""
        self._revealed = True

    def show_material(self, lesson: str | None = None) -> str:
        """Links to the lesson's printable pages (downloaded as HTML files, printed from the browser)."""
        from .printables import lesson_pages

        lesson = lesson if lesson is not None else self.lesson.value
        lesson = lesson if lesson is not None else (self.store.lessons() or [""])[-1]
        links = []
        for filename, page in lesson_pages(self.store, lesson, base_url=self.base_url).items():
            data = base64.b64encode(page.encode("utf-8")).decode("ascii")
            links.append(f"<li><a download='{html.escape(filename)}' href='data:text/html;base64,{data}'>"
                         f"{html.escape(filename)}</a></li>")
        self.material.value = (f"<div>Lesson <b>{html.escape(lesson or '(no label)')}</b>: download, open, print "
                               f"(each page is laid out for A4).<ul>{''.join(links)}</ul></div>")
        return self.material.value

    # ------------------------------------------------------------------ following the class
    followed = "the store"

    def catch_up(self) -> object:
        return self.refresh()

    def may_follow(self) -> bool:
        return bool(self.allowed)

    def sync(self) -> list[LiveTable]:
        """Catch up with the store (new tables too); the tables of the lesson shown."""
        infos = {t.id: t for t in self.store.tables()}
        for tid, info in infos.items():
            live = self.live.get(tid)
            if live is None:
                self.live[tid] = LiveTable(self.store, tid)
            else:
                live.sync()
                live.info = info
        lessons = list(dict.fromkeys(t.lesson for t in infos.values()))
        options = [("all lessons", None)] + [(x or "(no label)", x) for x in lessons]
        if list(self.lesson.options) != options:
            value = self.lesson.value
            self.lesson.options = options
            self.lesson.value = value if value in lessons else None
        shown = [t for t in self.live.values() if self.lesson.value is None or t.info.lesson == self.lesson.value]
        return sorted(shown, key=lambda t: t.id)

    def refresh(self) -> None:
        if not self.allowed:
            return
        tables = self.sync()
        self.overview.value = rows_html(table_rows(tables))
        self.codes.value = codes_html(tables, self.base_url)
        options = [(t.info.name, t.id) for t in tables]
        if list(self.reveal_table.options) != options:
            keep = self.reveal_table.value
            self.reveal_table.options = options
            ids = [i for _, i in options]
            self.reveal_table.value = keep if keep in ids else (ids[0] if ids else None)
        if self.reveal_button.value:
            self._show_reveal()

    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b2182b" if error else "#2b7a0b"
        self.message.value = f"<div style='color:{colour}'>{html.escape(text)}</div>"

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)
