"""The conservation laws and consistency rules every CO2 position obeys (``Co2State.check_invariants``)."""
from __future__ import annotations

from .board import GREEN0
from .data import FOSSILS


def check_invariants(s) -> None:
    """AssertionError naming the first law the position breaks."""
    n = s.num_players
    components = s.components
    for f in ("coins", "res", "cep", "goal", "goal_st"):
        assert len(getattr(s, f)) == n, f
    assert len(s.exp) == 5 * n and len(s.sci) == 4 * n
    assert all(x >= 0 for x in s.coins), "coins negative"
    assert all(x >= 0 for x in s.res), "resources negative"
    assert all(x >= 0 for x in s.cep), "CEP negative"
    assert s.market >= 0 and s.bank_cep >= 0
    assert s.bank_cep + s.market + sum(s.cep) + sum(s.reg_cep) == s.rules["cep.total"], "CEP not conserved"
    assert s.supply_res >= 0 and s.supply_res + sum(s.res) + sum(s.reg_res) == s.rules["resources.total"], \
        "resources not conserved"
    assert s.rules["market.price_min"] <= s.price <= s.rules["market.price_max"]
    for r in range(6):
        assert 0 <= s.reg_cep[r] <= components.spaces[r], "regional CEP limit (CO2-6.3.7)"
        assert s.reg_res[r] >= 0
        assert -1 <= s.ctrl[r] < n
    # ppm consistent with the fossil plants on the board (CO2-2.11, CO2-4.3.4, CO2-6.3.6)
    ppm = (s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"])
    assert s.ppm == sum(ppm[k] for k in s.space_kind if 0 <= k < 3), "ppm != fossil plants on board"
    assert s.ppm_peak >= s.ppm
    for f in range(3):
        total = sum(1 for k in s.space_kind if k == f) + s.fossil_stack.count(f) + s.fossil_out[f]
        assert total == components.fossils[f], f"{FOSSILS[f]} tiles not conserved"
    # green plants: built tiles = stack position; filled spaces form a run from the left
    for src in range(5):
        assert s.space_kind.count(GREEN0 + src) == s.stack[src] <= len(components.plants[src])
        assert s.psupply[src] + s.proj.count(src) == components.projects_per_source, "project tiles not conserved"
    # CO2-2.10, CO2-4.3.2, CO2-4.3.3: demand space d is filled in decade d (a fossil plant unless a green
    # plant is there) while fossil tiles are left; during a Supply phase decade d's own spaces may still wait
    placed = s.decade - 1 if s.tasks and s.tasks[0].kind in ("supply", "supply_end") else s.decade
    for r in range(6):
        o = s.first_space[r]
        ks = s.space_kind[o:o + components.spaces[r]]
        seen_empty = False
        for k in ks:
            if k == -1:
                seen_empty = True
            else:
                assert not seen_empty, "demand spaces must fill from the left"
        if s.fossil_stack:
            assert -1 not in ks[:placed], f"{components.regions[r]}: a demand space of an earlier decade is empty"
    for i, k in enumerate(s.space_kind):
        assert (s.space_owner[i] >= 0) == (k >= GREEN0), "green plants have owners, fossils none"
    # CO2-11.1.2: only the agenda's sources have projects or plants in a region
    for r in range(6):
        agenda = components.agendas[s.agenda[r]]
        o = s.first_space[r]
        assert all(k < GREEN0 or k - GREEN0 in agenda for k in s.space_kind[o:o + components.spaces[r]]), \
            "a green plant of a source the region's agenda does not list (CO2-11.1.2)"
        for ps in range(3 * r, 3 * r + 3):
            assert s.proj[ps] < 0 or s.proj[ps] in agenda, \
                "a project of a source the region's agenda does not list (CO2-11.1.2)"
            assert s.proj[ps] >= 0 or not s.inst[ps], "an installed project without a tile (CO2-6.2.4)"
    # scientists
    occ = [-1] * 18
    slots = [-1] * len(s.sslot)
    for i, loc in enumerate(s.sci):
        p = i // 4
        if 0 <= loc < 18:
            assert occ[loc] == -1 and s.proj[loc] >= 0, "one scientist per project"
            occ[loc] = p
        elif loc >= 100:
            assert slots[loc - 100] == -1
            slots[loc - 100] = p
        else:
            assert loc in (-1, -2)
    assert occ == s.occ, "project occupancy out of sync"
    assert slots == s.sslot, "summit slots out of sync"
    for p in range(n):
        assert sum(1 for loc in s.sci[4 * p:4 * p + 4] if loc != -2) <= s.rules["scientists.max"]
    for sp, t in enumerate(s.summit):
        k = len(components.summits[t][1]) if t >= 0 else 0
        assert all(x == -1 for x in s.sslot[sp * 4 + k:sp * 4 + 4]), "scientist on a missing topic slot"
    # cards
    cards = sorted(sum(s.lobby, []) + sum(s.packs, []) + s.lobby_deck + s.lobby_played)
    assert cards == list(range(1, 27)), "lobby cards not conserved"
    assert len(set(s.goal)) == n
    for p in range(n):
        assert 0 <= s.exp[p * 5] and all(0 <= s.exp[p * 5 + src] <= components.track_max[src] for src in range(5))
    assert 1 <= s.decade
