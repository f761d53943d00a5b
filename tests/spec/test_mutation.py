"""Mutation testing of the spec (spec/cubed/mutation.py), CI-sized: a seeded sample of single
changes to the five area modules, each of which the equality checks must find, and to the other
modules a solver's answer depends on (printed sheet, whole sheet, score, tracks, decomposition,
bounds, questions), with a planted slip in each (the whole run, every mutant: ``python -m
spec.cubed.mutation``, docs/solving.md, "Clever Cubed").  The changes that cannot be found are
equivalent (they change no answer of the encoding), listed here with the reason; a new survivor
is a hole in the checks."""

from __future__ import annotations

import ast
import functools
import importlib
import inspect

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
    ("spec.cubed.decompose", "return f + (r + given >= TRACK_FIELDS)",
     "return f + (r >= TRACK_FIELDS)"),
    # the game-neutral dynamic programme never counting a sheet with the most foxes
    ("spec.decompose", "for f in range(fox_rows):", "for f in range(fox_rows - 1):"),
    # a passive pick more than the rounds have
    ("spec.cubed.bound", "total(passive.values()).le(passive_turns(players, rounds))",
     "total(passive.values()).le(passive_turns(players, rounds) + 1)"),
    # the re-roll track's fox forgotten in the total ``complete`` maximises
    ("spec.cubed.questions", "foxes = total(sheetvars.area_foxes(s, a) for a in Area) + t.foxes",
     "foxes = total(sheetvars.area_foxes(s, a) for a in Area)"),
    # a track of six fields
    ("spec.cubed.printed", "TRACK_FIELDS = 7", "TRACK_FIELDS = 6"),
    # the game-neutral area question allowed one entry more than asked
    ("spec.questions", "enc.area_entries(s, area).le(most)",
     "enc.area_entries(s, area).le(most + 1)"),
    # a whole sheet with every entry it holds answered for one entry fewer (a survivor of every
    # earlier check: only sheet-max 0, 10 and 45 were asked)
    ("spec.questions", "most = min(most, len(totals) - 1)", "most = min(most, len(totals) - 2)"),
], ids=["scores", "sheetvars", "tracks", "decompose", "generic decompose", "bound", "questions",
        "printed",
        "generic questions", "generic whole sheet"])
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


