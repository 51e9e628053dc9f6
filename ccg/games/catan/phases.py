"""The phases a Catan position can be in (the OIL-15 state machine: setup, roll, main, SBP, ...)."""
from __future__ import annotations

SETUP_SETTLE, SETUP_ROAD, PRE_ROLL, DISCARD, ROBBER, MAIN, FREE_ROAD, RESPOND, SBP, OVER, PROPOSE, CHOOSE = range(12)
PHASES = ("setup_settlement", "setup_road", "pre_roll", "discard", "robber", "main", "free_road",
          "respond", "special_building", "over", "propose", "choose_partner")
