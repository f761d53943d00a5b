"""Mutation testing of the spec, for every game: plant one small change in one line of a module
a solver's answer depends on (a comparison turned round, ``and`` for ``or``, a constant one off,
a negation dropped, ``all_of`` for ``any_of``, ``le`` for ``lt`` ...), as a changed copy of the
module (the real one is untouched): alone (:func:`load`, an area encoding checked by itself), or
where it is imported (:func:`world`: the modules importing it imported afresh, so that a whole
sheet's total or a solver sees the change).  A game's mutation module (``spec.cubed.mutation``,
``spec.fourever.mutation``) checks each copy against the engine; a mutant is killed when a
check finds a difference (or the changed code fails); one that survives either changes nothing
a solver can see (an equivalent mutant) or shows a hole in the checks."""

from __future__ import annotations

import argparse
import ast
import functools
import importlib
import inspect
import random
import sys
import time
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

import attrs

#: An area's key in a game's mutation module (Clever Cubed's ``Area``, Clever 4Ever's label).
A = TypeVar("A")

@attrs.frozen
class Mutant:
    """One change: the module, the line, what was changed, and the changed module's tree."""

    module: str
    line: int
    column: int
    change: str
    source: str = attrs.field(eq=False, repr=False)

    @property
    def key(self) -> str:
        """A stable name: ``module:line:column:change``."""
        return f"{self.module}:{self.line}:{self.column}:{self.change}"


#: A change made in place, and the change undoing it.
Change = tuple[Callable[[], None], Callable[[], None]]


_COMPARE: dict[type[ast.cmpop], type[ast.cmpop]] = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
            ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
            ast.In: ast.NotIn, ast.NotIn: ast.In}
_BINARY: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Add, ast.FloorDiv: ast.Mult,
    ast.BitAnd: ast.BitOr, ast.BitOr: ast.BitAnd, ast.RShift: ast.LShift, ast.Mod: ast.FloorDiv}
#: Method and function names swapped for one another (spec.logic's terms and combinators).
_NAMES = {"le": "lt", "lt": "le", "ge": "gt", "gt": "ge", "eq": "ne", "ne": "eq",
          "all_of": "any_of", "any_of": "all_of", "implies": "iff", "iff": "implies",
          "maximum": "minimum", "minimum": "maximum"}


def _swap(node: ast.AST, field: str, value: object) -> Change:
    """Set ``node.<field>`` to ``value``; undo puts the old value back."""
    before = getattr(node, field)
    return (lambda: setattr(node, field, value)), (lambda: setattr(node, field, before))


def _changes(node: ast.AST, parent: tuple[ast.AST, str, int | None] | None
             ) -> Iterator[tuple[str, Change]]:
    """The single changes that can be made to ``node``: (what, change)."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            swapped = _COMPARE.get(type(op))
            if swapped is not None:
                ops = list(node.ops)
                ops[i] = swapped()
                yield f"{type(op).__name__}->{swapped.__name__}", _swap(node, "ops", ops)
    elif isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        other = _BINARY[type(node.op)]
        yield f"{type(node.op).__name__}->{other.__name__}", _swap(node, "op", other())
    elif isinstance(node, ast.BoolOp):
        flip: type[ast.boolop] = ast.Or if isinstance(node.op, ast.And) else ast.And
        yield f"{type(node.op).__name__}->{flip.__name__}", _swap(node, "op", flip())
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        value = node.value
        yield f"{value}->{value + 1}", _swap(node, "value", value + 1)
        if value > 0:
            yield f"{value}->{value - 1}", _swap(node, "value", value - 1)
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        yield f"{node.value}->{not node.value}", _swap(node, "value", not node.value)
    elif isinstance(node, ast.Attribute) and node.attr in _NAMES:
        yield f".{node.attr}->.{_NAMES[node.attr]}", _swap(node, "attr", _NAMES[node.attr])
    elif isinstance(node, ast.Name) and node.id in _NAMES and isinstance(node.ctx, ast.Load):
        yield f"{node.id}->{_NAMES[node.id]}", _swap(node, "id", _NAMES[node.id])
    elif isinstance(node, ast.UnaryOp) and parent is not None:
        owner, field, index = parent
        if index is None:
            yield f"drop {type(node.op).__name__}", _swap(owner, field, node.operand)
        else:
            items = list(getattr(owner, field))
            items[index] = node.operand
            yield f"drop {type(node.op).__name__}", _swap(owner, field, items)


def _parents(tree: ast.AST) -> dict[int, tuple[ast.AST, str, int | None]]:
    """For each node (by id), the node holding it, the field and the index in a list field."""
    out: dict[int, tuple[ast.AST, str, int | None]] = {}
    for owner in ast.walk(tree):
        for field, value in ast.iter_fields(owner):
            if isinstance(value, ast.AST):
                out[id(value)] = (owner, field, None)
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, ast.AST):
                        out[id(item)] = (owner, field, i)
    return out


def _docstring(node: ast.AST) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)


#: Modules whose classes hold rules (the typed Z3 terms' comparisons, the solver's searches and
#: answers): their methods are mutated too.  Elsewhere a class is the shape of an area's
#: variables, not a rule.
WITH_METHODS = frozenset({"spec.logic", "spec.solving"})


def _mutable_nodes(tree: ast.Module, methods: bool = False) -> Iterator[ast.AST]:
    """Every node of the module's code: function bodies (and with ``methods``, the bodies of
    the classes' methods) and module-level assignments (the encoding's tables), without
    docstrings, imports, annotations and ``fresh``'s names."""
    for stmt in tree.body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)) or _docstring(stmt):
            continue
        if isinstance(stmt, ast.ClassDef):
            if methods:  # else: the area's variables, their shape, not a rule
                for method in stmt.body:
                    if isinstance(method, ast.FunctionDef):
                        for inner in method.body:
                            if not _docstring(inner):
                                yield from _walk(inner)
            continue
        if isinstance(stmt, ast.FunctionDef):
            if stmt.name in ("fresh",):
                continue
            for inner in stmt.body:
                if not _docstring(inner):
                    yield from _walk(inner)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            yield from _walk(stmt.value)


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    for child in ast.walk(node):
        if not isinstance(child, (ast.arg, ast.keyword)):
            yield child


