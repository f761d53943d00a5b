"""Mutation testing of Clever 4Ever's spec (spec/fourever/mutation.py), CI-sized: a seeded
sample of single changes to the five area modules, each of which the equality checks must find,
and planted bugs of the kinds the rules invite; the same for the other modules a solver's answer
depends on (printed sheet, terms, whole-sheet total and foxes, decomposition, questions), with
the 7th-fox slip of issue 29 (the whole run, every mutant: ``python -m
spec.fourever.mutation``, docs/solving.md, "Clever 4Ever").  The changes that cannot be
found are equivalent (they change no answer of the encoding), listed with the reason; a new
survivor is a hole in the checks."""

from __future__ import annotations

import itertools

import pytest

from spec import mutation as generic
from spec.fourever import decompose, mutation, sheetvars

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


# --- the modules beyond the area encodings (issue 29) ----------------------------------------

#: The 7th-fox slip of issue 29: with it the whole spec suite once passed, and ``solve --game
#: clever-4ever complete`` answered 485 "(proven optimal)" for :data:`mutation.ISSUE` with one
#: more entry, whose best completion (the 7th fox) scores 499.
SEVENTH_FOX = ("spec.fourever.sheetvars", "for k in range(1, MOST_FOXES + 1))",
               "for k in range(1, MOST_FOXES))")


def test_the_seventh_fox_slip_of_issue_29_is_found() -> None:
    """Both the whole-sheet totals (against the engine, on sheets with 7 foxes) and the
    solver's answer (against a brute force over the engine's one-entry successors) see it."""
    mutant = mutation.replaced(*SEVENTH_FOX)
    assert mutation.killed(mutant) is not None
    w = generic.world(mutant, ["spec.fourever.sheetvars", "spec.fourever.questions"])
    assert mutation.sheet_differences(w["spec.fourever.sheetvars"])
    complete_one = mutation.answer_checks(w["spec.fourever.questions"])[0]
    assert complete_one() == [
        f"complete {mutation.ISSUE!r} 1 (fox_floor_zero False): 485 (proven: True), "
        "brute force 499"]


@pytest.mark.parametrize(("module", "old", "new"), [
    # a written number that may change as the area grows (every area reads ``kept``)
    ("spec.fourever.terms", "o.gt(0).implies(n.eq(o))", "o.gt(0).implies(n.ge(o))"),
    # the decomposition's choice never takes a sheet with 7 foxes
    ("spec.fourever.decompose", "FOX_ROWS = MOST_FOXES + 1", "FOX_ROWS = MOST_FOXES"),
    # the game-neutral dynamic programme never counting a sheet with the most foxes
    ("spec.decompose", "for f in range(fox_rows):", "for f in range(fox_rows - 1):"),
    # a completion allowed one entry more than asked
    ("spec.fourever.questions",
     "added=lambda old, new: sheetvars.entries(new) - sheetvars.entries(old),",
     "added=lambda old, new: sheetvars.entries(new) - sheetvars.entries(old) - 1,"),
    # the game-neutral completion allowed one entry more than asked
    ("spec.questions", "parts = base & enc.added(old, new).le(more)",
     "parts = base & enc.added(old, new).le(more + 1)"),
    # the pink 12th field misread
    ("spec.fourever.printed", "PINK_POINTS = (2, 4, 6, 9, 12, 15, 19, 23, 27, 32, 37, 42)",
     "PINK_POINTS = (2, 4, 6, 9, 12, 15, 19, 23, 27, 32, 37, 41)"),
], ids=["terms", "decompose", "generic decompose", "questions", "generic questions", "printed"])
def test_planted_slips_beyond_the_encodings_are_found(module: str, old: str, new: str) -> None:
    assert mutation.killed(mutation.replaced(module, old, new)) is not None


def test_the_sheets_checked_have_seven_foxes_and_negative_areas() -> None:
    """The whole-sheet corpus has sheets of every fox count up to 7, each with the lowest area
    below 0 (ruling 4E-10) and above 0; the real modules agree with the engine on all of them,
    and the decomposition's choice with a brute force."""
    corpus = mutation.sheet_corpus()
    for sign in (-1, 1):
        counts = {f for f, areas in zip(corpus.foxes, corpus.areas) if min(areas) * sign > 0}
        assert counts == set(range(8)), (sign, counts)
    assert any(t != f for t, f in zip(corpus.totals, corpus.floor_totals))
    assert mutation.sheet_differences(sheetvars) == []
    assert mutation.read_differences(sheetvars) == []
    assert mutation.combine_differences(decompose) == []