#: (module, source line, column, change) of every equivalent mutant beyond the encodings that
#: ``python -m spec.cubed.mutation`` found (a seeded sample, docs/solving.md, "Clever Cubed"), and why
#: no answer can differ.
EQUIVALENT_WHOLE: dict[tuple[str, str, int, str], str] = {
    ("spec.cubed.tracks", "n = got.get(action, const(0)) + given.get(action, 0)", 34, "0->1"):
        "the areas' earned bonuses name every action, so the default is never read",
    ("spec.cubed.tracks", "circled[action] = ite(n.ge(TRACK_FIELDS), TRACK_FIELDS, n)", 30,
     ".ge->.gt"): "7 circles show 7 either way",
    ("spec.cubed.tracks", "ends[end] = ends[end] + full if end in ends else full", 20,
     "Add->Sub"): "no two tracks end in the same bonus, so the sum is never taken",
    ("spec.cubed.tracks",
     "b: got.get(b, const(0)) + given.get(b, 0) + ends.get(b, const(0))", 28, "0->1"):
        "the areas' earned bonuses name every question mark kind, so the default is never read",
    ("spec.cubed.tracks", "return Tracks(circled, ends.get(Bonus.FOX, const(0)), questions)",
     53, "0->1"): "the re-roll track ends in the fox, so the default is never read",
    ("spec.cubed.scores", "MAX_FOXES = 6", 12, "6->7"): "room for a 7th fox no sheet has",
    ("spec.cubed.scores",
     "return total(areas) + total(ite(foxes.eq(k), low * k, 0) for k in range(1, MAX_FOXES + 1))",
     76, "1->0"): "a term for no fox adds 0",
    ("spec.cubed.scores",
     "return total(areas) + total(ite(foxes.eq(k), low * k, 0) for k in range(1, MAX_FOXES + 1))",
     91, "1->2"): "a term for a 7th fox no sheet has",
    ("spec.cubed.bound", "if players == 1:", 18, "1->0"):
        "the dice a solo game enters go only into the relaxation's ``budget``, which only the "
        "solo experiments read",
    ("spec.cubed.decompose", "for e in range(MOST_ENTRIES[area] + 1):", 48, "1->2"):
        "an entry count beyond the area's most repeats the last options, which are then beaten",
    ("spec.cubed.questions", "SHEET_CAP = sum(AREA_CAP.values()) + 6 * min(AREA_CAP.values())",
     37, "6->5"): "the cap stays above the best sheet (905), all a cap must be",
    ("spec.cubed.questions", "SHEET_CAP = sum(AREA_CAP.values()) + 6 * min(AREA_CAP.values())",
     37, "6->7"): "the cap stays above the best sheet (905), all a cap must be",
    ("spec.cubed.questions", "SOLO_BEAMS = ((40, 12), (24, 8), (64, 16), (100, 12), (160, 16), "
     "(240, 20))", 25, "24->23"): "a search width of reachable: a yes is verified, a miss "
                                   "undecided",
    ("spec.cubed.questions", "attempts = ((False, 24), (True, 24), (False, 96))", 36, "24->25"):
        "a search width of reachable: a yes is verified, a miss undecided",
    ("spec.cubed.questions", "names = tuple(f\"Player {i + 1}\" for i in range(players))", 28,
     "Add->Sub"): "the players' names in reachable's record, which verify accepts either way",
    ("spec.cubed.questions", "solver = Solver(int(timeout * 1000))", 34, "1000->999"):
        "a time limit a thousandth shorter",
    ("spec.cubed.questions", "solver = Solver(int(timeout * 1000) if budget is None else None)",
     43, "Is->IsNot"): "only whether the counting check has a time limit changes",
    ("spec.cubed.questions", "build = time.perf_counter() - t0", 12, "Sub->Add"):
        "the build time reported",
    ("spec.cubed.questions", "left = timeout - (time.perf_counter() - t0)", 19, "Sub->Add"):
        "the time left for reachable's game search: a yes is verified, a miss undecided",
    # the questions every game asks (spec/questions.py): survivors of both games' checks
    ("spec.questions",
     "search = _search(enc, parts, enc.area_score(s, area), s, 1, progress, enc.blank,", 61,
     "1->2"): "only the sign of ``better`` is read (maximise)",
    ("spec.questions",
     "search = _search(enc, parts, enc.area_entries(s, area), s, -1, progress, enc.blank,", 64,
     "1->2"): "only the sign of ``better`` is read (minimise)",
    ("spec.questions",
     "search = _search(enc, parts, enc.area_entries(s, area), s, -1, progress, enc.blank,", 64,
     "1->0"): "``better`` not above 0 minimises, as -1 does",
    ("spec.questions",
     "search = _search(enc, parts, enc.total(new, rules), new, 1, progress, sheet, False)", 61,
     "1->2"): "only the sign of ``better`` is read (maximise)",
    ("spec.questions",
     "return optimum(question, search, timeout, time.perf_counter() - t0, certify,", 46,
     "Sub->Add"): "the build time reported",
    ("spec.questions",
     "return optimum(question, search, timeout, time.perf_counter() - t0, certify, cap=0)", 46,
     "Sub->Add"): "the build time reported",
    ("spec.questions",
     "answer = optimum(question, search, timeout, time.perf_counter() - t0, certify,", 48,
     "Sub->Add"): "the build time reported",
    ("spec.questions", "time.perf_counter() - t0,", 18, "Sub->Add"):
        "the solve time reported",
    ("spec.questions",
     "return Answer(question, None, None, False, None, 0.0, time.perf_counter() - t0)", 62,
     "Sub->Add"): "the solve time of an answer out of time",
    ("spec.questions", "if used != value or got < goal:", 11, "Or->And"):
        "the engine's check of fewest's witness made weaker: a certificate only refuses an "
        "answer, and the real answers pass it either way",
}
#: Mutants the checks cannot see that could make an answer wrong, and why: only a question that
#: runs out of time reads them (no check depends on the clock).
HOLES_WHOLE: dict[tuple[str, str, int, str], str] = {
    ("spec.questions",
     "return optimum(question, search, timeout, time.perf_counter() - t0, certify, cap=0)", 85,
     "0->1"): "fewest's cap (1 entry, where 0 is the least any area needs): read only when "
              "the ascent runs out of time",
    ("spec.cubed.questions", "return Answer(question, None, None, False, None, build, "
     "time.perf_counter() - start,", 44, "False->True"):
        "reachable claims a proof when its counting check runs out of time",
}
#: Functions no answer of ``solve`` reads, so no change in them can be seen: the whole sheet's
#: ``legal`` and ``bonuses`` (the area modules' own are checked against the engine).
UNREAD = {("spec.cubed.sheetvars", "legal"), ("spec.cubed.sheetvars", "bonuses")}


@functools.cache
def _functions(module: str) -> tuple[tuple[str, int, int], ...]:
    """Each top-level function of ``module``: its name, first and last line."""
    tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    return tuple((f.name, f.lineno, f.end_lineno or f.lineno) for f in tree.body
                 if isinstance(f, ast.FunctionDef))


def _function(m: mutation.Mutant) -> str:
    """The name of the top-level function the mutant changes ('' outside one)."""
    return next((name for name, first, last in _functions(m.module) if first <= m.line <= last),
                "")


def _why_not_killed(m: mutation.Mutant) -> str | None:
    key = (m.module, mutation.source_line(m), m.column, m.change)
    if (m.module, _function(m)) in UNREAD:
        return "no answer reads this function"
    return EQUIVALENT_WHOLE.get(key) or HOLES_WHOLE.get(key)


#: Mutants beyond the encodings in the sample (the first modules of ``WHOLE``, one each; the
#: planted slips above cover every module).
WHOLE_SAMPLE = 4


@pytest.mark.parametrize("mutant", mutation.sample(WHOLE_SAMPLE, 29, mutation.WHOLE),
                         ids=lambda m: m.key)
def test_every_sampled_mutant_beyond_the_encodings_is_killed(mutant: mutation.Mutant) -> None:
    reason = _why_not_killed(mutant)
    if reason is not None:
        pytest.skip(reason)
    assert mutation.killed(mutant) is not None, (
        f"{mutant.key}: {mutation.source_line(mutant)} survives every check")


def test_equivalent_mutants_beyond_the_encodings_still_exist() -> None:
    """Every listed equivalent mutant and hole is still a mutant of the code, and the unread
    functions still exist (the lists stay true)."""
    everything = {(m.module, mutation.source_line(m), m.column, m.change)
                  for m in mutation.every_mutant(mutation.WHOLE)}
    listed = set(EQUIVALENT_WHOLE) | set(HOLES_WHOLE)
    assert listed <= everything, listed - everything
    functions = {(m.module, _function(m)) for m in mutation.every_mutant(mutation.WHOLE)}
    assert UNREAD <= functions, UNREAD - functions
