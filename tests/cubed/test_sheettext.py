"""Sheet notation: round trip for every sheet reached in random games, and clear errors."""

from __future__ import annotations

import pytest

from oracle import NotationError, PlayerSheet, new_game
from tests.cubed.builders import format_sheet, parse_sheet
from tests.cubed.builders import random_game

NEW = ("y=....../....../...... t=....../....../....../....../...... b=| br=............ p= "
       "rr=o...... nj=....... xd=....... q= fox=0")


def test_new_sheet() -> None:
    assert format_sheet(new_game(1).sheets[0]) == NEW
    assert parse_sheet(NEW) == new_game(1).sheets[0]


def test_the_foxes_may_be_left_out_of_a_sheet_given() -> None:
    """The notation states the foxes (read off the sheet); a sheet given without them is read
    all the same, and written with them."""
    bare = NEW.rsplit(" ", 1)[0]
    assert parse_sheet(bare) == parse_sheet(NEW)
    assert format_sheet(parse_sheet(bare)) == NEW


def test_round_trip_for_every_sheet_of_random_games() -> None:
    seen = 0
    for seed in range(60):
        for state in random_game(1 + seed % 4, seed):
            for sheet in state.sheets:
                assert parse_sheet(format_sheet(sheet)) == sheet
                seen += 1
    assert seen > 10_000


def test_every_field_is_read() -> None:
    text = ("y=x...../.x..../..x... t=xxxxxx/....../....../....../x..... b=6,5|8 "
            "br=x.x......... p=3h,6t rr=xoo.... nj=oxoxo.. xd=ooooooo q=?Y,?* fox=1")
    sheet = parse_sheet(text)
    assert sheet.yellow == 1 | 1 << 7 | 1 << 14
    assert sheet.blue_left == (6, 5) and sheet.blue_right == (8,)
    assert sheet.brown == 0b101 and sheet.pink == (3, 6) and sheet.pink_bonus == 0
    assert (sheet.rerolls, sheet.rerolls_spent) == (3, 1)
    assert (sheet.jokers, sheet.jokers_spent) == (5, 0b1010)
    assert sheet.extra_dice == 7 and sheet.foxes == 1
    assert format_sheet(sheet) == text
    assert format_sheet(PlayerSheet()) != text


@pytest.mark.parametrize("change,fragment", [
    (("y=....../....../......", "y=....../......"), "3 rows"),
    (("t=....../", "t=...X../"), "5 rows"),
    (("b=|", "b=6,7"), "LEFT|RIGHT"),
    (("b=|", "b=13|"), "2 to 12"),
    (("br=............", "br=..."), "12 fields"),
    (("p=", "p=3t"), "first pink field"),
    (("p=", "p=3h,7h"), "cannot hold"),
    (("p=", "p=3"), "h or t"),
    (("rr=o......", "rr=.o....."), "left to right"),
    (("rr=o......", "rr=ox....."), "spent left to right"),
    (("nj=.......", "nj=..."), "7 fields"),
    (("q=", "q=RR"), "not a question mark"),
    (("q=", "q=?P,?Y"), "canonical"),
    (("y=", "yellow="), "in this order"),
    (("fox=0", "fox=2"), "shows 0 foxes"),
    (("fox=0", "fox=x"), "shows 0 foxes"),
])
def test_bad_sheet_notation(change: tuple[str, str], fragment: str) -> None:
    text = NEW.replace(*change, 1)
    with pytest.raises(NotationError) as error:
        parse_sheet(text)
    assert fragment in str(error.value)
