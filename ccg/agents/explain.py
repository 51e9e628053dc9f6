"""Why did the bot do that? A strategist's choice with its best alternatives and the value terms between them.

``StrategistAgent.explain(state)`` asks the game's planner for the candidates it weighed and each one's
value split into named terms (``planner.explain_options(view, seat) -> (unit, [(action, {term: value})])``),
on the seat's own view — so an explanation shows only what that seat may see. A planner without that hook
is explained by its one-ply values (``planner.value`` of each move's result). The result is data
(:class:`Explanation`) and plain sentences (``str(explanation)``).

The sentences are in the current language (``ccg.i18n``): a planner names its terms, unit and note in
English, marked for the catalogs with ``N_`` where it writes them, and they are translated here; a name
without a translation is shown as it is. The numbers are written the language's way.

``explanation(agent, state)`` asks any agent (an ``explain`` method, duck-typed) for its reasons as sentences:
the one piece of code the Table (ccg.ui.words) and the classroom's bot runner both use.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Sequence

from babel import numbers

from ..core.action import Action
from ..core.state import GameState
from ..i18n import N_, _, format_percent, get_language, gettext, pgettext

ALTERNATIVES = 3  # the best other candidates shown
TERMS_SHOWN = 2   # the terms named per comparison (the largest differences)


@dataclass(frozen=True)
class Option:
    """One candidate move: its notation, its words, its value and that value's named terms."""

    action: str
    description: str
    value: float
    terms: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Explanation:
    """The move the strategist plays (``chosen``), the best alternatives it weighed and why.

    ``unit`` is what values count in (VP, $); ``reasons`` holds one sentence per alternative:
    the terms that differ most between the chosen move and that alternative. ``at_random``: a level below
    the strongest played this move at random (:mod:`ccg.agents.levels`), and ``reasons`` say so instead.
    """

    seat: int
    chosen: Option
    alternatives: tuple[Option, ...]
    unit: str
    reasons: tuple[str, ...]
    note: str = ""
    at_random: bool = False

    def __str__(self) -> str:
        head = _("Seat {seat} plays: {move}.").format(seat=self.seat, move=self.chosen.description)
        return " ".join([head, *self.reasons] + ([self.note] if self.note else []))


def describe(state: GameState, action: Action) -> str:
    """The move in words (``state.describe_action`` where the game has it), else its notation."""
    words = getattr(state, "describe_action", None)
    if words is not None:
        try:
            return str(words(action))
        except (ValueError, KeyError, IndexError, TypeError):  # a game without words for this move
            pass
    return str(action)


def _number(value: float, signed: bool = False) -> str:
    """One decimal, the current language's way (``+1.5`` / ``+1,5``)."""
    pattern = "+#,##0.0;-#,##0.0" if signed else "#,##0.0"
    return numbers.format_decimal(round(value, 1), format=pattern, locale=get_language())


def named(game: str | None, text: str) -> str:
    """A planner's term name, unit or note in the current language: marked with the game as context
    (``NP_("co2", "coins")``, held to the game's glossary) or without one (``N_``); else as it is."""
    if game:
        found = pgettext(game, text)
        if found != text:
            return found
    return gettext(text)


def _terms_text(diffs: Sequence[tuple[str, float]], unit: str, game: str | None = None) -> str:
    return ", ".join(f"{named(game, name)} {_number(d, signed=True)} {unit}" for name, d in diffs)


def reason(chosen: Option, other: Option, unit: str, by_rules: bool = False, game: str | None = None) -> str:
    """A sentence: why ``chosen`` rather than ``other``, by the terms that differ most. ``by_rules``: the
    plan chooses by rules rather than by these values (a tie is then the rules' call, not a draw)."""
    names = list(dict.fromkeys([*chosen.terms, *other.terms]))
    diffs = [(n, chosen.terms.get(n, 0.0) - other.terms.get(n, 0.0)) for n in names]
    diffs = [d for d in diffs if abs(d[1]) >= 0.05]
    gains = sorted((d for d in diffs if d[1] > 0), key=lambda d: -d[1])[:TERMS_SHOWN]
    losses = sorted((d for d in diffs if d[1] < 0), key=lambda d: d[1])[:TERMS_SHOWN]
    margin = chosen.value - other.value
    unit = named(game, unit)
    tie = _("the plan's rules decide") if by_rules else _("the tie was drawn")
    if not gains and not losses:
        return _("Rather than “{move}”: both are worth the same to this plan ({value} {unit}); {tie}.").format(
            move=other.description, value=_number(chosen.value), unit=unit, tie=tie)
    gained, lost = _terms_text(gains, unit, game), _terms_text(losses, unit, game)
    parts = (_("it gains {gains} and gives up {losses}").format(gains=gained, losses=lost) if gains and losses else
             _("it gains {gains}").format(gains=gained) if gains else _("it gives up {losses}").format(losses=lost))
    verdict = (_("{value} {unit} more to this plan").format(value=_number(margin), unit=unit) if margin > 0.05 else
               _("as good to this plan ({tie})").format(tie=tie) if margin > -0.05 else
               _("{value} {unit} less by these terms, chosen by the plan's rules").format(value=_number(-margin), unit=unit))
    return _("Rather than “{move}”: {parts} — {verdict}.").format(move=other.description, parts=parts, verdict=verdict)


