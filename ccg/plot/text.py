"""Fitting a label to the room it has on a board, whatever the language it is in.

Plotly neither wraps nor shortens annotation, title or table text, and a translation may run half as long
again as the English (Czech, Polish). These helpers estimate a text's width from its length (an average
glyph is about 0.6 of the font size in the sans-serif Plotly uses; wide CJK glyphs count double) and break
it into lines where it would not fit. An estimate, not a measurement: the browser tests measure what the
page draws (tests/ui/test_ui_languages_browser.py).
"""
from __future__ import annotations

import re
import unicodedata

__all__ = ["text_width", "wrap_words", "wrap_parts", "break_long_words"]

_TAG = re.compile(r"<[^>]+>")

GLYPH = 0.6  # average glyph width / font size (sans-serif, mixed case)


def text_width(text: str, font_px: float) -> float:
    """Estimated width in px of one line of ``text`` at ``font_px`` (wide East Asian glyphs count double)."""
    units = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in _TAG.sub("", text))
    return units * GLYPH * font_px


def wrap_words(text: str, width_px: float, font_px: float) -> str:
    """``text`` with ``<br>`` between words wherever a line would be wider than ``width_px``."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(lines[-1] + " " + word, font_px) <= width_px:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def break_long_words(text: str, width_px: float, font_px: float, glyph: float = 0.5) -> str:
    """``text`` with each word wider than ``width_px`` broken by a hyphen and ``<br>`` (a table heading such as
    "zasekwestrowane" in a narrow column; Plotly wraps a table's text between words itself, never inside one).
    ``glyph``: the average glyph width / font size assumed (lower case runs narrower than ``GLYPH``)."""
    per_line = max(3, int(width_px / (glyph * font_px)))
    words = []
    for word in text.split(" "):
        parts = []
        while len(word) > per_line:
            parts.append(word[:per_line - 1] + "-")
            word = word[per_line - 1:]
        words.append("<br>".join([*parts, word]))
    return " ".join(words)


def wrap_parts(text: str, width_px: float, font_px: float, sep: str = " · ") -> str:
    """``text`` made of parts joined by ``sep`` (a key: "−3 cost · +2 income · …"), with ``<br>`` instead of
    ``sep`` wherever a line would be wider than ``width_px`` (HTML tags are not counted)."""
    lines: list[str] = []
    for part in text.split(sep):
        if lines and text_width(lines[-1] + sep + part, font_px) <= width_px:
            lines[-1] += sep + part
        else:
            lines.append(part)
    return "<br>".join(lines)
