"""The languages ccg speaks, and how a user's or a browser's choice maps onto them.

English is the source language; every other language is a gettext catalog under ``ccg/locale``.
Codes follow Babel/CLDR: ``cs``, ``pl``, ``zh_Hant`` (Traditional Chinese). Common spellings are
accepted: ``cs-CZ``, ``pl_PL``, ``zh-TW``, ``zh-Hant-HK``, ``en-US``.
"""
from __future__ import annotations

from babel import Locale, UnknownLocaleError

SOURCE = "en"
AVAILABLE: tuple[str, ...] = ("en", "cs", "pl", "zh_Hant")


class UnknownLanguageError(ValueError):
    """A language code ccg has no catalog for (the message lists the available ones)."""


def describe_available() -> str:
    """``en (English), cs (čeština), …``: the available languages, each in its own name."""
    return ", ".join(f"{code} ({Locale.parse(code).display_name})" for code in AVAILABLE)


def language_names() -> dict[str, str]:
    """Each available language in its own name, for a language switch: ``{"cs": "čeština", …}``."""
    return {code: str(Locale.parse(code).get_display_name(code)) for code in AVAILABLE}


def html_lang(code: str) -> str:
    """The BCP 47 tag for a page's ``<html lang>`` (``zh_Hant`` → ``zh-Hant``, which makes a browser pick a
    Traditional Chinese font)."""
    return normalize(code).replace("_", "-")


def _match(tag: str) -> str | None:
    """The available language a language tag asks for, or None (``zh-TW`` → ``zh_Hant``)."""
    tag = tag.strip().replace("-", "_")
    if not tag or tag == "*":
        return None
    try:
        loc = Locale.parse(tag)  # fills in likely subtags: zh_TW → zh_Hant_TW, zh_CN → zh_Hans_CN
    except (ValueError, UnknownLocaleError, TypeError):
        return None
    if loc.language == "zh":
        return "zh_Hant" if loc.script == "Hant" else None
    return loc.language if loc.language in AVAILABLE else None


def normalize(code: str) -> str:
    """The catalog code for a language code, or UnknownLanguageError naming the available ones."""
    if not isinstance(code, str):
        raise UnknownLanguageError(f"a language is a code such as 'cs', got {code!r}; available: {describe_available()}")
    found = _match(code)
    if found is None:
        raise UnknownLanguageError(f"unknown language {code!r}; available: {describe_available()}")
    return found


def parse_accept_language(header: str | None) -> list[str]:
    """The language tags of an HTTP Accept-Language header, most wanted first (q=0 and ``*`` dropped)."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        tag = tag.strip()
        if not tag or tag == "*":
            continue
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0:
            ranked.append((-q, i, tag))
    return [tag for _, _, tag in sorted(ranked)]


def negotiate(header: str | None, default: str = SOURCE) -> str:
    """The available language a browser prefers (its Accept-Language header), else ``default``.

    Each tag, most wanted first, is tried with Babel's ``Locale.negotiate`` (``cs-CZ`` → ``cs``) and
    then by its script (``zh-TW`` → ``zh_Hant``); the first that matches wins.
    """
    for tag in parse_accept_language(header):
        found = Locale.negotiate([tag.replace("-", "_")], AVAILABLE, sep="_")
        if found is not None:
            return normalize(str(found))
        matched = _match(tag)
        if matched is not None:
            return matched
    return normalize(default)


def choose_language(chosen: str | None = None, remembered: str | None = None, accept_language: str | None = None,
                    default: str = SOURCE) -> str:
    """The language of a web page: the one the user just chose (``?lang=``), else the one remembered for them
    (a cookie), else their browser's (Accept-Language), else ``default``.

    An unknown ``chosen`` raises :class:`UnknownLanguageError` (answer it with a clear error); an unknown
    ``remembered`` value is passed over, since a cookie may outlive a language.
    """
    if chosen:
        return normalize(chosen)
    if remembered and _match(remembered) is not None:
        return normalize(remembered)
    return negotiate(accept_language, default)
