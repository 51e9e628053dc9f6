"""Opening placement (CAT-3.7, CAT-3.8): settlements by pips, resource diversity and harbours; roads toward the next spot."""
from __future__ import annotations

from . import position as pos
from .values import Outlook


def settlement(o: Outlook, legal: list):
    """The best free intersection for a setup settlement.

    First round: production and diversity on their own. Second round: what complements the
    first settlement (its income counts, so new resources and a fitting harbour score higher),
    plus the cards this settlement pays at once (CAT-3.9). Both rounds add a little for room to
    expand: free intersections two roads away.
    """
    s, w = o.s, o.w
    second = pos.setup_round(s) == 1
    best, best_v = None, float("-inf")
    for a in legal:
        n = pos.node_of(a)
        v = o.spot_value(n)
        if second:
            y = pos.node_yield(s, n)
            v += w["setup_cards"] * sum(1 for g in range(5) if y[g] > 0)
            # a road network needs lumber and brick early: a start without either is slow
            if o.income[pos.LUMBER] + y[pos.LUMBER] < 0.02 or o.income[pos.BRICK] + y[pos.BRICK] < 0.02:
                v -= w["setup_road_resources"]
        v += w["setup_room"] * _room(s, n)
        if v > best_v + 1e-12:
            best, best_v = a, v
    return best


def _room(s, n: int) -> float:
    """Free intersections two paths from ``n`` where a settlement could later stand (CAT-8.4)."""
    seen = 0
    for m in pos.neighbours(s, n):
        for k in pos.neighbours(s, m):
            if k != n and pos.settle_free(s, k):
                seen += 1
    return seen / 6.0


def road(o: Outlook, legal: list):
    """The setup road that points at the best free intersection two paths away (CAT-3.7)."""
    s = o.s
    start = pos.setup_node(s)
    best, best_v = None, float("-inf")
    for a in legal:
        e = pos.road_edge(a)
        x, y = pos.edge_ends(s, e)
        far = y if x == start else x
        v = 0.0
        for k in pos.neighbours(s, far):
            if k != start and pos.settle_free(s, k):
                v = max(v, o.spot_value(k))
        if v > best_v + 1e-12:
            best, best_v = a, v
    return best
