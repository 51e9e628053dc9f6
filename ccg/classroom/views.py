"""What one seat is shown, as plain data and HTML: built from ``state.observation(seat)`` only.

``seat_view(state, seat, ...)`` reads the observation (plus the game's public component data
and rules, and the seat's own legal actions when it is to move), never the full state, so a
seat's page is the same for every state its observation allows — the tests check it against
``state.determinize(seat, k)``. The board beside it is ``ccg.plot.board(state, seat)``.
Moves in the log are shown as their notation, except the moves that name a secret card (the game's
``SPEC.secret_moves``), which other seats read without the card. What a game offers a page — its secrets in
words, its gauge, its own result line, its seat names — comes from its ``GameSpec``; nothing here names a
game. A bot's reasons ("why?") may rest on its own hidden cards, so, as on the Table, a seat reads them only
in games without hidden information; the teacher reads them on a revealed table
(:func:`ccg.classroom.dashboard.reveal_html`).
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .. import plot
from ..core.glossary import game_title
from ..core.registry import get_spec
from ..core.secrets import move_seen_by, seat_secrets
from ..core.state import GameState
from ..core.teaching import Gauge
from ..i18n import N_, _, format_list, format_number, lazy_pgettext
from .store import MoveRow, SeatInfo

__all__ = ["SeatView", "public_move", "seat_name", "seat_view", "view_css"]

MILESTONES = ("decade", "round", "era", "phase", "turn")
MILESTONE_NAMES = {"decade": N_("decade"), "round": N_("round"), "era": N_("era"), "phase": N_("phase"),
                   "turn": N_("turn")}
LOG_LINES = 12


def seat_name(game: str, seat: int) -> str:
    """The colour name the game's board drawing gives a seat ("Orange"; ``ccg.plot.seat_name``) in the reader's
    language, or "seat N"."""
    names = plot.seat_names(game)
    if not names or not 0 <= seat < len(names):
        return _("seat {n}").format(n=seat)
    return str(SEAT_COLOURS.get(names[seat], names[seat]))


# the board drawings' seat colour names (their SEAT_NAMES) in the reader's language
SEAT_COLOURS = {
    "Blue": lazy_pgettext("seat colour", "Blue"), "Purple": lazy_pgettext("seat colour", "Purple"),
    "Orange": lazy_pgettext("seat colour", "Orange"), "Yellow": lazy_pgettext("seat colour", "Yellow"),
    "Black": lazy_pgettext("seat colour", "Black"), "Red": lazy_pgettext("seat colour", "Red"),
    "White": lazy_pgettext("seat colour", "White"), "Teal": lazy_pgettext("seat colour", "Teal"),
}


def seat_colour(game: str, seat: int) -> str:
    """The colour the game's board drawing gives a seat (``ccg.plot.seat_colour``), or grey."""
    return plot.seat_colour(game, seat)


def public_move(game: str, move: MoveRow, seat: int | None, state: GameState | None = None) -> str:
    """A log line of ``move`` as ``seat`` may read it (None: the teacher reads everything).

    Uses the protocol's ``state.notation_seen_by`` where a state is at hand, else the game's ``SPEC.secret_moves``.
    """
    who = seat_name(game, move.seat)
    seen_by = getattr(state, "notation_seen_by", None)
    text = seen_by(move.action, move.seat, seat) if seen_by is not None else move_seen_by(game, move.action,
                                                                                         move.seat, seat)
    if seat == move.seat:
        who = _("{name} (you)").format(name=who)
    return f"{move.ply + 1}. {who}: {text}"


@dataclass(frozen=True)
class SeatView:
    """Everything one seat's page shows besides the board (all of it from the seat's observation)."""

    game: str
    title: str
    table: str
    seat: int
    name: str
    ply: int
    status: str
    your_turn: bool
    over: bool
    paused: bool
    milestone: str
    gauge: dict | None
    scores: tuple[tuple[str, Any, bool, bool], ...]
    secrets: tuple[tuple[str, str], ...]
    actions: tuple[str, ...]
    log: tuple[str, ...] = field(default=())
    why: tuple[str, ...] = field(default=())  # beside each log line: a bot's reasons, or ""


