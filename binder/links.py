"""Write the README's Binder badges from the one repository setting in ``binder/repository``.

    python binder/links.py          # fill binder/repository from the git remote if it is empty, rewrite README.md
    python binder/links.py --check  # exit 1 if README.md does not follow binder/repository (the tests run this)

``binder/repository`` holds one line ``owner/name`` (the GitHub repository Binder builds). While it holds
none, ``make binder-links`` takes it from the ``origin`` remote when that is a GitHub address; with neither,
the README says how to enable the badges instead of showing a link to a repository that does not exist.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTING = ROOT / "binder" / "repository"
START, END = "<!-- binder-badges -->", "<!-- /binder-badges -->"
LINKS = (
    ("the tour", "lab/tree/notebooks/00_tour.ipynb"),
    ("the what-if lab", "voila/render/widgets/what_if_lab.ipynb"),
)
_SLUG = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}$")
_REMOTE = re.compile(r"github\.com[:/]([A-Za-z0-9][A-Za-z0-9-]{0,38}/[A-Za-z0-9._-]{1,100}?)(?:\.git)?/?$")
PLACEHOLDERS = ("OWNER", "USER", "USERNAME", "YOUR-NAME", "EXAMPLE")
NO_REPOSITORY = ("No Binder badges yet: the repository is not known. Put its GitHub `owner/name` into "
                 "`binder/repository` (or add a GitHub `origin` remote) and run `make binder-links`.")


def setting() -> str | None:
    """The ``owner/name`` written in binder/repository (comment lines skipped), or None while it holds none."""
    lines = [ln.strip() for ln in SETTING.read_text().splitlines()]
    slugs = [ln for ln in lines if ln and not ln.startswith("#")]
    if not slugs:
        return None
    if len(slugs) != 1 or not _SLUG.match(slugs[0]):
        raise SystemExit(f"binder/repository must hold one line 'owner/name', got {slugs}")
    if slugs[0].split("/")[0].upper() in PLACEHOLDERS:
        raise SystemExit(f"binder/repository holds a placeholder ({slugs[0]}): write the real owner/name")
    return slugs[0]


def remote_slug(url: str) -> str | None:
    """``owner/name`` of a GitHub remote address (https or ssh), None for any other address."""
    m = _REMOTE.search(url.strip())
    return m.group(1) if m else None


def git_remote() -> str | None:
    done = subprocess.run(["git", "remote", "get-url", "origin"], cwd=ROOT, capture_output=True, text=True)
    return remote_slug(done.stdout) if done.returncode == 0 else None


def badges(slug: str | None) -> str:
    if slug is None:
        return NO_REPOSITORY
    return "\n".join(
        f"[![Binder: {title}](https://mybinder.org/badge_logo.svg)]"
        f"(https://mybinder.org/v2/gh/{slug}/HEAD?urlpath={path})" for title, path in LINKS)


def rewritten(text: str, slug: str | None) -> str:
    if START not in text or END not in text:
        raise SystemExit(f"README.md has no {START} … {END} block")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{badges(slug)}\n{END}{tail}"


def main(argv: list[str]) -> int:
    readme = ROOT / "README.md"
    text = readme.read_text()
    slug = setting()
    if "--check" in argv:
        if rewritten(text, slug) != text:
            print("README.md's Binder badges differ from binder/repository: run `make binder-links`")
            return 1
        return 0
    if slug is None and (slug := git_remote()) is not None:
        SETTING.write_text(SETTING.read_text().rstrip("\n") + f"\n{slug}\n")
    readme.write_text(rewritten(text, slug))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
