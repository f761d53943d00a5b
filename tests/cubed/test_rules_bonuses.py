"""Bonuses, question marks, action tracks, foxes, scoring and winners."""

from __future__ import annotations

import attrs
import pytest

from oracle import (
    Area,
    BlueQuestion,
    Bonus,
    Die,
    GameState,
    Phase,
    PlayerSheet,
    QuestionMark,
    Ruleset,
    Take,
    apply,
    legal_moves,
    new_game,
    score,
    solo_rating,
    winner_seats,
    winners,
)
from oracle.games.cubed.areas import brown, turquoise, yellow
from oracle.games.cubed.variant import CUBED
from oracle.engine.diagnose import diagnose
from oracle.engine.legal import question_uses
from oracle.games.cubed.areas.blue import LEFT, RIGHT
from oracle.games.cubed.areas.pink import HALF, TIMES
from tests.cubed.builders import CUP, F1, at, rule_of

W, Y, T, B, BR, P = Die
QY, QT, QB, QBR, QP, QX = (Bonus.QUESTION_YELLOW, Bonus.QUESTION_TURQUOISE,
                           Bonus.QUESTION_BLUE, Bonus.QUESTION_BROWN, Bonus.QUESTION_PINK,
                           Bonus.QUESTION_BLACK)


def choose(faces: tuple[int, ...], sheet: PlayerSheet = PlayerSheet(), rolls: int = 0,
           ruleset: Ruleset = Ruleset()) -> GameState:
    places = tuple(F1 if rolls and d == 4 else CUP for d in range(6))
    return at(Phase.CHOOSE, faces, places, sheet, rolls=rolls, ruleset=ruleset, players=2)


@pytest.mark.rule("BONUS-YELLOW")
def test_yellow_bonus_between_crossed_cells() -> None:
    sheet = PlayerSheet(yellow=yellow.bit(1, 1) | yellow.bit(3, 1))
    state = choose((6, 1, 6, 6, 6, 6), sheet, rolls=1)
    after = apply(state, Take(Y, Area.YELLOW, 2)).sheets[0]
    assert after.rerolls == 1 and after.jokers == 1          # RR above, NJ below
    lone = choose((6, 1, 6, 6, 6, 6), PlayerSheet(), rolls=1)
    assert apply(lone, Take(Y, Area.YELLOW, 2)).sheets[0].rerolls == 0


@pytest.mark.rule("BONUS-TURQUOISE")
def test_turquoise_bonus_on_shaded_cells_only() -> None:
    state = choose((1, 1, 6, 1, 1, 1))
    assert apply(state, Take(T, Area.TURQUOISE, 0b1)).sheets[0].rerolls == 1   # column 6
    assert apply(state, Take(T, Area.TURQUOISE, 0b10)).sheets[0].rerolls == 0  # white cell
    # Row 5 has one shaded cell and no row bonus; column 1 needs all five rows.
    four = PlayerSheet(turquoise=sum(turquoise.bit(r, 1) for r in (1, 2, 3, 4)))
    one = choose((2, 1, 1, 2, 2, 2), four)
    assert apply(one, Take(T, Area.TURQUOISE, 0b10000)).sheets[0].pending == (QBR,)


@pytest.mark.rule("BONUS-BLUE")
def test_blue_bonus_when_written() -> None:
    sheet = PlayerSheet(blue_left=(6,), blue_right=(8,))
    left = choose((4, 1, 1, 1, 1, 1), sheet)                  # 5 on the left: NJ
    assert apply(left, Take(B, Area.BLUE, LEFT)).sheets[0].jokers == 1
    right = choose((4, 1, 1, 5, 1, 1), sheet)                 # 9 on the right: RR
    assert apply(right, Take(B, Area.BLUE, RIGHT)).sheets[0].rerolls == 1


@pytest.mark.rule("BONUS-BROWN")
def test_brown_bonus_between_crossed_neighbours() -> None:
    state = choose((1, 1, 1, 1, 5, 1), PlayerSheet(brown=0b1))
    assert apply(state, Take(BR, Area.BROWN, 2)).sheets[0].jokers == 1
    skipped = choose((1, 1, 1, 1, 5, 1), PlayerSheet(brown=0b0))
    assert apply(skipped, Take(BR, Area.BROWN, 2)).sheets[0].jokers == 0


