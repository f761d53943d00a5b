"""Mutation testing of the spec (spec/cubed/mutation.py), CI-sized: a seeded sample of single
changes to the five area modules, each of which the equality checks must find, and to the other
modules a solver's answer depends on (printed sheet, whole sheet, score, tracks, decomposition,
bounds, questions), with a planted slip in each (the whole run, every mutant: ``python -m
spec.cubed.mutation``, README "Solving sheets").  The changes that cannot be found are
equivalent (they change no answer of the encoding), listed here with the reason; a new survivor
is a hole in the checks."""

from __future__ import annotations

import pytest

from spec.cubed import mutation

#: (module, source line, change) of every equivalent mutant, and why nothing can see it.
EQUIVALENT = {
    ("spec.cubed.yellow", "(entry.position.gt(PLATTER).implies(entry.position.eq(row)))",
     ".implies->.iff"): "position <= 0 never equals a row 1..3, so iff and implies agree",
    ("spec.cubed.yellow",
     "return total(lookup(count(area.cells[r - 1]), YELLOW_ROW_POINTS) for r in ROWS)",
     "1->2"): "the rows are summed in another order",
    ("spec.cubed.turquoise",
     "return total(lookup(count(area.cells[r - 1]), TURQUOISE_ROW_POINTS) for r in ROWS)",
     "1->2"): "the rows are summed in another order",
}

#: Mutants per area module in the sample.
PER_MODULE = 4


def _known(m: mutation.Mutant) -> bool:
    return (m.module, mutation.source_line(m), m.change) in EQUIVALENT


@pytest.mark.parametrize("mutant", mutation.sample(PER_MODULE * len(mutation.ENCODINGS), 2024),
                         ids=lambda m: m.key)
def test_every_sampled_mutant_is_killed(mutant: mutation.Mutant) -> None:
    if _known(mutant):
        pytest.skip(EQUIVALENT[(mutant.module, mutation.source_line(mutant), mutant.change)])
    assert mutation.killed(mutant) is not None, (
        f"{mutant.key}: {mutation.source_line(mutant)} survives every equality check")


def test_the_planted_bugs_of_the_issue_are_found() -> None:
    """The three one-line bugs that once passed the whole of tests/spec: yellow ``entries``
    counting two rows, blue ``well_formed`` without the step rule, brown ``grows`` without
    the right-of-last rule."""
    planted = [
        ("spec.cubed.yellow", "return count(c for row in area.cells for c in row)",
         "return count(c for row in area.cells[:2] for c in row)"),
        ("spec.cubed.blue", "& follows(area.value(s, d - 1), v, s, ruleset)))",
         "))"),
        ("spec.cubed.brown",
         "& (new.field(f) & ~old.field(f)).implies(right_of_last(old, f))", ""),
    ]
    for module, old, new in planted:
        mutant = mutation.replaced(module, old, new)
        assert mutation.killed(mutant) is not None, f"{module}: {old} -> {new!r} not found"


def test_equivalent_mutants_still_exist() -> None:
    """Every listed equivalent mutant is still a mutant of the code (the list stays true)."""
    everything = {(m.module, mutation.source_line(m), m.change) for m in mutation.every_mutant()}
    assert set(EQUIVALENT) <= everything, set(EQUIVALENT) - everything


# --- the modules beyond the area encodings (issue 29) ----------------------------------------

