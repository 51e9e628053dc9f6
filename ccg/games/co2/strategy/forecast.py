"""The ppm trajectory over the coming decades: what the fossil plants will still emit.

In every Supply phase ``d`` a region whose demand space ``d`` is empty gets the top fossil
plant of the stack (CO2-4.3.3, CO2-4.3.4), and at the end of that phase the planet is lost
at 500 ppm or more (CO2-14.3). Spaces fill from the left, so a green plant built now takes
the leftmost empty space and that space never gets a fossil plant: each green plant built
before the last Supply phase on a space the supply would reach saves one fossil plant
(``mean`` ppm, the public stack's mean); in a full region it replaces the leftmost fossil
plant and lowers CO2 at once (CO2-6.3.6). The forecast below is the ppm after each
remaining Supply phase if nobody builds another green plant.
"""
from __future__ import annotations

from . import reading as rd


def checks(s) -> list[int]:
    """The decades whose Supply phase is still to come (its 500 ppm check included)."""
    first = rd.decade(s) if rd.supply_pending(s) else rd.decade(s) + 1
    return list(range(max(2, first), rd.final_decade(s) + 1))


def filled(s, r: int) -> int:
    """Demand spaces of region r already holding a plant (they form a run from the left)."""
    k = 0
    for x in rd.region_spaces(s, r):
        if x == -1:
            break
        k += 1
    return k


def fossil_placements(s) -> dict[int, int]:
    """Fossil plants the Supply phases still place, by decade, if nobody builds (CO2-4.3.3)."""
    out = {d: 0 for d in checks(s)}
    if not out:
        return out
    first = min(out)
    last = max(out)
    for r in range(rd.REGIONS):
        lo = max(first, filled(s, r) + 1)
        hi = min(last, rd.demand_spaces(s, r))
        for d in range(lo, hi + 1):
            out[d] += 1
    return out


def trajectory(s) -> list[tuple[int, float]]:
    """``[(decade, ppm after its Supply phase)]`` for every Supply phase to come, no new green plants."""
    mean = rd.fossil_stack_mean(s)
    level = float(rd.ppm(s))
    out = []
    for d, k in sorted(fossil_placements(s).items()):
        level += k * mean
        out.append((d, level))
    return out


def saving_of_space(s, r: int) -> tuple[int, float]:
    """What a green plant built in region r now saves: (first decade it helps, ppm saved).

    On an empty space ``k`` the supply of decade ``k`` would have placed a fossil plant there
    (saved: the stack's mean, from decade ``k`` on), unless ``k`` lies beyond the last Supply
    phase (saved: nothing). In a full region it replaces the leftmost fossil plant now
    (CO2-6.3.6; returns decade 0: it helps every check)."""
    k = filled(s, r) + 1
    cs = checks(s)
    if k <= rd.demand_spaces(s, r):
        if not cs or k > cs[-1]:
            return 0, 0.0
        return max(k, cs[0]), rd.fossil_stack_mean(s)
    ppm3 = rd.fossil_ppm(s)
    for x in rd.region_spaces(s, r):
        if 0 <= x < rd.GREEN0:
            return 0, float(ppm3[x])
    return 0, 0.0  # full of green plants: nothing can be built (CO2-6.3.8)
