"""Mutation testing of Clever 4Ever's spec (:mod:`spec.mutation`): every module a solver's answer
depends on.  A changed copy of an area module is checked against the engine with
:mod:`spec.fourever.equality`, cheapest first: a few thousand states of its family (every
writable one of a seeded share), the whole family, the reading back of a model's values,
growth.  A change to any other module a solver reads (:data:`WHOLE`: the printed sheet, the
terms the areas share, the whole sheet's total and foxes, the per-area decomposition, the
questions, this game's and the game-neutral :mod:`spec.questions`) is made where it is
imported (:func:`spec.mutation.world`), and the modules that see it are checked: the printed
tables against the engine's, the area modules as above, whole sheets' totals, foxes and
entries against the engine on sheets of every fox count up to 7 (:func:`sheet_corpus`), the
dynamic programme of the decomposition against a brute force, an area table against the real
one, and the solvers' answers against a brute force over the engine's own entries
(:func:`answer_checks`).  A change to the paid-for solo bound or the area options it reads
(:data:`BOUNDS`) is checked on seeded solo games (each area dominated by an option, the dual
at least the game's total: :func:`paid_differences`), by the bound's value
(:func:`paid_bound_differences`), by what it counts (:func:`counted_differences`), by its
command line (:func:`usage_differences`, :func:`prove_differences`), and its branch and bound
and ``--prove`` against a brute force on small families (:func:`branch_and_bound_differences`).

Not mutated: the engine's side of the checks (``spaces``, ``equality``, ``engine_view``,
``seam``, ``certificates``: they compute what the engine says, and a certificate only refuses
an answer, never makes one) and the solo search (``solo_search`` with the shared
:mod:`spec.solo_beam`, ``solo_value``, ``solo_realise``: an experiment whose games ``reachable`` hands to ``verify`` before it says
yes, so a change there can leave a sheet undecided but never makes an answer wrong).

``python -m spec.fourever.mutation`` runs every mutant and prints the score (``--module``: of
some modules only; ``--sample N``: N of them);
``tests/spec/fourever/test_mutation.py`` runs a seeded sample and requires every one killed.
"""

from __future__ import annotations

import functools
import itertools
import random
import sys
import time
import types
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np

from oracle.engine.sheet import Sheet
from spec import mutation as generic
from spec.evaluate import evaluate
from spec.fourever import decompose, equality, spaces
from spec.fourever.engine_view import area_rules, engine_printed
from spec.fourever.printed import AREAS
from spec.fourever.seam import DEFAULT, Options, format_sheet, parse_sheet, ruleset, sheet_of
from spec.fourever.seam import areas as engine_areas
from spec.fourever.seam import foxes as engine_foxes
from spec.fourever.seam import total as engine_total
from spec.logic import Solver
from spec.mutation import Mutant, mutants, replaced, source_line

__all__ = ["ENCODINGS", "MODULES", "WHOLE", "Mutant", "killed", "mutants", "replaced", "sample",
           "source_line"]

#: The encodings mutated, by module name, with the area each one encodes.
ENCODINGS = {"spec.fourever.yellow": "yellow", "spec.fourever.blue": "blue",
             "spec.fourever.grey": "grey", "spec.fourever.green": "green",
             "spec.fourever.pink": "pink"}
#: The other modules a solver's answer depends on: the printed sheet, the terms the area
#: modules share, the whole sheet (total, foxes, entries), the per-area decomposition, the
#: questions.
WHOLE = ("spec.fourever.printed", "spec.fourever.terms", "spec.fourever.sheetvars",
         "spec.fourever.decompose", "spec.fourever.questions", "spec.questions",
         "spec.decompose")
#: The paid-for bound on a solo game and the area options it reads
#: (:mod:`spec.fourever.paid_bound`, :mod:`spec.fourever.solo_plan`).
BOUNDS = ("spec.fourever.solo_plan", "spec.fourever.paid_bound")
#: Every module mutated.
MODULES = tuple(ENCODINGS) + WHOLE + BOUNDS
FAMILIES: dict[str, Callable[[], spaces.Space]] = {
    "yellow": spaces.yellow, "blue": spaces.blue, "grey": spaces.grey, "green": spaces.green,
    "pink": spaces.pink}
Check = generic.Check


@functools.cache
def small(label: str) -> spaces.Space:
    """About 3,000 states of the area's family, seeded: writable and not, both."""
    family = FAMILIES[label]()
    rng = np.random.default_rng(7)
    chosen = np.sort(rng.choice(len(family.parts), min(3000, len(family.parts)), replace=False))
    return family.subset(chosen)


def _roundtrip(module: types.ModuleType, label: str) -> list[str]:
    """A model's values read back give the engine's part (``part`` inverts ``values``)."""
    parts: tuple[Any, ...] = small(label).parts
    return [f"{label}: {p!r} reads back as {module.part(module.values(p))!r}"
            for p in parts if module.part(module.values(p)) != p][:equality.SHOWN]


