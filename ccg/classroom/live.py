"""A stored table as a player holds it: a replica of the game that follows the store and commits moves.

Every device (a student's kernel, the bot runner, the teacher's dashboard) keeps its own
``LiveTable``: it replays the table's record once, then applies only the moves that are new
(``sync``). ``play`` checks the move against its replica and commits it with the replica's
version, so a stale replica gets :class:`~ccg.classroom.store.PositionChanged` and catches up.
"""
from __future__ import annotations

import time

from ..core.action import Action
from ..core.positions import replay
from ..core.state import GameState
from .store import (
    STUDENT,
    GameOverError,
    MoveRow,
    NotYourTurnError,
    PausedError,
    PositionChanged,
    StoreError,
    TableInfo,
    TableStore,
)

__all__ = ["LiveTable"]


class LiveTable:
    """One stored table, replayed here and kept up to date with :meth:`sync`."""

    def __init__(self, store: TableStore, table_id: int) -> None:
        self.store = store
        self.info: TableInfo = store.table(table_id)
        self.id = self.info.id
        record = store.record(self.id)
        try:
            self.state: GameState = replay(record)
        except ValueError as exc:
            raise StoreError(f"table {self.id}: its stored moves do not replay ({exc})") from None
        self.moves: list[MoveRow] = store.moves(self.id)
        self.reasons: dict[int, dict] = store.reasons(self.id) if any(m.by != STUDENT for m in self.moves) else {}
        self.paused = self.info.paused
        self.updated = self.info.updated

    @property
    def version(self) -> int:
        return self.state.ply

    def sync(self) -> int:
        """Apply the moves played since this replica's version; returns how many (0: nothing new)."""
        v = self.store.version(self.id)
        self.paused, self.updated = v.paused, v.updated
        if v.version == self.state.ply:
            return 0
        new = self.store.moves(self.id, since=self.state.ply)
        for move in new:
            s = self.state
            if move.ply != s.ply or move.seat != s.current_player:
                raise StoreError(f"table {self.id}: stored move {move.ply} ({move.action!r}, seat {move.seat}) "
                                 f"does not follow move {s.ply}")
            try:
                s.apply(move.action)
            except ValueError as exc:
                raise StoreError(f"table {self.id}: stored move {move.ply} ({move.action!r}) is illegal ({exc})") \
                    from None
            self.moves.append(move)
        if any(m.by != STUDENT for m in new):  # a bot moved: its reasons were kept just before its move
            self.reasons = self.store.reasons(self.id)
        return len(new)

    def reason(self, move: MoveRow) -> str:
        """Why a bot played ``move`` (its agent's own words, kept by the bot runner), or ""."""
        kept = self.reasons.get(move.ply)
        if move.by == STUDENT or not kept or kept.get("seat") != move.seat or kept.get("by") != move.by:
            return ""
        return str(kept.get("text") or "")

    def reason_texts(self) -> dict[int, str]:
        """``{ply: why}`` of the bot moves whose reasons were kept (for every viewer: filter by secrecy)."""
        return {m.ply: text for m in self.moves if (text := self.reason(m))}

    def refresh_info(self) -> TableInfo:
        """Re-read the table's row and seats (names, last seen)."""
        self.info = self.store.table(self.id)
        return self.info

    def play(self, seat: int, action: Action | str, by: str = STUDENT, seen: int | None = None) -> str:
        """Play ``action`` for ``seat`` through the store; returns the applied action's notation.

        ``seen``: the version the player chose the move in (the position on their screen); if the
        replica has moved on since, the move is refused with :class:`PositionChanged` as well.

        Raises :class:`NotYourTurnError`, :class:`GameOverError`, :class:`PausedError`,
        ``IllegalActionError`` (nothing sent), or :class:`PositionChanged` when another move was
        committed first (the replica has caught up when it is raised). Nothing changes on error.
        """
        s = self.state
        if seen is not None and seen != s.ply:
            raise PositionChanged(f"the position changed (move {s.ply} was played meanwhile); look again")
        if s.is_terminal():
            raise GameOverError("the game at this table is over")
        if self.paused:
            raise PausedError("the teacher has paused the game")
        if s.current_player != seat:
            raise NotYourTurnError(f"it is seat {s.current_player}'s turn, not seat {seat}'s")
        child = s.child(action)  # IllegalActionError here: nothing was sent
        applied = child.history()[-1]
        try:
            self.store.commit_move(self.id, s.ply, seat, applied, child.current_player, child.is_terminal(), by)
        except (PositionChanged, PausedError):
            self.sync()
            raise
        self.state = child
        self.moves.append(MoveRow(s.ply, seat, applied, time.time(), by))
        return applied

    def seconds_since_move(self, now: float | None = None) -> float:
        """Seconds since the table last changed."""
        return (time.time() if now is None else now) - self.updated

    def __repr__(self) -> str:
        return f"LiveTable({self.id}, {self.info.game}, move {self.state.ply})"

