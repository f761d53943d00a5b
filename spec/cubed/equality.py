"""The encodings (``spec/cubed/<area>.py``) against the engine, part by part, over whole state
spaces.  Every part a solver uses is compared: the area score, the foxes, the bonuses a state
has earned (``earned``), the fewest entries that make it (``entries``), which states can be
written at all (``well_formed``) and which states can follow which (``grows``); and the parts
that describe one entry (``legal``, ``bonuses``), and reading a state in and out (``equals``,
``read``).

The engine's answers come from :mod:`spec.cubed.spaces` (through its public names).  The spec
answers by evaluating its Z3 terms on all states at once (:mod:`spec.evaluate`), or by Z3
itself where a question is about every assignment: no unwritable state is well formed, and a
part over a space too large to list (turquoise) is the sum or conjunction of its parts over
pieces that are listed whole (rows, columns, the shaded cells, single cells).

Each check takes the area's module, so a changed encoding (:mod:`spec.cubed.mutation`) is
checked the same way.  A check returns the differences in words (empty: equal).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType, ModuleType

import attrs
import numpy as np
import numpy.typing as npt

from oracle import Area, Bonus, PlayerSheet, Position, Ruleset
from spec.cubed import blue, brown, pink, probe, spaces, turquoise, yellow
from spec.cubed.entry import Entry
from spec.cubed.patterns import brown_bit, turquoise_bit, yellow_bit
from spec.cubed.printed import (OWN_QUESTION, PINK_FIELD_COUNT, TURQUOISE_COLUMN_END,
                                TURQUOISE_ROW_END, TURQUOISE_SHADED)
from spec.cubed.seam import GAME, format_sheet
from spec.cubed.spaces import BONUSES, Space, full, keeps, pink_options, sides_reachable, units
from spec.evaluate import Array, compile, evaluate
from spec.logic import Bool, Int, Solver, all_of, any_of, const, int_var, total

#: The spec's module of each area.
MODULES = {Area.YELLOW: yellow, Area.TURQUOISE: turquoise, Area.BLUE: blue,
           Area.BROWN: brown, Area.PINK: pink}
#: The rulesets whose options an area's rules read (blue: ruling 14).
RULESETS = (Ruleset(), Ruleset(blue_seven_after_seven=True))


# --- the spec's variables of an area, valued from engine sheets ------------------------------

def _name(term: Bool | Int) -> str:
    return str(term.ref)


def values(area: Area, v: object, sheets: Sequence[PlayerSheet]) -> dict[str, Array]:
    """The value of each of the spec's variables ``v`` (a fresh area of ``area``'s module) in
    each of ``sheets``, as arrays."""
    out: dict[str, Array] = {}
    if area is Area.YELLOW or area is Area.TURQUOISE:
        masks = np.array([getattr(s, area.label) for s in sheets], dtype=np.int64)
        bit = yellow_bit if area is Area.YELLOW else turquoise_bit
        for r, row in enumerate(v.cells, start=1):  # type: ignore[attr-defined]  # an area's variables
            for n, cell in enumerate(row, start=1):
                out[_name(cell)] = (masks & bit(r, n)) != 0
    elif area is Area.BROWN:
        masks = np.array([s.brown for s in sheets], dtype=np.int64)
        for f, cell in enumerate(v.fields, start=1):  # type: ignore[attr-defined]  # an area's variables
            out[_name(cell)] = (masks & brown_bit(f)) != 0
    elif area is Area.BLUE:
        for side, terms in enumerate(v.sides):  # type: ignore[attr-defined]  # an area's variables
            for d, term in enumerate(terms):
                out[_name(term)] = np.array(
                    [_at(s.blue_right if side else s.blue_left, d) for s in sheets], np.int64)
    else:
        for f, (term, half) in enumerate(zip(v.values, v.half)):  # type: ignore[attr-defined]  # an area's variables
            out[_name(term)] = np.array([_at(s.pink, f) for s in sheets], np.int64)
            out[_name(half)] = np.array(
                [f < len(s.pink) and (f == 0 or bool(s.pink_bonus >> f & 1)) for s in sheets])
    return out


def _at(written: tuple[int, ...], i: int) -> int:
    return written[i] if i < len(written) else 0



# --- comparing single-state parts -------------------------------------------------------------

def _mismatch(area: Area, part: str, sheets: Sequence[PlayerSheet], ours: Array,
              theirs: Array, most: int = 3) -> list[str]:
    bad = np.flatnonzero(np.asarray(ours) != np.asarray(theirs))
    return [f"{area.label} {part}: {format_sheet(sheets[i])}: spec {int(ours[i])}, engine "
            f"{int(theirs[i])}" for i in bad[:most]]


def state_differences(module: ModuleType, space: Space, ruleset: Ruleset = Ruleset()
                      ) -> list[str]:
    """Where the spec's score, foxes, earned bonuses, fewest entries and well-formedness
    differ from the engine's on the states of ``space`` (all of them well formed)."""
    area = space.area
    v = module.fresh("s")
    earned = module.earned(v)
    unknown = sorted(b.code for b in earned if b not in BONUSES)
    parts: list[tuple[str, Int | Bool, Array]] = [
        ("score", module.score(v), space.score),
        ("foxes", module.foxes(v), space.foxes),
        ("entries", module.entries(v), space.entries),
        ("well_formed", module.well_formed(v, ruleset), np.ones(len(space.sheets), np.int64)),
    ]
    for b in BONUSES:
        parts.append((f"earned {b.code}", earned.get(b, const(0)), space.earned[b]))
    got = evaluate([t for _, t, _ in parts], values(area, v, space.sheets), len(space.sheets))
    out = [f"{area.label} earned: unknown bonus {u}" for u in unknown]
    for (part, _, theirs), ours in zip(parts, got):
        out += _mismatch(area, part, space.sheets, ours, theirs)
    return out