def seat_view(state: GameState, seat: int, seats: Sequence[SeatInfo] | None = None, table: str = "",
              paused: bool = False, moves: Sequence[MoveRow] = (), reasons: Mapping[int, str] | None = None
              ) -> SeatView:
    """The view of ``seat``: from ``state.observation(seat)``, the public rules and the seat's own options.

    ``reasons``: ``{ply: why}`` of bot moves; shown only where the game hides nothing (a bot's reasons
    may name its secret cards, and no bot has a page of its own).
    """
    obs = state.observation(seat)
    data = obs["state"]
    game, n = obs["game"], obs["players"]
    spec = get_spec(game)
    to_move = obs["current_player"]
    over = to_move is None
    your_turn = not over and to_move == seat and not paused
    names = [seat_name(game, p) for p in range(n)]

    def who(p: int) -> str:
        text = _("{name} (you)").format(name=names[p]) if p == seat else names[p]
        if seats is not None and p < len(seats):
            s = seats[p]
            if s.is_student and s.name:
                text = f"{text} — {s.name}"
            elif not s.is_student:
                text = _("{name} (bot)").format(name=text)
        return text

    if over:
        status = _("Game over — {result}").format(result=_result(state, spec.result, seat, names))
    elif paused:
        status = _("Paused by the teacher")
    elif your_turn:
        status = _("Your turn")
    else:
        status = _("Waiting for {player}").format(player=who(to_move))
    milestone = " · ".join(f"{_(MILESTONE_NAMES[k])} {format_number(data[k])}" for k in MILESTONES
                           if isinstance(data.get(k), int) and not isinstance(data.get(k), bool))
    return SeatView(
        game=game, title=game_title(game), table=table, seat=seat, name=names[seat], ply=obs["ply"], status=status,
        your_turn=your_turn, over=over, paused=paused, milestone=milestone, gauge=_gauge(state, spec.gauge, seat),
        scores=tuple((who(p), v, p == seat, p == to_move) for p, v in enumerate(_scores(state, data, n))),
        secrets=tuple(seat_secrets(state, seat)),
        actions=tuple(str(a) for a in state.legal_actions()) if your_turn else (),
        log=tuple(public_move(game, m, seat, state) for m in list(moves)[-LOG_LINES:]),
        why=tuple(reasons_seen(state, reasons, m.ply, seat) for m in list(moves)[-LOG_LINES:]),
    )


def reasons_seen(state: GameState, reasons: Mapping[int, str] | None, ply: int, seat: int | None) -> str:
    """A bot's reasons for the move at ``ply`` as ``seat`` may read them (None: the teacher reads all):
    the Table's rule — with hidden information only the referee (no bot seat has a page)."""
    if not reasons or (state.hidden_information and seat is not None):
        return ""
    return reasons.get(ply, "")


def _result(state: GameState, result: Callable[[GameState, int | None], str | None] | None, seat: int,
            names: list[str]) -> str:
    """The game's own line for how it ended (``SPEC.result``), else who won as ``seat`` reads it."""
    own = result(state, seat) if result is not None else None
    if own:
        return str(own)
    won = state.winners()  # a finished game reveals its result to everyone
    if not won:
        return _("nobody wins")
    others = format_list([names[p] for p in won if p != seat]) if len(won) > (seat in won) else ""
    if seat in won:
        return _("you win, with {others}").format(others=others) if others else _("you win")
    return _("won by {players}").format(players=others)


def _gauge(state: GameState, gauge: Callable[[GameState, int | None], Gauge | None] | None,
           seat: int | None) -> dict | None:
    """The game's gauge (``SPEC.gauge``) as plain data for the page, or None."""
    found = gauge(state, seat) if gauge is not None else None
    return None if found is None else found.as_dict()


def _scores(state: GameState, data: dict, n: int) -> list[Any]:
    for key in ("public_vp", "vp"):  # the points every seat can see on the board
        value = data.get(key)
        if isinstance(value, list) and len(value) == n:
            return value
    if not state.hidden_information or state.is_terminal():
        return list(state.scores())
    return ["?"] * n


# ---------------------------------------------------------------------- HTML
def view_css() -> str:
    """The page's style: one column on a phone, panels side by side on a laptop."""
    return """<style>
.ccg-seat, .ccg-dash { font-family: system-ui, sans-serif; max-width: 100%; box-sizing: border-box; }
.ccg-seat * , .ccg-dash * { box-sizing: border-box; }
.ccg-panels { display: flex; flex-wrap: wrap; gap: 10px; width: 100%; }
.ccg-panel { flex: 1 1 300px; min-width: 0; border: 1px solid #ddd; border-radius: 6px; padding: 8px 10px;
             background: #fcfcfa; overflow-wrap: anywhere; }
.ccg-turn { font-size: 22px; font-weight: 600; padding: 6px 10px; border-radius: 6px; background: #eef3f8; }
.ccg-turn.ccg-mine { background: #d9f2d0; }
.ccg-secret { background: #fff7e0; border-color: #e3c46c; }
.ccg-scores td { padding: 1px 8px 1px 0; }
.ccg-board-scroll { width: 100%; max-width: 100%; overflow-x: auto; }
.ccg-seat .widget-select select, .ccg-seat select { width: 100%; }
.ccg-log { font-family: monospace; font-size: 12px; max-height: 200px; overflow-y: auto; }
.ccg-why { font-family: system-ui, sans-serif; color: #555; margin: 0 0 4px 12px; }
.ccg-dash table.ccg-tables { border-collapse: collapse; width: 100%; }
.ccg-dash table.ccg-tables td, .ccg-dash table.ccg-tables th { border-bottom: 1px solid #ddd; padding: 3px 6px;
             text-align: left; vertical-align: top; }
.ccg-stalled { color: #b2182b; font-weight: 600; }
</style>"""


