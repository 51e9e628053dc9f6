"""Where the message catalogs live, and how a language's catalog is loaded.

``ccg/locale/<lang>/LC_MESSAGES/ccg.po`` is the source a translator edits; ``ccg.mo`` beside it is
compiled from it (``make catalogs``, or :func:`compile_catalogs`) and is not kept in the repository.
A ``.mo`` that is missing or older than its ``.po`` is not used: the ``.po`` is then compiled in memory,
so a fresh checkout and an installed package without compiled catalogs still speak every language.
"""
from __future__ import annotations

import io
import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from .languages import AVAILABLE, SOURCE

DOMAIN = "ccg"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def read_catalog(lang: str) -> Catalog:
    """The ``.po`` catalog of a language as a Babel ``Catalog``."""
    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _compiled(lang: str) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, read_catalog(lang), use_fuzzy=False)
    return buf.getvalue()


def compile_catalogs(only_missing: bool = False, languages: Iterable[str] | None = None) -> list[Path]:
    """Write the ``.mo`` of every language (or of ``languages``) from its ``.po``; with ``only_missing``,
    only those missing or older than their ``.po``. Returns the files written."""
    written = []
    for lang in AVAILABLE if languages is None else languages:
        if lang == SOURCE:
            continue
        po, mo = po_path(lang), mo_path(lang)
        if not po.exists():
            raise FileNotFoundError(f"no message catalog for {lang!r}: expected {po}")
        if only_missing and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        partial = mo.with_name(f"{mo.name}.{os.getpid()}.tmp")  # parallel test workers may compile at once
        partial.write_bytes(_compiled(lang))
        os.replace(partial, mo)
        written.append(mo)
    return written


@lru_cache(maxsize=None)
def translations(lang: str) -> NullTranslations:
    """The gettext translations of a catalog code (English: the source, no catalog)."""
    if lang == SOURCE:
        return NullTranslations()
    po, mo = po_path(lang), mo_path(lang)
    if not po.exists() and not mo.exists():
        raise FileNotFoundError(f"no message catalog for {lang!r}: expected {po}")
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with open(mo, "rb") as f:
            return Translations(f, domain=DOMAIN)
    return Translations(io.BytesIO(_compiled(lang)), domain=DOMAIN)
