"""The five areas and the white die: a legal and an illegal case for every rule id."""

from __future__ import annotations

import pytest

from oracle import (
    Area,
    Die,
    GameState,
    Place,
    Joker,
    Phase,
    PlayerSheet,
    Ruleset,
    Take,
    apply,
    legal_moves,
)
from oracle.games.cubed.areas import turquoise, yellow
from oracle.games.cubed.areas.blue import LEFT, RIGHT
from oracle.games.cubed.areas.pink import HALF, TIMES
from tests.cubed.builders import CUP, F1, F2, PLATTER, at, rule_of

W, Y, T, B, BR, P = Die


def choose(faces: tuple[int, ...], sheet: PlayerSheet = PlayerSheet(), rolls: int = 0,
           places: tuple[Place, ...] = (CUP,) * 6, ruleset: Ruleset = Ruleset()) -> GameState:
    return at(Phase.CHOOSE, faces, places, sheet, rolls=rolls, ruleset=ruleset, players=2)


@pytest.mark.rule("WHITE-JOKER")
def test_white_die_is_a_colour_joker_others_are_not() -> None:
    state = choose((3, 3, 3, 3, 3, 3))
    areas = {m.area for m in legal_moves(state) if isinstance(m, Take) and m.die is W}
    assert areas == set(Area)
    assert rule_of(state, Take(Y, Area.PINK, HALF)) == "WHITE-JOKER"
    assert rule_of(state, Take(P, Area.YELLOW, 1)) == "WHITE-JOKER"


@pytest.mark.rule("CELL-FREE")
def test_a_field_is_used_once() -> None:
    sheet = PlayerSheet(yellow=yellow.bit(1, 4), turquoise=turquoise.bit(2, 4))
    state = choose((1, 4, 4, 1, 1, 1), sheet)
    assert rule_of(state, Take(Y, Area.YELLOW, 1)) == "CELL-FREE"
    assert rule_of(state, Take(T, Area.TURQUOISE, 0b10)) == "CELL-FREE"
    assert Take(T, Area.TURQUOISE, 0b1) in legal_moves(state)


@pytest.mark.rule("YELLOW-ROW")
def test_active_yellow_row_follows_the_die_field() -> None:
    state = choose((1, 5, 1, 1, 1, 1), rolls=1, places=(CUP, CUP, CUP, CUP, F1, CUP))
    assert [m for m in legal_moves(state) if isinstance(m, Take) and m.die is Y
            and m.action is None] == [Take(Y, Area.YELLOW, 2)]
    assert rule_of(state, Take(Y, Area.YELLOW, 1)) == "YELLOW-ROW"
    after = apply(state, Take(Y, Area.YELLOW, 2))
    assert after.sheets[0].yellow == yellow.bit(2, 5)


@pytest.mark.rule("YELLOW-GREY")
def test_platter_dice_cross_grey_cells() -> None:
    places = (F1, PLATTER, F2, PLATTER, PLATTER, CUP)
    state = at(Phase.PASSIVE_CHOOSE, (6, 2, 5, 1, 1, 4), places, players=2, seat=1)
    assert Take(Y, Area.YELLOW, 3) in legal_moves(state)
    assert rule_of(state, Take(Y, Area.YELLOW, 1)) == "YELLOW-GREY"
    assert rule_of(state, Take(Y, Area.YELLOW, 2)) == "YELLOW-GREY"


@pytest.mark.rule("TURQUOISE-EXTRA")
def test_turquoise_extra_crosses_for_matching_dice_of_the_group() -> None:
    # Active: a yellow 3 on die field I, the turquoise 3 chosen on roll 2 -> up to 2 crosses.
    state = choose((1, 3, 3, 3, 1, 1), rolls=1, places=(CUP, F1, CUP, CUP, CUP, CUP))
    takes = {m.target for m in legal_moves(state)
             if isinstance(m, Take) and m.die is T and m.action is None}
    assert 0b11 in takes and 0b10100 in takes and all(t.bit_count() <= 2 for t in takes)
    assert rule_of(state, Take(T, Area.TURQUOISE, 0b111)) == "TURQUOISE-EXTRA"
    after = apply(state, Take(T, Area.TURQUOISE, 0b101))
    assert after.sheets[0].turquoise == turquoise.bit(1, 3) | turquoise.bit(3, 3)
    # Passive: turquoise, pink and blue 4 on the platter -> up to 3 crosses.
    places = (F1, F2, PLATTER, PLATTER, CUP, PLATTER)
    passive = at(Phase.PASSIVE_CHOOSE, (6, 5, 4, 4, 2, 4), places, players=2, seat=1)
    assert Take(T, Area.TURQUOISE, 0b111) in legal_moves(passive)
    assert rule_of(passive, Take(T, Area.TURQUOISE, 0b1111)) == "TURQUOISE-EXTRA"


