"""Every part of the Z3 encodings (spec/cubed/<area>.py) equals the engine, over whole state
spaces (spec/cubed/equality.py, spec/cubed/spaces.py): score, foxes, earned bonuses, fewest
entries, well-formedness and growth on every yellow, brown and blue state, on pink states of
every length and pattern and on turquoise states with every pattern of its rows, columns and
shaded cells, with Z3 proofs that cover the rest; legal targets and their bonuses for every
context of an entry; and reading states in and out."""

from __future__ import annotations

import random

import pytest

from oracle import Area, Bonus, PlayerSheet, Ruleset
from oracle.play import POLICIES, play_game
from spec.cubed import equality, spaces
from spec.cubed.printed import ROUNDS
from spec.logic import const

AREAS = list(Area)
IDS = [a.label for a in AREAS]


def _clean(found: list[str]) -> None:
    assert not found, "\n".join(found[:5])


@pytest.mark.parametrize("area", AREAS, ids=IDS)
def test_every_state_part(area: Area) -> None:
    """Score, foxes, earned bonuses, fewest entries and well-formedness on each area's whole
    family (yellow: all 262,144 states)."""
    space, problems = spaces.standard(area)
    _clean(list(problems))
    _clean(equality.state_differences(equality.MODULES[area], space))


def test_blue_states_with_seven_after_seven() -> None:
    """Ruling 14's option: every blue state the engine writes with a 7 after a 7."""
    ruleset = Ruleset(blue_seven_after_seven=True)
    space, problems = spaces.standard(Area.BLUE, ruleset)
    _clean(list(problems))
    _clean(equality.state_differences(equality.blue, space, ruleset))


@pytest.mark.parametrize("area", AREAS, ids=IDS)
def test_every_entry_context(area: Area) -> None:
    """Legal targets and each target's bonuses, for the contexts that read each state."""
    for sheets, chosen in spaces.entry_families(area):
        _clean(equality.entry_differences(equality.MODULES[area], area, sheets, chosen))


def test_blue_entries_with_seven_after_seven() -> None:
    ruleset = Ruleset(blue_seven_after_seven=True)
    for sheets, chosen in spaces.entry_families(Area.BLUE, ruleset):
        _clean(equality.entry_differences(equality.blue, Area.BLUE, sheets, chosen, ruleset))


def test_grows_brown_and_blue_every_pair() -> None:
    """Every pair of brown states (16.7 million) and of blue states: ``grows`` is exactly the
    engine's reachability."""
    for area in (Area.BROWN, Area.BLUE):
        problems: list[str] = []
        sheets = spaces.standard(area)[0].sheets
        reach = spaces.family_reach(area, sheets, Ruleset(), problems)
        _clean(problems)
        _clean(equality.grows_differences(equality.MODULES[area], area, sheets, sheets, reach))


def test_grows_blue_by_sides_with_seven_after_seven() -> None:
    """Under ruling 14's option every pair of each side (Z3 shows the sides independent)."""
    ruleset = Ruleset(blue_seven_after_seven=True)
    _clean(equality.grows_decomposes(equality.blue, Area.BLUE,
                                     [lambda s, d: s == 0, lambda s, d: s == 1]))
    lefts, rights = spaces.sides_reachable(ruleset)
    for side, sheets in ((1, [PlayerSheet(blue_left=w) for w in sorted(lefts)]),
                         (0, [PlayerSheet(blue_right=w) for w in sorted(rights)])):
        problems: list[str] = []
        other = (lambda s: bool(s.blue_right)) if side else (lambda s: bool(s.blue_left))
        reach = spaces.family_reach(Area.BLUE, sheets, ruleset, problems, other)
        _clean(problems)
        _clean(equality.grows_differences(equality.blue, Area.BLUE, sheets, sheets, reach))


