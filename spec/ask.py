"""The fast solve questions by game and name, with their arguments as named JSON values: how the
checking service (``POST /solve``) asks a game's questions (:mod:`spec.cubed.ask`,
:mod:`spec.fourever.ask`).  The slow proofs (``solo-bound``, minutes) are left out: a service
answers within a time limit per request."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TypeVar

import attrs

from oracle.errors import NotationError, OracleError
from spec.solving import Answer

S = TypeVar("S")

#: The game a question is about when the request names none.
DEFAULT_GAME = "clever-cubed"


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


def _questions(game: str) -> Mapping[str, Question]:
    """The fast questions of ``game`` (each game's module is imported here only: the service
    loads this module in its solver processes)."""
    if game == "clever-cubed":
        from spec.cubed.ask import QUESTIONS  # noqa: PLC0415 - one game's solver per question
        return QUESTIONS
    if game == "clever-4ever":
        from spec.fourever.ask import QUESTIONS as FOUREVER  # noqa: PLC0415 - as above
        return FOUREVER
    raise OracleError("/game: want clever-cubed or clever-4ever")


def ask(question: str, fields: Mapping[str, object], timeout: float) -> Answer:
    """Answer ``question`` of the game ``fields["game"]`` (default Clever Cubed) with the other
    ``fields`` within ``timeout`` seconds of solving; :class:`OracleError` names a wrong
    field."""
    game = fields.get("game", DEFAULT_GAME)
    questions = _questions(game if isinstance(game, str) else "")
    if question not in questions:
        raise OracleError(f"/question: want one of {', '.join(questions)}")
    asked = questions[question]
    for name in fields:
        if name != "game" and name not in asked.fields:
            raise OracleError(f"/{name}: {game}'s {question} has no such field (it reads "
                              f"{', '.join(sorted(asked.fields)) or 'none'})")
    try:
        return asked.answer(Fields(fields), timeout)
    except OracleError:
        raise
    except ValueError as exc:  # a question's own check of its arguments
        raise OracleError(f"/question: {question}: {exc}") from None
