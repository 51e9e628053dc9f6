"""Scientists (CO2-8): where they stand, where they may go, moving them, and a displaced scientist's return.

A scientist's location (CO2-8.2) is an int: -2 in the hiring pool, -1 in hand, 0..17 a project space
(region * 3 + grant), 100 + summit space * 4 + topic a summit slot. ``location_name`` /
``parse_location`` translate to and from the notation of actions (``hand``, ``<region>.<grant>``,
``s<k>.<source>``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .data import GRANTS, SOURCES
from .flags import TurnFlag
from .tasks import Displace, Displaced, Gain, ResearchChoose, ScientistTo, Study, push

if TYPE_CHECKING:
    from .state import Co2State

POOL, HAND = -2, -1
SUMMIT_SLOT0 = 100
# why a scientist moves (``ScientistTo.context``): 0 the free step, 1 the research grant,
# 2 the lobby secondary, 3 a lobby reward's move, 4 the extra move of your own displaced scientist
FREE_STEP, RESEARCH_GRANT, LOBBY_SECONDARY, LOBBY_MOVE, OWN_DISPLACED = range(5)


# ---- names of board locations -----------------------------------------------------------------
def region_id(s: Co2State, r: int) -> str:
    return s.components.regions[r]


def project_id(s: Co2State, ps: int) -> str:
    return s.components.regions[ps // 3] + "." + GRANTS[ps % 3]


def location_name(s: Co2State, loc: int) -> str:
    if loc == HAND:
        return "hand"
    if loc < SUMMIT_SLOT0:
        return project_id(s, loc)
    sp, j = divmod(loc - SUMMIT_SLOT0, 4)
    return f"s{sp + 1}." + SOURCES[s.components.summits[s.summit[sp]][1][j]]


def parse_location(s: Co2State, text: str) -> int:
    if text == "hand":
        return HAND
    if text[0] == "s" and text[1].isdigit():
        sp = int(text[1:text.index(".")]) - 1
        src = SOURCES.index(text[text.index(".") + 1:])
        return SUMMIT_SLOT0 + sp * 4 + s.components.summits[s.summit[sp]][1].index(src)
    region, grant = text.split(".")
    return s.components.regions.index(region) * 3 + GRANTS.index(grant)


def location_where(s: Co2State, loc: int) -> tuple:
    """The board locations an action on ``loc`` points at (``Action.where``)."""
    if loc == HAND:
        return ("hand",)
    if loc < SUMMIT_SLOT0:
        return (region_id(s, loc // 3), project_id(s, loc))
    return (f"summit{(loc - SUMMIT_SLOT0) // 4 + 1}",)


# ---- moves (CO2-8.3) ----------------------------------------------------------------------------
def move_scientist(s: Co2State, p: int, frm: int, to: int) -> None:
    """Move one of p's scientists from location frm to location to (CO2-8.3)."""
    base = 4 * p
    for i in range(base, base + 4):
        if s.scientists[i] == frm:
            break
    else:  # pragma: no cover - guarded by legal actions
        raise AssertionError("no scientist there")
    s.scientists[i] = to
    if 0 <= frm < SUMMIT_SLOT0:
        s.occupant[frm] = -1
    elif frm >= SUMMIT_SLOT0:
        s.summit_slots[frm - SUMMIT_SLOT0] = -1
    if 0 <= to < SUMMIT_SLOT0:
        s.occupant[to] = p
    elif to >= SUMMIT_SLOT0:
        s.summit_slots[to - SUMMIT_SLOT0] = p
        if s.active == p:  # lobby cards 20-24 watch the active player's summit moves
            sp, j = divmod(to - SUMMIT_SLOT0, 4)
            s.turn_flags[TurnFlag.SUMMIT_TOPICS] |= 1 << s.components.summits[s.summit[sp]][1][j]


def summit_slots_for(s: Co2State, src: int) -> list[int]:
    """Empty summit slots whose topic is src (CO2-8.3.4)."""
    out = []
    for sp, tile in enumerate(s.summit):
        if tile >= 0:
            topics = s.components.summits[tile][1]
            if src in topics:
                j = topics.index(src)
                if s.summit_slots[sp * 4 + j] == -1:
                    out.append(SUMMIT_SLOT0 + sp * 4 + j)
    return out


def destinations(s: Co2State, p: int, frm: int) -> list[int]:
    """Legal destinations of p's scientist at frm: from hand to an empty project (CO2-8.3.1); from a project
    to another empty project (CO2-8.3.2), to hand (CO2-8.3.3) or to a summit slot of the project's source
    (CO2-8.3.4; the only way onto a summit, CO2-10.2). A scientist on a summit stays there until it ends
    (CO2-8.3.5)."""
    projects, occupant = s.projects, s.occupant
    empty = [ps for ps in range(18) if projects[ps] >= 0 and occupant[ps] == -1]
    if frm == HAND:
        return empty
    return [HAND] + [ps for ps in empty if ps != frm] + summit_slots_for(s, projects[frm])


def origins(s: Co2State, p: int) -> list[int]:
    """Locations of p's scientists that have at least one legal move (summits never move, CO2-8.3.5)."""
    scientists = s.scientists_of(p)
    out = sorted(loc for loc in scientists if 0 <= loc < SUMMIT_SLOT0)
    if HAND in scientists:
        projects, occupant = s.projects, s.occupant
        for ps in range(18):
            if projects[ps] >= 0 and occupant[ps] == -1:
                out.insert(0, HAND)
                break
    return out


def can_hire(s: Co2State, p: int) -> bool:
    """A scientist left in the pool, and fewer than the maximum hired (CO2-8.1)."""
    sci = s.scientists_of(p)
    return POOL in sci and sum(1 for x in sci if x != POOL) < s.rules["scientists.max"]


# ---- automatic tasks -----------------------------------------------------------------------------
def displace(s: Co2State, task) -> None:
    """CO2-8.4: pay the owner 1 coin; the owner keeps the scientist (+1 expertise) or sends it to a summit."""
    p, ps = task.seat, task.project
    owner = s.occupant[ps]
    fee = min(s.rules["displace.coins"], s.coins[p])  # CO2-8.4.1
    s.coins[p] -= fee
    s.coins[owner] += fee
    move_scientist(s, owner, ps, HAND)
    src = s.projects[ps]
    if summit_slots_for(s, src):
        push(s, Displaced(owner, src))
    else:
        push(s, Gain(owner, src, 1))


def leave(s: Co2State, task) -> None:
    """Build step 7: the scientist on the built project leaves (CO2-6.3.5, CO2-8.4, CO2-8.5)."""
    p, ps = task.seat, task.project
    owner = s.occupant[ps]
    if owner == -1:
        return
    if owner == p:  # CO2-8.5: an extra move (the [ZH] reading), no expertise
        push(s, ScientistTo(p, ps, OWN_DISPLACED))
    else:
        push(s, Displace(p, ps))


def research(s: Co2State, task) -> None:
    """Research grant / lobby scientist: hire, or move a scientist (CO2-6.1.3.3, CO2-12.1.4)."""
    p = task.seat
    if (task.context != LOBBY_MOVE and can_hire(s, p)) or origins(s, p):
        push(s, ResearchChoose(p, task.context))


def project_expertise(s: Co2State, task) -> None:
    """CO2-5.4.1, CO2-9.2.1: +1 expertise for one project one of your scientists is on."""
    p = task.seat
    srcs = sorted({s.projects[loc] for loc in s.scientists_of(p) if 0 <= loc < SUMMIT_SLOT0})
    if len(srcs) == 1:
        push(s, Gain(p, srcs[0], 1))
    elif srcs:
        push(s, Study(p))
