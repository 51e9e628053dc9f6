"""Build step: the rules digests go into the package, so ``ccg.rules_text`` works where ccg is installed.

``docs/rules/*.md`` is the one copy that is edited; ``build_py`` (named in pyproject.toml's
``[tool.setuptools.cmdclass]``) copies it to ``ccg/_rules/`` in the build, and so into every wheel. A
checkout or an editable install reads ``docs/rules`` itself (ccg/core/rulebook.py).
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools.command.build_py import build_py

SOURCE = Path(__file__).resolve().parent / "docs" / "rules"


def copy_rules(source: Path, target: Path) -> list[Path]:
    """Copy the digests ``source/*.md`` to ``target`` (made if missing): the copied paths, sorted."""
    digests = sorted(source.glob("*.md"))
    if not digests:
        raise FileNotFoundError(f"no rules digests in {source}: the package would ship without rule help")
    target.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copyfile(path, target / path.name)) for path in digests]


class BuildPy(build_py):
    """setuptools' build_py, then the digests into ``<build>/ccg/_rules``."""

    def run(self) -> None:
        super().run()
        if not self.dry_run:
            copy_rules(SOURCE, Path(self.build_lib) / "ccg" / "_rules")
