"""The immutable board of one game: geometry, terrain, harbours, oil springs, cached actions.

Built once from a canonical layout and shared by every clone of the state;
only what changes in play (numbers removed by disasters, pieces, robber)
lives in the state.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ccg.core.action import Action
from ccg.core.frozen import freeze

from .data import GOODS, HARBOUR_TYPES, RESOURCES, TERRAINS
from .geometry import geometry_for
from .layouts import _NAMED

if TYPE_CHECKING:
    from .state import CatanState

NO_SPRING, SPRING_NUMBERED, SPRING_OVERLAY = 0, 1, 2


class Board:
    """Geometry plus the fixed layout, with precomputed Action objects per location."""

    __slots__ = (
        "geo", "layout", "key", "n_hex", "n_node", "n_edge", "terrain", "numbers0", "spring",
        "node_harbour", "harbour_edges", "robber0", "hexes_by_number",
        "act_settle", "act_city", "act_metro", "act_road", "act_robber", "act_robber_steal", "act_robber_oil",
        "n_springs", "node_hexes", "node_nbrs", "node_edges", "edge_nodes", "hex_nodes", "node_coastal",
    )

    def __init__(self, layout: dict) -> None:
        self.layout = layout = freeze(layout)  # shared by every game on this board: read-only
        self.key = json.dumps(layout, sort_keys=True)
        geo = self.geo = geometry_for([(h["q"], h["r"]) for h in layout["hexes"]])
        at = {(h["q"], h["r"]): h for h in layout["hexes"]}
        hexes = [at[p] for p in geo.hexes]
        self.n_hex, self.n_node, self.n_edge = len(geo.hexes), len(geo.nodes), len(geo.edges)
        self.terrain = tuple(TERRAINS.index(h["terrain"]) for h in hexes)
        self.numbers0 = tuple(h["number"] or 0 for h in hexes)
        self.spring = tuple(
            {None: NO_SPRING, "numbered": SPRING_NUMBERED, "overlay": SPRING_OVERLAY}[h["spring"]] for h in hexes
        )
        self.n_springs = sum(1 for s in self.spring if s)
        nh = [-1] * self.n_node
        self.harbour_edges = []
        for hb in layout["harbours"]:
            e = geo.side_edge(hb["q"], hb["r"], hb["side"])
            t = HARBOUR_TYPES.index(hb["type"])
            self.harbour_edges.append((e, t))
            for n in geo.edge_nodes[e]:  # CAT-2.5: both ends of a harbour's coastal path are its intersections
                nh[n] = t
        self.node_harbour = tuple(nh)
        rb = layout["robber"]
        self.robber0 = -1 if rb is None else geo.hex_index[(rb[0], rb[1])]  # CAT-3.4 (the desert), OIL-2.4, OIL-13.1
        by: list[list[int]] = [[] for _ in range(13)]
        for h, n in enumerate(self.numbers0):
            if n:
                by[n].append(h)
        self.hexes_by_number = tuple(tuple(x) for x in by)
        self.node_hexes, self.node_nbrs, self.node_edges = geo.node_hexes, geo.node_nbrs, geo.node_edges
        self.edge_nodes, self.hex_nodes, self.node_coastal = geo.edge_nodes, geo.hex_nodes, geo.node_coastal
        nid, eid, hid = geo.node_ids, geo.edge_ids, geo.hex_ids
        self.act_settle = tuple(Action("settle", (nid[n],), (nid[n],)) for n in range(self.n_node))
        self.act_city = tuple(Action("city", (nid[n],), (nid[n],)) for n in range(self.n_node))
        self.act_metro = tuple(Action("metro", (nid[n],), (nid[n],)) for n in range(self.n_node))
        self.act_road = tuple(
            Action("road", (eid[e],), (eid[e], nid[geo.edge_nodes[e][0]], nid[geo.edge_nodes[e][1]]))
            for e in range(self.n_edge)
        )
        self.act_robber = tuple(Action("robber", (hid[h],), (hid[h],)) for h in range(self.n_hex))
        self.act_robber_steal = tuple(
            tuple(Action("robber", (hid[h], p), (hid[h],)) for p in range(6)) for h in range(self.n_hex)
        )
        self.act_robber_oil = tuple(
            tuple(Action("robber", (hid[h], p, "oil"), (hid[h],)) for p in range(6)) for h in range(self.n_hex)
        )

    def resource_of(self, h: int) -> int:
        """Resource index produced by hex ``h`` (CAT-1.2; -1 for the desert, CAT-5.4)."""
        t = self.terrain[h]
        return t if t < 5 else -1


_CACHE: dict[str, Board] = {}


_BY_ID: dict[int, tuple] = {}


def board_for(layout: dict) -> Board:
    """A shared Board for a canonical layout (built once per distinct layout)."""
    hit = _BY_ID.get(id(layout))
    if hit is not None and hit[0] is layout:  # the shipped named layouts are shared dicts
        return hit[1]
    key = json.dumps(layout, sort_keys=True)
    b = _CACHE.get(key)
    if b is None:
        if len(_CACHE) > 256:
            _CACHE.clear()
        b = _CACHE[key] = Board(layout)

    if any(layout is v for v in _NAMED.values()):
        _BY_ID[id(layout)] = (layout, b)
    return b


__all__ = ["Board", "board_for", "GOODS", "RESOURCES"]


def harbour_mask(s: CatanState, p: int) -> int:
    """Bit t set when ``p`` has a building on a harbour of type t (5 = generic 3:1)."""
    m = 0
    nh, no = s.board.node_harbour, s.node_owner
    for n in range(len(no)):
        if no[n] == p and nh[n] >= 0:
            m |= 1 << nh[n]
    return m
