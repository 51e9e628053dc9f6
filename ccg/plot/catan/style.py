"""Colours, piece shapes and sizes of the Catan board drawing."""
from __future__ import annotations

TERRAIN_COLOURS = {"forest": "#2f6b2f", "hills": "#c4572a", "pasture": "#a6d66a", "fields": "#f0c93a",
                   "mountains": "#8e8e9a", "desert": "#e6d3a3"}
TERRAIN_TEXT = {"forest": "white", "hills": "white", "pasture": "#1b3a0f", "fields": "#4a3500",
                "mountains": "white", "desert": "#5a4a20"}
# the classic piece colours, then two that stay apart from every terrain colour (5-6 players)
PLAYER_COLOURS = ("#e02020", "#1e5bd6", "#fafafa", "#ff8c1a", "#8e3fbf", "#10a39a")
PLAYER_NAMES = ("Red", "Blue", "White", "Orange", "Purple", "Teal")
PLAYER_TEXT = ("white", "white", "black", "black", "white", "white")
PLAYER_TINT = ("#fbd5d5", "#d4e0f8", "#ffffff", "#ffe5cc", "#e8d5f2", "#cfeeeb")
SEA = "#9fcbe8"
MIN_TEXT = 10  # px: no text smaller (the board is drawn at its own size on a 1920 px screen)
WIDTH = 1000  # px: the board's own width
NARROW_WIDTH = 460  # px: the narrow layout (map fitted to the width, legend above it, table below), drawn in a narrow room
LEVELS = {1: "settlement", 2: "city", 3: "metropolis"}
PIECES = ((1, "pentagon", 15, "settlement"), (2, "square", 19, "city"), (3, "star", 27, "metropolis"))
