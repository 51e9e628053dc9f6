"""The Table's teacher-only Setup tab: edit a few common fields of the position, set the next chance event.

Everything goes through the public edit API (``ccg.edit``: a seat's common fields, the game's chance
set-ups) and the table's public methods, so any game with an editor plugs in. An edit starts a new
move tree at the edited position (it is not replayable from the seed); a rejected edit shows the
editor's message and changes nothing.

>>> from ccg.ui import Table
>>> t = Table("catan", players=4, seed=2, teacher=True, autoplay=False)
>>> tab = SetupTab(t)
>>> tab.set_field(0, "hand.ore", 3)
>>> t.state.to_dict()["state"]["hand"][4], t.state.replayable
(3, False)
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from ..core.edit import PositionEditor, edit
from ..core.errors import InvalidPositionError
from ..core.positions import to_position_string
from ..core.registry import get_spec
from ..core.state import GameState
from ..i18n import N_, _
from .panels import Panel

NO_CHANCE = "(this game draws nothing by chance after the set-up)"


def offers_setup(state: GameState) -> bool:
    """True if the game has a position editor (``SPEC.edit``), so a Setup tab can edit it."""
    return get_spec(state.game).edit is not None


class SetupTab(Panel):
    """A widget over ``table`` (anything with ``state``, ``load_position(text, replace)``, ``message`` and
    ``refresh()``): choose a seat and a field, set its value; choose a chance set-up, set it.
    It is also a Table panel (``title``, ``box``, ``wire``, ``refresh``; ``Table.add_panel``)."""

    title = N_("Setup")

    def __init__(self, table: Any) -> None:
        self.table = table
        self.seat = W.Dropdown(description=_("seat"), layout=W.Layout(width="98%")).add_class("ccg-setup-seat")
        self.field = W.Dropdown(description=_("field"), layout=W.Layout(width="98%")).add_class("ccg-setup-field")
        self.value = W.IntText(description=_("value"), layout=W.Layout(width="60%")).add_class("ccg-setup-value")
        self.set_button = W.Button(description=_("Set")).add_class("ccg-setup-set")
        self.chance = W.Dropdown(description=_("chance"), layout=W.Layout(width="98%")).add_class("ccg-setup-chance")
        self.chance_button = W.Button(description=_("Set next")).add_class("ccg-setup-set-chance")
        self.note = W.HTML().add_class("ccg-setup-note")
        intro = W.HTML(html.escape(_("Teacher only: edit the position here (the edited game starts a new move tree "
                                     "and no longer replays from its seed).")))
        self.widget = W.VBox([intro, self.seat, self.field, W.HBox([self.value, self.set_button]),
                              self.chance, self.chance_button, self.note]).add_class("ccg-setup")
        self.seat.observe(lambda _: self._show_value(), "value")
        self.field.observe(lambda _: self._show_value(), "value")
        self.set_button.on_click(lambda _: self._guard(lambda: self.set_field(self.seat.value, self.field.value,
                                                                              self.value.value)))
        self.chance_button.on_click(lambda _: self._guard(lambda: self.set_chance(self.chance.value)))
        self.box = self.widget
        self.refresh()

    def wire(self, table: Any) -> None:
        """Panel protocol: the buttons are wired at construction."""

    # ---- the same as the buttons, for scripts and tests -------------------------------------------
    def set_field(self, seat: int, field: str, value: int) -> None:
        """Set ``field`` (one of the editor's ``seat_fields()``) of ``seat`` to ``value``."""
        e = self._editor()
        e.set_seat_field(seat, field, value)
        self._adopt(e.commit(), _("seat {seat}'s {field} set to {value}").format(seat=seat, field=field, value=value))

    def set_chance(self, label: str) -> None:
        """Record the chance set-up ``label`` (one of the editor's ``chance_setups()``)."""
        e = self._editor()
        setups = e.chance_setups()
        if label not in setups:
            raise InvalidPositionError(f"{label!r} is not a chance set-up here; choose one of: {', '.join(setups)}")
        setups[label]()
        self._adopt(e.commit(), _("set up: {chance}").format(chance=label))

    def refresh(self, table: Any = None) -> None:
        """Re-read the table's position (after a move or a jump)."""
        state: GameState = self.table.state
        e = self._editor()
        self.seat.options = [(_("seat {seat}").format(seat=p), p) for p in range(state.num_players)]
        fields = list(e.seat_fields())
        if list(self.field.options) != fields:
            self.field.options = fields
        labels = list(e.chance_setups()) or [NO_CHANCE]
        if list(self.chance.options) != labels:
            self.chance.options = labels
        self.chance_button.disabled = labels == [NO_CHANCE]
        self._show_value()

    # ---- internals -----------------------------------------------------------------------------------
    def _editor(self) -> PositionEditor:
        return edit(self.table.state)

    def _show_value(self) -> None:
        if self.seat.value is not None and self.field.value:
            self.value.value = self._editor().seat_field(self.seat.value, self.field.value)

    def _adopt(self, state: GameState, what: str) -> None:
        self.table.load_position(to_position_string(state), replace=True)  # the teacher asked for it: the old tree is kept
        holder = getattr(self.table, "controller", self.table)  # the split Table keeps its message in the controller
        holder.message = _("{what}; a new move tree starts at the edited position").format(what=what)
        self.table.refresh()
        self.note.value = html.escape(what)
        if getattr(self.table, "setup", None) is not self:  # a table that holds this tab refreshes it itself
            self.refresh()

    def _guard(self, action: Any) -> None:
        speaking = getattr(self.table, "speaking", None)
        try:
            if speaking is None:
                action()
            else:
                with speaking():
                    action()
        except (InvalidPositionError, KeyError, ValueError) as e:
            self.note.value = f"<span style='color:#b00'>{html.escape(str(e))}</span>"
