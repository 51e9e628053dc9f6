"""Build step: the hot modules compiled with mypyc, the compiler that ships with mypy.

A strategist values every candidate position in pure Python; compiled to C by mypyc from the same sources
(``COMPILED``), a decision costs about a quarter less CPU and the strategist plays exactly the same moves
(tests/agents/test_strategist_native.py). ``GameState`` and ``Co2State`` are compiled too, as native classes
(``LINKED`` with the CO2 strategist, which is typed against them, and with the CO2 rules): a state copy writes C
fields, and the strategist and the rules read and write a field without a lookup; and ``ccg.core.shuffle`` draws a
seat view's shuffles in machine integers. The states written in Python (Chicago Express, Catan, a new game's) extend the compiled GameState as they extended
the source. mypyc keeps no docstrings: ``help()`` on a compiled class or method shows its signature (the
sources, and ``CCG_PURE_PYTHON=1``, hold the documentation). Without a C compiler, or with ``CCG_PURE_PYTHON=1``
set, the build leaves the modules as they are and everything runs as pure Python. ``build_ext`` records the hash
of each source it compiled in its package's folder (``RECORD``): a compiled module whose source changed since is
not used (``ccg.core.native.use_fresh_build``), so an edit to a source is never shadowed by an old build.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import Extension
from setuptools.command.build_ext import build_ext

# package -> its modules compiled to C; the Makefile's NATIVE_SOURCES lists the same files. A package compiled
# here calls ``use_fresh_build`` in its __init__, before it imports them.
COMPILED: dict[str, tuple[str, ...]] = {
    "ccg.core": ("state", "shuffle"),
    # the CO2 state and its rules: a candidate's move runs in C, reading and writing the state's fields directly
    "ccg.games.co2": ("state", "flow", "turn", "decisions", "economy", "scientists", "summits", "operations",
                      "expertise", "supply", "actions", "scoring", "variants"),
    "ccg.games.co2.strategy": ("position", "forecast", "values", "planner"),
    "ccg.games.chicago_express.strategy": ("clock", "position", "search", "routes", "values", "planner"),
    "ccg.games.catan.strategy": ("position", "values", "oil", "opening", "tactics", "trading", "planner"),
}
# Packages compiled into one shared library: GameState and Co2State as native classes (a copy writes C fields, a
# field is read without a lookup) and the CO2 strategist typed against Co2State. They are used only together
# (``ccg.core.native``: each one's record names the others). Every other package is a library of its own.
LINKED: tuple[tuple[str, ...], ...] = (("ccg.core", "ccg.games.co2", "ccg.games.co2.strategy"),)
# the record and the switch that ccg/core/native.py reads (this file runs where ccg cannot be imported)
RECORD = "_native.json"
PURE_PYTHON_VARIABLE = "CCG_PURE_PYTHON"
METADATA_ONLY = frozenset(("egg_info", "dist_info", "sdist", "check"))  # setup commands that compile nothing
ROOT = Path(__file__).resolve().parent


def linked_with(package: str) -> tuple[str, ...]:
    """The packages compiled into one shared library with ``package``, itself included, in ``COMPILED``'s order."""
    for packages in LINKED:
        if package in packages:
            return tuple(p for p in COMPILED if p in packages)
    return (package,)


def groups() -> list[tuple[str, ...]]:
    """Every shared library's packages, in ``COMPILED``'s order."""
    return list(dict.fromkeys(linked_with(package) for package in COMPILED))


def group(package: str) -> str:
    """The name of ``package``'s shared library, less mypyc's ``__mypyc`` ending: ccg_co2 (the linked CO2
    packages: the name of the middle one), ccg_catan_strategy, …"""
    packages = linked_with(package)
    return packages[len(packages) // 2].replace(".games.", "_").replace(".", "_")


def source_path(package: str, module: str) -> Path:
    return ROOT.joinpath(*package.split("."), f"{module}.py")


def source_hashes(package: str) -> dict[str, str]:
    return {m: hashlib.sha256(source_path(package, m).read_bytes()).hexdigest() for m in COMPILED[package]}


def _sources(package: str) -> list[str]:
    return [str(source_path(package, m).relative_to(ROOT)) for m in COMPILED[package]]


def native_extensions() -> list[Extension]:
    """mypyc's extensions for ``COMPILED``, or none (pure Python) when mypyc is missing, fails or is turned off."""
    if os.environ.get(PURE_PYTHON_VARIABLE):
        return []
    try:
        from mypyc.build import mypycify

        version = f"{sys.version_info[0]}.{sys.version_info[1]}"
        # The build environment holds only the build's requirements, so the packages ccg imports are missing
        # there: mypyc reads them as Any, reports no error in the modules it only imports (the project's own
        # checks are `make lint`'s, with every package installed), and keeps its cache in the build folder
        # (a checkout's .mypy_cache was written with those packages present).
        config = ROOT / "build" / "mypyc.ini"
        config.parent.mkdir(exist_ok=True)
        config.write_text("[mypy]\nignore_missing_imports = True\nfollow_imports = silent\n")
        # one type check for every package; a shared library per group of linked packages, so that build_ext
        # compiles them side by side (the groups never call each other's compiled code)
        return mypycify([path for package in COMPILED for path in _sources(package)]
                        + ["--python-version", version, "--config-file", str(config),
                           "--cache-dir", str(config.parent / "mypyc-cache")],
                        separate=[([path for p in packages for path in _sources(p)], group(packages[0]))
                                  for packages in groups()])
    except (Exception, SystemExit) as error:  # mypyc reports a type error by exiting
        print(f"ccg: the strategists are not compiled ({error!r}); they run as pure Python", file=sys.stderr)
        return []


def placeholders() -> list[Extension]:
    """What ``setup()`` is given: the names of the modules mypyc makes (each shared library first). mypyc itself
    runs only for a build (``BuildExt.finalize_options``), not for the steps that only write the metadata."""
    return [Extension(name, sources=[]) for packages in groups()
            for name in (f"{group(packages[0])}__mypyc", *(f"{p}.{m}" for p in packages for m in COMPILED[p]))]


class BuildExt(build_ext):
    """setuptools' build_ext that compiles with mypyc, tolerates a missing C compiler, and records the sources
    it compiled."""

    def finalize_options(self) -> None:
        if not METADATA_ONLY.issuperset(self.distribution.commands):
            self.distribution.ext_modules = native_extensions()
        if self.parallel is None:
            self.parallel = True  # one C compiler per core (a shared library per package)
        super().finalize_options()

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as error:  # no compiler, no Python headers: the pure-Python modules run instead
            print(f"ccg: the strategists are not compiled ({error!r}); they run as pure Python", file=sys.stderr)
            self.extensions = []
            return
        for package, modules in COMPILED.items():
            target = Path(self.get_ext_fullpath(f"{package}.{modules[0]}")).parent
            record = {"sources": source_hashes(package), "linked": [p for p in linked_with(package) if p != package]}
            (target / RECORD).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
