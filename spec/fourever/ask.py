"""Clever 4Ever's fast solve questions for the checking service (``POST /solve`` with ``"game":
"clever-4ever"``, through :func:`spec.ask.ask`): how each reads its named fields and asks
:mod:`spec.fourever.questions`.  ``ruleset`` (optional) names options as ``--ruleset`` does on
the command line: ``{"fox_floor_zero": true}``."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from oracle.engine.errors import OracleError
from spec.fields import Fields, Question, question
from spec.fourever import questions
from spec.fourever.cli import options_of
from spec.fourever.printed import AREAS
from spec.fourever.seam import DEFAULT, Options, parse_sheet


def _options(f: Fields) -> Options:
    """The ruleset the ``ruleset`` field names (the default rules when absent)."""
    chosen = f.values.get("ruleset")
    if chosen is None:
        return DEFAULT
    if not isinstance(chosen, Mapping):
        raise OracleError("/ruleset: want an object of option names and values")
    pairs = []
    for name, value in chosen.items():
        if not isinstance(value, (str, bool)):
            raise OracleError(f"/ruleset/{name}: want true, false or a value's name")
        text = str(value).lower() if isinstance(value, bool) else value
        pairs.append(f"{name}={text}")
    try:
        return options_of(pairs)
    except OracleError as exc:
        raise OracleError(f"/ruleset: {exc}") from None


#: Each fast question: how it reads its fields and asks :mod:`spec.fourever.questions`.
QUESTIONS: Mapping[str, Question] = MappingProxyType({
    "area-max": question("area most ruleset", lambda f, t: questions.area_max(
        f.label(AREAS), f.number("most"), t, _options(f))),
    "sheet-max": question("most ruleset", lambda f, t: questions.sheet_max(
        f.number("most"), t, _options(f))),
    "fewest": question("goal area ruleset", lambda f, t: questions.fewest(
        f.number("goal"), f.label(AREAS) if "area" in f.values else None, t, _options(f))),
    "complete": question("sheet more ruleset", lambda f, t: questions.complete(
        f.sheet(parse_sheet), f.number("more"), t, _options(f))),
    "reachable": question("sheet ruleset", lambda f, t: questions.reachable(
        f.sheet(parse_sheet), t, _options(f))),
})
