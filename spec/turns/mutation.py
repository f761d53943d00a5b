"""Mutation testing of the turn model (:mod:`spec.mutation`'s machinery): a change planted in
:mod:`spec.turns.model` or :mod:`spec.turns.fourever` is killed when the model, built with the
change where it is imported, cuts a real solo game (a seeded engine game fixed to its own turns
is refused) or admits a game the turns cannot make (a real game with one entry too many: a
fourth active pick, a die chosen twice in a turn, a second unpolished blue entry in a turn, a
question mark no bonus gave).  ``python -m spec.turns.mutation [--cubed] [--sample N --seed S]`` runs
them (``--cubed``: :mod:`spec.turns.cubed`, against seeded Clever Cubed games, one with a full
turquoise area too); ``tests/spec/turns/test_mutation.py`` a seeded sample and planted slips."""

from __future__ import annotations

import functools
import sys
import types
from collections.abc import Callable, Mapping

import attrs

from oracle.games import find_game
from oracle.records.play import greedy_policy, play_game
from spec import mutation as generic
from spec.mutation import Check, Mutant
from spec.turns import trace as traces

#: The modules mutated, and those built with the change.
MODULES = ("spec.turns.model", "spec.turns.fourever")
WORLD = ("spec.turns.model", "spec.turns.fourever", "spec.turns.budget")
#: Z3 resource units per check.
BUDGET = 20_000_000
#: Seeded greedy games checked.
SEEDS = (0, 1)


@functools.cache
def games() -> tuple[tuple[traces.Trace, int], ...]:
    """Seeded greedy Clever 4Ever solo games as traces, with their totals."""
    from spec.turns.fourever import entries_of  # noqa: PLC0415

    game = find_game("clever-4ever")
    out = []
    for seed in SEEDS:
        moves, state = play_game(1, seed, greedy_policy, game="clever-4ever")
        out.append((traces.trace(game, moves, entries_of), game.score(state.sheets[0]).total))
    return tuple(out)


def broken(tr: traces.Trace) -> tuple[tuple[str, traces.Trace], ...]:
    """Games the turns cannot make, each ``tr`` with one entry too many."""
    turn = next(e.turn for e in tr.dice if e.turn % 2 == 0 and not e.extra)
    out = [("a fourth active pick", attrs.evolve(tr, dice=tr.dice + _picks(tr, turn, 4))),
           ("a question mark in turn 0", attrs.evolve(tr, questions=tr.questions + ((0, 0, 1),)))]
    blue = next((e for e in tr.dice if e.area == 1 and not e.own), None)
    if blue is not None:
        twin = traces.DieEntry(blue.turn, 2 if blue.die == 0 else 0, blue.face, 1, True, False,
                               blue.number)
        out.append(("a second unpolished blue entry in a turn",
                    attrs.evolve(tr, dice=tr.dice + (twin,))))
    return tuple(out)


def _picks(tr: traces.Trace, turn: int, want: int) -> tuple[traces.DieEntry, ...]:
    """Chosen dice added so that ``turn`` has ``want`` picks: unused coloured dice into their
    own areas."""
    used = {e.die for e in tr.dice if e.turn == turn and not e.extra}
    free = [d for d in range(1, 6) if d not in used]
    return tuple(traces.DieEntry(turn, d, 6, d - 1, False, False, 6)
                 for d in free[:max(0, want - len(used))])


