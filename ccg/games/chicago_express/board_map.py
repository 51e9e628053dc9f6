"""The board map of Chicago Express: the map as a documented, read-only description (``ccg.board_of("chicago_express")``).

>>> import ccg
>>> b = ccg.board_of("chicago_express")
>>> len(b.hexes), b.chicago, b.companies["PRR"].start
(160, 'A2', 'R5')
>>> h = b.hexes["R5"]; h.terrain, h.cost, "Q5" in h.neighbours
('start', 0, True)
>>> b.hexes["Q7"].terrain
'start'
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from .board import BOARD, COMPANIES, INDUSTRIES, TERRAINS


@dataclass(frozen=True)
class Hex:
    """One hex: its id (column letter + row), printed name, terrain, build cost (CE-6.9, the red value
    per train), black income value (CE-7), the value a house adds (CE-8.2, CE-8.6; None where no house may be built),
    the industry it shows (Detroit, Wheeling, Pittsburgh) and its neighbours' ids."""

    id: str
    name: str
    terrain: str
    cost: int
    income: int
    house: int | None
    industry: str | None
    neighbours: tuple[str, ...]


@dataclass(frozen=True)
class Company:
    """One railroad: its start hex, how many shares and trains it has in all (CE-1.1), its printed
    starting income (CE-2.4)."""

    name: str
    start: str
    shares: int
    trains: int
    start_income: int


@dataclass(frozen=True)
class CEBoard:
    """The whole map: ``hexes`` by id in board order, ``companies`` by name in their printed order,
    the Chicago hex and the hex of each industry (detroit, wheeling, pittsburgh)."""

    hexes: Mapping[str, Hex]
    companies: Mapping[str, Company]
    chicago: str
    industries: Mapping[str, str]

    @property
    def hex_ids(self) -> tuple[str, ...]:
        """Every hex id in board order (the order positions list trains and houses in)."""
        return tuple(self.hexes)


def _build() -> CEBoard:
    ids = BOARD.ids
    hexes = {}
    for i, h in enumerate(ids):
        terrain = TERRAINS[BOARD.terrain[i]]
        ind = BOARD.industry_of[i]
        hexes[h] = Hex(h, BOARD.names[i], terrain, BOARD.cost[i], BOARD.black[i],
                       BOARD.house[i] if terrain in ("city", "mountain", "forest") else None, INDUSTRIES[ind] if ind >= 0 else None,
                       tuple(ids[j] for j in BOARD.neighbours[i]))
    companies = {c: Company(c, ids[BOARD.start[k]], BOARD.shares[k], BOARD.trains[k], BOARD.start_income[k])
                 for k, c in enumerate(COMPANIES)}
    return CEBoard(MappingProxyType(hexes), MappingProxyType(companies), ids[BOARD.chicago],
                   MappingProxyType({k: ids[BOARD.industry_hex[j]] for j, k in enumerate(INDUSTRIES)}))


_VIEW = _build()


def board_map(state=None) -> CEBoard:
    """The map (the same for every Chicago Express game)."""
    return _VIEW
