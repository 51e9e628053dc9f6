"""Component data (data/components.json, validated by ``ComponentsFile``) and the small constants the rules use."""
from __future__ import annotations

import json
import os
from functools import lru_cache
from typing import Annotated, Any, Callable, Literal, get_args

import msgspec
from msgspec import Meta

from ccg.core.schema import convert, field_error

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
# index used for oil in trade, discard and Year of Plenty arguments; oil is not a resource card (OIL-3.5): it
# has its own per-seat list ``oil``, never enters ``hand``, a cost or maritime trade
OIL = 5
Resource = Literal["lumber", "brick", "wool", "grain", "ore"]
Terrain = Literal["forest", "hills", "pasture", "fields", "mountains", "desert"]
HarbourType = Literal["lumber", "brick", "wool", "grain", "ore", "3:1"]
Side = Literal["NE", "E", "SE", "SW", "W", "NW"]
DevType = Literal["knight", "vp", "roadbuilding", "plenty", "monopoly"]
Good = Literal["lumber", "brick", "wool", "grain", "ore", "oil"]
RESOURCES: tuple[str, ...] = get_args(Resource)
GOODS = RESOURCES + ("oil",)  # resource cards plus oil (scenario)
RES_INDEX = {name: i for i, name in enumerate(GOODS)}
TERRAINS: tuple[str, ...] = get_args(Terrain)
KNIGHT, VP_CARD, ROAD_BUILDING, PLENTY, MONOPOLY = range(5)
DEV_TYPES: tuple[str, ...] = get_args(DevType)
GENERIC = 5  # harbour type index of a 3:1 harbour; 0..4 are the 2:1 harbours
HARBOUR_TYPES: tuple[str, ...] = get_args(HarbourType)  # the 2:1 harbours in RESOURCES order, then 3:1

# costs as (resource, count) pairs (CAT-8.1, OIL-6.3)
COST_ROAD = ((LUMBER, 1), (BRICK, 1))
COST_SETTLEMENT = ((LUMBER, 1), (BRICK, 1), (WOOL, 1), (GRAIN, 1))
COST_CITY = ((GRAIN, 2), (ORE, 3))
COST_DEV = ((WOOL, 1), (GRAIN, 1), (ORE, 1))
COST_METROPOLIS = ((BRICK, 1), (GRAIN, 1), (ORE, 1))  # plus 2 oil
METROPOLIS_OIL = 2

# pips out of 36 (OIL-13.5)
PIPS = {2: 1, 12: 1, 3: 2, 11: 2, 4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}

HERE = os.path.dirname(os.path.abspath(__file__))
WHAT = "catan components.json"

Count = Annotated[int, Meta(ge=0)]
Positive = Annotated[int, Meta(gt=0)]
DiceNumber = Annotated[int, Meta(ge=2, le=12)]


