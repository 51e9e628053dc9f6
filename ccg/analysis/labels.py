"""Readable column names for result tables people download (the What-if's CSV).

``score_0`` becomes "score: seat 0" (or the seat's name); a game's outcome columns (``SPEC.outcome``)
take the names the game declares in the rulebook's words (``SPEC.outcome_labels``: CO2's ``crossed_500``
"CO2 peak at or above the losing level", ``plants_reforestation`` "plants built: reforestation"); a
column nobody names is spelled out generically (underscores to spaces, a trailing ``_<seat>`` to
": seat <seat>").
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

import pandas as pd

from ..core.registry import get_spec

COMMON = {
    "game": "continuation",
    "seed": "seed",
    "players": "players",
    "winners": "winners",
    "n_winners": "number of winners",
    "actions": "moves played",
    "truncated": "cut off by the move limit",
    "start_ply": "from move",
    "cell": "grid cell",
}

_SEAT = re.compile(r"^(.+)_(\d+)$")


def seat_label(seat: int, names: Sequence[str] | None) -> str:
    return f"seat {seat} ({names[seat]})" if names and seat < len(names) and names[seat] else f"seat {seat}"


def readable_name(column: str, game: str | None = None, seat_names: Sequence[str] | None = None,
                  translate: Callable[[str], str] | None = None) -> str:
    """The readable name of one result column of ``game`` (None: the common columns only); ``translate`` (e.g.
    ``ccg.i18n.gettext``) puts a game outcome's name in a reader's language (the names are marked for the
    catalogs; a CSV keeps them English)."""
    tr = translate or (lambda text: text)
    if column in COMMON:
        return COMMON[column]
    m = _SEAT.match(column)
    if column.startswith("score_") and m:
        return f"score: {seat_label(int(m.group(2)), seat_names)}"
    known = get_spec(game).outcome_labels if game else {}
    if column in known:
        return tr(known[column])
    for prefix, label in known.items():
        if prefix.endswith("_") and column.startswith(prefix):
            rest = column[len(prefix):]
            return tr(label) + (seat_label(int(rest), seat_names) if rest.isdigit() else rest.replace("_", " "))
    if m:
        return f"{m.group(1).replace('_', ' ')}: {seat_label(int(m.group(2)), seat_names)}"
    return column.replace("_", " ")


def readable(df: pd.DataFrame, game: str | None = None, seat_names: Sequence[str] | None = None) -> pd.DataFrame:
    """A copy of ``df`` with readable column names; ``winners`` written as seat names ("seat 0, seat 2")."""
    out = df.copy()
    if "winners" in out.columns:
        out["winners"] = out["winners"].map(
            lambda w: ", ".join(seat_label(int(p), seat_names) for p in w) if isinstance(w, (tuple, list)) else w)
    names = [readable_name(str(c), game, seat_names) for c in out.columns]
    seen: dict[str, int] = {}
    for i, n in enumerate(names):  # two columns must never share a name
        seen[n] = seen.get(n, 0) + 1
        if seen[n] > 1:
            names[i] = f"{n} ({out.columns[i]})"
    out.columns = names
    return out


def to_csv(df: pd.DataFrame, game: str | None = None, seat_names: Sequence[str] | None = None) -> str:
    """The CSV text of :func:`readable` (no index column)."""
    return readable(df, game, seat_names).to_csv(index=False)
