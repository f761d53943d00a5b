"""Move notation, sheet notation and chance: canonical texts round trip, anything else is refused
with a NotationError naming the token; chance outcomes sum to 1."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from oracle.engine.dice import Place
from oracle.engine.errors import NotationError, OracleError
from oracle.games.fourever.dice import Die
from tests.fourever.kit import (
    Area,
    Bonus,
    ExtraDie,
    GAME,
    NEXT,
    Polish,
    FORFEIT,
    PASS,
    QuestionMark,
    REROLL,
    Roll,
    SoloRoll,
    Take,
    apply,
    chance_outcomes,
    format_sheet,
    new_game,
    parse_move,
    parse_sheet,
    sample_chance,
    sheet_with,
)

EXAMPLES = {
    "roll W3 Y5 B1 Gy6 Gn2 P4": Roll((3, 5, 1, 6, 2, 4)),
    "roll B1 P4": Roll((0, 0, 1, 0, 0, 4)),
    "solo-roll P1 Gn2 Gy3 B4 Y5 W6": SoloRoll((6, 5, 4, 3, 2, 1), tuple(reversed(Die))),
    "take Gy polish=+2 grey:7": Take(Die.GREY, Area.GREY, 6, Polish(2)),
    "take Gy grey:1": Take(Die.GREY, Area.GREY, 0),
    "take W yellow:1": Take(Die.WHITE, Area.YELLOW, 1),
    "extra B polish=-1 blue:3,4": ExtraDie(Die.BLUE, Area.BLUE, 15, Polish(-1)),
    "extra W polish=+0/-1 blue:3,4": ExtraDie(Die.WHITE, Area.BLUE, 15, Polish(0, -1)),
    "take P polish=-1/+2 blue:6,6": Take(Die.PINK, Area.BLUE, 35, Polish(-1, 2)),
    "take Gy polish=+0/+1 grey:7": Take(Die.GREY, Area.GREY, 6, Polish(0, 1)),
    "take P pink": Take(Die.PINK, Area.PINK, NEXT),
    "question ?* 4 green:lower": QuestionMark(Bonus.QUESTION_BLACK, 4, Area.GREEN, 0),
    "question ?B blue:6,1": QuestionMark(Bonus.QUESTION_BLUE, 0, Area.BLUE, 30),
    "question ?B 3 blue:1,1": QuestionMark(Bonus.QUESTION_BLUE, 3, Area.BLUE, 0),
    "question ?Y yellow:1": QuestionMark(Bonus.QUESTION_YELLOW, 0, Area.YELLOW, 1),
    "question ?Gy grey:17": QuestionMark(Bonus.QUESTION_GREY, 0, Area.GREY, 16),
    "question ?Gn 2 green:upper": QuestionMark(Bonus.QUESTION_GREEN, 2, Area.GREEN, 1),
    "question ?P 3 pink": QuestionMark(Bonus.QUESTION_PINK, 3, Area.PINK, NEXT),
    "reroll": REROLL,
    "forfeit": FORFEIT,
    "pass": PASS,
}


@pytest.mark.parametrize("text", EXAMPLES)
def test_examples_round_trip(text: str) -> None:
    assert parse_move(text) == EXAMPLES[text]
    assert str(EXAMPLES[text]) == text


def test_every_move_of_the_space_round_trips() -> None:
    for move in GAME.move_space():
        assert parse_move(str(move)) == move


@pytest.mark.parametrize("text,token", [
    ("take Gy polish=+0 grey:7", "form"),
    ("take Gy polish=2 grey:7", "token 3"),
    ("take Gy polish=+1/+6 grey:7", "token 3"),
    ("take Gy grey:07", "token 3"),
    ("take Gy grey:18", "token 3"),
    ("take Gy grey:0", "grey parts are numbered from 1 since notation 2: grey:0 is now grey:1"),
    ("take X grey:7", "token 2"),
    ("take Y yellow:4", "token 3"),
    ("take B blue:3,7", "token 3"),
    ("take B blue:34", "token 3"),
    ("take Gn green:middle", "token 3"),
    ("take P pink:0", "token 3"),
    ("take P pink:1", "write 'pink'"),
    ("question ?P 3 pink:4", "write 'pink'"),
    ("take Gn green", "green:WHERE"),
    ("question ?G grey:7", r"now written \?Gy"),
    ("question ?Gr 3 green:lower", r"now written \?Gn"),
    ("question ?X 3 yellow:1", "token 2"),
    ("roll Y5 W3", "form"),
    ("roll W7", "token 2"),
    ("solo-roll W1 Y2", "dice"),
    ("take  Y yellow:1", "spacing"),
    ("pass now", "token 2"),
    ("jump", "token 1"),
])
def test_non_canonical_text_is_refused_naming_the_token(text: str, token: str) -> None:
    with pytest.raises(NotationError, match=token):
        parse_move(text)


def test_grey_parts_are_numbered_from_1() -> None:
    """Like every other target, grey parts count from 1: the two red-framed start parts (the
    first and ninth in row-major order of their first cell) are grey:1 and grey:9, and grey:1
    crosses the sheet notation's first grey character; grey:0 is refused naming grey:1."""
    state = apply(new_game(1), Roll((1, 1, 1, 6, 1, 1)))
    assert [str(m) for m in GAME.legal_moves(state) if str(m).startswith("take Gy")] == [
        "take Gy grey:1", "take Gy grey:9"]
    after = apply(state, parse_move("take Gy grey:1"))
    assert " gy=x................ " in format_sheet(after.sheets[0])
    with pytest.raises(NotationError) as error:
        parse_move("take Gy grey:0")
    assert str(error.value) == ("move 'take Gy grey:0': token 3 'grey:0': grey parts are "
                                "numbered from 1 since notation 2: grey:0 is now grey:1")