# ---- the file format (data/components.json): msgspec checks types, ranges, names and unknown fields ----
class _Sourced(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    source: str = msgspec.field(name="_source", default="")  # where the values come from


class _Costs(_Sourced, kw_only=True):
    """CAT-8.1; the metropolis OIL-6.3."""

    road: dict[Good, Positive]
    settlement: dict[Good, Positive]
    city: dict[Good, Positive]
    dev: dict[Good, Positive]
    metropolis: dict[Good, Positive]


class _Pieces(_Sourced, kw_only=True):
    """CAT-1.7: pieces per player."""

    roads: Positive
    settlements: Positive
    cities: Positive


class _TerrainCounts(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Terrain hexes of each kind (CAT-1.1, CAT-12.2)."""

    forest: Positive
    hills: Positive
    pasture: Positive
    fields: Positive
    mountains: Positive
    desert: Count


class _DevDeck(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Development cards of each kind (CAT-1.5, CAT-12.1)."""

    knight: Count
    vp: Count
    roadbuilding: Count
    plenty: Count
    monopoly: Count


class _BoardKind(_Sourced, kw_only=True):
    """The base set's board, bank and deck (3-4 players, CAT-1) or the 5-6 extension's (CAT-12)."""

    reconstructed: bool = False
    positions: list[tuple[int, int]]                   # hex (q, r) in spiral order
    terrain_counts: _TerrainCounts
    tokens: list[DiceNumber]
    tokens_source: str = msgspec.field(name="_tokens_source", default="")
    harbour_slots: list[tuple[int, int, Side]]
    harbour_types: list[HarbourType]
    bank: Positive                                     # cards of each resource (CAT-1.4, CAT-12.4)
    dev_deck: _DevDeck


class _OilSpringTiles(_Sourced, kw_only=True):
    desert_numbers: list[DiceNumber]                   # OIL-16.1


class ComponentsFile(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """data/components.json as written, checked field by field by msgspec (layouts: ``layouts.validate_layout``)."""

    provenance: str = msgspec.field(name="_provenance", default="")
    resources: list[Resource]
    terrains: dict[Terrain, Resource | None]
    dev_types: list[DevType]
    costs: _Costs
    pieces: _Pieces
    small: _BoardKind
    large: _BoardKind
    oil_spring_tiles: _OilSpringTiles
    layouts: dict[str, dict[str, Any]]


# ---- the checks relating fields (and the file to the rules code's constants): each raises naming the path ----
def _fail(field: str, problem: str) -> ValueError:
    return field_error(WHAT, field, problem)


def _check_names(f: ComponentsFile) -> None:
    """The resources and development cards in the engine's order; the terrain each resource comes from (CAT-1.1)."""
    if tuple(f.resources) != RESOURCES:
        raise _fail("resources", f"must be {list(RESOURCES)} in that order")
    if tuple(f.dev_types) != DEV_TYPES:
        raise _fail("dev_types", f"must be {list(DEV_TYPES)} in that order")
    want = dict(zip(TERRAINS, RESOURCES + (None,)))
    if f.terrains != want:
        raise _fail("terrains", f"must map each terrain to its resource: {want}")


def _check_costs(f: ComponentsFile) -> None:
    """The printed costs are the ones the rules code charges (CAT-8.1, OIL-6.3)."""
    metropolis = COST_METROPOLIS + ((OIL, METROPOLIS_OIL),)
    for name, cost in (("road", COST_ROAD), ("settlement", COST_SETTLEMENT), ("city", COST_CITY),
                       ("dev", COST_DEV), ("metropolis", metropolis)):
        want = {GOODS[g]: k for g, k in cost}
        if getattr(f.costs, name) != want:
            raise _fail(f"costs.{name}", f"must be {want} (the rules code's cost)")


def _check_board_kind(kind: _BoardKind, field: str) -> None:
    """A hex per terrain tile, a number token per non-desert hex, a type per harbour."""
    tiles = sum(msgspec.structs.astuple(kind.terrain_counts))
    if len(kind.positions) != tiles:
        raise _fail(f"{field}.positions", f"must list {tiles} hexes (the terrain counts), got {len(kind.positions)}")
    if len(set(kind.positions)) != tiles:
        raise _fail(f"{field}.positions", "lists a hex twice")
    numbered = tiles - kind.terrain_counts.desert
    if len(kind.tokens) != numbered:
        raise _fail(f"{field}.tokens", f"must hold {numbered} number tokens (one per non-desert hex)")
    if len(kind.harbour_types) != len(kind.harbour_slots):
        raise _fail(f"{field}.harbour_types", f"must give a type to each of the {len(kind.harbour_slots)} slots")


def _check_board_kinds(f: ComponentsFile) -> None:
    _check_board_kind(f.small, "small")
    _check_board_kind(f.large, "large")


CROSS_FIELD_CHECKS: tuple[Callable[[ComponentsFile], None], ...] = (_check_names, _check_costs, _check_board_kinds)


def read_components(data: Any) -> dict:
    """Parsed component data checked against ``ComponentsFile`` and ``CROSS_FIELD_CHECKS``; ``data`` itself, or a
    ValueError naming the field path (``catan components.json: small.tokens[3]: …``)."""
    f = convert(data, ComponentsFile, WHAT)
    for check in CROSS_FIELD_CHECKS:
        check(f)
    return data


@lru_cache(maxsize=1)
def components() -> dict:
    """The parsed, validated component file (shared, never mutated)."""
    with open(os.path.join(HERE, "data", "components.json"), encoding="utf-8") as f:
        return read_components(json.load(f))


def board_kind(players: int) -> dict:
    """Board/bank/deck data for a player count: the base set (3-4) or the 5-6 extension (CAT-12)."""
    return components()["large" if players >= 5 else "small"]
