"""A quick first check of request bodies: a request body's JSON Schema (with its references in
place, :func:`oracle.serve.schemas._inlined`) made into a Python function that says whether a
value certainly is valid.  It understands the few keywords the service's request bodies use and
is sound, never complete: where it says yes, the schema holds (so the full check, with
``jsonschema``, can be skipped); where it says no, or the schema uses a keyword it does not
know, the full check runs and words the error.  A body that is valid is then checked in a few
microseconds rather than the tens a general validator takes.

Where JSON Schema and Python differ it says no and leaves the value to the full check: a float
for an integer, ``true`` against a number (``True == 1`` in Python), a string past its length
limit counted in code points beyond the Basic Multilingual Plane, and so on.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping

#: A compiled check: True only when the value is valid.
Check = Callable[[object], bool]

#: Keywords that say nothing about validity.
_NOTES = frozenset({"title", "description", "examples", "$comment", "default"})
_TYPES: dict[str, Callable[[object], bool]] = {
    "object": lambda v: type(v) is dict,
    "array": lambda v: type(v) is list,
    "string": lambda v: type(v) is str,
    "integer": lambda v: type(v) is int,
    "number": lambda v: type(v) is int or type(v) is float,
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
}


class Unknown(Exception):
    """The schema uses a keyword (or a form of one) this module does not check."""


def _same(value: object, wanted: object) -> bool:
    """JSON equality where Python's ``==`` is the same: strings, null, booleans and integers
    of the same type (never ``1 == True``); anything else is not known equal."""
    if type(value) is not type(wanted) or type(value) not in (str, bool, int, type(None)):
        return False
    return value == wanted


def _any(checks: list[Check]) -> Check:
    def check(value: object) -> bool:
        for one in checks:
            if one(value):
                return True
        return False
    return check


def _one(checks: list[Check]) -> Check:
    return lambda value: sum(check(value) for check in checks) == 1


def _all(checks: list[Check]) -> Check:
    if len(checks) == 1:
        return checks[0]

    def check(value: object) -> bool:
        for one in checks:
            if not one(value):
                return False
        return True
    return check


def compile_check(schema: object) -> Check:
    """The check of ``schema`` (raises :class:`Unknown` for a keyword it does not know)."""
    if schema is True:
        return lambda value: True
    if not isinstance(schema, Mapping):
        raise Unknown(f"a schema of type {type(schema).__name__}")
    checks: list[Check] = []
    keys = set(schema) - _NOTES
    if "type" in keys:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        tests = [_TYPES[k] for k in kinds]
        checks.append(lambda value: any(test(value) for test in tests))
    if "enum" in keys:
        choices = list(schema["enum"])
        checks.append(lambda value: any(_same(value, c) for c in choices))
    if "const" in keys:
        wanted = schema["const"]
        checks.append(lambda value: _same(value, wanted))
    checks.extend(_strings(schema, keys))
    checks.extend(_numbers(schema, keys))
    checks.extend(_objects(schema, keys))
    checks.extend(_arrays(schema, keys))
    checks.extend(_choices(schema, keys))
    unknown = keys - _KNOWN
    if unknown:
        raise Unknown(", ".join(sorted(unknown)))
    return _all(checks) if checks else (lambda value: True)


def _strings(schema: Mapping[str, object], keys: set[str]) -> list[Check]:
    checks: list[Check] = []
    low, high = schema.get("minLength", 0), schema.get("maxLength")
    if "minLength" in keys or "maxLength" in keys:
        assert isinstance(low, int) and (high is None or isinstance(high, int))
        # len() counts code points, as JSON Schema does
        checks.append(lambda v: type(v) is not str or (
            low <= len(v) and (high is None or len(v) <= high)))
    return checks


def _bound(holds: Callable[[float, float], bool], bound: float) -> Check:
    """A number's bound (it says nothing of what is not a number)."""
    def check(value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return True
        return holds(value, bound)
    return check


def _numbers(schema: Mapping[str, object], keys: set[str]) -> list[Check]:
    comparisons = {"minimum": operator.ge, "maximum": operator.le,
                   "exclusiveMinimum": operator.gt, "exclusiveMaximum": operator.lt}
    checks: list[Check] = []
    for key, holds in comparisons.items():
        if key in keys:
            bound = schema[key]
            if type(bound) not in (int, float):
                raise Unknown(f"{key} {bound!r}")
            checks.append(_bound(holds, bound))  # type: ignore[arg-type]  # an int or a float
    return checks


def _objects(schema: Mapping[str, object], keys: set[str]) -> list[Check]:
    checks: list[Check] = []
    properties = schema.get("properties", {})
    assert isinstance(properties, Mapping)
    named = {name: compile_check(sub) for name, sub in properties.items()}
    if named:
        def each(value: object) -> bool:
            if type(value) is dict:
                for name, item in value.items():
                    check = named.get(name)
                    if check is not None and not check(item):
                        return False
            return True
        checks.append(each)
    if "required" in keys:
        required = list(schema["required"])  # type: ignore[call-overload]  # a list of names
        checks.append(lambda v: type(v) is not dict or all(name in v for name in required))
    if "additionalProperties" in keys:
        extra = schema["additionalProperties"]
        if extra is False:
            checks.append(lambda v: type(v) is not dict or all(k in named for k in v))
        else:
            rest = compile_check(extra)
            checks.append(lambda v: type(v) is not dict or all(
                rest(item) for k, item in v.items() if k not in named))
    return checks


def _arrays(schema: Mapping[str, object], keys: set[str]) -> list[Check]:
    checks: list[Check] = []
    if "items" in keys:
        each = compile_check(schema["items"])
        checks.append(lambda v: type(v) is not list or all(each(item) for item in v))
    low, high = schema.get("minItems", 0), schema.get("maxItems")
    if "minItems" in keys or "maxItems" in keys:
        assert isinstance(low, int) and (high is None or isinstance(high, int))
        checks.append(lambda v: type(v) is not list or (
            low <= len(v) and (high is None or len(v) <= high)))
    return checks


def _choices(schema: Mapping[str, object], keys: set[str]) -> list[Check]:
    """``oneOf``, ``anyOf``, ``allOf`` and ``not``.  A yes of ``oneOf`` needs one branch to
    hold for certain and the others to fail for certain, and a yes of ``not`` its schema to
    fail for certain; this module's no is not certain, so they are decided only over branches
    of types no value has at once (at most one can hold) or of ``required`` fields alone
    (whose answer is exact), and otherwise left to the full check."""
    checks: list[Check] = []
    for key in ("oneOf", "anyOf", "allOf"):
        if key in keys:
            branches = schema[key]
            assert isinstance(branches, list)
            if key == "allOf":
                checks.append(_all([compile_check(b) for b in branches]))
            elif key == "anyOf" or _disjoint(branches):  # oneOf: at most one can hold
                checks.append(_any([compile_check(b) for b in branches]))
            else:
                checks.append(_one([_exact(b) for b in branches]))
    if "not" in keys:
        test = _exact(schema["not"])
        checks.append(lambda v: not test(v))
    return checks


#: The JSON types each type keyword's values have ("number" holds the integers too).
_KINDS = {"integer": {"integer"}, "number": {"integer", "number"}}


def _disjoint(branches: list[object]) -> bool:
    """True when every branch says its ``type`` and no value has two of them."""
    seen: set[str] = set()
    for branch in branches:
        if not isinstance(branch, Mapping) or "type" not in branch:
            return False
        kinds = branch["type"] if isinstance(branch["type"], list) else [branch["type"]]
        these = set().union(*(_KINDS.get(str(k), {str(k)}) for k in kinds))
        if these & seen:
            return False
        seen |= these
    return True


def _exact(schema: object) -> Check:
    """The exact answer of a schema made of ``required``, ``anyOf``, ``not`` and nothing else
    (what the request bodies' ``oneOf`` and ``not`` hold); :class:`Unknown` for any other."""
    if not isinstance(schema, Mapping) or not set(schema) - _NOTES <= {"required", "anyOf",
                                                                          "not"}:
        raise Unknown("a choice of shapes other than by the fields given")
    tests: list[Check] = []
    if "required" in schema:
        required = list(schema["required"])
        tests.append(lambda v: type(v) is dict and all(name in v for name in required))
    if "anyOf" in schema:
        branches = [_exact(b) for b in schema["anyOf"]]
        tests.append(lambda v: any(test(v) for test in branches))
    if "not" in schema:
        negated = _exact(schema["not"])
        tests.append(lambda v: not negated(v))
    return lambda v: all(test(v) for test in tests)


_KNOWN = frozenset({"type", "enum", "const", "minLength", "maxLength", "minimum", "maximum",
                    "exclusiveMinimum", "exclusiveMaximum", "properties", "required",
                    "additionalProperties", "items", "minItems", "maxItems", "oneOf", "anyOf",
                    "allOf", "not"})


def quick_check(schema: object) -> Check | None:
    """The quick check of ``schema``, or None when it uses what this module does not check."""
    try:
        return compile_check(schema)
    except (Unknown, KeyError, AssertionError, TypeError):
        return None
