"""The task stack's records: one small frozen dataclass per kind of task, and ``push``.

A position's flow of play is ``state.tasks``, a stack of these records. Every record starts with
``seat`` (the seat a decision waits for, or that an automatic task acts for; -1 none), its class
variable ``kind`` names it, and it is saved as the list ``[kind, seat, ...]`` (``serial``): a record
iterates over its fields in order.
Automatic tasks run at once (``flow.AUTO``); a decision waits for its seat (``decisions.DECISIONS``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Iterator

if TYPE_CHECKING:
    from .state import Co2State


@dataclass(frozen=True, slots=True)
class Task:
    """A task record: ``kind`` names its handler; ``seat`` is the seat it waits for or acts for (-1 none)."""

    kind: ClassVar[str] = ""
    seat: int

    def __iter__(self) -> Iterator[int]:
        """The field values in order (``seat`` first), as saved after the kind."""
        return (getattr(self, name) for name in self.__match_args__)


def push(s: Co2State, *tasks: Task) -> None:
    """Queue tasks to run in the given order, before everything already queued."""
    s.tasks.extend(reversed(tasks))


# ---- decisions (a seat chooses; decisions.py) --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Turn(Task):
    """A player's turn: the action and the free steps, then ``end`` (CO2-5.2)."""
    kind: ClassVar[str] = "turn"


@dataclass(frozen=True, slots=True)
class Income(Task):
    """Split ``amount`` of income into coins and VP (CO2-4.2.4)."""
    amount: int
    kind: ClassVar[str] = "income"


@dataclass(frozen=True, slots=True)
class PayCepChoose(Task):
    """Choose where a CEP to pay comes from: hand or a controlled region (CO2-11.5.1)."""
    kind: ClassVar[str] = "paycep_choose"


@dataclass(frozen=True, slots=True)
class Forced(Task):
    """No CEP and too few coins for the forced buy: sell the company goal first, or pay with VP (CO2-4.3.6)."""
    kind: ClassVar[str] = "forced"


@dataclass(frozen=True, slots=True)
class ExpAny(Task):
    """+1 expertise in a source of the seat's choice (CO2-9.3.4)."""
    kind: ClassVar[str] = "exp_any"


@dataclass(frozen=True, slots=True)
class SummitPick(Task):
    """+1 expertise in one topic of the summit on space ``summit`` (CO2-10.4.2)."""
    summit: int
    kind: ClassVar[str] = "summit_pick"


@dataclass(frozen=True, slots=True)
class Study(Task):
    """+1 expertise for one project a scientist of the seat is on (CO2-5.4.1)."""
    kind: ClassVar[str] = "study"


@dataclass(frozen=True, slots=True)
class CepTo(Task):
    """Put a CEP from the market on a region of the seat's choice (CO2-9.3.3)."""
    kind: ClassVar[str] = "cepto"


@dataclass(frozen=True, slots=True)
class Displaced(Task):
    """A displaced scientist: keep it (+1 ``source`` expertise) or send it to a summit (CO2-8.4.2)."""
    source: int
    kind: ClassVar[str] = "displaced"


@dataclass(frozen=True, slots=True)
class ScientistTo(Task):
    """Where the scientist at ``origin`` goes (CO2-8.3); ``context`` says why it moves (SCIENCE_CONTEXTS)."""
    origin: int
    context: int
    kind: ClassVar[str] = "sci_to"


@dataclass(frozen=True, slots=True)
class ResearchChoose(Task):
    """Hire a scientist or move one (CO2-6.1.3.3, CO2-12.1.4); ``context`` 3 = a move only."""
    context: int
    kind: ClassVar[str] = "research_choose"


@dataclass(frozen=True, slots=True)
class LobbyPick(Task):
    """Choose one of the two rewards of lobby ``card`` (card 12, CO2-12.1.5.3)."""
    card: int
    kind: ClassVar[str] = "lobby_pick"


@dataclass(frozen=True, slots=True)
class Bid(Task):
    """The first-player auction (CO2-17.2): ``bids_made`` so far, the highest bid and its bidder (-1 none)."""
    bids_made: int
    high_bid: int
    high_bidder: int
    kind: ClassVar[str] = "bid"