@pytest.mark.parametrize(("module", "old", "new"), [
    # the 6th fox scores nothing (Clever Cubed's form of issue 29's 7th-fox slip)
    ("spec.cubed.scores", "range(1, MAX_FOXES + 1)", "range(1, MAX_FOXES)"),
    # more crosses in a turquoise column used for free (issue 25)
    ("spec.cubed.sheetvars", "return columns + total(area_entries(new, a)",
     "return total(area_entries(new, a)"),
    # a track's end bonus only with an 8th circle
    ("spec.cubed.tracks", "full = ite(n.ge(TRACK_FIELDS), 1, 0)",
     "full = ite(n.gt(TRACK_FIELDS), 1, 0)"),
    # the round bonuses forgotten on the re-roll track of the decomposition
    ("spec.cubed.decompose", "foxes = f + (r + given >= TRACK_FIELDS)",
     "foxes = f + (r >= TRACK_FIELDS)"),
    # a passive pick more than the rounds have
    ("spec.cubed.bound", "total(passive.values()).le(passive_turns(players, rounds))",
     "total(passive.values()).le(passive_turns(players, rounds) + 1)"),
    # no passive pick in any round (a bound that cuts off every real game)
    ("spec.cubed.bound_order", "total(after.passive[a] - before.passive[a] for a in Area).le(n)",
     "total(after.passive[a] - before.passive[a] for a in Area).le(0)"),
    # the re-roll track's fox forgotten in the total ``complete`` maximises
    ("spec.cubed.questions", "foxes = total(sheetvars.area_foxes(s, a) for a in Area) + t.foxes",
     "foxes = total(sheetvars.area_foxes(s, a) for a in Area)"),
    # a track of six fields
    ("spec.cubed.printed", "TRACK_FIELDS = 7", "TRACK_FIELDS = 6"),
], ids=["scores", "sheetvars", "tracks", "decompose", "bound", "bound_order", "questions",
        "printed"])
def test_planted_slips_beyond_the_encodings_are_found(module: str, old: str, new: str) -> None:
    assert mutation.killed(mutation.replaced(module, old, new)) is not None


def test_the_sheets_checked_have_six_foxes() -> None:
    """The whole-sheet corpus has sheets of every fox count up to 6 (the 6th at the re-roll
    track's end), the blank and a full sheet; the real modules agree with the engine on all of
    them, and the decomposition's choice with a brute force."""
    from spec.cubed import decompose, equality, sheetvars
    from spec.cubed.seam import GAME

    corpus = mutation.sheet_corpus()
    assert {GAME.score(s).foxes for _, s in corpus} == set(range(7))
    assert equality.sheet_differences(corpus) == []
    assert mutation.read_differences(sheetvars) == []
    assert mutation.combine_differences(decompose) == []


#: (module, source line, column, change) of every equivalent mutant beyond the encodings, and
#: why nothing can see it.
EQUIVALENT_WHOLE: dict[tuple[str, str, int, str], str] = {
    ("spec.cubed.tracks",
     "b: got.get(b, const(0)) + given.get(b, 0) + ends.get(b, const(0))", 28, "0->1"):
        "the areas' earned bonuses name every question mark kind, so the default is never read",
    ("spec.cubed.bound_order", "ROUND_ENDS = tuple(range(1, ROUNDS[1] + 1))", 35, "1->2"):
        "ROUNDS[1] for ROUNDS[2] (the column of the 1 in the index): both games last 6 rounds",
}

#: Mutants beyond the encodings in the sample (the first modules of ``WHOLE``, one each; the
#: planted slips above cover every module).
WHOLE_SAMPLE = 4


@pytest.mark.parametrize("mutant", mutation.sample(WHOLE_SAMPLE, 29, mutation.WHOLE),
                         ids=lambda m: m.key)
def test_every_sampled_mutant_beyond_the_encodings_is_killed(mutant: mutation.Mutant) -> None:
    key = (mutant.module, mutation.source_line(mutant), mutant.column, mutant.change)
    if key in EQUIVALENT_WHOLE:
        pytest.skip(EQUIVALENT_WHOLE[key])
    assert mutation.killed(mutant) is not None, (
        f"{mutant.key}: {mutation.source_line(mutant)} survives every check")


def test_equivalent_mutants_beyond_the_encodings_still_exist() -> None:
    """Every listed equivalent mutant is still a mutant of the code (the list stays true)."""
    everything = {(m.module, mutation.source_line(m), m.column, m.change)
                  for m in mutation.every_mutant(mutation.WHOLE)}
    assert set(EQUIVALENT_WHOLE) <= everything, set(EQUIVALENT_WHOLE) - everything
