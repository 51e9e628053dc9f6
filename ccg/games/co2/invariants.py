"""The conservation laws and consistency rules every CO2 position obeys (``Co2State.check_invariants``).

Each law is an explicit check raising ``BrokenInvariantError`` naming the field, so a loaded position
is checked under ``python -O`` too; ``check_invariants`` runs the laws of ``LAWS`` in order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core.errors import BrokenInvariantError, require

from .data import FOSSILS
from .economy import GREEN0

if TYPE_CHECKING:
    from .state import Co2State


def _shapes(s: Co2State) -> None:
    n = s.num_players
    for key, values in (("coins", s.coins), ("res", s.resources), ("cep", s.cep), ("goal", s.goal),
                        ("goal_st", s.goal_status)):  # the position's keys name the field
        if len(values) != n:
            raise BrokenInvariantError(key, f"needs one entry per seat ({n})")
    require(len(s.expertise) == 5 * n, "exp", "needs five expertise tracks per seat")
    require(len(s.scientists) == 4 * n, "sci", "needs four scientists per seat")
    require(len(set(s.goal)) == n, "goal", "each seat holds a different company goal")
    require(1 <= s.decade, "decade", "counts from 1")


def _supplies(s: Co2State) -> None:
    """Coins, resources and CEP are never negative; resources (CO2-1.3) and CEP (CO2-1.4) are conserved."""
    rules = s.rules
    require(all(x >= 0 for x in s.coins), "coins", "negative")
    require(all(x >= 0 for x in s.resources), "res", "negative")
    require(all(x >= 0 for x in s.cep), "cep", "negative")
    require(s.market >= 0, "market", "negative")
    require(s.bank_cep >= 0, "bank_cep", "negative")
    require(s.bank_cep + s.market + sum(s.cep) + sum(s.region_cep) == rules["cep.total"],
            "cep", "CEP not conserved (bank + market + hands + regions)")
    require(s.supply_resources >= 0 and s.supply_resources + sum(s.resources) + sum(s.region_resources) == rules["resources.total"],
            "res", "resources not conserved (supply + hands + regions)")
    require(rules["market.price_min"] <= s.price <= rules["market.price_max"], "price", "off the market track")


def _regions(s: Co2State) -> None:
    spaces = s.components.spaces
    for r in range(6):
        if not (0 <= s.region_cep[r] <= spaces[r]):
            raise BrokenInvariantError(f"reg_cep[{r}]", "regional CEP limit (CO2-6.3.7)")
        if s.region_resources[r] < 0:
            raise BrokenInvariantError(f"reg_res[{r}]", "negative")
        if not (-1 <= s.controller[r] < s.num_players):
            raise BrokenInvariantError(f"ctrl[{r}]", "not a seat")


def _fossils(s: Co2State) -> None:
    """ppm follows the fossil plants on the board (CO2-2.11, CO2-4.3.4, CO2-6.3.6); fossil tiles are conserved."""
    ppm = (s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"])
    require(s.ppm == sum(ppm[k] for k in s.space_kind if 0 <= k < 3), "ppm", "differs from the fossil plants on the board")
    require(s.ppm_peak >= s.ppm, "ppm_peak", "below the current ppm")
    for f in range(3):
        total = sum(1 for k in s.space_kind if k == f) + s.fossil_stack.count(f) + s.fossil_out[f]
        if total != s.components.fossils[f]:
            raise BrokenInvariantError("fossil_stack", f"{FOSSILS[f]} tiles not conserved")


def _green_tiles(s: Co2State) -> None:
    """Built green plants match each source's stack position; project tiles are conserved (CO2-1.6, CO2-1.7)."""
    components = s.components
    for src in range(5):
        built = s.space_kind.count(GREEN0 + src)
        if not (built == s.plants_built[src] <= len(components.plants[src])):
            raise BrokenInvariantError(f"stack[{src}]", f"{built} plants of this source on the board")
        if s.project_supply[src] + s.projects.count(src) != components.projects_per_source:
            raise BrokenInvariantError(f"psupply[{src}]", "project tiles not conserved")


