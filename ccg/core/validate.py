"""Field checks for games' position loaders, done by msgspec: each raises InvalidPositionError naming the field.

A loader reads each saved field through one of these (``int_list(d["coins"], "coins", n, 0, MAX)``):
msgspec checks the type, the bounds and the length (``strict``: no bool for an int, no float for an
int), and the error names the field and, inside a list, the index (``coins[2]: Expected `int` >= 0``).
What relates several fields stays with the game's loader (``_fail`` for its errors).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, Iterable, Literal

import msgspec
from msgspec import Meta

from .errors import InvalidPositionError


def _fail(field: str, problem: str) -> InvalidPositionError:
    return InvalidPositionError(f"invalid position: {field}: {problem}")


def _convert(value: Any, kind: Any, field: str, allowed: tuple[str, ...] | None = None) -> Any:
    try:
        return msgspec.convert(value, kind, strict=True)
    except msgspec.ValidationError as e:
        problem, sep, path = str(e).rpartition(" - at `$")
        if not sep:
            problem, path = str(e), ""
        if allowed is not None and problem.startswith("Invalid enum value"):
            problem += f"; allowed: {list(allowed)}"
        raise _fail(field + path.rstrip("`"), problem) from None


@lru_cache(maxsize=None)
def _int(lo: int | None, hi: int | None) -> Any:
    return Annotated[int, Meta(ge=lo, le=hi)]


@lru_cache(maxsize=None)
def _list(item: Any, length: int | None, max_length: int | None) -> Any:
    return Annotated[list[item], Meta(min_length=length, max_length=length if length is not None else max_length)]


@lru_cache(maxsize=None)
def _one_of(choices: tuple[str, ...] | None) -> Any:
    return str if choices is None else Literal[choices]


def get(d: Any, key: str, where: str = "state") -> Any:
    if not isinstance(d, dict):
        raise _fail(where, "must be an object")
    if key not in d:
        raise _fail(f"{where}.{key}", "missing")
    return d[key]


def as_int(value: Any, field: str, lo: int | None = None, hi: int | None = None) -> int:
    return _convert(value, _int(lo, hi), field)  # type: ignore[no-any-return]


def as_bool(value: Any, field: str) -> bool:
    return _convert(value, bool, field)  # type: ignore[no-any-return]


def as_str(value: Any, field: str, choices: Iterable[str] | None = None) -> str:
    allowed = None if choices is None else tuple(choices)
    return _convert(value, _one_of(allowed), field, allowed)  # type: ignore[no-any-return]


def as_list(value: Any, field: str, length: int | None = None, max_length: int | None = None) -> list[Any]:
    if type(value) is not list:  # a list as saved (msgspec would also take a tuple)
        raise _fail(field, f"must be a list, got {type(value).__name__}")
    return _convert(value, _list(Any, length, max_length), field)  # type: ignore[no-any-return]


def int_list(value: Any, field: str, length: int | None = None, lo: int | None = None, hi: int | None = None) -> list[int]:
    as_list(value, field)
    return _convert(value, _list(_int(lo, hi), length, None), field)  # type: ignore[no-any-return]


def str_list(value: Any, field: str, length: int | None = None, choices: Iterable[str] | None = None) -> list[str]:
    as_list(value, field)
    allowed = None if choices is None else tuple(choices)
    return _convert(value, _list(_one_of(allowed), length, None), field, allowed)  # type: ignore[no-any-return]


def as_dict(value: Any, field: str, keys: Iterable[str] | None = None) -> dict[str, Any]:
    if type(value) is not dict:
        raise _fail(field, f"must be an object, got {type(value).__name__}")
    if keys is not None:
        keys = list(keys)
        missing = [k for k in keys if k not in value]
        extra = [k for k in value if k not in keys]
        if missing:
            raise _fail(field, f"missing {missing}")
        if extra:
            raise _fail(field, f"unknown {extra}")
    return value
