"""Component data (data/components.json) and the small constants the rules use."""
from __future__ import annotations

import json
import os
from functools import lru_cache
from typing import Literal, get_args

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
# index used for oil in trade, discard and Year of Plenty arguments; oil is not a resource card (OIL-3.5): it
# has its own per-seat list ``oil``, never enters ``hand``, a cost or maritime trade
OIL = 5
Resource = Literal["lumber", "brick", "wool", "grain", "ore"]
Terrain = Literal["forest", "hills", "pasture", "fields", "mountains", "desert"]
HarbourType = Literal["lumber", "brick", "wool", "grain", "ore", "3:1"]
RESOURCES: tuple[str, ...] = get_args(Resource)
GOODS = RESOURCES + ("oil",)  # resource cards plus oil (scenario)
RES_INDEX = {name: i for i, name in enumerate(GOODS)}
TERRAINS: tuple[str, ...] = get_args(Terrain)
KNIGHT, VP_CARD, ROAD_BUILDING, PLENTY, MONOPOLY = range(5)
DEV_TYPES = ("knight", "vp", "roadbuilding", "plenty", "monopoly")
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


@lru_cache(maxsize=1)
def components() -> dict:
    """The parsed component file (shared, never mutated)."""
    with open(os.path.join(HERE, "data", "components.json"), encoding="utf-8") as f:
        return json.load(f)


def board_kind(players: int) -> dict:
    """Board/bank/deck data for a player count: the base set (3-4) or the 5-6 extension (CAT-12)."""
    return components()["large" if players >= 5 else "small"]
