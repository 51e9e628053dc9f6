"""Colours, abbreviations, places and sizes of the CO2 board drawing (map units; the board's own layout and the
narrow one)."""
from __future__ import annotations

SEAT_COLOURS = ("#1f77b4", "#9467bd", "#ff7f0e", "#c9a100", "#333333")
SEAT_NAMES = ("Blue", "Purple", "Orange", "Yellow", "Black")
# sources: reforestation, solar, cold fusion, biomass, recycling
SOURCE_COLOURS = ("#2e7d32", "#fdd835", "#26c6da", "#9e9d24", "#ec407a")
SOURCE_TEXT = ("white", "black", "black", "white", "white")
SOURCE_ABBR = ("Rf", "So", "Fu", "Bi", "Rc")
FOSSIL_COLOURS = ("#1c1c1c", "#6d4c41", "#90a4ae")
FOSSIL_TEXT = ("white", "white", "black")
# region boxes: clockwise order -> top row left to right, bottom row right to left
BOX = [(0, 6), (6, 6), (12, 6), (12, 0), (6, 0), (0, 0)]
W, H = 5.6, 5.4
GX = 19.6   # CO2 gauge
MX = 23.6   # market price track
WIDTH, HEIGHT = 1200, 840  # px: the board's own size
# the narrow layout (drawn where the board would be scaled too small beside the panel): the regions two by three,
# gauge and market under the expertise tracks, the players table and the key under them; the same px per map unit
NARROW_WIDTH = 600
NARROW_BOX = [(0, 12), (6, 12), (6, 6), (6, 0), (0, 0), (0, 6)]  # the same ring of regions, two columns
NARROW_GAUGE, NARROW_MARKET, NARROW_LOW = 1.6, 8.0, -20.5  # x of gauge and market, y of their foot
NARROW_TABLE = (-14.8, -19.1)  # how far the players table and the key move (x, y)
# px at the board's own size: no text smaller. A 1920 px screen with JupyterLab's file browser open draws the
# board at 0.9 of its size beside the panel, so its smallest text is still 10 px there
MIN_TEXT = 12
