"""Why an action is illegal, in sentences a student can read."""
from __future__ import annotations

from ccg.core import Action

from . import actions as A
from . import build, develop
from .auction import AUCTION, BUILD, CHOOSE, OPENING, OVER, PHASE_NAMES, WABASH_AUCTION, lowest_bid
from .board import BOARD, COMPANIES

_WAITING = {
    CHOOSE: "seat {s} chooses an action (auction, build, develop or forgo)",
    BUILD: "seat {s} is building for {c}: place trains or 'stop'",
}


def _now(s) -> str:
    ph = s.phase
    if ph in (OPENING, AUCTION, WABASH_AUCTION):
        return f"seat {s.auc_turn} is bidding on a {COMPANIES[s.auc_company]} share ('bid N' or 'pass')"
    if ph == BUILD:
        return _WAITING[BUILD].format(s=s.mover, c=COMPANIES[s.build_company])
    return _WAITING.get(ph, PHASE_NAMES[ph]).format(s=s.mover)


def why_illegal(s, action: Action) -> str | None:
    if s.phase == OVER:
        return None
    kind, args = action.kind, action.args
    canon = A.parse(" ".join([kind, *map(str, args)]).lower()) if isinstance(kind, str) else None
    if canon is None:
        return None
    if canon.kind in ("place", "develop") and canon.args[-1] not in BOARD.index:
        return f"there is no hex {canon.args[-1]} on the map (columns A–S, rows 0–10; see ccg.plot.board)"
    kind = canon.kind
    ph = s.phase
    bidding = ph in (OPENING, AUCTION, WABASH_AUCTION)
    if kind in ("bid", "pass"):
        if not bidding:
            return f"no auction is running; {_now(s)}"
        amount = canon.args[0] if kind == "bid" else 0
        if kind == "bid":
            lo = lowest_bid(s)
            cash = s.cash[s.auc_turn]
            if amount < lo:
                if s.auc_leader < 0:
                    return (f"the first bid on this {COMPANIES[s.auc_company]} share must be at least the minimum "
                            f"${s.auc_min} (CE-3.3, CE-5.4)")
                return f"a bid must beat the highest bid ${s.auc_high} by at least ${s.p.bid_inc}; bid ${lo} or more"
            if amount > cash:
                return f"seat {s.auc_turn} has only ${cash}; bids are capped at the bidder's cash (CE-3 note)"
        return None
    if bidding:
        return f"an auction is running: {_now(s)}"
    if kind in ("place", "stop"):
        if ph != BUILD:
            return f"no build action is running; {_now(s)}"
        if kind == "place":
            c = A.LOWER_COMPANY[canon.args[0].lower()]
            if c != s.build_company:
                return f"this build action is for {COMPANIES[s.build_company]}, not {COMPANIES[c]} (CE-6.1)"
            return build.why_not(s, c, BOARD.index[canon.args[1]])
        return None
    if ph == BUILD:
        return f"finish the build first: {_now(s)}"
    # CHOOSE
    meter = {"auction": 0, "build": 1, "develop": 2}.get(kind)
    if kind == "forgo":
        meter = A.METERS.index(canon.args[0])
    if s.meters[meter] >= s.p.meter_len[meter]:
        return f"the {A.METERS[meter]} pointer is in the red; that action cannot be chosen until the next dividend phase (CE-4.2)"
    if kind == "auction":
        c = A.LOWER_COMPANY[canon.args[0].lower()]
        if c == 4 and not s.wabash_in:
            return "Wabash shares can be auctioned only after Wabash has entered play (CE-5.1, CE-10.4)"
        if not s.shares_left[c]:
            return f"{COMPANIES[c]} has no shares left on its board (CE-5.1)"
    elif kind == "build":
        c = A.LOWER_COMPANY[canon.args[0].lower()]
        if not s.held[s.mover * 5 + c]:
            return f"seat {s.mover} holds no {COMPANIES[c]} share; you may build only for a company you hold (CE-6.1)"
        if not s.trains_left[c]:
            return f"{COMPANIES[c]} has no trains left on its board, so it cannot build (CE-6.11)"
    elif kind == "develop":
        return develop.why_not(s, BOARD.index[canon.args[0]])
    return None
