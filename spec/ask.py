"""The fast solve questions by game and name, with their arguments as named JSON values: how the
checking service (``POST /solve``) asks a game's questions (:mod:`spec.cubed.ask`,
:mod:`spec.fourever.ask`).  The slow proofs (``solo-bound``, minutes) are left out: a service
answers within a time limit per request."""

from __future__ import annotations

from collections.abc import Mapping

from oracle.engine.errors import OracleError
from spec.fields import Fields, Question
from spec.solving import Answer

#: The game a question is about when the request names none.
DEFAULT_GAME = "clever-cubed"


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
