"""Who sits at each seat of a Table (a human or an agent) and whose view of the position the table shows."""
from __future__ import annotations

from typing import Any, Sequence

from ..agents.base import DEFAULT_AGENT, Agent, make_agent
from ..core.state import GameState
from ..i18n import N_, gettext

HUMAN = "human"
REFEREE = -1  # the "view as" value of the referee (every hand; teacher only)
TO_MOVE = -2  # the "view as" value that follows the seat to move


def agent_label(spec: Any) -> str:
    """An agent as a menu shows it: its name with its settings ("strategist(cooperation=0.8)"), never a repr."""
    if isinstance(spec, str):
        return spec
    label = getattr(spec, "label", None)
    if isinstance(label, str):
        return label
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", type(spec).__name__))


# the registered agents' and the human seat's names as a player reads them (other names are shown as they are)
SEAT_KIND_NAMES = {HUMAN: N_("human"), "strategist": N_("strategist"), "random": N_("random"),
                   "greedy": N_("greedy"), "mcts": N_("MCTS")}


def seat_kind_text(spec: Any) -> str:
    """A seat's kind in the current language: "human", "strategist", "strategist: cooperation=0" … translated."""
    label = agent_label(spec)
    base, sep, rest = label.partition(":")
    if base in SEAT_KIND_NAMES:
        return gettext(SEAT_KIND_NAMES[base]) + (f": {rest}" if sep else "")
    head, paren, tail = label.partition("(")
    if paren and head in SEAT_KIND_NAMES:
        return f"{gettext(SEAT_KIND_NAMES[head])} ({tail}"
    return label


def is_human(spec: Any) -> bool:
    return isinstance(spec, str) and spec.strip().lower() == HUMAN


class Seating:
    """The seats' agents (None for a human), the helper that moves for humans on request, and the view.

    ``seats`` has an entry per seat: ``"human"``, None (the strategist, ``DEFAULT_AGENT``) or an agent
    (a name, an Agent, an Agent class); a short list is filled with the strategist. Agents built from
    names are seeded from ``seed`` and the seat. Students (``teacher=False``) are only offered the
    views of the seats that started human; ``view`` is "auto", None (the referee), a seat, or TO_MOVE.
    """

    def __init__(self, seats: Sequence[Any], state: GameState, seed: int, helper: Any, teacher: bool,
                 view: int | None | str = "auto") -> None:
        n = state.num_players
        if len(seats) > n:
            raise ValueError(f"seats has {len(seats)} entries for {n} seats")
        self.initial: list[Any] = [DEFAULT_AGENT if s is None else s for s in seats] + [DEFAULT_AGENT] * (n - len(seats))
        self.seed = seed
        self.teacher = teacher
        self.agents: list[Agent | None] = [None] * n
        self.specs: list[Any] = [HUMAN] * n  # what each seat's menu shows
        self.helper = self._make(helper if helper is not None else DEFAULT_AGENT, n)
        for p, spec in enumerate(self.initial):
            self.set_seat(p, spec)
        self.view = self._initial_view(view, state)

    def set_seat(self, seat: int, spec: Any) -> None:
        """Seat a human (``"human"``) or an agent at ``seat``."""
        if is_human(spec):
            self.agents[seat] = None
            self.specs[seat] = HUMAN
            return
        self.agents[seat] = self._make(spec, seat)
        self.specs[seat] = spec.strip().lower() if isinstance(spec, str) else spec

    def agent_for(self, seat: int) -> Agent:
        """The seat's agent, or the helper for a human seat."""
        return self.agents[seat] or self.helper

    def seat_kind(self, seat: int) -> str:
        """"human", or the name of the seat's agent as its menu shows it."""
        spec = self.specs[seat]
        return HUMAN if self.agents[seat] is None else agent_label(spec)

    def human_seats(self) -> list[int]:
        return [p for p, agent in enumerate(self.agents) if agent is None]

    # ------------------------------------------------------------------ views: secrets stay with their seat
    def view_options(self) -> list[tuple[str, int]]:
        """Teacher: the referee, the seat to move and every seat. Students: only the human seats chosen at the
        start (and, with several, the human seat to move); a table without humans shows each seat's view."""
        n = len(self.initial)
        if self.teacher:
            return [("referee (all)", REFEREE), ("seat to move", TO_MOVE)] + [(f"seat {p}", p) for p in range(n)]
        humans = [p for p, spec in enumerate(self.initial) if is_human(spec)]
        hot_seat = [("human seat to move", TO_MOVE)] if len(humans) > 1 else []
        return hot_seat + [(f"seat {p}", p) for p in humans or range(n)]

    def set_view(self, view: int) -> None:
        """Show the position as ``view`` sees it (one of ``view_options``)."""
        if view not in [v for _, v in self.view_options()]:
            raise ValueError(f"view {'referee' if view == REFEREE else view!r} is not offered: "
                             + ("seat views only (the referee view needs teacher=True)" if not self.teacher
                                else "unknown view"))
        self.view = view

    def view_seat(self, state: GameState) -> int | None:
        """The seat whose view of ``state`` is shown (None: the referee)."""
        if self.view == REFEREE:
            return None
        if self.view != TO_MOVE:
            return self.view
        p = state.current_player  # for students only a human one (else the first human seat keeps the screen)
        if self.teacher:
            return p
        shown = self.human_seats() or list(range(state.num_players))
        return p if p in shown else shown[0]

    def _initial_view(self, view: Any, state: GameState) -> int:
        humans = self.human_seats()
        if view == "auto":  # the view seat is the human's: the referee view only for a teacher's open game
            if self.teacher and not state.hidden_information:
                view = REFEREE
            elif len(humans) == 1:
                view = humans[0]
            elif humans or self.teacher:
                view = TO_MOVE
            else:
                view = 0
        elif view is None:
            view = REFEREE
        self.set_view(view)
        return view

    def _make(self, spec: Any, salt: int) -> Agent:
        if isinstance(spec, Agent):
            return spec
        return make_agent(spec, self.seed * 7919 + 104729 * (salt + 1))