@pytest.mark.rule("BONUS-PINK")
def test_pink_bonus_with_half_only() -> None:
    sheet = PlayerSheet(pink=(1,) * 8)
    state = choose((1, 1, 1, 1, 1, 4), sheet)
    half = apply(state, Take(P, Area.PINK, HALF)).sheets[0]
    times = apply(state, Take(P, Area.PINK, TIMES)).sheets[0]
    assert half.foxes == 1 and half.pink[-1] == 2
    assert times.foxes == 0 and times.pink[-1] == 12


def _chain_state() -> GameState:
    sheet = PlayerSheet(yellow=yellow.bit(1, 5) | yellow.bit(3, 5) | yellow.bit(3, 3))
    return apply(choose((6, 5, 6, 6, 1, 6), sheet, rolls=1), Take(Y, Area.YELLOW, 2))


@pytest.mark.rule("QUESTION-FIRST")
def test_pending_question_marks_come_first() -> None:
    state = _chain_state()
    assert state.actor == 0 and state.sheets[0].pending == (QY, QT)
    assert all(isinstance(m, QuestionMark) for m in legal_moves(state))
    assert rule_of(state, Take(W, Area.PINK, HALF)) == "QUESTION-FIRST"


def test_bonus_chain_resolved_in_either_order() -> None:
    state = _chain_state()
    # ?Y 3 in row II completes II/III column 3, a ?B: a chain.
    y_first = apply(state, QuestionMark(QY, 3, Area.YELLOW, 2))
    assert y_first.sheets[0].pending == (QT, QB)
    y_first = apply(y_first, QuestionMark(QT, 2, Area.TURQUOISE, 0b100))
    y_first = apply(y_first, QuestionMark(QB, 6, Area.BLUE, LEFT))
    t_first = apply(state, QuestionMark(QT, 2, Area.TURQUOISE, 0b100))
    assert t_first.sheets[0].pending == (QY,)
    t_first = apply(t_first, QuestionMark(QY, 3, Area.YELLOW, 2))
    t_first = apply(t_first, QuestionMark(QB, 6, Area.BLUE, LEFT))
    assert y_first == t_first
    assert y_first.sheets[0].pending == () and y_first.is_chance


@pytest.mark.rule("QUESTION-USE")
def test_question_mark_use() -> None:
    state = at(Phase.ROLL, (3, 1, 1, 4, 1, 1), sheet=PlayerSheet(pending=(QY, QB)), players=2)
    moves = legal_moves(state)
    # Yellow: any row (ruling 10); blue: the value 2..12 (ruling 13, default).
    assert {m.target for m in moves if m.bonus is QY and m.number == 4} == {1, 2, 3}
    assert QuestionMark(QB, 6, Area.BLUE, LEFT) in moves
    assert rule_of(state, QuestionMark(QY, 3, Area.PINK, HALF)) == "QUESTION-USE"
    assert rule_of(state, QuestionMark(QB, 1, Area.BLUE, LEFT)) == "QUESTION-USE"
    assert rule_of(state, QuestionMark(QP, 3, Area.PINK, HALF)) == "QUESTION-USE"
    plus_white = Ruleset(blue_question=BlueQuestion.NUMBER_PLUS_WHITE)
    other = at(Phase.ROLL, (3, 1, 1, 4, 1, 1), sheet=PlayerSheet(pending=(QB,)), players=2,
               ruleset=plus_white)
    after = apply(other, QuestionMark(QB, 6, Area.BLUE, LEFT))       # 3 + white 3: names 6
    assert after.sheets[0].blue_left == (6,)
    assert rule_of(other, QuestionMark(QB, 9, Area.BLUE, LEFT)) == "BLUE-STEP"   # 6 + white 3
    # Black: any area; turquoise questions cross exactly one cell.
    black = at(Phase.ROLL, (3, 1, 1, 4, 1, 1), sheet=PlayerSheet(pending=(QX,)), players=2)
    assert {m.area for m in legal_moves(black)} == set(Area)
    assert all(m.target.bit_count() == 1 for m in legal_moves(black) if m.area is Area.TURQUOISE)
    # Brown: the chosen number on a field right of the last cross (ruling 17).
    brown_q = at(Phase.ROLL, (3, 1, 1, 4, 1, 1), sheet=PlayerSheet(pending=(QBR,), brown=0b11),
                 players=2)
    assert {(m.number, m.target) for m in legal_moves(brown_q)} == {(3, 3), (4, 4)} | {
        (n, f) for n in range(1, 7) for f in brown.FIELDS_AFTER[brown.last_field(0b11)][n]
    }


