"""Longest Road (CAT-10.1-10.3): the longest trail of a player's roads, and who holds the card."""
from __future__ import annotations


def longest_road(s, p: int) -> int:
    """Length of ``p``'s longest continuous road, counted edge by edge (loops count, branches do not).

    An opponent's building on an intersection splits a road there (CAT-10.2):
    a trail may end at it but not pass through it.
    """
    eo = s.edge_owner
    own = [e for e in range(len(eo)) if eo[e] == p]
    if not own:
        return 0
    b = s.board
    en, ne, no = b.edge_nodes, b.node_edges, s.node_owner
    used = [False] * len(eo)
    best = 0

    def walk(x: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and no[x] >= 0 and no[x] != p:
            return
        for e in ne[x]:
            if eo[e] == p and not used[e]:
                used[e] = True
                a, c = en[e]
                walk(c if a == x else a, length + 1)
                used[e] = False

    # a longest trail starts at an end of the network (own-road degree 1 or 3, or a split point)
    # unless the network is a cycle, where any intersection will do
    degree: dict[int, int] = {}
    for e in own:
        for x in en[e]:
            degree[x] = degree.get(x, 0) + 1
    nodes = sorted(degree)
    starts = [x for x in nodes if degree[x] != 2 or (no[x] >= 0 and no[x] != p)]
    # a component made only of a cycle has no such intersection: start it anywhere
    seen = set(starts)
    stack = list(starts)
    while True:
        while stack:
            x = stack.pop()
            for e in ne[x]:
                if eo[e] == p:
                    a, c = en[e]
                    y = c if a == x else a
                    if y not in seen:
                        seen.add(y)
                        stack.append(y)
        rest = [x for x in nodes if x not in seen]
        if not rest:
            break
        starts.append(rest[0])
        seen.add(rest[0])
        stack.append(rest[0])
    for x in starts:
        walk(x, 0)
        if best == len(own):
            break
    return best


def award_longest_road(s) -> None:
    """Re-decide the holder after any change (CAT-10.1, CAT-10.3, note A02).

    The holder keeps the card while nobody is strictly longer and he still has
    the minimum; otherwise it goes to the one player alone with the longest
    road of at least the minimum, or is set aside (nobody) on a tie.
    """
    lens = s.road_len
    best = max(lens)
    h = s.lr
    if h >= 0 and lens[h] >= s.P.lr_min and lens[h] >= best:
        return
    top = [p for p in range(len(lens)) if lens[p] == best]
    s.lr = top[0] if best >= s.P.lr_min and len(top) == 1 else -1


def update_roads(s, players) -> None:
    """Recompute the road lengths of ``players`` and re-award the card."""
    for p in players:
        s.road_len[p] = longest_road(s, p)
    award_longest_road(s)
