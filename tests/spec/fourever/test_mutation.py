"""Mutation testing of Clever 4Ever's encodings (spec/fourever/mutation.py), CI-sized: a seeded
sample of single changes to the five area modules, each of which the equality checks must find,
and planted bugs of the kinds the rules invite (the whole run, every mutant: ``python -m
spec.fourever.mutation``, README "Solving Clever 4Ever sheets").  The changes that cannot be
found are equivalent (they change no answer of the encoding), listed with the reason; a new
survivor is a hole in the checks."""

from __future__ import annotations

import pytest

from spec.fourever import mutation

#: (module, source line, change) of every equivalent mutant, and why nothing can see it.
EQUIVALENT: dict[tuple[str, str, str], str] = {}

#: Mutants per area module in the sample.
PER_MODULE = 2


def _known(m: mutation.Mutant) -> bool:
    return (m.module, mutation.source_line(m), m.change) in EQUIVALENT


@pytest.mark.parametrize("mutant", mutation.sample(PER_MODULE * len(mutation.ENCODINGS), 2025),
                         ids=lambda m: m.key)
def test_every_sampled_mutant_is_killed(mutant: mutation.Mutant) -> None:
    if _known(mutant):
        pytest.skip(EQUIVALENT[(mutant.module, mutation.source_line(mutant), mutant.change)])
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


def test_equivalent_mutants_still_exist() -> None:
    """Every listed equivalent mutant is still a mutant of the code (the list stays true)."""
    everything = {(m.module, mutation.source_line(m), m.change)
                  for module in mutation.ENCODINGS for m in mutation.mutants(module)}
    assert set(EQUIVALENT) <= everything, set(EQUIVALENT) - everything
