"""``solve --game clever-4ever reachable SHEET --round R``: a yes comes with a record whose
sheet after that round is the sheet asked, pending question marks included (a sheet with one
pending is no: a round ends with every question mark used or lost); after the last round the
game is over, so the record is a whole game that ``verify`` accepts, never exit 3.  Node
budgets only (the first beam), no clock."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from oracle.cli import main
from oracle.records.record import parse_record, replay, verify
from oracle.engine.sheet import Sheet
from spec.fourever import questions, solo_realise, solo_search
from spec.fourever.certificates import CertificateError
from spec.fourever.seam import BLANK, GAME, format_sheet, parse_sheet

BEST = Path(__file__).resolve().parents[3] / "examples" / "fourever-solo-best.json"
#: Every kind of question mark pending (issue 25: this after round 1 was answered yes with a
#: record ending with none pending).
ALL_PENDING = "q=?Y,?B,?Gy,?Gn,?P,?*"
#: A solo game's final sheet (after round 6, the last) that the first beam of ``reachable``
#: finds (the final sheet of its own unconstrained beam, asked again until the beam ends with
#: it); asked with ``--round 6`` it once exited 3 (the whole game found is "legal", not the
#: "legal-so-far" a partial verify gives before the last round).
ROUND_6 = ("y=1234/13111/11 b=xxx..x/....../xx..../....../....../...... gy=xxx.........xx... "
           "gn=11111311111/1 p=335633333333 rr=ooo.... xd=xxxxxx. ps=xxxo..... q= fox=1")


def _after_round(rounds: int) -> Sheet:
    """The bundled best game's areas at the end of round ``rounds`` (a new game's tracks: the
    areas alone are asked for)."""
    state = solo_search.opening(BEST.read_text(encoding="utf-8"), rounds).state
    return solo_search.sheet(GAME.new_game(1)).changed(parts=solo_search.sheet(state).parts)


def _pending(sheet: Sheet) -> Sheet:
    return parse_sheet(format_sheet(sheet).replace("q=", ALL_PENDING))


@pytest.mark.parametrize("rounds", [1, None])
def test_a_sheet_with_question_marks_pending_ends_no_round(rounds: int | None) -> None:
    answer = questions.reachable(_pending(_after_round(1)), budget=1, rounds=rounds)
    assert answer.verdict == "no" and answer.record is None
    assert any("QUESTION-FIRST" in n and "pending" in n for n in answer.notes), answer.notes


def test_the_certificate_compares_the_pending_question_marks() -> None:
    """The record found for the areas alone ends round 1 with none pending: it is no
    certificate for the same areas with question marks pending."""
    target = _after_round(1)
    answer = questions.reachable(target, budget=1, rounds=1)
    assert answer.verdict == "yes" and answer.record is not None
    solo_realise.confirm(answer.record, target, "test", 1)
    with pytest.raises(CertificateError):
        solo_realise.confirm(answer.record, _pending(target), "test", 1)


def test_the_command_says_no_for_pending_question_marks() -> None:
    out, err = io.StringIO(), io.StringIO()
    sheet = format_sheet(_pending(_after_round(1)))
    assert main(["solve", "--game", "clever-4ever", "reachable", sheet, "--round", "1"],
                out, err) == 0, err.getvalue()
    assert out.getvalue().splitlines()[0].endswith(": no")


def test_after_the_last_round_the_certificate_is_a_whole_game() -> None:
    """After round 6 of a solo game the game is over: the bundled game is a certificate for
    its own final sheet with ``rounds=6`` as without."""
    text = BEST.read_text(encoding="utf-8")
    end = solo_search.sheet(replay(parse_record(text, "best")))
    solo_realise.confirm(text, end, "test", 6)
    solo_realise.confirm(text, end, "test")


@pytest.mark.parametrize("tracks", ["stated", "blank"])
def test_a_sheet_after_the_last_round_is_answered_yes_with_a_whole_game(tracks: str) -> None:
    """The sheet after round 6 is found with its tracks (or, with the blank sheet's tracks,
    its areas alone), and the record is a whole game that ``verify`` accepts."""
    target = parse_sheet(ROUND_6)
    if tracks == "blank":
        target = target.changed(circled=BLANK.circled, spent=BLANK.spent)
    answer = questions.reachable(target, budget=1, rounds=6)
    assert answer.verdict == "yes" and answer.record is not None, answer.notes
    record = parse_record(answer.record, "yes")
    assert verify(record, "yes").status == "legal"
    end = solo_search.sheet(replay(record))
    assert end.parts == target.parts and end.pending == ()
    if tracks == "stated":
        assert format_sheet(end) == format_sheet(target)


def test_the_command_answers_the_last_round_without_exit_3() -> None:
    out, err = io.StringIO(), io.StringIO()
    # --timeout: a safety bound only (the first beam finds the game, in seconds)
    assert main(["solve", "--game", "clever-4ever", "reachable", ROUND_6, "--round", "6",
                 "--timeout", "3600"], out, err) == 0, err.getvalue()
    assert out.getvalue().splitlines()[0].endswith(": yes")
    assert "`clever-oracle verify` accepts it" in out.getvalue()
