"""Mutation testing of the turn model (spec/turns/mutation.py), CI-sized: planted slips in the
turn model and Clever 4Ever's link, and a seeded sample of single changes, each of which the
checks (real games admitted, impossible ones refused) must find.  Budgets in Z3 resource
units, no clock."""

from __future__ import annotations

import pytest

from spec import mutation as generic
from spec.turns import mutation

#: Planted slips: (module, old text, new text).
PLANTED = (
    ("spec.turns.model", "ACTIVE_PICKS, PASSIVE_PICKS = 3, 1", "ACTIVE_PICKS, PASSIVE_PICKS = 4, 1"),
    ("spec.turns.model", "ACTIVE_PICKS, PASSIVE_PICKS = 3, 1", "ACTIVE_PICKS, PASSIVE_PICKS = 3, 0"),
    ("spec.turns.model", "given = sum(r.by_round[:round_of(t)])",
     "given = sum(r.by_round[:round_of(t) - 1])"),
    ("spec.turns.fourever", "BLACK_ROUND = 4", "BLACK_ROUND = 1"),
)
#: Sampled mutants that survive, and why: each gives the model more than the game (a loosening),
#: which only a game at that very edge could show; the checks have none (holes, docs/turns.md).
SURVIVORS = {
    "spec.turns.fourever:51:64:1->2": "hole: two re-rolls at round 1 (feeds only the ?P track end)",
    "spec.turns.fourever:172:31:Eq->NotEq": "hole: the re-roll track's ?P given to every other "
                                              "area's question marks",
}
#: Sampled mutants (seeded).
SAMPLE, SEED = 4, 29


def test_the_checks_pass_on_the_real_modules() -> None:
    """Without a change every check passes (so a mutant's failure is the change's)."""
    import spec.turns.budget  # noqa: F401, PLC0415
    import spec.turns.fourever  # noqa: F401, PLC0415
    import spec.turns.model  # noqa: F401, PLC0415
    import sys  # noqa: PLC0415

    world = {n: sys.modules[n] for n in mutation.WORLD}
    assert [found for check in mutation.checks(world) for found in check()] == []


@pytest.mark.parametrize("planted", PLANTED, ids=lambda p: f"{p[0]}:{p[2][:30]}")
def test_every_planted_slip_is_killed(planted: tuple[str, str, str]) -> None:
    mutant = generic.replaced(*planted)
    assert mutation.killed(mutant) is not None, f"{planted[2]!r} survives"


@pytest.mark.parametrize("mutant", generic.sample(mutation.MODULES, SAMPLE, SEED),
                         ids=lambda m: m.key)
def test_every_sampled_mutant_is_killed(mutant: generic.Mutant) -> None:
    if mutant.key in SURVIVORS:
        pytest.skip(SURVIVORS[mutant.key])
    assert mutation.killed(mutant) is not None, (
        f"{mutant.key}: {generic.source_line(mutant)} survives every check")


#: Planted slips in Clever Cubed's turn model (spec/turns/cubed.py): the black question mark a
#: round late, a yellow row from the other entries only (no die field), no pick on a die field,
#: no extra die at round 2.
CUBED_PLANTED = (
    ("spec.turns.cubed", "BLACK_ROUND = 4", "BLACK_ROUND = 5"),
    ("spec.turns.cubed", "out += [n.le(a + x) & n.between(0, 6)",
     "out += [n.le(x) & n.between(0, 6)"),
    ("spec.turns.cubed", "out.append(count(f.pick[t][k]).le(1))",
     "out.append(count(f.pick[t][k]).le(0))"),
    ("spec.turns.cubed", "XD: (0, 1, 0, 0, 0, 0), NJ", "XD: (0, 0, 0, 0, 0, 0), NJ"),
)


def test_the_cubed_checks_pass_on_the_real_modules() -> None:
    """Without a change every Clever Cubed check passes (a seeded game admitted, each broken one
    refused)."""
    import spec.turns.budget  # noqa: F401, PLC0415
    import spec.turns.cubed  # noqa: F401, PLC0415
    import spec.turns.model  # noqa: F401, PLC0415
    import sys  # noqa: PLC0415

    world = {n: sys.modules[n] for n in mutation.CUBED_WORLD}
    assert [found for check in mutation.cubed_checks(world) for found in check()] == []


@pytest.mark.parametrize("planted", CUBED_PLANTED, ids=lambda p: f"{p[0]}:{p[2][:30]}")
def test_every_planted_cubed_slip_is_killed(planted: tuple[str, str, str]) -> None:
    mutant = generic.replaced(*planted)
    assert mutation.cubed_killed(mutant) is not None, f"{planted[2]!r} survives"
