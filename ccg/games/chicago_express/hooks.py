"""The GameSpec hooks: outcome columns, heuristic, milestones and trajectory metrics."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ccg.i18n import N_

from .board import COMPANIES
from .phases import BIDDING, OVER, PHASE_NAMES

if TYPE_CHECKING:
    from .state import CEState


# SPEC.outcome_labels: the outcome columns in the rulebook's words (a result table people download)
OUTCOME_LABELS = {
    "dividend_phases": N_("dividend phases"),
    "end_reason": N_("why the game ended"),
    "wabash_entered": N_("Wabash entered"),
    "chicago_first": N_("first company into Chicago"),
    "chicago_reached": N_("companies that reached Chicago"),
    "chicago_order": N_("order of arrival in Chicago"),
    "houses_left": N_("houses left in the supply"),
    "income_": N_("income: "),
}


def outcome(s: Any) -> dict:
    """Game-specific columns for ccg.simulate."""
    row = {
        "dividend_phases": s.dividend_phases,
        "end_reason": s.end_reason,
        "wabash_entered": s.wabash_in,
        "chicago_first": COMPANIES[s.chicago[0]] if s.chicago else None,
        "chicago_reached": len(s.chicago),
        "chicago_order": ",".join(COMPANIES[c] for c in s.chicago),
        "houses_left": s.house_supply,
    }
    for c in range(5):
        row[f"income_{COMPANIES[c]}"] = s.income[c]
    return row


def _worth(s: CEState, seat: int, phases_left: float, outstanding: list[int]) -> float:
    """Cash plus the dividends ``seat``'s shares should still pay."""
    v = float(s.cash[seat])
    shares = s.shares_of(seat)
    pending = s.auction_company if s.phase in BIDDING and s.auction_leader == seat else -1
    for c in range(5):
        mine = shares[c]
        out = outstanding[c]
        if c == pending:  # leading an auction: count the share as won, at the price bid
            mine += 1
            out += 1
            v -= s.auction_high_bid
        if mine:
            v += mine * -(-s.income[c] // out) * phases_left
    return v


def heuristics(s: Any) -> list[float]:
    """Every seat's :func:`heuristic` in one pass (what MCTS scores at each leaf)."""
    if s.phase == OVER:
        phases_left = 0.0
    else:
        phases_left = max(1.0, (s.industry_max[0] - s.industry[0]) / max(1, s.industry_step[0]) + 1) * 0.5
    n = s.num_players
    outstanding = [s.num_shares_out(c) for c in range(5)]
    worth = [_worth(s, p, phases_left, outstanding) for p in range(n)]
    if n == 1:
        return worth
    out = []
    for p in range(n):
        best_other = max(worth[q] for q in range(n) if q != p)
        out.append(worth[p] - best_other)
    return out


def heuristic(s: Any, seat: int) -> float:
    """Cash plus expected future dividends, minus the best opponent's same estimate (higher is better).

    Future dividends: per-share dividend x shares held x the dividend phases
    Detroit still allows, halved (games often end earlier by another condition).
    A seat leading an auction counts the share as bought at its bid.
    """
    return heuristics(s)[seat]


def milestones(s: Any) -> dict:
    """SPEC.milestones: the phase of play (CE-4.5 dividends, CE-10 Chicago; the game has no rounds, CE-4.1)."""
    return {"phase": PHASE_NAMES[s.phase]}


def trajectory(s: Any) -> dict:
    """Metrics for a time series: cash per seat, incomes, share minimum prices, meters."""
    d: dict[str, int | None] = {f"cash_{p}": s.cash[p] for p in range(s.num_players)}
    for c in range(5):
        name = COMPANIES[c]
        d[f"income_{name}"] = s.income[c]
        d[f"price_{name}"] = s.minimum_price(c) if s.shares_left[c] else None
        d[f"treasury_{name}"] = s.treasury[c]
    d["dividend_phases"] = s.dividend_phases
    d["houses_left"] = s.house_supply
    return d
