"""Helpers for CO2 tests: start positions and careful surgery that keeps tokens conserved."""
from __future__ import annotations

import ccg
from ccg.games.co2 import operations
from ccg.games.co2.data import GRANTS, SOURCES
from ccg.games.co2.economy import GREEN0
from ccg.games.co2.flags import fresh_turn_flags
from ccg.games.co2.tasks import Turn

SRC = {name: i for i, name in enumerate(SOURCES)}
FOSSIL = {"coal": 0, "oil": 1, "gas": 2}


def new(players=4, seed=1, **kw):
    return ccg.new_game("co2", players=players, seed=seed, **kw)


def reg(s, name: str) -> int:
    return s.components.regions.index(name)


def ps(s, region: str, grant: str) -> int:
    return reg(s, region) * 3 + GRANTS.index(grant)


def turn_of(s, seat: int):
    """Make it the start of ``seat``'s turn (flags reset, no pending sub-decision)."""
    while s.tasks and s.tasks[-1].kind != "turn":
        s.tasks.pop()
    if s.tasks:
        s.tasks.pop()
    s.tasks.append(Turn(seat))
    s.active = seat
    s.turn_flags = fresh_turn_flags()
    s.mark_edited()
    return s


def give(s, p: int, coins=0, res=0, cep=0, vp=0):
    """Move tokens to seat p from the bank / common supply (conserving totals)."""
    s.coins[p] += coins
    s.vp[p] += vp
    assert s.supply_resources >= res
    s.supply_resources -= res
    s.resources[p] += res
    assert s.bank_cep >= cep
    s.bank_cep -= cep
    s.cep[p] += cep
    s.mark_edited()


def set_agenda(s, region: str, sources: tuple):
    idx = [tuple(SRC[x] for x in sources) == a for a in s.components.agendas].index(True)
    other = s.agenda.index(idx) if idx in s.agenda else None
    r = reg(s, region)
    if other is not None:
        s.agenda[other] = s.agenda[r]
    s.agenda[r] = idx
    s.mark_edited()


def _sources_in(s, r: int) -> set:
    o = s.first_space[r]
    plants = {k - GREEN0 for k in s.space_kind[o:o + s.components.spaces[r]] if k >= GREEN0}
    return plants | {x for x in s.projects[3 * r:3 * r + 3] if x >= 0}


def list_on_agenda(s, r: int, src: int) -> None:
    """Give region r an agenda tile listing ``src`` (and what is already there), as CO2-11.1.2 requires."""
    need = _sources_in(s, r) | {src}
    if need <= set(s.components.agendas[s.agenda[r]]):
        return
    for tile, sources in enumerate(s.components.agendas):
        if need <= set(sources):
            if tile in s.agenda:  # swap with the region holding it, if that region can take ours
                other = s.agenda.index(tile)
                if not _sources_in(s, other) <= set(s.components.agendas[s.agenda[r]]):
                    continue
                s.agenda[other] = s.agenda[r]
            s.agenda[r] = tile
            s.mark_edited()
            return
    raise AssertionError(f"no agenda tile lists {sorted(need)}")


def put_project(s, region: str, grant: str, source: str, installed=False, scientist_of=None):
    k = ps(s, region, grant)
    src = SRC[source]
    assert s.projects[k] == -1
    list_on_agenda(s, reg(s, region), src)
    s.project_supply[src] -= 1
    s.projects[k] = src
    s.installed[k] = 1 if installed else 0
    if scientist_of is not None:
        p = scientist_of
        i = next(i for i in range(4 * p, 4 * p + 4) if s.scientists[i] in (-1, -2))
        s.scientists[i] = k
        s.occupant[k] = p
    s.mark_edited()
    return k


def put_plant(s, region: str, source: str, owner: int):
    """A green plant built earlier by ``owner`` on the leftmost empty space."""
    r = reg(s, region)
    o = s.first_space[r]
    i = next(j for j in range(o, o + s.components.spaces[r]) if s.space_kind[j] == -1)
    src = SRC[source]
    list_on_agenda(s, r, src)
    s.space_kind[i] = GREEN0 + src
    s.space_owner[i] = owner
    s.plants_built[src] += 1
    s.mark_edited()
    return i


def set_fossils(s, region: str, kinds: list[str]):
    """Replace the region's fossil plants by ``kinds`` from the left (ppm and tile counts kept consistent)."""
    r = reg(s, region)
    o = s.first_space[r]
    ppm = (s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"])
    for j in range(o, o + s.components.spaces[r]):
        k = s.space_kind[j]
        if 0 <= k < GREEN0:
            s.space_kind[j] = -1
            s.ppm -= ppm[k]
            s.fossil_stack.append(k)
    for j, name in enumerate(kinds):
        f = FOSSIL[name]
        s.fossil_stack.remove(f)
        s.space_kind[o + j] = f
        s.ppm += ppm[f]
    s.ppm_peak = max(s.ppm_peak, s.ppm)
    s.mark_edited()


def names(s) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def finish_decade(s):
    """Play ``end`` as the last turn of the decade's last round."""
    n = s.num_players
    s.round = operations.rounds(s)
    s.turns = n - 1
    turn_of(s, (s.start + n - 1) % n)
    s.turn_flags[0] = 1
    s.apply("end")


def hand(s, p, cards):
    """Give seat p exactly the lobby ``cards`` (swapping with other hands / the deck)."""
    for c in cards:
        if c in s.lobby[p]:
            continue
        holder = next((h for h in s.lobby if c in h), None) or s.lobby_deck
        spare = next(x for x in s.lobby[p] if x not in cards)
        holder[holder.index(c)] = spare
        s.lobby[p][s.lobby[p].index(spare)] = c
    s.lobby[p].sort()
    s.mark_edited()