#: (module, source line, column, change) of every equivalent mutant beyond the encodings that
#: ``python -m spec.fourever.mutation`` found (a seeded sample, docs/solving.md, "Clever
#: 4Ever"), and why no answer can differ.
EQUIVALENT_WHOLE: dict[tuple[str, str, int, str], str] = {
    ("spec.fourever.terms", "return tuple(int_var(f\"{name}{i + 1}\") for i in range(count))",
     34, "Add->Sub"): "other variable names, still distinct",
    ("spec.fourever.terms", "return tuple(int_var(f\"{name}{i + 1}\") for i in range(count))",
     38, "1->2"): "other variable names, still distinct",
    ("spec.fourever.terms", "return tuple(int_var(f\"{name}{i + 1}\") for i in range(count))",
     38, "1->0"): "other variable names, still distinct",
    ("spec.fourever.terms",
     "return all_of(o.gt(0).implies(n.eq(o)) for o, n in zip(old, new, strict=True))", 76,
     "True->False"): "the two areas' variables are always as many",
    ("spec.fourever.terms",
     "return all_of(_equal(t, v) for t, v in zip(flat, values, strict=True))", 68,
     "True->False"): "an area's variables and values are always as many",
    ("spec.fourever.sheetvars",
     "return ite(lowest.lt(0), 0, lowest) if options.fox_floor_zero else lowest", 15,
     ".lt->.le"): "a lowest area of 0 makes a fox worth 0 either way",
    ("spec.fourever.sheetvars",
     "return ite(lowest.lt(0), 0, lowest) if options.fox_floor_zero else lowest", 25, "0->1"):
        "below 1 is at most 0 for whole numbers: a lowest area of 0 is worth 0 either way",
    ("spec.fourever.sheetvars", "for k in range(1, MOST_FOXES + 1))", 48, "1->0"):
        "a term for no fox adds 0",
    ("spec.fourever.sheetvars", "for k in range(1, MOST_FOXES + 1))", 64, "1->2"):
        "a term for an 8th fox no sheet has",
    ("spec.fourever.sheetvars", "MOST_FOXES = 7", 13, "7->8"):
        "room for an 8th fox no sheet has",
    ("spec.fourever.decompose", "most_foxes = highest(solver, foxes, deadline) or 0", 53,
     "0->1"): "every area has a fox, so its most foxes are never 0",
    ("spec.decompose",
     "np.maximum(target, np.where(source > NONE, source + o.score, NONE), out=target)", 40,
     "Gt->GtE"): "sums built on no sheet stay near -10^6 and never win",
    ("spec.decompose", "if prior > NONE and prior + o.score == value:", 15, "Gt->GtE"):
        "no real value is reached from no sheet",
    ("spec.decompose",
     "first = [int(np.flatnonzero(best[:e + 1] == totals[e])[0]) for e in range(most + 1)]", 42,
     "1->2"): "the first entry count reaching the best is at most e anyway",
    ("spec.fourever.decompose", "best: dict[tuple[int, int], int] = {(0, 0): 0}", 44, "0->1"):
        "pink's guess is only where its ascent starts",
    ("spec.fourever.decompose",
     "key = (e + (not three), f + fox, not three and n == PINK_REPEAT)", 40, "Add->Sub"):
        "pink's guess is only where its ascent starts",
    ("spec.decompose", "if deadline is not None and time.perf_counter() > deadline:",
     36, "Gt->GtE"): "the very instant of the deadline",
    ("spec.fourever.questions", "return ROUNDS[1] * (3 + 1) + extra_dice + questions_printed", 18,
     "1->2"): "ROUNDS[1] for ROUNDS[2]: solo and two-player games both last 6 rounds",
    ("spec.fourever.questions",
     "AREA_CAP = {\"yellow\": 100, \"blue\": 63, \"grey\": 106, \"green\": 228, \"pink\": 90}",
     47, "106->107"): "a cap higher still is still a cap",
    ("spec.fourever.questions",
     "sheet, width, branch, rounds, None if budget is not None else t0 + timeout)", 78,
     "Add->Sub"): "the time reachable's game search gets: a yes is verified, a miss undecided",
}
#: Mutants the checks cannot see that could make an answer wrong, and why.
HOLES_WHOLE: dict[tuple[str, str, int, str], str] = {
    ("spec.fourever.questions",
     "sheet_cap=sum(AREA_CAP.values()) + sheetvars.MOST_FOXES * min(AREA_CAP.values()),", 39,
     "Mult->Add"): "complete's cap below the best sheet: read only when the ascent runs out of "
                   "time (no check depends on the clock)",
    ("spec.fourever.questions",
     "check = \"verify\" if rounds is None or rounds == ROUNDS[1] else \"verify --partial\"", 24,
     "Is->IsNot"): "the words of reachable's yes (which verify accepts the record): a yes needs "
                   "the solo search, minutes",
}


