"""A game's words in the player's language: its title, the names of its things by the ids the engine uses
(regions, companies, resources …) and the titles of its rules' sections.

A game declares them on its ``GameSpec`` (``glossary``), usually from its own ``glossary.py``, as gettext
messages marked for the catalogs (``lazy_pgettext(game, "Africa")``: the game is the context, so the same
English word may be translated differently per game). The engines' notation and ids stay English
(``africa``, ``PRR``, ``lumber``); a UI shows ``term(game, "region", "africa")`` instead (``Afrika`` in Czech).
The title of the section that holds a rule is :func:`ccg.core.rulebook.rule_title`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from babel.support import LazyProxy

from .registry import get_spec

__all__ = ["Glossary", "game_title", "glossary", "kinds", "term"]

Words = str | LazyProxy  # a plain text, or a lazy gettext message translated each time it is shown


@dataclass(frozen=True)
class Glossary:
    """A game's words: ``title`` (None: the spec's English ``title``), ``terms`` (kind → engine id → name,
    e.g. ``{"region": {"africa": …}}``) and ``rule_titles`` (the id of a section of its rules → its title)."""

    title: Words | None = None
    terms: Mapping[str, Mapping[str, Words]] = field(default_factory=dict)
    rule_titles: Mapping[str, Words] = field(default_factory=dict)

    def kinds(self) -> tuple[str, ...]:
        """The kinds of things :meth:`term` names (``region``, ``source`` …)."""
        return tuple(self.terms)

    def term(self, kind: str, key: str) -> str:
        """The name of the thing ``key`` (the engine's id) of ``kind``, in the current language."""
        if kind not in self.terms:
            raise ValueError(f"no names of kind {kind!r}; kinds: {sorted(self.terms)}")
        names = self.terms[kind]
        if key not in names:
            raise ValueError(f"no {kind} {key!r}; known: {sorted(names)}")
        return str(names[key])

    def section_title(self, rule_id: str) -> str | None:
        """The title of the innermost titled section holding ``rule_id`` (``X-6.3.7`` → ``X-6.3``, else
        ``X-6``), in the current language; None if no titled section holds it."""
        key = rule_id
        while key not in self.rule_titles:
            if "." not in key:
                return None
            key = key.rsplit(".", 1)[0]
        return str(self.rule_titles[key])


_NONE = Glossary()


def glossary(game: str) -> Glossary:
    """The words the game ``game`` declares (an empty glossary if it declares none)."""
    return get_spec(game).glossary or _NONE


def kinds(game: str) -> tuple[str, ...]:
    """The kinds of things :func:`term` names for a game (``region``, ``source`` …)."""
    return glossary(game).kinds()


def term(game: str, kind: str, key: str) -> str:
    """The name of a game's thing in the current language: ``term(game, kind, engine_id)``.

    ``kind`` is one of :func:`kinds`, ``key`` the engine's id. An unknown game, kind or id raises
    ``ValueError`` listing the known ones.
    """
    words = glossary(game)  # an unknown game raises here, naming the known ones
    try:
        return words.term(kind, key)
    except ValueError as e:
        raise ValueError(f"{game} has {e}") from None


def game_title(game: str) -> str:
    """The game's title in the current language (its spec's English ``title`` if its glossary has none)."""
    spec = get_spec(game)
    title = spec.glossary.title if spec.glossary else None
    return spec.title if title is None else str(title)
