"""Every part of the Z3 encodings (spec/cubed/<area>.py) equals the engine, over whole state
spaces (spec/cubed/equality.py, spec/cubed/spaces.py): score, foxes, earned bonuses, fewest
entries, well-formedness and growth on every yellow, brown and blue state, on pink states of
every length and pattern and on turquoise states with every pattern of its rows, columns and
shaded cells, with Z3 proofs that cover the rest; legal targets and their bonuses for every
context of an entry; and reading states in and out."""

from __future__ import annotations

import random

import pytest

from oracle import Area, Ruleset
from oracle.records.play import POLICIES, play_game
from spec.cubed import equality, spaces
from spec.cubed.printed import ROUNDS

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


@pytest.mark.parametrize("area", AREAS, ids=IDS)
def test_grows(area: Area) -> None:
    """``grows`` is the engine's reachability: every pair of brown states (16.7 million) and
    of blue states (each side under ruling 14's option, Z3 showing the sides independent);
    yellow and turquoise cell by cell (Z3: the conjunction over cells) and from random states;
    pink from sampled states."""
    _clean(equality.grows_check(equality.MODULES[area], area))


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
    """Z3, over all 2^30 turquoise states: each part is a sum over rows, columns or the shaded
    lines printed with a bonus, so the family (every pattern of each row and each column)
    covers every state."""
    _clean(equality.turquoise_decompositions(equality.turquoise))


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
        sheets += [(ROUNDS[players], s) for s in state.sheets]  # type: ignore[attr-defined]  # a Clever Cubed state
    _clean(equality.sheet_differences(sheets))
