"""What the teacher's dashboard shows, as HTML: every table at a glance, join codes, a table's secrets.

The overview shows public facts only (whose turn, decade and round, the game's gauge, the points on
the board); join codes appear only when the teacher asks for them (the dashboard is often on the
projector); a table's secrets (goals, hands, the referee's board) only when the teacher reveals
that table. :mod:`ccg.classroom.web` serves these blocks to the dashboard page.
"""
from __future__ import annotations

import html
import time
from dataclasses import dataclass

from ..core.glossary import game_title
from ..core.state import to_move
from ..i18n import _, format_number, language_names
from .live import LiveTable
from .store import join_link
from .views import gauge_html, public_move, seat_name, seat_view, why_html

__all__ = ["TableRow", "codes_html", "reveal_html", "rows_html", "table_rows"]

STALL_AFTER = 120.0   # a student to move for this long without a move: the table is stalled
AWAY_AFTER = 45.0     # a student whose page has not called in for this long has probably left
BOTS_AFTER = 20.0     # a bot to move for this long: the bot runner is not running


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
            turn, state = "—", _("finished: {status}").format(status=view.status)
        else:
            p = to_move(s)
            seat = info.seats[p]
            who = seat_name(s.game, p)
            if seat.is_student:
                turn = _("{player} ({student})").format(player=who, student=seat.name or _("student"))
            else:
                turn = _("{player} (bot {kind})").format(player=who, kind=seat.kind)
            state = _("paused") if live.paused else _("playing")
            if not live.paused:
                if seat.is_student and idle > stall_after:
                    stalled, state = True, _("stalled: {player} to move for {minutes} min").format(
                        player=who, minutes=format_number(round(idle / 60)))
                elif seat.is_student and (seat.last_seen is None or now - seat.last_seen > AWAY_AFTER):
                    stalled, state = True, _("stalled: the student of {player} is not connected").format(player=who)
                elif not seat.is_student and idle > BOTS_AFTER:
                    stalled, state = True, _("stalled: the bots are not running (ccg classroom serve)")
        points = " · ".join(f"{seat_name(s.game, p)} {format_number(v) if isinstance(v, int) else v}"
                            for p, (_n, v, _y, _m) in enumerate(view.scores))
        rows.append(TableRow(info.id, info.name, s.game, info.lesson, s.ply, turn, view.milestone, view.gauge,
                             points, idle, state, stalled))
    return rows


def rows_html(rows: list[TableRow], trouble: dict[int, str] | None = None,
              languages: dict[int, str] | None = None) -> str:
    """The overview table; ``trouble``: tables whose bots wait to try again after an error (say so);
    ``languages``: the tables' languages the teacher set (shown under the table's name)."""
    if not rows:
        none = _("No tables yet: create them below.")
        return f"<i>{html.escape(none)}</i>"
    trouble, languages, names = trouble or {}, languages or {}, language_names()
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("table"), _("game"), _("move"), _("whose turn"), _("decade / round"), _("gauge / points"), _("last move"),
        _("state"), ""))
    body = []
    for r in rows:
        gauge = gauge_html(r.gauge, width="160px", compact=True) if r.gauge else ""
        state = r.state
        if r.id in trouble:
            state = _("{state}; bots retrying after an error").format(state=state)
        cls = " class='ccg-stalled'" if r.stalled or r.id in trouble else ""
        buttons = "".join(f"<button class='ccg-{act}' data-act='{act}' data-table='{r.id}'>{html.escape(label)}"
                          f"</button> " for act, label in (
                              ("pause-one", _("pause")), ("resume-one", _("resume")), ("reveal", _("reveal")),
                              ("restart", _("restart")), ("delete", _("delete"))))
        spoken = languages.get(r.id)
        spoken_html = (f" <small class='ccg-table-lang' data-lang='{spoken}'>{html.escape(names[spoken])}</small>"
                       if spoken in names else "")
        body.append(
            f"<tr class='ccg-table-row' data-table='{r.id}'><td><b>{html.escape(r.name)}</b><br>"
            f"<small>{html.escape(r.lesson)}</small>{spoken_html}</td><td>{html.escape(game_title(r.game))}</td>"
            f"<td>{format_number(r.move)}</td><td>{html.escape(r.turn)}</td><td>{html.escape(r.milestone)}</td>"
            f"<td>{gauge}<small>{html.escape(r.points)}</small></td><td>{_ago(r.idle)}</td>"
            f"<td{cls}>{html.escape(state)}</td><td class='ccg-row-actions'>{buttons}</td></tr>")
    return f"<table class='ccg-tables'><tr>{head}</tr>{''.join(body)}</table>"


def _ago(seconds: float) -> str:
    if seconds < 90:
        return _("{n} s ago").format(n=format_number(round(seconds)))
    return _("{n} min ago").format(n=format_number(round(seconds / 60)))


def codes_html(tables: list[LiveTable], base_url: str) -> str:
    """Join codes and links of the student seats, with a control to give each seat to a student or a bot."""
    out = []
    reseat = html.escape(_("reseat…"))
    for live in tables:
        info = live.info
        seats = []
        for s in info.seats:
            who = seat_name(info.game, s.seat)
            if s.is_student:
                link = join_link(base_url, s.code or "")
                name = f" — {html.escape(s.name)}" if s.name else ""
                code = html.escape(_("{player}: code {code}")).format(
                    player=html.escape(who), code=f"<b class='ccg-code'>{s.code}</b>")
                text = (f"{code}{name} · "
                        f"<a href='{html.escape(link)}' target='_blank' rel='noreferrer'>{html.escape(link)}</a>")
            else:
                text = html.escape(_("{player}: bot {kind}").format(player=who, kind=s.kind))
            seats.append(f"<li>{text} <button class='ccg-reseat' data-act='reseat' data-table='{info.id}' "
                         f"data-seat='{s.seat}'>{reseat}</button></li>")
        out.append(f"<div><b>{html.escape(info.name)}</b> ({html.escape(info.lesson)})<ul>{''.join(seats)}</ul></div>")
    none = _("No tables yet.")
    return "".join(out) or f"<i>{html.escape(none)}</i>"


def reveal_html(live: LiveTable) -> str:
    """Every seat's secrets and the full log (with the bots' reasons) of one table: for the teacher, after
    'reveal' only."""
    s = live.state
    rows = []
    for p in range(s.num_players):
        v = seat_view(s, p, seats=live.info.seats)
        secret = "; ".join(f"{k}: {t}" for k, t in v.secrets) or _("nothing secret")
        rows.append(f"<li><b>{html.escape(seat_name(s.game, p))}</b>: {html.escape(secret)}</li>")
    every = _("every seat’s secrets")
    log = "".join(f"<div>{html.escape(public_move(s.game, m, None, s))}{why_html(live.reason(m))}</div>"
                  for m in live.moves[-20:])  # the teacher reads every bot's reasons
    return (f"<div class='ccg-panel ccg-secret ccg-revealed'><b>{html.escape(live.info.name)}"
            f"</b> — {html.escape(every)}<ul>{''.join(rows)}</ul><div class='ccg-log'>{log}</div></div>")
