"""Rule parameters (``rules={...}`` overrides), read as ``state.rules["<key>"]``. Defaults are the printed rules."""
from __future__ import annotations

from ccg.core.rules import RuleParam

RULES: dict[str, RuleParam] = {
    "vp_to_win": RuleParam(10, "VP that win the base game during one's own turn", lo=3, hi=30, source="CAT-11.2"),
    "discard_above": RuleParam(7, "on a 7, players holding more than this many cards discard half", lo=0, hi=50,
                               source="CAT-6.2"),
    "roads": RuleParam(15, "road pieces per player", lo=1, hi=30, source="CAT-1.7"),
    "settlements": RuleParam(5, "settlement pieces per player", lo=2, hi=15, source="CAT-1.7"),
    "cities": RuleParam(4, "city pieces per player", lo=0, hi=15, source="CAT-1.7"),
    "longest_road_min": RuleParam(5, "road length that earns Longest Road", lo=1, hi=15, source="CAT-10.1"),
    "largest_army_min": RuleParam(3, "played knights that earn Largest Army", lo=1, hi=20, source="CAT-10.4"),
    "trade_offers_per_turn": RuleParam(
        0, "times the active player may open the domestic trade table per turn; 0 = no limit (printed: CAT-7.2 "
           "sets none)", lo=0, hi=100, source="CAT-7.2"),
    "combined_trade_build": RuleParam(False, "allow trading after building in the same turn (almanac option)",
                                      source="CAT-4.3"),
    "spiral_clockwise": RuleParam(False, "lay variable-setup tokens clockwise instead of counterclockwise",
                                  source="CAT-3.3 note A01"),
    "random_numbers": RuleParam(False, "variable setup: tokens at random, no two 6/8 adjacent (almanac variant)",
                                source="CAT-3.3"),
    # ---- Oil Springs ------------------------------------------------------------------------
    "oil.vp_to_win": RuleParam(12, "VP that win at the end of one's own turn", lo=3, hi=30, source="OIL-10.2"),
    "oil.limit": RuleParam(0, "oil tokens a player may hold (0 = printed: 4 with 3-4 players, 6 with 5-6)",
                           lo=0, hi=50, source="OIL-3.3, OIL-11.2"),
    "oil.tokens": RuleParam(0, "oil tokens in the game (0 = printed: 15 / 21)", lo=0, hi=100, source="OIL-1.1"),
    "oil.metropolises": RuleParam(0, "metropolis tokens (0 = printed: 4 / 6)", lo=0, hi=20, source="OIL-1.2"),
    "oil.destroyed_to_end": RuleParam(0, "destroyed number tokens that flood the island (0 = printed: 5 / 8)",
                                      lo=0, hi=30, source="OIL-8.10, OIL-11.7"),
    "oil.disaster_at": RuleParam(5, "oil uses that trigger a disaster (marker scale)", lo=1, hi=20,
                                 source="OIL-7.3"),
    "oil.spring_hit_removes": RuleParam(3, "oil removed from the supply when a disaster hits an oil spring",
                                        lo=0, hi=21, source="OIL-8.8"),
    "oil.convert_gives": RuleParam(2, "resource cards received for converting 1 oil", lo=1, hi=5,
                                   source="OIL-6.2"),
    "oil.convert_mixed": RuleParam(
        False, "converting 1 oil may also give 2 cards of two different types (the Polish wording, digest "
               "note A11); default: 2 cards of one type; only with the printed oil.convert_gives = 2",
        source="OIL-6.2 note A11"),
    "oil.sequester_per_vp": RuleParam(3, "sequestered tokens per VP", lo=1, hi=21, source="OIL-9.4"),
    "oil.champion_min": RuleParam(3, "sequestered tokens needed for the Champion of the Environment",
                                  lo=1, hi=21, source="OIL-9.5"),
    "oil.open_use_and_sequester": RuleParam(False, "open game: a turn may both use oil and sequester",
                                            source="OIL-12.2"),
    "oil.no_limit": RuleParam(False, "open game: no oil hand limit", source="OIL-12.3"),
    "oil.springs_keep_resource": RuleParam(False, "forest/pasture oil springs also yield their resource",
                                           source="OIL-2.3 note A05"),
    "oil.sbp_metropolis_may_trigger": RuleParam(
        True, "in the 5-6 Special Building Phase a metropolis may take the marker to 5 and trigger a disaster, "
              "played after the SBP (the English original 'beyond 5', digest EX-17a; the only reading under which "
              "the rule's next sentence, a disaster during the SBP, can apply); False: the Polish translation read "
              "literally, 'only if it does not move the marker to 5'",
        source="OIL-11.5, OIL-11.6, note A21"),
    "oil.empty_supply_one_each": RuleParam(
        False, "when a spring hit finds the supply short, every player holding oil gives exactly one token "
               "(clockwise from the triggering player) instead of collecting the shortfall up to 3",
        source="OIL-8.9 note A17"),
    "oil.setup_pays_oil": RuleParam(False, "a second settlement at an oil spring pays 1 oil", source="OIL-2.8 note A07"),
    # ---- safety net (not a printed rule) ----------------------------------------------------------
    "turn_limit": RuleParam(
        1000, "the game ends with no winner once this many turns have been played: a safety net for positions "
              "that can never progress (e.g. every building flooded, nobody producing); reported by the "
              "'turn_limit_end' outcome column, never silent", lo=10, hi=100_000, source="not a printed rule (safety net)"),
}