@pytest.mark.rule("BLUE-SUM")
def test_blue_writes_blue_plus_white_wherever_the_other_lies() -> None:
    state = choose((5, 1, 1, 3, 1, 1), places=(PLATTER, CUP, CUP, CUP, CUP, CUP), rolls=1)
    right = apply(state, Take(B, Area.BLUE, RIGHT))
    assert right.sheets[0].blue_right == (8,)
    white = choose((5, 1, 1, 3, 1, 1))
    assert apply(white, Take(W, Area.BLUE, RIGHT)).sheets[0].blue_right == (8,)


def test_blue_left_rejects_a_wrong_step() -> None:
    state = choose((5, 1, 1, 3, 1, 1), places=(PLATTER, CUP, CUP, CUP, CUP, CUP), rolls=1)
    assert rule_of(state, Take(B, Area.BLUE, LEFT)) == "BLUE-STEP"


@pytest.mark.rule("BLUE-STEP")
def test_blue_steps() -> None:
    sheet = PlayerSheet(blue_left=(6,), blue_right=(8, 9))
    state = choose((2, 1, 1, 3, 1, 1), sheet)      # 5: left after 6, not right after 9
    assert Take(B, Area.BLUE, LEFT) in legal_moves(state)
    assert rule_of(state, Take(B, Area.BLUE, RIGHT)) == "BLUE-STEP"
    state = choose((6, 1, 1, 4, 1, 1), sheet)      # 10: right after 9
    assert Take(B, Area.BLUE, RIGHT) in legal_moves(state)
    assert rule_of(state, Take(B, Area.BLUE, LEFT)) == "BLUE-STEP"


@pytest.mark.rule("BLUE-SEVEN")
def test_blue_seven_after_any_other_number() -> None:
    sheet = PlayerSheet(blue_left=(6, 5), blue_right=())
    state = choose((3, 1, 1, 4, 1, 1), sheet)      # 7
    assert Take(B, Area.BLUE, LEFT) in legal_moves(state)
    assert rule_of(state, Take(B, Area.BLUE, RIGHT)) == "BLUE-SEVEN"  # after the middle 7
    after_seven = apply(state, Take(B, Area.BLUE, LEFT)).sheets[0]
    assert after_seven.blue_left == (6, 5, 7)
    always = choose((3, 1, 1, 4, 1, 1), sheet, ruleset=Ruleset(blue_seven_after_seven=True))
    assert Take(B, Area.BLUE, RIGHT) in legal_moves(always)


@pytest.mark.rule("BLUE-FULL")
def test_blue_six_fields_a_side() -> None:
    sheet = PlayerSheet(blue_right=(8, 9, 10, 11, 12, 7))
    state = choose((4, 1, 1, 4, 1, 1), sheet)       # 8
    assert rule_of(state, Take(B, Area.BLUE, RIGHT)) == "BLUE-FULL"
    assert rule_of(choose((4, 1, 1, 4, 1, 1), PlayerSheet(blue_right=(8, 9, 10, 11, 12))),
                   Take(B, Area.BLUE, RIGHT)) == "BLUE-STEP"


@pytest.mark.rule("BROWN-NUMBER")
def test_brown_field_must_show_the_number() -> None:
    state = choose((1, 1, 1, 1, 4, 1))
    assert Take(BR, Area.BROWN, 4) in legal_moves(state)
    assert Take(BR, Area.BROWN, 7) in legal_moves(state)
    assert rule_of(state, Take(BR, Area.BROWN, 5)) == "BROWN-NUMBER"


@pytest.mark.rule("BROWN-ORDER")
def test_brown_left_to_right_skipped_fields_lost() -> None:
    sheet = PlayerSheet(brown=1 << 4)               # field 5 crossed
    state = choose((1, 1, 1, 1, 4, 1), sheet)
    assert rule_of(state, Take(BR, Area.BROWN, 4)) == "BROWN-ORDER"
    assert [m for m in legal_moves(state) if isinstance(m, Take) and m.die is BR
            and m.action is None] == [Take(BR, Area.BROWN, 7)]


@pytest.mark.rule("PINK-NEXT")
def test_pink_next_field_half_or_times() -> None:
    sheet = PlayerSheet(pink=(2,))
    state = choose((1, 1, 1, 1, 1, 5), sheet)
    half = apply(state, Take(P, Area.PINK, HALF)).sheets[0]
    times = apply(state, Take(P, Area.PINK, TIMES)).sheets[0]
    assert half.pink == (2, 3) and half.rerolls == 1          # field 2: bonus re-roll
    assert times.pink == (2, 5) and times.rerolls == 0        # star 1, bonus crossed out


@pytest.mark.rule("PINK-FIELD-ONE")
def test_pink_first_field_half_only() -> None:
    state = choose((1, 1, 1, 1, 1, 5))
    assert apply(state, Take(P, Area.PINK, HALF)).sheets[0].pink == (3,)
    assert rule_of(state, Take(P, Area.PINK, TIMES)) == "PINK-FIELD-ONE"


@pytest.mark.rule("PINK-FULL")
def test_pink_twelve_fields() -> None:
    state = choose((1, 1, 1, 1, 1, 5), PlayerSheet(pink=(1,) * 12))
    assert rule_of(state, Take(P, Area.PINK, HALF)) == "PINK-FULL"
    eleven = choose((1, 1, 1, 1, 1, 5), PlayerSheet(pink=(1,) * 11))
    assert apply(eleven, Take(P, Area.PINK, TIMES)).sheets[0].pink[-1] == 15


