"""The task stack's records: one small NamedTuple per kind of task, and ``push``.

A position's flow of play is ``state.tasks``, a stack of these records. Every record starts with
``seat`` (the seat a decision waits for, or that an automatic task acts for; -1 none), its class
attribute ``kind`` names it, and it is saved as the list ``[kind, seat, ...]`` (``serial``).
Automatic tasks run at once (``flow.AUTO``); a decision waits for its seat (``decisions.DECISIONS``).
"""
from __future__ import annotations

from typing import NamedTuple


def push(s, *tasks) -> None:
    """Queue tasks to run in the given order, before everything already queued."""
    s.tasks.extend(reversed(tasks))


# ---- decisions (a seat chooses; decisions.py) --------------------------------------------------------
class Turn(NamedTuple):
    """A player's turn: the action and the free steps, then ``end`` (CO2-5.2)."""
    seat: int
    kind = "turn"


class Income(NamedTuple):
    """Split ``amount`` of income into coins and VP (CO2-4.2.4)."""
    seat: int
    amount: int
    kind = "income"


class PayCepChoose(NamedTuple):
    """Choose where a CEP to pay comes from: hand or a controlled region (CO2-11.5.1)."""
    seat: int
    kind = "paycep_choose"


class Forced(NamedTuple):
    """No CEP and too few coins for the forced buy: sell the company goal first, or pay with VP (CO2-4.3.6)."""
    seat: int
    kind = "forced"


class ExpAny(NamedTuple):
    """+1 expertise in a source of the seat's choice (CO2-9.3.4)."""
    seat: int
    kind = "exp_any"


class SummitPick(NamedTuple):
    """+1 expertise in one topic of the summit on space ``summit`` (CO2-10.4.2)."""
    seat: int
    summit: int
    kind = "summit_pick"


class Study(NamedTuple):
    """+1 expertise for one project a scientist of the seat is on (CO2-5.4.1)."""
    seat: int
    kind = "study"


class CepTo(NamedTuple):
    """Put a CEP from the market on a region of the seat's choice (CO2-9.3.3)."""
    seat: int
    kind = "cepto"


class Displaced(NamedTuple):
    """A displaced scientist: keep it (+1 ``source`` expertise) or send it to a summit (CO2-8.4.2)."""
    seat: int
    source: int
    kind = "displaced"


class ScientistTo(NamedTuple):
    """Where the scientist at ``origin`` goes (CO2-8.3); ``context`` says why it moves (SCIENCE_CONTEXTS)."""
    seat: int
    origin: int
    context: int
    kind = "sci_to"


class ResearchChoose(NamedTuple):
    """Hire a scientist or move one (CO2-6.1.3.3, CO2-12.1.4); ``context`` 3 = a move only."""
    seat: int
    context: int
    kind = "research_choose"


class LobbyPick(NamedTuple):
    """Choose one of the two rewards of lobby ``card`` (card 12, CO2-12.1.5.3)."""
    seat: int
    card: int
    kind = "lobby_pick"


class Bid(NamedTuple):
    """The first-player auction (CO2-17.2): ``bids_made`` so far, the highest bid and its bidder (-1 none)."""
    seat: int
    bids_made: int
    high_bid: int
    high_bidder: int
    kind = "bid"


class AuctionPay(NamedTuple):
    """The auction winner pays ``amount_due`` in coins, resources and CEP (CO2-17.2.4)."""
    seat: int
    amount_due: int
    kind = "auction_pay"


class AuctionStart(NamedTuple):
    """The auction winner names the start player (CO2-17.2.3)."""
    seat: int
    kind = "auction_start"


class Draft(NamedTuple):
    """Keep one card of the pack in hand (the lobby draft, CO2-2.18.1)."""
    seat: int
    kind = "draft"


class SoloRegion(NamedTuple):
    """Solo set-up: choose the region of the first starting project (CO2-17.3.3)."""
    seat: int
    kind = "solo_region"


class SoloSpace(NamedTuple):
    """Solo set-up: choose the project space for the drawn ``source`` in ``region`` (CO2-17.3.3)."""
    seat: int
    region: int
    source: int
    kind = "solo_space"


class GoalChoice(NamedTuple):
    """At the end: score the company goal (``goal_vp``) or take the coins for it (CO2-15.3.1)."""
    seat: int
    goal_vp: int
    kind = "goal_choice"


# ---- automatic tasks (run at once; flow.AUTO) --------------------------------------------------------
class OpsStart(NamedTuple):
    """The Operations phase begins (CO2-3.3)."""
    seat: int = -1
    kind = "ops_start"


class BeginTurn(NamedTuple):
    """``seat`` becomes the active player with fresh turn flags (CO2-5.1)."""
    seat: int
    kind = "begin_turn"


class AfterTurn(NamedTuple):
    """A turn ended: the next player, round or the end of the phase (CO2-5.1, CO2-3.3)."""
    seat: int = -1
    kind = "after_turn"


