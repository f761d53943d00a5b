"""The fast paths agree with the plain readings they stand for: the areas' table look-ups with
their rules, the early-exit tests with the move lists, the direct legality check with the listed
moves (also for odd objects equal to a listed move), and the shared move objects."""

from __future__ import annotations

import itertools
import random
from typing import cast

from oracle import legal_moves
from oracle.dice import Position
from oracle.cubed.areas import blue, turquoise, yellow
from oracle.cubed.areas.context import Context
from oracle.cubed.areas import AREAS
from oracle.cubed.areas.context import die_context, question_context
from oracle.cubed.legal import (
    _question_targets,
    _targets,
    _usable,
    areas_for,
    extra_moves,
    has_extra,
    has_passive_take,
    is_legal,
    jokers,
    passive_takes,
    question_numbers,
    question_usable,
    question_uses,
)
from oracle.cubed.moves import Take
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.ruleset import DEFAULT_RULESET, Ruleset
from oracle.cubed.dice import Die
from oracle.cubed.sheet import BLUE_MAX, BLUE_MIN, Area, Bonus
from oracle.cubed.state import Phase
from tests.cubed.builders import random_game

POSITIONS = tuple(Position)


def test_yellow_table_is_the_row_rule() -> None:
    for crossed in range(1 << 18):
        if crossed % 97:  # a spread sample of the 262,144 masks, all columns' patterns included
            continue
        for number in range(1, 7):
            for position in POSITIONS:
                ctx = Context(number, position, 0, DEFAULT_RULESET)
                want = yellow.free_rows(crossed, number, yellow.rows_for(ctx))
                assert yellow.targets(PlayerSheet(yellow=crossed), ctx) == want


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
                assert blue.sides(left, right, value, seven) == want
                ctx = Context(value, Position.QUESTION, 0,
                              Ruleset(blue_seven_after_seven=seven))
                assert blue.targets(PlayerSheet(blue_left=left, blue_right=right), ctx) == want


def test_early_exits_agree_with_the_move_lists() -> None:
    for seed in range(12):
        for state in random_game(1 + seed % 4, 500 + seed):
            if state.actor < 0:
                continue
            for seat, sheet in enumerate(state.sheets):
                for bonus in Bonus:
                    if bonus.is_question:
                        assert question_usable(state, sheet, bonus) == bool(
                            question_uses(state, sheet, bonus))
                if state.phase is Phase.PASSIVE_CHOOSE:
                    assert has_passive_take(state, seat) == bool(passive_takes(state, seat))
                if state.phase in (Phase.ACTIVE_EXTRA, Phase.PASSIVE_EXTRA, Phase.END_EXTRA):
                    assert has_extra(state, seat) == bool(extra_moves(state, seat))
                everything = tuple(d for d in range(6))
                assert _usable(state, sheet, ()) is False
                _usable(state, sheet, everything)  # any die, wherever it lies: no error


def test_odd_objects_equal_to_a_listed_move_are_judged_like_the_list() -> None:
    for state in random_game(2, 77):
        if state.actor < 0 or state.sheets[state.actor].pending:
            continue
        for move in legal_moves(state):
            if isinstance(move, Take):
                # plain ints standing for the enums: not well-formed, yet equal to the move
                plain = Take(cast(Die, int(move.die)), cast(Area, int(move.area)),
                             int(move.target), move.joker)
                assert is_legal(state, plain)
        assert not is_legal(state, "take W yellow:I")
        assert not is_legal(state, Take(cast(Die, "W"), cast(Area, "yellow"), cast(int, "I")))


def test_moves_and_jokers_are_shared() -> None:
    for state in random_game(1, 5):
        if state.actor >= 0:
            assert all(a is b for a, b in zip(legal_moves(state), legal_moves(state))
                       if isinstance(a, Take))
    sheet = PlayerSheet(jokers=7)
    assert jokers(sheet, 3) is jokers(sheet, 3)


def test_plain_value_targets_are_the_area_modules_targets() -> None:
    """legal.py asks the areas from plain values (no Context built); the answers must be those
    of each area module's ``targets(sheet, ctx)`` with the context of the entry."""
    for seed in range(8):
        for state in random_game(1 + seed % 4, 900 + seed)[::3]:
            if state.actor < 0:
                continue
            sheet = state.sheets[state.actor]
            for area in Area:
                for number in question_numbers(state, area):
                    ctx = question_context(state, area, number)
                    assert _question_targets(state, sheet, area, number) == AREAS[area].targets(
                        sheet, ctx)
                for die in Die:
                    if area not in areas_for(die):
                        continue
                    for position in (Position.PLATTER, Position.FIELD_I, Position.FIELD_II,
                                     Position.FIELD_III):
                        for number in range(1, 7):
                            ctx = die_context(state, die, area, position, number)
                            assert _targets(state, sheet, die, area, position, number) == (
                                AREAS[area].targets(sheet, ctx))
