"""The Oil Springs layer: oil production, using and sequestering oil, the disaster phase (OIL-4 … OIL-10)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .board import harbour_mask
from .phases import OVER
from .roads import update_roads
from .scoring import award_champion

if TYPE_CHECKING:
    from .state import CatanState


def deal_oil(s: CatanState, entitled: list[int]) -> None:
    """OIL-4.2, OIL-4.3, OIL-4.4: one token at a time clockwise from the roller until met or the supply is empty.

    A player whose next token would pass the limit does not take it; his
    remaining entitlement for this roll lapses (note A08).
    """
    n = s.num_players
    L = s.oil_limit
    oil = s.oil
    while s.supply > 0:
        gave = False
        for i in range(n):
            p = (s.active + i) % n
            if entitled[p] <= 0 or s.supply <= 0:
                continue
            if oil[p] >= L:  # OIL-3.4: the limit blocks every gain above it
                entitled[p] = 0
                continue
            oil[p] += 1
            s.supply -= 1
            entitled[p] -= 1
            gave = True
        if not gave:
            break


def oil_use_open(s: CatanState, p: int, k: int) -> bool:
    """May ``p`` use ``k`` oil now? OIL-7.4 (marker room), OIL-9.2 (not after sequestering).

    ``seq_done`` records the active player's sequestration this turn: it binds only him, never
    another player building a metropolis in the following SBP (OIL-11.5).
    """
    if s.marker + k > s.rules["oil.disaster_at"]:
        return False
    return not s.seq_done or s.rules["oil.open_use_and_sequester"] or p != s.active


def use_oil(s: CatanState, p: int, k: int) -> None:
    """Advance the disaster marker by ``k`` uses (OIL-7.2, OIL-7.3) on the disaster track (OIL-1.6)."""
    s.marker += k
    if p == s.active:  # OIL-9.2: the active player's own use (an SBP metropolis is another player's)
        s.oil_used = True
    s.oil_used_total += k
    if s.marker >= s.rules["oil.disaster_at"]:
        s.pending = True
        s.trigger = p


def convert(s: CatanState, p: int, r: int) -> None:
    """OIL-6.2: 1 oil back to the supply, 2 cards of one resource from the bank."""
    g = s.rules["oil.convert_gives"]
    s.oil[p] -= 1
    s.supply += 1
    s.hand[p * 5 + r] += g
    s.bank[r] -= g
    use_oil(s, p, 1)


def convert_pair(s: CatanState, p: int, r1: int, r2: int) -> None:
    """OIL-6.2 with the note A11 flag ``oil.convert_mixed``: 1 oil -> 1 card each of two different types."""
    s.oil[p] -= 1
    s.supply += 1
    for r in (r1, r2):
        s.hand[p * 5 + r] += 1
        s.bank[r] -= 1
    use_oil(s, p, 1)


def can_sequester(s: CatanState, p: int) -> bool:
    """OIL-9.1, OIL-9.2: one per turn, not in a turn oil was used (unless OIL-12.2)."""
    return s.oil[p] > 0 and not s.seq_done and (not s.oil_used or s.rules["oil.open_use_and_sequester"])


def sequester(s: CatanState, p: int) -> None:
    s.oil[p] -= 1
    s.sequestered[p] += 1
    s.seq_done = True
    award_champion(s, p)


def remove_oil(s: CatanState, k: int) -> None:
    """OIL-8.8, OIL-8.9 (note A17): remove ``k`` oil, supply first, then one at a time from the
    triggering player clockwise, skipping players without oil."""
    take = min(k, s.supply)
    s.supply -= take
    s.removed += take
    k -= take
    n = s.num_players
    if k > 0 and s.rules["oil.empty_supply_one_each"]:  # note A17 alternative: one token from every player holding oil
        for i in range(n):
            p = (s.trigger + i) % n
            if s.oil[p] > 0:
                s.oil[p] -= 1
                s.removed += 1
        return
    i = 0
    while k > 0 and any(s.oil):
        p = (s.trigger + i) % n
        if s.oil[p] > 0:
            s.oil[p] -= 1
            s.removed += 1
            k -= 1
        i += 1


def flood(s: CatanState) -> None:
    """OIL-8.4, OIL-8.5: coastal settlements removed, coastal cities reduced; metropolises and roads stay."""
    b = s.board
    no, lv = s.node_owner, s.node_level
    for n in range(len(no)):
        p = no[n]
        if p < 0 or not b.node_coastal[n]:
            continue
        if lv[n] == 1:
            no[n] = -1
            lv[n] = 0
            s.settlements_built[p] -= 1
        elif lv[n] == 2:
            lv[n] = 1  # note A16: reduced even without a settlement piece to spare
            s.cities_built[p] -= 1
            s.settlements_built[p] += 1
    s.floods += 1
    s.spots = None

    for p in range(s.num_players):
        s.harbour_access[p] = harbour_mask(s, p)
    update_roads(s, range(s.num_players))


def disaster_phase(s: CatanState) -> None:
    """The disaster phase: the triggering player's roll (OIL-8.2: no production, robber or discards)
    locates the disaster (OIL-8.3: a 7 floods the coast, any other number pollutes a hex showing it);
    then the marker returns to 0 (OIL-8.11)."""
    rng = s.rng
    d = rng.die() + rng.die()
    s.disasters += 1
    hit = -1
    if d == 7:
        flood(s)  # OIL-8.4
    else:
        numbers = s.numbers
        cands = [h for h in range(len(numbers)) if numbers[h] == d]  # OIL-8.6 (robber hexes included)
        if cands:
            hit = cands[rng.below(len(cands))] if len(cands) > 1 else cands[0]  # EX-4: uniform choice
            if s.board.spring[hit]:
                s.spring_hits += 1
                remove_oil(s, s.rules["oil.spring_hit_removes"])  # OIL-8.8: the spring keeps its number
            else:
                numbers[hit] = 0  # OIL-8.7: token to the track, the hex never produces again
                s.destroyed.append([hit, d])
    s.last_disaster = [d, hit, s.trigger]
    s.marker = 0  # OIL-8.11
    s.pending = False
    if len(s.destroyed) >= s.oil_destroyed_to_end:
        # OIL-8.10, OIL-10.3: the island is lost; the Champion holds a Pyrrhic victory (A19: no winner)
        s.lost = True
        s.over = True
        s.winner = -1
        s.pyrrhic = s.champion
        s.phase = OVER