# --- one entry: legal targets and their bonuses -----------------------------------------------

#: The targets each area's entries name (spec/cubed/<area>.py), with one more on each side
#: (turquoise: every set of six rows), so a target the spec allows beyond them is seen.
TARGETS = {Area.YELLOW: range(0, 5), Area.TURQUOISE: range(0, 64), Area.BLUE: range(-1, 3),
           Area.BROWN: range(0, 14), Area.PINK: range(-1, 3)}


def entry_differences(module: ModuleType, area: Area, sheets: Sequence[PlayerSheet],
                      chosen: Iterable[tuple[Position, int, int]],
                      ruleset: Ruleset = Ruleset()) -> list[str]:
    """Where the spec's legal targets, or a target's bonuses, differ from the engine's legal
    moves for the contexts ``chosen`` on each of ``sheets``; and any engine entry that breaks
    the premise of ``entries`` (one more cross or field; turquoise: crosses of one column).
    The spec's terms are built once with the entry and target as variables, and evaluated on
    every (sheet, context, target) at once."""
    v = module.fresh("s")
    entry = Entry.fresh("e")
    target = int_var("target")
    got = module.bonuses(v, target, entry)
    program = compile([module.legal(v, target, entry, ruleset)]
                      + [got.get(b, const(0)) for b in BONUSES])
    chosen = tuple(chosen)
    targets = TARGETS[area]
    rows = len(sheets) * len(chosen) * len(targets)
    per_sheet = len(chosen) * len(targets)
    table: dict[str, Array] = {k: np.repeat(a, per_sheet)
                               for k, a in values(area, v, sheets).items()}
    grid = [(p, n, m, t) for p, n, m in chosen for t in targets]
    for name, column in ((_name(entry.position), 0), (_name(entry.number), 1),
                         (_name(entry.matches), 2), (_name(target), 3)):
        table[name] = np.tile(np.array([int(g[column]) for g in grid], np.int64), len(sheets))
    legal, *counts = program.run(table, rows)
    out: list[str] = []
    for i, sheet in enumerate(sheets):
        for j, (position, number, matches) in enumerate(chosen):
            base = i * per_sheet + j * len(targets)
            ours = {t: tuple(b for b, c in zip(BONUSES, counts) for _ in range(int(c[base + k])))
                    for k, t in enumerate(targets) if legal[base + k]}
            theirs = probe.entries(area, sheet, position, number, matches, ruleset)
            out += _premise(area, sheet, theirs)
            engine = {t: bonuses for t, (_, bonuses) in theirs.items()}
            if set(ours) != set(engine) or any(
                    not _same_bonuses(ours[t], engine[t], theirs[t][0], area) for t in engine):
                out.append(f"{area.label} entry: {format_sheet(sheet)}; {position.name} "
                           f"number {number} matches {matches}: spec {sorted(ours.items())}, "
                           f"engine {sorted(engine.items())}")
            if len(out) > 5:
                return out
    return out


