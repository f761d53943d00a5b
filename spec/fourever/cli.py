"""``clever-oracle solve --game clever-4ever``: Clever 4Ever's solver questions (see
:mod:`spec.fourever.questions`).

    clever-oracle solve --game clever-4ever area-max grey 5     highest grey score, 5 entries
    clever-oracle solve --game clever-4ever fewest 60 --area green
    clever-oracle solve --game clever-4ever sheet-max 20        whole sheet, foxes included
    clever-oracle solve --game clever-4ever complete "SHEET" 3  best completion, 3 more entries
    clever-oracle solve --game clever-4ever reachable "SHEET" [--round R]
                                                   no, yes (a record) or undecided

``--ruleset OPTION=VALUE`` picks another reading (``fox_floor_zero=true``,
``green_upper_after_lower=true``).  ``reachable "SHEET"`` answers no (with the broken rules),
yes (with a solo game's record that ``verify`` accepts; ``--record FILE`` writes it) or
undecided; ``solo-bound`` proves an upper bound by counting a solo game's
entries."""

from __future__ import annotations

from collections.abc import Sequence

from oracle.plumbing.argtypes import count
from oracle.engine.errors import OracleError
from spec.fourever import questions
from spec.fourever.printed import AREAS, ROUNDS
from spec.fourever.seam import GAME, Options, parse_sheet
from spec.solving import Answer, Progress


def _area(text: str) -> str:
    if text not in AREAS:
        raise OracleError(f"unknown Clever 4Ever area {text!r} (want {', '.join(AREAS)})")
    return text


def options_of(pairs: Sequence[str]) -> Options:
    """The ruleset of ``--ruleset OPTION=VALUE`` pairs."""
    chosen = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise OracleError(f"solve: --ruleset wants OPTION=VALUE, not {pair!r}")
        chosen[name] = value
    made: Options = GAME.make_ruleset(chosen)  # type: ignore[assignment]  # Clever 4Ever's
    return made


def answer(question: str, args: Sequence[str], area: str | None, timeout: float,
           options: Options, progress: Progress | None, rounds: int | None = None) -> Answer:
    """Answer one question (``rounds``: reachable's sheet after that round of a solo game);
    :class:`OracleError` for a question Clever 4Ever does not have, a count that is no whole
    number of 0 or more, or a round a solo game does not have."""
    what = f"solve {question}"
    if question == "area-max":
        return questions.area_max(_area(args[0]), count(what, args[1]), timeout, options, progress)
    if question == "sheet-max":
        return questions.sheet_max(count(what, args[0]), timeout, options, progress)
    if question == "fewest":
        return questions.fewest(count(what, args[0]), _area(area) if area else None, timeout,
                                options, progress)
    if question == "complete":
        return questions.complete(parse_sheet(args[0]), count(what, args[1]), timeout, options,
                                  progress)
    if question == "solo-bound":
        return questions.solo_bound(timeout, options, progress)
    if question == "reachable":
        if rounds is not None and not 1 <= rounds <= ROUNDS[1]:
            raise OracleError(f"solve reachable: --round: a solo game has rounds 1 to "
                              f"{ROUNDS[1]}")
        return questions.reachable(parse_sheet(args[0]), timeout, options, progress,
                                   rounds=rounds)
    raise OracleError(f"solve {question}: no such question for clever-4ever")
