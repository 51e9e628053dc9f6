"""Winners (CO2-15.4, CO2-14.3), outcome columns and the per-decade trajectory."""
from __future__ import annotations

from . import board as B
from .data import SOURCES


def winners(s) -> list[int]:
    """Most VP; ties: most green plants, expertise source by source, most regions (CO2-15.4).

    Empty while the game runs and when the planet was lost (CO2-14.3: everyone loses)."""
    if not s.over or s.lost:
        return []
    n = s.num_players
    best = max(s.vp)
    tied = [p for p in range(n) if s.vp[p] == best]
    tied = _keep_max(tied, lambda p: B.plants_of(s, p))  # CO2-15.4.1
    for src in range(5):  # CO2-15.4.2 (reading: only the highest go on)
        tied = _keep_max(tied, lambda p, src=src: s.exp[p * 5 + src])
    tied = _keep_max(tied, lambda p: s.ctrl.count(p))  # CO2-15.4.3
    return tied  # CO2-15.4.4 all tied players win


def _keep_max(seats, key):
    if len(seats) <= 1:
        return seats
    vals = [key(p) for p in seats]
    m = max(vals)
    return [p for p, v in zip(seats, vals) if v == m]


def counts(s) -> tuple[int, int]:
    green = sum(1 for k in s.space_kind if k >= B.GREEN0)
    fossil = sum(1 for k in s.space_kind if 0 <= k < B.GREEN0)
    return green, fossil


def outcome(s) -> dict:
    """Per-game columns for ccg.simulate."""
    green, fossil = counts(s)
    per_src = [s.space_kind.count(B.GREEN0 + x) for x in range(5)]
    out = {
        "final_ppm": s.ppm, "peak_ppm": s.ppm_peak, "planet_lost": s.lost,
        "crossed_500": s.ppm_peak >= s.R["ppm.lose"],
        "decade_reached": s.decade, "green_plants": green, "fossil_plants": fossil,
        "cep_price": s.price,
    }
    for x in range(5):
        out[f"plants_{SOURCES[x]}"] = per_src[x]
    return out


def milestones(s) -> dict:
    """SPEC.milestones: the round of the Operations phase (CO2-3.3) and the decade (CO2-3.1)."""
    return {"round": s.round, "decade": s.decade}


def trajectory(s) -> dict:
    """The per-decade trajectory as a dict of lists (GameSpec.trajectory hook)."""
    n = s.num_players
    cols = {"decade": [], "ppm": [], "green": [], "fossil": [], "cep_price": []}
    for p in range(n):
        cols[f"vp_{p}"] = []
    for p in range(n):
        cols[f"coins_{p}"] = []
    names = list(cols)
    for row in s.traj:
        for k, v in zip(names, row):
            cols[k].append(v)
    return cols


def trajectory_frame(s):
    """The per-decade trajectory of a finished or running game as a pandas DataFrame.

    One row per recorded point (column ``at``): the setup (decade 0), the end
    of each decade's Operations phase, the end of the game, and for a running
    game the current position ("now"). Columns: decade, ppm, green and fossil
    plants, CEP price, vp_<seat>, coins_<seat>."""
    import pandas as pd

    cols = trajectory(s)
    at = ["setup"] + ["end of decade"] * (len(s.traj) - 1)
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


def heuristic(s, seat: int) -> float:
    """A quick evaluation for greedy/MCTS agents: VP now plus coins, plants and expertise,
    all heavily discounted if the planet is heading for 500 ppm."""
    if s.over:
        if s.lost:
            return -100.0
        return float(s.vp[seat] - max(s.vp[q] for q in range(s.num_players) if q != seat)) if s.num_players > 1 \
            else float(s.vp[seat])
    own = s.vp[seat] + s.coins[seat] / 2 + 2 * s.res[seat] + 3 * B.plants_of(s, seat) \
        + 0.5 * sum(s.exp[seat * 5:seat * 5 + 5]) + 2 * s.ctrl.count(seat)
    danger = max(0, s.ppm - 400) / 10
    return float(own - danger)
