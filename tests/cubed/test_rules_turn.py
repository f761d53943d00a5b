"""Turn structure: for every rule id, a legal case and an illegal case that fails if the rule is
broken."""

from __future__ import annotations

import attrs
import pytest

from oracle import (
    Area,
    Bonus,
    Die,
    ExtraDie,
    Forfeit,
    Pass,
    Phase,
    PlayerSheet,
    ReRoll,
    Roll,
    SoloRoll,
    Take,
    apply,
    legal_moves,
    new_game,
)
from oracle.engine import turn
from oracle.games.cubed.areas.pink import HALF
from oracle.engine.dice import solo_placement
from tests.cubed.builders import CUP, F1, F2, F3, PLATTER, at, random_game, rule_of

W, Y, T, B, BR, P = Die


@pytest.mark.rule("ROUNDS")
@pytest.mark.parametrize("players,rounds", [(1, 6), (2, 6), (3, 5), (4, 4)])
def test_rounds_by_players(players: int, rounds: int) -> None:
    states = random_game(players, seed=players)
    assert max(s.round for s in states) == rounds
    turns = {(s.round, s.active) for s in states if s.phase is Phase.CHOOSE}
    assert turns == {(r, p) for r in range(1, rounds + 1) for p in range(players)}


@pytest.mark.rule("ROUND-BONUS")
def test_round_bonuses_and_round_four_question_in_seat_order() -> None:
    state = new_game(2)
    assert all(s.rerolls == 1 and s.extra_dice == 0 for s in state.sheets)
    two = turn.start_round(state, 2)
    assert all(s.extra_dice == 1 for s in two.sheets)
    three = turn.start_round(two, 3)
    assert all(s.jokers == 1 for s in three.sheets)
    four = turn.settle(turn.start_round(three, 4))
    assert four.actor == 0 and four.sheets[0].pending == (Bonus.QUESTION_BLACK,)
    assert four.phase is Phase.ROLL and four.rolls == 0
    move = next(m for m in legal_moves(four) if str(m) == "question ?* 3 brown:3")
    after = apply(four, move)
    assert after.actor == 1 and after.sheets[1].pending == (Bonus.QUESTION_BLACK,)
    assert turn.start_round(four, 5).sheets == four.sheets  # rounds 5 and 6: nothing


@pytest.mark.rule("TURN-ORDER")
def test_turn_order() -> None:
    state = new_game(1)
    assert state.is_chance
    assert rule_of(state, Forfeit()) == "TURN-ORDER"
    rolled = apply(state, Roll((1, 2, 3, 4, 5, 6)))
    assert rule_of(rolled, Roll((1, 2, 3, 4, 5, 6))) == "TURN-ORDER"
    assert Forfeit() in legal_moves(rolled)


@pytest.mark.rule("GAME-OVER")
def test_no_move_after_the_end() -> None:
    final = random_game(2, seed=3)[-1]
    assert final.is_terminal and legal_moves(final) == ()
    assert rule_of(final, Pass()) == "GAME-OVER"
    assert rule_of(final, Roll((1, 1, 1, 1, 1, 1))) == "GAME-OVER"


@pytest.mark.rule("ROLL-DICE")
def test_roll_names_exactly_the_cup_dice() -> None:
    state = at(Phase.ROLL, (1, 2, 3, 4, 5, 6), (CUP, F1, CUP, PLATTER, CUP, CUP), rolls=1)
    assert apply(state, Roll((2, 0, 2, 0, 2, 2))).faces == (2, 2, 2, 4, 2, 2)
    assert rule_of(state, Roll((2, 2, 2, 0, 2, 2))) == "ROLL-DICE"  # yellow lies on a field
    assert rule_of(state, Roll((2, 0, 2, 0, 2, 0))) == "ROLL-DICE"  # pink missing
    assert rule_of(state, Roll((7, 0, 2, 0, 2, 2))) == "ROLL-DICE"


@pytest.mark.rule("ACTIVE-PICK")
def test_active_player_takes_a_die_of_the_roll() -> None:
    state = at(Phase.CHOOSE, (1, 2, 3, 4, 5, 6), (PLATTER, F1, CUP, CUP, CUP, CUP), rolls=1)
    assert Take(T, Area.TURQUOISE, 0b1) in legal_moves(state)
    assert rule_of(state, Take(W, Area.PINK, HALF)) == "ACTIVE-PICK"  # white is on the platter
    assert rule_of(state, Take(Y, Area.YELLOW, 2)) == "ACTIVE-PICK"   # yellow is on field I
    assert rule_of(state, Pass()) == "ACTIVE-PICK"


@pytest.mark.rule("PLATTER-LOWER")
def test_lower_dice_go_to_the_platter_equal_ones_stay() -> None:
    state = at(Phase.CHOOSE, (4, 4, 2, 6, 1, 5))
    after = apply(state, Take(Y, Area.YELLOW, 1))
    assert after.places == (CUP, F1, PLATTER, CUP, PLATTER, CUP)
    assert after.is_chance and after.rolls == 1


