"""Reading a user's data file (a component or layout file named in ``new_game``) without surprises.

Only regular files are read (no directories, FIFOs, devices such as /dev/zero), at most
``limit`` bytes, as UTF-8; nested JSON is depth-checked before it is decoded. Every failure is a
ValueError that names the option, never an OSError, UnicodeDecodeError or RecursionError.
Saved positions never name files: they carry the data itself (see README, "Security and trust").
"""
from __future__ import annotations

import json
import os
import re
import stat
from typing import Any, Iterable, NoReturn

MAX_FILE_BYTES = 2_000_000  # a component or layout file is a few kB
MAX_DEPTH = 32  # JSON nesting: positions, layouts and component data are at most ~6 deep

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = str.maketrans({c: None for c in map(chr, range(128)) if c not in "[]{}"})


def read_text_file(path: Any, option: str, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``, or a ValueError naming ``option``."""
    if not isinstance(path, (str, os.PathLike)):
        raise ValueError(f"option {option!r}: expected a file path, got {type(path).__name__}")
    try:
        name = os.fspath(path)
    except TypeError as e:
        raise ValueError(f"option {option!r}: not a file path ({e})") from None
    if not isinstance(name, str) or not name or "\x00" in name:
        raise ValueError(f"option {option!r}: {path!r} is not a file path")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(name, flags)  # non-blocking: opening a FIFO must not hang
    except OSError as e:
        raise ValueError(f"option {option!r}: cannot open {name!r}: {e.strerror or e}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"option {option!r}: {name!r} is not a regular file")
        if info.st_size > limit:
            raise ValueError(f"option {option!r}: {name!r} is larger than {limit:,} bytes")
        with os.fdopen(fd, "rb") as f:
            fd = -1
            raw = f.read(limit + 1)
    except OSError as e:
        raise ValueError(f"option {option!r}: cannot read {name!r}: {e.strerror or e}") from None
    finally:
        if fd >= 0:
            os.close(fd)
    if len(raw) > limit:
        raise ValueError(f"option {option!r}: {name!r} is larger than {limit:,} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"option {option!r}: {name!r} is not UTF-8 text ({e.reason} at byte {e.start})") from None


def too_deep(text: str, max_depth: int = MAX_DEPTH) -> bool:
    """True if JSON ``text`` nests arrays and objects deeper than ``max_depth`` (strings ignored)."""
    depth = 0
    for c in _STRING.sub("", text).translate(_BRACKETS):
        if c == "[" or c == "{":
            depth += 1
            if depth > max_depth:
                return True
        else:
            depth -= 1
    return False


def loads_json(text: str, what: str, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` of untrusted text: too deep or malformed is a ValueError naming ``what``."""
    if too_deep(text, max_depth):
        raise ValueError(f"{what}: JSON nested deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_constant=reject_constant)
    except RecursionError:  # pragma: no cover - prevented by the depth check
        raise ValueError(f"{what}: JSON nested too deeply") from None
    except ValueError as e:
        raise ValueError(f"{what}: not valid JSON ({e})") from None


def reject_constant(name: str) -> NoReturn:
    """``parse_constant`` for untrusted JSON: NaN and Infinity are not numbers a saved file may hold."""
    raise ValueError(f"{name} is not a JSON number")


def check_depth(value: Any, what: str, max_depth: int = MAX_DEPTH) -> None:
    """ValueError naming ``what`` if Python data nests dicts/lists deeper than ``max_depth``."""
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        items: Iterable[Any]
        if isinstance(v, dict):
            items = v.values()
        elif isinstance(v, (list, tuple)):
            items = v
        else:
            continue
        if d > max_depth:
            raise ValueError(f"{what}: data nested deeper than {max_depth} levels")
        stack.extend((x, d + 1) for x in items)
