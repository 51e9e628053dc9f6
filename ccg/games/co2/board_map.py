"""The board map of CO2: the board as a documented, read-only description (``ccg.board_of(state)``): regions, demand spaces, agendas.

Regions are named by id (``africa``, ``asia``, ``europe``, ``namerica``, ``oceania``, ``samerica``, in
the board's clockwise order); sources by name (``solar`` …, CO2-0.2). A state's map shows its
own agendas (CO2-2.9, drawn at set-up), plants and summits; ``ccg.board_of("co2")`` the fixed parts.

>>> import ccg
>>> b = ccg.board_of(ccg.new_game("co2", players=3, seed=4))
>>> [(r.id, r.demand_spaces) for r in b.regions.values()][:3]
[('namerica', 5), ('europe', 5), ('asia', 6)]
>>> a = b.regions["africa"]; a.name, len(a.project_spaces), len(a.agenda), len(a.plants)
('Africa', 3, 3, 3)
>>> a.plants[0].kind in ("coal", "oil", "gas"), a.plants[1]
(True, None)
>>> dict(b.ppm_per_plant)
{'coal': 40, 'oil': 30, 'gas': 20}
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from ccg.core import resolve_rules

from .data import FOSSILS, SOURCES, components_from_data, load_components
from .params import RULES


@dataclass(frozen=True)
class Plant:
    """A power plant on a demand space: ``kind`` is a fossil (coal, oil, gas) or a green source;
    ``owner`` the seat of a green plant (None for a fossil plant, CO2-6.3)."""

    kind: str
    owner: int | None


@dataclass(frozen=True)
class ProjectSpace:
    """One of a region's three project spaces (CO2-6.1): the project tile there (a source) or None,
    whether it is installed (CO2-6.2), and the seat whose scientist works on it (or None)."""

    region: str
    slot: int
    project: str | None
    installed: bool
    scientist: int | None


@dataclass(frozen=True)
class Region:
    """A region: id and printed name, how many energy-demand spaces it has (CO2-0.4, also its CEP limit,
    CO2-6.3.7), its agenda's sources (CO2-11.1.2; empty without a state), the plant on each demand
    space from the left (None: empty), its project spaces, and its CEP, resources and controller."""

    id: str
    name: str
    demand_spaces: int
    agenda: tuple[str, ...]
    plants: tuple[Plant | None, ...]
    project_spaces: tuple[ProjectSpace, ...]
    cep: int
    resources: int
    controller: int | None


@dataclass(frozen=True)
class Co2Board:
    """Regions by id (clockwise), the sources, each event card's region, and CO2 per fossil plant (ppm)."""

    regions: Mapping[str, Region]
    sources: tuple[str, ...]
    event_regions: Mapping[int, str]
    ppm_per_plant: Mapping[str, int]


def components_of(options: Any) -> Any:
    """The component data a game with these options plays with (the shipped file unless overridden)."""
    data = None if options is None else options.get("components")
    return load_components() if data is None else components_from_data(data)


def _kind(code: int) -> str:
    return FOSSILS[code] if code < 3 else SOURCES[code - 3]


def board_map(state: Any = None) -> Co2Board:
    """The board of ``state`` (its agendas, plants, projects), or the fixed board of a new game's data."""
    C = components_of(None if state is None else state.options)
    R = resolve_rules(RULES, None if state is None else state.options.get("rules"))
    d = state.to_dict()["state"] if state is not None else None
    regions, offset = {}, 0
    for r, rid in enumerate(C.regions):
        k = C.spaces[r]
        if d is None:
            plants: tuple[Plant | None, ...] = (None,) * k
            agenda: tuple[str, ...] = ()
            projects = tuple(ProjectSpace(rid, g, None, False, None) for g in range(3))
            cep = res = 0
            ctrl = None
        else:
            plants = tuple(None if d["space_kind"][i] < 0 else
                           Plant(_kind(d["space_kind"][i]), d["space_owner"][i] if d["space_owner"][i] >= 0 else None)
                           for i in range(offset, offset + k))
            agenda = tuple(SOURCES[x] for x in C.agendas[d["agenda"][r]])
            projects = tuple(ProjectSpace(rid, g, SOURCES[d["proj"][3 * r + g]] if d["proj"][3 * r + g] >= 0 else None,
                                          bool(d["inst"][3 * r + g]),
                                          d["occ"][3 * r + g] if d["occ"][3 * r + g] >= 0 else None) for g in range(3))
            cep, res = d["reg_cep"][r], d["reg_res"][r]
            ctrl = d["ctrl"][r] if d["ctrl"][r] >= 0 else None
        regions[rid] = Region(rid, C.region_names[r], k, agenda, plants, projects, cep, res, ctrl)
        offset += k
    return Co2Board(MappingProxyType(regions), SOURCES,
                    MappingProxyType({card: C.regions[r] for card, r in sorted(C.events.items())}),
                    MappingProxyType({f: int(R[f"ppm.{f}"]) for f in FOSSILS}))
