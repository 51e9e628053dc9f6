"""The Chicago Express game state: flat fields, the turn structure (CE-4) and the protocol hooks."""
from __future__ import annotations

from ccg.core import Action, GameState

from . import actions as A
from . import auction, build, develop, dividends
from .auction import AUCTION, BUILD, CHOOSE, OPENING, OVER, WABASH_AUCTION
from .board import BOARD, WABASH

_AUC, _BLD, _DEV = 0, 1, 2  # meter indices (CE-1.5)


class CEState(GameState):
    """A Chicago Express position. Seats 0..n-1 play clockwise; companies are indexed as in board.COMPANIES."""

    game = "chicago_express"
    hidden_information = False  # CE-0.9: shares are face up; cash is treated as public too (see notes)

    __slots__ = (
        "p", "phase", "mover", "start_player", "opening",
        "cash", "held", "treasury", "income", "income_base", "trains_left", "shares_left",
        "net", "adj", "occ", "any_mask", "house_mask", "supply", "industry", "meters",
        "wabash_in", "chicago", "pending_chicago",
        "auc_company", "auc_min", "auc_high", "auc_leader", "auc_active", "auc_turn", "auc_opener",
        "build_company", "build_placed", "dividends", "end_reason", "bank_out", "bank_in",
    )

    # ---- turn machinery ---------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        ph = self.phase
        if ph == CHOOSE or ph == BUILD:
            return self.mover
        if ph == OVER:
            return None
        return self.auc_turn

    def _legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == BUILD:
            return build.legal(self)
        if ph == CHOOSE:
            return self._choices()
        if ph == OVER:
            return []
        return auction.legal(self)

    def _choices(self) -> list[Action]:
        """CE-4.2: one of the actions whose pointer is not in the red (forgoing included, CE-4.4)."""
        out: list[Action] = []
        m, n = self.meters, self.p.meter_len
        if m[_AUC] < n[_AUC]:
            sl = self.shares_left
            for c in range(5 if self.wabash_in else 4):  # CE-5.1
                if sl[c]:
                    out.append(A.AUCTION[c])
        if m[_BLD] < n[_BLD]:
            base = self.mover * 5
            held = self.held
            tl = self.trains_left
            for c in range(5):  # CE-6.1: a company in which the mover holds a share; CE-6.11: with trains left
                if held[base + c] and tl[c]:
                    out.append(A.BUILD[c])
        if m[_DEV] < n[_DEV]:
            out += develop.legal(self)
        for k in range(3):
            if m[k] < n[k]:
                out.append(A.FORGO[k])
        return out

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
        kind = action.kind
        if kind == "forgo":
            meter = A.METERS.index(action.args[0])
        else:
            meter = _AUC if kind == "auction" else _BLD if kind == "build" else _DEV
        self.meters[meter] += 1  # CE-4.3
        if self.p.before_action and dividends.red_count(self) >= 2:
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
        held = self.held
        return sum(held[p * 5 + c] for p in range(self.num_players))

    def shares_of(self, seat: int) -> list[int]:
        return self.held[seat * 5: seat * 5 + 5]

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
        new = CEState.__new__(CEState)
        new.p = self.p
        new.phase = self.phase
        new.mover = self.mover
        new.start_player = self.start_player
        new.opening = self.opening
        new.cash = self.cash[:]
        new.held = self.held[:]
        new.treasury = self.treasury[:]
        new.income = self.income[:]
        new.income_base = self.income_base[:]
        new.trains_left = self.trains_left[:]
        new.shares_left = self.shares_left[:]
        new.net = self.net[:]
        new.adj = self.adj[:]
        new.occ = self.occ[:]
        new.any_mask = self.any_mask
        new.house_mask = self.house_mask
        new.supply = self.supply
        new.industry = self.industry[:]
        new.meters = self.meters[:]
        new.wabash_in = self.wabash_in
        new.chicago = self.chicago[:]
        new.pending_chicago = self.pending_chicago
        new.auc_company = self.auc_company
        new.auc_min = self.auc_min
        new.auc_high = self.auc_high
        new.auc_leader = self.auc_leader
        new.auc_active = self.auc_active
        new.auc_turn = self.auc_turn
        new.auc_opener = self.auc_opener
        new.build_company = self.build_company
        new.build_placed = self.build_placed
        new.dividends = self.dividends
        new.end_reason = self.end_reason
        new.bank_out = self.bank_out
        new.bank_in = self.bank_in
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
        from .serial import to_dict

        return to_dict(self)

    @classmethod
    def _from_state_dict(cls, data: dict, num_players: int, options: dict) -> "CEState":
        from .serial import from_dict

        return from_dict(data, num_players, options)

    def check_invariants(self) -> None:
        from .invariants import check

        check(self)

    def _why_illegal(self, action: Action) -> str | None:
        from .text import why_illegal

        return why_illegal(self, action)

    def _parse(self, text: str) -> Action | None:
        return A.parse(text)

    def __str__(self) -> str:
        from .hooks import text

        return text(self)

    def __repr__(self) -> str:
        return f"<Chicago Express, {self.num_players} players, ply {self.ply}, {auction.PHASE_NAMES[self.phase]}>"


def blank(players: int, seed: int, options: dict) -> CEState:
    """A state with the base fields and rule values set (the game fields still to fill)."""
    from .params import params_for

    s = CEState.__new__(CEState)
    s._init_base(players, seed, options)
    s.p = params_for(options)
    if s.p.banker >= players:
        raise ValueError(f"rule 'banker' must be a seat 0..{players - 1}, got {s.p.banker}")
    return s


def create(players: int, seed: int, options: dict) -> CEState:
    """CE-2 setup, then the first opening auction (CE-3) opened by the banker."""
    s = blank(players, seed, options)
    p = s.p
    s.cash = [p.cash[players]] * players  # CE-2.6
    s.held = [0] * (players * 5)
    s.treasury = [0] * 5  # CE-2.7
    s.income = list(p.start_income)  # CE-2.4
    s.income_base = list(p.start_income)
    s.trains_left = list(BOARD.trains)
    s.shares_left = list(BOARD.shares)
    s.net = [0] * 5
    s.adj = [0] * 5
    s.occ = [0] * len(BOARD.ids)
    s.any_mask = 0
    for c in range(4):  # CE-2.2: one train on each eastern start hex
        h = BOARD.start[c]
        s.net[c] = 1 << h
        s.adj[c] = BOARD.nb_mask[h]
        s.occ[h] = 1 << c
        s.any_mask |= 1 << h
        s.trains_left[c] -= 1
    s.house_mask = 0
    s.supply = p.houses  # CE-2.5
    s.industry = list(p.ind_start)
    s.meters = [0, 0, 0]  # CE-2.1
    s.wabash_in = False
    s.chicago = []
    s.pending_chicago = -1
    s.build_company = -1
    s.build_placed = 0
    s.dividends = 0
    s.end_reason = None
    s.bank_out = s.bank_in = 0
    s.opening = 0
    s.start_player = -1
    s.mover = p.banker
    auction.start(s, 0, p.banker, p.opening_min[0], OPENING)  # CE-3.1, CE-3.2
    return s


__all__ = ["CEState", "create", "blank", "OPENING", "CHOOSE", "AUCTION", "BUILD", "WABASH_AUCTION", "OVER", "WABASH"]