@pytest.mark.rule("PLATTER-AFTER-THIRD")
def test_after_the_third_roll_remaining_dice_go_to_the_platter() -> None:
    places = (CUP, F1, CUP, F2, CUP, PLATTER)
    state = at(Phase.CHOOSE, (6, 3, 2, 4, 5, 1), places, rolls=2, players=2)
    after = apply(state, Take(T, Area.TURQUOISE, 0b1))
    assert after.places == (PLATTER, F1, F3, F2, PLATTER, PLATTER)
    assert after.phase is not Phase.ROLL


@pytest.mark.rule("NO-DICE-LEFT")
def test_no_dice_left_ends_the_rolls() -> None:
    state = at(Phase.CHOOSE, (1, 2, 3, 4, 5, 6), players=2)
    after = apply(state, Take(P, Area.PINK, HALF))
    assert after.places == (PLATTER,) * 5 + (F1,)
    assert after.rolls == 1 and after.phase is Phase.PASSIVE_CHOOSE and after.actor == 1


@pytest.mark.rule("FORFEIT")
def test_forfeit_leaves_the_field_empty_and_counts() -> None:
    state = at(Phase.CHOOSE, (1, 2, 3, 4, 5, 6))
    after = apply(state, Forfeit())
    assert after.is_chance and after.rolls == 1 and after.places == (CUP,) * 6
    third = at(Phase.CHOOSE, (1, 2, 3, 4, 5, 6), (CUP, F1, CUP, CUP, CUP, CUP), rolls=2,
               players=2)
    done = apply(third, Forfeit())
    assert done.places == (PLATTER, F1, PLATTER, PLATTER, PLATTER, PLATTER)
    passive = at(Phase.PASSIVE_CHOOSE, (1, 2, 3, 4, 5, 6), (PLATTER,) * 3 + (F1, F2, F3))
    assert rule_of(passive, Forfeit()) == "FORFEIT"


@pytest.mark.rule("REROLL")
def test_reroll_only_for_the_active_player_with_an_action() -> None:
    sheet = PlayerSheet(rerolls=2)
    places = (CUP, F1, CUP, CUP, PLATTER, CUP)
    state = at(Phase.CHOOSE, (1, 2, 3, 4, 5, 6), places, sheet, rolls=1)
    after = apply(state, ReRoll())
    assert after.is_chance and after.rolls == 1 and after.sheets[0].rerolls_left == 1
    assert apply(after, Roll((6, 0, 6, 6, 0, 6))).faces == (6, 2, 6, 6, 5, 6)
    assert rule_of(at(Phase.CHOOSE, (1, 2, 3, 4, 5, 6), rolls=1), ReRoll()) == "REROLL"
    solo_passive = at(Phase.PASSIVE_CHOOSE, (1, 2, 3, 4, 5, 6),
                      (PLATTER,) * 3 + (F1, F2, F3), sheet)
    assert rule_of(solo_passive, ReRoll()) == "REROLL"


@pytest.mark.rule("PASSIVE-PLATTER")
def test_passive_players_take_from_the_platter_the_same_die_too() -> None:
    places = (PLATTER, F1, PLATTER, F2, F3, PLATTER)
    state = at(Phase.PASSIVE_CHOOSE, (1, 2, 3, 4, 5, 6), places, players=3, seat=1, active=0)
    assert state.actor == 1
    after = apply(state, Take(P, Area.PINK, HALF))
    assert after.sheets[1].pink == (3,)
    second = apply(after, Pass()) if after.actor == 1 else after
    assert second.actor == 2 and Take(P, Area.PINK, HALF) in legal_moves(second)
    assert rule_of(state, Take(Y, Area.YELLOW, 1)) == "PASSIVE-FALLBACK"


@pytest.mark.rule("PASSIVE-FALLBACK")
def test_fallback_only_when_no_platter_die_is_usable() -> None:
    places = (F1, PLATTER, F2, F3, PLATTER, PLATTER)
    # Platter: yellow 1, brown 1, pink 1 — all unusable on this sheet.
    full = PlayerSheet(
        yellow=(1 << 18) - 1, brown=(1 << 12) - 1, pink=(1,) * 12, pink_bonus=0
    )
    state = at(Phase.PASSIVE_CHOOSE, (5, 1, 3, 4, 1, 1), places, full, players=2, seat=1)
    moves = legal_moves(state)
    assert Take(T, Area.TURQUOISE, 0b1) in moves
    assert Take(W, Area.TURQUOISE, 0b1) in moves
    usable = at(Phase.PASSIVE_CHOOSE, (5, 1, 3, 4, 1, 1), places, players=2, seat=1)
    assert rule_of(usable, Take(T, Area.TURQUOISE, 0b1)) == "PASSIVE-FALLBACK"


