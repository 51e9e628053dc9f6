"""How the simulated players behave, game by game: the "Agents' behaviour" section of BENCHMARKS.md.

    .venv/bin/python benchmarks/agents_behaviour.py co2 --games 200 --workers 2 --write

Each game's measurements live in ``benchmarks/behaviour_<game>.py``, whose ``main(args)``
plays its tables (seats rotated, 95 % Wilson intervals) and returns the markdown of its
subsection. ``--write`` puts that markdown into BENCHMARKS.md between the markers
``<!-- behaviour:<game> -->`` and ``<!-- /behaviour:<game> -->`` (added at the end of the
"Agents' behaviour" section the first time), so games are re-measured independently.
"""
from __future__ import annotations

import argparse
import importlib
import platform
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT.parent))

from report import write_block  # noqa: E402

SECTION = "## Agents' behaviour"


def machine() -> str:
    import os

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"load average {load:.1f} at the start")


def write_section(game: str, markdown: str, path: Path = ROOT.parent / "BENCHMARKS.md") -> None:
    """Put ``markdown`` between the game's markers; the first time, at the end of the behaviour section."""
    def under_section(text: str, block: str) -> str:
        if SECTION not in text:
            text = text.rstrip() + f"\n\n{SECTION}\n\nProduced by `benchmarks/agents_behaviour.py`.\n"
        head, _, tail = text.partition(SECTION)
        nxt = re.search(r"^## ", tail, flags=re.M)
        cut = nxt.start() if nxt else len(tail)
        return (head + SECTION + tail[:cut].rstrip() + "\n\n" + block + "\n\n" + tail[cut:]).rstrip() + "\n"

    start, end = f"<!-- behaviour:{game} -->", f"<!-- /behaviour:{game} -->"
    write_block(start, end, f"{start}\n{markdown.strip()}\n{end}", under_section, path)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=200, help="games per row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--backend", default="processes", choices=("serial", "processes", "dask"))
    ap.add_argument("--write", action="store_true", help="write the subsection into BENCHMARKS.md")
    args, rest = ap.parse_known_args(argv)
    try:
        module = importlib.import_module(f"behaviour_{args.game}")
    except ModuleNotFoundError:
        raise SystemExit(f"error: no benchmarks/behaviour_{args.game}.py") from None
    args.rest = rest
    args.machine = machine()
    markdown = module.main(args)
    print(markdown)
    if args.write:
        write_section(args.game, markdown)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
