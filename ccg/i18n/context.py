"""The current language: a process default plus a per-context override, and gettext in it.

``set_language("pl")`` sets the default for the whole process. ``with lang("cs"):`` overrides it
for the code running inside the block only, in this thread or asyncio task (a ``ContextVar``), so one
server can answer a Czech table and a Polish table at the same time.
"""
from __future__ import annotations

import operator
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from babel.support import LazyProxy

from .catalogs import translations
from .languages import SOURCE, normalize

_default = SOURCE
_current: ContextVar[str | None] = ContextVar("ccg_language", default=None)


def set_language(code: str) -> str:
    """Make ``code`` the process's default language (``en``, ``cs``, ``pl``, ``zh_Hant``); returns its catalog code.

    An unknown code raises :class:`UnknownLanguageError` listing the available ones and changes nothing.
    """
    global _default
    found = normalize(code)
    translations(found)  # a missing catalog fails here, not at the first message
    _default = found
    return found


def get_language() -> str:
    """The language of the current context (a ``lang`` block), else the process default."""
    return _current.get() or _default


@contextmanager
def lang(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the block (this thread or task only); ``None`` keeps the current language."""
    found = get_language() if code is None else normalize(code)
    translations(found)
    token = _current.set(found)
    try:
        yield found
    finally:
        _current.reset(token)


def gettext(message: str) -> str:
    """``message`` in the current language (English source text if it has no translation)."""
    return translations(get_language()).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n`` (an int or numpy integer), by the current language's plural rules."""
    return translations(get_language()).ngettext(singular, plural, operator.index(n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` (the name of the game it belongs to)."""
    return str(translations(get_language()).pgettext(context, message))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return str(translations(get_language()).npgettext(context, singular, plural, operator.index(n)))


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (translate it where it is shown)."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` for extraction with its ``context`` (a game), without translating it now; show it with
    ``pgettext(context, message)``."""
    return message


def lazy_gettext(message: str) -> LazyProxy:
    """A string that translates itself each time it is used, in the language current then."""
    return LazyProxy(gettext, message, enable_cache=False)


def lazy_pgettext(context: str, message: str) -> LazyProxy:
    return LazyProxy(pgettext, context, message, enable_cache=False)


def lazy_ngettext(singular: str, plural: str, n: int) -> LazyProxy:
    return LazyProxy(ngettext, singular, plural, n, enable_cache=False)
