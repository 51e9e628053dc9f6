"""Readable column names for result tables people download (the What-if's CSV).

``score_0`` becomes "score: seat 0" (or the seat's name), ``crossed_500`` "CO2 peak at or above the
losing level", ``plants_reforestation`` "plants built: reforestation". Each game's outcome columns
(``SPEC.outcome``) are named here in the rulebook's words; a column this table does not know is
spelled out generically (underscores to spaces, a trailing ``_<seat>`` to ": seat <seat>").
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

import pandas as pd

from ..i18n import N_

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

# per game: outcome column -> label, or prefix (ending in "_") -> label before the rest
OUTCOMES: dict[str, dict[str, str]] = {
    "co2": {
        "final_ppm": N_("CO2 at the end (ppm)"),
        "peak_ppm": N_("highest CO2 (ppm)"),
        "planet_lost": N_("planet lost"),
        "crossed_500": N_("CO2 peak at or above the losing level"),
        "decade_reached": N_("last decade reached"),
        "green_plants": N_("green power plants"),
        "fossil_plants": N_("fossil power plants"),
        "cep_price": N_("carbon emission permit price"),
        "plants_": N_("plants built: "),
    },
    "chicago_express": {
        "dividend_phases": N_("dividend phases"),
        "end_reason": N_("why the game ended"),
        "wabash_entered": N_("Wabash entered"),
        "chicago_first": N_("first company into Chicago"),
        "chicago_reached": N_("companies that reached Chicago"),
        "chicago_order": N_("order of arrival in Chicago"),
        "houses_left": N_("houses left in the supply"),
        "income_": N_("income: "),
    },
    "catan": {
        "turns": N_("turns"),
        "winner_vp": N_("winner's victory points"),
        "longest_road_holder": N_("longest road (seat)"),
        "largest_army_holder": N_("largest army (seat)"),
        "max_road": N_("longest road (segments)"),
        "knights_played": N_("knights played"),
        "turn_limit_end": N_("ended by the turn limit"),
        "disasters": N_("disasters"),
        "floods": N_("floods"),
        "spring_hits": N_("oil springs hit by disasters"),
        "destroyed_tokens": N_("number tokens destroyed"),
        "flood_end": N_("island flooded"),
        "pyrrhic": N_("pyrrhic victory"),
        "oil_used": N_("oil used"),
        "sequestered": N_("oil sequestered"),
        "oil_removed": N_("oil removed"),
        "champion": N_("champion of the environment (seat)"),
        "metropolises": N_("metropolises"),
        "vp_": N_("victory points: "),
    },
}

_SEAT = re.compile(r"^(.+)_(\d+)$")


def seat_label(seat: int, names: Sequence[str] | None) -> str:
    return f"seat {seat} ({names[seat]})" if names and seat < len(names) and names[seat] else f"seat {seat}"


def readable_name(column: str, game: str | None = None, seat_names: Sequence[str] | None = None,
                  translate: Callable[[str], str] | None = None) -> str:
    """The readable name of one result column; ``translate`` (e.g. ``ccg.i18n.gettext``) puts a game outcome's
    name in a reader's language (the names are marked for the catalogs; a CSV keeps them English)."""
    tr = translate or (lambda text: text)
    if column in COMMON:
        return COMMON[column]
    m = _SEAT.match(column)
    if column.startswith("score_") and m:
        return f"score: {seat_label(int(m.group(2)), seat_names)}"
    known = OUTCOMES.get(game or "", {})
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
