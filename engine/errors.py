"""The base of every refusal the engine gives for bad input: a card, a move's notation, an option,
a table, a size over its limit, a move against the rules.

An error carries what is wrong as data, `kind` (which family, a class attribute), `code` (what
refusal), `rule` (the paragraph that governs it, or None) and `facts`; refusals.explain words it in
English or Russian, to a player in the third person or to the visitor as "you", and installs itself
here (`set_wording`) when the engine is imported, so that this module imports nothing of the engine.
`str()` is the English sentence, so command-line and test messages read as before.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

Wording = Callable[["EngineError", str, bool], str]
_wording: Wording | None = None


def set_wording(wording: Wording) -> None:
    """The function that words every error (refusals.explain)."""
    global _wording
    _wording = wording


class EngineError(ValueError):
    kind: ClassVar[str] = "engine"  # the family the wording picks its sentence by

    def __init__(self, code: str, rule: str | None = None, **facts: Any) -> None:
        super().__init__(code)
        self.code = code
        self.rule = rule
        self.facts = facts

    def words(self, lang: str = "en", you: bool = False) -> str:
        """The refusal as a sentence in `lang`; `you`: addressed to the player who made the move."""
        if _wording is None:  # the engine package installs it on import; not installed: the bare code
            return self.code
        return _wording(self, lang, you)

    def __str__(self) -> str:
        return self.words("en")

    def __reduce__(self) -> tuple[Any, ...]:
        # The facts are keywords, which pickle's default (the class called with `args`) would lose.
        return _rebuild, (type(self), self.code, self.rule, self.facts, self.__dict__)


def _rebuild(cls: type[EngineError], code: str, rule: str | None, facts: dict[str, Any],
             state: dict[str, Any]) -> EngineError:
    error = cls.__new__(cls)
    EngineError.__init__(error, code, rule, **facts)
    error.__dict__.update(state)
    return error


class OptionError(EngineError):
    """An option key or value the rules do not know, or a number out of its range."""

    kind = "option"


class TableError(EngineError):
    """A table the rules cannot seat (names, 2–17 card players, stake too small), or a seed or
    pool that is not a whole number."""

    kind = "table"


class LimitError(EngineError):
    """An input larger than the engine takes (limits.py): a text, a list, a file, a nesting; the
    facts name the field, the size found and the limit."""

    kind = "limit"
