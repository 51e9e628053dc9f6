"""Production on a roll (CAT-5, OIL-4, OIL-6.5) and starting resources (CAT-3.9, OIL-2.8)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .oil import deal_oil

if TYPE_CHECKING:
    from .state import CatanState


def produce(s: CatanState, roll: int) -> None:
    """Pay every building next to a hex showing ``roll`` that the robber does not block.

    Resource cards follow the shortage rule per resource (CAT-5.3); oil is
    dealt one at a time (OIL-4.2) and never follows the shortage rule (OIL-4.3).
    """
    b = s.board
    numbers, no, lv, robber = s.numbers, s.node_owner, s.node_level, s.robber
    owed: dict = {}  # resource -> {seat: cards}; int keys, insertion order: deterministic
    oil_owed = None
    keep = s.rules["oil.springs_keep_resource"]
    terrain, spring, hex_nodes = b.terrain, b.spring, b.hex_nodes
    for h in b.hexes_by_number[roll]:
        if numbers[h] != roll or h == robber:  # destroyed (OIL-8.7) or robbed (CAT-6.5, OIL-4.5)
            continue
        r = terrain[h]  # CAT-1.2: the terrain's resource; the desert (5) never yields a card (CAT-5.4)
        sp = spring[h]
        cards = r < 5 and (not sp or keep)
        for x in hex_nodes[h]:
            o = no[x]
            if o < 0:
                continue
            amount = lv[x]  # settlement 1, city 2, metropolis 3 (OIL-6.5)
            if sp:
                if oil_owed is None:
                    oil_owed = [0] * s.num_players
                oil_owed[o] += amount
            if cards:
                d = owed.get(r)
                if d is None:
                    owed[r] = {o: amount}
                else:
                    d[o] = d.get(o, 0) + amount
    if owed:
        hand, bank = s.hand, s.bank
        for r, d in owed.items():
            total = sum(d.values())
            if bank[r] >= total:
                for o, v in d.items():
                    hand[o * 5 + r] += v
                bank[r] -= total
            elif len(d) == 1:  # CAT-5.3 exception: a single entitled player takes what is left
                for o in d:
                    hand[o * 5 + r] += bank[r]
                bank[r] = 0
    if oil_owed is not None:  # OIL-4.6: resource cards first, then oil, independently
        deal_oil(s, oil_owed)


def starting_resources(s: CatanState, p: int, node: int) -> None:
    """One card per terrain hex next to the second settlement; deserts and oil springs pay none."""
    b = s.board
    for h in b.node_hexes[node]:
        r = b.terrain[h]
        if b.spring[h]:
            if s.rules["oil.setup_pays_oil"] and s.supply > 0 and s.oil[p] < s.oil_limit:  # note A07 flag
                s.oil[p] += 1
                s.supply -= 1
            if not (s.rules["oil.springs_keep_resource"] and r < 5):
                continue
        if r < 5 and s.bank[r] > 0:
            s.hand[p * 5 + r] += 1
            s.bank[r] -= 1
