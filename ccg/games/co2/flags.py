"""The active player's turn flags (``state.turn_flags``, ints indexed by ``TurnFlag``): what this turn did so far."""
from __future__ import annotations

from enum import IntEnum


class TurnFlag(IntEnum):
    """Index into ``state.turn_flags``; the values say what the free steps (CO2-7) and lobby cards (CO2-12.1.3) may still do."""

    ACTION_TAKEN = 0       # 1 once the turn's one action is done (CO2-5.2)
    SCIENTIST_MOVED = 1    # 1 once the free scientist move is used (CO2-7.1)
    MARKET_VISIT = 2       # 0 not yet, 1 bought, 2 sold (CO2-7.2.2: one visit)
    CARD_PLAYED = 3        # 1 once a lobby card or a UN goal is played (CO2-7.3.1)
    PRICE_CHANGED = 4      # 1 once the CEP price moved this turn (CO2-7.2.5: no selling after)
    MARKET_REFILLED = 5    # 1 once the market pile was refilled this turn (the STOP sign, CO2-7.2.4)
    PROPOSED_REGION = 6    # region of this turn's proposal, -1 none (lobby cards 01-06)
    PROPOSED_GRANT = 7     # grant of this turn's proposal, -1 none (lobby cards 07-09)
    INSTALLED_SOURCE = 8   # source installed this turn, -1 none (lobby cards 10-14)
    SUMMIT_TOPICS = 9      # bitmask of the sources whose summit slot got a scientist (lobby cards 20-24)
    BOUGHT = 10            # 1 once a CEP was bought (lobby card 25)
    SOLD = 11              # 1 once a CEP was sold (lobby card 26)


def fresh_turn_flags() -> list[int]:
    """The flags at the start of a turn: nothing done yet."""
    return [0, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0]


# the range each flag may hold in a saved position
FLAG_RANGES = ((0, 1), (0, 1), (0, 2), (0, 1), (0, 1), (0, 1), (-1, 5), (-1, 2), (-1, 4), (0, 31), (0, 1), (0, 1))
