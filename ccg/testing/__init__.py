"""The conformance suite, for game authors: does a game keep every promise the generic layers rely on?

Run it on your game from a test::

    import ccg.testing

    def test_my_game_conforms():
        ccg.testing.check_game("mygame")          # every check, every SPEC.conformance_configs entry

or one pytest test per check and configuration (each failure named on its own)::

    import pytest
    import ccg.testing

    @pytest.mark.parametrize("case", ccg.testing.cases(["mygame"]), ids=ccg.testing.case_id)
    def test_conformance(case):
        ccg.testing.run_case(case)

The checks (:data:`CHECKS`, in ``ccg/testing/checks.py``) play seeded random games of each configuration
the game's ``SPEC.conformance_configs`` lists and assert the contracts of ``ccg/games/README.md``: games
end and keep their invariants, determinism in and across processes (other hash seeds, disturbed global
generators), JSON and position-string round trips that play on identically, ``child`` = ``clone`` +
``apply``, replay of records, illegal input refused without a change, notation round trips, every legal
action described with a rule id of the game's own digest, observations and determinizations that hide
what a seat may not see (and do not depend on it), malformed positions refused with
``InvalidPositionError``, nothing handed out live, and the declarations of the game's ``SPEC`` (secret
moves, a seat's secrets and its board drawn from its observation only).

``uncited_rules(game, folder)`` lists the ids of the game's rules digest its code does not cite (every rule is
findable by its id in the code that implements it).

A check raises :class:`ConformanceError` (a subclass of ``AssertionError``) saying what broke; it needs no
pytest. The checks test explicitly (:func:`require`), never with ``assert``, so the suite means the same
under ``python -O``. A game registered at run time (``ccg.core.register``) is checked too: the cross-process check re-registers it in the fresh interpreter
from the module ``ccg.core.game_module(name)`` names, importable through the caller's ``sys.path``.
``CCG_CONFORMANCE_GAMES`` (default 3; `make fuzz` plays 12) sets how many whole random games the first check plays.
"""
from __future__ import annotations

from typing import Any, Callable

from .checks import CHECKS
from .errors import ConformanceError, require
from .play import BROKEN, Config, config_id, configurations, random_game, run_python, sample_states
from .rules import cited, uncited_rules

__all__ = ["CHECKS", "Case", "ConformanceError", "case_id", "cases", "check_game", "cited", "config_id", "configurations",
           "random_game", "require", "run_case", "run_python", "sample_states", "uncited_rules"]

# (check name, (game, new_game kwargs))
Case = tuple[str, Config]


def cases(games: list[str] | None = None, checks: list[str] | None = None) -> list[Case]:
    """Every (check, configuration) pair for ``games`` (default: every registered game) and ``checks``
    (default: all of :data:`CHECKS`), for ``pytest.mark.parametrize``."""
    names = list(CHECKS) if checks is None else checks
    unknown = [c for c in names if c not in CHECKS]
    if unknown:
        raise ValueError(f"unknown conformance checks {unknown}; the checks are {', '.join(CHECKS)}")
    configs = configurations(games)
    return [(check, item) for check in names for item in configs]


def case_id(case: Case) -> str:
    """A readable test id: ``notation_round_trips-co2[players=4]``."""
    check, item = case
    return f"{check}-{config_id(item)}"


def run_case(case: Case) -> None:
    """Run one check on one configuration (ConformanceError when the game breaks it)."""
    check, (name, cfg) = case
    if BROKEN in cfg:
        raise ConformanceError(f"{name} cannot be loaded: {cfg[BROKEN]}")
    CHECKS[check](name, dict(cfg))


def check_game(name: str, configs: list[dict[str, Any]] | None = None, checks: list[str] | None = None,
               progress: Callable[[str], None] | None = None) -> None:
    """Run the conformance checks on the game ``name``: each of ``checks`` (default all) on each of
    ``configs`` (default its ``SPEC.conformance_configs``); ``progress(case id)`` is called before each.
    The first failure raises ConformanceError naming its check and configuration."""
    todo = cases([name], checks)
    if configs is not None:
        todo = [(check, (name, dict(cfg))) for check in dict.fromkeys(c for c, _ in todo) for cfg in configs]
    for case in todo:
        if progress is not None:
            progress(case_id(case))
        try:
            run_case(case)
        except AssertionError as e:  # a ConformanceError, or an assert of the game's own code
            raise ConformanceError(f"{case_id(case)}: {e}") from e
