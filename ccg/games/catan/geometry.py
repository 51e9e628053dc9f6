"""Hex geometry of a Catan island (CAT-2.1, CAT-13.1, CAT-13.2, CAT-13.6).

Pointy-top axial coordinates ``(q, r)``: ``r`` grows southward, ``q`` eastward.
Every intersection is the N or S corner of exactly one position (land or sea):
``(q, r, N)`` touches (q, r), (q, r-1), (q+1, r-1); ``(q, r, S)`` touches
(q, r), (q, r+1), (q-1, r+1). Tables are derived from the land set, never
hard-coded (CAT-13.6). Ids are stable strings in reading order (north to
south, west to east): hexes ``H0..``, intersections ``N0..``, paths ``E0..``.
"""
from __future__ import annotations

import math
from typing import Iterable, Iterator

NEIGHBOURS = ((1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1))  # E W NE NW SE SW

# corners of hex (q, r) clockwise from north, as (dq, dr, 'N'|'S') of the owning position
CORNERS = ((0, 0, "N"), (1, -1, "S"), (0, 1, "N"), (0, 0, "S"), (-1, 1, "N"), (0, -1, "S"))
# a side is named after its direction and joins two consecutive corners
SIDES = {"NE": (0, 1), "E": (1, 2), "SE": (2, 3), "SW": (3, 4), "W": (4, 5), "NW": (5, 0)}

Corner = tuple  # (q, r, 'N'|'S')


def hex_corners(q: int, r: int) -> list[Corner]:
    """The six intersections of hex (q, r), clockwise from its north corner."""
    return [(q + dq, r + dr, k) for dq, dr, k in CORNERS]


def corner_positions(c: Corner) -> tuple:
    """The three positions (hexes, land or sea) meeting at intersection ``c``."""
    q, r, k = c
    if k == "N":
        return ((q, r), (q, r - 1), (q + 1, r - 1))
    return ((q, r), (q, r + 1), (q - 1, r + 1))


def corner_key(c: Corner) -> tuple[int, int]:
    """Integer reading-order key: (-2y, 2x/sqrt3) of the corner's point."""
    q, r, k = c
    return (3 * r - 2 if k == "N" else 3 * r + 2, 2 * q + r)


def corner_xy(c: Corner) -> tuple[float, float]:
    """Cartesian point of an intersection (north up, hex circumradius 1)."""
    q, r, k = c
    x = 3 ** 0.5 * (q + r / 2)
    y = -1.5 * r + (1.0 if k == "N" else -1.0)
    return (x, y)


def hex_xy(q: int, r: int) -> tuple[float, float]:
    return (3 ** 0.5 * (q + r / 2), -1.5 * r)


