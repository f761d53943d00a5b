"""Position notation: round trip for every state of many random games, and clear errors."""

from __future__ import annotations

import pytest

from oracle import NotationError, Ruleset, format_position, new_game, parse_position
from tests.cubed.builders import parse_cubed
from oracle.games import find_game
from tests.cubed.builders import random_game

NEW_SOLO = ("clever-cubed round=1 active=p1 phase=roll seat=p1 to=dice rolls=0 "
            "dice=W-:cup,Y-:cup,T-:cup,B-:cup,Br-:cup,P-:cup extras=- ruleset=default ; "
            "y=....../....../...... t=....../....../....../....../...... b=| br=............ "
            "p= rr=o...... nj=....... xd=....... q= fox=0")


def test_new_game() -> None:
    assert format_position(new_game(1)) == NEW_SOLO
    assert parse_position(NEW_SOLO) == new_game(1)


def test_round_trip_for_every_state_of_random_games() -> None:
    game = find_game("clever-cubed")
    seen = set()
    for seed in range(80):
        for state in random_game(1 + seed % 4, seed):
            text = game.format_position(state)
            assert parse_position(text) == state
            assert "\n" not in text
            seen.add(text.split(" ", 4)[3])  # the phase field
    assert len(seen) >= 7  # every phase but a few rare ones was met


def test_ruleset_is_part_of_the_position() -> None:
    state = new_game(2, Ruleset(blue_seven_after_seven=True))
    text = format_position(state)
    assert "ruleset=blue_seven_after_seven:true " in text
    assert parse_position(text) == state and parse_position(text) != new_game(2)


@pytest.mark.parametrize("change, message", [
    (("round=1", "round=9"), "field round="),
    (("phase=roll", "phase=dance"), "field phase="),
    (("to=dice", "to=p1"), "not a position in which"),
    (("dice=W-:cup", "dice=W7:cup"), "field dice="),
    (("W-:cup", "W-:table"), "the place is one of"),
    (("extras=-", "extras=-,-"), "field extras="),
    (("ruleset=default", "ruleset=colour:blue"), "field ruleset="),
    (("rr=o......", "rr=.o....."), "sheet of p1"),
    ((" ; y=", " ;  y="), "sheet of p1"),
    (("clever-cubed", "clever-dubed"), "not a game's name"),
    (("rolls=0", "rolls=00"), "field rolls="),
])
def test_bad_positions_are_refused_with_the_field(change: tuple[str, str], message: str) -> None:
    text = NEW_SOLO.replace(*change, 1)
    with pytest.raises(NotationError) as error:
        parse_position(text)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_only_canonical_text_is_accepted() -> None:
    with pytest.raises(NotationError, match="want clever-cubed then the fields"):
        parse_cubed(NEW_SOLO.replace(" rolls=0", "  rolls=0"))
    with pytest.raises(NotationError, match="1 to 4"):
        parse_cubed(NEW_SOLO.split(" ; ")[0])


def test_extras_in_another_order_are_not_canonical() -> None:
    state = new_game(2)
    text = format_position(state.but(extras=(0b11, 0)))
    assert "extras=W+Y,-" in text
    with pytest.raises(NotationError, match="not canonical"):
        parse_position(text.replace("extras=W+Y,-", "extras=Y+W,-"))


SOLO_CHOOSING = ("clever-cubed round=1 active=p1 phase=choose seat=p1 to=p1 rolls=1 "
                 "dice=W2:platter,Y6:cup,T5:cup,B2:platter,Br3:I,P1:cup extras=- ruleset=default"
                 " ; y=....../....../...... t=....../....../....../....../...... b=| "
                 "br=..x......... p= rr=o...... nj=....... xd=....... q=")


@pytest.mark.parametrize("change,why", [
    (("rolls=1", "rolls=3"), "after all three rolls"),
    (("W2:platter", "W-:cup"), "not rolled"),
    (("W2:platter", "W-:platter"), "never rolled"),
    (("Y6:cup,T5:cup", "Y6:I,T5:I"), "more than one die"),
    (("Br3:I", "Br3:II"), "beyond the 1 rolls"),
    (("phase=choose seat=p1 to=p1 rolls=1", "phase=roll seat=p1 to=dice rolls=3"),
     "after all three rolls"),
    (("b=|", "b=6,9|"), "9 cannot follow 6"),
    (("b=|", "b=8|"), "8 cannot follow 7"),
    (("b=|", "b=|5"), "5 cannot follow 7"),
    (("b=|", "b=|8,7,7"), "7 cannot follow 7"),
    (("rr=o......", "rr=ooooooo"), "re-roll fields circled"),
    (("nj=.......", "nj=o......"), "number joker fields circled"),
])
def test_positions_no_game_reaches_are_refused(change: tuple[str, str], why: str) -> None:
    """Every sheet invariant and the turn state are checked (the hostile trial's positions):
    what the notation reads is a state the engine can go on from, or a one-line refusal."""
    assert parse_position(SOLO_CHOOSING).phase.name == "CHOOSE"
    with pytest.raises(NotationError, match=why):
        parse_position(SOLO_CHOOSING.replace(*change))
    bent = SOLO_CHOOSING.replace(*change)
    assert bent != SOLO_CHOOSING


def test_a_seven_after_seven_is_read_under_its_option() -> None:
    text = SOLO_CHOOSING.replace("b=|", "b=|8,7,7").replace("rr=o......", "rr=oo.....").replace(
        "ruleset=default", "ruleset=blue_seven_after_seven:true")  # right field 2's re-roll
    assert parse_position(text).sheets[0].blue_right == (8, 7, 7)
