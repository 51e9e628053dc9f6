"""Longest Road (CAT-10.1, CAT-10.2, CAT-10.3): the longest trail of a player's roads, and who holds the card."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from .board import Board
    from .state import CatanState


class RoadNetwork(Protocol):
    """What the Longest Road count reads: the board, the owner of each path and of each intersection."""

    @property
    def board(self) -> Board: ...
    @property
    def edge_owner(self) -> list[int]: ...
    @property
    def node_owner(self) -> list[int]: ...


def longest_road(s: RoadNetwork, p: int) -> int:
    """Length of ``p``'s longest continuous road, counted edge by edge (loops count, branches do not).

    An opponent's building on an intersection splits a road there (CAT-10.2):
    a trail may end at it but not pass through it. The search runs on a small
    local graph of ``p``'s own roads only.
    """
    eo = s.edge_owner
    own = [e for e in range(len(eo)) if eo[e] == p]
    if not own:
        return 0
    en, no = s.board.edge_nodes, s.node_owner
    # local adjacency: node -> [(local edge index, other node)]
    adj: dict[int, list] = {}
    for i, e in enumerate(own):
        a, c = en[e]
        adj.setdefault(a, []).append((i, c))
        adj.setdefault(c, []).append((i, a))
    blocked = {x for x in adj if no[x] >= 0 and no[x] != p}
    used = [False] * len(own)
    best = 0

    def walk(x: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and x in blocked:
            return
        for i, y in adj[x]:
            if not used[i]:
                used[i] = True
                walk(y, length + 1)
                used[i] = False

    # a longest trail starts at an end of the network (own-road degree 1 or 3, or a split point)
    # unless a component is a pure cycle, where any of its intersections will do
    nodes = sorted(adj)
    starts = [x for x in nodes if len(adj[x]) != 2 or x in blocked]
    seen = set(starts)
    stack = list(starts)
    while True:
        while stack:
            for _, y in adj[stack.pop()]:
                if y not in seen:
                    seen.add(y)
                    stack.append(y)
        rest = [x for x in nodes if x not in seen]
        if not rest:
            break
        starts.append(rest[0])
        seen.add(rest[0])
        stack.append(rest[0])
    total = len(own)
    for x in starts:
        walk(x, 0)
        if best == total:
            break
    return best


def award_longest_road(s: CatanState) -> None:
    """Re-decide the holder after any change (CAT-10.1, CAT-10.3, note A02).

    The holder keeps the card while nobody is strictly longer and he still has
    the minimum; otherwise it goes to the one player alone with the longest
    road of at least the minimum, or is set aside (nobody) on a tie.
    """
    lens = s.road_len
    best = max(lens)
    h = s.longest_road_holder
    if h >= 0 and lens[h] >= s.rules["longest_road_min"] and lens[h] >= best:
        return
    top = [p for p in range(len(lens)) if lens[p] == best]
    s.longest_road_holder = top[0] if best >= s.rules["longest_road_min"] and len(top) == 1 else -1


def update_roads(s: CatanState, players) -> None:
    """Recompute the road lengths of ``players`` and re-award the card."""
    for p in players:
        s.road_len[p] = longest_road(s, p)
    award_longest_road(s)