def gauge_html(gauge: dict | None, width: str = "100%", compact: bool = False) -> str:
    """The game's gauge (``SPEC.gauge``): a bar with its danger and limit lines; ``compact``: value and bar only."""
    if gauge is None:
        return ""
    top = float(gauge["maximum"]) or 1.0

    def pct(v: float) -> float:
        return max(0.0, min(100.0, 100.0 * v / top))

    d, lost, pos = pct(gauge["danger"]), pct(gauge["limit"]), pct(gauge["value"])
    colour = "#2b7a0b" if pos < d else ("#b35806" if pos < lost else "#b2182b")
    if compact:
        label = (f"{html.escape(gauge['short'])} <b class='ccg-gauge-value' style='color:{colour}'>{gauge['value']}</b>"
                 f" {html.escape(gauge['unit'])}")
    else:
        label = (f"{html.escape(gauge['label'])}: <b class='ccg-gauge-value' style='font-size:26px;color:{colour}'>"
                 f"{gauge['value']}</b> <span style='font-size:12px;color:#555'>{html.escape(gauge['note'])}</span>")
    return (f"<div class='ccg-gauge'><div>{label}</div>"
            f"<div style='position:relative;height:18px;width:{width};border-radius:4px;background:linear-gradient("
            f"90deg,#b7e1a1 0%,#b7e1a1 {d}%,#fdd49e {d}%,#fdd49e {lost}%,#f4a582 {lost}%,#f4a582 100%)'>"
            f"<div style='position:absolute;left:{pos}%;top:-4px;bottom:-4px;width:5px;margin-left:-2px;"
            f"background:#222;border-radius:2px'></div></div></div>")


def header_html(view: SeatView) -> str:
    mine = " ccg-mine" if view.your_turn else ""
    where = " · ".join(x for x in (view.title, view.table, _("move {n}").format(n=format_number(view.ply)),
                                   view.milestone) if x)
    you = html.escape(_("You are {name} (seat {seat})")).format(name=f"<b>{html.escape(view.name)}</b>",
                                                                  seat=view.seat)
    return (f"<div class='ccg-head'><div style='font-size:14px;color:#444'>{html.escape(where)}</div>"
            f"<div style='font-size:16px'>{you}</div>"
            f"<div class='ccg-turn{mine}'>{html.escape(view.status)}</div></div>")


def secrets_html(view: SeatView) -> str:
    if not view.secrets:
        nothing = _("Nothing secret in this game: everything is on the board.")
        return f"<div class='ccg-panel ccg-secret'>{html.escape(nothing)}</div>"
    rows = "".join(f"<div><b>{html.escape(k)}</b>: {_lines(v)}</div>" for k, v in view.secrets)
    only = html.escape(_("only you see this"))
    return f"<div class='ccg-panel ccg-secret'><div style='font-size:12px;color:#7a5b00'>{only}</div>{rows}</div>"


def _lines(text: str) -> str:
    parts = text.split("\n")
    if len(parts) == 1:
        return html.escape(text)
    return "<ul style='margin:2px 0 4px 18px;padding:0'>" + "".join(f"<li>{html.escape(p)}</li>" for p in parts) + "</ul>"


def scores_html(view: SeatView) -> str:
    rows = "".join(
        f"<tr><td>{'▶' if moving else ''}</td><td>{'<b>' if you else ''}{html.escape(name)}{'</b>' if you else ''}"
        f"</td><td>{html.escape(format_number(v) if isinstance(v, int) else str(v))}</td></tr>"
        for name, v, you, moving in view.scores)
    player, points = html.escape(_("player")), html.escape(_("VP"))
    return (f"<div class='ccg-panel'>{gauge_html(view.gauge)}<table class='ccg-scores'><tr><th></th>"
            f"<th>{player}</th><th>{points}</th></tr>{rows}</table></div>")


def log_html(lines: Sequence[str], why: Sequence[str] = ()) -> str:
    """The last moves, each with a bot's reasons beside it where ``why`` holds them."""
    none, title = html.escape(_("no moves yet")), html.escape(_("Last moves"))
    body = "".join(f"<div>{html.escape(x)}{why_html(w)}</div>" for x, w in zip(lines, list(why) + [""] * len(lines))) \
        or f"<i>{none}</i>"
    return f"<div class='ccg-panel'><b>{title}</b><div class='ccg-log'>{body}</div></div>"


def why_html(text: str) -> str:
    """A bot's reasons beside its move in a log ("" when there are none)."""
    if not text:
        return ""
    label = html.escape(_("why?"))
    return f"<div class='ccg-why'><i>{label}</i> {html.escape(text)}</div>"
