"""The cheapest routes from a company's network (CE-6): a Dijkstra search, and its update after more trains.

The weight of a placement is ``money_weight`` × its CE-6.9 cost + 1; a route's weight is the float sum
along it in build order. The search's answer is, per hex j outside the network:

* ``weight[j]``: the least route weight, min over the neighbours h that can lead on to j of
  ``weight[h] + step[j] + 1.0`` (inf when unreachable; blocked hexes are never entered);
* ``prev[j]``: of the neighbours reaching that minimum, the one first settled — the smallest
  ``(weight[h], h)`` (a Dijkstra on a heap of ``(weight, hex)`` settles hexes in that order);
* ``count[j]``: placements along that route, ``count[prev[j]] + 1``.

These three are fixed by the board alone, not by the order of the work, so an update that
recomputes only what new trains change gives exactly what a fresh search gives — the same
route ties included. Most searches follow the last one for the same company after one to three
more placements (a placement decision searches for the building company only), so
:func:`cheapest_routes` keeps that last answer and updates it (:func:`_after_trains`: rivals'
trains in one pass, :func:`_after_rival_trains`; the company's own one by one,
:func:`_after_own_train`) instead of searching afresh.
"""
from __future__ import annotations

import heapq
import math

from . import position as P

_B = P.BOARD
_NB = _B.neighbours
_FORBID = _B.forbidden
_EXCL = _B.exclusive_mask
_CHICAGO = _B.chicago
_COST = P.COST_BY_OCC
N_HEX = len(_B.ids)
_INF = math.inf
# a route stops at Chicago (CE-10.1) unless the company is there already: Chicago leads on to nothing
_NB_STOP_AT_CHICAGO = tuple(() if h == _CHICAGO else nbs for h, nbs in enumerate(_NB))
# likewise, per hex, the neighbours that can lead on to it (the board's neighbours are symmetric)
_FROM_STOP_AT_CHICAGO = tuple(tuple(h for h in nbs if h != _CHICAGO) for nbs in _NB)

Search = tuple  # (weight, count, prev): lists per hex, read-only once made

_STEPS: dict = {}  # (occupancy, money weight) -> per hex, money weight × the cost of a train placed there now
_STEPS_LIMIT = 2_000
_SEARCHES: dict = {}  # (company, every network, money weight) -> cheapest_routes' answer
_SEARCHES_LIMIT = 5_000
# (company, money weight) -> (every network, the answer, the answer it was updated from after a rival's train
# or None, the hexes whose route may differ from that one's) of the last search: the next one's base
_LAST: dict = {}
_STEP_TABLES: dict = {}  # money weight -> per hex, per occupancy mask, money weight × the CE-6.9 cost


def _step_table(money_weight: float) -> tuple:
    """Per hex and occupancy mask ``money_weight`` × the CE-6.9 cost of one more train (few weights: kept)."""
    table = _STEP_TABLES.get(money_weight)
    if table is None:
        table = _STEP_TABLES[money_weight] = tuple(tuple(money_weight * k for k in row) for row in _COST)
    return table


def cheapest_routes(s, c: int, money_weight: float) -> Search:
    """Per hex ``(weight, placements, predecessor)`` of the cheapest routes from company c's network (read-only).

    Legal steps only (CE-6.3 connected, CE-6.5 no other start hex, CE-6.6 one train per hex, CE-6.8
    forests and mountains hold one train); money is not checked here. Routes end at Chicago. Shared by
    every position with the same networks.
    """
    nets = tuple(P.networks(s))
    key = (c, nets, money_weight)
    hit = _SEARCHES.get(key)
    if hit is not None:
        return hit
    occ = P.occupancy(s)
    last = _LAST.get((c, money_weight))
    update = base = None
    if last is not None:
        base = last[1]
        update = _after_trains(last[0], base, nets, c, money_weight, occ, P.occupied(s))
    if update is None:
        out = _search(nets[c], _blocked(c, nets[c], P.occupied(s)), _money_steps(occ, money_weight))
        _LAST[(c, money_weight)] = (nets, out, None, ())
    else:
        out, changed = update
        _LAST[(c, money_weight)] = (nets, out, None if changed is None else base, changed)
    if len(_SEARCHES) > _SEARCHES_LIMIT:
        _SEARCHES.clear()
    _SEARCHES[key] = out
    return out


