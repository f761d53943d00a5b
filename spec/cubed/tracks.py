"""The action tracks and question marks of a finished sheet as Z3 terms (rulebook "Actions",
"Bonuses"; docs/rulings.md, rulings 8 and 20): circled fields from the round bonuses and the
bonuses earned, a track's end bonus with its 7th circle, and the question marks received."""

from __future__ import annotations

import attrs

from oracle.cubed.sheet import ROUND_BONUS, TRACK_LENGTH, TRACKS, Bonus
from oracle.cubed.areas import Area
from oracle.cubed.variant import CUBED
from spec.cubed import sheetvars
from spec.cubed.sheetvars import SheetVars
from spec.logic import Int, const, ite


def round_bonuses(rounds: int) -> dict[Bonus, int]:
    """The bonuses every player receives in rounds 1..``rounds`` (rounds 1-4 give one each)."""
    out: dict[Bonus, int] = {}
    for b in ROUND_BONUS[:rounds]:
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
    for track in TRACKS:
        n = got.get(track.action, const(0)) + given.get(track.action, 0)
        circled[track.action] = ite(n.ge(TRACK_LENGTH), TRACK_LENGTH, n)
        if track.end is not None:
            full = ite(n.ge(TRACK_LENGTH), 1, 0)
            ends[track.end] = ends[track.end] + full if track.end in ends else full
    questions = {
        b: got.get(b, const(0)) + given.get(b, 0) + ends.get(b, const(0))
        for b in Bonus if b.is_question
    }
    return Tracks(circled, ends.get(Bonus.FOX, const(0)), questions)


def question_area(bonus: Bonus) -> Area | None:
    """The area a question mark is for (None: the black one, any area)."""
    area = CUBED.question_area(bonus)
    return None if area is None else Area(area)
