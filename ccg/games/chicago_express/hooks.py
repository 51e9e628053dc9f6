"""Readable summaries and the numbers analysis wants: str(state), outcome, heuristic, trajectory."""
from __future__ import annotations

from .auction import BUILD, OVER, PHASE_NAMES, describe
from .board import BOARD, COMPANIES, INDUSTRIES

_METERS = ("auction", "build", "development")


def text(s) -> str:
    n = s.num_players
    lines = [f"Chicago Express · {n} players · ply {s.ply} · dividend phases held {s.dividends}"]
    if s.phase == OVER:
        lines.append(f"Game over ({s.end_reason}); winner(s): {', '.join(f'seat {w}' for w in s.winners())}")
    elif s.phase == BUILD:
        lines.append(f"Seat {s.mover} builds for {COMPANIES[s.build_company]} ({s.build_placed} placed)")
    elif PHASE_NAMES[s.phase] == "choose":
        lines.append(f"Seat {s.mover} to choose an action")
    else:
        kind = {"opening_auction": "opening auction", "auction": "auction",
                "wabash_auction": "first Wabash auction"}[PHASE_NAMES[s.phase]]
        lines.append(f"{kind}: {describe(s)}; seat {s.auc_turn} to bid")
    meters = ", ".join(f"{m} {s.meters[k]}/{s.p.meter_len[k]}" + (" RED" if s.meters[k] >= s.p.meter_len[k] else "")
                       for k, m in enumerate(_METERS))
    lines.append(f"Meters: {meters}")
    lines.append("Industry: " + ", ".join(f"{k.title()} {v}" for k, v in zip(INDUSTRIES, s.industry))
                 + f" · houses in supply {s.supply}")
    lines.append("Company  income treasury trains-left shares-left/total  div/share")
    for c in range(5):
        if c == 4 and not s.wabash_in:
            lines.append("Wabash   (not yet in play)")
            continue
        lines.append(f"{COMPANIES[c]:<8} {s.income[c]:>6} {s.treasury[c]:>8} {s.trains_left[c]:>11} "
                     f"{s.shares_left[c]:>6}/{BOARD.shares[c]:<10} {s.dividend_per_share(c):>5}")
    for p in range(n):
        held = ", ".join(f"{s.held[p * 5 + c]} {COMPANIES[c]}" for c in range(5) if s.held[p * 5 + c])
        lines.append(f"Seat {p}: ${s.cash[p]}" + (f" · shares {held}" if held else ""))
    if s.chicago:
        lines.append("Reached Chicago: " + ", ".join(COMPANIES[c] for c in s.chicago))
    return "\n".join(lines)


def outcome(s) -> dict:
    """Game-specific columns for ccg.simulate."""
    row = {
        "dividend_phases": s.dividends,
        "end_reason": s.end_reason,
        "wabash_entered": s.wabash_in,
        "chicago_first": COMPANIES[s.chicago[0]] if s.chicago else None,
        "chicago_reached": len(s.chicago),
        "chicago_order": ",".join(COMPANIES[c] for c in s.chicago),
        "houses_left": s.supply,
    }
    for c in range(5):
        row[f"income_{COMPANIES[c]}"] = s.income[c]
    return row


def _worth(s, seat: int, phases_left: float, outstanding: list[int]) -> float:
    """Cash plus the dividends ``seat``'s shares should still pay."""
    v = float(s.cash[seat])
    held = s.held
    pending = s.auc_company if s.phase in (0, 2, 4) and s.auc_leader == seat else -1
    for c in range(5):
        mine = held[seat * 5 + c]
        out = outstanding[c]
        if c == pending:  # leading an auction: count the share as won, at the price bid
            mine += 1
            out += 1
            v -= s.auc_high
        if mine:
            v += mine * -(-s.income[c] // out) * phases_left
    return v


def heuristics(s) -> list[float]:
    """Every seat's :func:`heuristic` in one pass (what MCTS scores at each leaf)."""
    if s.phase == OVER:
        phases_left = 0.0
    else:
        phases_left = max(1.0, (s.p.ind_max[0] - s.industry[0]) / max(1, s.p.ind_step[0]) + 1) * 0.5
    n = s.num_players
    held = s.held
    outstanding = [sum(held[p * 5 + c] for p in range(n)) for c in range(5)]
    worth = [_worth(s, p, phases_left, outstanding) for p in range(n)]
    if n == 1:
        return worth
    out = []
    for p in range(n):
        best_other = max(worth[q] for q in range(n) if q != p)
        out.append(worth[p] - best_other)
    return out


def heuristic(s, seat: int) -> float:
    """Cash plus expected future dividends, minus the best opponent's same estimate (higher is better).

    Future dividends: per-share dividend x shares held x the dividend phases
    Detroit still allows, halved (games often end earlier by another condition).
    A seat leading an auction counts the share as bought at its bid.
    """
    return heuristics(s)[seat]


def milestones(s) -> dict:
    """SPEC.milestones: the phase of play (CE-4.5 dividends, CE-10 Chicago; the game has no rounds, CE-4.1)."""
    return {"phase": PHASE_NAMES[s.phase]}


def trajectory(s) -> dict:
    """Metrics for a time series: cash per seat, incomes, share minimum prices, meters."""
    d = {f"cash_{p}": s.cash[p] for p in range(s.num_players)}
    for c in range(5):
        name = COMPANIES[c]
        d[f"income_{name}"] = s.income[c]
        d[f"price_{name}"] = s.minimum_price(c) if s.shares_left[c] else None
        d[f"treasury_{name}"] = s.treasury[c]
    d["dividend_phases"] = s.dividends
    d["houses_left"] = s.supply
    return d