@dataclass(frozen=True, slots=True)
class AuctionPay(Task):
    """The auction winner pays ``amount_due`` in coins, resources and CEP (CO2-17.2.4)."""
    amount_due: int
    kind: ClassVar[str] = "auction_pay"


@dataclass(frozen=True, slots=True)
class AuctionStart(Task):
    """The auction winner names the start player (CO2-17.2.3)."""
    kind: ClassVar[str] = "auction_start"


@dataclass(frozen=True, slots=True)
class Draft(Task):
    """Keep one card of the pack in hand (the lobby draft, CO2-2.18.1)."""
    kind: ClassVar[str] = "draft"


@dataclass(frozen=True, slots=True)
class SoloRegion(Task):
    """Solo set-up: choose the region of the first starting project (CO2-17.3.3)."""
    kind: ClassVar[str] = "solo_region"


@dataclass(frozen=True, slots=True)
class SoloSpace(Task):
    """Solo set-up: choose the project space for the drawn ``source`` in ``region`` (CO2-17.3.3)."""
    region: int
    source: int
    kind: ClassVar[str] = "solo_space"


@dataclass(frozen=True, slots=True)
class GoalChoice(Task):
    """At the end: score the company goal (``goal_vp``) or take the coins for it (CO2-15.3.1)."""
    goal_vp: int
    kind: ClassVar[str] = "goal_choice"


# ---- automatic tasks (run at once; flow.AUTO) --------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OpsStart(Task):
    """The Operations phase begins (CO2-3.3)."""
    seat: int = -1
    kind: ClassVar[str] = "ops_start"


@dataclass(frozen=True, slots=True)
class BeginTurn(Task):
    """``seat`` becomes the active player with fresh turn flags (CO2-5.1)."""
    kind: ClassVar[str] = "begin_turn"


@dataclass(frozen=True, slots=True)
class AfterTurn(Task):
    """A turn ended: the next player, round or the end of the phase (CO2-5.1, CO2-3.3)."""
    seat: int = -1
    kind: ClassVar[str] = "after_turn"


@dataclass(frozen=True, slots=True)
class OpsEnd(Task):
    """The Operations phase ended: game end check, next decade (CO2-3.5, CO2-14.1)."""
    seat: int = -1
    kind: ClassVar[str] = "ops_end"


@dataclass(frozen=True, slots=True)
class Supply(Task):
    """The Supply phase (CO2-4.1)."""
    seat: int = -1
    kind: ClassVar[str] = "supply"


@dataclass(frozen=True, slots=True)
class Decay(Task):
    """Each region with resources uses one (CO2-4.3.1)."""
    seat: int = -1
    kind: ClassVar[str] = "decay"


@dataclass(frozen=True, slots=True)
class Energy(Task):
    """Energy supply from region ``next_region`` on, clockwise (CO2-4.3.2)."""
    seat: int = -1
    next_region: int = 0
    kind: ClassVar[str] = "energy"


@dataclass(frozen=True, slots=True)
class FossilPay(Task):
    """The controller of ``region`` pays a CEP for its new fossil plant (CO2-4.3.5)."""
    region: int
    kind: ClassVar[str] = "fossil_pay"


@dataclass(frozen=True, slots=True)
class PayCep(Task):
    """Pay one CEP, choosing its source when there are several (CO2-6.2.3)."""
    kind: ClassVar[str] = "paycep"


@dataclass(frozen=True, slots=True)
class Event(Task):
    """The event card (CO2-4.4)."""
    seat: int = -1
    kind: ClassVar[str] = "event"


@dataclass(frozen=True, slots=True)
class SupplyEnd(Task):
    """The 500 ppm check at the end of the Supply phase (CO2-14.3, CO2-17.3.9)."""
    seat: int = -1
    kind: ClassVar[str] = "supply_end"


@dataclass(frozen=True, slots=True)
class Gain(Task):
    """+1 expertise in ``source``, ``steps`` times, each with its bonuses (CO2-9.3)."""
    source: int
    steps: int
    kind: ClassVar[str] = "gain"


