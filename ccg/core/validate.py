"""Field checks for games' position loaders: each raises InvalidPositionError naming the field."""
from __future__ import annotations

from typing import Any, Iterable

from .errors import InvalidPositionError


def _fail(field: str, problem: str) -> InvalidPositionError:
    return InvalidPositionError(f"invalid position: {field}: {problem}")


def get(d: Any, key: str, where: str = "state") -> Any:
    if not isinstance(d, dict):
        raise _fail(where, "must be an object")
    if key not in d:
        raise _fail(f"{where}.{key}", "missing")
    return d[key]


def as_int(value: Any, field: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is not int:
        raise _fail(field, f"must be a whole number, got {value!r}")
    if lo is not None and value < lo:
        raise _fail(field, f"must be at least {lo}, got {value}")
    if hi is not None and value > hi:
        raise _fail(field, f"must be at most {hi}, got {value}")
    return value


def as_bool(value: Any, field: str) -> bool:
    if type(value) is not bool:
        raise _fail(field, f"must be true or false, got {value!r}")
    return value


def as_str(value: Any, field: str, choices: Iterable[str] | None = None) -> str:
    if type(value) is not str:
        raise _fail(field, f"must be text, got {value!r}")
    if choices is not None:
        choices = list(choices)
        if value not in choices:
            raise _fail(field, f"must be one of {choices}, got {value!r}")
    return value


def as_list(value: Any, field: str, length: int | None = None, max_length: int | None = None) -> list[Any]:
    if type(value) is not list:
        raise _fail(field, f"must be a list, got {type(value).__name__}")
    if length is not None and len(value) != length:
        raise _fail(field, f"must have {length} entries, got {len(value)}")
    if max_length is not None and len(value) > max_length:
        raise _fail(field, f"must have at most {max_length} entries, got {len(value)}")
    return value


def int_list(value: Any, field: str, length: int | None = None, lo: int | None = None, hi: int | None = None) -> list[int]:
    items = as_list(value, field, length)
    for i, v in enumerate(items):
        as_int(v, f"{field}[{i}]", lo, hi)
    return list(items)


def str_list(value: Any, field: str, length: int | None = None, choices: Iterable[str] | None = None) -> list[str]:
    items = as_list(value, field, length)
    choices = None if choices is None else list(choices)
    for i, v in enumerate(items):
        as_str(v, f"{field}[{i}]", choices)
    return list(items)


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
