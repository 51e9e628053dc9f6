"""Untrusted data (component files, layouts) read into typed records by msgspec, with field paths in errors.

A game declares its file format as ``msgspec.Struct`` classes (types, ranges with ``msgspec.Meta``, allowed
names with ``Literal``, ``forbid_unknown_fields=True``); :func:`convert` reads parsed JSON/TOML data into
them (:func:`decode_json` JSON text) and turns msgspec's error into a ``ValueError`` naming the field
(``region[0].demand_spaces: …``).
Checks that relate several fields stay with the game, raising through :func:`field_error`.
"""
from __future__ import annotations

from collections.abc import Mapping
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
        raise _path_error(e, what) from None


def convert_values(data: Mapping[str, Any], kind: type[T], what: str, field: str) -> dict[str, T]:
    """Each value of the object ``data`` (at ``field``) as a ``kind``; an error names the key, which msgspec's
    own paths leave out (``hexes.A3.cost``, not ``hexes[...].cost``)."""
    out = {}
    for key, value in data.items():
        try:
            out[key] = msgspec.convert(value, kind, strict=True)
        except msgspec.ValidationError as e:
            raise _path_error(e, what, f"{field}.{key}") from None
    return out


def decode_json(raw: bytes | str, kind: type[T], what: str) -> T:
    """JSON text decoded straight into a ``kind`` (a msgspec Struct), or a ValueError naming ``what`` and the
    field path (or what is wrong with the JSON itself)."""
    try:
        return msgspec.json.decode(raw, type=kind, strict=True)
    except msgspec.ValidationError as e:
        raise _path_error(e, what) from None
    except msgspec.DecodeError as e:
        raise ValueError(f"{what}: not valid JSON: {e}") from None


def _path_error(e: msgspec.ValidationError, what: str, prefix: str = "") -> ValueError:
    """msgspec's "problem - at `$.a[0].b`" as "what: a[0].b: problem" (``prefix``: where msgspec's ``$`` is)."""
    problem, sep, path = str(e).rpartition(" - at `$")
    if not sep:
        return field_error(what, prefix, str(e)) if prefix else ValueError(f"{what}: {e}")
    path = (prefix + path.rstrip("`")).lstrip(".") or "the data"
    return field_error(what, path, problem)
