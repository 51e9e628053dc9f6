"""Build step: the CO2 strategist's valuation compiled with mypyc, the compiler that ships with mypy.

The strategist values every candidate position in pure Python; compiled to C by mypyc from the same sources
(``COMPILED``), a CO2 decision costs about a fifth less CPU and plays exactly the same moves
(tests/co2/test_co2_native.py). Without a C compiler, or with ``CCG_PURE_PYTHON=1`` set, the build leaves
the modules as they are and the strategist runs as pure Python. ``build_ext`` records the hash of each source
it compiled (``RECORD``): a compiled module whose source changed since is not used
(``ccg.core.native.use_fresh_build``), so an edit to a source is never shadowed by an old build.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import Extension
from setuptools.command.build_ext import build_ext

PACKAGE = "ccg.games.co2.strategy"
COMPILED = ("position", "forecast", "values", "planner")  # the Makefile's NATIVE_SOURCES lists them too
GROUP = "ccg_co2_strategy"  # mypyc's shared library: ccg_co2_strategy__mypyc
# the record and the switch that ccg/core/native.py reads (this file runs where ccg cannot be imported)
RECORD = "_native.json"
PURE_PYTHON_VARIABLE = "CCG_PURE_PYTHON"
METADATA_ONLY = frozenset(("egg_info", "dist_info", "sdist", "check"))  # setup commands that compile nothing
ROOT = Path(__file__).resolve().parent


def source_path(module: str) -> Path:
    return ROOT.joinpath(*PACKAGE.split("."), f"{module}.py")


def source_hashes() -> dict[str, str]:
    return {m: hashlib.sha256(source_path(m).read_bytes()).hexdigest() for m in COMPILED}


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
        return mypycify([str(source_path(m).relative_to(ROOT)) for m in COMPILED]
                        + ["--python-version", version, "--config-file", str(config),
                           "--cache-dir", str(config.parent / "mypyc-cache")],
                        group_name=GROUP)
    except (Exception, SystemExit) as error:  # mypyc reports a type error by exiting
        print(f"ccg: the CO2 strategist is not compiled ({error!r}); it runs as pure Python", file=sys.stderr)
        return []


def placeholders() -> list[Extension]:
    """What ``setup()`` is given: the names of the modules mypyc makes (its shared library first). mypyc itself
    runs only for a build (``BuildExt.finalize_options``), not for the steps that only write the metadata."""
    return [Extension(name, sources=[]) for name in (f"{GROUP}__mypyc", *(f"{PACKAGE}.{m}" for m in COMPILED))]


class BuildExt(build_ext):
    """setuptools' build_ext that compiles with mypyc, tolerates a missing C compiler, and records the sources
    it compiled."""

    def finalize_options(self) -> None:
        if not METADATA_ONLY.issuperset(self.distribution.commands):
            self.distribution.ext_modules = native_extensions()
        super().finalize_options()

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as error:  # no compiler, no Python headers: the pure-Python modules run instead
            print(f"ccg: the CO2 strategist is not compiled ({error!r}); it runs as pure Python", file=sys.stderr)
            self.extensions = []
            return
        target = Path(self.get_ext_fullpath(f"{PACKAGE}.{COMPILED[0]}")).parent
        (target / RECORD).write_text(json.dumps({"sources": source_hashes()}, indent=1, sort_keys=True) + "\n")
