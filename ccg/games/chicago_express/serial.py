"""Position (de)serialisation: a readable JSON dict, validated field by field on load."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core import position_error
from ccg.core import validate as v

from .board import BOARD, COMPANIES
from .phases import BIDDING, BUILD, OVER, PHASE_NAMES

if TYPE_CHECKING:
    from .state import CEState

KEYS = ["phase", "mover", "start_player", "opening", "cash", "shares", "treasury", "income", "income_base",
        "trains_left", "shares_left", "trains", "houses", "house_supply", "industry", "meters", "wabash_in",
        "chicago", "pending_chicago", "auction", "build", "dividend_phases", "end_reason",
        "bank_paid_out", "bank_received"]
AUCTION_KEYS = ["company", "minimum", "high", "leader", "active", "turn", "opener"]


def _hexes(mask: int) -> list[str]:
    out = []
    while mask:
        low = mask & -mask
        out.append(BOARD.ids[low.bit_length() - 1])
        mask ^= low
    return out


def to_dict(s: CEState) -> dict:
    n = s.num_players
    auction = None
    if s.phase in BIDDING:
        auction = {
            "company": COMPANIES[s.auction_company], "minimum": s.auction_minimum, "high": s.auction_high_bid,
            "leader": None if s.auction_leader < 0 else s.auction_leader,
            "active": [p for p in range(n) if s.auction_active >> p & 1],
            "turn": s.auction_turn, "opener": s.auction_opener,
        }
    return {
        "phase": PHASE_NAMES[s.phase],
        "mover": s.mover,
        "start_player": s.start_player,
        "opening": s.opening,
        "cash": list(s.cash),
        "shares": [s.shares_of(p) for p in range(n)],
        "treasury": list(s.treasury),
        "income": list(s.income),
        "income_base": list(s.income_base),
        "trains_left": list(s.trains_left),
        "shares_left": list(s.shares_left),
        "trains": {COMPANIES[c]: _hexes(s.network[c]) for c in range(5)},
        "houses": _hexes(s.house_mask),
        "house_supply": s.house_supply,
        "industry": list(s.industry),
        "meters": list(s.meters),
        "wabash_in": s.wabash_in,
        "chicago": [COMPANIES[c] for c in s.chicago],
        "pending_chicago": None if s.pending_chicago < 0 else COMPANIES[s.pending_chicago],
        "auction": auction,
        "build": None if s.phase != BUILD else {"company": COMPANIES[s.build_company], "placed": s.build_placed},
        "dividend_phases": s.dividend_phases,
        "end_reason": s.end_reason,
        "bank_paid_out": s.bank_paid_out,
        "bank_received": s.bank_received,
    }


def _company(value, field: str) -> int:
    return COMPANIES.index(v.as_str(value, field, COMPANIES))


def _mask(value, field: str) -> int:
    m = 0
    for i, h in enumerate(v.str_list(value, field, choices=BOARD.ids)):
        b = 1 << BOARD.index[h]
        if m & b:
            raise position_error(f"{field}[{i}]", f"{h} listed twice")
        m |= b
    return m


def from_dict(d: dict, n: int, options: dict):
    """A CEState from a saved dict, or InvalidPositionError naming the first bad field."""
    from .setup import blank  # setup builds the state, whose module imports this one

    s = blank(n, 0, options)
    v.as_dict(d, "state", KEYS)
    _turn(s, d, n)
    _holdings(s, d, n)
    _networks(s, d)
    _board(s, d)
    _auction(s, d["auction"], n)
    _build(s, d["build"])
    _ending(s, d)
    return s


def _turn(s: CEState, d: dict, n: int) -> None:
    """The phase, the seat to move, the start player and the opening auction under way (CE-3, CE-4)."""
    s.phase = PHASE_NAMES.index(v.as_str(d["phase"], "phase", PHASE_NAMES))
    s.mover = v.as_int(d["mover"], "mover", 0, n - 1)
    s.start_player = v.as_int(d["start_player"], "start_player", -1, n - 1)
    s.opening = v.as_int(d["opening"], "opening", 0, 4)


def _holdings(s: CEState, d: dict, n: int) -> None:
    """Players' cash and shares; each company's treasury, income, trains and shares left (CE-1)."""
    s.cash = v.int_list(d["cash"], "cash", n, lo=0)
    shares = v.as_list(d["shares"], "shares", n)
    s.shares = []
    for p, row in enumerate(shares):
        s.shares += v.int_list(row, f"shares[{p}]", 5, lo=0)
    s.treasury = v.int_list(d["treasury"], "treasury", 5, lo=0)
    s.income = v.int_list(d["income"], "income", 5, lo=0)
    s.income_base = v.int_list(d["income_base"], "income_base", 5)
    s.trains_left = v.int_list(d["trains_left"], "trains_left", 5, lo=0)
    s.shares_left = v.int_list(d["shares_left"], "shares_left", 5, lo=0)


def _networks(s: CEState, d: dict) -> None:
    """Each company's track (CE-6), and what follows from it: the hexes it reaches and its neighbours."""
    trains = v.as_dict(d["trains"], "trains", list(COMPANIES))
    s.network = [_mask(trains[c], f"trains.{c}") for c in COMPANIES]
    s.adjacent = [0] * 5
    s.hex_companies = [0] * len(BOARD.ids)
    s.train_mask = 0
    for c in range(5):
        m = s.network[c]
        s.train_mask |= m
        while m:
            low = m & -m
            h = low.bit_length() - 1
            s.hex_companies[h] |= 1 << c
            s.adjacent[c] |= BOARD.nb_mask[h]
            m ^= low