def test_sheet_notation() -> None:
    empty = new_game(1).sheets[0]
    text = format_sheet(empty)
    assert text == ("y=// b=....../....../....../....../....../...... gy=................. "
                    "gn=/ p= rr=o...... xd=....... ps=......... q= fox=0")
    sheet = sheet_with(
        yellow=((1, 3, 5), (2, 2), (6,)), blue=1 << 14, grey=1 << 0 | 1 << 8,
        green=((4, 3), (6,)), pink=(2, 3, 3), rerolls=3, rerolls_spent=1, polish=9,
        polish_spent=4, pending=(Bonus.QUESTION_YELLOW, Bonus.QUESTION_BLACK),
    )
    text = format_sheet(sheet)
    assert "y=135/22/6" in text and "gn=43/6" in text and "ps=xxxxooooo" in text
    assert parse_sheet(text) == sheet
    for bad in (text.replace("y=135", "y=153"), text.replace("p=233", "p=23"),
                text.replace("rr=xoo", "rr=oxo"), text.replace("q=?Y,?*", "q=?*,?Y"),
                text.replace(" q=", " x="), text.replace("q=?Y,?*", "q=?Y,?G"),
                text.replace(" fox=0", " fox=1")):
        with pytest.raises(NotationError):
            parse_sheet(bad)


def test_chance_outcomes_and_sampler() -> None:
    state = new_game(2)
    outcomes = list(chance_outcomes(state))
    assert len(outcomes) == 6 ** 6 and sum(w for _, w in outcomes) == 1
    after = apply(state, Roll((1, 2, 3, 4, 5, 6)))
    with pytest.raises(OracleError):
        sample_chance(after, random.Random(1))
    one = sample_chance(state, random.Random(5))
    assert one == sample_chance(state, random.Random(5))
    partial = state.but(places=(Place.FIELD_I,) + (Place.CUP,) * 5)
    assert sum(w for _, w in chance_outcomes(partial)) == Fraction(1)
    assert all(m.faces[0] == 0 for m, _ in chance_outcomes(partial) if isinstance(m, Roll))
