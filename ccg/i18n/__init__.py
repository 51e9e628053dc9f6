"""Languages: gettext catalogs (Babel) for every text a teacher or student reads, and Babel's number,
money and date formats.

>>> import ccg
>>> ccg.set_language("cs")              # the process default (English until set)
'cs'
>>> from ccg.i18n import lang, term, format_money
>>> with lang("pl"):                    # this thread or task only (a classroom server: one per table)
...     term("catan", "resource", "oil"), format_money(1234)
('Ropa', '1\xa0234\xa0$')

English is the source; ``cs``, ``pl`` and ``zh_Hant`` are catalogs under ``ccg/locale`` (``make catalogs``
compiles them, ``make i18n-update`` extracts new messages into them). The engines' notation, developer
logs and exceptions raised to Python code stay English.
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
from .rules import rule_title
from .terms import game_title, kinds, term

__all__ = [
    "AVAILABLE", "N_", "NP_", "SOURCE", "UnknownLanguageError", "_", "choose_language", "compile_catalogs", "format_coins", "format_date",
    "format_datetime", "format_list", "format_money", "format_number", "format_percent", "format_ppm", "format_time",
    "game_title", "get_language", "gettext", "html_lang", "kinds", "language_names", "lang", "lazy_gettext", "lazy_ngettext", "lazy_pgettext",
    "negotiate", "ngettext", "normalize", "npgettext", "parse_accept_language", "pgettext", "rule_title", "set_language", "term",
    "translations",
]