def _why_not_killed(m: mutation.Mutant) -> str | None:
    key = _id(m)
    return EQUIVALENT_WHOLE.get(key) or HOLES_WHOLE.get(key)


#: Mutants beyond the encodings in the sample (the first modules of ``WHOLE``, one each; the
#: planted slips above cover every module).
WHOLE_SAMPLE = 3


@pytest.mark.parametrize("mutant", mutation.sample(WHOLE_SAMPLE, 29, mutation.WHOLE),
                         ids=lambda m: m.key)
def test_every_sampled_mutant_beyond_the_encodings_is_killed(mutant: mutation.Mutant) -> None:
    reason = _why_not_killed(mutant)
    if reason is not None:
        pytest.skip(reason)
    assert mutation.killed(mutant) is not None, (
        f"{mutant.key}: {mutation.source_line(mutant)} survives every check")


def test_equivalent_mutants_beyond_the_encodings_still_exist() -> None:
    """Every listed equivalent mutant and hole is still a mutant of the code."""
    everything = {_id(m) for module in mutation.WHOLE for m in mutation.mutants(module)}
    listed = set(EQUIVALENT_WHOLE) | set(HOLES_WHOLE)
    assert listed <= everything, listed - everything


@pytest.mark.parametrize(("module", "old", "new"), [
    # one pick fewer than a solo game makes (24 and the black question mark, ruling 9, 4E-11)
    ("spec.fourever.paid_bound",
     "PICKS_AND_BLACK, MOST_DICE, ROUND_DICE, TRACK_REROLLS = 25, 7, 1, 6",
     "PICKS_AND_BLACK, MOST_DICE, ROUND_DICE, TRACK_REROLLS = 24, 7, 1, 6"),
    # an entry priced at the dearer of a pick and its own question mark
    ("spec.fourever.paid_bound", "entry = min(y[PAID], y[QUESTIONS[label]])",
     "entry = max(y[PAID], y[QUESTIONS[label]])"),
    # blue's lines wanting one cross more than they need
    ("spec.fourever.paid_bound",
     "crosses = blue_crosses(BLUE_SIZE, rows, cols, main, anti)",
     "crosses = blue_crosses(BLUE_SIZE, rows, cols, main, anti) + 1"),
    # pink without the 3 that writes two fields (4E-9)
    ("spec.fourever.solo_plan", "for n in (6, 4, PINK_REPEAT):", "for n in (6, 4):"),
    # the branch and bound cutting a child whose bound is within 2 of the best so far (a
    # total 1 above it missed: the 421 of --prove)
    ("spec.fourever.paid_bound", "if rest + values[j] < best + 1 - 1e-6:",
     "if rest + values[j] < best + 2 - 1e-6:"),
    # --prove claiming its bound when a lowest area beat it
    ("spec.fourever.paid_bound", 'if question == "--prove" and not beaten:',
     'if question == "--prove" and beaten:'),
    # one extra die fewer than the track's 7 fields (4E-4): every game and the bound's value
    # stay as they are
    ("spec.fourever.paid_bound",
     "PICKS_AND_BLACK, MOST_DICE, ROUND_DICE, TRACK_REROLLS = 25, 7, 1, 6",
     "PICKS_AND_BLACK, MOST_DICE, ROUND_DICE, TRACK_REROLLS = 25, 6, 1, 6"),
    # the progress saying the lower areas allow no more than the total asked, after one beat it
    ("spec.fourever.paid_bound", "highest = max(highest, solo_plan.score(chosen))",
     "highest = least"),
], ids=["picks", "entry price", "blue crosses", "pink threes", "branch cut", "prove claim",
        "extra dice", "progress"])
