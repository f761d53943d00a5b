"""Turn structure and actions: for every rule id, a legal case and an illegal case refused with
that rule id (or, for a rule that only has an effect, the effect)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from oracle.engine.dice import Place, solo_placement
from oracle.engine.errors import IllegalMoveError
from oracle.games.fourever.areas import blue
from oracle.games.fourever.dice import Die
from oracle.games.fourever.ruleset import Ruleset
from oracle.engine.phase import Phase
from tests.fourever.kit import (
    Area,
    Bonus,
    ExtraDie,
    FORFEIT,
    FourEverSheet,
    GameState,
    NEXT,
    PASS,
    Polish,
    QuestionMark,
    REROLL,
    Roll,
    SoloRoll,
    Take,
    apply,
    award,
    parse_move,
    legal_moves,
    new_game,
    settle,
    sheet_with,
    start_round,
    view,
)

At = Callable[..., GameState]
RuleOf = Callable[[GameState, object], str]
W, Y, B, GY, GN, P = Die
CUP, PLATTER = Place.CUP, Place.PLATTER
F1, F2, F3 = Place.FIELD_I, Place.FIELD_II, Place.FIELD_III
FACES = (1, 2, 3, 4, 5, 6)


@pytest.mark.rule("ROUNDS")
@pytest.mark.parametrize("players,rounds", [(1, 6), (2, 6), (3, 5), (4, 4)])
def test_rounds_by_players(
    players: int, rounds: int, random_game: Callable[..., list[GameState]]
) -> None:
    states = random_game(players, players)
    assert max(s.round for s in states) == rounds and states[-1].is_terminal
    turns = {(s.round, s.active) for s in states if s.phase is Phase.CHOOSE}
    assert turns == {(r, p) for r in range(1, rounds + 1) for p in range(players)}


@pytest.mark.rule("ROUND-BONUS")
def test_round_bonuses_and_round_four_question_in_seat_order() -> None:
    state = new_game(2)
    assert all(view(s).rerolls == 1 and view(s).extra_dice == 0 and view(s).polish == 0
               for s in state.sheets)
    two = start_round(state, 2)
    assert all(view(s).extra_dice == 1 for s in two.sheets)
    three = start_round(two, 3)
    assert all(view(s).polish == 1 for s in three.sheets)
    four = settle(start_round(three, 4))
    assert four.actor == 0 and four.sheets[0].pending == (Bonus.QUESTION_BLACK,)
    assert four.phase is Phase.ROLL and four.rolls == 0
    after = apply(four, QuestionMark(Bonus.QUESTION_BLACK, 0, Area.GREY, 8))
    assert after.actor == 1 and after.sheets[1].pending == (Bonus.QUESTION_BLACK,)
    assert start_round(four, 5).sheets == four.sheets


@pytest.mark.rule("TURN-ORDER")
def test_turn_order(at: At, rule_of: RuleOf) -> None:
    state = new_game(2)
    assert state.is_chance and legal_moves(state) == ()
    assert rule_of(state, PASS) == "TURN-ORDER"
    choose = apply(state, Roll(FACES))
    assert choose.actor == 0
    assert rule_of(choose, Roll(FACES)) == "TURN-ORDER"


@pytest.mark.rule("GAME-OVER")
def test_no_move_after_the_end(random_game: Callable[..., list[GameState]],
                               rule_of: RuleOf) -> None:
    end = random_game(1, 3)[-1]
    assert end.is_terminal and legal_moves(end) == ()
    assert rule_of(end, PASS) == "GAME-OVER"
    assert rule_of(end, Roll(FACES)) == "GAME-OVER"


@pytest.mark.rule("MOVE-FORM")
def test_move_form(at: At, rule_of: RuleOf) -> None:
    state = at(Phase.CHOOSE, FACES)
    assert view(apply(state, Take(Y, Area.YELLOW, 1)).sheets[0]).yellow == ((2,), (), ())
    assert apply(state, "take Y yellow:1") == apply(state, Take(Y, Area.YELLOW, 1))  # text read
    assert rule_of(state, ["take Y yellow:1"]) == "MOVE-FORM"
    assert rule_of(state, Take(Y, Area.YELLOW, 7)) == "MOVE-FORM"
    assert rule_of(state, Take(Y, Area.YELLOW, 1, (0, 1))) == "MOVE-FORM"
    assert rule_of(state, object()) == "MOVE-FORM"
    assert rule_of(new_game(1), None) == "MOVE-FORM"


@pytest.mark.rule("ROLL-DICE")
def test_roll_rolls_the_cup(at: At) -> None:
    state = new_game(1)
    with pytest.raises(IllegalMoveError) as error:
        apply(state, Roll((1, 2, 3, 4, 5, 0)))
    assert error.value.rule == "ROLL-DICE"
    with pytest.raises(IllegalMoveError) as error:
        apply(state, Roll((1, 2, 3, 4, 5, 7)))
    assert error.value.rule == "ROLL-DICE"
    after = apply(state, Roll(FACES))
    assert after.faces == FACES and after.phase is Phase.CHOOSE


@pytest.mark.rule("ACTIVE-PICK")
def test_active_pick_from_the_roll(at: At, rule_of: RuleOf) -> None:
    state = at(Phase.CHOOSE, FACES, (F1, CUP, CUP, CUP, CUP, PLATTER), rolls=1)
    assert Take(Y, Area.YELLOW, 1) in legal_moves(state)
    assert rule_of(state, Take(W, Area.YELLOW, 1)) == "ACTIVE-PICK"
    assert rule_of(state, Take(P, Area.PINK, NEXT)) == "ACTIVE-PICK"
    assert rule_of(state, PASS) == "ACTIVE-PICK"


@pytest.mark.rule("PLATTER-LOWER")
def test_lower_dice_go_to_the_platter(at: At) -> None:
    state = at(Phase.CHOOSE, (4, 2, 4, 6, 1, 5))
    after = apply(state, Take(W, Area.YELLOW, 1))
    assert after.places == (F1, PLATTER, CUP, CUP, PLATTER, CUP)
    assert after.phase is Phase.ROLL and after.rolls == 1


@pytest.mark.rule("PLATTER-AFTER-THIRD")
def test_after_the_third_roll_the_rest_goes_to_the_platter(at: At) -> None:
    state = at(Phase.CHOOSE, (1, 2, 3, 4, 5, 6), (F1, F2, CUP, CUP, CUP, CUP), rolls=2, players=2)
    after = apply(state, Take(B, Area.BLUE, 12))  # blue 3, white 1: row 3, column 1
    assert after.places == (F1, F2, F3, PLATTER, PLATTER, PLATTER)
    assert after.phase not in (Phase.ROLL, Phase.CHOOSE)


@pytest.mark.rule("NO-DICE-LEFT")
def test_rolls_end_when_no_dice_are_left(at: At) -> None:
    state = at(Phase.CHOOSE, (1, 1, 1, 1, 1, 6), players=2)
    after = apply(state, Take(P, Area.PINK, NEXT))
    assert after.places == (PLATTER,) * 5 + (F1,)
    assert after.rolls == 1 and after.phase is Phase.PASSIVE_CHOOSE and after.actor == 1


@pytest.mark.rule("FORFEIT")
def test_forfeit(at: At, rule_of: RuleOf) -> None:
    state = at(Phase.CHOOSE, FACES)
    after = apply(state, FORFEIT)
    assert after.rolls == 1 and after.places == (CUP,) * 6 and after.phase is Phase.ROLL
    passive = at(Phase.PASSIVE_CHOOSE, FACES, (F1, F2, F3) + (PLATTER,) * 3, players=2, seat=1)
    assert rule_of(passive, FORFEIT) == "FORFEIT"


@pytest.mark.rule("REROLL")
def test_reroll(at: At, rule_of: RuleOf) -> None:
    sheet = sheet_with(rerolls=1)
    state = at(Phase.CHOOSE, FACES, sheet=sheet)
    after = apply(state, REROLL)
    assert after.phase is Phase.ROLL and view(after.sheets[0]).rerolls_left == 0
    assert rule_of(at(Phase.CHOOSE, FACES), REROLL) == "REROLL"
    passive = at(Phase.PASSIVE_CHOOSE, FACES, (F1, F2, F3) + (PLATTER,) * 3, sheet,
                 players=2, seat=1)
    assert rule_of(passive, REROLL) == "REROLL"


@pytest.mark.rule("PASSIVE-PLATTER")
def test_passive_takes_a_platter_die(at: At, rule_of: RuleOf) -> None:
    places = (F1, F2, CUP, PLATTER, PLATTER, PLATTER)
    state = at(Phase.PASSIVE_CHOOSE, FACES, places, players=2, seat=1)
    assert state.actor == 1
    assert Take(GY, Area.GREY, 0) in legal_moves(state)
    assert rule_of(state, Take(B, Area.BLUE, 12)) == "PASSIVE-PLATTER"


@pytest.mark.rule("PASSIVE-FALLBACK")
def test_die_field_die_only_when_no_platter_die_can_be_used(at: At, rule_of: RuleOf) -> None:
    places = (F1, F2, F3, PLATTER, PLATTER, PLATTER)
    state = at(Phase.PASSIVE_CHOOSE, FACES, places, players=2, seat=1)
    assert rule_of(state, Take(Y, Area.YELLOW, 1)) == "PASSIVE-FALLBACK"
    # Pink full, green full, grey: only part 0 (size 1) is a start part the 4 could not miss...
    full = sheet_with(grey=(1 << 17) - 1, green=((1,) * 11, (1,) * 11), pink=(1,) * 12)
    blocked = at(Phase.PASSIVE_CHOOSE, FACES, places, players=2, seat=1, sheet=full)
    assert Take(Y, Area.YELLOW, 1) in legal_moves(blocked)


@pytest.mark.rule("SOLO-ROLL")
def test_solo_roll(at: At, rule_of: RuleOf) -> None:
    state = at(Phase.SOLO_ROLL, FACES, (PLATTER,) * 6)
    assert state.is_chance
    with pytest.raises(IllegalMoveError) as error:
        apply(state, Roll(FACES))
    assert error.value.rule == "SOLO-ROLL"
    order = (P, GN, GY, B, Y, W)
    after = apply(state, SoloRoll((3, 3, 1, 6, 2, 3), order))
    assert after.places == solo_placement((3, 3, 1, 6, 2, 3), tuple(int(d) for d in order))
    assert after.places[B] is PLATTER and after.places[GN] is PLATTER
    assert after.places[P] is PLATTER and after.places[GY] is F1
    assert after.phase is Phase.PASSIVE_CHOOSE and after.actor == 0


@pytest.mark.rule("WHITE-JOKER")
def test_white_is_a_colour_joker(at: At, rule_of: RuleOf) -> None:
    state = at(Phase.CHOOSE, (1, 2, 3, 4, 5, 6))
    assert Take(W, Area.GREY, 0) in legal_moves(state)
    assert Take(W, Area.PINK, NEXT) in legal_moves(state)
    assert rule_of(state, Take(Y, Area.PINK, NEXT)) == "WHITE-JOKER"


@pytest.mark.rule("WHITE-FOR-BLUE")
def test_white_for_blue_both_ways(at: At, rule_of: RuleOf) -> None:
    faces = (4, 2, 3, 4, 5, 6)
    state = at(Phase.CHOOSE, faces)
    cell = (3 - 1) * 6 + 4 - 1  # row = blue die 3, column = white die 4
    assert Take(W, Area.BLUE, cell) in legal_moves(state)
    assert Take(B, Area.BLUE, cell) in legal_moves(state)
    off = at(Phase.CHOOSE, faces, ruleset=Ruleset(white_for_blue=False))
    assert Take(B, Area.BLUE, cell) in legal_moves(off)
    assert rule_of(off, Take(W, Area.BLUE, cell)) == "WHITE-FOR-BLUE"


def _extra_state(at: At, **kw: object) -> GameState:
    places = (F1, F2, F3, PLATTER, PLATTER, PLATTER)
    sheet = sheet_with(extra_dice=2)
    return at(Phase.ACTIVE_EXTRA, FACES, places, sheet, rolls=3, **kw)


@pytest.mark.rule("EXTRA-DIE")
def test_extra_die(at: At, rule_of: RuleOf) -> None:
    state = _extra_state(at)
    move = ExtraDie(Y, Area.YELLOW, 1)  # the yellow die from die field II
    assert move in legal_moves(state)
    after = apply(state, move)
    assert view(after.sheets[0]).extra_dice_left == 1 and after.extras[0] == 1 << Y
    assert rule_of(state, Take(Y, Area.YELLOW, 1)) == "EXTRA-DIE"
    choose = at(Phase.CHOOSE, FACES, sheet=sheet_with(extra_dice=1))
    assert rule_of(choose, ExtraDie(Y, Area.YELLOW, 1)) == "EXTRA-DIE"
    none = at(Phase.ACTIVE_EXTRA, FACES, (F1, F2, F3) + (PLATTER,) * 3,
              sheet_with(extra_dice=1, extra_dice_spent=1, rerolls=1), players=2, rolls=3)
    assert none.phase is Phase.PASSIVE_CHOOSE  # no extra die: the step is skipped


@pytest.mark.rule("EXTRA-DIE-ONCE")
def test_each_die_once_as_an_extra_die(at: At, rule_of: RuleOf) -> None:
    state = _extra_state(at, extras=1 << Y)
    assert rule_of(state, ExtraDie(Y, Area.YELLOW, 1)) == "EXTRA-DIE-ONCE"
    assert ExtraDie(W, Area.YELLOW, 1) in legal_moves(state)


@pytest.mark.rule("END-EXTRA")
def test_no_extra_dice_after_the_last_turn(
    at: At, random_game: Callable[..., list[GameState]]
) -> None:
    """The game ends after the last passive player's choice and extra dice (ruling 4E-12):
    there is no end phase in which every player may still use extra dice."""
    places = (F1, F2, F3, PLATTER, PLATTER, PLATTER)
    # round 6, player 2's turn: player 1 is the last passive player
    last = at(Phase.PASSIVE_EXTRA, FACES, places, sheet_with(extra_dice=2), players=2,
              round=6, active=1, seat=0, others=sheet_with(extra_dice=2))
    assert last.actor == 0 and ExtraDie(P, Area.PINK, NEXT) in legal_moves(last)
    once = apply(last, ExtraDie(P, Area.PINK, NEXT))
    assert once.actor == 0 and view(once.sheets[0]).extra_dice_left == 1
    end = apply(once, PASS)
    assert end.is_terminal and end.phase is Phase.OVER
    assert view(end.sheets[1]).extra_dice_left == 2  # the active player's are lost
    solo = at(Phase.PASSIVE_EXTRA, FACES, places, sheet_with(extra_dice=1), round=6)
    assert apply(solo, PASS).is_terminal
    assert not any(s.phase is Phase.END_EXTRA for seed in range(6)
                   for s in random_game(1 + seed % 4, 40 + seed))


@pytest.mark.rule("QUESTION-FIRST")
def test_question_marks_first(at: At, rule_of: RuleOf) -> None:
    state = at(Phase.CHOOSE, FACES, sheet=sheet_with(pending=(Bonus.QUESTION_YELLOW,)))
    assert all(isinstance(m, QuestionMark) for m in legal_moves(state))
    assert rule_of(state, Take(Y, Area.YELLOW, 1)) == "QUESTION-FIRST"
    assert rule_of(state, FORFEIT) == "QUESTION-FIRST"


@pytest.mark.rule("QUESTION-USE")
def test_question_mark_use(at: At, rule_of: RuleOf) -> None:
    state = at(Phase.CHOOSE, FACES, sheet=sheet_with(pending=(Bonus.QUESTION_YELLOW,)))
    assert QuestionMark(Bonus.QUESTION_YELLOW, 3, Area.YELLOW, 2) in legal_moves(state)
    assert rule_of(state, QuestionMark(Bonus.QUESTION_YELLOW, 3, Area.GREEN, 0)) == "QUESTION-USE"
    assert rule_of(state, QuestionMark(Bonus.QUESTION_PINK, 3, Area.PINK, NEXT)) == "QUESTION-USE"
    black = at(Phase.CHOOSE, FACES, sheet=sheet_with(pending=(Bonus.QUESTION_BLACK,)))
    areas = {m.area for m in legal_moves(black) if isinstance(m, QuestionMark)}
    assert areas == set(Area)
    assert len([m for m in legal_moves(black) if isinstance(m, QuestionMark)
                and m.area is Area.BLUE]) == 36  # any free blue cell (ruling 4E-6)


@pytest.mark.rule("QUESTION-LOST")
def test_unusable_question_mark_is_lost(at: At, rule_of: RuleOf) -> None:
    sheet = sheet_with(blue=(1 << 36) - 1, pending=(Bonus.QUESTION_BLUE, Bonus.QUESTION_PINK))
    state = at(Phase.CHOOSE, FACES, sheet=sheet)
    assert state.sheets[0].pending == (Bonus.QUESTION_PINK,)
    assert rule_of(state, QuestionMark(Bonus.QUESTION_BLUE, 0, Area.BLUE, 0)) == "QUESTION-USE"


@pytest.mark.rule("QUESTION-ONE-USE")
def test_question_mark_with_one_use_is_entered_at_once(at: At) -> None:
    """Ruling 19: a blue question mark with one free cell left is crossed with no move."""
    one_free = ((1 << 36) - 1) & ~(1 << blue.cell(1, 1))
    state = at(Phase.CHOOSE, FACES, sheet=sheet_with(blue=one_free,
                                                   pending=(Bonus.QUESTION_BLUE,)))
    assert state.sheets[0].pending == () and view(state.sheets[0]).blue == (1 << 36) - 1
    assert not any(isinstance(m, QuestionMark) for m in legal_moves(state))
    two_free = one_free & ~(1 << blue.cell(2, 2))
    choice = at(Phase.CHOOSE, FACES, sheet=sheet_with(blue=two_free,
                                                    pending=(Bonus.QUESTION_BLUE,)))
    assert len(legal_moves(choice)) == 2


@pytest.mark.rule("ACTION-TRACK")
def test_action_tracks() -> None:
    sheet = award(sheet_with(), (Bonus.REROLL,) * 6)
    assert view(sheet).rerolls == 6 and sheet.pending == ()
    sheet = award(sheet, (Bonus.REROLL,))
    assert view(sheet).rerolls == 7 and sheet.pending == (Bonus.QUESTION_PINK,)
    sheet = award(sheet, (Bonus.REROLL,))
    assert view(sheet).rerolls == 7 and sheet.pending == (Bonus.QUESTION_PINK,)
    full = award(sheet_with(), (Bonus.EXTRA_DIE,) * 8 + (Bonus.POLISH,) * 10)
    assert view(full).extra_dice == 7 and view(full).polish == 9 and full.pending == ()


def _passive(at: At, sheet: FourEverSheet, **kw: object) -> GameState:
    places = (F1, F2, F3, PLATTER, PLATTER, PLATTER)
    return at(Phase.PASSIVE_CHOOSE, FACES, places, sheet, players=2, seat=1, **kw)


@pytest.mark.rule("POLISH")
def test_polish_the_silver(at: At, rule_of: RuleOf) -> None:
    state = _passive(at, sheet_with(polish=2))
    move = Take(P, Area.PINK, NEXT, Polish(-2))  # the pink 6 from the platter written as a 4
    assert move in legal_moves(state)
    after = apply(state, move)
    assert view(after.sheets[1]).pink == (4,) and view(after.sheets[1]).polish_left == 0
    assert rule_of(state, Take(P, Area.PINK, NEXT, Polish(-3))) == "POLISH"
    assert rule_of(_passive(at, sheet_with()), Take(P, Area.PINK, NEXT, Polish(-1))) == "POLISH"


@pytest.mark.rule("POLISH-PLATTER")
def test_polish_only_platter_dice_both_ways(at: At, rule_of: RuleOf) -> None:
    sheet = sheet_with(polish=3)
    state = at(Phase.CHOOSE, FACES, sheet=sheet)
    assert rule_of(state, Take(P, Area.PINK, NEXT, Polish(-1))) == "POLISH-PLATTER"
    any_die = at(Phase.CHOOSE, FACES, sheet=sheet, ruleset=Ruleset(polish_any_die=True))
    assert Take(P, Area.PINK, NEXT, Polish(-1)) in legal_moves(any_die)
    # Blue: the partner die is polished only when it lies on the platter.
    places = (PLATTER, F1, PLATTER, F2, F3, PLATTER)
    blue = at(Phase.PASSIVE_CHOOSE, FACES, places, sheet, players=2, seat=1)
    assert Take(B, Area.BLUE, (3 - 1) * 6 + 2 - 1, Polish(0, 1)) in legal_moves(blue)
    moved = at(Phase.PASSIVE_CHOOSE, FACES, (F1, F2, PLATTER, F3, PLATTER, PLATTER), sheet,
               players=2, seat=1)
    assert rule_of(moved, Take(B, Area.BLUE, (3 - 1) * 6 + 2 - 1, Polish(0, 1))) == "POLISH-PLATTER"


def _platter_white_and_blue(at: At, **kw: object) -> GameState:
    """The passive player with 3 polish fields: white 1, blue 3 and pink 6 on the platter."""
    places = (PLATTER, F1, PLATTER, F2, F3, PLATTER)
    return at(Phase.PASSIVE_CHOOSE, FACES, places, sheet_with(polish=3), players=2, seat=1,
              **kw)


@pytest.mark.rule("POLISH-PARTNER")
def test_the_partner_die_is_polished_for_blue_only(at: At, rule_of: RuleOf) -> None:
    """A partner die's change is a move the notation holds, refused by the rules unless the
    entry is blue (ruling 4E-1): an illegal step, not unreadable input."""
    state = _platter_white_and_blue(at)
    # white 1 in blue with its partner (blue 3) polished to 4: row 4, column 1
    assert Take(W, Area.BLUE, blue.cell(4, 1), Polish(0, 1)) in legal_moves(state)
    move = parse_move("take W polish=+0/+1 pink")
    assert move == Take(W, Area.PINK, NEXT, Polish(0, 1))
    assert rule_of(state, move) == "POLISH-PARTNER"


@pytest.mark.rule("POLISH-ONE-DIE")
def test_one_polished_die_per_entry_both_ways(at: At, rule_of: RuleOf) -> None:
    both = Take(W, Area.BLUE, blue.cell(4, 2), Polish(1, 1))  # white 1+1, blue 3+1
    assert both in legal_moves(_platter_white_and_blue(at))
    one = _platter_white_and_blue(at, ruleset=Ruleset(polish_one_die=True))
    assert rule_of(one, both) == "POLISH-ONE-DIE"
    assert Take(W, Area.BLUE, blue.cell(3, 2), Polish(1)) in legal_moves(one)
    assert Take(W, Area.BLUE, blue.cell(4, 1), Polish(0, 1)) in legal_moves(one)


@pytest.mark.rule("POLISH-RANGE")
def test_polish_does_not_wrap(at: At, rule_of: RuleOf) -> None:
    state = _passive(at, sheet_with(polish=3))
    assert Take(P, Area.PINK, NEXT, Polish(-1)) in legal_moves(state)
    assert rule_of(state, Take(P, Area.PINK, NEXT, Polish(1))) == "POLISH-RANGE"