def changes(c: int, money_weight: float, search: Search) -> tuple[Search, list[int]] | None:
    """``(base, hexes)`` when ``search`` is company c's last search, updated from the search ``base`` after a
    rival's train: every other hex has the same route in both (weight, count and every predecessor on the
    way, none of them the new train's hex); else None."""
    last = _LAST.get((c, money_weight))
    if last is None or last[1] is not search or last[2] is None:
        return None
    return last[2], last[3]


def _blocked(c: int, net: int, occupied: int) -> int:
    """Hexes company c may not enter: other start hexes (CE-6.5), full forests and mountains (CE-6.8)."""
    return _FORBID[c] | (occupied & _EXCL & ~net)


def _money_steps(occ: list[int], money_weight: float) -> list[float]:
    """Per hex, ``money_weight`` × the CE-6.9 cost of one more train there now (shared by every company)."""
    key = (tuple(occ), money_weight)
    hit = _STEPS.get(key)
    if hit is None:
        if len(_STEPS) > _STEPS_LIMIT:
            _STEPS.clear()
        hit = _STEPS[key] = list(map(tuple.__getitem__, _step_table(money_weight), occ))
    return hit


def _search(net: int, blocked: int, step: list[float]) -> Search:
    """Dijkstra from the hexes of ``net``, never entering ``blocked``."""
    weight = [_INF] * N_HEX
    count = [0] * N_HEX
    prev = [-1] * N_HEX
    closed = bytearray(N_HEX)  # done (the network, then every hex settled) or blocked: never entered again
    heap = []
    m = net | blocked
    while m:
        low = m & -m
        h = low.bit_length() - 1
        m ^= low
        closed[h] = 1
        if net & low:
            weight[h] = 0.0
            heap.append((0.0, h))
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    nbs = _NB_STOP_AT_CHICAGO if not net >> _CHICAGO & 1 else _NB
    while heap:
        wt, h = pop(heap)
        if closed[h] and wt:
            continue  # settled already (or blocked, or the network's own hexes past the start)
        closed[h] = 1
        for j in nbs[h]:
            if closed[j]:
                continue
            nw = wt + step[j] + 1.0
            if nw < weight[j]:
                weight[j] = nw
                count[j] = count[h] + 1
                prev[j] = h
                push(heap, (nw, j))
    return weight, count, prev


_MOST_ADDED = 6  # more trains than this since the last search (rare: another game, say): searched afresh


def _after_trains(old_nets: tuple, base: Search, nets: tuple, c: int, money_weight: float, occ: list[int],
                  occupied: int) -> tuple[Search, list[int] | None] | None:
    """``base`` (the search for ``old_nets``) updated to ``nets`` when they add a few trains, one at a time, and
    the hexes whose route may have changed (None: any may have) — else None. Each update is exact for the
    networks with the trains added so far (the occupancy then is now's less the trains still to come)."""
    added = []  # (company, hex) of every train added
    for k in range(len(nets)):
        a, b = old_nets[k], nets[k]
        if a != b:
            if a & ~b:
                return None  # some taken away (another game)
            new = b & ~a
            while new:
                low = new & -new
                added.append((k, low.bit_length() - 1))
                new ^= low
    if not added:
        return base, []
    if len(added) == 1:
        return _after_one_train(base, *added[0], nets[c], c, money_weight, occ, occupied)
    if len(added) > _MOST_ADDED:
        return None
    if all(k != c for k, _ in added):  # rivals' trains only: one search again for them all
        net = nets[c]
        xs = list(dict.fromkeys(x for _, x in added if not net >> x & 1 and base[0][x] != _INF))
        return _after_rival_trains(base, xs, net, money_weight, occ) if xs else (base, [])
    occ = occ.copy()
    for k, x in added:  # the occupancy before any of them
        occ[x] &= ~(1 << k)
        if not occ[x]:
            occupied &= ~(1 << x)
    net = old_nets[c]
    search = base
    changed: set[int] | None = set()  # None once an own train may have changed any route
    for k, x in added:
        occ[x] |= 1 << k
        occupied |= 1 << x
        if k == c:
            net |= 1 << x
        search, redo = _after_one_train(search, k, x, net, c, money_weight, occ, occupied)
        if redo is None or changed is None:
            changed = None
        else:
            changed.update(redo)
    return search, None if changed is None else sorted(changed)