@pytest.mark.rule("NUMBER-JOKER")
def test_number_joker_printed_and_free_fields() -> None:
    # Circled: printed 3, 4, 5, 6 and one '?' field; the 4 is spent.
    sheet = PlayerSheet(jokers=5, jokers_spent=0b10)
    state = choose((1, 2, 1, 1, 1, 6), sheet)
    moves = legal_moves(state)
    assert Take(Y, Area.YELLOW, 1, Joker(5, False)) in moves
    assert Take(Y, Area.YELLOW, 1, Joker(1, True)) in moves
    assert rule_of(state, Take(Y, Area.YELLOW, 1, Joker(4, False))) == "NUMBER-JOKER"
    assert rule_of(state, Take(Y, Area.YELLOW, 1, Joker(2, True))) == "NUMBER-JOKER"
    after = apply(state, Take(Y, Area.YELLOW, 1, Joker(5, False)))
    assert after.sheets[0].yellow == yellow.bit(1, 5)
    assert after.sheets[0].jokers_spent == 0b110
    # The face (2) decides the platter, not the joker's 5: only the 1s go there.
    assert after.places[Die.PINK] is CUP and after.places[Die.WHITE] is PLATTER
    free = apply(state, Take(Y, Area.YELLOW, 1, Joker(4, True)))
    assert free.sheets[0].jokers_spent == 0b10010
    none = choose((1, 2, 1, 1, 1, 6))
    assert rule_of(none, Take(Y, Area.YELLOW, 1, Joker(3, False))) == "NUMBER-JOKER"
    # A joker must change the number: the printed 5 is no joker for a die showing 5.
    five = choose((1, 5, 1, 1, 1, 6), sheet)
    assert rule_of(five, Take(Y, Area.YELLOW, 1, Joker(5, False))) == "NUMBER-JOKER"
    assert Take(Y, Area.YELLOW, 1, Joker(3, False)) in legal_moves(five)


@pytest.mark.rule("NUMBER-JOKER")
@pytest.mark.parametrize("same_face", [False, True])
def test_joker_naming_the_face_follows_the_option(same_face: bool) -> None:
    """Ruling 23: by default a joker must change the number; with joker_same_face it may name
    the face, spending the joker and changing nothing else."""
    sheet = PlayerSheet(jokers=5)  # printed 3, 4, 5, 6 and one '?' field circled
    ruleset = Ruleset(joker_same_face=same_face)
    state = choose((1, 5, 1, 1, 1, 6), sheet, ruleset=ruleset)
    printed, free = Take(Y, Area.YELLOW, 1, Joker(5, False)), Take(Y, Area.YELLOW, 1, Joker(5, True))
    plain = apply(state, Take(Y, Area.YELLOW, 1))
    if not same_face:
        assert rule_of(state, printed) == "NUMBER-JOKER"
        assert rule_of(state, free) == "NUMBER-JOKER"
        return
    moves = legal_moves(state)
    assert printed in moves and free in moves
    after = apply(state, printed)
    assert after.sheets[0].yellow == plain.sheets[0].yellow == yellow.bit(1, 5)
    assert after.sheets[0].jokers_spent == 0b100 and plain.sheets[0].jokers_spent == 0
    assert after.places == plain.places
    assert apply(state, free).sheets[0].jokers_spent == 0b10000


def test_joker_changes_the_number_matched_for_turquoise() -> None:
    sheet = PlayerSheet(jokers=5)
    state = choose((1, 4, 2, 1, 1, 1), sheet, rolls=1, places=(CUP, F1, CUP, CUP, CUP, CUP))
    # Turquoise 2 used as 4 matches the yellow 4 on die field I: two crosses in column 4.
    after = apply(state, Take(T, Area.TURQUOISE, 0b11, Joker(4, False)))
    assert after.sheets[0].turquoise == turquoise.bit(1, 4) | turquoise.bit(2, 4)
    assert rule_of(state, Take(T, Area.TURQUOISE, 0b11)) == "TURQUOISE-EXTRA"


def test_passive_fallback_die_keeps_its_die_field_row() -> None:
    full = PlayerSheet(yellow=yellow.bit(1, 6), brown=(1 << 12) - 1, pink=(1,) * 12, turquoise=(1 << 30) - 1,
                       blue_left=(6, 5, 4, 3, 2, 7), blue_right=(8, 9, 10, 11, 12, 7))
    places = (PLATTER, F2, PLATTER, PLATTER, PLATTER, PLATTER)
    state = at(Phase.PASSIVE_CHOOSE, (6, 3, 1, 1, 1, 1), places, full, players=2, seat=1)
    moves = [m for m in legal_moves(state) if isinstance(m, Take)]
    assert Take(Y, Area.YELLOW, 2) in moves
    assert rule_of(state, Take(Y, Area.YELLOW, 3)) == "YELLOW-ROW"
    assert F1 not in (state.places[m.die] for m in moves)
