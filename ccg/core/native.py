"""Compiled modules (mypyc, see build_native.py) are imported only when built from their sources as they are now.

The build compiles a few hot modules to C next to their sources and writes ``_native.json``: the SHA-256 of
each source it compiled. :func:`use_fresh_build` runs in the package's
``__init__`` before those modules are imported. When the record matches the sources, the compiled modules load
as usual (Python's import finds an extension module before a source). When it does not — a source edited after
the build, a record missing or unreadable — or when ``CCG_PURE_PYTHON`` is set, a finder placed first on
``sys.meta_path`` hands Python the sources of exactly those modules, so an old build never shadows an edit.

Packages compiled into one shared library (the build's ``LINKED``: a native class and the modules typed
against it, as ``GameState``, ``Co2State`` and the CO2 strategist) are fresh only together: their records name
one another (``linked``), and when any of them is stale, all of them run from their sources, so a compiled
module never meets a source-run version of a class it was compiled against.
"""
from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

RECORD = "_native.json"
RECORD_LIMIT = 64 * 1024  # bytes read of a record (a few hashes): anything longer is not one of ours
PURE_PYTHON_VARIABLE = "CCG_PURE_PYTHON"


class SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the named modules at their ``.py`` sources (and no other module)."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        return None if source is None else importlib.util.spec_from_file_location(fullname, source)


def compiled_modules(folder: Path) -> list[str]:
    """The modules in ``folder`` with an extension module this Python can load, sorted by name."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(p.name.split(".", 1)[0] for p in folder.iterdir()
                  if p.name.endswith(suffixes) and (folder / (p.name.split(".", 1)[0] + ".py")).is_file())


def record_matches(folder: Path, modules: Sequence[str]) -> bool:
    """True if ``folder``'s build record names exactly ``modules`` with the hashes of their sources now."""
    try:
        with open(folder / RECORD, "rb") as handle:
            data = handle.read(RECORD_LIMIT + 1)
        if len(data) > RECORD_LIMIT:
            return False
        recorded = json.loads(data)["sources"]
    except (OSError, ValueError, TypeError, KeyError):
        return False
    if not isinstance(recorded, dict) or sorted(recorded) != sorted(modules):
        return False
    return all(recorded[m] == hashlib.sha256((folder / f"{m}.py").read_bytes()).hexdigest() for m in modules)


_DECIDED: dict[str, bool] = {}  # package -> what a linked package's use_fresh_build decided for it


def linked_packages(package: str, folder: Path) -> dict[str, Path]:
    """``package`` and the packages its record names as compiled with it (``linked``), each with its folder."""
    try:
        with open(folder / RECORD, "rb") as handle:
            data = json.loads(handle.read(RECORD_LIMIT))
        names = data.get("linked", []) if isinstance(data, dict) else []
    except (OSError, ValueError):
        names = []
    root = folder.parents[package.count(".")]  # the folder holding the top package
    found = {package: folder}
    for name in names if isinstance(names, list) else []:
        if isinstance(name, str) and name.replace(".", "").replace("_", "").isalnum():
            found[name] = root.joinpath(*name.split("."))
    return found


def use_fresh_build(package: str, folder: Path) -> bool:
    """True if ``package``'s compiled modules (in ``folder``) are built from their sources as they are now and
    will be imported; otherwise (none built, a stale build, or ``CCG_PURE_PYTHON`` set) those modules are
    imported from their sources and this returns False. Call it before the package imports them. Packages
    linked with it (see the module doc) get the same answer: fresh only if every one of them is."""
    if package in _DECIDED:  # decided with a package linked to it, whose modules may already be imported
        return _DECIDED[package]
    group = linked_packages(package, folder)
    modules = {name: compiled_modules(where) if where.is_dir() else [] for name, where in group.items()}
    if not modules[package]:
        return False
    fresh = not os.environ.get(PURE_PYTHON_VARIABLE) and all(
        found and record_matches(group[name], found) for name, found in modules.items())
    if not fresh:
        sys.meta_path.insert(0, SourceFinder({f"{name}.{m}": group[name] / f"{m}.py"
                                              for name, found in modules.items() for m in found}))
    for name in group:
        if name != package:
            _DECIDED[name] = fresh
    return fresh
