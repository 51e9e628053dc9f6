"""Game options and rule overrides written as text (``key=value``), typed by the game's spec.

The command line (``--option``, ``--rule``) and the classroom's forms both take options as text;
:func:`options_from_text` turns them into ``new_game`` keyword options.
"""
from __future__ import annotations

from typing import Any, Sequence

from .registry import get_spec
from .rules import unknown_name_error

__all__ = ["key_value", "options_from_text", "text_value", "typed_value"]


def text_value(text: str) -> Any:
    """``text`` as a bool, None, int or float where it reads as one, else the stripped text."""
    low = text.strip().lower()
    if low in {"true", "yes", "on"}:
        return True
    if low in {"false", "no", "off"}:
        return False
    if low in {"none", "null"}:
        return None
    for kind in (int, float):
        try:
            return kind(low)
        except ValueError:
            pass
    return text.strip()


def typed_value(default: Any, text: str) -> Any:
    """Parse ``text`` as the type of ``default`` where it is known (else guess with :func:`text_value`)."""
    if isinstance(default, bool):
        value = text_value(text)
        if not isinstance(value, bool):
            raise ValueError(f"expected true or false, got {text!r}")
        return value
    if isinstance(default, str):
        return text.strip()
    return text_value(text)


def key_value(text: str, what: str) -> tuple[str, str]:
    """``"key=value"`` split at its first ``=``; ``what`` names the argument in the error."""
    if "=" not in text:
        raise ValueError(f"{what} must look like key=value, got {text!r}")
    key, value = text.split("=", 1)
    if not key.strip():
        raise ValueError(f"{what} must look like key=value, got {text!r}")
    return key.strip(), value


def options_from_text(game: str, option_args: Sequence[str], rule_args: Sequence[str]) -> dict[str, Any]:
    """``option=value`` and ``rule=value`` texts -> ``new_game`` keyword options (typed by the game's spec)."""
    spec = get_spec(game)
    options: dict[str, Any] = {}
    for text in option_args:
        key, value = key_value(text, "--option")
        if key == "rules":
            raise ValueError("set rules with --rule name=value")
        if key not in spec.options:
            raise unknown_name_error(f"option for {game}", key, [k for k in spec.options if k != "rules"])
        options[key] = typed_value(spec.options[key].default, value)
    rules: dict[str, Any] = {}
    for text in rule_args:
        key, value = key_value(text, "--rule")
        if key not in spec.rules:
            raise unknown_name_error(f"rule of {game}", key, spec.rules)
        rules[key] = typed_value(spec.rules[key].default, value)
    if rules:
        options["rules"] = rules
    return options