@dataclass(frozen=True, slots=True)
class CepBonus(Task):
    """The regional CEP bonus of an expertise space (CO2-9.3.3)."""
    kind: ClassVar[str] = "cep_bonus"


@dataclass(frozen=True, slots=True)
class AnyExp(Task):
    """The 'any expertise' bonus (CO2-9.3.4): a choice unless every track is full."""
    kind: ClassVar[str] = "any_exp"


@dataclass(frozen=True, slots=True)
class Control(Task):
    """Region control is checked after ``seat`` built in ``region`` (CO2-11.2)."""
    region: int
    kind: ClassVar[str] = "control"


@dataclass(frozen=True, slots=True)
class Displace(Task):
    """``seat`` displaces the scientist on ``project`` (CO2-8.4)."""
    project: int
    kind: ClassVar[str] = "displace"


@dataclass(frozen=True, slots=True)
class Leave(Task):
    """Build step 7: the scientist on the built ``project`` leaves (CO2-6.3.5)."""
    project: int
    kind: ClassVar[str] = "leave"


@dataclass(frozen=True, slots=True)
class ReturnProject(Task):
    """Build step 8: the built ``project``'s tile goes back to the supply (CO2-6.3.5)."""
    project: int
    kind: ClassVar[str] = "retproj"


@dataclass(frozen=True, slots=True)
class InstallDone(Task):
    """Flip the installed ``project`` and take its reward (CO2-6.2.4)."""
    project: int
    kind: ClassVar[str] = "install_done"


@dataclass(frozen=True, slots=True)
class Research(Task):
    """A research grant or a lobby scientist: offered when a hire or a move is possible (CO2-6.1.3.3)."""
    context: int
    kind: ClassVar[str] = "research"


@dataclass(frozen=True, slots=True)
class ProjectExp(Task):
    """Turn end: +1 expertise for a project one of the seat's scientists is on (CO2-5.4.1)."""
    kind: ClassVar[str] = "proj_exp"


@dataclass(frozen=True, slots=True)
class Summits(Task):
    """Turn end: full summits end (CO2-5.4.2, CO2-10.3)."""
    seat: int = -1
    kind: ClassVar[str] = "summits"


@dataclass(frozen=True, slots=True)
class SummitClose(Task):
    """The scientists of the ended summit on space ``summit`` go home, a new tile comes (CO2-10.5)."""
    summit: int
    kind: ClassVar[str] = "summit_close"


@dataclass(frozen=True, slots=True)
class DraftPass(Task):
    """The lobby draft passes the packs on (CO2-2.18.1)."""
    seat: int = -1
    kind: ClassVar[str] = "draft_pass"


@dataclass(frozen=True, slots=True)
class SoloPlace(Task):
    """Solo set-up: place the random projects of ``source_mask`` from ``region`` on (CO2-17.3.3)."""
    source_mask: int
    region: int
    first: int
    kind: ClassVar[str] = "solo_place"


@dataclass(frozen=True, slots=True)
class Final(Task):
    """Final scoring (CO2-15); ``with_income`` 0 after a solo game lost above 500 ppm (CO2-17.3.9)."""
    with_income: int
    kind: ClassVar[str] = "final"


@dataclass(frozen=True, slots=True)
class FinalVp(Task):
    """Final VP: coins, most resources, most UN goals (CO2-15.3)."""
    seat: int = -1
    kind: ClassVar[str] = "final_vp"


TASKS: dict[str, type[Task]] = {cls.kind: cls for cls in (
    Turn, Income, PayCepChoose, Forced, ExpAny, SummitPick, Study, CepTo, Displaced, ScientistTo, ResearchChoose,
    LobbyPick, Bid, AuctionPay, AuctionStart, Draft, SoloRegion, SoloSpace, GoalChoice,
    OpsStart, BeginTurn, AfterTurn, OpsEnd, Supply, Decay, Energy, FossilPay, PayCep, Event, SupplyEnd, Gain,
    CepBonus, AnyExp, Control, Displace, Leave, ReturnProject, InstallDone, Research, ProjectExp, Summits,
    SummitClose, DraftPass, SoloPlace, Final, FinalVp)}
