"""Rule help: the text of a rule id (``CO2-5.2``, ``CE-6.10``, ``CAT-…``, ``OIL-…``) from ``docs/rules/``.

A move's description ends with the rule that allows it; the Play tab shows that rule's text for the
selected move. Rules are read from the repository's ``docs/rules/*.md`` (a rule is a list item that
starts with its bold id, ``- **CE-1.9 Hex types.** …``); without those files there is no help.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

__all__ = ["RULE_ID", "rule_ids", "rule_text"]

RULE_ID = re.compile(r"\b(?:CO2|CE|CAT|OIL)-[A-Z]*-?\d+(?:\.\d+)*\b")
RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
_ITEM = re.compile(r"^\s*-\s+\*\*((?:CO2|CE|CAT|OIL)-[A-Z]*-?\d+(?:\.\d+)*)\b")


@functools.cache
def _rules() -> dict[str, str]:
    """Every rule of docs/rules: id -> its text (markdown emphasis removed, continuation lines joined)."""
    out: dict[str, str] = {}
    if not RULES_DIR.is_dir():
        return out
    for path in sorted(RULES_DIR.glob("*.md")):
        current: str | None = None
        for line in path.read_text(encoding="utf-8").splitlines():
            match = _ITEM.match(line)
            if match:
                current = match.group(1)
                out[current] = line.strip()[2:]
            elif current is not None and line.startswith("  ") and line.strip():
                out[current] += " " + line.strip()
            else:
                current = None
    return {k: v.replace("**", "").replace("*", "") for k, v in out.items()}


def rule_ids(text: str) -> list[str]:
    """The rule ids cited in ``text``, in order, each once."""
    return list(dict.fromkeys(RULE_ID.findall(text)))


def rule_text(rule_id: str) -> str | None:
    """The text of ``rule_id`` (None if docs/rules has no such rule, or no docs/rules)."""
    return _rules().get(rule_id)
