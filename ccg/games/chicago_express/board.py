"""The board and company data, loaded once from data/board.json and validated (``BoardFile``, msgspec).

Hexes are indexed 0..159 in key order (column, then row). Sets of hexes are
Python ints used as bit masks (bit i = hex i): unions and frontier tests are
then a few integer operations, and copying a state copies ints.
"""
from __future__ import annotations

import json
import os
from typing import Annotated, Any, Callable, Literal, get_args

import msgspec
from msgspec import Meta

from ccg.core.schema import convert, convert_values, field_error

COMPANIES = ("PRR", "B&O", "NYC", "C&O", "Wabash")
WABASH = 4

# terrain codes
PLAIN, FOREST, MOUNTAIN, CITY, INDUSTRIAL, START, CHICAGO = range(7)
Terrain = Literal["plain", "forest", "mountain", "city", "industrial", "start", "chicago"]
Industry = Literal["detroit", "wheeling", "pittsburgh"]
TERRAINS: tuple[str, ...] = get_args(Terrain)
INDUSTRIES: tuple[str, ...] = get_args(Industry)
DETROIT, WHEELING, PITTSBURGH = range(3)

_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "board.json")
WHAT = "chicago_express board data"

HexId = Annotated[str, Meta(pattern=r"^[A-Z][0-9]+$")]  # column letter + row number
Count = Annotated[int, Meta(ge=0)]
Positive = Annotated[int, Meta(gt=0)]


