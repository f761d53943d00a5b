"""A solve question's named arguments, each read with its type checked (the checking service's
``POST /solve``, :mod:`spec.ask`), and how a game declares a question: the fields it reads and
how it answers."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TypeVar

import attrs

from oracle.engine.errors import NotationError, OracleError
from spec.solving import Answer

S = TypeVar("S")


class Fields:
    """A question's named arguments, each read with its type checked; a wrong one is an
    :class:`OracleError` naming the field (``/most``)."""

    def __init__(self, values: Mapping[str, object]) -> None:
        self.values = values

    def number(self, name: str, default: int | None = None) -> int:
        """The whole number ``name`` (``default`` when absent and a default is given)."""
        value = self.values.get(name, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise OracleError(f"/{name}: want a whole number")
        return value

    def label(self, labels: Collection[str], name: str = "area") -> str:
        """The field ``name``, one of ``labels`` (an area's name)."""
        value = self.values.get(name)
        if not isinstance(value, str) or value not in labels:
            raise OracleError(f"/{name}: want one of {', '.join(labels)}")
        return value

    def sheet(self, parse: Callable[[str], S], name: str = "sheet") -> S:
        """The field ``name`` read by the game's sheet notation ``parse``."""
        value = self.values.get(name)
        if not isinstance(value, str):
            raise OracleError(f"/{name}: want a sheet in the game's sheet notation")
        try:
            return parse(value)
        except NotationError as exc:
            raise OracleError(f"/{name}: {exc}") from None


@attrs.frozen
class Question:
    """How a game reads a question's ``fields`` (their names) and answers it within the seconds
    given."""

    fields: frozenset[str]
    answer: Callable[[Fields, float], Answer]


def question(names: str, answer: Callable[[Fields, float], Answer]) -> Question:
    """A question reading the space-separated field ``names``."""
    return Question(frozenset(names.split()), answer)