def _same_bonuses(ours: tuple[Bonus, ...], theirs: tuple[Bonus, ...], after: PlayerSheet,
                  area: Area) -> bool:
    """The spec's bonuses of an entry are the engine's; the engine drops a question mark of
    the area's own colour that the filled area has no use for (ruling 19), so one the spec
    names is not missed when the area after the entry is full."""
    if tuple(sorted(ours)) == theirs:
        return True
    own = OWN_QUESTION[area]
    return full(area, after) and tuple(sorted(b for b in ours if b is not own)) == theirs


def _premise(area: Area, sheet: PlayerSheet,
             theirs: Mapping[int, tuple[PlayerSheet, tuple[Bonus, ...]]]) -> list[str]:
    """Every engine entry adds one cross or field; a turquoise one crosses cells of one
    column (the premise of :func:`units`)."""
    out = []
    for target, (after, _) in theirs.items():
        if area is Area.TURQUOISE:
            new = after.turquoise & ~sheet.turquoise
            columns = {c for c in range(1, 7) for r in range(1, 6)
                       if new & turquoise_bit(r, c)}
            ok = len(columns) == 1 and after.turquoise & sheet.turquoise == sheet.turquoise
        else:
            ok = units(area, after) == units(area, sheet) + 1 and keeps(area, sheet, after)
        if not ok:
            out.append(f"{area.label}: an engine entry ({target}) from {format_sheet(sheet)} "
                       f"makes {format_sheet(after)}")
    return out


# --- grows: pairs of states -------------------------------------------------------------------

