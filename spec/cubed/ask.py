"""The fast solve questions by name, with their arguments as named JSON values: how the checking
service (``POST /solve``) asks :mod:`spec.cubed.questions`.  The slow proof (``solo-bound``,
minutes) is left out: a service answers within a time limit per request."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.areas import AREA_BY_LABEL, Area
from oracle.family import ROUNDS_BY_PLAYERS
from spec.cubed.oracle_view import parse_sheet
from oracle.errors import NotationError, OracleError
from spec.cubed import questions
from spec.cubed.questions import Answer


class Fields:
    """A question's named arguments, each read with its type checked; a wrong one is an
    :class:`OracleError` naming the field (``/most``)."""

    def __init__(self, values: Mapping[str, object]) -> None:
        self.values = values

    def number(self, name: str, default: int | None = None) -> int:
        value = self.values.get(name, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise OracleError(f"/{name}: want a whole number")
        return value

    def area(self, name: str = "area") -> Area:
        value = self.values.get(name)
        if not isinstance(value, str) or value not in AREA_BY_LABEL:
            raise OracleError(f"/{name}: want one of {', '.join(AREA_BY_LABEL)}")
        return AREA_BY_LABEL[value]

    def sheet(self, name: str = "sheet") -> PlayerSheet:
        value = self.values.get(name)
        try:
            return parse_sheet(str(value))
        except NotationError as exc:
            raise OracleError(f"/{name}: {exc}") from None


def _reachable(f: Fields, timeout: float) -> Answer:
    players = f.number("players", 1)
    if players not in ROUNDS_BY_PLAYERS:
        raise OracleError(f"/players: want 1 to {max(ROUNDS_BY_PLAYERS)}")
    last = ROUNDS_BY_PLAYERS[players]
    rounds = f.number("round", last)
    if not 1 <= rounds <= last:
        raise OracleError(f"/round: a {players}-player game has rounds 1 to {last}")
    return questions.reachable(f.sheet(), players, rounds, timeout)


#: Each fast question: how it reads its fields and asks :mod:`spec.cubed.questions`.
QUESTIONS: Mapping[str, Callable[[Fields, float], Answer]] = MappingProxyType({
    "area-max": lambda f, t: questions.area_max(f.area(), f.number("most"), t),
    "sheet-max": lambda f, t: questions.sheet_max(f.number("most"), t),
    "fewest": lambda f, t: questions.fewest(
        f.number("goal"), f.area() if "area" in f.values else None, t),
    "complete": lambda f, t: questions.complete(f.sheet(), f.number("more"), t),
    "reachable": _reachable,
})


def ask(question: str, fields: Mapping[str, object], timeout: float) -> Answer:
    """Answer ``question`` (one of :data:`QUESTIONS`) with ``fields`` within ``timeout``
    seconds of solving; :class:`OracleError` names a wrong field."""
    if question not in QUESTIONS:
        raise OracleError(f"/question: want one of {', '.join(QUESTIONS)}")
    try:
        return QUESTIONS[question](Fields(fields), timeout)
    except OracleError:
        raise
    except ValueError as exc:  # a question's own check of its arguments
        raise OracleError(f"/question: {question}: {exc}") from None
