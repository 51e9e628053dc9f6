"""The Inspect tab: tables in the rulebook's names, and what the progress chart follows."""
from __future__ import annotations

from typing import Any

from ccg.core.glossary import term
from ccg.games.chicago_express.board import BOARD, COMPANIES
from ccg.i18n import N_, format_money, pgettext

PROGRESS = {"seats": N_("money ($)")}  # what the Inspect tab charts over the game (labels)


def progress(state: Any, seat: int | None = None) -> dict:
    """The charted numbers of a position (every player's money is open); cheap, no serialisation."""
    return {"seats": list(state.cash)}


def tables(state: Any, seat: int | None = None) -> Any:
    """(players, companies) for the Table's Inspect tab, in the rulebook's names (every number here is open)."""
    import pandas as pd  # the Inspect tab's tables only: pandas is not needed to draw

    s = state
    shown = range(5) if s.wabash_in else range(4)
    rows = {}
    for p in range(s.num_players):
        row = {term("chicago_express", "term", "cash"): format_money(s.cash[p])}
        row.update({pgettext("chicago_express", "{company} shares").format(company=COMPANIES[c]): s.shares_held(p, c)
                    for c in shown})
        act = " ◀ " + pgettext("chicago_express", "to act") if s.current_player == p and not s.is_terminal() else ""
        rows[pgettext("chicago_express", "seat {seat}").format(seat=p) + act] = row
    companies = pd.DataFrame({
        term("chicago_express", "term", "treasury"): [format_money(s.treasury[c]) for c in shown],
        term("chicago_express", "term", "income"): [format_money(s.income[c]) for c in shown],
        pgettext("chicago_express", "shares sold"): [
            pgettext("chicago_express", "{sold} of {total}").format(sold=BOARD.shares[c] - s.shares_left[c],
                                                                    total=BOARD.shares[c])
            for c in shown],
        pgettext("chicago_express", "trains left"): [s.trains_left[c] for c in shown],
        pgettext("chicago_express", "dividend per share"): [format_money(s.dividend_per_share(c)) for c in shown],
    }, index=[COMPANIES[c] for c in shown])
    return pd.DataFrame.from_dict(rows, orient="index"), companies
