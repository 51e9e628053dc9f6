"""The title of the Catan board drawing: what game, whose turn or who won; under it the state of play."""
from __future__ import annotations

from typing import Any

from ccg.i18n import pgettext

from .names import phase, seat_label


def title(s: Any, narrow: bool) -> str:
    """The title's HTML; ``narrow``: the game's name on a line of its own."""
    head = (pgettext("catan", "Catan — Oil Springs") if s.oil_springs else pgettext("catan", "Catan")) + " · " + \
        pgettext("catan", "turn {turn}").format(turn=s.turn)
    if s.over:
        head += " · " + (pgettext("catan", "island lost") if s.lost else
                         pgettext("catan", "{seat} wins").format(seat=seat_label(s.winner)))
        if s.lost and s.pyrrhic >= 0:
            head += " (" + pgettext("catan", "Pyrrhic victory: {seat}").format(seat=seat_label(s.pyrrhic)) + ")"
    else:
        head += " · " + pgettext("catan", "{seat} to act").format(seat=seat_label(s.current_player))
    sub = [pgettext("catan", "phase: {phase}").format(phase=phase(s.phase_name))]
    if s.dice:
        sub.append(pgettext("catan", "last roll {dice}").format(dice=s.dice))
    if s.oil_springs:
        sub.append(pgettext("catan", "oil supply {count}").format(count=s.supply))
    if narrow:
        head = head.replace(" · ", "<br>", 1)
    return f"{head}<br><span style='font-size:12px;color:#555'>{' · '.join(sub)}</span>"
