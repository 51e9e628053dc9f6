"""The GameSpec hooks of CO2: outcome columns, milestones, the per-decade trajectory, the agents' heuristic, the
classroom's gauge and result line."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ccg.core.teaching import Gauge
from ccg.i18n import N_, _

from .data import SOURCES
from .economy import GREEN0, plants_of

if TYPE_CHECKING:
    from .state import Co2State


def snapshot(s: Co2State, decade: int) -> None:
    """Record one trajectory row (cheap: a flat list)."""
    green = sum(1 for k in s.space_kind if k >= GREEN0)
    fossil = sum(1 for k in s.space_kind if 0 <= k < GREEN0)
    s.trajectory_rows.append([decade, s.ppm, green, fossil, s.price] + s.vp[:] + s.coins[:])


def counts(s: Co2State) -> tuple[int, int]:
    green = sum(1 for k in s.space_kind if k >= GREEN0)
    fossil = sum(1 for k in s.space_kind if 0 <= k < GREEN0)
    return green, fossil


# SPEC.outcome_labels: the outcome columns in the rulebook's words (a result table people download)
OUTCOME_LABELS = {
    "final_ppm": N_("CO2 at the end (ppm)"),
    "peak_ppm": N_("highest CO2 (ppm)"),
    "planet_lost": N_("planet lost"),
    "crossed_500": N_("CO2 peak at or above the losing level"),
    "decade_reached": N_("last decade reached"),
    "green_plants": N_("green power plants"),
    "fossil_plants": N_("fossil power plants"),
    "cep_price": N_("carbon emission permit price"),
    "plants_": N_("plants built: "),
}


def outcome(s: Any) -> dict:
    """Per-game columns for ccg.simulate."""
    green, fossil = counts(s)
    per_src = [s.space_kind.count(GREEN0 + x) for x in range(5)]
    out = {
        "final_ppm": s.ppm, "peak_ppm": s.ppm_peak, "planet_lost": s.lost,
        "crossed_500": s.ppm_peak >= s.rules["ppm.lose"],
        "decade_reached": s.decade, "green_plants": green, "fossil_plants": fossil,
        "cep_price": s.price,
    }
    for x in range(5):
        out[f"plants_{SOURCES[x]}"] = per_src[x]
    return out


def milestones(s: Any) -> dict:
    """SPEC.milestones: the round of the Operations phase (CO2-3.3) and the decade (CO2-3.1)."""
    return {"round": s.round, "decade": s.decade}


def trajectory(s: Any) -> dict:
    """The per-decade trajectory as a dict of lists (GameSpec.trajectory hook)."""
    n = s.num_players
    cols: dict[str, list[int]] = {"decade": [], "ppm": [], "green": [], "fossil": [], "cep_price": []}
    for p in range(n):
        cols[f"vp_{p}"] = []
    for p in range(n):
        cols[f"coins_{p}"] = []
    names = list(cols)
    for row in s.trajectory_rows:
        for k, v in zip(names, row):
            cols[k].append(v)
    return cols


def trajectory_frame(s: Co2State):
    """The per-decade trajectory of a finished or running game as a pandas DataFrame.

    One row per recorded point (column ``at``): the setup (decade 0), the end
    of each decade's Operations phase, the end of the game, and for a running
    game the current position ("now"). Columns: decade, ppm, green and fossil
    plants, CEP price, vp_<seat>, coins_<seat>."""
    import pandas as pd  # pandas loads when a frame is asked for, not with the game

    cols = trajectory(s)
    at = ["setup"] + ["end of decade"] * (len(s.trajectory_rows) - 1)
    if s.over:
        at[-1] = "end of game"
    else:
        green, fossil = counts(s)
        row = [s.decade, s.ppm, green, fossil, s.price] + s.vp[:] + s.coins[:]
        for k, v in zip(list(cols), row):
            cols[k].append(v)
        at.append("now")
    frame = pd.DataFrame(cols)
    frame.insert(0, "at", at)
    return frame


def heuristic(s: Any, seat: int) -> float:
    """A quick evaluation for greedy/MCTS agents: VP now plus coins, plants and expertise,
    all heavily discounted if the planet is heading for 500 ppm."""
    if s.over:
        if s.lost:
            return -100.0
        return float(s.vp[seat] - max(s.vp[q] for q in range(s.num_players) if q != seat)) if s.num_players > 1 \
            else float(s.vp[seat])
    own = s.vp[seat] + s.coins[seat] / 2 + 2 * s.resources[seat] + 3 * plants_of(s, seat) \
        + 0.5 * sum(s.expertise[seat * 5:seat * 5 + 5]) + 2 * s.controller.count(seat)
    danger = max(0, s.ppm - 400) / 10
    return float(own - danger)


GAUGE_TOP = 600  # ppm at the top of a CO2 gauge (higher only if the CO2 level passes it): the board's and the classroom's


def gauge_top(ppm: int) -> int:
    """The ppm at the top of a CO2 gauge: :data:`GAUGE_TOP`, or the next hundred above a level that passed it."""
    return max(GAUGE_TOP, (ppm // 100 + 1) * 100)


def gauge(s: Any, seat: int | None = None) -> Gauge:
    """``SPEC.gauge``: CO2 in the atmosphere (public), with its catastrophe and planet-lost lines (CO2-14.3)."""
    danger, limit = s.rules["ppm.catastrophe"], s.rules["ppm.lose"]
    return Gauge(label=_("CO₂ in the atmosphere (ppm)"), short="CO₂", unit="ppm", value=s.ppm, danger=danger,
                 limit=limit, maximum=gauge_top(s.ppm),
                 note=_("(catastrophes from {danger}, planet lost at {limit})").format(danger=danger, limit=limit))


def result(s: Any, seat: int | None = None) -> str | None:
    """``SPEC.result``: a lost planet is lost for every company (CO2-14.3)."""
    return _("the planet is lost: everyone loses") if s.lost else None