class OpsEnd(NamedTuple):
    """The Operations phase ended: game end check, next decade (CO2-3.5, CO2-14.1)."""
    seat: int = -1
    kind = "ops_end"


class Supply(NamedTuple):
    """The Supply phase (CO2-4.1)."""
    seat: int = -1
    kind = "supply"


class Decay(NamedTuple):
    """Each region with resources uses one (CO2-4.3.1)."""
    seat: int = -1
    kind = "decay"


class Energy(NamedTuple):
    """Energy supply from region ``next_region`` on, clockwise (CO2-4.3.2)."""
    seat: int = -1
    next_region: int = 0
    kind = "energy"


class FossilPay(NamedTuple):
    """The controller of ``region`` pays a CEP for its new fossil plant (CO2-4.3.5)."""
    seat: int
    region: int
    kind = "fossil_pay"


class PayCep(NamedTuple):
    """Pay one CEP, choosing its source when there are several (CO2-6.2.3)."""
    seat: int
    kind = "paycep"


class Event(NamedTuple):
    """The event card (CO2-4.4)."""
    seat: int = -1
    kind = "event"


class SupplyEnd(NamedTuple):
    """The 500 ppm check at the end of the Supply phase (CO2-14.3, CO2-17.3.9)."""
    seat: int = -1
    kind = "supply_end"


class Gain(NamedTuple):
    """+1 expertise in ``source``, ``steps`` times, each with its bonuses (CO2-9.3)."""
    seat: int
    source: int
    steps: int
    kind = "gain"


class CepBonus(NamedTuple):
    """The regional CEP bonus of an expertise space (CO2-9.3.3)."""
    seat: int
    kind = "cep_bonus"


class AnyExp(NamedTuple):
    """The 'any expertise' bonus (CO2-9.3.4): a choice unless every track is full."""
    seat: int
    kind = "any_exp"


class Control(NamedTuple):
    """Region control is checked after ``seat`` built in ``region`` (CO2-11.2)."""
    seat: int
    region: int
    kind = "control"


class Displace(NamedTuple):
    """``seat`` displaces the scientist on ``project`` (CO2-8.4)."""
    seat: int
    project: int
    kind = "displace"


class Leave(NamedTuple):
    """Build step 7: the scientist on the built ``project`` leaves (CO2-6.3.5)."""
    seat: int
    project: int
    kind = "leave"


class ReturnProject(NamedTuple):
    """Build step 8: the built ``project``'s tile goes back to the supply (CO2-6.3.5)."""
    seat: int
    project: int
    kind = "retproj"


class InstallDone(NamedTuple):
    """Flip the installed ``project`` and take its reward (CO2-6.2.4)."""
    seat: int
    project: int
    kind = "install_done"


class Research(NamedTuple):
    """A research grant or a lobby scientist: offered when a hire or a move is possible (CO2-6.1.3.3)."""
    seat: int
    context: int
    kind = "research"


class ProjectExp(NamedTuple):
    """Turn end: +1 expertise for a project one of the seat's scientists is on (CO2-5.4.1)."""
    seat: int
    kind = "proj_exp"


class Summits(NamedTuple):
    """Turn end: full summits end (CO2-5.4.2, CO2-10.3)."""
    seat: int = -1
    kind = "summits"


class SummitClose(NamedTuple):
    """The scientists of the ended summit on space ``summit`` go home, a new tile comes (CO2-10.5)."""
    seat: int
    summit: int
    kind = "summit_close"


class DraftPass(NamedTuple):
    """The lobby draft passes the packs on (CO2-2.18.1)."""
    seat: int = -1
    kind = "draft_pass"


class SoloPlace(NamedTuple):
    """Solo set-up: place the random projects of ``source_mask`` from ``region`` on (CO2-17.3.3)."""
    seat: int
    source_mask: int
    region: int
    first: int
    kind = "solo_place"


class Final(NamedTuple):
    """Final scoring (CO2-15); ``with_income`` 0 after a solo game lost above 500 ppm (CO2-17.3.9)."""
    seat: int
    with_income: int
    kind = "final"


class FinalVp(NamedTuple):
    """Final VP: coins, most resources, most UN goals (CO2-15.3)."""
    seat: int = -1
    kind = "final_vp"


TASKS: dict[str, type] = {cls.kind: cls for cls in (  # type: ignore[attr-defined]
    Turn, Income, PayCepChoose, Forced, ExpAny, SummitPick, Study, CepTo, Displaced, ScientistTo, ResearchChoose,
    LobbyPick, Bid, AuctionPay, AuctionStart, Draft, SoloRegion, SoloSpace, GoalChoice,
    OpsStart, BeginTurn, AfterTurn, OpsEnd, Supply, Decay, Energy, FossilPay, PayCep, Event, SupplyEnd, Gain,
    CepBonus, AnyExp, Control, Displace, Leave, ReturnProject, InstallDone, Research, ProjectExp, Summits,
    SummitClose, DraftPass, SoloPlace, Final, FinalVp)}