@pytest.mark.rule("QUESTION-USE")
@pytest.mark.parametrize("white", range(1, 7))
def test_blue_question_mark_names_the_total_under_every_ruleset(white: int) -> None:
    """Ruling 13: ``question ?B N blue:...`` names the number written under both values of
    ``blue_question``; under ``number_plus_white`` only the totals white+1 .. white+6 are
    legal, and any other total is refused naming the option and the totals allowed."""
    faces = (white, 1, 1, 4, 1, 1)
    sheet = PlayerSheet(pending=(QB,), blue_left=(6, 5), blue_right=(8, 9))
    total = at(Phase.ROLL, faces, sheet=sheet, players=2)
    plus_white = at(Phase.ROLL, faces, sheet=sheet, players=2,
                    ruleset=Ruleset(blue_question=BlueQuestion.NUMBER_PLUS_WHITE))
    # The left side wants a 4 (or a 7), the right side a 10 (or a 7).
    wanted = {(4, LEFT), (7, LEFT), (10, RIGHT), (7, RIGHT)}
    assert {(m.number, m.target) for m in legal_moves(total)} == wanted
    assert {(m.number, m.target) for m in legal_moves(plus_white)} == {
        (n, side) for n, side in wanted if white + 1 <= n <= white + 6}
    for state in (total, plus_white):
        for number, side in wanted & {(m.number, m.target) for m in legal_moves(state)}:
            after = apply(state, QuestionMark(QB, number, Area.BLUE, side)).sheets[0]
            assert (after.blue_left, after.blue_right)[side][-1] == number
    for number in set(range(2, 13)) - set(range(white + 1, white + 7)):
        move = QuestionMark(QB, number, Area.BLUE, LEFT)
        assert rule_of(plus_white, move) == "QUESTION-USE"
        assert diagnose(plus_white, move) == ("QUESTION-USE", (
            "under blue_question=number_plus_white a blue question mark writes N + the white "
            f"die ({white}), so one of {white + 1}..{white + 6}; the move names the total "
            f"written, not {number}"))


@pytest.mark.rule("QUESTION-USE")
def test_blue_question_mark_lists_every_total() -> None:
    """Ruling 13: over the blue tracks that take each number next, the uses listed name exactly
    the totals white+1 .. white+6 under ``number_plus_white`` and 2..12 under ``total``."""
    down, up = (6, 5, 4, 3, 2), (8, 9, 10, 11, 12)
    tracks = [(down[:n], up[:m]) for n in range(len(down)) for m in range(len(up))]
    for white in range(1, 7):
        faces = (white, 1, 1, 4, 1, 1)
        for ruleset, want in ((Ruleset(), set(range(2, 13))),
                              (Ruleset(blue_question=BlueQuestion.NUMBER_PLUS_WHITE),
                               set(range(white + 1, white + 7)))):
            state = at(Phase.ROLL, faces, players=2, ruleset=ruleset)
            listed = {m.number for left, right in tracks
                      for m in question_uses(state, PlayerSheet(blue_left=left, blue_right=right,
                                                                pending=(QB,)), QB)}
            assert listed == want


@pytest.mark.rule("QUESTION-LOST")
def test_unusable_question_mark_is_lost() -> None:
    sheet = PlayerSheet(yellow=(1 << 18) - 1, pending=(QY, QP))
    state = at(Phase.ROLL, (3, 1, 1, 4, 1, 1), sheet=sheet, players=2)
    assert state.sheets[0].pending == (QP,)
    done = apply(state, QuestionMark(QP, 4, Area.PINK, HALF))
    assert done.sheets[0].pending == () and done.is_chance


