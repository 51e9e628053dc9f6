"""The board and company data, loaded once from data/board.json and validated.

Hexes are indexed 0..159 in key order (column, then row). Sets of hexes are
Python ints used as bit masks (bit i = hex i): unions and frontier tests are
then a few integer operations, and copying a state copies ints.
"""
from __future__ import annotations

import json
import os
from typing import Any

COMPANIES = ("PRR", "B&O", "NYC", "C&O", "Wabash")
WABASH = 4

# terrain codes
PLAIN, FOREST, MOUNTAIN, CITY, INDUSTRIAL, START, CHICAGO = range(7)
TERRAINS = ("plain", "forest", "mountain", "city", "industrial", "start", "chicago")
INDUSTRIES = ("detroit", "wheeling", "pittsburgh")
DETROIT, WHEELING, PITTSBURGH = range(3)

_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "board.json")


def _check(cond: bool, msg: str) -> None:
    if not cond:
        raise ValueError(f"chicago_express board data: {msg}")


class Board:
    """Immutable board tables (shared by every state)."""

    def __init__(self, data: dict[str, Any]) -> None:
        _check(isinstance(data, dict), "top level must be an object")
        hexes: Any = data.get("hexes")
        _check(isinstance(hexes, dict) and bool(hexes), "'hexes' must be a non-empty object")
        self.ids: tuple[str, ...] = tuple(sorted(hexes, key=lambda k: (k[0], int(k[1:]))))
        self.index: dict[str, int] = {h: i for i, h in enumerate(self.ids)}
        n = len(self.ids)
        terrain, cost, black, house, names, industry_of = [], [], [], [], [], []
        for h in self.ids:
            e = hexes[h]
            _check(isinstance(e, dict), f"hex {h} must be an object")
            t = e.get("terrain")
            _check(t in TERRAINS, f"hex {h}: unknown terrain {t!r}")
            for f in ("cost", "income"):
                _check(type(e.get(f)) is int and e[f] >= 0, f"hex {h}: {f} must be a whole number >= 0")
            hv = e.get("house")
            _check(hv is None if t == "industrial" else (type(hv) is int and hv >= 0),
                   f"hex {h}: house must be null for industrial hexes, else a whole number >= 0")
            terrain.append(TERRAINS.index(t))
            cost.append(e["cost"])
            black.append(e["income"])
            house.append(hv or 0)
            names.append(e.get("name", ""))
            ind = e.get("industry")
            _check((ind in INDUSTRIES) if t == "industrial" else ind is None, f"hex {h}: bad industry {ind!r}")
            industry_of.append(INDUSTRIES.index(ind) if ind else -1)
            for nb in e.get("neighbours", ()):
                _check(nb in hexes and h in hexes[nb]["neighbours"], f"hex {h}: neighbour {nb} unknown or not symmetric")
        self.terrain = tuple(terrain)
        self.cost = tuple(cost)
        self.black = tuple(black)
        self.house = tuple(house)
        self.names = tuple(names)
        self.industry_of = tuple(industry_of)
        self.neighbours = tuple(tuple(self.index[nb] for nb in hexes[h]["neighbours"]) for h in self.ids)
        self.nb_mask = tuple(sum(1 << j for j in nbs) for nbs in self.neighbours)
        comps: Any = data.get("companies")
        _check(isinstance(comps, list) and [c.get("name") for c in comps] == list(COMPANIES),
               f"'companies' must list {list(COMPANIES)} in that order")
        self.shares = tuple(c["shares"] for c in comps)
        self.trains = tuple(c["trains"] for c in comps)
        self.start_income = tuple(c["income"] for c in comps)
        self.start = tuple(self.index[c["start"]] for c in comps)
        for c in comps:
            _check(type(c["shares"]) is int and c["shares"] > 0 and type(c["trains"]) is int and c["trains"] > 0,
                   f"company {c['name']}: shares and trains must be positive whole numbers")
        for ci in range(4):
            _check(self.terrain[self.start[ci]] == START, f"{COMPANIES[ci]}'s start hex must be a start hex")
        _check(self.terrain[self.start[WABASH]] == CITY, "Wabash's start (Fort Wayne) must be a city (CE-8.6)")
        chicago = [i for i in range(n) if self.terrain[i] == CHICAGO]
        _check(len(chicago) == 1, "exactly one Chicago hex")
        self.chicago = chicago[0]
        self.industry_hex = tuple(self.index[data["industry"][k]["hex"]] for k in INDUSTRIES)
        for k, i in zip(INDUSTRIES, self.industry_hex):
            _check(self.industry_of[i] == INDUSTRIES.index(k), f"industry {k}'s hex must be marked industrial")
        self.industry_data = {k: dict(data["industry"][k]) for k in INDUSTRIES}
        self.fort_wayne = self.start[WABASH]
        # masks
        mask = lambda pred: sum(1 << i for i in range(n) if pred(i))  # noqa: E731
        self.exclusive_mask = mask(lambda i: self.terrain[i] in (FOREST, MOUNTAIN))
        # hexes a player may develop with a house from the supply (CE-8.2, CE-8.6)
        self.house_dev_mask = mask(lambda i: self.terrain[i] in (CITY, MOUNTAIN, FOREST))
        self.start_masks = tuple(1 << s for s in self.start[:4])
        all_starts = sum(self.start_masks)
        # hexes each company may never build on: the other companies' start hexes (CE-6.5)
        self.forbidden = tuple(all_starts & ~(1 << self.start[c]) if c < 4 else all_starts for c in range(5))
        self.raw = data

    def hex_label(self, i: int) -> str:
        name = self.names[i]
        return f"{self.ids[i]} ({name})" if name else self.ids[i]


def load(path: str = _PATH) -> Board:
    with open(path, encoding="utf-8") as f:
        return Board(json.load(f))


BOARD = load()
