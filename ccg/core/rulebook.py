"""Rule help: the text of a numbered rule (``CO2-6.1.1``, ``CE-5.4``, ``CAT-8.3``, ``OIL-6.2``) from the digests.

The digests are ``docs/rules/*.md`` in the repository, the one copy that is edited. An installed package
carries them as package data, ``ccg/_rules/*.md``, copied there at build time by ``build_rules.py``
(``[tool.setuptools.cmdclass]`` in pyproject.toml), so the text is the same in a wheel and in a checkout.
At run time the package data is read if present, else the checkout's ``docs/rules``.

A rule is defined where its id opens a bold marker in a list item (``- **CO2-6.1.1** …``: the item with
everything indented under it, its sub-rules and notes included), a heading (``### CO2-6.1 Propose a
project``: the section up to the next heading of the same or a higher level), or the first cell of a table
row (``| CO2-6.2.4.1 | Reforestation | 2 CEP … |``: the row read against the table's header).
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache
from pathlib import Path

__all__ = ["RULE_ID", "UnknownRuleError", "rule_ids", "rules_dir", "rules_text"]

# a game's own prefix (CO2, CE, CAT, OIL, … a new game brings its own), then numbers or a capital word
RULE_ID = r"[A-Z][A-Z0-9]*-(?:[0-9]+|[A-Z]+)(?:[.-][0-9A-Za-z]+)*"
_ITEM = re.compile(r"^(?P<indent>\s*)(?:[-*]|\d+\.) \*\*(?P<id>" + RULE_ID + r")")
_HEADING = re.compile(r"^(?P<level>#+) (?P<id>" + RULE_ID + r")\b")
_ROW = re.compile(r"^\| *(?P<id>" + RULE_ID + r") *\|")
_ANY_HEADING = re.compile(r"^(#+) ")

PACKAGE_RULES = Path(__file__).resolve().parents[1] / "_rules"  # ccg/_rules in an installed package
SOURCE_RULES = Path(__file__).resolve().parents[2] / "docs" / "rules"  # a checkout


class UnknownRuleError(KeyError):
    """No digest defines this rule id."""

    def __str__(self) -> str:  # KeyError would print the message with quotes
        return str(self.args[0])


def rules_dir() -> Path:
    """Where the digests are read from: the package data if installed with it, else the checkout's docs."""
    if PACKAGE_RULES.is_dir() and any(PACKAGE_RULES.glob("*.md")):
        return PACKAGE_RULES
    if SOURCE_RULES.is_dir():
        return SOURCE_RULES
    raise FileNotFoundError(f"the rules digests are neither installed ({PACKAGE_RULES}) nor in a checkout "
                            f"({SOURCE_RULES}): reinstall ccg")


def rules_text(rule_id: str) -> str:
    """The text of rule ``rule_id`` in its digest (markdown emphasis removed), its sub-rules and notes included.

    >>> rules_text("CE-5.2").startswith("CE-5.2 Minimum price.")
    True

    An id no digest defines raises :class:`UnknownRuleError` (a ``KeyError``) naming the closest ids.
    """
    if not isinstance(rule_id, str):
        raise UnknownRuleError(f"a rule id is text such as 'CO2-6.1.1', got {rule_id!r}")
    rules = _rules(rules_dir())
    key = rule_id.strip().rstrip(".")
    if key in rules:
        return rules[key]
    close = difflib.get_close_matches(key, list(rules), n=3, cutoff=0.8)
    hint = f" Closest: {', '.join(close)}." if close else ""
    raise UnknownRuleError(f"no rules digest (docs/rules/*.md) defines the rule {rule_id!r}.{hint}")


def rule_ids() -> frozenset[str]:
    """Every rule id the digests define."""
    return frozenset(_rules(rules_dir()))


@lru_cache(maxsize=2)
def _rules(folder: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in sorted(folder.glob("*.md")):
        for rule_id, text in _parse(path.read_text(encoding="utf-8").splitlines()):
            out.setdefault(rule_id, text)  # the first definition of an id is its text
    return out


def _parse(lines: list[str]) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for i, line in enumerate(lines):
        m = _ITEM.match(line)
        if m:
            found.append((m["id"], _clean(_item(lines, i, len(m["indent"])))))
            continue
        m = _HEADING.match(line)
        if m:
            found.append((m["id"], _clean(_section(lines, i, len(m["level"])))))
            continue
        m = _ROW.match(line)
        if m:
            found.append((m["id"], _clean(_row(lines, i))))
    return found


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _item(lines: list[str], i: int, indent: int) -> list[str]:
    """A list item: its line and every following line indented deeper (blank lines inside included)."""
    out = [lines[i].strip()[2:] if lines[i].lstrip()[:2] in ("- ", "* ") else lines[i].strip()]
    for line in lines[i + 1:]:
        if line.strip() and _indent(line) <= indent:
            break
        out.append(line[indent:].rstrip())
    return out


def _section(lines: list[str], i: int, level: int) -> list[str]:
    out = [lines[i].lstrip("#").strip()]
    for line in lines[i + 1:]:
        m = _ANY_HEADING.match(line)
        if m and len(m[1]) <= level:
            break
        out.append(line.rstrip())
    return out


def _row(lines: list[str], i: int) -> list[str]:
    """A table row as ``header: cell`` lines, the header being the table's first row."""
    start = i
    while start > 0 and lines[start - 1].startswith("|"):
        start -= 1
    header = _cells(lines[start])
    cells = _cells(lines[i])
    return [cells[0]] + [f"{h}: {c}" for h, c in zip(header[1:], cells[1:])]


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _clean(lines: list[str]) -> str:
    text = "\n".join(lines).strip()
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.replace("**", "")
