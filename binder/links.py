"""Write the README's Binder badges from the one repository setting in ``binder/repository``.

    python binder/links.py          # rewrite README.md between the binder-badges markers
    python binder/links.py --check  # exit 1 if README.md is out of date (the tests run this)
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START, END = "<!-- binder-badges -->", "<!-- /binder-badges -->"
LINKS = (
    ("the tour", "lab/tree/notebooks/00_tour.ipynb"),
    ("the what-if lab", "voila/render/widgets/what_if_lab.ipynb"),
)
_SLUG = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}$")


def repository() -> str:
    """The ``owner/name`` written in binder/repository (comment lines skipped)."""
    lines = [ln.strip() for ln in (ROOT / "binder" / "repository").read_text().splitlines()]
    slugs = [ln for ln in lines if ln and not ln.startswith("#")]
    if len(slugs) != 1 or not _SLUG.match(slugs[0]):
        raise SystemExit("binder/repository must hold one line 'owner/name'")
    return slugs[0]


def badges(slug: str) -> str:
    return "\n".join(
        f"[![Binder: {title}](https://mybinder.org/badge_logo.svg)]"
        f"(https://mybinder.org/v2/gh/{slug}/HEAD?urlpath={path})" for title, path in LINKS)


def rewritten(text: str, slug: str) -> str:
    if START not in text or END not in text:
        raise SystemExit(f"README.md has no {START} … {END} block")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{badges(slug)}\n{END}{tail}"


def main(argv: list[str]) -> int:
    readme = ROOT / "README.md"
    text = readme.read_text()
    new = rewritten(text, repository())
    if "--check" in argv:
        if new != text:
            print("README.md's Binder badges differ from binder/repository: run `make binder-links`")
            return 1
        return 0
    readme.write_text(new)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
