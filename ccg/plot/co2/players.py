"""The players table (annotations, so the trace list stays fixed): VP, coins, resources, CEP, scientists, UN
goals, lobby cards and company goal; with ``seat`` the other seats' lobby cards and goals as counts only."""
from __future__ import annotations

from typing import Any

from ccg.core.glossary import term
from ccg.i18n import format_money, npgettext, pgettext

from .frame import Places
from .marks import Canvas
from .names import goal, goal_state, seat_colour
from .style import MIN_TEXT, SEAT_COLOURS

# (column, x, alignment) in the board's own layout
COLUMNS = (("player", 12.6, "left"), ("VP", 16.0, "center"), ("coins", 17.0, "center"), ("res.", 18.0, "center"),
           ("CEP", 18.9, "center"), ("scient.", 19.9, "center"), ("UN", 20.8, "center"), ("lobby cards", 21.4, "left"),
           ("company goal", 23.6, "left"))


def table_top(pl: Places) -> float:
    """The y of the headings."""
    return -2.65 + pl.table_dy


def table_bottom(n: int, pl: Places) -> float:
    """The y under the last of ``n`` rows (where the notes under the table begin)."""
    return table_top(pl) - 0.7 - (n - 1) * 0.6 - 0.35


def headings() -> tuple[dict[str, str], dict[str, str]]:
    """(heading, meaning shown on hover) of each column."""
    heading = {"player": pgettext("co2", "player"), "VP": pgettext("co2", "VP"), "coins": pgettext("co2", "coins"),
               "res.": pgettext("co2", "res."), "CEP": term("co2", "term", "cep"), "scient.": pgettext("co2", "scient."),
               "UN": pgettext("co2", "UN"), "lobby cards": pgettext("co2", "lobby cards"),
               "company goal": pgettext("co2", "company goal")}
    meaning = {"VP": pgettext("co2", "victory points; they may be negative (CO2-0.7): VP paid for coins in the Supply "
                                     "phase (CO2-4.3.6) or lost in a catastrophe (CO2-4.4.2)"),
               "res.": pgettext("co2", "technology resources in hand"),
               "CEP": pgettext("co2", "CEP (carbon emission permits) in hand"),
               "scient.": pgettext("co2", "scientists: on the board + in hand (e.g. 0+1: none placed, one in hand)"),
               "UN": pgettext("co2", "UN goals won"), "coins": pgettext("co2", "coins in hand")}
    return heading, meaning


def lobby_and_goal(s: Any, p: int, seat: int | None) -> tuple[str, str]:
    """Seat ``p``'s lobby cards and company goal as ``seat`` may see them (another seat's: counts, secret)."""
    components = s.components
    if seat is None or seat == p:
        lobby = ", ".join(map(str, s.lobby[p])) or "-"
        if s.goal_status[p] == 0:
            kind = components.goals[s.goal[p]][0] if s.goal[p] in components.goals else ""
            company_goal = (pgettext("co2", "goal {number}: {kind}").format(number=s.goal[p], kind=goal(kind)) if kind else
                            pgettext("co2", "goal {number}").format(number=s.goal[p]))
        else:
            company_goal = goal_state(s.goal_status[p])
    else:
        cards = len(s.lobby[p])
        lobby = npgettext("co2", "{count} card", "{count} cards", cards).format(count=cards)
        company_goal = pgettext("co2", "(secret)") if s.goal_status[p] == 0 else goal_state(s.goal_status[p])
    return lobby, company_goal


def players_table(s: Any, seat: int | None, pl: Places, canvas: Canvas) -> None:
    """The headings, one row per seat (every other row shaded) and the abbreviations explained under them."""
    n = s.num_players
    tx = pl.table_dx
    cols = [(name, x + tx, al) for name, x, al in COLUMNS]
    heading, meaning = headings()
    ty = table_top(pl)
    for name, x, al in cols:
        canvas.notes.append(dict(x=x, y=ty, xanchor=al, showarrow=False, font=dict(size=MIN_TEXT),
                                 text=f"<b>{heading[name]}</b>", hovertext=meaning.get(name)))
    canvas.shapes.append(dict(type="line", x0=12.5 + tx, x1=27.6 + tx, y0=ty - 0.3, y1=ty - 0.3,
                              line=dict(color="#999", width=1)))
    for p in range(n):
        y = ty - 0.7 - p * 0.6
        lobby, company_goal = lobby_and_goal(s, p, seat)
        act = " ◀" if s.current_player == p else ""
        hand = sum(1 for i in range(4 * p, 4 * p + 4) if s.scientists[i] == -1)
        placed = sum(1 for i in range(4 * p, 4 * p + 4) if s.scientists[i] >= 0)
        row = [f"<span style='color:{SEAT_COLOURS[p]}'>■</span> {seat_colour(p)} ({p}){act}", str(s.vp[p]),
               format_money(s.coins[p]), str(s.resources[p]), str(s.cep[p]), f"{placed}+{hand}", str(len(s.un_won[p])), lobby,
               company_goal]
        if p % 2 == 1:
            canvas.shapes.append(dict(type="rect", x0=12.5 + tx, x1=27.6 + tx, y0=y - 0.3, y1=y + 0.3, fillcolor="#f3f3f3",
                                      line=dict(width=0), layer="below"))
        hover = {"VP": (pgettext("co2", "{seat}: {vp} VP (below zero: CO2-0.7)") if s.vp[p] < 0 else
                        pgettext("co2", "{seat}: {vp} VP")).format(seat=seat_colour(p), vp=s.vp[p]),
                 "scient.": npgettext("co2", "{seat}: {count} scientist on the board, {hand} in hand",
                                      "{seat}: {count} scientists on the board, {hand} in hand", placed).format(
                                          seat=seat_colour(p), count=placed, hand=hand)}
        for (name, x, al), val in zip(cols, row):
            negative = name == "VP" and s.vp[p] < 0
            canvas.notes.append(dict(x=x, y=y, xanchor=al, showarrow=False, text=val, hovertext=hover.get(name),
                                     font=dict(size=MIN_TEXT, color="#c0392b") if negative else dict(size=MIN_TEXT)))
    canvas.notes.append(dict(x=12.6 + tx, y=table_bottom(n, pl), xanchor="left", yanchor="top", align="left",
                             showarrow=False, font=dict(size=MIN_TEXT, color="#555"),
                             text=pgettext("co2", "scient. 2+1 = 2 scientists on the board + 1 in hand · UN = UN goals won<br>"
                                                  "VP below zero (red) are allowed (CO2-0.7)")))
