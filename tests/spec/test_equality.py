"""The Z3 encodings (spec/cubed/) agree with the engine (oracle/cubed/areas/): for each state,
every context, the set of legal targets (every Z3 model enumerated), each target's bonuses and the
area score are the same.  States come from random games, from Hypothesis, and — for brown, blue,
pink and yellow — from enumerating the state space (see each test).  A difference prints the
state in sheet notation, the context and both answers."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spec.cubed.equality import Context
from oracle import apply_unchecked, new_game
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.ruleset import Ruleset
from oracle import Area
from oracle.cubed.sheet import PINK_FIELDS, PINK_STARS
from oracle.dice import Position
from oracle.play import play_game
from spec.cubed.equality import AreaChecker, contexts, differences

RULESETS = (Ruleset(), Ruleset(blue_seven_after_seven=True))
GAMES = 200
PER_AREA = {Area.YELLOW: 120, Area.TURQUOISE: 50, Area.BLUE: 120, Area.BROWN: 120,
            Area.PINK: 120}


def _checkers() -> dict[tuple[Area, Ruleset], AreaChecker]:
    return {(a, r): AreaChecker(a, r) for a in Area for r in RULESETS}


CHECKERS = _checkers()


def _sample_contexts(area: Area, ruleset: Ruleset) -> tuple[Context, ...]:
    """All contexts; for turquoise (whose models are many) positions II and the question mark
    only, with 0..2 matching dice — the Hypothesis test varies the rest."""
    every = contexts(area, ruleset)
    if area is Area.TURQUOISE:
        return tuple(c for c in every if c.position in (Position.FIELD_II, Position.QUESTION))
    return every


def _check(area: Area, sheet: PlayerSheet, ruleset: Ruleset = Ruleset(),
           chosen: tuple[Context, ...] | None = None) -> None:
    checker = CHECKERS[area, ruleset]
    wrong = differences(checker, sheet, chosen or _sample_contexts(area, ruleset))
    assert not wrong, "\n".join(wrong[:5])


def _area_key(area: Area, sheet: PlayerSheet) -> object:
    if area is Area.YELLOW:
        return sheet.yellow
    if area is Area.TURQUOISE:
        return sheet.turquoise
    if area is Area.BLUE:
        return sheet.blue_left, sheet.blue_right
    if area is Area.BROWN:
        return sheet.brown
    return sheet.pink, sheet.pink_bonus


def _game_sheets() -> Iterator[PlayerSheet]:
    for seed in range(GAMES):
        players = 1 + seed % 4
        moves, _ = play_game(players, seed)
        state = new_game(players)
        for i, move in enumerate(moves):
            state = apply_unchecked(state, move)
            if i % 5 == 0:
                yield from state.sheets


def _game_states() -> dict[Area, list[PlayerSheet]]:
    seen: dict[Area, dict[object, PlayerSheet]] = {a: {} for a in Area}
    for sheet in _game_sheets():
        for area in Area:
            seen[area].setdefault(_area_key(area, sheet), sheet)
    rng = random.Random(10)
    out = {}
    for area, found in seen.items():
        states = list(found.values())
        rng.shuffle(states)
        out[area] = states[:PER_AREA[area]]
    return out


@pytest.fixture(scope="module")
def game_states() -> dict[Area, list[PlayerSheet]]:
    """Distinct area states met in the random games, sampled."""
    return _game_states()


@pytest.mark.parametrize("area", list(Area), ids=lambda a: a.label)
def test_states_of_random_games(area: Area, game_states: dict[Area, list[PlayerSheet]]) -> None:
    for sheet in game_states[area]:
        _check(area, sheet)


@st.composite
def blue_side(draw: st.DrawFn, step: int) -> tuple[int, ...]:
    out: list[int] = []
    for _ in range(draw(st.integers(0, 6))):
        prev = out[-1] if out else 7
        nxt = 7 if draw(st.booleans()) else prev + step
        if not 2 <= nxt <= 12:
            break
        out.append(nxt)
    return tuple(out)


@st.composite
def sheets(draw: st.DrawFn) -> PlayerSheet:
    pink = []
    bonus = 0
    for f in range(1, draw(st.integers(0, PINK_FIELDS)) + 1):
        die = draw(st.integers(1, 6))
        half = f == 1 or draw(st.booleans())
        pink.append((die + 1) // 2 if half else die * PINK_STARS[f - 1])
        bonus |= (1 << (f - 1)) if half and f > 1 else 0
    return PlayerSheet(
        yellow=draw(st.integers(0, (1 << 18) - 1)),
        turquoise=draw(st.integers(0, (1 << 30) - 1)),
        blue_left=draw(blue_side(-1)), blue_right=draw(blue_side(1)),
        brown=draw(st.integers(0, (1 << 12) - 1)), pink=tuple(pink), pink_bonus=bonus,
    )


@settings(max_examples=60, deadline=None)
@given(sheets(), st.sampled_from(list(Area)), st.sampled_from(RULESETS),
       st.integers(2, 12), st.sampled_from(list(Position)), st.integers(0, 5))
def test_hypothesis_states(sheet: PlayerSheet, area: Area, ruleset: Ruleset, number: int,
                           position: Position, matches: int) -> None:
    """A blue value is 2 to 12 (two dice, or a blue question mark's total, ruling 13; the move
    refuses any other with QUESTION-USE before the area is asked); other areas take 1 to 6."""
    if area is not Area.BLUE:
        number = 1 + number % 6
    if position is Position.QUESTION:
        matches = 0
    ctx = Context(number, position, matches, ruleset)
    _check(area, sheet, ruleset, (ctx,))
    _check(area, sheet, ruleset, _sample_contexts(area, ruleset)[::7])


def test_brown_every_state() -> None:
    """All 4096 brown states, every number, from a die field and as a question mark (where the
    die lies does not matter in brown; the other positions are checked on sampled states)."""
    chosen = tuple(c for c in contexts(Area.BROWN, Ruleset())
                   if c.position in (Position.FIELD_I, Position.QUESTION))
    for mask in range(1 << 12):
        _check(Area.BROWN, PlayerSheet(brown=mask), Ruleset(), chosen)


def _blue_sides(step: int) -> list[tuple[int, ...]]:
    """Every side a player could write with 7s after anything (a superset of both rulesets'):
    each number one step on or a 7."""
    out: list[tuple[int, ...]] = [()]
    frontier: list[tuple[int, ...]] = [()]
    for _ in range(6):
        nxt = []
        for side in frontier:
            prev = side[-1] if side else 7
            for v in {prev + step, 7}:
                if 2 <= v <= 12:
                    nxt.append(side + (v,))
        out.extend(nxt)
        frontier = nxt
    return out


@pytest.mark.parametrize("ruleset", RULESETS, ids=("default", "seven_after_seven"))
def test_blue_every_side(ruleset: Ruleset) -> None:
    """Every left side with the right side empty or full, and the other way round, for every
    value 2..12 (the sides are independent in the rules; pairs are sampled above)."""
    chosen = tuple(c for c in contexts(Area.BLUE, ruleset) if c.position is Position.FIELD_I)
    lefts, rights = _blue_sides(-1), _blue_sides(1)
    for left in lefts:
        for right in ((), rights[-1]):
            _check(Area.BLUE, PlayerSheet(blue_left=left, blue_right=right), ruleset, chosen)
    for right in rights:
        for left in ((), lefts[-1]):
            _check(Area.BLUE, PlayerSheet(blue_left=left, blue_right=right), ruleset, chosen)


def test_pink_every_length_and_option() -> None:
    """Every number of written fields 0..12 with every half/times pattern of the last three
    fields, every context."""
    rng = random.Random(3)
    chosen = contexts(Area.PINK, Ruleset())
    for length in range(PINK_FIELDS + 1):
        for pattern in itertools.product((True, False), repeat=min(3, max(0, length - 1))):
            halves = [True] * (length - len(pattern)) + list(pattern)
            values, mask = [], 0
            for f, half in enumerate(halves, start=1):
                die = rng.randint(1, 6)
                values.append((die + 1) // 2 if half or f == 1 else die * PINK_STARS[f - 1])
                mask |= (1 << (f - 1)) if half and f > 1 else 0
            _check(Area.PINK, PlayerSheet(pink=tuple(values), pink_bonus=mask), Ruleset(),
                   chosen)


def test_yellow_every_column_and_row() -> None:
    """Every state of each column (what an entry there reads) over random other cells, every
    context; and every state of each row (what its score reads)."""
    rng = random.Random(4)
    chosen = contexts(Area.YELLOW, Ruleset())
    for column in range(6):
        for pattern in range(8):
            cells = sum(1 << (row * 6 + column) for row in range(3) if pattern >> row & 1)
            other = rng.getrandbits(18) & ~sum(1 << (row * 6 + column) for row in range(3))
            _check(Area.YELLOW, PlayerSheet(yellow=cells | other), Ruleset(), chosen)
    checker = CHECKERS[Area.YELLOW, Ruleset()]
    from oracle.cubed.areas import yellow
    for row in range(3):
        for pattern in range(64):
            sheet = PlayerSheet(yellow=pattern << (row * 6))
            assert checker.score_only(sheet) == yellow.score(sheet.yellow), sheet


def test_a_difference_is_reported_in_words() -> None:
    """The report names the sheet, the context and both answers."""
    from spec.cubed.equality import Answer, difference
    ctx = Context(3, Position.FIELD_I, 0, Ruleset())
    text = difference(Area.YELLOW, new_game(1).sheets[0], ctx,
                      Answer(frozenset({1}), (), 0), Answer(frozenset(), (), 0))
    assert "y=" in text and "number=3" in text and "Z3 [1]" in text and "engine []" in text
