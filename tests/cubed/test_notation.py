"""Move notation: canonical texts and clear errors."""

from __future__ import annotations

import pytest

from oracle import (
    Area,
    Die,
    ExtraDie,
    Joker,
    NotationError,
    QuestionMark,
    Bonus,
    Roll,
    SoloRoll,
    Take,
    parse_move,
)


@pytest.mark.parametrize("text,move", [
    ("roll W3 Y5 Br1", Roll((3, 5, 0, 0, 1, 0))),
    ("solo-roll Br2 W3 Y5 T1 B6 P4",
     SoloRoll((3, 5, 1, 6, 2, 4), (Die.BROWN, Die.WHITE, Die.YELLOW, Die.TURQUOISE, Die.BLUE,
                                   Die.PINK))),
    ("take Y yellow:II", Take(Die.YELLOW, Area.YELLOW, 2)),
    ("take W joker=?5 turquoise:1+3", Take(Die.WHITE, Area.TURQUOISE, 0b101, Joker(5, True))),
    ("extra B joker=4 blue:right", ExtraDie(Die.BLUE, Area.BLUE, 1, Joker(4, False))),
    ("question ?* 4 brown:7", QuestionMark(Bonus.QUESTION_BLACK, 4, Area.BROWN, 7)),
    ("question ?B 11 blue:left", QuestionMark(Bonus.QUESTION_BLUE, 11, Area.BLUE, 0)),
    ("take P pink:times", Take(Die.PINK, Area.PINK, 1)),
])
def test_notation_examples(text: str, move: object) -> None:
    assert parse_move(text) == move
    assert str(move) == text


@pytest.mark.parametrize("text,fragment", [
    ("", "spacing"),
    ("take  Y yellow:I", "spacing"),
    ("take X yellow:I", "unknown die colour"),
    ("roll W7", "1 to 6"),
    ("roll W0", "1 to 6"),
    ("roll Y3 W3", "canonical"),
    ("roll W3 W4", "twice"),
    ("take Y yellow:IV", "I, II or III"),
    ("take T turquoise:3+1", "ascending"),
    ("take B blue:up", "left or right"),
    ("take Br brown:13", "1 to 12"),
    ("take Br brown:07", "canonical"),
    ("take P pink:double", "half or times"),
    ("take Y joker=9 yellow:I", "1 to 6"),
    ("question ?Q 3 yellow:I", "?Y ?T"),
    ("jump", "unknown move"),
    ("solo-roll W1 Y1", "all six"),
    ("pass now", "takes nothing more"),
    ("take Y purple:I", "area"),
])
def test_bad_notation_says_what_and_where(text: str, fragment: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_move(text)
    assert fragment in str(error.value)
    assert "\n" not in str(error.value)
