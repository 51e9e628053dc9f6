"""Readable text: why an action is illegal, and a summary of the position."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ccg.core.action import Action

from .data import GOODS
from .phases import CHOOSE, MAIN, PHASES, PROPOSE
from .trade import acceptors, could_pay, open_offer

if TYPE_CHECKING:
    from .state import CatanState


# what each phase expects, for the closing "not legal now" sentence
PHASE_KINDS = {
    "setup_settlement": "settle", "setup_road": "road", "pre_roll": "roll / play", "discard": "discard",
    "robber": "robber", "respond": "accept / reject", "free_road": "road", "special_building": "build or pass",
    "propose": "give / ask / offer / cancel", "choose_partner": "choose",
}


def why_illegal(s: CatanState, a: Action) -> str | None:
    """Why ``a`` is not legal for the seat to move: the first check of :data:`CHECKS` (in the rulebook's order)
    that names a reason, else what the phase expects."""
    for kinds, check in CHECKS:
        if a.kind in kinds:
            why = check(s, a)
            if why:
                return why
    phase = PHASES[s.phase]
    expected = PHASE_KINDS.get(phase)
    if expected:
        return f"{a} is not legal now: it is the {phase.replace('_', ' ')} phase ({expected}) for seat {s.seat_to_move}"
    return None


def _where_intersection(s: CatanState, a: Action) -> str | None:
    """An intersection that does not exist, is taken, or breaks the distance rule (CAT-8.4)."""
    if not (a.args and isinstance(a.args[0], str) and a.args[0][:1] == "N"):
        return None
    try:
        n = int(a.args[0][1:])
    except ValueError:
        return f"{a.args[0]!r} is not an intersection id"
    if not 0 <= n < s.board.n_node:
        return f"there is no intersection {a.args[0]} on this board"
    if s.node_owner[n] >= 0 and a.kind == "settle":
        return f"{a.args[0]} is already occupied"
    if a.kind == "settle" and any(s.node_owner[m] >= 0 for m in s.board.node_nbrs[n]):
        return f"{a.args[0]} is next to a building (distance rule, CAT-8.4)"
    return None


def _where_path(s: CatanState, a: Action) -> str | None:
    """A path that does not exist or already has a road."""
    if not (a.args and isinstance(a.args[0], str) and a.args[0][:1] == "E"):
        return None
    try:
        e = int(a.args[0][1:])
    except ValueError:
        return f"{a.args[0]!r} is not a path id"
    if not 0 <= e < s.board.n_edge:
        return f"there is no path {a.args[0]} on this board"
    if s.edge_owner[e] >= 0:
        return f"{a.args[0]} already has a road"
    return None


def _oil_scenario(s: CatanState, a: Action) -> str | None:
    """Oil moves outside Oil Springs."""
    return None if s.oil_springs else f"{a.kind} exists only in the Oil Springs scenario (scenario='oil_springs')"


def _oil_use(s: CatanState, a: Action) -> str | None:
    """Converting and sequestering oil: when, how much, and never both in one turn (OIL-6, OIL-9)."""
    if not s.oil_springs:
        return None
    k, p, open_use = a.kind, s.seat_to_move, s.rules["oil.open_use_and_sequester"]
    if s.phase == PHASES.index("pre_roll"):
        return "oil can be converted or sequestered only after the roll (OIL-6.6, note A13)"
    if s.oil[p] == 0:
        return f"seat {p} holds no oil"
    if k == "convert" and len(a.args) == 2 and not s.oil_convert_mixed:
        return ("1 oil converts into 2 cards of one type (OIL-6.2, note A11); two different types need "
                "rules={'oil.convert_mixed': True}")
    if k == "convert" and s.seq_done and not open_use:
        return "no oil may be used in a turn in which you sequestered (OIL-9.2)"
    if k == "sequester" and s.seq_done:
        return "at most one sequestration per turn (OIL-9.1)"
    if k == "sequester" and s.oil_used and not open_use:
        return "no sequestration in a turn in which you used oil (OIL-9.2)"
    return None


def _settle_in_main(s: CatanState, a: Action) -> str | None:
    """A settlement in the main phase: it must touch the builder's road, and it costs (CAT-8.1, CAT-8.4)."""
    if s.phase != MAIN or not (a.args and isinstance(a.args[0], str)):
        return None
    try:
        n = int(a.args[0][1:])
    except ValueError:
        return None
    if not 0 <= n < s.board.n_node:
        return None
    if not any(s.edge_owner[e] == s.seat_to_move for e in s.board.node_edges[n]):
        return f"a settlement must touch one of seat {s.seat_to_move}'s roads (CAT-8.4)"
    return "a settlement costs 1 lumber, 1 brick, 1 wool and 1 grain (CAT-8.1)"


def _rolled(s: CatanState, a: Action) -> str | None:
    return f"seat {s.seat_to_move} has already rolled this turn" if s.rolled else None


def _card_played(s: CatanState, a: Action) -> str | None:
    return f"seat {s.seat_to_move} has already played a development card this turn (CAT-9.2)" if s.dev_played else None


def _disaster_pending(s: CatanState, a: Action) -> str | None:
    if s.oil_springs and s.pending:
        return "the disaster marker is at 5: no more oil may be used until the disaster phase (OIL-7.5)"
    return None


def _why_not_trade(s: CatanState, a: Action) -> str | None:
    """Domestic trade (CAT-7.2, OIL-3.6): the step of an offer that cannot be taken, in the rulebook's terms."""
    k, p = a.kind, s.seat_to_move
    if k == "propose":
        if s.phase != MAIN:
            return None
        if s.built and not s.rules["combined_trade_build"]:
            return "trading ends with the first build of the turn (CAT-4.2; rule combined_trade_build allows more)"
        if s.rules["trade_offers_per_turn"] and s.offers_made >= s.rules["trade_offers_per_turn"]:
            return (f"seat {p} has opened the trade table {s.offers_made} time(s) this turn, the limit set by rule "
                    f"trade_offers_per_turn = {s.rules['trade_offers_per_turn']} (the printed rules, CAT-7.2, set none)")
        return f"seat {p} has no card to give: cards cannot be given away (CAT-7.2)"
    if k in ("give", "ask", "offer") and s.phase != PROPOSE:
        return f"{k} composes a domestic offer: open the trade table with 'propose' first (CAT-7.2)"
    if k == "choose":
        if s.phase != CHOOSE:
            return "'choose' picks the partner when several players accept an offer (CAT-7.2)"
        return f"choose one of the seats that accepted: {', '.join(map(str, acceptors(s)))} (CAT-7.2)"
    off = open_offer(s)
    if k == "offer" and a.args:
        return ("'offer' takes no terms: compose them a card at a time with 'give <good>' and 'ask <good>', "
                "then 'offer' (CAT-7.2)")
    if k == "offer":
        return "an offer gives at least one card and asks for at least one (cards cannot be given away, CAT-7.2)"
    if len(a.args) != 1 or a.args[0] not in GOODS:
        return f"{k} takes one good: {', '.join(GOODS if s.oil_springs else GOODS[:5])}"
    g = GOODS.index(a.args[0])
    if g == 5 and not s.oil_springs:
        return "oil exists only in the Oil Springs scenario (scenario='oil_springs')"
    other = off[6 + g] if k == "give" else off[g]
    if other:
        return f"{GOODS[g]} is already on the other side of the offer: identical types may not be swapped (CAT-7.2)"
    if k == "give":
        held = s.oil[p] if g == 5 else s.hand[p * 5 + g]
        if held <= off[g]:
            return f"seat {p} holds {held} {GOODS[g]}: the offer cannot give more (CAT-7.2)"
        return "no other player has room for more oil (oil limit, OIL-3.4c)"
    if g == 5 and s.oil[p] + off[6 + g] + 1 > s.oil_limit:
        return f"seat {p} would hold more than {s.oil_limit} oil (oil limit, OIL-3.4c)"
    nxt = off[:6 + g] + (off[6 + g] + 1,) + off[7 + g:]
    if not any(could_pay(s, q, nxt) for q in range(s.num_players) if q != s.active):
        return (f"no other player holds enough cards to pay {sum(nxt[6:11])} resource cards and {nxt[11]} oil "
                "(terms are bounded by the hands, CAT-7.2)")
    return None


# (kinds of move, check): the checks ``why_illegal`` runs in this order; each names a reason or returns None
CHECKS: tuple[tuple[frozenset[str], Callable[[CatanState, Action], str | None]], ...] = (
    (frozenset({"settle", "city", "metro"}), _where_intersection),
    (frozenset({"road"}), _where_path),
    (frozenset({"convert", "sequester", "metro"}), _oil_scenario),
    (frozenset({"convert", "sequester"}), _oil_use),
    (frozenset({"settle"}), _settle_in_main),
    (frozenset({"roll"}), _rolled),
    (frozenset({"play"}), _card_played),
    (frozenset({"convert", "metro"}), _disaster_pending),
    (frozenset({"propose", "give", "ask", "offer", "choose"}), _why_not_trade),
)


def summary(s: CatanState) -> str:
    n = s.num_players
    lines = [
        f"Catan{' + Oil Springs' if s.oil_springs else ''}, {n} players, turn {s.turn}, "
        f"{PHASES[s.phase].replace('_', ' ')}" + (f", seat {s.seat_to_move} to act" if not s.over else ", game over")
    ]
    if s.dice:
        lines.append(f"last roll {s.dice}")
    if s.offer is not None:
        lines.append(f"trade offer of seat {s.active}: {offer_text(s.offer)}")
    for p in range(n):
        hand = ", ".join(f"{s.hand[p * 5 + r]} {GOODS[r]}" for r in range(5) if s.hand[p * 5 + r])
        extra = f", oil {s.oil[p]}, sequestered {s.sequestered[p]}" if s.oil_springs else ""
        lines.append(
            f"  seat {p}: {s.vp(p)} VP, {s.settlements_built[p]} settlements, {s.cities_built[p]} cities, {s.roads_built[p]} roads, "
            f"road {s.road_len[p]}, knights {s.knights[p]}, dev cards {sum(s.dev[p * 5:(p + 1) * 5])}{extra}; "
            f"hand: {hand or '-'}"
        )
    if s.oil_springs:
        lines.append(f"oil supply {s.supply}, disaster marker {s.marker}, destroyed tokens {len(s.destroyed)}, "
                     f"disasters {s.disasters}")
    if s.over:
        if s.lost:
            lines.append("the island is lost" + (f"; Pyrrhic victory for seat {s.pyrrhic}" if s.pyrrhic >= 0 else ""))
        elif s.winner >= 0:
            lines.append(f"seat {s.winner} wins")
    return "\n".join(lines)


def offer_text(offer) -> str:
    """``gives 2 wool, 1 ore for 1 brick`` (CAT-7.2)."""
    def side(counts) -> str:
        return ", ".join(f"{n} {GOODS[g]}" for g, n in enumerate(counts) if n) or "nothing yet"

    return f"gives {side(offer[:6])} for {side(offer[6:])}"
