"""The phases a Chicago Express position can be in, from the opening auctions (CE-3) to the end (CE-11)."""
from __future__ import annotations

# OPENING: the four opening auctions (CE-3, CE-2.8); CHOOSE: a player chooses an action (CE-4.2);
# AUCTION: a share auction (CE-5); BUILD: a build action's placements (CE-6); WABASH_AUCTION: the first
# Wabash share (CE-10.5); OVER: the game has ended (CE-11).
OPENING, CHOOSE, AUCTION, BUILD, WABASH_AUCTION, OVER = range(6)
PHASE_NAMES = ("opening_auction", "choose", "auction", "build", "wabash_auction", "over")
BIDDING = (OPENING, AUCTION, WABASH_AUCTION)