def _after_one_train(base: Search, k: int, x: int, net: int, c: int, money_weight: float, occ: list[int],
                     occupied: int) -> tuple[Search, list[int] | None]:
    """``base`` updated after company k's train on hex x (c's network ``net`` with it, the occupancy ``occ`` and
    ``occupied`` hexes with it), and the hexes whose route may have changed (None: any may have)."""
    if k == c:
        return _after_own_train(base, x, net, _blocked(c, net, occupied), money_weight, occ), None
    if net >> x & 1 or base[0][x] == _INF:
        return base, []  # a hex of c's network costs c nothing; a hex c never reaches leads c nowhere
    return _after_rival_trains(base, [x], net, money_weight, occ)


def _after_rival_trains(base: Search, xs: list[int], net: int, money_weight: float,
                        occ: list[int]) -> tuple[Search, list[int]]:
    """Other companies' trains on the hexes xs, which c reaches: each costs c more (CE-6.9) or is closed to it
    (CE-6.8).

    Only the xs and the hexes whose cheapest route runs through one of them can change (every other
    route is as cheap as before, and no route got cheaper); they are searched again from their
    neighbours outside.
    """
    weight, count, prev = base[0][:], base[1][:], base[2][:]
    nbs, sources = (_NB, _NB) if net >> _CHICAGO & 1 else (_NB_STOP_AT_CHICAGO, _FROM_STOP_AT_CHICAGO)
    state = bytearray(N_HEX)  # 1: to search again, 2: settled again (or closed); 0: unchanged
    redo = xs.copy()
    for x in xs:
        state[x] = 1
    for t in redo:  # the xs and the hexes their routes lead on to
        for k in nbs[t]:
            if prev[k] == t and not state[k]:
                state[k] = 1
                redo.append(k)
    for t in redo:
        weight[t] = _INF
        count[t] = 0
        prev[t] = -1
    for x in xs:
        if _EXCL >> x & 1:
            state[x] = 2
    step = _money_steps(occ, money_weight)
    heap = []
    for j in redo:  # the cheapest way in from the unchanged hexes
        if state[j] != 1:
            continue
        step_j = step[j]
        best, by, by_weight = _INF, -1, _INF
        for h in sources[j]:
            wh = weight[h]
            if state[h] or wh == _INF:
                continue
            nw = wh + step_j + 1.0
            if nw < best or (nw == best and (wh, h) < (by_weight, by)):
                best, by, by_weight = nw, h, wh
        if by >= 0:
            weight[j] = best
            prev[j] = by
            heap.append((best, j))
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        wt, h = pop(heap)
        if state[h] != 1 or wt > weight[h]:
            continue
        state[h] = 2
        count[h] = count[prev[h]] + 1
        for k in nbs[h]:
            if state[k] != 1:
                continue
            nw = wt + step[k] + 1.0
            wk = weight[k]
            if nw < wk:
                weight[k] = nw
                prev[k] = h
                push(heap, (nw, k))
            elif nw == wk and (wt, h) < (weight[prev[k]], prev[k]):
                prev[k] = h
    return (weight, count, prev), redo


def _after_own_train(base: Search, x: int, net: int, blocked: int, money_weight: float, occ: list[int]) -> Search:
    """c's own train on hex x: x joins the network, so routes from it can be cheaper than before.

    A Dijkstra from x through the hexes it makes cheaper; a hex whose weight stays but that x's
    routes now reach first (a tie) takes the new predecessor; placement counts follow every change.
    """
    weight, count, prev = base[0][:], base[1][:], base[2][:]
    nbs = _NB if net >> _CHICAGO & 1 else _NB_STOP_AT_CHICAGO
    step = _money_steps(occ, money_weight)
    weight[x] = 0.0
    prev[x] = -1
    count[x] = 0
    heap = [(0.0, x)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        wt, h = pop(heap)
        if wt > weight[h]:
            continue
        p = prev[h]
        n = count[h] = count[p] + 1 if p >= 0 else 0
        for k in nbs[h]:  # the network's hexes (weight 0) are never bettered; blocked ones are never entered
            nw = wt + step[k] + 1.0
            wk = weight[k]
            if nw < wk:
                if wk == _INF and blocked >> k & 1:
                    continue
                weight[k] = nw
                prev[k] = h
                push(heap, (nw, k))
            elif nw == wk:  # k's weight stays: settled again when its route changes or only its count
                p = prev[k]
                if p == h:
                    if count[k] != n + 1:
                        push(heap, (nw, k))
                elif (wt, h) < (weight[p], p):
                    prev[k] = h
                    push(heap, (nw, k))
    return weight, count, prev

