"""The Chicago Express state: its fields, copying, the choice of action (CE-4) and the protocol hooks."""
from __future__ import annotations

from typing import Any

from ccg.core import Action, GameState

from . import actions as A
from . import auction, build, develop, dividends
from .board import BOARD
from .invariants import check
from .phases import AUCTION, BUILD, CHOOSE, OVER, PHASE_NAMES
from .serial import from_dict, to_dict
from .text import text, why_illegal

_AUC, _BLD, _DEV = 0, 1, 2  # meter indices (CE-1.5)


class CEState(GameState):
    """A Chicago Express position. Seats 0..n-1 play clockwise (CE-0.1); companies are indexed as in
    board.COMPANIES (CE-0.2). Money is whole dollars (CE-0.8): cash per seat, treasury per company (CE-0.3).
    A company board (CE-1.8) is its ``treasury``, ``trains_left`` and ``shares_left`` entries.

    ``rules`` is the game's rule values, read as ``s.rules["<key>"]`` with the key of params.RULES (shared
    by every copy, never mutated). Three tuples are precomputed from several keys for the hot path:
    ``meter_lengths`` = rules "meter.auction", "meter.build", "meter.development"; ``industry_step`` and
    ``industry_max`` = rules "industry.<detroit|wheeling|pittsburgh>.step" and "….max".
    """

    game = "chicago_express"
    hidden_information = False  # CE-0.9: shares are face up; cash is treated as public too (see notes)

    __slots__ = (
        "rules", "meter_lengths", "industry_step", "industry_max", "phase", "mover", "start_player", "opening",
        "cash", "shares", "treasury", "income", "income_base", "trains_left", "shares_left",
        "network", "adjacent", "hex_companies", "train_mask", "house_mask", "house_supply", "industry", "meters",
        "wabash_in", "chicago", "pending_chicago",
        "auction_company", "auction_minimum", "auction_high_bid", "auction_leader", "auction_active", "auction_turn",
        "auction_opener", "build_company", "build_placed", "dividend_phases", "end_reason", "bank_paid_out",
        "bank_received",
    )
    # the fields of __slots__ (a hex is a bit: ``1 << BOARD.index[hex id]``; a company is its board.COMPANIES index)
    rules: dict[str, Any]
    meter_lengths: tuple[int, ...]
    industry_step: tuple[int, ...]
    industry_max: tuple[int, ...]
    phase: int
    mover: int
    start_player: int
    opening: int
    cash: list[int]  # per seat (CE-0.3)
    # the shares each seat holds, five counts per seat: ``shares[seat * 5 + company]``; read them through
    # ``shares_held``, ``shares_of``, ``holdings`` and ``num_shares_out``, change them through ``add_share``
    shares: list[int]
    treasury: list[int]  # per company (CE-0.3)
    income: list[int]  # per company
    income_base: list[int]  # per company: its income less what its hexes and Chicago add (recomputed_income)
    trains_left: list[int]  # per company: train cubes on its company board (CE-1.8)
    shares_left: list[int]  # per company: shares not yet auctioned (CE-1.8)
    network: list[int]  # per company: the hexes with its trains (bitmask)
    adjacent: list[int]  # per company: the hexes next to its network (bitmask; where it may build, CE-6)
    hex_companies: list[int]  # per hex: the companies with a train there (bitmask over companies)
    train_mask: int  # the hexes with any company's train
    house_mask: int  # the hexes with a house (CE-8)
    house_supply: int  # houses left in the supply
    industry: list[int]
    meters: list[int]  # the pointers of the action meters: auction, build, development (CE-1.5)
    wabash_in: bool
    chicago: list[int]
    pending_chicago: int
    # the running share auction (CE-5): company, minimum price, highest bid, its bidder (-1 none), the seats
    # still bidding (bitmask), the seat to bid, the seat that opened it
    auction_company: int
    auction_minimum: int
    auction_high_bid: int
    auction_leader: int
    auction_active: int
    auction_turn: int
    auction_opener: int
    build_company: int
    build_placed: int
    dividend_phases: int  # dividend phases played (CE-9)
    end_reason: str | None
    bank_paid_out: int  # cash the bank has paid out: dividends (CE-9) and forest bonuses (CE-8.9)
    bank_received: int  # cash paid to the bank: train-cube costs (CE-6.14)

    # ---- turn machinery ---------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph == CHOOSE or ph == BUILD:
            return self.mover
        if ph == OVER:
            return None
        return self.auction_turn

    def _legal_actions(self) -> list[Action]:
        return A.legal(self)

    def _apply(self, action: Action) -> None:
        kind = action.kind
        if kind == "bid":
            auction.bid(self, action.args[0])
        elif kind == "pass":
            auction.pass_(self)
        elif kind == "place":
            c = A.LOWER_COMPANY[action.args[0].lower()]
            build.place(self, c, BOARD.index[action.args[1]])
        elif kind == "stop":
            self.end_turn()
        else:
            self._choose(action)

    def _choose(self, action: Action) -> None:
        """CE-4.2: the chosen action's pointer moves (CE-4.3), then the action is performed or forgone (CE-4.4)."""
        kind = action.kind
        if kind == "forgo":
            meter = A.METERS.index(action.args[0])
        else:
            meter = _AUC if kind == "auction" else _BLD if kind == "build" else _DEV
        self.meters[meter] += 1  # CE-4.3
        if self.rules["dividend_timing"] == "before_action" and dividends.red_count(self) >= 2:
            # CE-4.5 note, p.4 reading: dividends first, then the action runs unrecorded on the reset meters
            dividends.dividend_phase(self)
            if self.phase == OVER:
                return
        if kind == "auction":
            c = A.LOWER_COMPANY[action.args[0].lower()]
            out = self.num_shares_out(c)
            auction.start(self, c, self.mover, auction.minimum_price(self.income[c], out), AUCTION)
        elif kind == "build":
            self.phase = BUILD
            self.build_company = A.LOWER_COMPANY[action.args[0].lower()]
            self.build_placed = 0
        elif kind == "develop":
            develop.develop(self, BOARD.index[action.args[0]])
            self.end_turn()
        else:
            self.end_turn()

    def end_turn(self) -> None:
        self.build_company = -1
        self.build_placed = 0
        dividends.end_turn(self)

    def finish_turn(self) -> None:
        dividends.finish_turn(self)

    # ---- small queries -------------------------------------------------------------------
    def num_shares_out(self, c: int) -> int:
        """Shares of company c held by players (CE-0.5)."""
        return sum(self.shares[c::5])  # five counts per seat

    def shares_of(self, seat: int) -> list[int]:
        """The shares ``seat`` holds of each company, in board.COMPANIES order."""
        return self.shares[seat * 5: seat * 5 + 5]

    def dividend_per_share(self, c: int) -> int:
        """CE-9.2: ceil(I / S), 0 without holders."""
        out = self.num_shares_out(c)
        return -(-self.income[c] // out) if out else 0

    def minimum_price(self, c: int) -> int:
        """CE-5.2 minimum of the next share of company c."""
        return auction.minimum_price(self.income[c], self.num_shares_out(c))

    def red_meters(self) -> int:
        return dividends.red_count(self)

    # ---- protocol: copying, results ---------------------------------------------------------
    def _copy(self) -> "CEState":
        new = CEState.__new__(CEState)  # lists by ``list.copy()``: quicker than ``[:]``, which builds a slice first
        new.rules = self.rules
        new.meter_lengths = self.meter_lengths
        new.industry_step = self.industry_step
        new.industry_max = self.industry_max
        new.phase = self.phase
        new.mover = self.mover
        new.start_player = self.start_player
        new.opening = self.opening
        new.cash = self.cash.copy()
        new.shares = self.shares.copy()
        new.treasury = self.treasury.copy()
        new.income = self.income.copy()
        new.income_base = self.income_base.copy()
        new.trains_left = self.trains_left.copy()
        new.shares_left = self.shares_left.copy()
        new.network = self.network.copy()
        new.adjacent = self.adjacent.copy()
        new.hex_companies = self.hex_companies.copy()
        new.train_mask = self.train_mask
        new.house_mask = self.house_mask
        new.house_supply = self.house_supply
        new.industry = self.industry.copy()
        new.meters = self.meters.copy()
        new.wabash_in = self.wabash_in
        new.chicago = self.chicago.copy()
        new.pending_chicago = self.pending_chicago
        new.auction_company = self.auction_company
        new.auction_minimum = self.auction_minimum
        new.auction_high_bid = self.auction_high_bid
        new.auction_leader = self.auction_leader
        new.auction_active = self.auction_active
        new.auction_turn = self.auction_turn
        new.auction_opener = self.auction_opener
        new.build_company = self.build_company
        new.build_placed = self.build_placed
        new.dividend_phases = self.dividend_phases
        new.end_reason = self.end_reason
        new.bank_paid_out = self.bank_paid_out
        new.bank_received = self.bank_received
        return new

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
        """CE-11.3: cash (shares and treasuries count for nothing)."""
        return list(self.cash)

    def winners(self) -> list[int]:
        """CE-11.3: most cash wins; ties share the win."""
        if self.phase != OVER:
            return []
        best = max(self.cash)
        return [p for p, c in enumerate(self.cash) if c == best]

    # ---- protocol: serialisation, checks, explanations (in their own modules) ----------------
    def _state_dict(self) -> dict:
        return to_dict(self)

    @classmethod
    def _from_state_dict(cls, data: dict, num_players: int, options: dict) -> "CEState":
        return from_dict(data, num_players, options)

    def check_invariants(self) -> None:
        check(self)

    def _why_illegal(self, action: Action) -> str | None:
        return why_illegal(self, action)

    def _parse(self, text: str) -> Action | None:
        return A.parse(text)

    # ---- share holdings (``shares`` is five counts per seat, one per company in board.COMPANIES order) -----
    def shares_held(self, seat: int, company: int) -> int:
        """The shares of ``company`` that ``seat`` holds (CE-1.8)."""
        return self.shares[seat * 5 + company]

    def holdings(self, company: int) -> list[int]:
        """The shares of ``company`` held by each seat, in seat order."""
        return self.shares[company::5]

    def add_share(self, seat: int, company: int, count: int = 1) -> None:
        """``seat`` takes ``count`` shares of ``company`` (a negative count gives them back)."""
        self.shares[seat * 5 + company] += count

    def __str__(self) -> str:
        return text(self)

    def __repr__(self) -> str:
        return f"<Chicago Express, {self.num_players} players, ply {self.ply}, {PHASE_NAMES[self.phase]}>"
