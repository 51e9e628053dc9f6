"""Per-player and global tables of a position, built from the protocol's observation.

Only what the viewing seat may see is shown: with a seat, the tables come from
``state.observation(seat)``; without one (the referee's view) from ``state.to_dict()``.
A game may refine the tables by giving its plot module a ``tables(state, seat)``
function returning ``(players: DataFrame, globals: DataFrame)``.
"""
from __future__ import annotations

import html
import importlib
from typing import Any

import pandas as pd

from ..core.state import GameState
from ..i18n import _, ngettext
from .rule_help import link_rules

_MAX_ITEMS = 8


def _short(value: Any) -> Any:
    if value is None:
        return "hidden"
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        if len(value) <= _MAX_ITEMS and all(isinstance(v, (bool, int, float, str)) or v is None for v in value):
            return ", ".join("?" if v is None else str(v) for v in value) or "–"
        return f"{len(value)} items"
    if isinstance(value, dict):
        return f"{len(value)} entries"
    return str(value)


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def tables(state: GameState, seat: int | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(players, globals): one row per seat, and the remaining fields (tracks, supplies …)."""
    try:
        module = importlib.import_module(f"ccg.plot.{state.game}")
        custom = getattr(module, "tables", None)
    except ImportError:
        custom = None
    if custom is not None:
        return custom(state, seat)
    data = state.observation(seat)["state"] if seat is not None else state.to_dict()["state"]
    n = state.num_players
    rows: list[dict[str, Any]] = [{} for _ in range(n)]
    glob: dict[str, Any] = {}
    for key, value in data.items():
        if isinstance(value, list) and len(value) == n and n > 1:
            if all(isinstance(v, dict) for v in value):
                prefix = "" if key in ("players", "seats", "player") else f"{key}."
                for p, entry in enumerate(value):
                    for k2, v2 in entry.items():
                        rows[p][prefix + k2] = _short(v2)
                continue
            if all(_scalar(v) or isinstance(v, (list, tuple, dict)) for v in value):
                for p, v in enumerate(value):
                    rows[p][key] = _short(v)
                continue
        glob[key] = _short(value)
    if state.is_terminal() or not state.hidden_information:
        for p, score in enumerate(state.scores()):
            rows[p][_("score")] = score
    players = pd.DataFrame(rows, index=pd.Index([_("seat {seat}").format(seat=p) for p in range(n)], name=_("seat")))
    globals_ = pd.DataFrame({_("value"): [str(v) for v in glob.values()]}, index=pd.Index(list(glob), name=_("field")))
    return players, globals_


def log_lines(controller: Any) -> list[tuple[str, str | None]]:
    """The current line as numbered (line, reason) pairs: moves before the tree's root, then the tree's.

    Moves are in words (``TableController.move_text``); another seat's secret choices read as that
    seat's view may read them (``GameState.notation_seen_by``, e.g. a CO2 draft pick becomes ``keep ?``).
    The reason is a bot's "why?" when it gave one and the viewer may read it.
    """
    tree, seat = controller.tree, controller.view_seat
    start = tree.start
    before = start.history()
    out: list[tuple[str, str | None]] = [(f"{i + 1}. {start.notation_seen_by(m, None, seat)}", None)
                                         for i, m in enumerate(before)]
    base = len(before)
    for node in tree.cursor.path():
        out.append((f"{base + node.ply}. {controller.move_text(node)}", controller.reason_for(node)))
    return out


def html_table(df: pd.DataFrame) -> str:
    return df.to_html(classes="ccg-frame", border=0, escape=True)


def html_log(lines: list[tuple[str, str | None]], limit: int = 400) -> str:
    """The move log as HTML, newest at the bottom; a bot's reason folds out under "why?"; a rule id opens its rule."""
    shown = lines[-limit:]
    earlier = len(lines) - limit
    earlier_text = ngettext("{count} earlier move", "{count} earlier moves", earlier).format(count=earlier)
    more = f"<div>… {html.escape(earlier_text)}</div>" if earlier > 0 else ""
    why, nothing = html.escape(_("why?")), html.escape(_("no moves yet"))

    def line(text: str, reason: str | None) -> str:
        if not reason:
            return f"<div>{link_rules(html.escape(text))}</div>"
        return (f"<div>{link_rules(html.escape(text))} <details class='ccg-why' style='display:inline'><summary>{why}</summary>"
                f"{html.escape(reason)}</details></div>")

    body = "".join(line(text, reason) for text, reason in shown)
    return (f"<div class='ccg-log-lines' style='max-height:260px;overflow-y:auto'>"
            f"{more}{body or '<i>' + nothing + '</i>'}</div>")
