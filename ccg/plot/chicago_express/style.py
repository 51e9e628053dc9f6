"""Colours, shapes and sizes of the Chicago Express board drawing (map units: a hex's radius is 1)."""
from __future__ import annotations

import math

from ccg.games.chicago_express.board import BOARD

COMPANY_COLOURS = ("#d62728", "#1f4fd6", "#2ca02c", "#f2c500", "#111111")  # PRR red, B&O blue, NYC green, C&O yellow, Wabash black
TEXT_COLOURS = ("#b01a1a", "#1f4fd6", "#1d7a1d", "#8a6d00", "#111111")  # the same, dark enough for text
TERRAIN_COLOURS = {
    "plain": "#efe9cf", "forest": "#7fa66a", "mountain": "#a8927b", "city": "#f6d98b",
    "industrial": "#b9b9d6", "start": "#e3aaaa", "chicago": "#cfa6e3",
}
R = 1.0  # hex radius (centre to corner)
_SQ3 = math.sqrt(3.0)


def hex_centre(hex_id: str) -> tuple[float, float]:
    """Flat-topped layout: column A.. → x, row → y downward; odd columns (B, D, …) half a hex lower."""
    col = ord(hex_id[0]) - ord("A")
    row = int(hex_id[1:])
    return col * 1.5 * R, -(row * _SQ3 * R + (col % 2) * _SQ3 / 2 * R)


CENTRES = [hex_centre(h) for h in BOARD.ids]
CORNERS = [(math.cos(math.pi / 3 * k) * R * 0.97, math.sin(math.pi / 3 * k) * R * 0.97) for k in range(7)]
# Pieces are drawn in data units (not pixel markers) so they keep their place inside a hex at any zoom.
# Each company's train has its own slot in one row across the top of the hex, clear of the value label
# (centre), the city name and the hex id (bottom); a house sits bottom right.
SLOTS = [(-0.6 + 0.3 * c, 0.5) for c in range(5)]
TRAIN = [(-0.135, -0.135), (0.135, -0.135), (0.135, 0.135), (-0.135, 0.135), (-0.135, -0.135)]
HOUSE_AT = (0.5, -0.45)
HOUSE = [(-0.15, -0.14), (0.15, -0.14), (0.15, 0.05), (0.0, 0.2), (-0.15, 0.05), (-0.15, -0.14)]
WIDTH, HEIGHT = 1060, 1130
NAME_DROP = 0.28  # a city name sits this far below its hex's centre (the values above it, the hex id below)


MIN_TEXT = 10  # px: no text smaller (the board is drawn at its own size on a 1920 px screen)
# a city name wider than its hex at MIN_TEXT (more than eight letters) is shortened on the map; the hover and
# the legend of start hexes give it whole
SHORT_NAMES = {"Philadelphia": "Phila.", "Pittsburgh": "Pittsb.", "Washington": "Wash.", "Baltimore": "Balt.",
               "Fort Wayne": "Ft Wayne"}


def board_name(name: str, narrow: bool = False) -> str:
    """A city's name as the map shows it inside its hex (at MIN_TEXT px, eight letters fit; five in the narrow
    layout, where a longer name is cut to four letters and a dot — the hover gives it whole)."""
    if narrow:
        return name if len(name) <= 5 else name[:4].rstrip() + "."
    return SHORT_NAMES.get(name, name)


# the narrow layout (drawn where the board would be scaled below MIN_TEXT beside the panel): the map turned a
# quarter clockwise (west at the top, north on the right; pointy-topped hexes, pieces and texts upright) at about
# two thirds of its px per unit (hex values without spaces, city names of five letters), the four tables under it,
# the title's key in lines
NARROW_WIDTH = 460
NARROW_CENTRES = [(y, -x) for x, y in CENTRES]
NARROW_CORNERS = [(y, -x) for x, y in CORNERS]
NARROW_TEXT = (0.2, -0.3, -0.74)  # the values, the city name and the hex id above / below a hex's centre


def light(colour: str) -> str:
    """A company's colour, pale (its row in the companies table)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},0.25)"