@pytest.mark.parametrize("area", [Area.YELLOW, Area.TURQUOISE], ids=["yellow", "turquoise"])
def test_grows_cell_by_cell(area: Area) -> None:
    """Z3: ``grows`` is the conjunction of ``grows`` on each cell; every cell's four cases and
    random states, against every state of the family."""
    rows = 3 if area is Area.YELLOW else 5
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, 7)]
    _clean(equality.grows_decomposes(equality.MODULES[area], area,
                                     [lambda r, c, k=k: (r, c) == k for k in cells]))
    news = spaces.standard(area)[0].sheets
    rng = random.Random(spaces.SEED)
    olds = [PlayerSheet()] + [news[rng.randrange(len(news))] for _ in range(12)]
    olds += [PlayerSheet(**{area.label: 1 << i}) for i in range(len(cells))]
    _clean(equality.grows_differences(equality.MODULES[area], area, olds, news,
                                      spaces.superset_reach(area, news)))


def test_grows_pink() -> None:
    news = spaces.standard(Area.PINK)[0].sheets
    olds = random.Random(spaces.SEED).sample(list(news), 80) + [PlayerSheet()]
    _clean(equality.grows_differences(equality.pink, Area.PINK, olds, news,
                                      spaces.prefix_reach(news)))


@pytest.mark.parametrize("ruleset", equality.RULESETS, ids=("default", "seven_after_seven"))
def test_no_unwritable_state_is_well_formed(ruleset: Ruleset) -> None:
    """Z3, over every assignment: blue is well formed exactly on the sides the engine writes,
    pink exactly on fields written from the left with what the engine writes there; every
    turquoise assignment can be written (yellow and brown: every state is checked above)."""
    _clean(equality.blue_only_reachable(equality.blue, ruleset))
    _clean(equality.pink_only_reachable(equality.pink, ruleset))
    v = equality.turquoise.fresh("t")
    _clean(equality.never(~equality.turquoise.well_formed(v, ruleset),
                          "turquoise refuses a state"))


def test_turquoise_parts_decompose() -> None:
    """Z3, over all 2^30 turquoise states: the score is the sum over rows, the fewest entries
    the sum over columns, each earned bonus (foxes too) the sum over the shaded cells of the
    rows and columns printed with it; so the family (every pattern of each row and each
    column) covers every state."""
    m = equality.turquoise
    rows = [lambda r, c, k=k: r == k for k in range(1, 6)]
    columns = [lambda r, c, k=k: c == k for k in range(1, 7)]
    _clean(equality.decomposes(m, Area.TURQUOISE, m.score, rows, "score"))
    _clean(equality.decomposes(m, Area.TURQUOISE, m.entries, columns, "entries"))
    for bonus in Bonus:
        lines = equality.turquoise_lines(bonus)
        _clean(equality.decomposes(m, Area.TURQUOISE, lambda v, b=bonus: m.earned(v).get(
            b, const(0)), lines, f"earned {bonus.code}"))
    _clean(equality.decomposes(m, Area.TURQUOISE, m.foxes, equality.turquoise_lines(Bonus.FOX),
                               "foxes"))


def test_turquoise_one_entry_per_column() -> None:
    """The premise of turquoise ``entries``: one entry may cross any free cells of a column."""
    _clean(equality.turquoise_whole_columns())


@pytest.mark.parametrize("area", AREAS, ids=IDS)
def test_states_are_read_in_and_out(area: Area) -> None:
    sheets = spaces.standard(area)[0].sheets
    rng = random.Random(spaces.SEED)
    chosen = [sheets[0], sheets[-1]] + [sheets[rng.randrange(len(sheets))] for _ in range(10)]
    _clean(equality.roundtrip_differences(equality.MODULES[area], area, chosen))


def test_whole_sheets_of_real_games() -> None:
    """Tracks (circles from bonuses and round bonuses, the re-roll track's fox) and the total
    of the final sheets of 48 seeded games (1-4 players, random and greedy)."""
    sheets = []
    for seed in range(48):
        players = 1 + seed % 4
        _, state = play_game(players, seed, POLICIES["greedy" if seed % 3 else "random"])
        sheets += [(ROUNDS[players], s) for s in state.sheets]  # type: ignore[attr-defined]
    _clean(equality.sheet_differences(sheets))
