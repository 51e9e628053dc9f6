"""What every ``ccg`` command shares: the parser class, the common arguments, the errors a command raises."""
from __future__ import annotations

import argparse
from typing import NoReturn

__all__ = ["CommandFailed", "Parser", "add_common", "add_precision"]


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


class CommandFailed(Exception):
    """A command that ran and failed (not a bad argument): one ``error:`` line, exit status 1."""


def add_common(p: argparse.ArgumentParser, *, players: bool = True) -> None:
    """The arguments of every command that plays games: players, seed, options, rules, where games run."""
    if players:
        p.add_argument("--players", type=int, metavar="N", help="number of players (default: the game's usual count)")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="root seed; every game's seed is derived from it, so runs are reproducible (default 0)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, e.g. --option variant=beginner (repeatable; see 'ccg describe GAME')")
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule-parameter override, e.g. --rule ppm.coal=50 (repeatable)")
    p.add_argument("--max-actions", type=int, metavar="N",
                   help="safety net: stop a game after N actions and mark it truncated (default: the game's own limit)")
    p.add_argument("--backend", choices=["serial", "processes", "dask"], default="serial",
                   help="where games run: serial (default), a local process pool, or Dask")
    p.add_argument("--workers", type=int, metavar="N",
                   help="worker processes for --backend processes or a local Dask cluster (default: CPU count)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="address of a running Dask scheduler (e.g. tcp://10.0.0.5:8786); implies --backend dask")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def add_precision(p: argparse.ArgumentParser) -> None:
    """``--precision`` and ``--headline``: stop a run once its headline figure is precise enough."""
    p.add_argument("--precision", type=float, metavar="PM",
                   help="stop once the headline's 95%% interval is within +-PM (e.g. 0.1); --games is then the cap. "
                        "The progress bar shows the running win shares")
    p.add_argument("--headline", metavar="SEAT|COLUMN",
                   help="what --precision applies to: a seat number or a yes/no outcome column such as planet_lost "
                        "(default: every seat's win share)")

