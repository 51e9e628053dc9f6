"""Cached immutable Action objects that do not depend on the board, and the phase numbers."""
from __future__ import annotations

from ccg.core.action import Action

from .data import GOODS

SETUP_SETTLE, SETUP_ROAD, PRE_ROLL, DISCARD, ROBBER, MAIN, FREE_ROAD, RESPOND, SBP, OVER, PROPOSE, CHOOSE = range(12)
PHASES = ("setup_settlement", "setup_road", "pre_roll", "discard", "robber", "main", "free_road",
          "respond", "special_building", "over", "propose", "choose_partner")

ROLL = Action("roll")
END = Action("end")
PASS = Action("pass")
BUY = Action("buy", ("dev",))
ACCEPT = Action("accept")
REJECT = Action("reject")
PROPOSE_OPEN = Action("propose")  # opens the domestic-trade table (one ply), see trade.py
CANCEL = Action("cancel")
SEQUESTER = Action("sequester")
PLAY_KNIGHT = Action("play", ("knight",))
PLAY_ROADS = Action("play", ("roadbuilding",))
PLAY_MONOPOLY = tuple(Action("play", ("monopoly", g)) for g in GOODS)
DISCARD_ACT = tuple(Action("discard", (g,)) for g in GOODS)
CONVERT = tuple(Action("convert", (g,)) for g in GOODS)
# OIL-6.2 note A11 flag oil.convert_mixed: 1 oil -> 1 card each of two different resources (i < j)
CONVERT_PAIRS = tuple(((i, j), Action("convert", (GOODS[i], GOODS[j]))) for i in range(5) for j in range(i + 1, 5))
# Year of Plenty: unordered pairs (i <= j) and singles (only offered when no pair is possible)
PLAY_PLENTY = {(i, j): Action("play", ("plenty", GOODS[i], GOODS[j])) for i in range(6) for j in range(i, 6)}
PLAY_PLENTY1 = tuple(Action("play", ("plenty", g)) for g in GOODS)
# maritime trade: (rate, give, get)
TRADE = {(k, g, t): Action("trade", (k, GOODS[g], GOODS[t])) for k in (2, 3, 4) for g in range(5) for t in range(5)
         if g != t}
# domestic trade (CAT-7.2), composed one card at a time (trade.py): add a good to give / to ask for,
# put the offer to the table, and, when several accept, choose the partner (seat)
GIVE = tuple(Action("give", (g,)) for g in GOODS)
ASK = tuple(Action("ask", (g,)) for g in GOODS)
OFFER = Action("offer")
CHOOSE_PARTNER = tuple(Action("choose", (p,)) for p in range(6))