# ---- the file format (data/board.json): msgspec checks types, ranges, names and unknown fields ----
class _Hex(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    terrain: Terrain
    name: str = ""
    cost: Count                    # the red build value (CE-6)
    income: Count                  # the black income value (CE-7)
    house: Count | None = None     # the development value (CE-8); null on industrial hexes
    industry: Industry | None = None
    neighbours: list[HexId]
    company: str | None = None     # the company starting here (CE-1.1)
    wabash_start: bool = False     # Fort Wayne (CE-8.6)
    source: dict[str, str] = {}    # where each value came from
    doubtful: dict[str, str] = {}  # values the data notes question


class _Company(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    name: str
    colour: str
    shares: Positive
    trains: Positive
    start: HexId
    income: Count
    source: dict[str, str] = {}


class _IndustryTrack(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    hex: HexId
    start: Count
    step: Count
    max: Count
    source: dict[str, str] = {}
    doubtful: dict[str, str] = {}


class _Industries(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    detroit: _IndustryTrack
    wheeling: _IndustryTrack
    pittsburgh: _IndustryTrack


class BoardFile(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """data/board.json as written, checked field by field by msgspec."""

    about: str = msgspec.field(name="_about", default="")
    sources: dict[str, str] = {}
    companies_notes: dict[str, str] = {}
    hexes: Annotated[dict[HexId, Any], Meta(min_length=1)]  # each value read as a ``_Hex`` by read_board
    companies: list[_Company]
    industry: _Industries


def _fail(field: str, problem: str) -> ValueError:
    return field_error(WHAT, field, problem)


# ---- the checks relating fields: each raises naming the field path ----
def _check_hex_fields(f: BoardFile) -> None:
    """An industrial hex has an industry and no house value (CE-8); every other hex a house value, no industry."""
    for h, e in f.hexes.items():
        industrial = e.terrain == "industrial"
        if (e.house is None) != industrial:
            raise _fail(f"hexes.{h}.house", "must be null for industrial hexes, else a whole number >= 0")
        if (e.industry is not None) != industrial:
            raise _fail(f"hexes.{h}.industry", f"bad industry {e.industry!r}: only an industrial hex has one")


def _check_neighbours(f: BoardFile) -> None:
    """Neighbours are known hexes, and each lists the other."""
    for h, e in f.hexes.items():
        for i, nb in enumerate(e.neighbours):
            if nb not in f.hexes or h not in f.hexes[nb].neighbours:
                raise _fail(f"hexes.{h}.neighbours[{i}]", f"neighbour {nb} unknown or not symmetric")


def _check_companies(f: BoardFile) -> None:
    """The five companies in order (CE-1.1); PRR, B&O, NYC, C&O start on start hexes, the Wabash on Fort Wayne,
    a city (CE-8.6)."""
    if [c.name for c in f.companies] != list(COMPANIES):
        raise _fail("companies", f"must list {list(COMPANIES)} in that order")
    for i, c in enumerate(f.companies):
        want = "city" if i == WABASH else "start"
        if c.start not in f.hexes:
            raise _fail(f"companies[{i}].start", f"unknown hex {c.start}")
        if f.hexes[c.start].terrain != want:
            raise _fail(f"companies[{i}].start", f"{c.name}'s start hex must be a {want} hex (CE-1.1, CE-8.6)")


def _check_one_chicago(f: BoardFile) -> None:
    """Exactly one Chicago hex (CE-10)."""
    if sum(e.terrain == "chicago" for e in f.hexes.values()) != 1:
        raise _fail("hexes", "exactly one Chicago hex")


def _check_industries(f: BoardFile) -> None:
    """Each industry's hex is an industrial hex of that industry."""
    for k in INDUSTRIES:
        h = getattr(f.industry, k).hex
        if h not in f.hexes or f.hexes[h].industry != k:
            raise _fail(f"industry.{k}.hex", f"industry {k}'s hex must be marked industrial")


CROSS_FIELD_CHECKS: tuple[Callable[[BoardFile], None], ...] = (
    _check_hex_fields, _check_neighbours, _check_companies, _check_one_chicago, _check_industries,
)


def read_board(data: Any) -> BoardFile:
    """Parsed board data checked against ``BoardFile`` and ``CROSS_FIELD_CHECKS``, or a ValueError naming the
    field path (``chicago_express board data: companies[2].start: …``)."""
    f = convert(data, BoardFile, WHAT)
    f.hexes = convert_values(f.hexes, _Hex, WHAT, "hexes")  # its errors name the hex
    for check in CROSS_FIELD_CHECKS:
        check(f)
    return f


class Board:
    """Immutable board tables (shared by every state)."""

    def __init__(self, data: dict[str, Any]) -> None:
        f = read_board(data)
        self.ids: tuple[str, ...] = tuple(sorted(f.hexes, key=lambda k: (k[0], int(k[1:]))))
        self.index: dict[str, int] = {h: i for i, h in enumerate(self.ids)}
        self._hex_tables([f.hexes[h] for h in self.ids])
        self._company_tables(f.companies)
        self.chicago = self.terrain.index(CHICAGO)
        self.industry_hex = tuple(self.index[getattr(f.industry, k).hex] for k in INDUSTRIES)
        self.industry_data = {k: dict(data["industry"][k]) for k in INDUSTRIES}
        self.fort_wayne = self.start[WABASH]
        self._masks()
        self.raw = data

    def _hex_tables(self, hexes: list[_Hex]) -> None:
        """Per hex, in index order: terrain, build cost, income, house value, name, industry and neighbours."""
        self.terrain = tuple(TERRAINS.index(e.terrain) for e in hexes)
        self.cost = tuple(e.cost for e in hexes)
        self.black = tuple(e.income for e in hexes)
        self.house = tuple(e.house or 0 for e in hexes)
        self.names = tuple(e.name for e in hexes)
        self.industry_of = tuple(INDUSTRIES.index(e.industry) if e.industry else -1 for e in hexes)
        self.neighbours = tuple(tuple(self.index[nb] for nb in e.neighbours) for e in hexes)
        self.nb_mask = tuple(sum(1 << j for j in nbs) for nbs in self.neighbours)

    def _company_tables(self, companies: list[_Company]) -> None:
        """Per company: shares, trains, starting income and start hex (CE-1.1)."""
        self.shares = tuple(c.shares for c in companies)
        self.trains = tuple(c.trains for c in companies)
        self.start_income = tuple(c.income for c in companies)
        self.start = tuple(self.index[c.start] for c in companies)

    def _masks(self) -> None:
        """Sets of hexes as bit masks."""
        n = len(self.ids)
        mask = lambda pred: sum(1 << i for i in range(n) if pred(i))  # noqa: E731
        self.exclusive_mask = mask(lambda i: self.terrain[i] in (FOREST, MOUNTAIN))
        # hexes a player may develop with a house from the supply (CE-8.2, CE-8.6)
        self.house_dev_mask = mask(lambda i: self.terrain[i] in (CITY, MOUNTAIN, FOREST))
        self.start_masks = tuple(1 << s for s in self.start[:4])
        all_starts = sum(self.start_masks)
        # hexes each company may never build on: the other companies' start hexes (CE-6.5)
        self.forbidden = tuple(all_starts & ~(1 << self.start[c]) if c < 4 else all_starts for c in range(5))

    def hex_label(self, i: int) -> str:
        name = self.names[i]
        return f"{self.ids[i]} ({name})" if name else self.ids[i]


def load(path: str = _PATH) -> Board:
    with open(path, encoding="utf-8") as f:
        return Board(json.load(f))


BOARD = load()
