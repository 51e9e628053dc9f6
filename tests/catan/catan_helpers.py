"""Builders for hand-made Catan positions used by the rule tests."""
from __future__ import annotations

import ccg
from ccg.core.rng import Rng
from ccg.games.catan.data import RES_INDEX, VP_CARD
from ccg.games.catan.phases import MAIN
from ccg.games.catan.roads import award_longest_road
from ccg.games.catan.serial import recompute_derived


def make(players: int = 4, scenario: str | None = None, phase: int = MAIN, active: int = 0, **options):
    """A game after setup with an empty board, seat ``active`` to act in ``phase``."""
    if scenario:
        options["scenario"] = scenario
    s = ccg.new_game("catan", players=players, seed=0, **options)
    s.phase = phase
    s.active = s.seat_to_move = s.first = active
    s.turn = 1
    s.setup_step = 2 * players
    s.rolled = phase == MAIN
    s.mark_edited()
    return s


def node(s, q: int, r: int, k: str) -> int:
    return s.board.geo.node_index[(q, r, k)]


def hexi(s, q: int, r: int) -> int:
    return s.board.geo.hex_index[(q, r)]


def edge(s, a: int, b: int) -> int:
    return s.board.geo.edge_index[(min(a, b), max(a, b))]


def give(s, p: int, **cards) -> None:
    """Move resource cards (and ``oil=``) from the bank / supply to seat ``p``."""
    for name, k in cards.items():
        r = RES_INDEX[name]
        if r == 5:
            s.supply -= k
            s.oil[p] += k
        else:
            s.bank[r] -= k
            s.hand[p * 5 + r] += k
    s.mark_edited()


def put(s, p: int, n: int, level: int = 1) -> None:
    """A building of seat ``p`` on intersection ``n`` (1 settlement, 2 city, 3 metropolis)."""
    s.node_owner[n] = p
    s.node_level[n] = level
    if level == 3:
        s.metro_pool -= 1
    refresh(s)


def road(s, p: int, *edges: int) -> None:
    for e in edges:
        s.edge_owner[e] = p
    refresh(s)


def path(s, p: int, nodes: list[int]) -> None:
    """Roads of ``p`` along consecutive intersections."""
    road(s, p, *[edge(s, a, b) for a, b in zip(nodes, nodes[1:])])


def refresh(s) -> None:
    recompute_derived(s)
    award_longest_road(s)
    s.mark_edited()


def deal_dev(s, p: int, t: int, k: int = 1) -> None:
    for _ in range(k):
        s.deck.remove(t)
        s.dev[p * 5 + t] += 1
    s.mark_edited()


def rig(s, action, predicate, tries: int = 20000):
    """Set ``s.rng`` to the first generator state for which applying ``action`` meets ``predicate``."""
    for k in range(tries):
        c = s.clone()
        c.rng = Rng(k)
        c.apply(action)
        if predicate(c):
            s.rng = Rng(k)
            return k
    raise AssertionError("no generator state gives the wanted chance outcome")


def legal_strs(s) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def _nodes(s):
    """The board's intersections by index (from the public board map, ``ccg.board_of``)."""
    return list(ccg.board_of(s).nodes.values())  # N0, N1, … in index order


def inland_nodes(s) -> list[int]:
    return [x for x, n in enumerate(_nodes(s)) if not n.coastal]


def coastal_nodes(s) -> list[int]:
    return [x for x, n in enumerate(_nodes(s)) if n.coastal]


def spread(s, candidates, k, taken=()):
    """k intersections from ``candidates`` that keep the distance rule with each other and ``taken``."""
    nb = [[int(m[1:]) for m in n.neighbours] for n in _nodes(s)]
    chosen = list(taken)
    out = []
    for n in candidates:
        if n in chosen or any(m in chosen for m in nb[n]):
            continue
        out.append(n)
        chosen.append(n)
        if len(out) == k:
            return out
    raise AssertionError("not enough room")


def nine_vp_with_a_vp_card_on_top(s, p: int) -> None:
    """Seat p: three cities and three VP cards (9 VP), the price of a development card in hand,
    and a VP card on top of the deck, so ``buy dev`` reaches 10 VP."""
    for x in spread(s, inland_nodes(s), 3):
        put(s, p, x, 2)
    deal_dev(s, p, VP_CARD, 3)
    give(s, p, wool=1, ore=1, grain=1)
    s.deck.remove(VP_CARD)
    s.deck.append(VP_CARD)


def compose(s, gives: dict, asks: dict, submit: bool = True) -> None:
    """Domestic trade (CAT-7.2): open the table and compose ``gives`` for ``asks`` a card at a time."""
    s.apply("propose")
    for good, k in gives.items():
        for _ in range(k):
            s.apply(f"give {good}")
    for good, k in asks.items():
        for _ in range(k):
            s.apply(f"ask {good}")
    if submit:
        s.apply("offer")
