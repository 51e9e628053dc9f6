"""The board map of Catan: a board as a documented, read-only description (``ccg.board_of(state)``): hexes, intersections, paths.

Ids are the ones actions use: hexes ``H0``…, intersections (nodes) ``N0``…, paths (edges) ``E0``….
A state's map shows its own layout (variable boards differ per seed) with the numbers as they are
now (Oil Springs disasters remove tokens, OIL-8.7) and the robber's hex; ``ccg.board_of("catan")``
shows the fixed beginner board (CAT-3.1).

>>> import ccg
>>> b = ccg.board_of(ccg.new_game("catan", players=4, seed=3, layout="beginner"))
>>> len(b.hexes), len(b.nodes), len(b.edges)
(19, 54, 72)
>>> n = b.nodes["N0"]; n.coastal, len(n.hexes) <= 3, all("N0" in b.edges[e].nodes for e in n.edges)
(True, True, True)
>>> sorted({h.type for h in b.harbours})
['3:1', 'brick', 'grain', 'lumber', 'ore', 'wool']
>>> [h.id for h in b.hexes.values() if h.terrain == "desert"] == [b.robber]
True
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from .board import NO_SPRING, SPRING_NUMBERED, Board, board_for
from .data import HARBOUR_TYPES, TERRAINS
from .layouts import named_layout


@dataclass(frozen=True)
class Hex:
    """A land hex: terrain, its number token now (None: desert or removed, OIL-8.7), axial
    coordinates (q, r), its six corner intersections, the land hexes next to it, and its oil
    spring (None, "numbered" or "overlay", OIL-13)."""

    id: str
    terrain: str
    number: int | None
    q: int
    r: int
    nodes: tuple[str, ...]
    neighbours: tuple[str, ...]
    spring: str | None


@dataclass(frozen=True)
class Node:
    """An intersection: the land hexes it touches, the intersections one path away, its paths,
    whether it is on the coast (CAT-2.3; floods hit these, OIL-8.4) and its harbour type
    ("3:1" or a resource, CAT-7.3) or None."""

    id: str
    hexes: tuple[str, ...]
    neighbours: tuple[str, ...]
    edges: tuple[str, ...]
    coastal: bool
    harbour: str | None


@dataclass(frozen=True)
class Edge:
    """A path between two intersections; ``coastal`` if it runs along the sea."""

    id: str
    nodes: tuple[str, str]
    coastal: bool


@dataclass(frozen=True)
class Harbour:
    """A harbour (CAT-7.3): its type and the path and two intersections it serves."""

    type: str
    edge: str
    nodes: tuple[str, str]


@dataclass(frozen=True)
class CatanBoard:
    """Hexes, intersections and paths by id, the harbours, and the robber's hex (None: off the board)."""

    hexes: Mapping[str, Hex]
    nodes: Mapping[str, Node]
    edges: Mapping[str, Edge]
    harbours: tuple[Harbour, ...]
    robber: str | None


def _describe(b: Board, numbers: list[int] | tuple[int, ...], robber: int) -> CatanBoard:
    geo = b.geo
    hid, nid, eid = geo.hex_ids, geo.node_ids, geo.edge_ids
    spring = {NO_SPRING: None, SPRING_NUMBERED: "numbered"}
    hexes = {
        hid[h]: Hex(hid[h], TERRAINS[b.terrain[h]], numbers[h] or None, geo.hexes[h][0], geo.hexes[h][1],
                    tuple(nid[x] for x in b.hex_nodes[h]), tuple(hid[j] for j in geo.hex_nbrs[h]),
                    spring.get(b.spring[h], "overlay"))
        for h in range(b.n_hex)
    }
    nodes = {
        nid[x]: Node(nid[x], tuple(hid[h] for h in b.node_hexes[x]), tuple(nid[y] for y in b.node_nbrs[x]),
                     tuple(eid[e] for e in b.node_edges[x]), bool(b.node_coastal[x]),
                     HARBOUR_TYPES[b.node_harbour[x]] if b.node_harbour[x] >= 0 else None)
        for x in range(b.n_node)
    }
    edges = {eid[e]: Edge(eid[e], (nid[b.edge_nodes[e][0]], nid[b.edge_nodes[e][1]]), bool(geo.edge_coastal[e]))
             for e in range(b.n_edge)}
    harbours = tuple(Harbour(HARBOUR_TYPES[t], eid[e], (nid[b.edge_nodes[e][0]], nid[b.edge_nodes[e][1]]))
                     for e, t in b.harbour_edges)
    return CatanBoard(MappingProxyType(hexes), MappingProxyType(nodes), MappingProxyType(edges), harbours,
                      hid[robber] if robber >= 0 else None)


def board_map(state: Any = None) -> CatanBoard:
    """The board of ``state`` (numbers and robber as they are now), or the beginner board."""
    if state is None:
        b = board_for(named_layout("beginner"))
        return _describe(b, b.numbers0, b.robber0)
    d = state.to_dict()["state"]
    return _describe(board_for(d["layout"]), d["numbers"], d["robber"])
