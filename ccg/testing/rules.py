"""Rule ids a game's code does not cite, for the game's own tests (ccg's games: tests/test_rule_ids.py)."""
from __future__ import annotations

import re
from pathlib import Path

from ..core import rule_ids

__all__ = ["cited", "uncited_rules"]


def cited(rule_id: str, code: str) -> bool:
    """``rule_id`` appears in ``code`` written out exactly (``CB-3.1`` is not cited by ``CB-3.10`` or ``CB-3.1.2``)."""
    return re.search(re.escape(rule_id) + r"(?![0-9A-Za-z]|[.-][0-9A-Za-z])", code) is not None


def uncited_rules(game: str, package: str | Path, allowed: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """The rule ids of ``game``'s digest that no ``.py`` file under the folder ``package`` cites, except those in
    ``allowed`` (ids the code need not cite: a glossary entry, a rule realised by data), sorted."""
    folder = Path(package)
    if not folder.is_dir():
        raise ValueError(f"{folder} is not a folder of code")
    code = "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.py")))
    return sorted(i for i in rule_ids(game) if i not in allowed and not cited(i, code))