def _board(s: CEState, d: dict) -> None:
    """Houses (CE-8), the industry and meters, the Wabash and the companies in Chicago (CE-10)."""
    s.house_mask = _mask(d["houses"], "houses")
    s.house_supply = v.as_int(d["house_supply"], "house_supply", lo=0)
    s.industry = v.int_list(d["industry"], "industry", 3, lo=0)
    s.meters = v.int_list(d["meters"], "meters", 3, lo=0)
    for k in range(3):
        if s.meters[k] > s.meter_lengths[k]:
            raise position_error(f"meters[{k}]", f"must be at most {s.meter_lengths[k]}")
    s.wabash_in = v.as_bool(d["wabash_in"], "wabash_in")
    chicago = v.as_list(d["chicago"], "chicago", max_length=5)
    s.chicago = [_company(c, f"chicago[{i}]") for i, c in enumerate(chicago)]
    if len(set(s.chicago)) != len(s.chicago):
        raise position_error("chicago", "a company reaches Chicago once")
    pc = d["pending_chicago"]
    s.pending_chicago = -1 if pc is None else _company(pc, "pending_chicago")


def _auction(s: CEState, a, n: int) -> None:
    """The share auction under way (CE-3, CE-5): only in a bidding phase, else null."""
    s.auction_company = s.auction_leader = s.auction_turn = s.auction_opener = -1
    s.auction_minimum = s.auction_high_bid = s.auction_active = 0
    if s.phase not in BIDDING:
        if a is not None:
            raise position_error("auction", f"must be null in phase {PHASE_NAMES[s.phase]}")
        return
    v.as_dict(a, "auction", AUCTION_KEYS)
    s.auction_company = _company(a["company"], "auction.company")
    s.auction_minimum = v.as_int(a["minimum"], "auction.minimum", lo=0)
    s.auction_high_bid = v.as_int(a["high"], "auction.high", lo=0)
    s.auction_leader = -1 if a["leader"] is None else v.as_int(a["leader"], "auction.leader", 0, n - 1)
    active = v.int_list(a["active"], "auction.active", lo=0, hi=n - 1)
    if active != sorted(set(active)) or not active:
        raise position_error("auction.active", "must list distinct seats in order, at least one")
    s.auction_active = sum(1 << p for p in active)
    s.auction_turn = v.as_int(a["turn"], "auction.turn", 0, n - 1)
    s.auction_opener = v.as_int(a["opener"], "auction.opener", 0, n - 1)
    _check_bidders(s)


def _check_bidders(s: CEState) -> None:
    """The seat to bid and the leader are still in the auction; the high bid is the leader's and affordable."""
    if not s.auction_active >> s.auction_turn & 1:
        raise position_error("auction.turn", "the seat to bid must still be in the auction")
    if s.auction_leader >= 0 and not s.auction_active >> s.auction_leader & 1:
        raise position_error("auction.leader", "the leader must still be in the auction")
    if s.auction_leader < 0 and s.auction_high_bid:
        raise position_error("auction.high", "must be 0 while nobody has bid")
    if s.auction_leader >= 0 and s.auction_high_bid > s.cash[s.auction_leader]:
        raise position_error("auction.high", "exceeds the leader's cash")


def _build(s: CEState, b) -> None:
    """The build action under way (CE-6): only in the build phase, else null."""
    if s.phase == BUILD:
        v.as_dict(b, "build", ["company", "placed"])
        s.build_company = _company(b["company"], "build.company")
        s.build_placed = v.as_int(b["placed"], "build.placed", 0, s.rules["build.max_trains"] - 1)
    elif b is not None:
        raise position_error("build", f"must be null in phase {PHASE_NAMES[s.phase]}")
    else:
        s.build_company, s.build_placed = -1, 0


def _ending(s: CEState, d: dict) -> None:
    """Dividend phases played (CE-9), the end reason (set exactly when over, CE-11) and the bank's totals."""
    s.dividend_phases = v.as_int(d["dividend_phases"], "dividend_phases", lo=0)
    er = d["end_reason"]
    s.end_reason = None if er is None else v.as_str(er, "end_reason")
    if (s.phase == OVER) != (s.end_reason is not None):
        raise position_error("end_reason", "is set exactly when the game is over")
    s.bank_paid_out = v.as_int(d["bank_paid_out"], "bank_paid_out", lo=0)
    s.bank_received = v.as_int(d["bank_received"], "bank_received", lo=0)
