"""Hidden information (CAT-9.1, OIL-3.1): what a seat may see, and consistent resampling.

Reading chosen: others' resource hands, others' development cards and the
deck order are hidden (counts are public); oil is public (OIL-3.1). A
determinized state keeps every public count: the resource cards held by the
other seats are pooled by type and redealt at random with each seat's count
kept (card-counting knowledge from public production and trades is ignored,
a simple consistent approximation); their development cards and the deck
are resampled from the cards ``seat`` has not seen (played knights are
public), keeping each seat's count of cards bought this turn.

One more thing every seat knows (CAT-11.2): in the base game the active
player has not won, so holds fewer than 10 VP. A deal that gives the active
player (another seat) too many Victory Point cards is drawn again, and after
a few tries the surplus VP cards are swapped with other unseen cards, so a
determinized state always passes ``check_invariants``. The redraws use only
the pooled cards and public counts, never the real hands.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import VP_CARD
from .phases import RESPOND, SBP
from .serial import state_dict
from .trade import acceptors

if TYPE_CHECKING:
    from .state import CatanState

REDRAWS = 8  # deals tried before the surplus VP cards of the active player are swapped away


def observe(s: CatanState, seat: int) -> dict:
    d = state_dict(s)
    if s.over:  # at the end every card is revealed (CAT-11.2)
        return d
    n = s.num_players
    hand, dev = d["hand"], d["dev"]
    d["hand"] = [hand[p * 5:(p + 1) * 5] if p == seat else None for p in range(n)]
    d["hand_counts"] = [sum(hand[p * 5:(p + 1) * 5]) for p in range(n)]
    d["dev"] = [dev[p * 5:(p + 1) * 5] if p == seat else None for p in range(n)]
    d["dev_counts"] = [sum(dev[p * 5:(p + 1) * 5]) for p in range(n)]
    if s.active != seat:
        d["dev_new"] = sum(s.dev_new)
    d["deck"] = len(s.deck)
    d["public_vp"] = [s.public_vp(p) for p in range(n)]
    return d


def resample(s: CatanState, seat: int, rng) -> None:
    """Redeal what ``seat`` cannot see: the other players' resource cards (counts and known cards kept) and
    the development cards among the deck and the other hands (counts kept; the active player not holding a
    won game's VP cards)."""
    if s.over:
        return  # nothing is hidden any more
    others = [p for p in range(s.num_players) if p != seat]
    _redeal_resources(s, others, _known_cards(s), rng)
    _redeal_development_cards(s, seat, others, rng)


def _known_cards(s: CatanState) -> list[int]:
    """Cards everyone knows a seat holds (per seat and resource): the goods an open offer gives, and the goods
    it asks for in the hand of every player who accepted or is being asked (only players able to pay are
    asked, CAT-7.2)."""
    known = [0] * (5 * s.num_players)
    if s.offer is not None:
        off = s.offer
        payers = acceptors(s) + ([s.seat_to_move] if s.phase == RESPOND else [])
        for r in range(5):
            known[s.active * 5 + r] = off[r]
            for q in payers:
                known[q * 5 + r] = off[6 + r]
    return known


def _redeal_resources(s: CatanState, others: list[int], known: list[int], rng) -> None:
    """Pool the others' unknown resource cards by type and redeal them, each hand keeping its count."""
    pool = []
    for p in others:
        for r in range(5):
            pool.extend([r] * (s.hand[p * 5 + r] - known[p * 5 + r]))
    pool.sort()  # the shuffle must not depend on who really holds what
    rng.shuffle(pool)
    for p in others:
        k = sum(s.hand[p * 5:(p + 1) * 5]) - sum(known[p * 5:(p + 1) * 5])
        for r in range(5):
            s.hand[p * 5 + r] = known[p * 5 + r]
        for r in pool[:k]:
            s.hand[p * 5 + r] += 1
        del pool[:k]


def _redeal_development_cards(s: CatanState, seat: int, others: list[int], rng) -> None:
    """Shuffle the unseen development cards (the deck and the others' hands) and deal each hand its count
    again (the active player's new cards first), the rest back to the deck."""
    unseen = list(s.deck)
    new_count = sum(s.dev_new) if s.active != seat else 0
    counts = [sum(s.dev[p * 5:(p + 1) * 5]) for p in others]
    for p in others:
        for t in range(5):
            unseen.extend([t] * s.dev[p * 5 + t])
    unseen.sort()  # forget the real deck order and owners before drawing
    _shuffle_unseen(s, seat, others, counts, unseen, rng)
    for p, k in zip(others, counts):
        for t in range(5):
            s.dev[p * 5 + t] = 0
        take = unseen[:k]
        del unseen[:k]
        for t in take:
            s.dev[p * 5 + t] += 1
        if p == s.active and new_count:
            s.dev_new = [0] * 5
            for t in take[:new_count]:
                s.dev_new[t] += 1
    s.deck = unseen


def _shuffle_unseen(s: CatanState, seat: int, others: list[int], counts: list[int], unseen: list[int],
                    rng) -> None:
    """Shuffle ``unseen`` so that the active player's share holds no more VP cards than would have won already
    (CAT-11.2): a few redraws, then the surplus swapped out."""
    limit = _vp_card_limit(s, seat)
    at = sum(counts[:others.index(s.active)]) if limit is not None else 0  # the active player's cards
    for _ in range(REDRAWS):
        rng.shuffle(unseen)
        if limit is None or unseen[at:at + counts[others.index(s.active)]].count(VP_CARD) <= limit:
            break
    else:
        if limit is not None:  # (with no limit the first shuffle is kept)
            _swap_surplus_vp(unseen, at, counts[others.index(s.active)], limit, rng)


def _vp_card_limit(s: CatanState, seat: int) -> int | None:
    """The most VP cards the active player (not ``seat``) can hold without having won (CAT-11.2), or None."""
    if s.oil_springs or s.active == seat or s.turn == 0 or s.phase == SBP:
        return None  # Oil Springs: the win is checked at the end of the turn (OIL-10.2)
    return max(0, s.vp_to_win - 1 - s.public_vp(s.active))


def _swap_surplus_vp(cards: list, at: int, k: int, limit: int, rng) -> None:
    """Swap VP cards of the slice ``cards[at:at + k]`` beyond ``limit`` with other cards outside it."""
    mine = [i for i in range(at, at + k) if cards[i] == VP_CARD]
    outside = [i for i in range(len(cards)) if not at <= i < at + k and cards[i] != VP_CARD]
    for i in mine[limit:]:
        j = outside.pop(rng.below(len(outside)))
        cards[i], cards[j] = cards[j], cards[i]