class Geometry:
    """Derived adjacency tables of a land set (immutable, shared by every state)."""

    __slots__ = (
        "hexes", "hex_index", "hex_ids", "hex_nodes", "hex_nbrs",
        "nodes", "node_index", "node_ids", "node_hexes", "node_nbrs", "node_edges", "node_coastal",
        "edges", "edge_index", "edge_ids", "edge_nodes", "edge_coastal",
    )

    def __init__(self, land: Iterable[tuple[int, int]]) -> None:
        land_set = {(q, r) for q, r in land}
        self._hex_tables(land_set)
        self._node_tables(land_set)
        self._edge_tables()

    def _hex_tables(self, land_set: set[tuple[int, int]]) -> None:
        """Land hexes in reading order (row, then column), their ids and their land neighbours."""
        hexes = sorted(land_set, key=lambda h: (h[1], h[0]))
        self.hexes: list[tuple[int, int]] = hexes
        self.hex_index = {h: i for i, h in enumerate(hexes)}
        self.hex_ids = tuple(f"H{i}" for i in range(len(hexes)))
        self.hex_nbrs = tuple(
            tuple(self.hex_index[(q + dq, r + dr)] for dq, dr in NEIGHBOURS if (q + dq, r + dr) in land_set)
            for q, r in hexes
        )

    def _node_tables(self, land_set: set[tuple[int, int]]) -> None:
        """CAT-2.2: an intersection is a corner of a land hex; CAT-2.4: a building is on the hexes of its corner;
        CAT-2.3, OIL-16.5: coastal intersections touch a sea position (derived, never listed by hand)."""
        corners = set()
        for q, r in self.hexes:
            corners.update(hex_corners(q, r))
        nodes = sorted(corners, key=corner_key)
        self.nodes = nodes
        self.node_index = {c: i for i, c in enumerate(nodes)}
        self.node_ids = tuple(f"N{i}" for i in range(len(nodes)))
        self.hex_nodes = tuple(tuple(self.node_index[c] for c in hex_corners(q, r)) for q, r in self.hexes)
        self.node_hexes = tuple(
            tuple(sorted(self.hex_index[p] for p in corner_positions(c) if p in land_set)) for c in nodes
        )
        self.node_coastal = tuple(any(p not in land_set for p in corner_positions(c)) for c in nodes)

    def _hex_sides(self) -> Iterator[tuple[int, int]]:
        """Every side of every land hex as a node pair (low, high); a side shared by two hexes comes twice."""
        for ring in self.hex_nodes:
            for i in range(6):
                a, b = ring[i], ring[(i + 1) % 6]
                yield min(a, b), max(a, b)

    def _edge_tables(self) -> None:
        """Paths: sides of land hexes, as node pairs, in reading order of their midpoints (CAT-2.2); two
        intersections joined by one are adjacent (CAT-2.4); a path is coastal when only one land hex borders it."""
        nodes = self.nodes
        count: dict[tuple[int, int], int] = {}
        for e in self._hex_sides():
            count[e] = count.get(e, 0) + 1

        def mid(p):
            ka, kb = corner_key(nodes[p[0]]), corner_key(nodes[p[1]])
            return (ka[0] + kb[0], ka[1] + kb[1])

        edges = sorted(count, key=mid)
        self.edges = edges
        self.edge_index = {e: i for i, e in enumerate(edges)}
        self.edge_ids = tuple(f"E{i}" for i in range(len(edges)))
        self.edge_nodes = tuple(edges)
        nbrs: list[list[int]] = [[] for _ in nodes]
        inc: list[list[int]] = [[] for _ in nodes]
        for i, (a, b) in enumerate(edges):
            nbrs[a].append(b)
            nbrs[b].append(a)
            inc[a].append(i)
            inc[b].append(i)
        self.node_nbrs = tuple(tuple(x) for x in nbrs)
        self.node_edges = tuple(tuple(x) for x in inc)
        self.edge_coastal = tuple(count[e] == 1 for e in edges)

    def side_edge(self, q: int, r: int, side: str) -> int:
        """The path index of a hex side (``NE``, ``E``, ``SE``, ``SW``, ``W``, ``NW``)."""
        i, j = SIDES[side]
        ring = self.hex_nodes[self.hex_index[(q, r)]]
        a, b = ring[i], ring[j]
        return self.edge_index[(min(a, b), max(a, b))]

    def hex_distance(self, a: int, b: int) -> int:
        (q1, r1), (q2, r2) = self.hexes[a], self.hexes[b]
        dq, dr = q1 - q2, r1 - r2
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def corner_hexes(self) -> list[int]:
        """Outer-ring hexes with exactly three land neighbours (spiral start corners)."""
        return [h for h in range(len(self.hexes)) if len(self.hex_nbrs[h]) == 3]


def spiral(geo: Geometry, start: int, clockwise: bool = False) -> list[int]:
    """Hex indices in spiral order from outer hex ``start`` (CAT-3.3, CAT-13.5).

    Walk the outer layer counterclockwise (as seen with north up) from
    ``start``, then peel the next layer, starting at the hex of that layer
    nearest to the previous start, and so on inward.
    """
    remaining = list(range(len(geo.hexes)))
    order: list[int] = []
    anchor = start
    sign = -1 if clockwise else 1
    while remaining:
        rem = set(remaining)
        layer = [h for h in remaining if len([n for n in geo.hex_nbrs[h] if n in rem]) < 6
                 or len(geo.hex_nbrs[h]) < 6]
        if not layer:
            layer = remaining[:]
        cx = sum(hex_xy(*geo.hexes[h])[0] for h in remaining) / len(remaining)
        cy = sum(hex_xy(*geo.hexes[h])[1] for h in remaining) / len(remaining)

        def ang(h, cx=cx, cy=cy):  # this layer's centre, bound now
            x, y = hex_xy(*geo.hexes[h])
            return math.atan2(y - cy, x - cx)

        if anchor not in layer:
            ax, ay = hex_xy(*geo.hexes[anchor])
            anchor = min(layer, key=lambda h: (abs(ang(h) - math.atan2(ay - cy, ax - cx)) % (2 * math.pi),
                                               geo.hex_distance(h, anchor), h))
        a0 = ang(anchor)
        layer.sort(key=lambda h: (sign * (ang(h) - a0)) % (2 * math.pi))
        order.extend(layer)
        remaining = [h for h in remaining if h not in set(layer)]
    return order


_GEO_CACHE: dict = {}


def geometry_for(land: Iterable[tuple[int, int]]) -> Geometry:
    """A shared Geometry for a land set (built once per distinct set)."""
    key = tuple(sorted((q, r) for q, r in land))
    g = _GEO_CACHE.get(key)
    if g is None:
        g = _GEO_CACHE[key] = Geometry(key)
    return g