def checks(world: Mapping[str, types.ModuleType]) -> list[Check]:
    """Every real game admitted; every broken one refused."""
    fourever, model = world["spec.turns.fourever"], world["spec.turns.model"]
    budget = world["spec.turns.budget"]
    r = fourever.relaxation()
    parts = r.parts

    def admits(tr: traces.Trace, total: int | None) -> str:
        solver = budget.Budgeted()
        solver.add(fourever.sheetvars.equals(r.sheet, tr.final))
        solver.add(model.fixed(r.turns, tr, len(fourever.AREAS)))
        extra = [r.total.eq(total)] if total is not None else []
        return str(solver.check(*(p for _, p in parts), *extra, rlimit=BUDGET))

    out: list[Check] = []
    for i, (tr, total) in enumerate(games()):
        out.append(functools.partial(_expect, admits, tr, total, "sat",
                                     f"seeded game {SEEDS[i]} (total {total}) is cut"))
        for what, bad in broken(tr):
            out.append(functools.partial(_expect, admits, bad, None, "unsat",
                                         f"seeded game {SEEDS[i]} with {what} is admitted"))
    return out


def _expect(admits: Callable[[traces.Trace, int | None], str], tr: traces.Trace,
            total: int | None, want: str, problem: str) -> list[str]:
    return [] if admits(tr, total) == want else [problem]


def killed(mutant: Mutant) -> str | None:
    """The first difference the checks find for ``mutant`` (None: it survives)."""
    return generic.first_difference_in(mutant, WORLD, checks)




#: Clever Cubed's turn model: the modules mutated and those built with the change.
CUBED_MODULES = ("spec.turns.cubed",)
CUBED_WORLD = ("spec.turns.model", "spec.turns.cubed", "spec.turns.budget")


@functools.cache
def cubed_games() -> tuple[tuple[traces.Trace, int], ...]:
    """Seeded greedy Clever Cubed solo games as traces, with their totals."""
    from spec.turns.cubed import entries_of  # noqa: PLC0415

    game = find_game("clever-cubed")
    out = []
    for seed in SEEDS:
        moves, state = play_game(1, seed, greedy_policy, game="clever-cubed")
        out.append((traces.trace(game, moves, entries_of), game.score(state.sheets[0]).total))
    return tuple(out)


def cubed_checks(world: Mapping[str, types.ModuleType]) -> list[Check]:
    """Every seeded Clever Cubed game admitted; each with one entry too many (a fourth active
    pick, a question mark in turn 0) or a full turquoise area from the same entries (more
    crosses than the groups' dice can match, ruling 11) refused."""
    cubed, model = world["spec.turns.cubed"], world["spec.turns.model"]
    budget = world["spec.turns.budget"]
    r = cubed.relaxation()
    parts = r.parts

    def admits(tr: traces.Trace, total: int | None) -> str:
        solver = budget.Budgeted()
        solver.add(cubed.sheetvars.equals(r.sheet, tr.final))
        solver.add(model.fixed(r.turns, tr, len(cubed.AREAS)))
        extra = [r.total.eq(total)] if total is not None else []
        return str(solver.check(*(p for _, p in parts), *extra, rlimit=BUDGET))

    out: list[Check] = []
    for i, (tr, total) in enumerate(cubed_games()):
        out.append(functools.partial(_expect, admits, tr, total, "sat",
                                     f"seeded game {SEEDS[i]} (total {total}) is cut"))
        bad = list(broken(tr)[:2])
        bad.append(("a full turquoise area",
                    attrs.evolve(tr, final=tr.final.but(  # type: ignore[attr-defined]  # a Cubed PlayerSheet's but()
                        turquoise=(1 << 30) - 1))))
        for what, wrong in bad:
            out.append(functools.partial(_expect, admits, wrong, None, "unsat",
                                         f"seeded game {SEEDS[i]} with {what} is admitted"))
    return out


def cubed_killed(mutant: Mutant) -> str | None:
    """The first difference the Clever Cubed checks find for ``mutant`` (None: it survives)."""
    return generic.first_difference_in(mutant, CUBED_WORLD, cubed_checks)


if __name__ == "__main__":  # pragma: no cover
    if "--cubed" in sys.argv:
        sys.argv.remove("--cubed")
        sys.exit(generic.main("python -m spec.turns.mutation --cubed", CUBED_MODULES,
                              cubed_killed))
    sys.exit(generic.main("python -m spec.turns.mutation", MODULES, killed))
