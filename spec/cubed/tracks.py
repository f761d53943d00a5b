"""The action tracks and question marks of a finished sheet as Z3 terms (rulebook "Actions",
"Bonuses"; docs/rulings.md, rulings 8 and 20): circled fields from the round bonuses and the
bonuses earned, a track's end bonus with its 7th circle, and the question marks received."""

from __future__ import annotations

import attrs

from oracle import Bonus
from spec.cubed.printed import ACTIONS, ROUND_START_BONUS, TRACK_END, TRACK_FIELDS
from spec.cubed import sheetvars
from spec.cubed.sheetvars import SheetVars
from spec.logic import Int, const, ite


def round_bonuses(rounds: int) -> dict[Bonus, int]:
    """The bonuses every player receives in rounds 1..``rounds`` (rounds 1-4 give one each)."""
    out: dict[Bonus, int] = {}
    for b in ROUND_START_BONUS[:rounds]:
        if b is not None:
            out[b] = out.get(b, 0) + 1
    return out


@attrs.frozen
class Tracks:
    """What a sheet's bonuses add up to: circled fields per action track, the track-end foxes,
    and the question marks received by kind."""

    circled: dict[Bonus, Int]
    foxes: Int
    questions: dict[Bonus, Int]


def tracks(s: SheetVars, rounds: int) -> Tracks:
    """The tracks of a sheet whose areas are ``s`` after ``rounds`` rounds."""
    got = sheetvars.earned(s)
    given = round_bonuses(rounds)
    circled: dict[Bonus, Int] = {}
    ends: dict[Bonus, Int] = {}
    for action in ACTIONS:
        n = got.get(action, const(0)) + given.get(action, 0)
        circled[action] = ite(n.ge(TRACK_FIELDS), TRACK_FIELDS, n)
        end = TRACK_END[action]
        full = ite(n.ge(TRACK_FIELDS), 1, 0)
        ends[end] = ends[end] + full if end in ends else full
    questions = {
        b: got.get(b, const(0)) + given.get(b, 0) + ends.get(b, const(0))
        for b in Bonus if b.is_question
    }
    return Tracks(circled, ends.get(Bonus.FOX, const(0)), questions)

