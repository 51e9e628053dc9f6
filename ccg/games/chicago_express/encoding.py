"""Chicago Express's action universe and observation tensor (see ccg/core/encoding.py, docs/environments.md).

Action universe, in this order (the same for every player count and rule set, so N = 1,276):

====================  =====  ==================================================
block                 count  notation
====================  =====  ==================================================
fixed                 5      ``pass``, ``stop``, ``forgo auction``, ``forgo build``, ``forgo development``
auction               5      ``auction <company>`` in board order PRR, B&O, NYC, C&O, Wabash (CE-5.1)
build                 5      ``build <company>`` (CE-6.1)
develop               160    ``develop <hex>`` in board order (``data/board.json``) (CE-8)
place                 800    ``place <company> <hex>``: company-major, hexes in board order (CE-6.14)
bid                   301    ``bid 0`` … ``bid 300`` (CE-3.3, CE-5.4)
====================  =====  ==================================================

Bids above ``MAX_BID`` are legal when a player holds more cash but are outside the universe: the
legal mask leaves them out (``pass`` and the lower bids stay). No game in the conformance runs came
near (tests/env check that every legal action of sampled games is in the universe).
"""
from __future__ import annotations

from ccg.core.encoding import (
    Custom,
    Each,
    Encoding,
    Maybe,
    MultiHot,
    Num,
    OneHot,
    Padded,
    Record,
    Schema,
    Vec,
)

from .actions import METERS
from .board import BOARD, COMPANIES
from .phases import PHASE_NAMES

MAX_BID = 300
END_REASONS = ("trains", "shares", "houses", "detroit")  # CE-11.1, dividends.end_reasons


def action_universe() -> list[str]:
    out = ["pass", "stop"] + [f"forgo {m}" for m in METERS]
    out += [f"auction {c}" for c in COMPANIES]
    out += [f"build {c}" for c in COMPANIES]
    out += [f"develop {h}" for h in BOARD.ids]
    out += [f"place {c} {h}" for c in COMPANIES for h in BOARD.ids]
    out += [f"bid {n}" for n in range(MAX_BID + 1)]
    return out


def _reasons(text: str) -> list[float]:
    parts = text.split("+")
    return [1.0 if r in parts else 0.0 for r in END_REASONS]


def schema(players: int) -> Schema:
    n = players
    seats = range(n)
    hexes = MultiHot(BOARD.ids, "1 on each hex listed")
    return Schema(players, {
        "phase": OneHot(PHASE_NAMES),
        "mover": OneHot(seats, "the seat whose turn it is (CE-4)"),
        "start_player": OneHot(range(-1, n), "-1 until the opening auctions end (CE-3.7)"),
        "opening": Num("opening auctions finished (CE-3)"),
        "cash": Vec(n, "cash per seat (public, CE-0.9 reading)"),
        "shares": Each(n, Vec(5, "shares held per company"), "seat"),
        "treasury": Vec(5, "company treasuries"),
        "income": Vec(5, "company incomes (CE-7)"),
        "income_base": Vec(5, "incomes before Chicago bonuses"),
        "trains_left": Vec(5, "train cubes left per company"),
        "shares_left": Vec(5, "shares still unsold per company"),
        "trains": Record({c: hexes for c in COMPANIES}),
        "houses": hexes,
        "house_supply": Num("houses left in the supply (CE-8)"),
        "industry": Vec(3, "Detroit, Wheeling, Pittsburgh industry values (CE-8.3)"),
        "meters": Vec(3, "auction, build, development meters (CE-4.3)"),
        "wabash_in": Num("1 once the Wabash has entered the map (CE-10)"),
        "chicago": Padded(5, OneHot(COMPANIES), "companies that reached Chicago, in arrival order (CE-10)"),
        "pending_chicago": Maybe(OneHot(COMPANIES)),
        "auction": Maybe(Record({
            "company": OneHot(COMPANIES), "minimum": Num("the opening minimum bid"), "high": Num("the highest bid so far"),
            "leader": Maybe(OneHot(seats)), "active": MultiHot(seats, "seats still bidding"), "turn": OneHot(seats),
            "opener": OneHot(seats),
        }), "1 when no auction runs"),
        "build": Maybe(Record({"company": OneHot(COMPANIES), "placed": Num("train cubes placed in this build (CE-6.2)")}),
                       "1 outside a build action"),
        "dividend_phases": Num("dividend phases paid so far (CE-9)"),
        "end_reason": Maybe(Custom(len(END_REASONS), _reasons, "multi-hot over " + ", ".join(END_REASONS))),
        "bank_paid_out": Num("cash the bank has paid out: dividends (CE-9) and forest bonuses (CE-8.9)"),
        "bank_received": Num("cash paid to the bank: train-cube costs (CE-6.14)"),
    })


def make_encoding(state) -> Encoding:
    return Encoding(action_universe(), schema(state.num_players),
                    notes=f"bids above {MAX_BID} are outside the universe")