def build(state: GameState, seat: int, chosen: Action, unit: str, options: list[tuple[Action, dict[str, float]]],
          note: str = "", by_rules: bool = False) -> Explanation:
    """The :class:`Explanation` of ``chosen`` among ``options`` (``[(action, terms)]``) on ``state``;
    ``by_rules``: the planner picks by rules, the values only describe the options."""

    def option(action: Action, terms: dict[str, float]) -> Option:
        return Option(str(action), describe(state, action), float(sum(terms.values())),
                      {k: float(v) for k, v in terms.items()})

    key = (chosen[0], chosen[1])
    mine = next((terms for a, terms in options if (a[0], a[1]) == key), None)
    picked = option(chosen, mine if mine is not None else {})
    note = named(state.game, note) if note else ""
    if mine is None:
        note = (note + " " if note else "") + _("The move was chosen by the plan's rules, outside the weighed list.")
    others = sorted((option(a, t) for a, t in options if (a[0], a[1]) != key), key=lambda o: -o.value)
    alternatives = tuple(others[:ALTERNATIVES])
    reasons = tuple(reason(picked, o, unit, by_rules, state.game) for o in alternatives)
    if not alternatives:
        reasons = (_("It was the only move weighed."),)
    return Explanation(seat, picked, alternatives, unit, reasons, note)


def at_random(explained: Explanation, state: GameState, planned: Action, level: int, noise: float) -> Explanation:
    """``explained`` for a move the level's noise chose at random: the sentences say so plainly and name the move
    the plan would have played (the weighed alternatives stay as data); the plan's values do not explain it."""
    said = _("At level {level} this bot plays a random move on {share} of its decisions, so that it is easier "
             "to beat; this move was one of them.").format(level=level, share=format_percent(noise))
    if str(planned) == explained.chosen.action:
        plan = _("By chance its plan would have played the same move.")
    else:
        plan = _("Its plan would have played “{move}”.").format(move=describe(state, planned))
    return replace(explained, reasons=(said, plan), note="", at_random=True)


def one_ply_options(planner: Any, state: GameState, seat: int) -> tuple[str, list[tuple[Action, dict[str, float]]]]:
    """The fallback: every legal move valued by the planner's ``value`` of its result (one term)."""
    value = getattr(planner, "value", None)
    out = []
    for action in state.legal_actions():
        child = state.child(action)
        v = float(value(child, seat)) if value is not None else 0.0
        out.append((action, {N_("value after the move"): v}))
    return N_("points"), out


def explanation_text(result: Any) -> str:
    """An ``explain`` result as sentences: a string, ``.text`` / ``.sentences`` (attribute or key), or a list."""
    if result is None:
        return ""
    if isinstance(result, str):
        return result
    for key in ("text", "sentences", "summary"):
        value = result.get(key) if isinstance(result, dict) else getattr(result, key, None)
        if callable(value):
            value = value()
        if isinstance(value, str) and value:
            return value
        if isinstance(value, (list, tuple)) and value:
            return " ".join(str(v) for v in value)
    if isinstance(result, (list, tuple)):
        return " ".join(explanation_text(r) for r in result)
    return str(result)


def explanation(agent: Any, state: GameState) -> str | None:
    """Why ``agent`` plays its move at ``state`` (the state before the move), or None if it cannot say."""
    explain = getattr(agent, "explain", None)
    if not callable(explain):
        return None
    text = explanation_text(explain(state.clone()))
    return text or None
