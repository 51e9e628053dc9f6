"""The Table's look in the page: its style sheet (``table.css``) and whole, wrapping moves in its lists.

ipywidgets writes every space of a list option as a no-break space, so a long move could never wrap
(it was cut at the list's edge, or broken inside a word). The front end (``table_style.js``) turns the
spaces between words of the options of its table back into ordinary spaces, each time the lists are
redrawn; leading no-break spaces (the variation list's indentation) stay.
"""
from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

__all__ = ["TableStyle"]


class TableStyle(anywidget.AnyWidget):
    """An invisible widget inside a Table: applies ``table.css`` and lets its list options wrap between words."""

    _esm = Path(__file__).with_name("table_style.js").read_text(encoding="utf-8")
    css = traitlets.Unicode(Path(__file__).with_name("table.css").read_text(encoding="utf-8")).tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(layout={"display": "none"}, **kwargs)
        self.add_class("ccg-style")
