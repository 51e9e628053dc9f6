"""Untrusted data (component files, layouts) read into typed records by msgspec, with field paths in errors.

A game declares its file format as ``msgspec.Struct`` classes (types, ranges with ``msgspec.Meta``, allowed
names with ``Literal``, ``forbid_unknown_fields=True``); :func:`convert` reads parsed JSON/TOML data into
them and turns msgspec's error into a ``ValueError`` naming the field (``region[0].demand_spaces: …``).
Checks that relate several fields stay with the game, raising through :func:`field_error`.
"""
from __future__ import annotations

from typing import Any, TypeVar

import msgspec

T = TypeVar("T")


def field_error(what: str, field: str, problem: str) -> ValueError:
    """A ValueError for ``field`` of the data described by ``what`` (``option 'components': my.toml``)."""
    return ValueError(f"{what}: {field}: {problem}")


def convert(data: Any, kind: type[T], what: str) -> T:
    """``data`` as a ``kind`` (a msgspec Struct), or a ValueError naming ``what`` and the field path."""
    try:
        return msgspec.convert(data, kind, strict=True)
    except msgspec.ValidationError as e:
        problem, sep, path = str(e).rpartition(" - at `$")
        if not sep:
            raise ValueError(f"{what}: {e}") from None
        path = path.rstrip("`").lstrip(".") or "the data"
        raise field_error(what, path, problem) from None
