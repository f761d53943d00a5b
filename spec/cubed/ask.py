"""Clever Cubed's fast solve questions for the checking service (``POST /solve``, through
:func:`spec.ask.ask`): how each reads its named fields and asks :mod:`spec.cubed.questions`."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.games.cubed.areas import AREA_BY_LABEL, Area
from oracle.engine.errors import OracleError
from oracle.engine.family import ROUNDS_BY_PLAYERS
from spec.fields import Fields, Question, question
from spec.cubed import questions
from spec.cubed.seam import parse_sheet
from spec.solving import Answer


def _area(f: Fields) -> Area:
    return AREA_BY_LABEL[f.label(AREA_BY_LABEL)]


def _reachable(f: Fields, timeout: float) -> Answer:
    players = f.number("players", 1)
    if players not in ROUNDS_BY_PLAYERS:
        raise OracleError(f"/players: want 1 to {max(ROUNDS_BY_PLAYERS)}")
    last = ROUNDS_BY_PLAYERS[players]
    rounds = f.number("round", last)
    if not 1 <= rounds <= last:
        raise OracleError(f"/round: a {players}-player game has rounds 1 to {last}")
    return questions.reachable(f.sheet(parse_sheet), players, rounds, timeout)


#: Each fast question: how it reads its fields and asks :mod:`spec.cubed.questions`.
QUESTIONS: Mapping[str, Question] = MappingProxyType({
    "area-max": question("area most", lambda f, t: questions.area_max(
        _area(f), f.number("most"), t)),
    "sheet-max": question("most", lambda f, t: questions.sheet_max(f.number("most"), t)),
    "fewest": question("goal area", lambda f, t: questions.fewest(
        f.number("goal"), _area(f) if "area" in f.values else None, t)),
    "complete": question("sheet more", lambda f, t: questions.complete(
        f.sheet(parse_sheet), f.number("more"), t)),
    "reachable": question("sheet players round", _reachable),
})
