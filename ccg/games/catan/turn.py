"""The turn sequence (CAT-3 setup, CAT-4 turn, OIL-15 state machine): the effects of actions.

``apply`` dispatches on the action kind through ``EFFECTS`` (the legal actions of each phase are in actions.py). Rules
live in the small modules this one calls (building, robber, devcards, trade, oil); this module only
sequences them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from . import devcards, oil, production, robber, trade
from .building import place_city, place_metropolis, place_road, place_settlement, road_spots
from .data import RES_INDEX
from .phases import DISCARD, FREE_ROAD, MAIN, OVER, PRE_ROLL, RESPOND, ROBBER, SBP, SETUP_ROAD, SETUP_SETTLE
from .scoring import vp

if TYPE_CHECKING:
    from .state import CatanState


# ---- effects ----------------------------------------------------------------------------------
def node_of(text: str) -> int:
    return int(text[1:])


def apply(s: CatanState, a) -> None:
    """Apply a legal action: the effect of its kind (``EFFECTS``; legal_actions offers no other kinds)."""
    EFFECTS[a.kind](s, s.seat_to_move, a.args)


# ---- one effect per action kind: (state, actor, args) -----------------------------------------
def _roll(s: CatanState, p: int, args: tuple) -> None:
    roll(s)


def _end(s: CatanState, p: int, args: tuple) -> None:
    end_turn(s)


def _maritime_trade(s: CatanState, p: int, args: tuple) -> None:
    """CAT-7.3: trade with the bank at rate ``args[0]``."""
    trade.maritime(s, p, args[0], RES_INDEX[args[1]], RES_INDEX[args[2]])


def _give(s: CatanState, p: int, args: tuple) -> None:
    trade.give(s, p, RES_INDEX[args[0]])


def _ask(s: CatanState, p: int, args: tuple) -> None:
    trade.ask(s, p, RES_INDEX[args[0]])


def _choose_partner(s: CatanState, p: int, args: tuple) -> None:
    trade.choose(s, p, args[0])


def _discard(s: CatanState, p: int, args: tuple) -> None:
    robber.discard(s, p, RES_INDEX[args[0]])


def _move_robber(s: CatanState, p: int, args: tuple) -> None:
    robber.move(s, p, args)


def _build_road(s: CatanState, p: int, args: tuple) -> None:
    """A road: free in setup (CAT-3) and from Road Building (CAT-9.3), else bought (CAT-6.1)."""
    e = int(args[0][1:])
    if s.phase == SETUP_ROAD:
        place_road(s, p, e, free=True)
        end_setup_step(s)
    elif s.phase == FREE_ROAD:
        place_road(s, p, e, free=True)
        s.free_roads -= 1
        if s.free_roads <= 0 or not road_spots(s, p):
            s.phase = MAIN if s.rolled else PRE_ROLL
        check_base_win(s)
    else:
        place_road(s, p, e)
        s.built = True
        check_base_win(s)


def _build_settlement(s: CatanState, p: int, args: tuple) -> None:
    """A settlement: placed free in setup (CAT-3), else bought (CAT-6.2)."""
    n = node_of(args[0])
    if s.phase == SETUP_SETTLE:
        setup_settlement(s, p, n)
    else:
        place_settlement(s, p, n)
        s.built = True
        check_base_win(s)


def _build_city(s: CatanState, p: int, args: tuple) -> None:
    place_city(s, p, node_of(args[0]))
    s.built = True
    check_base_win(s)


def _build_metropolis(s: CatanState, p: int, args: tuple) -> None:
    place_metropolis(s, p, node_of(args[0]))
    s.built = True


def _buy_development_card(s: CatanState, p: int, args: tuple) -> None:
    devcards.buy(s, p)
    s.built = True
    check_base_win(s)


def _pass_sbp(s: CatanState, p: int, args: tuple) -> None:
    next_sbp(s)


def _play_development_card(s: CatanState, p: int, args: tuple) -> None:
    devcards.play(s, p, args)
    check_base_win(s)


def _convert_oil(s: CatanState, p: int, args: tuple) -> None:
    """OIL-6.2: 1 oil for cards of one resource, or (oil.convert_mixed) of two different ones."""
    if len(args) == 2:
        oil.convert_pair(s, p, RES_INDEX[args[0]], RES_INDEX[args[1]])
    else:
        oil.convert(s, p, RES_INDEX[args[0]])


def _sequester(s: CatanState, p: int, args: tuple) -> None:
    oil.sequester(s, p)


def _actor_only(effect: Callable[[CatanState, int], None]) -> Callable[[CatanState, int, tuple], None]:
    """An effect that takes no arguments but the actor (the domestic-trade table's steps)."""
    return lambda s, p, args: effect(s, p)


EFFECTS: dict[str, Callable[[CatanState, int, tuple], None]] = {
    "roll": _roll,
    "end": _end,
    "trade": _maritime_trade,
    "propose": _actor_only(trade.propose),
    "give": _give,
    "ask": _ask,
    "offer": _actor_only(trade.offer),
    "choose": _choose_partner,
    "accept": _actor_only(trade.accept),
    "reject": _actor_only(trade.reject),
    "cancel": _actor_only(trade.cancel),
    "discard": _discard,
    "robber": _move_robber,
    "road": _build_road,
    "settle": _build_settlement,
    "city": _build_city,
    "metro": _build_metropolis,
    "buy": _buy_development_card,
    "pass": _pass_sbp,
    "play": _play_development_card,
    "convert": _convert_oil,
    "sequester": _sequester,
}


def check_base_win(s: CatanState) -> None:
    """CAT-11.2: 10 VP during one's own turn wins at once (not in setup or the SBP, CAT-12.11; the same with
    5-6 players, CAT-12.7)."""
    if not s.oil_springs and s.phase in (PRE_ROLL, MAIN, ROBBER, FREE_ROAD, DISCARD, RESPOND):
        if vp(s, s.active) >= s.vp_to_win:
            finish(s, s.active)


def finish(s: CatanState, winner: int) -> None:
    """The game ends: a winner, or -1 for none (OIL-10.4: WIN(player); the island lost is oil.disaster_phase)."""
    s.over = True
    s.winner = winner
    s.phase = OVER
    s.seat_to_move = -1


# ---- setup (CAT-3.7, CAT-3.8, CAT-3.9, OIL-2.8) ----------------------------------------------------------------
# CAT-3.10: the beginner map's printed starting positions are not transcribed (CAT-13.8), so every map is
# set up by this placement, in the order of CAT-3.7 and CAT-3.8.
def setup_order(first: int, n: int) -> list[int]:
    fwd = [(first + i) % n for i in range(n)]
    return fwd + fwd[::-1]


def setup_settlement(s: CatanState, p: int, n: int) -> None:
    place_settlement(s, p, n, free=True)
    s.setup_node = n
    if s.setup_step >= s.num_players:  # second settlement pays its neighbours (CAT-3.9)
        production.starting_resources(s, p, n)
    s.phase = SETUP_ROAD


def end_setup_step(s: CatanState) -> None:
    s.setup_step += 1
    s.setup_node = -1
    n = s.num_players
    if s.setup_step >= 2 * n:  # CAT-3.11: play begins with the starting player's first turn
        s.active = s.seat_to_move = s.first
        s.turn = 1
        s.phase = PRE_ROLL
        return
    s.seat_to_move = setup_order(s.first, n)[s.setup_step]
    s.phase = SETUP_SETTLE


# ---- rolling (CAT-5, CAT-6) ------------------------------------------------------------------------
def roll(s: CatanState) -> None:
    """CAT-5.1: the active player rolls both dice (CAT-1.9); the sum produces, a 7 produces nothing (CAT-6.1)."""
    x = s.rng.below(36)  # two fair dice from one draw: (x // 6 + 1) + (x % 6 + 1)
    s.dice = x // 6 + x % 6 + 2
    s.rolled = True
    if s.dice == 7:
        robber.start_seven(s)
    else:
        production.produce(s, s.dice)
        s.phase = MAIN


# ---- end of turn (CAT-4.4, OIL-8.1, OIL-10.2, OIL-11.8, CAT-12.8) -----------------------------------
def end_turn(s: CatanState) -> None:
    p = s.active
    if s.oil_springs:
        if s.pending:
            oil.disaster_phase(s)
            if s.over:
                s.seat_to_move = -1
                return
        if vp(s, p) >= s.vp_to_win:  # OIL-10.2: checked after the disaster phase
            finish(s, p)
            return
    if s.num_players >= 5:  # CAT-12.8: the Special Building Phase with 5-6 players (OIL-11.1)
        # OIL-11.4: after the disaster phase, if any; the player whose turn just ended does not build
        s.phase = SBP
        s.special_build_left = s.num_players - 1
        s.seat_to_move = (p + 1) % s.num_players
        return
    next_turn(s)


def next_sbp(s: CatanState) -> None:
    s.special_build_left -= 1
    if s.special_build_left > 0:
        s.seat_to_move = (s.seat_to_move + 1) % s.num_players
        return
    if s.oil_springs and s.pending:  # OIL-11.6: a disaster triggered in the SBP follows it
        oil.disaster_phase(s)
        if s.over:
            s.seat_to_move = -1
            return
    next_turn(s)


def next_turn(s: CatanState) -> None:
    if s.turn >= s.rules["turn_limit"]:  # safety net (rule "turn_limit"): no winner, reported in the outcome
        finish(s, -1)
        return
    s.active = s.seat_to_move = (s.active + 1) % s.num_players
    s.turn += 1
    s.phase = PRE_ROLL
    s.dice = 0
    s.dev_new = [0, 0, 0, 0, 0]
    s.dev_played = s.rolled = s.built = s.oil_used = s.seq_done = False
    s.offers_made = 0
    check_base_win(s)  # VP gained in another's turn count when one's own turn comes (CAT-11.2)
