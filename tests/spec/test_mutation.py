"""Mutation testing of the encodings (spec/cubed/mutation.py), CI-sized: a seeded sample of
single changes to the five area modules, each of which the equality checks must find (the
whole run, every mutant: ``python -m spec.cubed.mutation``, README "Solving sheets").  The
changes that cannot be found are equivalent (they change no answer of the encoding), listed
here with the reason; a new survivor is a hole in the checks."""

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