def _growth(module: types.ModuleType, label: str) -> list[str]:
    family = FAMILIES[label]()
    writable = [p for p, w in zip(family.parts, family.writable) if w]
    if label == "blue":
        return equality.grows_differences(module, label, [0b100001, 0b111000000111],
                                          list(range(1 << 12)), lambda p: p < 1 << 12)
    if label == "yellow":
        old = ((1, 3), (2,), (6, 6))
        universe = [(line, old[1], old[2]) for line in spaces.sequences(5)]
        return equality.grows_differences(module, label, [old], universe,
                                          lambda p: p[1:] == old[1:])
    olds = writable[:: max(1, len(writable) // 3)][:3]
    keep: Callable[[Any], bool] = (lambda p: True) if label == "grey" \
        else set(writable).__contains__
    return equality.grows_differences(module, label, olds,
                                      family.parts if label == "grey" else writable, keep)


def _checks(module: types.ModuleType, label: str) -> list[Check]:
    checks: list[Check] = [
        lambda: equality.state_differences(module, small(label)),
        lambda: _roundtrip(module, label),
        lambda: equality.raw_differences(module, small(label), 300),
        lambda: equality.state_differences(module, FAMILIES[label]())]
    if label == "green":
        option = ruleset(green_upper_after_lower="true")
        checks.append(lambda: equality.state_differences(module, spaces.green(option), option))
    if label in ("green", "pink"):
        checks.append(lambda: equality.state_differences(module, spaces.long_lines(label, 600)))
        checks.append(lambda: equality.raw_differences(module, spaces.long_lines(label, 600),
                                                       300))
    checks.append(lambda: _growth(module, label))
    return checks


def killed(mutant: Mutant) -> str | None:
    """The first difference the checks find for the mutant (or the error its code raises);
    None when it survives every check (:func:`spec.mutation.killed`)."""
    return generic.killed(mutant, ENCODINGS, _checks, MODULES, _whole_checks)


def sample(count: int, seed: int, modules: Sequence[str] = tuple(ENCODINGS)) -> list[Mutant]:
    """``count`` mutants drawn with ``seed``, spread over ``modules`` (the encodings)."""
    return generic.sample(list(modules), count, seed)


# --- the modules beyond the area encodings -----------------------------------------------

World = generic.World
_changed = generic.changed


def _whole_checks(w: World) -> list[Check]:
    """The checks of every module that sees the change, the quick ones first."""
    quick: list[Check] = []
    slow: list[Check] = []
    if _changed(w, "spec.fourever.printed"):
        quick.append(lambda: printed_differences(w["spec.fourever.printed"]))
    if _changed(w, "spec.fourever.sheetvars"):
        sv = w["spec.fourever.sheetvars"]
        quick += [lambda: sheet_differences(sv), lambda: read_differences(sv)]
    for name, label in ENCODINGS.items():
        if _changed(w, name):
            quick += _checks(w[name], label)
    if _changed(w, "spec.fourever.decompose"):
        dc = w["spec.fourever.decompose"]
        quick.append(lambda: combine_differences(dc))
        slow += [_table(dc, label) for label in TABLES]
    if _changed(w, "spec.fourever.questions"):
        quick += answer_checks(w["spec.fourever.questions"])
        slow += whole_sheet_checks(w["spec.fourever.questions"])
    if _changed(w, "spec.fourever.paid_bound"):
        pb = w["spec.fourever.paid_bound"]
        # the branch and bound and the command line first: they build none of the options
        quick += [lambda: counted_differences(pb), lambda: usage_differences(pb),
                  lambda: branch_and_bound_differences(pb), lambda: paid_differences(pb)]
        slow += [lambda: paid_bound_differences(pb), lambda: prove_differences(pb)]
    return quick + slow


#: The paid-for bound's value (``python -m spec.fourever.paid_bound``), which a slip that
#: loosens or tightens it changes.
PAID_BOUND = 438


@functools.cache
def _solo_games() -> tuple[Sheet, ...]:
    """The final sheets of seeded engine solo games (greedy and random)."""
    from oracle.records.play import greedy_policy, play_game, random_policy  # noqa: PLC0415
    from spec.fourever.solo_search import sheet  # noqa: PLC0415
    return tuple(sheet(play_game(1, seed, policy, game="clever-4ever")[1])
                 for seed in range(3) for policy in (greedy_policy, random_policy))


def paid_differences(pb: types.ModuleType) -> list[str]:
    """The paid-for bound (``pb``: :mod:`spec.fourever.paid_bound` or a changed copy) on real
    games: every area of seeded solo games dominated by one of its options (at least the
    score, foxes and every bonus, at most the entries), and the dual at each game's lowest
    area at least the game's total, for the descent's multipliers and seeded random ones
    (weak duality)."""
    from fractions import Fraction  # noqa: PLC0415
    from spec.turns.fourever import entries_of  # noqa: PLC0415
    out = []
    rng = random.Random(7)
    for i, end in enumerate(_solo_games()):
        for label, part, n in zip(AREAS, end.parts, entries_of(end)):
            real = pb.solo_plan._option(label, part, n)
            if not any(o.score >= real.score and o.foxes >= real.foxes
                       and o.entries <= real.entries
                       and all(a >= b for a, b in zip(o.gives, real.gives))
                       for o in pb.options(label)):
                out.append(f"paid bound: game {i}'s {label} {part} is dominated by no option")
        total, low = engine_total(end), min(engine_areas(end))
        # question marks free and picks dear, and the other way round: an entry costs no more
        # than the cheaper of a pick and its own question mark
        dear = (Fraction(0),) * len(AREAS) + (Fraction(40), Fraction(0), Fraction(0))
        cheap = (Fraction(40),) * len(AREAS) + (Fraction(0), Fraction(0), Fraction(0))
        for y in [pb._descent(low), dear, cheap] + [tuple(Fraction(rng.randint(0, 400), 8)
                                                   for _ in range(8)) for _ in range(5)]:
            got = pb.dual(low, y)
            if got is None or got < total:
                out.append(f"paid bound: the dual at lowest area {low} is {got} below game "
                           f"{i}'s total {total}")
    return out[:3]


def paid_bound_differences(pb: types.ModuleType) -> list[str]:
    """The paid-for bound's value (``pb``: :mod:`spec.fourever.paid_bound` or a changed copy)
    against the one proven, :data:`PAID_BOUND`, as ``python -m spec.fourever.paid_bound``
    prints it (:data:`PAID_BOUND_LINE`)."""
    code, out, err = _printed(pb, [])
    if (code, out, err) == (0, PAID_BOUND_LINE + "\n", ""):
        return []
    return [f"paid bound: exit {code}, {out!r} {err!r}, proven {PAID_BOUND_LINE!r}"]


#: What ``python -m spec.fourever.paid_bound`` prints: the bound and where the dual is highest.
PAID_BOUND_LINE = (f"a solo game totals at most {PAID_BOUND} (paid for, Lagrangian; highest "
                   "at lowest area 35: 438.33)")


def _printed(pb: types.ModuleType, argv: list[str]) -> tuple[int, str, str]:
    """``pb.main(argv)``: its exit code, standard output and standard error (not a
    terminal)."""
    import contextlib  # noqa: PLC0415
    import io  # noqa: PLC0415
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = pb.main(argv)
    return code, out.getvalue(), err.getvalue()


def counted_differences(pb: types.ModuleType) -> list[str]:
    """What the paid-for bound (``pb``: :mod:`spec.fourever.paid_bound` or a changed copy)
    counts, against the printed sheet's rounds and tracks (4E-3, 4E-4, ruling 9): a solo
    game's picks (6 rounds of 3 active and 1 passive) and round 4's black question mark, the
    extra-die track's fields, round 2's extra die, the re-rolls earned that end the re-roll
    track (its fields but round 1's).  A slip there (7 extra dice counted as 6) can leave
    every game and the bound's value as they are and still make ``--prove`` unsound."""
    from spec.fourever.printed import (Q_ANY, ROUND_BONUS, ROUNDS, RR,  # noqa: PLC0415
                                       TRACKS, XD)
    fields = {code: n for code, n, _ in TRACKS}
    want = (ROUNDS[1] * (3 + 1) + ROUND_BONUS.count(Q_ANY), fields[XD], ROUND_BONUS.count(XD),
            fields[RR] - ROUND_BONUS.count(RR))
    got = (pb.PICKS_AND_BLACK, pb.MOST_DICE, pb.ROUND_DICE, pb.TRACK_REROLLS)
    return [] if got == want else [f"paid bound counts {got}, the printed sheet {want}"]


def usage_differences(pb: types.ModuleType) -> list[str]:
    """``python -m spec.fourever.paid_bound`` refuses a command line it cannot read (exit 2,
    one line on standard error, nothing searched or printed)."""
    out = []
    for argv in (["--prove"], ["--prove", "4x"], ["--plans", "1", "2"], ["--bound"]):
        code, printed, err = _printed(pb, argv)
        if code != 2 or printed or not err.startswith("error: ") or err.count("\n") != 1:
            out.append(f"paid_bound {argv}: exit {code}, {printed!r} {err!r}")
    return out


def prove_differences(pb: types.ModuleType) -> list[str]:
    """``python -m spec.fourever.paid_bound --prove 1000`` over the bound's own options finds
    nothing above 1000 at any lowest area and says so (every lowest area's root bound is
    below it)."""
    code, out, err = _printed(pb, ["--prove", "1000"])
    want = ("a solo game totals at most 1000 (paid for; branch and bound over every lowest "
            "area from -30)\n")
    return [] if (code, out, err) == (0, want, "") else [
        f"paid_bound --prove 1000: exit {code}, {out!r} {err!r}"]


#: The small families the branch and bound is checked on: how many, and how many options of
#: the plan's each area offers besides its fewest-entries one.
SMALL_FAMILIES, SMALL_POOL = 3, 2


@functools.cache
def small_families() -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """Seeded small families of real area options (:func:`spec.fourever.solo_plan.options`):
    each area its fewest-entries option and :data:`SMALL_POOL` more drawn at random, so that
    the paid-for inequality cuts some choices and not others; then the first family's best
    paid-for choice with every area above 0 alone (one option per area: the dual is exact,
    its value, so a search that cuts a node whose bound is within 1 of what it needs misses
    it)."""
    from spec.fourever import solo_plan  # noqa: PLC0415
    rng = random.Random(2029)
    out = []
    for _ in range(SMALL_FAMILIES):
        family = []
        for label in AREAS:
            pool = solo_plan.options(label)
            fewest = min(pool, key=lambda o: o.entries)
            family.append((fewest, *rng.sample([o for o in pool if o != fewest], SMALL_POOL)))
        out.append(tuple(family))
    alone = max((c for c in itertools.product(*out[0])
                 if solo_plan.paid(c) <= 0 and min(o.score for o in c) > 0),
                key=solo_plan.score)
    out.append(tuple((o,) for o in alone))
    return tuple(out)


def _brute_best(family: Sequence[Sequence[Any]], m: int) -> int | None:
    """The best paid-for choice of one option per area of ``family``, every area at least
    ``m``, each fox worth ``m`` (at least 0), by trying every choice (None: none)."""
    from spec.fourever import solo_plan  # noqa: PLC0415
    pools = [[o for o in pool if o.score >= m] for pool in family]
    return max((sum(o.score for o in c) + max(m, 0) * sum(o.foxes for o in c)
                for c in itertools.product(*pools) if solo_plan.paid(c) <= 0), default=None)


def branch_and_bound_differences(pb: types.ModuleType) -> list[str]:
    """The branch and bound (``pb``: :mod:`spec.fourever.paid_bound` or a changed copy) on
    :func:`small_families` against a brute force over every choice: :func:`above` at the
    least lowest area (each fox worth 0) and at the positive one with the highest best finds
    the best paid-for choice above a total just below it, and at the latter nothing above the
    best itself; ``--prove`` just below that best (``run``, from :data:`RUN_FROM` lowest areas
    before that one) names exactly the lowest areas with a choice above it and claims no
    bound; and its progress on a terminal is true (:func:`_progress_differences`).  (A
    ``--prove`` that finds nothing and says so: :func:`prove_differences`.)"""
    import io  # noqa: PLC0415
    import re  # noqa: PLC0415
    from spec.fourever import solo_plan  # noqa: PLC0415

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out: list[str] = []
    for f, family in enumerate(small_families()):
        def source(label: str, family: tuple[tuple[Any, ...], ...] = family
                   ) -> tuple[Any, ...]:
            return family[AREAS.index(label)]

        best: dict[int, int | None] = {}
        for m in itertools.count(pb.LOWEST):
            if not all(any(o.score >= m for o in pool) for pool in family):
                break
            best[m] = _brute_best(family, m)
        values = {m: v for m, v in best.items() if v is not None}
        positive = [m for m in values if m > 0]
        top = max(positive, key=lambda m: (values[m], m)) if positive else None
        for m in (pb.LOWEST, top):
            if m is None:
                continue
            want = values[m]
            chosen, _ = pb.above(m, want - 1, source)
            got = None if chosen is None else (
                sum(o.score for o in chosen) + max(m, 0) * sum(o.foxes for o in chosen))
            if chosen is None or got != want or solo_plan.paid(chosen) > 0 or any(
                    o.score < m or o not in p for o, p in zip(chosen, family)):
                out.append(f"family {f}, lowest area {m}, above {want - 1}: {got}, brute "
                           f"force {want}")
            if m == top and pb.above(m, want, source)[0] is not None:
                out.append(f"family {f}, lowest area {m}: a choice above the best, {want}")
        if top is None:
            continue
        start = top - RUN_FROM
        searched = {m: v for m, v in best.items() if m >= start}
        for least in (values[top] - 1,):
            printed, terminal = io.StringIO(), Terminal()
            pb.run("--prove", least, source, printed, terminal, start)
            lines = printed.getvalue().splitlines()
            named = [int(hit.group(1)) for line in lines[:-1]
                     if (hit := re.match(r"lowest area (-?\d+): ", line))]
            beaten = [m for m, v in searched.items() if v is not None and v > least]
            claimed = lines[-1].startswith(f"a solo game totals at most {least} ") \
                if lines else False
            if named != beaten or len(named) != len(lines) - 1 or claimed == bool(beaten):
                out.append(f"family {f}, --prove {least} from {start}: {lines}, brute force "
                           f"beats it at lowest areas {beaten}")
            out += _progress_differences(f, terminal.getvalue(), searched, least, lines)
    return out[:3]


#: How many lowest areas below the one with the highest best the check of ``--prove`` starts.
RUN_FROM = 2


def _progress_differences(f: int, shown: str, best: dict[int, int | None], least: int,
                          lines: list[str]) -> list[str]:
    """The progress of ``--prove least`` on family ``f`` (``shown``: what the terminal got) is
    true: each lowest area of ``best`` (the brute force's best there) shown, in order, its
    bound at least the best, what it found above ``least`` at most the best, and what the
    areas below allow at least what was printed for them (``lines``)."""
    import re  # noqa: PLC0415
    pattern = re.compile(r"\[\d+ s\] lowest area (-?\d+): bound (-?[\d.]+), (\d+) nodes, "
                         r"found (none|-?\d+)(?:; below: at most (-?\d+))?")
    seen: list[int] = []
    printed = {int(hit.group(1)): int(hit.group(2)) for line in lines
               if (hit := re.match(r"lowest area (-?\d+): (-?\d+) ", line))}
    for text in shown.split("\r\033[K"):
        if not text:
            continue
        got = pattern.fullmatch(text)
        if got is None:
            return [f"family {f}: progress {text!r}"]
        m, bound, found, below = (int(got.group(1)), float(got.group(2)), got.group(4),
                                  got.group(5))
        want = best.get(m)
        if seen and m < seen[-1] or want is not None and bound + 0.05 < want or \
                found != "none" and (want is None or not least < int(found) <= want) or \
                (below is None) != (m == min(best)) or below is not None and int(below) != \
                max([least] + [v for k, v in printed.items() if k < m]):
            return [f"family {f}: progress {text!r} (best at lowest area {m}: {want})"]
        seen.append(m)
    if sorted(set(seen)) != sorted(best):
        return [f"family {f}: progress showed lowest areas {sorted(set(seen))}"]
    return []


def _table(dc: types.ModuleType, label: str) -> Check:
    return lambda: table_differences(dc, label)


def printed_differences(module: types.ModuleType) -> list[str]:
    """The printed tables of ``module`` against the engine's
    (:func:`spec.mutation.printed_differences`)."""
    return generic.printed_differences(module, engine_printed(), equality.SHOWN)


@attrs.frozen
class Corpus:
    """Whole sheets with the engine's answers: each area's part, the fewest entries that write
    it, and per sheet the total (default rules, and ``fox_floor_zero``), the foxes and the
    five area scores."""

    parts: tuple[tuple[Any, ...], ...]
    entries: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    floor_totals: tuple[int, ...]
    foxes: tuple[int, ...]
    areas: tuple[tuple[int, ...], ...]


#: The option under which a negative lowest area makes each fox worth 0 (ruling 4E-10).
FLOOR = ruleset(fox_floor_zero="true")
#: How many numbers, crosses or parts fill each area.
FULL = {"yellow": 15, "blue": 36, "grey": 17, "green": 22, "pink": 12}


def _walk(label: str, rng: random.Random, steps: int,
          keep: Callable[[Any], bool] = lambda part: True) -> tuple[Any, int]:
    """A part the engine's question-mark entries write from the blank area (``steps`` of
    them at most, each a random target the engine lists, through parts ``keep`` accepts), and
    how many it took (each writes one number, cross or part: the fewest that write it)."""
    part, made = area_rules(label).EMPTY, 0
    for _ in range(steps):
        nexts = [p for p in spaces.successors(label, part) if keep(p)]
        if not nexts:
            break
        part, made = rng.choice(nexts), made + 1
    return part, made


@functools.cache
def sheet_corpus(count: int = 240) -> Corpus:
    """Seeded whole sheets the engine writes: each area's part written by random entries
    (from blank to full), each area taking a part with the area's most foxes or one with none
    (each sheet its own share of both), so that the sheets show every fox count from 0 to 7
    with the lowest area below, at or above 0; yellow's parts include its top and middle rows
    only (a negative area with a fox); then each area's foxes alone, the blank sheet, the full
    sheet, and the sheet of issue 29 (6 foxes, the 7th one entry away) with that entry made."""
    rng = random.Random(29)
    pools: dict[str, list[tuple[Any, int]]] = {}
    for label in AREAS:
        pools[label] = [_walk(label, rng, rng.randrange(FULL[label] + 1)) for _ in range(40)]
        pools[label] += [_walk(label, rng, 99) for _ in range(6)]
    pools["yellow"] += [_walk("yellow", rng, 99, _fox_ahead) for _ in range(4)]
    pools["yellow"] += [_walk("yellow", rng, 99, lambda p: not p[2] and _fox_ahead(p))
                        for _ in range(4)]
    rich: dict[str, list[tuple[Any, int]]] = {}
    plain: dict[str, list[tuple[Any, int]]] = {}
    for label in AREAS:
        most = max(area_rules(label).foxes(p) for p, _ in pools[label])
        rich[label] = [(p, n) for p, n in pools[label] if area_rules(label).foxes(p) == most]
        plain[label] = [(p, n) for p, n in pools[label] if not area_rules(label).foxes(p)]
    chosen = []
    for _ in range(count):
        share = rng.random()  # of the areas taking a fox: the sheets show every fox count
        chosen.append(tuple(rng.choice(rich[a] if rng.random() < share else plain[a])
                            for a in AREAS))
    blank = tuple((area_rules(a).EMPTY, 0) for a in AREAS)
    chosen += [blank[:i] + (rich[a][0],) + blank[i + 1:] for i, a in enumerate(AREAS)]
    chosen.append(blank)
    chosen.append(tuple(_walk(a, rng, 99) for a in AREAS))
    issue = parse_sheet(ISSUE)
    for sheet in (issue, max(one_entry_successors(issue), key=engine_total)):
        chosen.append(tuple((p, _entries(a, p)) for a, p in zip(AREAS, sheet.parts)))
    sheets = [sheet_of(tuple(p for p, _ in c)) for c in chosen]
    return Corpus(tuple(tuple(p for p, _ in c) for c in chosen),
                  tuple(tuple(n for _, n in c) for c in chosen),
                  tuple(engine_total(s) for s in sheets),
                  tuple(engine_total(s, FLOOR) for s in sheets),
                  tuple(engine_foxes(s) for s in sheets),
                  tuple(engine_areas(s) for s in sheets))


def _fox_ahead(part: Any) -> bool:
    """Yellow's top row can still be filled (its fox): strictly increasing 1..6 in five
    fields, the last number written leaves room for the fields after it."""
    top = part[0]
    return not top or top[-1] <= len(top) + 1


def _entries(label: str, part: Any) -> int:
    from spec.fourever.certificates import realise

    return realise(label, part)


def sheet_differences(sv: types.ModuleType) -> list[str]:
    """A whole sheet's variables (``sv``: :mod:`spec.fourever.sheetvars` or a changed copy)
    on every sheet of :func:`sheet_corpus`: the total (default rules and ``fox_floor_zero``),
    the foxes, the fewest entries, each area's score, and that the sheet can be written,
    against the engine."""
    corpus = sheet_corpus()
    n = len(corpus.parts)
    s = sv.fresh("w")
    table: dict[str, Any] = {}
    for i, label in enumerate(AREAS):
        module = sv.MODULES[label]
        rows = np.array([module.values(p[i]) for p in corpus.parts], np.int64).reshape(n, -1)
        table.update({str(t.ref): rows[:, j] for j, t in enumerate(s.area(label).flat)})
    terms = [sv.sheet_total(s, DEFAULT), sv.sheet_total(s, FLOOR), sv.foxes(s), sv.entries(s),
             sv.well_formed(s, DEFAULT)] + [sv.area_score(s, a) for a in AREAS]
    got = evaluate(terms, table, n)
    want = [corpus.totals, corpus.floor_totals, corpus.foxes,
            tuple(sum(e) for e in corpus.entries), (1,) * n] + [
        tuple(a[i] for a in corpus.areas) for i in range(len(AREAS))]
    names = ["total", "total under fox_floor_zero", "foxes", "entries", "can be written"] + [
        f"{a} score" for a in AREAS]
    out = []
    for name, spec, engine in zip(names, got, want):
        for k in np.flatnonzero(np.asarray(spec, np.int64) != np.array(engine, np.int64))[:1]:
            out.append(f"sheet {format_sheet(sheet_of(corpus.parts[k]))}: spec {name} "
                       f"{int(spec[k])}, engine {engine[k]}")
    return out[:equality.SHOWN]


def read_differences(sv: types.ModuleType) -> list[str]:
    """A few sheets (blank, full, the sheet of issue 29) fixed in the variables by ``equals``
    (and area by area by ``area_equals``) are read back from Z3's model as themselves, on
    their own tracks."""
    corpus = sheet_corpus()
    out = []
    for parts in (corpus.parts[-4], corpus.parts[-3], corpus.parts[-2]):
        base = parse_sheet(ISSUE)
        sheet = base.changed(parts=parts)
        s = sv.fresh("r")
        solver = Solver(int(SAFETY * 1000))
        solver.add(sv.equals(s, sheet) & sv.well_formed(s, DEFAULT))
        if solver.check() != "sat":
            out.append(f"{format_sheet(sheet)}: not a model of its own variables")
            continue
        if sv.read(solver.model(), s, base) != sheet:
            out.append(f"{format_sheet(sheet)} reads back as "
                       f"{format_sheet(sv.read(solver.model(), s, base))}")
        solver = Solver(int(SAFETY * 1000))
        for label, part in zip(AREAS, parts):
            solver.add(sv.area_equals(s, label, part))
        if solver.check() != "sat" or sv.read(solver.model(), s).parts != parts:
            out.append(f"{format_sheet(sheet)}: area by area, not read back as itself")
    return out


def one_entry_successors(sheet: Sheet, options: Options = DEFAULT) -> list[Sheet]:
    """Every sheet one question-mark entry of the engine makes from ``sheet``, in any area
    (a question mark reaches every state dice reach, :mod:`spec.fourever.spaces`)."""
    out = []
    for i, label in enumerate(AREAS):
        for part in spaces.successors(label, sheet.parts[i], options):
            parts = list(sheet.parts)
            parts[i] = part
            out.append(sheet.changed(parts=tuple(parts)))
    return out


#: Issue 29's sheet: 6 foxes (yellow, grey's 3, green, pink), the 7th (blue's) one entry away;
#: the best completion with one more entry scores 499 and needs the 7th fox.
ISSUE = ("y=23456/1/6 b=....../....../....../.x..../x...../xx.... gy=xxxxxxxxxxxxxxxxx "
         "gn=6666666666/6666666666 p=4444444 rr=o...... xd=....... ps=......... q=")
#: Yellow below 0 with its fox, grey's 3 foxes: the lowest area negative (ruling 4E-10).
NEGATIVE = ("y=12345/6666/ b=....../....../....../....../....../...... gy=xxxxxxxxxxxxxxxxx "
            "gn=/ p= rr=....... xd=....... ps=......... q=")
#: The completions asked: (sheet, options).
COMPLETIONS = ((ISSUE, DEFAULT), (NEGATIVE, DEFAULT), (NEGATIVE, FLOOR))
#: The area questions asked: (area, at most so many entries), and (area, points) for fewest.
AREA_MAX = (("yellow", 2), ("blue", 2), ("grey", 3), ("green", 2), ("pink", 3))
FEWEST = (("yellow", 12), ("grey", 9), ("pink", 10))
#: Seconds given to a question, an area table or a bound's check: a safety bound the real
#: modules never come near (each answer is proven in a second or two), so it decides nothing
#: for them; a change that makes a solver run away (an objective without bound, an ascent that
#: never ends) is stopped by it and killed (its answer unproven, its table out of time).
SAFETY = 120.0
#: The same for a whole-sheet question whose decomposition makes every area's table anew (a
#: changed decomposition: Clever 4Ever's pink table alone takes about 100 s).
TABLES_SAFETY = 1800.0


@functools.cache
def best_after_one(text: str, options: Options) -> tuple[int, int]:
    """The sheet's own total and the best total one more entry gives, by brute force over
    every one-entry successor the engine lists."""
    sheet = parse_sheet(text)
    own = engine_total(sheet, options)
    return own, max([own] + [engine_total(s, options) for s in one_entry_successors(sheet)])


@functools.cache
def area_within(label: str, most: int) -> tuple[int, ...]:
    """For 0..``most`` entries, the area's best score by the engine over every part its
    question-mark entries write in at most that many (breadth first)."""
    rules = area_rules(label)
    layer = {rules.EMPTY}
    seen = set(layer)
    best = [rules.score(rules.EMPTY)]
    for _ in range(most):
        layer = {n for p in layer for n in spaces.successors(label, p)} - seen
        seen |= layer
        best.append(max([best[-1]] + [rules.score(p) for p in layer]))
    return tuple(best)


@functools.cache
def fewest_within(label: str, goal: int) -> int:
    """The fewest question-mark entries of the engine that give the area ``goal`` points
    (breadth first)."""
    most = 0
    while area_within(label, most)[-1] < goal:
        most += 1
    return most


def answer_checks(q: types.ModuleType) -> list[Check]:
    """The solvers' answers (``q``: :mod:`spec.fourever.questions` or a changed copy) against
    brute force over the engine's entries, one check per question: ``complete`` with 0 more
    entries is the sheet's own total and with 1 the best one-entry successor
    (:data:`COMPLETIONS`: the 7th fox, a negative lowest area under both rules); ``area_max``
    and ``fewest`` for a few entries (:data:`AREA_MAX`, :data:`FEWEST`); the most entries of a
    solo game counted from the rulebook (6 rounds x 4 picks, 7 extra dice, 26 printed
    question marks); a whole-sheet question out of time claims nothing (:func:`spec.mutation.out_of_time`).
    (``sheet_max`` itself needs every area's table, pink's alone about 100 s: not asked.)"""
    checks: list[Check] = [_completion(q, text, options, more)
                           for text, options in COMPLETIONS for more in (1, 0)]
    checks += [_area_max(q, label, most) for label, most in AREA_MAX]
    checks += [_fewest(q, label, goal) for label, goal in FEWEST]
    checks.append(lambda: [] if q.solo_entries() == 6 * 4 + 7 + (5 + 4 + 5 + 6 + 4 + 1 + 1)
                  else [f"a solo game's entries: {q.solo_entries()}, the rulebook's 57"])
    checks.append(lambda: generic.out_of_time(q))
    return checks


def whole_sheet_checks(q: types.ModuleType) -> list[Check]:
    """The whole-sheet questions (``q``: :mod:`spec.fourever.questions` or a changed copy)
    against the real decomposition (checked itself by :func:`combine_differences` and
    :func:`table_differences`): ``sheet_max``, ``fewest`` for the whole sheet and the solo
    bound (57 entries) are its best totals, proven; no area's cap (the value a bisection out of
    time starts from) is below the area's best score; slow the first time (every area's
    table, pink's alone about 100 s), then cached."""
    def totals() -> tuple[int, ...]:
        return decompose.best_totals(DEFAULT).totals

    sheet_max = generic.whole_sheet("sheet-max 10", lambda: q.sheet_max(10, TABLES_SAFETY),
                                    lambda: totals()[10])
    fewest = generic.whole_sheet("fewest 150 sheet points",
                                 lambda: q.fewest(150, None, TABLES_SAFETY),
                                 lambda: next(k for k, t in enumerate(totals()) if t >= 150))

    def solo_bound() -> list[str]:
        want = decompose.best_totals(DEFAULT).totals[57]
        answer = q.solo_bound(TABLES_SAFETY)
        if (answer.value, answer.proven) == (want, True) and any("57" in n for n in answer.notes):
            return []
        return [f"solo bound: {answer.value} {answer.notes}, the decomposition {want}"]

    def caps() -> list[str]:
        return [f"{a}: the cap {q.AREA_CAP[a]} is below the area's best {best}"
                for a in AREAS
                if q.AREA_CAP[a] < (best := max(o.score for o in decompose.area_table(a)))]

    full = generic.full_sheet(lambda most: q.sheet_max(most, TABLES_SAFETY), totals)
    return [sheet_max, fewest, solo_bound, caps, full]


def _completion(q: types.ModuleType, text: str, options: Options, more: int) -> Check:
    return generic.against_brute_force(
        f"complete {text!r} {more} (fox_floor_zero {options.fox_floor_zero})",
        lambda: q.complete(parse_sheet(text), more, SAFETY, options),
        lambda: best_after_one(text, options)[more])


def _area_max(q: types.ModuleType, label: str, most: int) -> Check:
    return generic.against_brute_force(f"area-max {label} {most}",
                                       lambda: q.area_max(label, most, SAFETY),
                                       lambda: area_within(label, most)[most])


def _fewest(q: types.ModuleType, label: str, goal: int) -> Check:
    return generic.against_brute_force(f"fewest {goal} {label}",
                                       lambda: q.fewest(goal, label, SAFETY),
                                       lambda: fewest_within(label, goal))


#: The areas whose tables a changed decomposition makes again (the quick ones: yellow has a
#: negative score, grey three foxes).
TABLES = ("yellow", "grey")


@functools.cache
def real_table(label: str) -> frozenset[tuple[int, int, int]]:
    """(entries, foxes, score) of every option of the real area table."""
    return frozenset((o.entries, o.foxes, o.score) for o in decompose.area_table(label))


def table_differences(dc: types.ModuleType, label: str) -> list[str]:
    """The area table ``dc`` makes (:func:`spec.fourever.decompose.made_table`) has the real
    one's options, and each option's part is what the engine says of it."""
    made = dc.made_table(label, DEFAULT, time.perf_counter() + SAFETY)
    got = frozenset((o.entries, o.foxes, o.score) for o in made)
    if got != real_table(label):
        return [f"{label} table: {sorted(got ^ real_table(label))[:4]} differ"]
    rules = area_rules(label)
    for o in made:
        if (rules.score(o.part), rules.foxes(o.part)) != (o.score, o.foxes) or \
                _entries(label, o.part) > o.entries:
            return [f"{label} table: {o} is not what the engine says of its part"]
    return []


def _synthetic_tables(rng: random.Random) -> list[tuple[Any, ...]]:
    """Random small area tables of the real shape: yellow's scores may be negative, grey has
    up to 3 foxes, each other area 1 (7 in all)."""
    tables = []
    for label in AREAS:
        most_foxes = 3 if label == "grey" else 1
        low = -30 if label == "yellow" else 0
        options = {(0, 0, 0 if label != "yellow" else rng.randrange(-5, 1))}
        for _ in range(rng.randrange(1, 5)):
            options.add((rng.randrange(1, 9), rng.randrange(most_foxes + 1),
                         rng.randrange(low, 60)))
        tables.append(tuple(decompose.Option(label, e, f, v, (label, e, f, v))
                            for e, f, v in sorted(options)))
    return tables


def combine_differences(dc: types.ModuleType, cases: int = 30) -> list[str]:
    """The decomposition's choice (``dc.combine``) on seeded random tables against a brute
    force over every choice of one option per area: for every entry count K, the best total
    (areas plus foxes times the lowest, 0 for a negative lowest under ``fox_floor_zero``) with
    at most K entries, and the choice shown makes it (its parts in sheet order: ``combined``)."""
    rng = random.Random(2029)
    for case in range(cases):
        tables = _synthetic_tables(rng)
        options = FLOOR if case % 2 else DEFAULT
        made = list(itertools.product(*tables))

        def value(choice: Sequence[Any]) -> int:
            low = min(int(o.score) for o in choice)
            worth = max(low, 0) if options.fox_floor_zero else low
            return sum(int(o.score) for o in choice) + sum(int(o.foxes) for o in choice) * worth

        totals = [value(c) for c in made]
        entries = [sum(o.entries for o in c) for c in made]
        got = dc.combine([tuple(t) for t in tables], options)
        for k, claimed in enumerate(got.totals):
            want = max(t for t, e in zip(totals, entries) if e <= k)
            chosen = got.choices[k]
            if claimed != want or value(chosen) != claimed or \
                    sum(o.entries for o in chosen) > k:
                return [f"combine of {tables} ({options}): {k} entries give {claimed} "
                        f"(choice {chosen}), brute force {want}"]
            parts = tuple(next(o for o in chosen if o.label == a).part for a in AREAS)
            if dc.combined(chosen) != parts:
                return [f"the parts of {chosen} combined as {dc.combined(chosen)}"]
    return []


def main(argv: list[str] | None = None) -> int:
    """Run mutants; print each survivor and the score."""
    return generic.main("python -m spec.fourever.mutation", list(MODULES), killed, argv)


if __name__ == "__main__":
    sys.exit(main())