@functools.cache
def mutants(module: str) -> tuple[Mutant, ...]:
    """Every single change to the code of ``module`` (see :func:`_changes`), each as the
    changed module's source (the change is made on the tree, written out and undone)."""
    path = Path(importlib.import_module(module).__file__ or "")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = _parents(tree)
    out = []
    for node in list(_mutable_nodes(tree, module in WITH_METHODS)):
        for what, (do, undo) in list(_changes(node, parents.get(id(node)))):
            do()
            text = ast.unparse(tree)
            undo()
            out.append(Mutant(module, getattr(node, "lineno", 0),
                              getattr(node, "col_offset", 0), what, text))
    return tuple(out)


def load(mutant: Mutant) -> types.ModuleType:
    """The changed module, as a new module object (the real one is untouched)."""
    module = _blank(mutant)
    _run(mutant, module)
    return module


def _blank(mutant: Mutant) -> types.ModuleType:
    """An empty module object for the changed module (named ``<module>_mutant``)."""
    module = types.ModuleType(mutant.module + "_mutant")
    module.__file__ = importlib.import_module(mutant.module).__file__
    return module


def _run(mutant: Mutant, module: types.ModuleType) -> None:
    code = compile(mutant.source, module.__file__ or mutant.module, "exec")
    exec(code, module.__dict__)  # noqa: S102 - the spec's own code, changed on purpose


def _imported(name: str) -> frozenset[str]:
    """The ``spec`` modules the module ``name`` imports anywhere in its code (``import a.b``,
    ``from a import b`` with ``b`` a module or a name of ``a``)."""
    path = Path(sys.modules[name].__file__ or "")
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return frozenset(n for n in out if n in sys.modules and n.startswith("spec."))


def dependents(module: str) -> frozenset[str]:
    """The loaded ``spec`` modules that import ``module``, directly or through others."""
    loaded = [n for n, m in sys.modules.items()
              if n.startswith("spec.") and getattr(m, "__file__", None)]
    imports = {n: _imported(n) for n in loaded}
    found = {module}
    while True:
        more = {n for n in loaded if n not in found and imports[n] & found}
        if not more:
            return frozenset(found - {module})
        found |= more


