"""Read-only JSON data: options and layouts shared by a state, its clones and its children.

``freeze`` turns JSON-like data (dicts, lists, scalars) into :class:`FrozenDict` / :class:`FrozenList`,
subclasses of ``dict`` and ``list`` that refuse every change, so ``json.dumps``, ``==`` with plain
data and ``isinstance(x, dict)`` keep working while nobody can edit the shared copy. ``thaw`` gives
a fresh, editable plain copy (what public methods hand out).
"""
from __future__ import annotations

from typing import Any, NoReturn


def _read_only(self: Any, *args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError(f"this {type(self).__name__[6:].lower()} is read-only (shared by a game state); "
                    "copy it first, e.g. with ccg.core.frozen.thaw")


class FrozenDict(dict[Any, Any]):
    """A dict that cannot be changed (shared safely between states)."""

    __slots__ = ()
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _read_only

    def __reduce__(self) -> tuple[type[FrozenDict], tuple[dict[Any, Any]]]:
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> "FrozenDict":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "FrozenDict":
        return self


class FrozenList(list[Any]):
    """A list that cannot be changed (shared safely between states)."""

    __slots__ = ()
    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = reverse = _read_only
    __iadd__ = __imul__ = _read_only

    def __reduce__(self) -> tuple[type[FrozenList], tuple[list[Any]]]:
        return (FrozenList, (list(self),))

    def __copy__(self) -> "FrozenList":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "FrozenList":
        return self


def freeze(value: Any) -> Any:
    """A read-only version of JSON-like ``value`` (already frozen data is returned as is)."""
    kind = type(value)
    if kind is FrozenDict or kind is FrozenList:
        return value
    if isinstance(value, dict):
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return FrozenList(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """A plain, editable deep copy of JSON-like ``value`` (frozen or not)."""
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    return value
