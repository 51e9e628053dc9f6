"""The key under the players table: the sources' and fossil fuels' colours and letters, the symbols of the board."""
from __future__ import annotations

from ccg.core.glossary import term
from ccg.games.co2.data import FOSSILS
from ccg.i18n import pgettext

from .frame import Places
from .marks import Canvas
from .names import source
from .style import FOSSIL_COLOURS, MIN_TEXT, SOURCE_ABBR, SOURCE_COLOURS


def key(pl: Places, below: float, canvas: Canvas) -> None:
    """The key as one note, ``below`` the players table."""
    green = " ".join(f"<span style='color:{SOURCE_COLOURS[x]}'>■</span> {SOURCE_ABBR[x]} {source(x)} "
                     for x in range(5))
    fossil = " ".join(f"<span style='color:{FOSSIL_COLOURS[f]}'>■</span> {FOSSILS[f][0].upper()} "
                      f"{term('co2', 'fossil', FOSSILS[f])} " for f in range(3))
    canvas.notes.append(dict(x=12.6 + pl.table_dx, y=below - 0.95, xanchor="left", yanchor="top", align="left",
                             showarrow=False, font=dict(size=MIN_TEXT), text=pgettext(
                                 "co2", "green: {green}<br>fossil: {fossil} · □ demand space (power plant) · ◆ project space<br>"
                                 "● owner / scientist in seat colour · ◆ pale = proposed project, solid = installed<br>"
                                 "CEP 4/5 in a region: 4 permits in its pile, at most 5 (one per demand space, "
                                 "CO2-6.3.7)").format(green=green, fossil=fossil)))
