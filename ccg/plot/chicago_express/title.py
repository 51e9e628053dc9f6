"""The title of the Chicago Express board drawing: who does what now, the players, move and dividend phases, and
the key to the numbers on the hexes, between the top and the map."""
from __future__ import annotations

from typing import Any

from ccg.i18n import gettext, pgettext
from ccg.plot.text import text_width, wrap_parts, wrap_words

from .frame import Frame
from .names import HEX_KEY, now


def title(s: Any, fr: Frame) -> tuple[str, int]:
    """(the title's HTML, the top margin it needs): a longer translation (Polish) wraps and the margin grows."""
    top, width, narrow = fr.top, fr.width, fr.narrow
    head = pgettext("chicago_express", "{players} players · move {ply} · dividend phases held {count}").format(
        players=s.num_players, ply=s.ply, count=s.dividend_phases)
    key = gettext(HEX_KEY).replace(" · ", "<br>") if narrow else wrap_parts(gettext(HEX_KEY), width - 20, 12)
    who = now(s)
    one_line = not narrow and text_width(f"{who}  ·  {head}", 14) <= width - 20
    if not one_line:  # who does what on lines of its own, the margin grows
        who = wrap_words(who, width - 20, 14)
        if not narrow:
            top += 18 * (who.count("<br>") + 1)
    if not narrow:
        top += 16 * key.count("<br>")  # a key of several lines (a longer translation)
    return (f"{who}{'  ·  ' if one_line else '<br>'}{head}<br><span style='font-size:12px;color:#333'>"
            f"{key}</span>"), top
