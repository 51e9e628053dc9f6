"""Per-game hooks for ccg.simulate, the agents and the classroom: outcome columns, heuristic, trajectory, result line."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ccg.core.teaching import Gauge
from ccg.i18n import N_, _, pgettext

from .data import PIPS
from .phases import PHASES
from .scoring import vp

if TYPE_CHECKING:
    from .state import CatanState


# SPEC.outcome_labels: the outcome columns in the rulebook's words (a result table people download)
OUTCOME_LABELS = {
    "turns": N_("turns"),
    "winner_vp": N_("winner's victory points"),
    "longest_road_holder": N_("longest road (seat)"),
    "largest_army_holder": N_("largest army (seat)"),
    "max_road": N_("longest road (segments)"),
    "knights_played": N_("knights played"),
    "turn_limit_end": N_("ended by the turn limit"),
    "disasters": N_("disasters"),
    "floods": N_("floods"),
    "spring_hits": N_("oil springs hit by disasters"),
    "destroyed_tokens": N_("number tokens destroyed"),
    "flood_end": N_("island flooded"),
    "pyrrhic": N_("pyrrhic victory"),
    "oil_used": N_("oil used"),
    "sequestered": N_("oil sequestered"),
    "oil_removed": N_("oil removed"),
    "champion": N_("champion of the environment (seat)"),
    "metropolises": N_("metropolises"),
    "vp_": N_("victory points: "),
}


def outcome(s: Any) -> dict:
    """Columns for ccg.simulate: turns, disasters, flood end, oil used, sequestered, winner VP …"""
    n = s.num_players
    row = {
        "turns": s.turn,
        "winner_vp": vp(s, s.winner) if s.winner >= 0 else None,
        "longest_road_holder": s.longest_road_holder,
        "largest_army_holder": s.largest_army_holder,
        "max_road": max(s.road_len),
        "knights_played": sum(s.knights),
        # the turn_limit safety net ended a game that could no longer progress (no winner)
        "turn_limit_end": bool(s.over and s.winner < 0 and not s.lost),
    }
    if s.oil_springs:
        row.update({
            "disasters": s.disasters,
            "floods": s.floods,
            "spring_hits": s.spring_hits,
            "destroyed_tokens": len(s.destroyed),
            "flood_end": s.lost,  # the island was lost (OIL-10.3)
            "pyrrhic": s.pyrrhic,
            "oil_used": s.oil_used_total,
            "sequestered": sum(s.sequestered),
            "oil_removed": s.removed,
            "champion": s.champion,
            "metropolises": sum(s.metropolises_built),
        })
    for p in range(n):
        row[f"vp_{p}"] = vp(s, p)
    return row


def production_values(s: CatanState) -> list[float]:
    """Expected cards per roll for every seat from its buildings (pips/36), destroyed and robbed hexes excluded."""
    owner = s.node_owner
    level = s.node_level
    numbers = s.numbers
    robber = s.robber
    node_hexes = s.board.node_hexes
    total = [0] * s.num_players
    for x in [x for x, p in enumerate(owner) if p >= 0]:  # the few built intersections only
        pips = 0
        for h in node_hexes[x]:
            num = numbers[h]
            if num and h != robber:
                pips += PIPS[num]
        total[owner[x]] += pips * level[x]
    return [t / 36.0 for t in total]


REPEAT_PROPOSAL = 1e-3  # far below any card or VP term


def _value(s: CatanState, seat: int, production: float) -> float:
    v = vp(s, seat)  # the seat's own hidden VP cards are known to it
    cards = sum(s.hand[seat * 5:(seat + 1) * 5])
    h = v + 2.0 * production + 0.05 * min(cards, 7) + 0.1 * s.road_len[seat] / 5
    if s.oil_springs:
        h += 0.1 * s.oil[seat] + 0.2 * s.sequestered[seat]
    if seat == s.active and s.offers_made > 1:
        # CAT-7.2 sets no limit on proposals; a one-ply search cannot see what a trade is worth, so a second
        # table in one turn is rated a little below ending the turn, and Greedy never repeats proposals
        h -= REPEAT_PROPOSAL * (s.offers_made - 1)
    if s.over:
        if s.winner == seat:
            h += 100
        elif s.winner >= 0:
            h -= 100
    return h


def heuristic(s: Any, seat: int) -> float:
    """VP (public plus own hidden cards) plus production, cards and oil, scaled so VP dominate."""
    return _value(s, seat, production_values(s)[seat])


def heuristics(s: Any) -> list[float]:
    """Every seat's :func:`heuristic` in one pass (what MCTS scores at each leaf)."""
    production = production_values(s)
    return [_value(s, p, production[p]) for p in range(s.num_players)]


def milestones(s: Any) -> dict:
    """SPEC.milestones: the phase of the turn (OIL-15) and the turn count (turns pass clockwise, CAT-4.1)."""
    return {"phase": PHASES[s.phase], "turn": s.turn}


def trajectory(s: Any) -> dict:
    """Per-step metrics for ccg.simulate(trajectories=True)."""
    d = {"turn": s.turn}
    for p in range(s.num_players):
        d[f"vp_{p}"] = vp(s, p)
    if s.oil_springs:
        d.update({"marker": s.marker, "supply": s.supply, "destroyed": len(s.destroyed), "disasters": s.disasters})
    return d


def result(s: Any, seat: int | None = None) -> str | None:
    """``SPEC.result``: an island lost to the floods ends the game with no winner (OIL-10.3)."""
    return _("the island is lost: nobody wins") if s.over and s.lost else None


def gauge(s: Any, seat: int | None = None) -> Gauge | None:
    """``SPEC.gauge`` with Oil Springs: the number tokens disasters destroyed (public), the island lost at the
    end threshold (OIL-8.10, OIL-10.3); the base game has none."""
    if not s.oil_springs:
        return None
    limit = s.oil_destroyed_to_end
    return Gauge(label=pgettext("catan", "Number tokens destroyed by disasters"),
                 short=pgettext("catan", "Tokens destroyed"), unit="", value=len(s.destroyed),
                 danger=max(limit - 2, 0), limit=limit, maximum=limit + 1,
                 note=pgettext("catan", "(the island is lost at {limit})").format(limit=limit))
