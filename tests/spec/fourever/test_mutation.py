"""Mutation testing of Clever 4Ever's encodings (spec/fourever/mutation.py), CI-sized: a seeded
sample of single changes to the five area modules, each of which the equality checks must find,
and planted bugs of the kinds the rules invite (the whole run, every mutant: ``python -m
spec.fourever.mutation``, README "Solving Clever 4Ever sheets").  The changes that cannot be
found are equivalent (they change no answer of the encoding), listed with the reason; a new
survivor is a hole in the checks."""

from __future__ import annotations

import pytest

from spec.fourever import mutation

#: (module, source line, column, change) of every equivalent mutant, and why nothing can see
#: it (``python -m spec.fourever.mutation``: 229 of 234 killed, these 5 survive).
EQUIVALENT: dict[tuple[str, str, int, str], str] = {
    ("spec.fourever.yellow", "b.gt(0).implies(b.gt(a)) for a, b in zip(top, top[1:]))", 8,
     ".implies->.iff"): "every number is at least 0, so b > a already implies b > 0",
    ("spec.fourever.yellow",
     "return count(area.field(r, c).gt(0) for r in ROWS for c in COLUMNS", 37, "0->1"):
        "the fox is the top row's 5th field, which strictly increases from 1: at least 5",
    ("spec.fourever.grey", "STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))", 13, "0->1"):
        "a diagonal step down-right for the step down changes the neighbour lists, but the "
        "grey family is every one of the 2^17 states and none is written differently",
    ("spec.fourever.grey", "~area.parts[p] for p in PARTS if len(CELLS[p]) > GREY_MOST)", 8,
     "drop Invert"): "no part has more than six cells: the conjunction is empty",
    ("spec.fourever.grey",
     "return all_of(area.parts[p].implies(reach[p]) for p in PARTS) & all_of(", 18,
     ".implies->.iff"): "a part is reached only when crossed, so reach implies crossed",
}

#: Mutants per area module in the sample.
PER_MODULE = 2


def _id(m: mutation.Mutant) -> tuple[str, str, int, str]:
    return (m.module, mutation.source_line(m), m.column, m.change)


@pytest.mark.parametrize("mutant", mutation.sample(PER_MODULE * len(mutation.ENCODINGS), 2025),
                         ids=lambda m: m.key)
def test_every_sampled_mutant_is_killed(mutant: mutation.Mutant) -> None:
    if _id(mutant) in EQUIVALENT:
        pytest.skip(EQUIVALENT[_id(mutant)])
    assert mutation.killed(mutant) is not None, (
        f"{mutant.key}: {mutation.source_line(mutant)} survives every equality check")


@pytest.mark.parametrize(("module", "old", "new"), [
    # the top yellow row allowed to stay level (not strictly increasing)
    ("spec.fourever.yellow", "b.gt(0).implies(b.gt(a))", "b.gt(0).implies(b.ge(a))"),
    # a pink extra 3 that earns the field's bonus like a 3 the player wrote
    ("spec.fourever.pink", "return tuple(o & f.gt(0) for o, f in zip(out, area.fields))",
     "return tuple(f.gt(0) for f in area.fields)"),
    # grey growth only one part deep from a start part
    ("spec.fourever.grey", "    for _ in PARTS:\n", "    for _ in PARTS[:1]:\n"),
])
def test_planted_bugs_are_found(module: str, old: str, new: str) -> None:
    assert mutation.killed(mutation.replaced(module, old, new)) is not None


def test_equivalent_mutants_still_exist_and_survive() -> None:
    """Every listed equivalent mutant is still a mutant of the code and still survives (the
    list stays true)."""
    everything = {_id(m) for module in mutation.ENCODINGS for m in mutation.mutants(module)}
    assert set(EQUIVALENT) <= everything, set(EQUIVALENT) - everything
    for module in mutation.ENCODINGS:
        for m in mutation.mutants(module):
            if _id(m) in EQUIVALENT and m.module.endswith("yellow"):
                assert mutation.killed(m) is None, m.key
