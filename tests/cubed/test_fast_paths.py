"""The fast paths agree with the plain readings they stand for: the areas' table look-ups with
their rules, the early-exit tests with the move lists, the direct legality check with the listed
moves (also for odd objects equal to a listed move), and the shared move objects."""

from __future__ import annotations

import itertools
import random
from typing import cast

import attrs

from oracle import legal_moves, new_game
from oracle.engine.area import QUESTION_DIE
from oracle.engine.dice import Position
from oracle.games.cubed.areas import blue, turquoise, yellow
from oracle.games.cubed.joker import JOKER, JOKER_BY_INDEX
from oracle.engine.legal import (
    _usable,
    check,
    die_reading,
    extra_moves,
    has_extra,
    has_passive_take,
    is_legal,
    passive_choice,
    passive_takes,
    question_readings,
    question_use_count,
    question_uses,
)
from oracle.engine.moves import DieMove
from oracle import Take
from oracle.games.cubed.ruleset import Ruleset
from oracle.games.cubed.dice import Die
from oracle import Area
from oracle.games.cubed.sheet import BLUE_MAX, BLUE_MIN, Bonus
from oracle import Phase
from tests.cubed.builders import random_game

POSITIONS = tuple(Position)
#: A state for the areas' ruleset and dice (yellow reads neither).
STATE = new_game(1)


def test_yellow_table_is_the_row_rule() -> None:
    for crossed in range(1 << 18):
        if crossed % 97:  # a spread sample of the 262,144 masks, all columns' patterns included
            continue
        for number in range(1, 7):
            for position in POSITIONS:
                want = yellow.free_rows(crossed, number, yellow.rows_for(number, position))
                assert yellow.targets(crossed, number, 0, position, Die.YELLOW, STATE) == want


def test_turquoise_row_sets_are_the_subsets_of_free_rows() -> None:
    rng = random.Random(3)
    for _ in range(500):
        crossed = rng.getrandbits(30)
        for number in range(1, 7):
            for matches in range(6):
                free = turquoise.free_rows(crossed, number)
                got = turquoise.row_sets(crossed, number, matches)
                assert set(got) == {
                    s for s in range(1, 32)
                    if s & free == s and s.bit_count() <= 1 + matches
                }


def test_blue_sides_are_the_allowed_sides() -> None:
    values = [()] + [(v,) for v in range(BLUE_MIN, BLUE_MAX + 1)] + [(6, 5, 4, 3, 2, 7)]
    for left, right in itertools.product(values, repeat=2):
        for value in range(BLUE_MIN, BLUE_MAX + 1):
            for seven in (False, True):
                want = tuple(side for side, v in ((blue.LEFT, left), (blue.RIGHT, right))
                             if blue.allowed(v, side, value, seven))
                assert blue.sides((left, right), value, seven) == want
                state = new_game(1, Ruleset(blue_seven_after_seven=seven))
                assert blue.targets((left, right), value, 0, Position.QUESTION, QUESTION_DIE,
                                    state) == want


def test_early_exits_agree_with_the_move_lists() -> None:
    for seed in range(12):
        for state in random_game(1 + seed % 4, 500 + seed):
            if state.actor < 0:
                continue
            for seat, sheet in enumerate(state.sheets):
                for bonus in Bonus:
                    if bonus.is_question:
                        uses = question_uses(state, sheet, bonus)
                        assert question_use_count(state, sheet, bonus) == min(2, len(uses))
                assert question_readings(state, sheet) == tuple(
                    (b, question_use_count(state, sheet, b),
                     uses[0] if len(uses := question_uses(state, sheet, b)) == 1 else None)
                    for b in dict.fromkeys(sheet.pending))
                if state.phase is Phase.PASSIVE_CHOOSE:
                    assert has_passive_take(state, seat) == bool(passive_takes(state, seat))
                    assert passive_choice(state, seat) == (
                        Phase.PASSIVE_CHOOSE if passive_takes(state, seat)
                        else Phase.PASSIVE_EXTRA if extra_moves(state, seat) else None)
                if state.phase in (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA, Phase.END_EXTRA):
                    assert has_extra(state, seat) == bool(extra_moves(state, seat))
                everything = tuple(d for d in range(6))
                assert _usable(state, sheet, ()) is False
                _usable(state, sheet, everything)  # any die, wherever it lies: no error


def test_the_check_reads_each_listed_die_move_as_the_unchecked_path_does() -> None:
    """What ``check`` hands to the entering step (``apply``) is what ``die_reading`` gives
    ``apply_unchecked`` for the same listed move; any other listed move checks True."""
    for seed in range(6):
        for state in random_game(1 + seed % 4, 900 + seed):
            if state.actor < 0:
                continue
            for move in legal_moves(state):
                checked = check(state, move)
                if isinstance(move, DieMove):
                    assert checked == die_reading(state, state.sheets[state.actor], move)
                    assert checked is not None and not isinstance(checked, bool)
                else:
                    assert checked is True


def test_odd_objects_equal_to_a_listed_move_are_judged_like_the_list() -> None:
    for state in random_game(2, 77):
        if state.actor < 0 or state.sheets[state.actor].pending:
            continue
        for move in legal_moves(state):
            if isinstance(move, Take):
                # plain ints standing for the enums: not well-formed, yet equal to the move
                plain = Take(cast(Die, int(move.die)), cast(Area, int(move.area)),
                             int(move.target), move.action)
                assert is_legal(state, plain)
                assert check(state, plain) is False  # apply refuses it: MOVE-FORM
        assert not is_legal(state, "take W yellow:I")
        assert not is_legal(state, Take(cast(Die, "W"), cast(Area, "yellow"), cast(int, "I")))


def test_moves_and_joker_uses_are_shared() -> None:
    for state in random_game(1, 5):
        if state.actor >= 0:
            assert all(a is b for a, b in zip(legal_moves(state), legal_moves(state))
                       if isinstance(a, Take))
    key = (False, 0b1111111)
    assert JOKER.choices(key, 0, 3, 4, 0, 0) is JOKER.choices(key, 1, 3, 4, 4, 1)


def test_joker_uses_are_the_jokers_the_rules_allow() -> None:
    """The number joker's two readings agree: a joker is among a die's uses exactly when its
    own diagnosis finds nothing wrong (ruling 23's option both ways)."""
    for seed in range(8):
        for state in random_game(1 + seed % 4, 900 + seed)[::3]:
            if state.actor < 0:
                continue
            sheet = state.sheets[state.actor]
            for ruleset in (Ruleset(), Ruleset(joker_same_face=True)):
                for die in Die:
                    face = 1 + (seed + die) % 6
                    faces = tuple(face if d == die else f for d, f in enumerate(state.faces))
                    probe = attrs.evolve(state, ruleset=ruleset, faces=faces)
                    key = JOKER.key(probe, sheet)
                    listed = set() if key is None else {
                        use for use, _, _ in JOKER.choices(key, die, face, 1, 0, 0)}
                    for index, joker in enumerate(JOKER_BY_INDEX):
                        if joker is not None:
                            ok = JOKER.problem(probe, sheet, die, 3, joker, False) is None
                            assert (index in listed) == ok, (die, face, joker, ruleset)