def world(mutant: Mutant, names: Sequence[str]) -> Mapping[str, types.ModuleType]:
    """The modules ``names`` as they are with the change made: the changed module takes the
    real one's place while every ``spec`` module importing it (directly or through others) is
    imported afresh, so a solver built on it (``questions`` on ``sheetvars`` ...) uses the
    change, with caches of its own.  Modules that do not import it are the real ones (their
    caches kept).  Afterwards ``sys.modules`` and the packages' attributes are as they were:
    the real modules are untouched."""
    for name in names:
        importlib.import_module(name)
    stale = dependents(mutant.module) | {mutant.module}
    saved = dict(sys.modules)
    changed = _blank(mutant)
    try:
        for name in stale:
            del sys.modules[name]
        sys.modules[mutant.module] = changed
        parent, _, leaf = mutant.module.rpartition(".")
        setattr(sys.modules[parent], leaf, changed)
        _run(mutant, changed)
        return {name: importlib.import_module(name) for name in names}
    finally:
        touched = stale | (set(sys.modules) - set(saved))
        sys.modules.clear()
        sys.modules.update(saved)
        for name in touched:
            parent, _, leaf = name.rpartition(".")
            if parent in sys.modules:
                if name in saved:
                    setattr(sys.modules[parent], leaf, saved[name])
                elif hasattr(sys.modules[parent], leaf):
                    delattr(sys.modules[parent], leaf)


Check = Callable[[], list[str]]


def against_brute_force(label: str, ask: Callable[[], object],
                        want: Callable[[], int]) -> Check:
    """A check that a solver's answer ``ask()`` is proven and equals ``want()``, an independent
    brute force over the engine's own entries; the line it gives names ``label`` and both."""
    return _proven_equal(ask, want, lambda value, proven, expected:
                         f"{label}: {value} (proven: {proven}), brute force {expected}")


def _proven_equal(ask: Callable[[], object], want: Callable[[], int],
                  say: Callable[[object, object, int], str]) -> Check:
    """A check that ``ask()`` answers ``want()``, proven; ``say(value, proven, expected)``
    words a difference."""
    def check() -> list[str]:
        expected = want()
        answer = ask()
        value, proven = getattr(answer, "value"), getattr(answer, "proven")
        if (value, proven) == (expected, True):
            return []
        return [say(value, proven, expected)]
    return check


World = Mapping[str, types.ModuleType]


def changed(w: World, name: str) -> bool:
    """The module ``name`` sees the change (it is a fresh copy in ``w``, not the real one)."""
    return w[name] is not sys.modules[name]


def killed(mutant: Mutant, encodings: Mapping[str, A],
           area_checks: Callable[[types.ModuleType, A], list[Check]], names: Sequence[str],
           whole_checks: Callable[[World], list[Check]]) -> str | None:
    """The first difference a game's checks find for the mutant (or the error its code
    raises); None when it survives every check.  A change to an area encoding
    (``encodings``: module name to area) is checked alone by ``area_checks``; any other
    where it is imported (:func:`world` of ``names``) by ``whole_checks``."""
    if mutant.module in encodings:
        area = encodings[mutant.module]
        return first_difference(mutant, lambda m: area_checks(m, area))
    return first_difference_in(mutant, names, whole_checks)


def printed_differences(module: types.ModuleType, engine: Mapping[str, object],
                        shown: int) -> list[str]:
    """The printed tables of ``module`` (a game's ``printed`` or a changed copy) against the
    engine's (``engine``: name to table; at most ``shown`` differences).  The spec's
    shorthands are checked through the modules that read them."""
    out = []
    for name, theirs in engine.items():
        ours = getattr(module, name)
        if (dict(ours) if isinstance(theirs, dict) else ours) != theirs:
            out.append(f"printed {name}: {ours!r}, the engine prints {theirs!r}")
    return out[:shown]


def out_of_time(q: types.ModuleType) -> list[str]:
    """A whole-sheet question (``q``: a game's ``questions`` or a changed copy) given no time
    at all (its deadline passed before the area tables are combined, so it always runs out)
    answers nothing and claims no proof."""
    out = []
    for answer in (q.sheet_max(3, 0.0), q.fewest(10, None, 0.0)):
        if answer.proven or answer.value is not None:
            out.append(f"{answer.question}, out of time: {answer.value} (proven: "
                       f"{answer.proven})")
    return out


def whole_sheet(label: str, ask: Callable[[], object], want: Callable[[], int]) -> Check:
    """A check that a whole-sheet answer ``ask()`` (``sheet_max``, ``fewest`` for the whole
    sheet) is proven and equals ``want()``, read from the real decomposition's best totals."""
    return _proven_equal(ask, want, lambda value, proven, expected:
                         f"{label}: {value}, the decomposition {expected}")