def test_planted_slips_in_the_paid_for_bound_are_found(module: str, old: str, new: str) -> None:
    """Issue 29: a one-line slip in the paid-for bound or the area options it reads fails a
    check: real games no longer dominated or above the dual, or the bound not the proven 438."""
    assert mutation.killed(mutation.replaced(module, old, new)) is not None


def test_the_paid_for_bound_as_it_is_passes_its_checks() -> None:
    """The checks that kill the slips above find nothing in the real modules."""
    from spec.fourever import paid_bound  # noqa: PLC0415
    assert mutation.paid_differences(paid_bound) == []
    assert mutation.paid_bound_differences(paid_bound) == []
    assert mutation.counted_differences(paid_bound) == []
    assert mutation.usage_differences(paid_bound) == []
    assert mutation.branch_and_bound_differences(paid_bound) == []
    assert mutation.prove_differences(paid_bound) == []


def test_the_branch_and_bound_is_checked_where_it_beats_a_total_and_where_not() -> None:
    """The small families the branch and bound is checked on have paid-for choices at lowest
    areas below 0 (each fox worth 0) and above, and choices the paid-for inequality refuses;
    the last family is one choice alone."""
    from spec.fourever import solo_plan  # noqa: PLC0415
    families = mutation.small_families()
    sizes = [mutation.SMALL_POOL + 1] * mutation.SMALL_FAMILIES + [1]
    assert [len(f[0]) for f in families] == sizes
    for family in families[:-1]:
        choices = list(itertools.product(*family))
        assert any(solo_plan.paid(c) > 0 for c in choices)
        assert any(solo_plan.paid(c) <= 0 for c in choices)
    alone = [o for (o,) in families[-1]]
    low = min(o.score for o in alone)
    assert low > 0 and mutation._brute_best(families[-1], low) == solo_plan.score(alone)


#: (module, source line, column, change) of every equivalent mutant of the paid-for bound
#: that ``python -m spec.fourever.mutation --module spec.fourever.paid_bound --sample 30
#: --seed 29`` found (docs/solving.md, "Clever 4Ever"), and why no answer can differ.
EQUIVALENT_PAID: dict[tuple[str, str, int, str], str] = {
    ("spec.fourever.paid_bound",
     "grid = [_floats([c] * TRACK + [r]) for c in range(0, 201, 2) for r in (0, c, 3 * c)]",
     57, "201->202"): "range(0, 202, 2) ends at 200 as range(0, 201, 2) does",
    ("spec.fourever.paid_bound", "return size * size + 1", 15, "Add->Sub"):
        "the mark of lines a way cannot fill: 35 is still above the most crosses any lines "
        "need (12: every row, column and diagonal), so it is never the fewest",
    ("spec.fourever.paid_bound", "y, now = _lower(arrays, y, 4.0 if depth < 3 else 1.0)", 50,
     "3->2"): "a node's first descent step: any non-negative multipliers give a valid bound, "
              "so only the nodes searched change",
    ("spec.fourever.paid_bound", "if rest + values[j] < best + 1 - 1e-6:", 41, "1->0"):
        "cuts fewer children (below best + 1 none holds a whole total above best): more "
        "nodes, the same answer",
    ("spec.fourever.paid_bound", "while step >= 1 / 64:", 18, "1->2"):
        "the descent's finest step 1/32 for 1/64: any non-negative multipliers give a valid "
        "bound, and the bound's value (438; 438.33 at lowest area 35) stays",
}
#: Mutants of the paid-for bound in the sample: the first of ``--sample 30 --seed 29``.
PAID_SAMPLE = 6


@pytest.mark.parametrize("mutant", mutation.sample(PAID_SAMPLE, 29, ("spec.fourever.paid_bound",)),
                         ids=lambda m: m.key)
def test_every_sampled_mutant_of_the_paid_for_bound_is_killed(mutant: mutation.Mutant) -> None:
    """Issue 29: the proven 421 (``--prove``) and the bound 438 are claims the project prints;
    a slip in the module that makes them fails a check."""
    if _id(mutant) in EQUIVALENT_PAID:
        pytest.skip(EQUIVALENT_PAID[_id(mutant)])
    assert mutation.killed(mutant) is not None, (
        f"{mutant.key}: {mutation.source_line(mutant)} survives every check")


def test_equivalent_mutants_of_the_paid_for_bound_still_exist() -> None:
    everything = {_id(m) for m in mutation.mutants("spec.fourever.paid_bound")}
    assert set(EQUIVALENT_PAID) <= everything, set(EQUIVALENT_PAID) - everything
