"""Rule parameters (numbers a teacher may question) and option validation."""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, cast

Scalar = int | float | bool | str


@dataclass(frozen=True)
class RuleParam:
    """One overridable number or switch of a game's rules.

    ``default`` is the printed rule; ``source`` names the rule id or data
    provenance. ``lo``/``hi`` bound numeric values, ``choices`` bounds strings.
    """

    default: Scalar
    doc: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[Scalar, ...] | None = None
    source: str = ""

    def check(self, name: str, value: Any) -> Scalar:
        """Return ``value`` validated (ints accepted for float params), or raise ValueError."""
        kind = type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"rule {name!r} must be true or false, got {value!r}")
            return value
        if kind is str:
            if not isinstance(value, str):
                raise ValueError(f"rule {name!r} must be a string, got {value!r}")
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                else:
                    raise ValueError(f"rule {name!r} must be a whole number, got {value!r}")
        elif kind is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"rule {name!r} must be a number, got {value!r}")
            value = float(value)
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"rule {name!r} must be one of {list(self.choices)}, got {value!r}")
        if self.lo is not None and value < self.lo:
            raise ValueError(f"rule {name!r} must be at least {self.lo:g}, got {value!r}")
        if self.hi is not None and value > self.hi:
            raise ValueError(f"rule {name!r} must be at most {self.hi:g}, got {value!r}")
        return cast(Scalar, value)  # checked above against the default's type


def unknown_name_error(what: str, name: object, known: Iterable[str]) -> ValueError:
    """A ValueError for an unknown option/rule/game name, with close matches."""
    names = sorted(known)
    close = difflib.get_close_matches(str(name), names, n=3, cutoff=0.5)
    hint = f" Did you mean {', '.join(map(repr, close))}?" if close else ""
    return ValueError(f"unknown {what} {name!r}.{hint} Known: {', '.join(names) or '(none)'}.")


def resolve_rules(table: Mapping[str, RuleParam], overrides: Mapping[str, Any] | None) -> dict[str, Scalar]:
    """All rule values: the defaults of ``table`` with validated ``overrides``."""
    values = {name: p.default for name, p in table.items()}
    if overrides is None:
        return values
    if not isinstance(overrides, Mapping):
        raise ValueError(f"rules must be a dict of rule name -> value, got {type(overrides).__name__}")
    for name, value in overrides.items():
        if name not in table:
            raise unknown_name_error("rule", name, table)
        values[name] = table[name].check(name, value)
    return values


@dataclass(frozen=True)
class OptionSpec:
    """A keyword option of ``ccg.new_game`` for one game.

    ``check`` returns the canonical value (JSON data) or raises ValueError; it may read a file the
    user names (a component or layout file). ``check_saved`` validates the value found in a saved
    position or record, which is untrusted: it must never open a file (default: ``check``).
    """

    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], Any] | None = None
    check_saved: Callable[[Any], Any] | None = None

    def validate(self, name: str, value: Any, saved: bool = False) -> Any:
        if self.choices is not None and not any(value == c and type(value) is type(c) for c in self.choices):
            raise ValueError(f"option {name!r} must be one of {list(self.choices)}, got {value!r}")
        check = self.check_saved if saved and self.check_saved is not None else self.check
        if check is not None:
            return check(value)
        return value


def validate_options(game: str, specs: Mapping[str, OptionSpec], given: Mapping[str, Any],
                     saved: bool = False) -> dict[str, Any]:
    """Canonical options: only those given, validated, in the spec's order.

    ``saved=True`` for options read from a saved position or record (see ``OptionSpec.check_saved``).
    """
    if not isinstance(given, Mapping):
        raise ValueError(f"options must be an object of option name -> value, got {type(given).__name__}")
    for name in given:
        if not isinstance(name, str) or name not in specs:
            raise unknown_name_error(f"option for {game}", name, specs)
    return {name: specs[name].validate(name, given[name], saved) for name in specs if name in given}


def rules_option(table: Mapping[str, RuleParam], doc: str,
                 check_values: Callable[[dict[str, Scalar]], None] | None = None) -> OptionSpec:
    """The ``rules`` option of a game: a dict of overrides of ``table``.

    Names and each value are checked against ``table``; ``check_values`` (if
    given) receives all resolved values and raises ValueError for rules that
    contradict each other. The canonical value is the overrides dict itself.
    """
    def check(value: Any) -> dict[str, Any] | None:
        values = resolve_rules(table, value)
        if check_values is not None:
            check_values(values)
        return None if value is None else dict(value)

    return OptionSpec(None, doc, check=check)
