"""Text: the position as a student reads it (``str(state)``) and why an action is illegal, in sentences."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ccg.core import Action

from . import actions as A
from .auction import lowest_bid
from .board import BOARD, CHICAGO, COMPANIES, DETROIT, FOREST, INDUSTRIAL, INDUSTRIES, PLAIN, START, WABASH
from .build import cost
from .phases import BIDDING, BUILD, CHOOSE, OVER, PHASE_NAMES

if TYPE_CHECKING:
    from .state import CEState

_WAITING = {
    CHOOSE: "seat {s} chooses an action (auction, build, develop or forgo)",
    BUILD: "seat {s} is building for {c}: place trains or 'stop'",
}


def _now(s: CEState) -> str:
    ph = s.phase
    if ph in BIDDING:
        return f"seat {s.auction_turn} is bidding on a {COMPANIES[s.auction_company]} share ('bid N' or 'pass')"
    if ph == BUILD:
        return _WAITING[BUILD].format(s=s.mover, c=COMPANIES[s.build_company])
    return _WAITING.get(ph, PHASE_NAMES[ph]).format(s=s.mover)


def why_illegal(s: CEState, action: Action) -> str | None:
    """A sentence saying why ``action`` cannot be played now, by what the phase allows (None: no reason found)."""
    if s.phase == OVER:
        return None
    kind, args = action.kind, action.args
    canon = A.parse(" ".join([kind, *map(str, args)]).lower()) if isinstance(kind, str) else None
    if canon is None:
        return None
    if canon.kind in ("place", "develop") and canon.args[-1] not in BOARD.index:
        return f"there is no hex {canon.args[-1]} on the map (columns A–S, rows 0–10; see ccg.plot.board)"
    if canon.kind in ("bid", "pass"):
        return _why_not_bid(s, canon)
    if s.phase in BIDDING:
        return f"an auction is running: {_now(s)}"
    if canon.kind in ("place", "stop"):
        return _why_not_build_step(s, canon)
    if s.phase == BUILD:
        return f"finish the build first: {_now(s)}"
    return _why_not_choose(s, canon)


def _why_not_bid(s: CEState, canon: Action) -> str | None:
    """A bid or a pass: only in an auction; a bid reaches the lowest bid and the bidder's cash (CE-3.3, CE-5.4)."""
    if s.phase not in BIDDING:
        return f"no auction is running; {_now(s)}"
    if canon.kind != "bid":
        return None
    amount, lo, cash = canon.args[0], lowest_bid(s), s.cash[s.auction_turn]
    if amount < lo:
        if s.auction_leader < 0:
            return (f"the first bid on this {COMPANIES[s.auction_company]} share must be at least the minimum "
                    f"${s.auction_minimum} (CE-3.3, CE-5.4)")
        return (f"a bid must beat the highest bid ${s.auction_high_bid} by at least ${s.rules['bid_increment']}; "
                f"bid ${lo} or more (CE-3.3, CE-3 note)")
    if amount > cash:
        return f"seat {s.auction_turn} has only ${cash}; bids are capped at the bidder's cash (CE-3 note)"
    return None


def _why_not_build_step(s: CEState, canon: Action) -> str | None:
    """Placing a train or stopping: only during a build action, for its company (CE-6.1)."""
    if s.phase != BUILD:
        return f"no build action is running; {_now(s)}"
    if canon.kind != "place":
        return None
    c = A.LOWER_COMPANY[canon.args[0].lower()]
    if c != s.build_company:
        return f"this build action is for {COMPANIES[s.build_company]}, not {COMPANIES[c]} (CE-6.1)"
    return why_not_place(s, c, BOARD.index[canon.args[1]])


def _why_not_choose(s: CEState, canon: Action) -> str | None:
    """Choosing an action (CE-4): its pointer not in the red (CE-4.2), then the action's own condition."""
    meter = A.METERS.index(canon.args[0]) if canon.kind == "forgo" else CHOICE_METER.get(canon.kind, -1)
    if meter >= 0 and s.meters[meter] >= s.meter_lengths[meter]:
        return f"the {A.METERS[meter]} pointer is in the red; that action cannot be chosen until the next dividend phase (CE-4.2)"
    check = CHOICE_CHECKS.get(canon.kind)
    return check(s, canon) if check else None


def _why_not_auction(s: CEState, canon: Action) -> str | None:
    """CE-5.1: a company with shares left on its board; the Wabash only once in play (CE-10.4)."""
    c = A.LOWER_COMPANY[canon.args[0].lower()]
    if c == WABASH and not s.wabash_in:
        return "Wabash shares can be auctioned only after Wabash has entered play (CE-5.1, CE-10.4)"
    if not s.shares_left[c]:
        return f"{COMPANIES[c]} has no shares left on its board (CE-5.1)"
    return None


def _why_not_build_for(s: CEState, canon: Action) -> str | None:
    """CE-6.1: only for a company one holds; CE-6.11: one with trains left."""
    c = A.LOWER_COMPANY[canon.args[0].lower()]
    if not s.shares_held(s.mover, c):
        return f"seat {s.mover} holds no {COMPANIES[c]} share; you may build only for a company you hold (CE-6.1)"
    if not s.trains_left[c]:
        return f"{COMPANIES[c]} has no trains left on its board, so it cannot build (CE-6.11)"
    return None


def _why_not_develop_at(s: CEState, canon: Action) -> str | None:
    return why_not_develop(s, BOARD.index[canon.args[0]])


