"""Every move in words: a plain-language description of a legal action, ending with the rule that allows it.

A game declares ``SPEC.describe``, the module of its descriptions, which defines::

    describe(state, action) -> tuple[str, str]     # (the sentence, the rule id), e.g.
    ("Propose a Recycling project in Asia, on the research space", "CO2-6.1")

``state`` is the position the action is played in and ``action`` one of its legal actions. The
sentence uses the rulebook's names (regions, sources, companies, places), starts with a capital, says
what the move does, and does not repeat the rule id; the id exists in ``docs/rules/`` (see
:mod:`ccg.core.rulebook`). ``state.describe_action(a)`` joins the two as ``"<sentence> (<id>)"``;
``state.describe_action_parts(a)`` gives them apart (a UI renders the id as a link to its text).

Secrets belong to their seat: ``describe_action(a, seat=k)`` is the action as seat ``k`` may read it.
The seat to move reads its own actions whole; another seat reads a secret action (the game's
``_secret_action``, e.g. a card kept in a draft) as the module's optional ``describe_secret(state,
action) -> (sentence, rule id)``, or else as "A secret choice" with the rule id of the whole description.

A game without a describe module gets a clearly marked fallback: ``Play "<notation>" (no description
…)``, with no rule id and ``described`` False.

Descriptions speak the current language (:mod:`ccg.i18n`): inside ``with lang("cs"):`` a game's module
gives its Czech sentences (gettext messages with the game as context); the rule id stays as it is.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Callable, cast

from ccg.i18n import N_, _

from .action import Action
from .errors import IllegalActionError
from .registry import get_spec

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["ActionDescription", "describe_action_parts", "FALLBACK_NOTE"]

FALLBACK_NOTE = N_("no description: this game declares no describe module")

Describer = Callable[["GameState", Action], tuple[str, str]]
SECRET = N_("A secret choice, seen only by the player who makes it")


@dataclass(frozen=True)
class ActionDescription:
    """One action in words: ``text`` (the sentence), ``rule`` (the rule id, "" for the fallback),
    ``notation`` (the action's notation) and ``described`` (False for the fallback).

    ``str()`` is the sentence followed by the rule id in parentheses."""

    text: str
    rule: str
    notation: str
    described: bool = True

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text


def _module(game: str) -> ModuleType | None:
    module = get_spec(game).describe
    return None if module is None else importlib.import_module(module)


def describe_action_parts(state: GameState, action: Action | str, seat: int | None = None) -> ActionDescription:
    """``action`` (an Action or its notation; it must be legal in ``state``) in words, with its rule id, as
    ``seat`` may read it (None: the seat to move, or the referee)."""
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < state.num_players):
        raise ValueError(f"seat must be None or 0..{state.num_players - 1}, got {seat!r}")
    if isinstance(action, str):
        action = state.parse_action(action)
    elif not isinstance(action, Action):
        raise IllegalActionError(f"an action is an Action or its notation text, got {action!r}")
    else:
        legal = state.legal_actions()
        if action not in legal:
            action = state.parse_action(str(action))  # the legal twin (its ``where``), or a clear error
    notation = str(action)
    module = _module(state.game)
    if module is None:
        text = _('Play "{notation}" ({note})').format(notation=notation, note=_(FALLBACK_NOTE))
        return ActionDescription(text, "", notation, described=False)
    secret = seat is not None and seat != state.current_player and bool(action.args) and state._secret_action(action)
    if secret:
        notation = f"{action.kind} ?"  # as ``notation_seen_by`` shows it
        hidden = getattr(module, "describe_secret", None)
        if hidden is not None:
            text, rule = cast(Describer, hidden)(state, action)
        else:
            text, rule = _(SECRET), cast(Describer, module.describe)(state, action)[1]
    else:
        text, rule = cast(Describer, module.describe)(state, action)
    if not isinstance(text, str) or not text.strip() or not isinstance(rule, str) or not rule.strip():
        raise ValueError(f"the describe module of {state.game!r} gave {(text, rule)!r} for {notation!r}: "
                         f"it must return (a sentence, a rule id), both non-empty text")
    return ActionDescription(text, rule, notation)
