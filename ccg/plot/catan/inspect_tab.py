"""The Inspect tab: tables in the rulebook's names, and what the progress chart follows."""
from __future__ import annotations

from typing import Any

from ccg.core.glossary import term
from ccg.i18n import N_, npgettext, pgettext

from .names import dev, good, seat_label

PROGRESS = {"seats": N_("victory points (open)")}  # what the Inspect tab charts over the game (labels)


def progress(state: Any, seat: int | None = None) -> dict:
    """The charted numbers of a position: the open victory points (hidden VP cards left out for every seat)."""
    return {"seats": [state.public_vp(p) for p in range(state.num_players)]}


def tables(state: Any, seat: int | None = None) -> Any:
    """(players, position) for the Table's Inspect tab: ``seat`` sees its own cards, the others' as counts."""
    import pandas as pd  # the Inspect tab's tables only: pandas is not needed to draw

    s = state
    rows = {}
    for p in range(s.num_players):
        mine = seat is None or seat == p
        hand, devs = s.hand[p * 5:(p + 1) * 5], s.dev[p * 5:(p + 1) * 5]
        none = pgettext("catan", "none")
        if mine:
            cards = ", ".join(f"{hand[r]} {good(r)}" for r in range(5) if hand[r]) or none
            dev_cards = ", ".join(f"{devs[t]} {dev(t)}" for t in range(5) if devs[t]) or none
        else:
            cards = npgettext("catan", "{count} card", "{count} cards", sum(hand)).format(count=sum(hand))
            dev_cards = npgettext("catan", "{count} card", "{count} cards", sum(devs)).format(count=sum(devs))
        holds = pgettext("catan", "holds the card")
        row = {term("catan", "term", "victory_points"): s.vp(p) if mine or s.is_terminal() else
               pgettext("catan", "{count} + hidden").format(count=s.public_vp(p)),
               term("catan", "term", "resource_card"): cards, term("catan", "term", "development_card"): dev_cards,
               pgettext("catan", "knights played"): s.knights[p],
               term("catan", "term", "longest_road"): f"{s.road_len[p]}" + (f" ({holds})" if s.longest_road_holder == p else ""),
               term("catan", "term", "largest_army"): holds if s.largest_army_holder == p else ""}
        if s.oil_springs:
            row[good(5)] = s.oil[p]
            row[term("catan", "term", "sequestered_oil")] = s.sequestered[p]
        act = " ◀ " + pgettext("catan", "to act") if s.current_player == p and not s.is_terminal() else ""
        rows[seat_label(p) + act] = row
    position = {pgettext("catan", "turn"): s.turn,
                pgettext("catan", "bank"): ", ".join(
                    f"{s.bank[i]} {good(i)}" for i in range(5)),
                pgettext("catan", "development cards left"): s.deck if isinstance(s.deck, int) else len(s.deck),
                pgettext("catan", "robber on"): f"H{s.robber}" if s.robber >= 0 else pgettext("catan", "the desert")}
    return pd.DataFrame.from_dict(rows, orient="index"), pd.DataFrame({"": list(position.values())},
                                                                       index=list(position))
