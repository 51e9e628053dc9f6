"""Numbers, game money and dates written the way the current language writes them (Babel, CLDR data).

Every function takes ``lang=None`` (the current language, see :func:`get_language`) or a code.
Game money is dollars in both games that have money (CO2's coins and Chicago Express's banknotes
print ``$``): :func:`format_money` keeps the ``$`` sign and whole amounts, and places the sign where
the language places a currency sign (``$1,234`` in English and Chinese, ``1 234 $`` in Czech and Polish).
"""
from __future__ import annotations

import datetime as dt
import operator
from decimal import Decimal
from functools import lru_cache

from babel import Locale, dates, lists, numbers

from .context import get_language, ngettext
from .context import lang as in_language
from .languages import normalize

Number = int | float | Decimal


def _locale(lang: str | None) -> str:
    return get_language() if lang is None else normalize(lang)


def format_number(value: Number, lang: str | None = None, digits: int | None = None) -> str:
    """``1234.5`` → ``1,234.5`` (en), ``1 234,5`` (cs, pl); ``digits``: exactly that many decimals (``0.10``)."""
    if digits is None:
        return numbers.format_decimal(value, locale=_locale(lang))
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    return numbers.format_decimal(value, format=pattern, locale=_locale(lang), decimal_quantization=True)


def format_percent(value: Number, lang: str | None = None, digits: int = 0) -> str:
    """A share (0.25) as a percentage: ``25%`` (en), ``25 %`` (cs); ``digits`` decimals."""
    loc = _locale(lang)
    pattern = Locale.parse(loc).percent_formats[None].pattern  # "#,##0%", "#,##0 %" …
    if digits:
        pattern = pattern.replace("0", "0." + "0" * digits, 1)
    return numbers.format_percent(value, format=pattern, locale=loc)


def format_money(amount: int, lang: str | None = None) -> str:
    """Game dollars, whole: ``$12`` (en, zh_Hant), ``12 $`` (cs, pl); ``-$3`` for a debt."""
    try:
        if isinstance(amount, bool):
            raise TypeError
        amount = operator.index(amount)  # int, numpy integers
    except TypeError:
        raise TypeError(f"game money is a whole number of dollars, got {amount!r}") from None
    return _money(_locale(lang), amount)


@lru_cache(maxsize=8192)
def _money(code: str, amount: int) -> str:
    """An amount in a language, remembered: the move descriptions write the same few amounts very often."""
    loc = Locale.parse(code)
    pattern = loc.currency_formats["standard"].pattern.split(";")[0]
    return numbers.format_decimal(amount, format=pattern.replace(".00", "").replace("¤", "$"), locale=loc)


def format_coins(n: int, lang: str | None = None) -> str:
    """A count of coins with its plural: ``1 coin``, ``5 coins``; ``2 mince``, ``5 mincí``."""
    with in_language(lang):
        return ngettext("%(num)s coin", "%(num)s coins", n) % {"num": format_number(n)}


def format_list(items: list[str], lang: str | None = None) -> str:
    """Items joined the way the language lists them (CLDR): ``a, b a c`` (cs), ``a, b i c`` (pl), ``a、b和c``
    (zh_Hant); English without the serial comma, the descriptions' house style: ``a, b and c``."""
    if not items:
        raise ValueError("a list to format needs at least one item")
    return _list(_locale(lang), tuple(items))


@lru_cache(maxsize=8192)
def _list(code: str, items: tuple[str, ...]) -> str:
    if code == "en":
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    return lists.format_list(list(items), locale=code)


def format_ppm(level: Number, lang: str | None = None) -> str:
    """A concentration in parts per million: ``350 ppm``, with the language's digits grouping (a no-break space before the unit)."""
    return f"{format_number(level, lang)}\u00a0ppm"


def format_date(value: dt.date, lang: str | None = None, length: str = "medium") -> str:
    """A date (``Dec 2, 2026``; ``2. 12. 2026``; ``2 gru 2026``; ``2026年12月2日``)."""
    return dates.format_date(value, format=length, locale=_locale(lang))


def format_datetime(value: dt.datetime, lang: str | None = None, length: str = "medium") -> str:
    """A date and time, in the value's own time zone when it has one."""
    return dates.format_datetime(value, format=length, tzinfo=value.tzinfo, locale=_locale(lang))


def format_time(value: dt.time | dt.datetime, lang: str | None = None, length: str = "short") -> str:
    return dates.format_time(value, format=length, locale=_locale(lang))