CHOICE_METER = {"auction": 0, "build": 1, "develop": 2}  # the pointer each action moves (CE-4.2)
CHOICE_CHECKS: dict[str, Callable[[CEState, Action], str | None]] = {
    "auction": _why_not_auction, "build": _why_not_build_for, "develop": _why_not_develop_at,
}


def why_not_place(s: CEState, c: int, h: int) -> str | None:
    """A sentence saying why company c may not place on hex h now (None if it may)."""
    name = COMPANIES[c]
    label = BOARD.hex_label(h)
    if s.build_placed >= s.rules["build.max_trains"]:
        return f"a build places at most {s.rules['build.max_trains']} trains; say 'stop' (CE-6.2)"
    if s.trains_left[c] == 0:
        return f"{name} has no trains left (CE-6.11)"
    if s.network[c] >> h & 1:
        return f"{name} already has a train on {label}; one train per company per hex (CE-6.6)"
    if BOARD.forbidden[c] >> h & 1:
        return f"{label} is another company's start hex; nobody else may build there (CE-6.5)"
    if BOARD.exclusive_mask >> h & 1 and s.train_mask >> h & 1:
        kind = "forest" if BOARD.terrain[h] == FOREST else "mountain"
        return f"{label} is a {kind} that already holds a train; forests and mountains take one company only (CE-6.8)"
    if not s.adjacent[c] >> h & 1:
        return f"{label} is not next to {name}'s network; every new train must touch one of its own (CE-6.3)"
    k = cost(s, h)
    if k > s.treasury[c]:
        return f"{name}'s treasury has ${s.treasury[c]}; {label} costs ${k} (CE-6.10: players may not add money)"
    return None


def why_not_develop(s: CEState, h: int) -> str | None:
    """A sentence saying why hex h may not be developed now (None if it may)."""
    label = BOARD.hex_label(h)
    t = BOARD.terrain[h]
    if t == START:
        return f"{label} is a start hex; start hexes are never developed (CE-8.6)"
    if t == CHICAGO:
        return "Chicago is never developed (CE-8.6)"
    if t == INDUSTRIAL:
        k = BOARD.industry_of[h]
        if k == DETROIT:
            return "Detroit cannot be developed by players; it rises by itself in each dividend phase (CE-8.5)"
        if not s.train_mask >> h & 1:
            return f"{label} holds no train yet; a city is developed only where some company is present (CE-8.3)"
        if s.industry[k] >= s.industry_max[k]:
            return f"{label} is already at its maximum industry value {s.industry_max[k]} (CE-8.4)"
        return None
    if t == PLAIN:
        return f"{label} is a plain; plains are never developed (CE-8.6)"
    if s.house_mask >> h & 1:
        return f"{label} already has a house; a hex is developed only once (CE-8.2)"
    if not s.train_mask >> h & 1:
        return f"{label} holds no train; only a hex with a train can be developed (CE-8.2)"
    if s.house_supply <= 0:
        return "the common supply has no houses left (CE-8.2 note)"
    return None


def describe_auction(s: CEState) -> str:
    """The running auction in one line."""
    c = COMPANIES[s.auction_company]
    if s.auction_leader < 0:
        return f"{c} share: no bid yet (minimum ${s.auction_minimum})"
    return f"{c} share: seat {s.auction_leader} leads with ${s.auction_high_bid}"


def text(s: CEState) -> str:
    """The whole position in a few lines (``str(state)``)."""
    n = s.num_players
    lines = [f"Chicago Express · {n} players · ply {s.ply} · dividend phases held {s.dividend_phases}"]
    if s.phase == OVER:
        lines.append(f"Game over ({s.end_reason}); winner(s): {', '.join(f'seat {w}' for w in s.winners())}")
    elif s.phase == BUILD:
        lines.append(f"Seat {s.mover} builds for {COMPANIES[s.build_company]} ({s.build_placed} placed)")
    elif PHASE_NAMES[s.phase] == "choose":
        lines.append(f"Seat {s.mover} to choose an action")
    else:
        kind = {"opening_auction": "opening auction", "auction": "auction",
                "wabash_auction": "first Wabash auction"}[PHASE_NAMES[s.phase]]
        lines.append(f"{kind}: {describe_auction(s)}; seat {s.auction_turn} to bid")
    meters = ", ".join(f"{m} {s.meters[k]}/{s.meter_lengths[k]}" + (" RED" if s.meters[k] >= s.meter_lengths[k] else "")
                       for k, m in enumerate(A.METERS))
    lines.append(f"Meters: {meters}")
    lines.append("Industry: " + ", ".join(f"{k.title()} {v}" for k, v in zip(INDUSTRIES, s.industry))
                 + f" · houses in supply {s.house_supply}")
    lines.append("Company  income treasury trains-left shares-left/total  div/share")
    for c in range(5):
        if c == 4 and not s.wabash_in:
            lines.append("Wabash   (not yet in play)")
            continue
        lines.append(f"{COMPANIES[c]:<8} {s.income[c]:>6} {s.treasury[c]:>8} {s.trains_left[c]:>11} "
                     f"{s.shares_left[c]:>6}/{BOARD.shares[c]:<10} {s.dividend_per_share(c):>5}")
    for p in range(n):
        held = ", ".join(f"{k} {COMPANIES[c]}" for c, k in enumerate(s.shares_of(p)) if k)
        lines.append(f"Seat {p}: ${s.cash[p]}" + (f" · shares {held}" if held else ""))
    if s.chicago:
        lines.append("Reached Chicago: " + ", ".join(COMPANIES[c] for c in s.chicago))
    return "\n".join(lines)
