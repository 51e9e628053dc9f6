"""Numbers, game money, CO2 coins and levels, dates: Babel's formats for each language."""
from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from ccg.i18n import (
    format_coins,
    format_date,
    format_datetime,
    format_list,
    format_money,
    format_number,
    format_percent,
    format_ppm,
    lang,
)

NBSP = "\u00a0"


@pytest.mark.parametrize("code, number, money", [
    ("en", "1,234.5", "$1,234"),
    ("cs", f"1{NBSP}234,5", f"1{NBSP}234{NBSP}$"),
    ("pl", f"1{NBSP}234,5", f"1{NBSP}234{NBSP}$"),
    ("zh_Hant", "1,234.5", "$1,234"),
])
def test_numbers_and_game_dollars_are_written_the_languages_way(code, number, money):
    assert format_number(1234.5, code) == number
    assert format_money(1234, code) == money
    with lang(code):  # the current language when none is given
        assert format_number(1234.5) == number
        assert format_money(1234) == money


def test_a_number_with_fixed_decimals():
    assert format_number(0.1, "en", digits=2) == "0.10"
    assert format_number(1234.5, "pl", digits=2) == f"1{NBSP}234,50"
    assert format_number(0.125, "cs", digits=1) == "0,1"
    assert format_number(2.6, "en", digits=0) == "3"


def test_game_money_is_whole_dollars_and_a_debt_keeps_its_sign():
    assert format_money(0, "en") == "$0"
    assert format_money(-3, "en") == "-$3"
    assert format_money(-3, "cs") == f"-3{NBSP}$"
    assert format_money(np.int64(7), "pl") == f"7{NBSP}$"  # engines may hold numpy integers
    assert format_number(np.int64(1234), "cs") == f"1{NBSP}234"
    assert format_coins(np.int64(3), "cs") == "3 mince"
    for bad in (2.5, "5", True, None, np.float64(2.0)):
        with pytest.raises(TypeError, match="whole number of dollars"):
            format_money(bad, "en")  # type: ignore[arg-type]


@pytest.mark.parametrize("code, counts", [
    ("en", ["1 coin", "2 coins", "5 coins"]),
    ("cs", ["1 mince", "2 mince", "5 mincí"]),        # the Czech rulebook: "3, 4, 4, 5, 5 mincí"
    ("pl", ["1 moneta", "2 monety", "5 monet"]),
    ("zh_Hant", ["1 塊錢", "2 塊錢", "5 塊錢"]),       # the Chinese summary: "3、4、4、5、5塊錢"
])
def test_co2_coins_take_the_plural_of_the_language(code, counts):
    assert [format_coins(n, code) for n in (1, 2, 5)] == counts


def test_coins_are_numbers_of_the_language():
    assert format_coins(1500, "cs") == f"1{NBSP}500 mincí"
    assert format_coins(1500, "en") == "1,500 coins"


def test_co2_levels_and_percentages():
    assert format_ppm(350, "en") == f"350{NBSP}ppm"
    assert format_ppm(1200, "pl") == f"1{NBSP}200{NBSP}ppm"
    assert format_percent(0.256, "en") == "26%"
    assert format_percent(0.256, "cs", digits=1) == f"25,6{NBSP}%"
    assert format_percent(0.5, "zh_Hant") == "50%"


def test_dates_follow_the_language():
    day = dt.date(2026, 12, 2)
    assert format_date(day, "en") == "Dec 2, 2026"
    assert format_date(day, "cs") == "2. 12. 2026"
    assert format_date(day, "pl") == "2 gru 2026"
    assert format_date(day, "zh_Hant") == "2026年12月2日"
    moment = dt.datetime(2026, 12, 2, 14, 5, tzinfo=dt.timezone.utc)
    assert "14:05" in format_datetime(moment, "cs")
    assert "2:05" in format_datetime(moment, "en")


def test_an_unknown_language_is_refused_by_the_formatters_too():
    with pytest.raises(ValueError, match="available"):
        format_number(1, "xx")


@pytest.mark.parametrize("code, three", [
    ("en", "PRR, B&O and NYC"),  # the descriptions' house style: no serial comma
    ("cs", f"PRR, B&O a{NBSP}NYC"),  # Czech typography: no single-letter word at a line end
    ("pl", "PRR, B&O i NYC"),
    ("zh_Hant", "PRR、B&O和NYC"),
])
def test_lists_are_joined_the_languages_way(code, three):
    assert format_list(["PRR", "B&O", "NYC"], code) == three
    assert format_list(["PRR"], code) == "PRR"
    with lang(code):
        assert format_list(["PRR", "B&O", "NYC"]) == three
    with pytest.raises(ValueError, match="at least one item"):
        format_list([], code)
