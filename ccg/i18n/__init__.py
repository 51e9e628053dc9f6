"""Languages: gettext catalogs (Babel) for every text a teacher or student reads, and Babel's number,
money and date formats.

>>> import ccg
>>> ccg.set_language("cs")              # the process default (English until set)
'cs'
>>> from ccg.i18n import lang, format_money
>>> with lang("pl"):                    # this thread or task only (a classroom server: one per table)
...     format_money(1234)
'1\xa0234\xa0$'

English is the source; ``cs``, ``pl`` and ``zh_Hant`` are catalogs under ``ccg/locale`` (``make catalogs``
compiles them, ``make i18n-update`` extracts new messages into them). The engines' notation, developer
logs and exceptions raised to Python code stay English. This layer names no game: each game declares its own
words (title, names of its things, titles of its rules' sections) on its ``GameSpec`` (``ccg.core.glossary``).
"""
from __future__ import annotations

from .catalogs import compile_catalogs, translations
from .context import (
    N_,
    NP_,
    _,
    get_language,
    gettext,
    lang,
    lazy_gettext,
    lazy_ngettext,
    lazy_pgettext,
    ngettext,
    npgettext,
    pgettext,
    set_language,
)
from .formatting import (
    format_coins,
    format_date,
    format_datetime,
    format_list,
    format_money,
    format_number,
    format_percent,
    format_ppm,
    format_time,
)
from .languages import (
    AVAILABLE,
    SOURCE,
    UnknownLanguageError,
    choose_language,
    html_lang,
    language_names,
    negotiate,
    normalize,
    parse_accept_language,
)

__all__ = [
    "AVAILABLE", "N_", "NP_", "SOURCE", "UnknownLanguageError", "_", "choose_language", "compile_catalogs", "format_coins", "format_date",
    "format_datetime", "format_list", "format_money", "format_number", "format_percent", "format_ppm", "format_time",
    "get_language", "gettext", "html_lang", "language_names", "lang", "lazy_gettext", "lazy_ngettext", "lazy_pgettext",
    "negotiate", "ngettext", "normalize", "npgettext", "parse_accept_language", "pgettext", "set_language",
    "translations",
]
