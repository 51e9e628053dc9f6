"""The ppm trajectory over the coming decades: what the fossil plants will still emit.

In every Supply phase ``d`` a region whose demand space ``d`` is empty gets the top fossil
plant of the stack (CO2-4.3.3, CO2-4.3.4), and at the end of that phase the planet is lost
at 500 ppm or more (CO2-14.3). Spaces fill from the left, so a green plant built now takes
the leftmost empty space and that space never gets a fossil plant: each green plant built
before the last Supply phase on a space the supply would reach saves one fossil plant
(``mean`` ppm, the public stack's mean); in a full region it replaces the leftmost fossil
plant and lowers CO2 at once (CO2-6.3.6). ``Outlook`` gathers this once per position: the
Supply phases to come, the ppm after each if nobody builds another green plant, and what a
green plant built in each region now would save.
"""
from __future__ import annotations

from ..state import Co2State
from . import position as rd


class Outlook:
    """The ppm outlook of one position (read-only; computed once per evaluation). Its sequences are tuples: outlooks
    are kept by the thousand (``outlook_of``), and the garbage collector stops tracking a tuple of numbers."""

    __slots__ = ("checks", "filled", "mean", "trajectory", "saving", "future_fossils", "turns_before", "memo")

    def __init__(self, s: Co2State, board: tuple | None = None) -> None:
        """``board``: :func:`board_outlook` of ``s`` when already known."""
        (self.checks, self.filled, self.mean, self.trajectory, self.saving,
         self.future_fossils) = board_outlook(s) if board is None else board
        # the table's turns left before each of those Supply phases (the chances to build a green plant)
        now = rd.turns_before_next_supply(s)
        per = rd.rounds_per_decade(s) * s.num_players
        self.turns_before = tuple([now + per * i for i in range(len(self.checks))])  # a tuple: part of cache keys
        self.memo: dict = {}  # what valuers derive from the outlook alone (values.py), per weights


def board_outlook(s: Co2State) -> tuple:
    """The part of :class:`Outlook` the turn does not change: ``(checks, filled, mean, trajectory, saving,
    future_fossils)``, shared by positions a turn apart (``outlook_of``)."""
    first = rd.decade(s) if rd.supply_pending(s) else rd.decade(s) + 1
    last = rd.final_decade(s)
    checks = tuple(range(max(2, first), last + 1))  # Supply phases still to come
    mean = rd.fossil_stack_mean(s)
    ppm3 = rd.fossil_ppm(s)
    filled: list[int] = []
    saving: list[tuple[int, float] | None] = []  # None: only green plants, nothing more can be built there
    future: list[int] = []
    per_decade = dict.fromkeys(checks, 0)
    for r in range(rd.REGIONS):
        kinds = rd.region_spaces(s, r)
        k = 0
        for x in kinds:
            if x == -1:
                break
            k += 1
        filled.append(k)
        spaces = len(kinds)
        n = 0
        if checks:
            for d in range(max(checks[0], k + 1), min(checks[-1], spaces) + 1):
                per_decade[d] += 1  # CO2-4.3.3: space d is empty when the supply of decade d comes
                n += 1
        future.append(n)
        # what a green plant built here now saves: (first decade it helps, ppm)
        if k < spaces:
            nxt = k + 1
            saving.append((0, 0.0) if not checks or nxt > checks[-1] else (max(nxt, checks[0]), mean))
        else:  # CO2-6.3.6: replaces the leftmost fossil plant at once
            fossil = next((x for x in kinds if 0 <= x < rd.GREEN0), -1)
            saving.append((0, float(ppm3[fossil])) if fossil >= 0 else None)  # None: only green plants
    level = float(rd.ppm(s))
    traj = []
    for d in checks:
        level += per_decade[d] * mean
        traj.append((d, level))
    return checks, tuple(filled), mean, tuple(traj), tuple(saving), tuple(future)


_OUTLOOKS: dict = {}
_OUTLOOKS_LIMIT = 4096
_BOARDS: dict = {}  # the board part of the outlooks (``board_outlook``), by the key less the round and turn
_LAST: list[tuple | None] = [None]  # (what the outlook reads, the outlook) of the last position


def outlook_of(s: Co2State) -> Outlook:
    """The :class:`Outlook` of ``s``, shared by positions that agree on everything it reads (the decade
    and turn, the spaces, ppm and the fossil stack): a decision's candidates mostly do."""
    stack = s.fossil_stack
    rules, components = s.rules, s.components  # the rule values and the board's spaces, by identity
    pending = rd.supply_pending(s)
    # most of a decision's candidates leave all this as it was: comparing with the last position's (the lists'
    # numbers are the same objects, so each compares at a pointer) costs less than building and hashing the key
    last = _LAST[0]
    if last is not None and last[0] is rules and last[1] is components and s.decade == last[2] \
            and pending == last[3] and s.round == last[4] and s.turns == last[5] and s.num_players == last[6] \
            and s.ppm == last[7] and stack == last[8] and s.space_kind == last[9]:
        return last[10]
    outlook = _outlook(s, stack, rules, components, pending)
    _LAST[0] = (rules, components, s.decade, pending, s.round, s.turns, s.num_players, s.ppm, stack.copy(),
                s.space_kind.copy(), outlook)
    return outlook


def _outlook(s: Co2State, stack: list[int], rules: dict, components: object, pending: bool) -> Outlook:
    """:func:`outlook_of` from the table of outlooks already made."""
    # one flat tuple (the spaces' number is the component set's, which the key holds)
    coal = oil = 0  # the stack's coal and oil plants (the rest is gas): one pass in machine integers
    for kind in stack:
        if kind == 0:
            coal += 1
        elif kind == 1:
            oil += 1
    key = (s.decade, pending, s.round, s.turns, s.num_players, s.ppm, coal, oil, len(stack), id(rules),
           id(components), *s.space_kind)
    hit = _OUTLOOKS.get(key)
    if hit is None or hit[0] is not rules or hit[1] is not components:
        if len(_OUTLOOKS) >= _OUTLOOKS_LIMIT:
            _OUTLOOKS.clear()
            _BOARDS.clear()
        board_key = key[:2] + key[4:]  # all but the round and the turn
        board = _BOARDS.get(board_key)
        if board is None or board[0] is not rules or board[1] is not components:
            board = _BOARDS[board_key] = (rules, components, board_outlook(s))
        hit = _OUTLOOKS[key] = (rules, components, Outlook(s, board[2]))
    return hit[2]


def trajectory(s: Co2State) -> list[tuple[int, float]]:
    """``[(decade, ppm after its Supply phase)]`` for every Supply phase to come, no new green plants."""
    return list(Outlook(s).trajectory)