@pytest.mark.rule("QUESTION-ONE-USE")
def test_question_mark_with_one_use_is_entered_at_once() -> None:
    """Ruling 19: a question mark with exactly one legal use needs no move; one with two uses
    is the player's choice; a one-use mark is entered while another waits for its choice."""
    last = (1 << 11) - 1  # brown fields 1..11 crossed: a brown ? can only cross field 12 (a 3)
    state = at(Phase.ROLL, (3, 1, 1, 4, 1, 1), sheet=PlayerSheet(brown=last, pending=(QBR,)))
    assert state.sheets[0].pending == () and state.sheets[0].brown == (1 << 12) - 1
    assert state.is_chance
    two = (1 << 10) - 1  # fields 11 (a 6) and 12 (a 3) are still open: two uses
    choice = at(Phase.ROLL, (3, 1, 1, 4, 1, 1), sheet=PlayerSheet(brown=two, pending=(QBR,)))
    assert choice.actor == 0 and len(legal_moves(choice)) == 2
    both = at(Phase.ROLL, (3, 1, 1, 4, 1, 1), sheet=PlayerSheet(brown=last, pending=(QBR, QP)))
    assert both.sheets[0].pending == (QP,) and both.sheets[0].brown == (1 << 12) - 1
    assert all(isinstance(m, QuestionMark) and m.bonus is QP for m in legal_moves(both))


@pytest.mark.rule("ACTION-TRACK")
def test_action_tracks_and_their_end_bonuses() -> None:
    sheet = PlayerSheet(rerolls=6, jokers=6, extra_dice=6)
    full = CUBED.award(sheet, (Bonus.REROLL, Bonus.NUMBER_JOKER, Bonus.EXTRA_DIE))
    assert (full.rerolls, full.jokers, full.extra_dice) == (7, 7, 7)
    assert full.foxes == 1 and full.pending == (QBR, QP)
    again = CUBED.award(full, (Bonus.REROLL, Bonus.NUMBER_JOKER, Bonus.EXTRA_DIE))
    assert again == full
    assert CUBED.award(PlayerSheet(), (Bonus.NUMBER_JOKER,)).joker_fields_left() == (0,)


@pytest.mark.rule("FOX")
def test_each_fox_scores_the_lowest_area() -> None:
    sheet = PlayerSheet(
        yellow=yellow.bit(1, 6) | yellow.bit(2, 6) | yellow.bit(1, 1),  # a fox, 2 crosses: 2+2
        turquoise=sum(turquoise.bit(1, c) for c in range(1, 7)),          # a fox, 21
        brown=0b111,                                                       # 5
        pink=(3,),
        blue_right=(8,),
        rerolls=7,                                                         # a fox
    )
    breakdown = score(sheet)
    assert breakdown.foxes == 3
    assert min(breakdown.areas) == 3
    assert breakdown.fox_points == 9
    assert breakdown.total == sum(breakdown.areas) + 9


@pytest.mark.rule("WINNER")
def test_winner_tie_break() -> None:
    base = new_game(3)
    a = PlayerSheet(brown=(1 << 12) - 1)                    # 90 in one area
    b = PlayerSheet(brown=(1 << 9) - 1, pink=(6, 6, 6, 6, 6, 2, 2, 2))   # 54 + 36 = 90
    c = PlayerSheet(pink=(3,))
    assert winners(attrs.evolve(base, sheets=(a, b, c))) == ("p1",)
    assert winners(attrs.evolve(base, sheets=(b, a, a))) == ("p2", "p3")
    assert winners(attrs.evolve(base, sheets=(c, b, c))) == ("p2",)
    # the 0-based accessor for old code
    assert winner_seats(attrs.evolve(base, sheets=(b, a, a))) == (1, 2)


@pytest.mark.rule("SOLO-RATING")
def test_solo_rating_levels() -> None:
    assert solo_rating(451) == "Clever Cubed!"
    assert solo_rating(450) == "Clever Cubed!"
    assert solo_rating(449) == "Beautiful AND clever!"
    assert solo_rating(180) == "It was surely just bad luck with the dice"
    assert solo_rating(179) == "Let's talk about something else"
    assert solo_rating(0) == "Let's talk about something else"