def _demand_spaces(s: Co2State) -> None:
    """CO2-2.10, CO2-4.3.2, CO2-4.3.3: demand space d is filled in decade d (a fossil plant unless a green
    plant is there) while fossil tiles are left; during a Supply phase decade d's own spaces may still wait."""
    components = s.components
    placed = s.decade - 1 if s.tasks and s.tasks[0].kind in ("supply", "supply_end") else s.decade
    for r in range(6):
        o = s.first_space[r]
        kinds = s.space_kind[o:o + components.spaces[r]]
        first_empty = kinds.index(-1) if -1 in kinds else len(kinds)
        require(all(k == -1 for k in kinds[first_empty:]), "space_kind", "demand spaces must fill from the left")
        if s.fossil_stack:
            if -1 in kinds[:placed]:
                raise BrokenInvariantError("space_kind", f"{components.regions[r]}: a demand space of an earlier decade is empty")
    for i, k in enumerate(s.space_kind):
        if (s.space_owner[i] >= 0) != (k >= GREEN0):
            raise BrokenInvariantError(f"space_owner[{i}]", "green plants have owners, fossils none")


def _agendas(s: Co2State) -> None:
    """CO2-11.1.2: only the agenda's sources have projects or plants in a region."""
    components = s.components
    for r in range(6):
        agenda = components.agendas[s.agenda[r]]
        o = s.first_space[r]
        require(all(k < GREEN0 or k - GREEN0 in agenda for k in s.space_kind[o:o + components.spaces[r]]),
                "space_kind", "a green plant of a source the region's agenda does not list (CO2-11.1.2)")
        for ps in range(3 * r, 3 * r + 3):
            if not (s.projects[ps] < 0 or s.projects[ps] in agenda):
                raise BrokenInvariantError(f"proj[{ps}]", "a project of a source the region's agenda does not list (CO2-11.1.2)")
            if not (s.projects[ps] >= 0 or not s.installed[ps]):
                raise BrokenInvariantError(f"inst[{ps}]", "an installed project without a tile (CO2-6.2.4)")


def _scientists(s: Co2State) -> None:
    """Each scientist is in the supply, a hand, on a project or on a summit slot; one per place (CO2-8)."""
    occ = [-1] * 18
    slots = [-1] * len(s.summit_slots)
    for i, loc in enumerate(s.scientists):
        p = i // 4
        if 0 <= loc < 18:
            if not (occ[loc] == -1 and s.projects[loc] >= 0):
                raise BrokenInvariantError(f"sci[{i}]", "one scientist per project")
            occ[loc] = p
        elif loc >= 100:
            if slots[loc - 100] != -1:
                raise BrokenInvariantError(f"sci[{i}]", "one scientist per summit slot")
            slots[loc - 100] = p
        else:
            if loc not in (-1, -2):
                raise BrokenInvariantError(f"sci[{i}]", "not a place for a scientist")
    require(occ == s.occupant, "occ", "project occupancy out of sync with the scientists")
    require(slots == s.summit_slots, "sslot", "summit slots out of sync with the scientists")
    for p in range(s.num_players):
        hired = sum(1 for loc in s.scientists_of(p) if loc != -2)
        if hired > s.rules["scientists.max"]:
            raise BrokenInvariantError(f"sci[{4 * p}:{4 * p + 4}]", "more scientists than allowed")
    for sp, t in enumerate(s.summit):
        k = len(s.components.summits[t][1]) if t >= 0 else 0
        require(all(x == -1 for x in s.summit_slots[sp * 4 + k:sp * 4 + 4]), "sslot", "scientist on a missing topic slot")


def _cards(s: Co2State) -> None:
    """Lobby cards 1..26 are each in one place (CO2-1.11); expertise stays on its track."""
    cards = sorted(sum(s.lobby, []) + sum(s.packs, []) + s.lobby_deck + s.lobby_played)
    require(cards == list(range(1, 27)), "lobby", "lobby cards not conserved (hands, packs, deck, played)")
    track_max = s.components.track_max
    for p in range(s.num_players):
        if not all(0 <= s.expertise_of(p, src) <= track_max[src] for src in range(5)):
            raise BrokenInvariantError(f"exp[{5 * p}:{5 * p + 5}]", "expertise off its track")


LAWS = (_shapes, _supplies, _regions, _fossils, _green_tiles, _demand_spaces, _agendas, _scientists, _cards)


def check_invariants(s: Co2State) -> None:
    """BrokenInvariantError naming the field of the first law the position breaks."""
    for law in LAWS:
        law(s)