def grows_differences(module: ModuleType, area: Area, olds: Sequence[PlayerSheet],
                      news: Sequence[PlayerSheet],
                      reachable: Callable[[PlayerSheet], npt.NDArray[np.bool_]],
                      chunk: int = 1 << 20) -> list[str]:
    """Where the spec's ``grows(old, new)`` differs from the engine's reachability on every
    pair of ``olds`` x ``news`` (``reachable(old)``: for each new, whether the engine's entries
    lead there from ``old``), evaluated ``chunk`` pairs at a time."""
    old_v, new_v = module.fresh("old"), module.fresh("new")
    program = compile([module.grows(old_v, new_v)])
    new_table = values(area, new_v, news)
    old_table = values(area, old_v, olds)
    step = max(1, chunk // max(1, len(news)))
    out: list[str] = []
    for start in range(0, len(olds), step):
        group = range(start, min(len(olds), start + step))
        table = {k: np.tile(a, len(group)) for k, a in new_table.items()}
        table.update({k: np.repeat(a[group.start:group.stop], len(news))
                      for k, a in old_table.items()})
        ours = program.run(table, len(group) * len(news))[0].astype(bool)
        ours = ours.reshape(len(group), len(news))
        for row, i in enumerate(group):
            truth = reachable(olds[i])
            for j in np.flatnonzero(ours[row] != truth)[:2]:
                out.append(f"{area.label} grows: {format_sheet(olds[i])} -> "
                           f"{format_sheet(news[j])}: spec {bool(ours[row][j])}, engine "
                           f"{bool(truth[j])}")
            if len(out) > 3:
                return out
    return out


# --- Z3: questions about every assignment -----------------------------------------------------

def never(formula: Bool, what: str) -> list[str]:
    """Z3 shows ``formula`` unsatisfiable (over every assignment); else the difference."""
    solver = Solver()
    solver.add(formula)
    status = solver.check()
    return [] if status == "unsat" else [f"{what} ({status})"]


def restrict(area: Area, v: object, keep: Callable[[int, int], bool]) -> object:
    """The spec's area ``v`` with every cell (yellow, turquoise: row and column; brown: field
    and 0; blue: side and distance; pink: field and 0) that ``keep`` refuses made empty."""
    from spec.logic import FALSE

    if area is Area.YELLOW or area is Area.TURQUOISE:
        cells = tuple(tuple(c if keep(r, n) else FALSE for n, c in enumerate(row, start=1))
                      for r, row in enumerate(v.cells, start=1))  # type: ignore[attr-defined]  # an area's variables
        return attrs.evolve(v, cells=cells)  # type: ignore[misc]  # an attrs area class
    if area is Area.BROWN:
        fields = tuple(c if keep(f, 0) else FALSE
                       for f, c in enumerate(v.fields, start=1))  # type: ignore[attr-defined]  # an area's variables
        return attrs.evolve(v, fields=fields)  # type: ignore[misc]  # an attrs area class
    if area is Area.BLUE:
        sides = tuple(tuple(x if keep(side, d) else const(0) for d, x in enumerate(written, 1))
                      for side, written in enumerate(v.sides))  # type: ignore[attr-defined]  # an area's variables
        return attrs.evolve(v, sides=sides)  # type: ignore[misc]  # an attrs area class
    pairs = [(x, h) if keep(f, 0) else (const(0), FALSE)
             for f, (x, h) in enumerate(zip(v.values, v.half), 1)]  # type: ignore[attr-defined]  # an area's variables
    return attrs.evolve(v, values=tuple(x for x, _ in pairs),  # type: ignore[misc]  # an area's variables
                        half=tuple(h for _, h in pairs))


def same(a: Int | Bool, b: Int | Bool) -> Bool:
    """``a`` and ``b`` are equal (terms of one sort)."""
    if isinstance(a, Bool) and isinstance(b, Bool):
        return a.iff(b)
    if isinstance(a, Int) and isinstance(b, Int):
        return a.eq(b)
    raise TypeError("terms of different sorts")


def decomposes(module: ModuleType, area: Area, term_of: Callable[[object], Int | Bool],
               pieces: Sequence[Callable[[int, int], bool]], what: str,
               combine: str = "sum") -> list[str]:
    """Z3 shows, over every assignment, that ``term_of(v)`` is the sum (``combine`` "sum") or
    the conjunction ("all") of ``term_of`` on ``v`` restricted to each of ``pieces``: then
    comparing each piece's states covers every state."""
    v = module.fresh("d")
    parts = [term_of(restrict(area, v, keep)) for keep in pieces]
    whole = term_of(v)
    nothing = term_of(restrict(area, v, lambda a, b: False))
    if combine == "sum" and isinstance(nothing, Int):
        joined: Int | Bool = total(p for p in parts if isinstance(p, Int)) - nothing * (
            len(parts) - 1)
    else:
        joined = all_of(p for p in parts if isinstance(p, Bool))
    return never(~same(whole, joined), f"{area.label}: {what} does not decompose")


def grows_decomposes(module: ModuleType, area: Area,
                     pieces: Sequence[Callable[[int, int], bool]]) -> list[str]:
    """Z3: ``grows(old, new)`` holds exactly when it holds on each piece of both states."""
    old, new = module.fresh("o"), module.fresh("n")
    whole = module.grows(old, new)
    parts = all_of(module.grows(restrict(area, old, k), restrict(area, new, k)) for k in pieces)
    return never(~whole.iff(parts), f"{area.label}: grows does not decompose")


def blue_only_reachable(module: ModuleType, ruleset: Ruleset) -> list[str]:
    """Z3: no assignment outside the engine's sides is well formed."""
    v = module.fresh("w")
    lefts, rights = sides_reachable(ruleset)

    def one_of(side: int, written: frozenset[tuple[int, ...]]) -> Bool:
        return any_of(all_of(v.sides[side][d].eq(w[d] if d < len(w) else 0)
                             for d in range(6)) for w in written)

    return never(module.well_formed(v, ruleset) & ~(one_of(0, lefts) & one_of(1, rights)),
                 f"blue well_formed admits a side the engine cannot write ({ruleset})")


def pink_only_reachable(module: ModuleType, ruleset: Ruleset) -> list[str]:
    """Z3: a well-formed pink state is written from the left, each field with a (value, half)
    pair the engine writes there; and every such state is well formed."""
    v = module.fresh("w")
    options = pink_options(ruleset)
    fields = []
    for f in range(PINK_FIELD_COUNT):
        val, half = v.values[f], v.half[f]
        empty_field = val.eq(0) & ~half
        written = any_of(val.eq(x) & (half if h else ~half) for x, h in options[f])
        before = v.values[f - 1].ne(0) if f else any_of(())  # field 1 needs nothing before
        fields.append(empty_field | (written & (before if f else ~before)))
    engine = all_of(fields)
    wf = module.well_formed(v, ruleset)
    return (never(wf & ~engine, "pink well_formed admits a state the engine cannot write")
            + never(engine & ~wf, "pink well_formed refuses a state the engine writes"))



# --- reading a state in and out ---------------------------------------------------------------

def roundtrip_differences(module: ModuleType, area: Area, sheets: Sequence[PlayerSheet]
                          ) -> list[str]:
    """For each sheet: ``equals(v, sheet)`` holds for the sheet's own values and for no other
    assignment, and ``read`` gives the area back from a model."""
    v = module.fresh("r")
    out = []
    for sheet in sheets:
        formula = module.equals(v, sheet)
        own = values(area, v, (sheet,))
        if not evaluate([formula], own, 1)[0][0]:
            out.append(f"{area.label} equals: false for its own values {format_sheet(sheet)}")
        solver = Solver()
        solver.add(formula)
        if solver.check() != "sat":
            out.append(f"{area.label} equals: unsatisfiable for {format_sheet(sheet)}")
            continue
        back = probe.area_only(module.read(solver.model(), v, PlayerSheet()), area)
        if back != sheet:
            out.append(f"{area.label} read: {format_sheet(sheet)} came back as "
                       f"{format_sheet(back)}")
        other = any_of(_differs(x, int(a[0])) for x, a in ((_var(v, k), a) for k, a in own.items()))
        solver.add(other)
        if solver.check() != "unsat":
            out.append(f"{area.label} equals: more than one assignment for {format_sheet(sheet)}")
        if len(out) > 3:
            break
    return out


def _var(v: object, name: str) -> Int | Bool:
    """The variable of ``v`` called ``name``."""
    for term in _terms(v):
        if _name(term) == name:
            return term
    raise KeyError(name)


def _terms(v: object) -> list[Int | Bool]:
    out: list[Int | Bool] = []
    for field in attrs.fields(type(v)):  # type: ignore[arg-type]  # an area's attrs class
        value = getattr(v, field.name)
        stack = [value]
        while stack:
            item = stack.pop()
            if isinstance(item, tuple):
                stack.extend(item)
            elif isinstance(item, (Int, Bool)):
                out.append(item)
    return out


def _differs(term: Int | Bool, value: int) -> Bool:
    if isinstance(term, Bool):
        return term if not value else ~term
    return term.ne(value)


def turquoise_whole_columns(ruleset: Ruleset = Ruleset()) -> list[str]:
    """The premise of turquoise ``entries`` (one entry per column used): with five other
    platter dice showing the number (ruling 11), one entry may cross any set of the column's
    free cells, on every pattern of every column."""
    out = []
    for c in range(1, 7):
        for pattern in range(32):
            mask = sum(turquoise_bit(r, c) for r in range(1, 6) if pattern >> (r - 1) & 1)
            sheet = PlayerSheet(turquoise=mask)
            got = set(probe.entries(Area.TURQUOISE, sheet, Position.PLATTER, c, 5, ruleset))
            want = {t for t in range(1, 32) if not t & pattern}
            if got != want:
                out.append(f"turquoise column {c}: {format_sheet(sheet)}: the engine allows "
                           f"{sorted(got)}, not every set of free cells")
    return out


def sheet_differences(sheets: Sequence[tuple[int, PlayerSheet]],
                      modules: Mapping[str, ModuleType] = MappingProxyType({})) -> list[str]:
    """Whole sheets (each after its number of rounds, at a round's end): the spec's tracks
    (circles from the bonuses earned and the round bonuses, the re-roll track's fox), foxes,
    total (areas, foxes times the lowest area; also as ``questions.sheet_total``, what
    ``complete`` maximises) and fewest entries against the sheet's tracks and the engine's
    answers.  ``modules`` (by name) replaces ``spec.cubed.sheetvars``, ``scores``, ``tracks``
    or ``questions`` with changed copies (:mod:`spec.cubed.mutation`)."""
    from spec.cubed import questions, scores, sheetvars, tracks

    sv = modules.get("spec.cubed.sheetvars", sheetvars)
    sc = modules.get("spec.cubed.scores", scores)
    tr = modules.get("spec.cubed.tracks", tracks)
    qu = modules.get("spec.cubed.questions", questions)
    out = []
    by_rounds: dict[int, list[PlayerSheet]] = {}
    for rounds, sheet in sheets:
        by_rounds.setdefault(rounds, []).append(sheet)
    for rounds, group in sorted(by_rounds.items()):
        s = sv.fresh("w")
        t = tr.tracks(s, rounds)
        foxes = total(sv.area_foxes(s, a) for a in Area) + t.foxes
        terms: list[Int | Bool] = [sc.with_foxes(sc.area_scores(s), foxes), t.foxes]
        terms += [t.circled[b] for b in (Bonus.REROLL, Bonus.NUMBER_JOKER, Bonus.EXTRA_DIE)]
        terms += [foxes, qu.sheet_total(s, rounds), total(sv.area_entries(s, a) for a in Area)]
        table: dict[str, Array] = {}
        for area in Area:
            table.update(values(area, getattr(s, area.label), group))
        got = evaluate(terms, table, len(group))
        for i, sheet in enumerate(group):
            score = GAME.score(sheet)
            theirs = (score.total, int(sheet.rerolls == 7), sheet.rerolls, sheet.jokers,
                      sheet.extra_dice, score.foxes, score.total,
                      sum(spaces.units(a, sheet) for a in Area))
            ours = tuple(int(g[i]) for g in got)
            if ours != theirs:
                out.append(f"sheet after {rounds} rounds {format_sheet(sheet)}: spec (total, "
                           f"track fox, circles, foxes, questions' total, entries) {ours}, "
                           f"engine {theirs}")
    return out


def turquoise_lines(bonus: Bonus) -> list[Callable[[int, int], bool]]:
    """The shaded cells of each turquoise row and column printed with ``bonus``, as pieces for
    :func:`decomposes` (rulebook "The Turquoise Area": "all the turquoise-shaded fields in a
    column or in a row")."""
    def row_line(r: int) -> Callable[[int, int], bool]:
        return lambda row, c: row == r and c <= TURQUOISE_SHADED[r - 1]

    def column_line(c: int) -> Callable[[int, int], bool]:
        return lambda r, col: col == c and c <= TURQUOISE_SHADED[r - 1]

    return ([row_line(r) for r, end in enumerate(TURQUOISE_ROW_END, start=1) if end is bonus]
            + [column_line(c) for c, end in enumerate(TURQUOISE_COLUMN_END, start=1)
               if end is bonus])


def turquoise_decompositions(module: ModuleType) -> list[str]:
    """Z3, over all 2^30 turquoise states: the score is the sum over rows, the fewest entries
    the sum over columns, each earned bonus (foxes too) the sum over the shaded cells of the
    rows and columns printed with it; so a family with every pattern of each row and each
    column (:func:`spec.cubed.spaces.turquoise_sheets`) covers every state."""
    area = Area.TURQUOISE
    rows = [_line_piece(r, 0) for r in range(1, 6)]
    columns = [_line_piece(0, c) for c in range(1, 7)]
    out = decomposes(module, area, module.score, rows, "score")
    out += decomposes(module, area, module.entries, columns, "entries")
    for bonus in Bonus:
        out += decomposes(module, area, _earned(module, bonus), turquoise_lines(bonus),
                          f"earned {bonus.code}")
    return out + decomposes(module, area, module.foxes, turquoise_lines(Bonus.FOX), "foxes")


def _earned(module: ModuleType, bonus: Bonus) -> Callable[[object], Int | Bool]:
    def term(v: object) -> Int | Bool:
        got: Int = module.earned(v).get(bonus, const(0))
        return got
    return term


def _line_piece(row: int, column: int) -> Callable[[int, int], bool]:
    """A whole row (``column`` 0) or a whole column (``row`` 0)."""
    return lambda r, c: r == row if row else c == column


def grows_check(module: ModuleType, area: Area) -> list[str]:
    """``grows`` against the engine's reachability: every pair of brown states and of blue
    states (blue under ruling 14's option: every pair of each side, the sides independent by
    Z3); yellow and turquoise cell by cell (Z3: the conjunction over cells), each cell's four
    cases and random states against the whole family; pink from sampled states."""
    family = spaces.standard(area)[0].sheets
    if area is Area.BROWN or area is Area.BLUE:
        out = grows_differences(module, area, family, family, spaces.standard_reach(area))
        if area is Area.BLUE and not out:
            out = grows_decomposes(module, area, [_side(0), _side(1)])
            ruleset = Ruleset(blue_seven_after_seven=True)
            for side in (0, 1):
                sheets = spaces.one_side(side, ruleset)
                out += grows_differences(module, area, sheets, sheets,
                                         spaces.side_reach(side, ruleset))
        return out
    rng = random.Random(spaces.SEED)
    if area is Area.PINK:
        olds = rng.sample(list(family), 80) + [PlayerSheet()]
        return grows_differences(module, area, olds, family, spaces.prefix_reach(family))
    cells = [(r, c) for r in range(1, (3 if area is Area.YELLOW else 5) + 1)
             for c in range(1, 7)]
    out = grows_decomposes(module, area, [_cell(r, c) for r, c in cells])
    olds = [PlayerSheet()] + [family[rng.randrange(len(family))] for _ in range(12)]
    olds += [PlayerSheet(yellow=1 << i) if area is Area.YELLOW else PlayerSheet(turquoise=1 << i)
             for i in range(len(cells))]
    return out + grows_differences(module, area, olds, family,
                                   spaces.superset_reach(area, family))


def _side(side: int) -> Callable[[int, int], bool]:
    return lambda s, d: s == side


def _cell(row: int, column: int) -> Callable[[int, int], bool]:
    return lambda r, c: (r, c) == (row, column)
