"""Rule help: a rule id on the page — the "(CO2-5.4)" ending a move in the log or the status line — opens
that rule's text (:func:`ccg.rules_text`) in the panel.

:func:`link_rules` marks every known rule id in a piece of escaped HTML as a ``ccg-rule-link``;
:class:`RuleHelp` is the box under the tabs that shows a rule. A click on a link anywhere in the same
``.ccg-table`` asks the kernel for that rule (``rule``, synced); the kernel answers with its text
(``text``), so the page shows exactly what ``ccg.rules_text(rule)`` returns.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import anywidget
import traitlets

from ..core.rulebook import RULE_ID, UnknownRuleError, declared_rule_ids, rule_ids, rules_text

__all__ = ["RuleHelp", "link_rules"]

_ID_IN_TEXT = re.compile(r"(?<![\w.-])(" + RULE_ID + r")(?![\w-])")


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    try:
        return rule_ids()
    except FileNotFoundError:  # no digests installed: nothing to link
        return frozenset()


@lru_cache(maxsize=64)
def _declared(prefix: str) -> frozenset[str]:
    """The ids of a prefix ccg's digests do not define: a game outside ccg declares it with its own digest."""
    try:
        return declared_rule_ids(prefix)
    except FileNotFoundError:
        return frozenset()


def link_rules(escaped: str) -> str:
    """``escaped`` (HTML-escaped text) with every rule id a digest defines made a link to its text (ccg's
    digests, and that of a game outside ccg whose ``rule_prefixes`` hold the id's prefix)."""
    known = _known()

    def link(m: re.Match) -> str:
        rule = m.group(1).rstrip(".")
        if rule not in known and rule not in _declared(rule.split("-", 1)[0]):
            return m.group(0)
        tail = m.group(1)[len(rule):]
        return (f"<span class='ccg-rule-link' role='button' tabindex='0' data-rule='{rule}' "
                f"title='show rule {rule}'>{rule}</span>{tail}")

    return _ID_IN_TEXT.sub(link, escaped)


class RuleHelp(anywidget.AnyWidget):
    """The rule help box: ``show(rule)`` (or a click on a rule link of the same table) shows that rule's text."""

    _esm = Path(__file__).with_name("rule_help.js").read_text(encoding="utf-8")
    rule = traitlets.Unicode("").tag(sync=True)  # the rule asked for (set by a click on the page, or show())
    text = traitlets.Unicode("").tag(sync=True)  # its text, as ccg.rules_text gives it ("" when none is shown)
    error = traitlets.Unicode("").tag(sync=True)  # why no text could be shown
    answered = traitlets.Unicode("").tag(sync=True)  # the rule ``text`` / ``error`` belong to

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.add_class("ccg-rule-help")
        self.observe(self._on_rule, "rule")

    def show(self, rule: str) -> None:
        """Show the text of ``rule`` (an unknown id shows why instead)."""
        if rule == self.rule:
            self._on_rule({"new": rule})
        self.rule = rule

    def _on_rule(self, change: dict) -> None:
        rule = change["new"]
        text = error = ""
        if rule:
            try:
                text = rules_text(rule)
            except (UnknownRuleError, FileNotFoundError) as e:
                error = str(e)
        with self.hold_sync():
            self.text, self.error, self.answered = text, error, rule

