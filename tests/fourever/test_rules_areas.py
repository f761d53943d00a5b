"""Areas, bonuses and scoring: for every rule id, a legal case and an illegal case refused with
that rule id (or, for a rule that only has an effect, the effect)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from oracle.engine.dice import Place
from oracle.engine.errors import NotationError
from oracle.games.fourever.areas import blue, green, grey, pink
from oracle.games.fourever.dice import Die
from oracle.games.fourever.ruleset import Ruleset
from oracle.games.fourever.sheet import GREY_PART_SHADE
from oracle.engine.phase import Phase
from oracle.engine.scoring import ScoreBreakdown
from oracle.engine.scoring import winners_of
from tests.fourever.kit import (
    Area,
    Bonus,
    FourEverSheet,
    GameState,
    NEXT,
    QuestionMark,
    Take,
    apply,
    foxes,
    legal_moves,
    parse_move,
    score,
    solo_rating,
    sheet_with,
    view,
)

At = Callable[..., GameState]
RuleOf = Callable[[GameState, object], str]
W, Y, B, GY, GN, P = Die
CUP, PLATTER = Place.CUP, Place.PLATTER


def choose(at: At, faces: tuple[int, ...], sheet: FourEverSheet = sheet_with(),
           **kw: object) -> GameState:
    return at(Phase.CHOOSE, faces, (CUP,) * 6, sheet, players=2, **kw)


@pytest.mark.rule("YELLOW-ROW")
def test_yellow_next_field_of_a_chosen_row(at: At, rule_of: RuleOf) -> None:
    sheet = sheet_with(yellow=((1, 2, 3, 4, 5), (1,), ()))
    state = choose(at, (1, 6, 1, 1, 1, 1), sheet)
    assert {m.target for m in legal_moves(state) if isinstance(m, Take)
            and m.area is Area.YELLOW and m.die is Y} == {2, 3}
    after = apply(state, Take(Y, Area.YELLOW, 2))
    assert view(after.sheets[0]).yellow == ((1, 2, 3, 4, 5), (1, 6), ())
    assert rule_of(state, Take(Y, Area.YELLOW, 1)) == "YELLOW-ROW"


@pytest.mark.rule("YELLOW-INCREASING")
def test_yellow_top_row_increases(at: At, rule_of: RuleOf) -> None:
    sheet = sheet_with(yellow=((3,), (), ()))
    assert Take(Y, Area.YELLOW, 1) in legal_moves(choose(at, (1, 4, 1, 1, 1, 1), sheet))
    assert rule_of(choose(at, (1, 3, 1, 1, 1, 1), sheet), Take(Y, Area.YELLOW, 1)) == \
        "YELLOW-INCREASING"
    assert Take(Y, Area.YELLOW, 2) in legal_moves(choose(at, (1, 3, 1, 1, 1, 1), sheet))


@pytest.mark.rule("BLUE-CELL")
def test_blue_row_and_column(at: At, rule_of: RuleOf) -> None:
    state = choose(at, (4, 1, 3, 1, 1, 1))  # white 4, blue 3
    assert Take(B, Area.BLUE, blue.cell(3, 4)) in legal_moves(state)
    assert rule_of(state, Take(B, Area.BLUE, blue.cell(4, 3))) == "BLUE-CELL"
    question = choose(at, (4, 1, 3, 1, 1, 1), sheet_with(pending=(Bonus.QUESTION_BLUE,)))
    assert QuestionMark(Bonus.QUESTION_BLUE, 0, Area.BLUE, blue.cell(6, 6)) in \
        legal_moves(question)


@pytest.mark.rule("CELL-FREE")
def test_cells_and_parts_are_crossed_once(at: At, rule_of: RuleOf) -> None:
    sheet = sheet_with(blue=1 << blue.cell(3, 4), grey=1 << 8)
    state = choose(at, (4, 1, 3, 6, 1, 1), sheet)
    assert rule_of(state, Take(B, Area.BLUE, blue.cell(3, 4))) == "CELL-FREE"
    assert rule_of(state, Take(GY, Area.GREY, 8)) == "CELL-FREE"
    assert Take(GY, Area.GREY, 0) in legal_moves(state)


@pytest.mark.rule("GREY-SIZE")
def test_grey_part_size(at: At, rule_of: RuleOf) -> None:
    assert Take(GY, Area.GREY, 8) in legal_moves(choose(at, (1, 1, 1, 4, 1, 1)))
    assert rule_of(choose(at, (1, 1, 1, 3, 1, 1)), Take(GY, Area.GREY, 8)) == "GREY-SIZE"


@pytest.mark.rule("GREY-START")
def test_grey_first_part_is_a_start_part(at: At, rule_of: RuleOf) -> None:
    state = choose(at, (1, 1, 1, 6, 1, 1))
    assert {m.target for m in legal_moves(state) if isinstance(m, Take) and m.area is Area.GREY} \
        == {0, 8}
    assert rule_of(state, Take(GY, Area.GREY, 1)) == "GREY-START"


@pytest.mark.rule("GREY-ADJACENT")
def test_grey_later_parts_touch(at: At, rule_of: RuleOf) -> None:
    state = choose(at, (1, 1, 1, 6, 1, 1), sheet_with(grey=1 << 0))
    assert {m.target for m in legal_moves(state) if isinstance(m, Take) and m.die is GY} \
        == {1, 8}
    assert rule_of(state, Take(GY, Area.GREY, 2)) == "GREY-ADJACENT"


@pytest.mark.rule("GREEN-LINE")
def test_green_lines(at: At, rule_of: RuleOf) -> None:
    sheet = sheet_with(green=((1,) * 11, (2,)))
    state = choose(at, (1, 1, 1, 1, 5, 1), sheet)
    assert Take(GN, Area.GREEN, green.UPPER) in legal_moves(state)
    assert rule_of(state, Take(GN, Area.GREEN, green.LOWER)) == "GREEN-LINE"
    after = apply(state, Take(GN, Area.GREEN, green.UPPER))
    assert view(after.sheets[0]).green == ((1,) * 11, (2, 5))


@pytest.mark.rule("GREEN-UPPER-AFTER-LOWER")
def test_green_upper_after_lower_both_ways(at: At, rule_of: RuleOf) -> None:
    sheet = sheet_with(green=((3,), (4,)))
    assert Take(GN, Area.GREEN, green.UPPER) in legal_moves(choose(at, (1,) * 6, sheet))
    strict = choose(at, (1,) * 6, sheet, ruleset=Ruleset(green_upper_after_lower=True))
    assert rule_of(strict, Take(GN, Area.GREEN, green.UPPER)) == "GREEN-UPPER-AFTER-LOWER"
    assert Take(GN, Area.GREEN, green.LOWER) in legal_moves(strict)


@pytest.mark.rule("PINK-NEXT")
def test_pink_next_field(at: At) -> None:
    state = choose(at, (1, 1, 1, 1, 1, 4), sheet_with(pink=(1, 2)))
    assert [m for m in legal_moves(state) if isinstance(m, Take) and m.die is P] == [
        Take(P, Area.PINK, NEXT)]
    assert view(apply(state, Take(P, Area.PINK, NEXT)).sheets[0]).pink == (1, 2, 4)
    with pytest.raises(NotationError, match="write 'pink'"):  # the sheet fixes the field
        parse_move("take P pink:3")


@pytest.mark.rule("PINK-FULL")
def test_pink_full(at: At, rule_of: RuleOf) -> None:
    state = choose(at, (1, 1, 1, 1, 1, 4), sheet_with(pink=(1,) * 12))
    assert rule_of(state, Take(P, Area.PINK, NEXT)) == "PINK-FULL"
    assert Take(P, Area.PINK, NEXT) in legal_moves(choose(at, (1, 1, 1, 1, 1, 4)))


@pytest.mark.rule("PINK-THREE")
def test_pink_three_writes_another_three(at: At) -> None:
    state = choose(at, (1, 1, 1, 1, 1, 3), sheet_with(pink=(1, 1, 1)))
    after = apply(state, Take(P, Area.PINK, NEXT))
    assert view(after.sheets[0]).pink == (1, 1, 1, 3, 3)
    assert view(after.sheets[0]).extra_dice == 0  # field 4's bonus (+1) needs a 5 or 6
    last = choose(at, (1, 1, 1, 1, 1, 3), sheet_with(pink=(1,) * 11))
    assert view(apply(last, Take(P, Area.PINK, NEXT)).sheets[0]).pink == (1,) * 11 + (3,)
    question = choose(at, (1,) * 6, sheet_with(pending=(Bonus.QUESTION_PINK,)))
    after = apply(question, QuestionMark(Bonus.QUESTION_PINK, 3, Area.PINK, NEXT))
    assert view(after.sheets[0]).pink == (3, 3) and view(after.sheets[0]).polish == 0


@pytest.mark.rule("BONUS-YELLOW")
def test_yellow_bonuses(at: At) -> None:
    state = choose(at, (1, 5, 1, 1, 1, 1), sheet_with(yellow=((1, 2, 3, 4), (1,), ())))
    after = apply(state, Take(Y, Area.YELLOW, 1))
    assert foxes(after.sheets[0]) == 1
    after = apply(state, Take(Y, Area.YELLOW, 2))  # middle row, column 2: ?P
    assert after.sheets[0].pending == (Bonus.QUESTION_PINK,)
    assert apply(state, Take(Y, Area.YELLOW, 3)).sheets[0].pending == ()


@pytest.mark.rule("BONUS-BLUE")
def test_blue_bonuses(at: At) -> None:
    sheet = sheet_with(blue=1 << blue.cell(6, 1) | 1 << blue.cell(1, 1))
    after = apply(choose(at, (6, 1, 6, 1, 1, 1), sheet), Take(B, Area.BLUE, blue.cell(6, 6)))
    assert foxes(after.sheets[0]) == 1  # row 6's 2nd cross shows its fox
    assert view(after.sheets[0]).rerolls == 1  # and the main diagonal's 2nd cross a re-roll
    once = sheet_with(blue=1 << blue.cell(6, 1) | 1 << blue.cell(6, 2) | 1 << blue.cell(1, 1)
                       | 1 << blue.cell(2, 2))
    after = apply(choose(at, (6, 1, 6, 1, 1, 1), once), Take(B, Area.BLUE, blue.cell(6, 6)))
    assert view(after.sheets[0]).rerolls == 0 and foxes(after.sheets[0]) == 1


@pytest.mark.rule("BONUS-GREY")
def test_grey_cell_bonuses(at: At) -> None:
    after = apply(choose(at, (1, 1, 1, 4, 1, 1)), Take(GY, Area.GREY, 8))
    assert view(after.sheets[0]).rerolls == 1  # cell (3,0)
    after = apply(choose(at, (1, 1, 1, 1, 1, 1)), Take(GY, Area.GREY, 0))
    assert view(after.sheets[0]).polish == 1  # cell (0,0)
    shade = sum(1 << p for p in range(17) if GREY_PART_SHADE[p] == "D")
    assert grey.foxes(shade) == 1 and grey.foxes(shade & ~1) == 0


@pytest.mark.rule("BONUS-GREEN")
def test_green_bonus_with_the_lower_triangle(at: At) -> None:
    after = apply(choose(at, (1, 1, 1, 1, 2, 1)), Take(GN, Area.GREEN, green.LOWER))
    assert view(after.sheets[0]).rerolls == 1
    after = apply(choose(at, (1, 1, 1, 1, 2, 1)), Take(GN, Area.GREEN, green.UPPER))
    assert view(after.sheets[0]).rerolls == 0


@pytest.mark.rule("BONUS-PINK")
def test_pink_bonus_with_five_or_six(at: At) -> None:
    assert view(apply(choose(at, (1, 1, 1, 1, 1, 5)), Take(P, Area.PINK, NEXT)).sheets[0]).polish == 1
    assert view(apply(choose(at, (1, 1, 1, 1, 1, 6)), Take(P, Area.PINK, NEXT)).sheets[0]).polish == 1
    assert view(apply(choose(at, (1, 1, 1, 1, 1, 4)), Take(P, Area.PINK, NEXT)).sheets[0]).polish == 0
    assert pink.score((6,)) == 2 + 3 and pink.score((4,)) == 2 + 4


@pytest.mark.rule("FOX")
def test_foxes_score_the_lowest_area_both_ways() -> None:
    sheet = sheet_with(yellow=((1, 2, 3, 4, 5), (6, 6), ()), pink=(1,))
    plain = score(sheet)
    assert plain.foxes == 1 and plain.area("yellow") == -12 and plain.fox_points == -12
    assert plain.total == -12 + 2 - 12
    floored = score(sheet, Ruleset(fox_floor_zero=True))
    assert floored.fox_points == 0 and floored.total == -10


@pytest.mark.rule("SCORE-TOTAL")
def test_total() -> None:
    sheet = sheet_with(yellow=((), (), (6,)), green=((4,), (6,)), pink=(2,))
    s = score(sheet)
    assert s.areas == (6, 0, 0, 10, 4) and s.total == 20 and s.foxes == 0


def _breakdown(areas: tuple[int, ...], total: int) -> ScoreBreakdown:
    return ScoreBreakdown(("yellow", "blue", "grey", "green", "pink"), areas, 0, min(areas), 0,
                          total)


@pytest.mark.rule("WINNER")
def test_winner_tie_break() -> None:
    a = _breakdown((10, 10, 10, 10, 10), 50)
    b = _breakdown((30, 5, 5, 5, 5), 50)
    c = _breakdown((1, 1, 1, 1, 1), 5)
    assert winners_of((a, b, c)) == (1,)
    assert winners_of((a, a, c)) == (0, 1)


@pytest.mark.rule("SOLO-RATING")
def test_solo_rating() -> None:
    assert solo_rating(450) == "Clever 4ever!"
    assert solo_rating(449) == "Clever once again!"
    assert solo_rating(179) == "Let's talk about something else."
    assert solo_rating(-5) == "Let's talk about something else."
