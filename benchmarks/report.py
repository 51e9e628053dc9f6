"""Writing a benchmark's figures into BENCHMARKS.md between its own markers, so each is re-measured alone."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

BENCHMARKS = Path(__file__).resolve().parent.parent / "BENCHMARKS.md"


def write_block(start: str, end: str, block: str, place: Callable[[str, str], str] | None = None,
                path: Path = BENCHMARKS) -> None:
    """Replace the text from ``start`` to ``end`` (both markers kept in ``block``) in ``path``.

    The first time (no markers yet) ``place(document, block)`` returns the new document; by default
    the block is appended at the end.
    """
    doc = path.read_text()
    if start in doc and end in doc:
        doc = re.sub(re.escape(start) + r".*?" + re.escape(end), lambda _: block, doc, flags=re.S)
    else:
        doc = place(doc, block) if place else doc.rstrip() + "\n\n" + block + "\n"
    path.write_text(doc)