@pytest.mark.rule("SOLO-ROLL")
def test_solo_passive_roll_placement() -> None:
    # Rulebook example: blue 1 and pink 2 lowest, then of the 3s the one closest: yellow.
    faces = (5, 3, 3, 1, 6, 2)
    order = (W, Y, B, T, P, BR)
    assert solo_placement(faces, order) == (F1, PLATTER, F2, PLATTER, F3, PLATTER)
    state = at(Phase.SOLO_ROLL, (1,) * 6)
    assert state.is_chance
    after = apply(state, SoloRoll(faces, order))
    assert after.phase is Phase.PASSIVE_CHOOSE and after.places[Die.YELLOW] is PLATTER
    assert rule_of(state, SoloRoll(faces, (W, W, B, Y, P, BR))) == "SOLO-ROLL"
    assert rule_of(state, Roll(faces)) == "SOLO-ROLL"


@pytest.mark.rule("EXTRA-DIE")
def test_extra_die_at_the_end_of_the_turn_only() -> None:
    sheet = PlayerSheet(extra_dice=1)
    places = (PLATTER, F1, PLATTER, F2, F3, PLATTER)
    end = at(Phase.ACTIVE_EXTRA, (1, 2, 3, 4, 5, 6), places, sheet, players=2, rolls=3)
    assert end.actor == 0
    move = ExtraDie(Y, Area.YELLOW, 1)
    after = apply(end, move)
    assert after.sheets[0].yellow and after.sheets[0].extra_dice_left == 0
    choose = at(Phase.CHOOSE, (1, 2, 3, 4, 5, 6), sheet=sheet)
    assert rule_of(choose, ExtraDie(Y, Area.YELLOW, 1)) == "EXTRA-DIE"
    none = at(Phase.PASSIVE_CHOOSE, (1, 2, 3, 4, 5, 6), places, PlayerSheet(), players=2, seat=1)
    assert rule_of(none, ExtraDie(P, Area.PINK, HALF)) == "EXTRA-DIE"
    assert rule_of(end, Take(Y, Area.YELLOW, 1)) == "EXTRA-DIE"


@pytest.mark.rule("EXTRA-DIE-ONCE")
def test_each_die_once_as_an_extra_die_per_turn() -> None:
    sheet = PlayerSheet(extra_dice=3)
    places = (PLATTER, F1, PLATTER, F2, F3, PLATTER)
    end = at(Phase.ACTIVE_EXTRA, (1, 2, 3, 4, 5, 6), places, sheet, players=2, rolls=3)
    after = apply(end, ExtraDie(P, Area.PINK, HALF))
    assert after.actor == 0
    assert rule_of(after, ExtraDie(P, Area.PINK, HALF)) == "EXTRA-DIE-ONCE"
    assert ExtraDie(W, Area.PINK, HALF) in legal_moves(after)


@pytest.mark.rule("END-EXTRA")
def test_end_of_game_extra_dice_for_every_player() -> None:
    sheet = PlayerSheet(extra_dice=2)
    places = (PLATTER, F1, PLATTER, F2, F3, PLATTER)
    last = at(Phase.PASSIVE_EXTRA, (1, 2, 3, 4, 5, 6), places, PlayerSheet(), players=2,
              seat=0, active=1, round=6, others=sheet)
    # Player 1 (passive) has nothing to do; the last turn ends and the end phase begins, where
    # player 2, the last active player, may still use extra dice.
    assert last.phase is Phase.END_EXTRA and last.actor == 1
    after = apply(last, ExtraDie(P, Area.PINK, HALF))
    assert after.actor == 1
    ended = apply(after, Pass())
    assert ended.is_terminal
    taken = attrs.evolve(last, extras=(0, 1 << Die.PINK))
    assert rule_of(taken, ExtraDie(P, Area.PINK, HALF)) == "EXTRA-DIE-ONCE"


@pytest.mark.rule("MOVE-FORM")
def test_malformed_moves_are_refused_by_form() -> None:
    from oracle import Joker, QuestionMark

    state = at(Phase.CHOOSE, (1, 2, 3, 4, 5, 6))
    garbage: list[object] = [
        Take(7, Area.YELLOW, 1),                       # type: ignore[arg-type]  # a die that does not exist
        Take(Y, "yellow", 1),                          # type: ignore[arg-type]  # an area by name
        Take(Y, Area.YELLOW, 4),
        Take(Y, Area.PINK, 2),
        Take(Y, Area.YELLOW, 1, Joker(0, True)),
        QuestionMark(Bonus.REROLL, 3, Area.YELLOW, 1),
        None,
        ["take Y yellow:I"],
    ]
    for move in garbage:
        assert rule_of(state, move) == "MOVE-FORM", move  # type: ignore[arg-type]  # deliberately not a Move
    assert Take(Y, Area.YELLOW, 1) in legal_moves(state)
    # a move's text is read as the move (apply takes text as well as a move)
    assert apply(state, "take Y yellow:I") == apply(state, Take(Y, Area.YELLOW, 1))
