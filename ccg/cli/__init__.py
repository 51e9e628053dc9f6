"""The ``ccg`` command line: games, describe, simulate, sweep, tournament, classroom.

Every sub-command validates its arguments before playing anything; a bad
argument prints one line ``ccg <command>: error: …`` to stderr and exits with
status 2. ``python -m ccg`` is the same program.

Each command lives in its own module (:mod:`ccg.cli.play`, :mod:`ccg.cli.classroom`), which adds its
parser and names the function that carries it out (``set_defaults(run=…)``). Building the parser
imports no heavy library: ``ccg --help`` loads neither pandas nor the classroom's server.
"""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from . import classroom, play
from .parsing import CommandFailed, Parser

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The ``ccg`` parser with every sub-command."""
    parser = Parser(
        prog="ccg",
        description="Play, simulate and sweep climate-economics board games (CO2, Chicago Express, Catan).",
        epilog="Run 'ccg COMMAND --help' for the options of a command.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    play.add_parsers(sub)
    classroom.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ccg`` command (and ``python -m ccg``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a bad argument (2), already printed
        return int(exc.code or 0)
    if args.command is None:
        parser.print_help()
        return 2
    prog = f"ccg {args.command}"
    try:
        status: int = args.run(args)
        return status
    except (ValueError, ImportError) as exc:  # a bad argument: one line, status 2
        print(f"{prog}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    except CommandFailed as exc:
        print(f"{prog}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # pragma: no cover - interactive
        print("interrupted", file=sys.stderr)
        return 130