def full_sheet(ask: Callable[[int], object], totals: Callable[[], Sequence[int]]) -> Check:
    """A check that a whole-sheet question ``ask(most)`` (``sheet_max``) answers the best
    sheet of all, proven, with every entry a sheet holds and with more (``totals()``: the
    best total for every entry count, by the real decomposition)."""
    def check() -> list[str]:
        best = totals()
        out = []
        for most in (len(best) - 1, len(best) + 5):
            answer = ask(most)
            value, proven = getattr(answer, "value"), getattr(answer, "proven")
            if (value, proven) != (best[-1], True):
                out.append(f"sheet-max {most}: {value} (proven: {proven}), the best sheet "
                           f"{best[-1]}")
        return out
    return check


def first_difference(mutant: Mutant, checks: Callable[[types.ModuleType], list[Check]]
                     ) -> str | None:
    """The first difference ``checks`` (of the changed module) find for the mutant, or the
    error its code raises; None when it survives every check."""
    try:
        module = load(mutant)
        for check in checks(module):
            found = check()
            if found:
                return found[0]
    except Exception as exc:  # noqa: BLE001 - a mutant that breaks the code is killed
        return f"{type(exc).__name__}: {exc}"
    return None


def first_difference_in(mutant: Mutant, names: Sequence[str],
                        checks: Callable[[Mapping[str, types.ModuleType]], list[Check]]
                        ) -> str | None:
    """:func:`first_difference` for checks of the modules ``names`` as they are with the
    change made (:func:`world`): a solver, a bound, a whole sheet's total."""
    try:
        for check in checks(world(mutant, names)):
            found = check()
            if found:
                return found[0]
    except Exception as exc:  # noqa: BLE001 - a mutant that breaks the code is killed
        return f"{type(exc).__name__}: {exc}"
    return None


def sample(modules: Sequence[str], count: int, seed: int) -> list[Mutant]:
    """``count`` mutants drawn with ``seed``, spread over ``modules``."""
    rng = random.Random(seed)
    pool = {module: list(mutants(module)) for module in modules}
    out = []
    for i in range(count):
        module = modules[i % len(modules)]
        out.append(pool[module].pop(rng.randrange(len(pool[module]))))
    return out


def main(prog: str, modules: Sequence[str], killed: Callable[[Mutant], str | None],
         argv: list[str] | None = None) -> int:
    """Run mutants of ``modules``; print each survivor and the score."""
    parser = argparse.ArgumentParser(prog=prog, description="mutation testing of the modules "
                                     "a solver's answer depends on")
    parser.add_argument("--sample", type=int, default=0,
                        help="this many mutants, spread over the modules (0: all)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--module", action="append", choices=list(modules),
                        help="only these modules")
    args = parser.parse_args(argv)
    pool = args.module or list(modules)
    chosen = sample(pool, args.sample, args.seed) if args.sample \
        else [m for module in pool for m in mutants(module)]
    began = time.monotonic()
    survivors = []
    for i, mutant in enumerate(chosen, start=1):
        if killed(mutant) is None:
            survivors.append(mutant)
            print(f"SURVIVED {mutant.key}: {_line(mutant)}", flush=True)
        if i % 50 == 0:
            print(f"... {i}/{len(chosen)} ({time.monotonic() - began:.0f} s)", flush=True)
    count = len(chosen) - len(survivors)
    print(f"mutation score: {count}/{len(chosen)} killed "
          f"({100 * count / max(1, len(chosen)):.1f} %), {time.monotonic() - began:.0f} s")
    return 0


def _line(mutant: Mutant) -> str:
    source = inspect.getsource(importlib.import_module(mutant.module)).splitlines()
    return source[mutant.line - 1].strip() if 0 < mutant.line <= len(source) else ""


def source_line(mutant: Mutant) -> str:
    """The line of the real module the mutant changes, stripped."""
    return _line(mutant)


def replaced(module: str, old: str, new: str) -> Mutant:
    """A mutant made by hand: ``old`` (one occurrence in the module's source) replaced by
    ``new`` (a bug planted on purpose)."""
    path = Path(importlib.import_module(module).__file__ or "")
    source = path.read_text(encoding="utf-8")
    if source.count(old) != 1:
        raise ValueError(f"{module}: {old!r} occurs {source.count(old)} times")
    line = source[:source.index(old)].count("\n") + 1
    return Mutant(module, line, 0, f"planted {new!r}", source.replace(old, new))
