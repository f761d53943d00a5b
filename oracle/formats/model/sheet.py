"""A player's sheet in the JSON game model (docs/formats.md, section 6): the sheet as data a
person reads without our notation, the same content as sheet notation (:mod:`oracle.formats.sheettext`).

Keys, in the order the sheet prints them: each area by its name (``yellow`` ...: the area
module's ``to_json``, :mod:`oracle.engine.area`), then::

    actions          each action track by its name (reroll, number_joker, extra_die; Clever
                     4Ever: reroll, extra_die, polish_the_silver), as {"circled": N, "used": [..]}:
                     the fields circled (left to right, so a count) and the fields used (their
                     positions 1..length, ascending)
    question_marks   the pending question marks, in order (["?Y", "?*"])
    foxes            the foxes the sheet shows (read off the sheet: given back, it is checked)

``sheet_from_json(v, sheet_to_json(v, s)) == s``, and what sheet notation's reader refuses
(a track circled with gaps, fields used out of order where they are used in order, a question
mark that is none) is refused here, with the JSON pointer of the fault.
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Hashable
from functools import cache, lru_cache

from oracle.formats.jsontext import loads_keys_unseen
from oracle.formats.jsonread import (JSONModelError, ascending, choice, exact, integer, items, key,
                                     obj, pointer)
from oracle.engine.kinds import Coded
from oracle.engine.sheet import ACTION, TRACK_COUNT, Sheet
from oracle.engine.tracks import Track
from oracle.engine.variant import Variant

__all__ = ["check_foxes_of", "sheet_from_json", "sheet_keys", "sheet_to_json", "sheet_to_json_text",
           "track_key"]

#: The longest action track of any game (Clever 4Ever's polish the silver has 9 fields).
_LONGEST = 10
#: USED[mask]: the 1-based positions of the fields set in a track's spent mask.
USED: tuple[tuple[int, ...], ...] = tuple(
    tuple(i + 1 for i in range(_LONGEST) if mask >> i & 1) for mask in range(1 << _LONGEST)
)


def track_key(track: Track[object]) -> str:
    """A track's key in the JSON model: its printed name in snake case (``re-roll`` →
    ``reroll``, ``number joker`` → ``number_joker``)."""
    return track.label.replace("-", "").replace(" ", "_")


@cache
def _layout(variant: Variant) -> tuple[tuple[str, ...], tuple[tuple[int, str], ...],
                                       dict[str, Coded]]:
    """The area labels in sheet order; the tracks as (engine index, key) in printed order; the
    question marks by code."""
    labels = tuple(a.label for a in variant.areas)
    tracks = tuple((t, track_key(variant.tracks[t])) for t in variant.track_order)
    codes = {b.code: b for b in variant.bonuses if variant.is_question[b]}
    return labels, tracks, codes


def sheet_keys(variant: Variant) -> tuple[str, ...]:
    """The keys of a sheet's JSON, in order (``foxes`` last: it may be left out)."""
    return _layout(variant)[0] + ("actions", "question_marks", "foxes")


def sheet_to_json(variant: Variant, sheet: Sheet, foxes: int | None = None) -> dict[str, object]:
    """The sheet as JSON data (see the module docstring); ``foxes`` when the caller has counted
    them already."""
    labels, tracks, _ = _layout(variant)
    parts = sheet.parts
    out: dict[str, object] = {label: area.rules.to_json(parts[i])
                              for i, (label, area) in enumerate(zip(labels, variant.areas))}
    circled, spent = sheet.circled, sheet.spent
    out["actions"] = {name: {"circled": circled[t], "used": list(USED[spent[t]])}
                      for t, name in tracks}
    out["question_marks"] = [b.code for b in sheet.pending]
    out["foxes"] = variant.foxes(sheet) if foxes is None else foxes
    return out


@lru_cache(maxsize=8192)
def _area_text(variant: Variant, a: int, part: Hashable) -> str:
    """The JSON text of area ``a``'s part (cached: a move changes one area of a sheet, and the
    others come back)."""
    return json.dumps(variant.areas[a].rules.to_json(part))


@lru_cache(maxsize=4096)
def _rest_text(variant: Variant, circled: tuple[int, ...], spent: tuple[int, ...],
               pending: tuple[Coded, ...], foxes: int) -> str:
    """The JSON text of a sheet's keys after its areas (cached: they change less often)."""
    _, tracks, _ = _layout(variant)
    return json.dumps({
        "actions": {name: {"circled": circled[t], "used": list(USED[spent[t]])}
                    for t, name in tracks},
        "question_marks": [b.code for b in pending], "foxes": foxes})[1:]


def sheet_to_json_text(variant: Variant, sheet: Sheet, foxes: int) -> str:
    """``json.dumps(sheet_to_json(variant, sheet, foxes))``, exactly (the default separators),
    made of each area's text kept (:func:`_area_text`): what the service writes, quicker."""
    labels = _layout(variant)[0]
    areas = ", ".join(f'"{label}": {_area_text(variant, a, part)}'
                      for a, (label, part) in enumerate(zip(labels, sheet.parts)))
    return (f"{{{areas}, "
            + _rest_text(variant, sheet.circled, sheet.spent, sheet.pending, foxes))


@cache
def _track_forms(variant: Variant, t: int) -> dict[tuple[int, tuple[int, ...]], int]:
    """Every well-formed (circled, fields used) of track ``t`` and its spent mask: the fast
    reading of a track (anything else is read by :func:`_track`, which names the fault)."""
    track = variant.tracks[t]
    in_order = t != ACTION or variant.action.spends_in_order
    forms = {}
    for circled in range(track.length + 1):
        for mask in range(1 << circled):
            if not in_order or mask & (mask + 1) == 0:
                forms[circled, USED[mask]] = mask
    return forms


def _track(variant: Variant, t: int, value: object, where: str) -> tuple[int, int]:
    """One track's (circled, spent mask)."""
    if type(value) is dict and len(value) == 2 and type(value.get("used")) is list:
        circled = value.get("circled", -1)
        used = value["used"]
        if type(circled) is int and all(type(f) is int for f in used):
            mask = _track_forms(variant, t).get((circled, tuple(used)))
            if mask is not None:
                return circled, mask
    track = variant.tracks[t]
    fields = obj(value, where, ("circled", "used"))
    circled = integer(fields["circled"], where + "/circled", 0, track.length,
                      f"{track.label} fields circled")
    used, at = key(fields, "used", where)
    positions = ascending(used, at, 1, track.length, f"{track.label} fields used")
    for i, field in enumerate(positions):
        if field > circled:
            raise JSONModelError(pointer(at, i), f"{track.label} field {field} is used but not "
                                 f"circled ({circled} circled, left to right)")
    in_order = t != ACTION or variant.action.spends_in_order
    if in_order and positions != tuple(range(1, len(positions) + 1)):
        raise JSONModelError(at, f"{track.label} fields are used left to right: want "
                             f"{list(range(1, len(positions) + 1))}")
    return circled, sum(1 << (f - 1) for f in positions)


def _pending(variant: Variant, value: object, where: str) -> tuple[Coded, ...]:
    codes = _layout(variant)[2]
    listed = items(value, where, 64, "pending question marks")
    pending: list[Coded] = []
    for i, code in enumerate(listed):
        at = pointer(where, i)
        if isinstance(code, str) and code in variant.renamed:
            raise JSONModelError(at, f"{code!r} is now written {variant.renamed[code]!r}")
        pending.append(codes[choice(code, at, tuple(codes), "a question mark")])
    if pending != sorted(pending):
        raise JSONModelError(where, "list the pending question marks in the sheet's order: "
                             f"{[b.code for b in sorted(pending)]}")
    return tuple(pending)


def sheet_from_json(variant: Variant, value: object, where: str = "",
                    check_foxes: bool = True) -> Sheet:
    """A sheet of ``variant`` from its JSON data; :class:`JSONModelError` names the JSON
    pointer of the fault (``where``: the pointer of ``value`` in what holds it).  Given foxes
    are checked unless the caller checks them (``check_foxes`` False: :func:`check_foxes`)."""
    labels, tracks, _ = _layout(variant)
    fields = obj(value, where, (*labels, "actions", "question_marks"), ("foxes",))
    parts = tuple(_area(variant, a, fields[label], where, label)
                  for a, label in enumerate(labels))
    actions_at = where + "/actions"
    actions = obj(fields["actions"], actions_at, tuple(name for _, name in tracks))
    circled, spent = [0] * TRACK_COUNT, [0] * TRACK_COUNT
    for t, name in tracks:
        circled[t], spent[t] = _track(variant, t, actions[name], f"{actions_at}/{name}")
    pending = _pending(variant, fields["question_marks"], where + "/question_marks")
    sheet = variant.sheet.make(parts, tuple(circled), tuple(spent), pending)
    if check_foxes and "foxes" in fields:
        check_foxes_of(value, where, variant.foxes(sheet))
    return sheet


#: How many areas' readings are kept (each a few hundred bytes with its key).
AREAS_KEPT = 4096


def _area(variant: Variant, a: int, value: object, where: str, label: str) -> Hashable:
    """Area ``a``'s part of a sheet from its JSON ``value`` (the area module's ``from_json``),
    kept by its exact data (:func:`_area_of`): a new sheet mostly differs from the one before in
    one area.  A value refused is read again where it lies, so that the fault's pointer is
    named in full."""
    data = exact(value)
    if data is not None:
        try:
            return _area_of(variant, a, data)
        except JSONModelError:
            pass
    return variant.areas[a].rules.from_json(value, f"{where}/{label}")


@lru_cache(maxsize=AREAS_KEPT)
def _area_of(variant: Variant, a: int, data: bytes) -> Hashable:
    """Area ``a``'s part read from the data ``data`` (:func:`~oracle.formats.jsonread.exact`):
    a pure function of its arguments, cached (a refused value raises and is not kept)."""
    return variant.areas[a].rules.from_json(marshal.loads(data), "")


class NotWritten(ValueError):
    """A text that is not what the oracle writes for what was read from it
    (:func:`sheet_from_written`, :mod:`oracle.formats.model.written`)."""


def sheet_from_written(variant: Variant, text: bytes) -> tuple[Sheet, int]:
    """The sheet whose JSON text as :func:`sheet_to_json_text` writes it is ``text``, with the
    foxes the text shows (for the caller to check against the sheet's); :class:`NotWritten`
    (or the reading's own error) for any other text.  Each area's text and the text after
    the areas are read apart and kept with what they read (:func:`_area_written`,
    :func:`_rest_written`), and each is kept only when it is what the oracle writes for what
    was read from it: so ``text`` is, byte for byte, the sheet's text, and a sheet that
    differs from one read before in one area costs one area's reading."""
    keys = _keys(variant)
    if not text.startswith(b"{" + keys[0]):
        raise NotWritten("not a sheet's text")
    parts = []
    at = 1 + len(keys[0])
    for a in range(len(keys) - 1):
        end = text.find(b", " + keys[a + 1], at)
        if end < 0:
            raise NotWritten(f"no {keys[a + 1]!r}")
        parts.append(_area_written(variant, a, text[at:end]))
        at = end + 2 + len(keys[a + 1])
    circled, spent, pending, foxes = _rest_written(variant, text[at - len(keys[-1]):])
    return variant.sheet.make(tuple(parts), circled, spent, pending), foxes


@cache
def _keys(variant: Variant) -> tuple[bytes, ...]:
    """How each area's text begins in a sheet's text, then the keys after the areas."""
    return tuple(f'"{label}": '.encode("ascii") for label in _layout(variant)[0]) + \
        (b'"actions": ',)


@lru_cache(maxsize=AREAS_KEPT)
def _area_written(variant: Variant, a: int, text: bytes) -> Hashable:
    """Area ``a``'s part read from its JSON text ``text``, when ``text`` is what the oracle
    writes for it (:func:`_area_text`); else :class:`NotWritten` or the reading's error (not
    kept: only what is read is cached)."""
    part = variant.areas[a].rules.from_json(loads_keys_unseen(text), "")
    if _area_text(variant, a, part).encode("ascii") != text:
        raise NotWritten(f"area {a + 1}")
    return part


@lru_cache(maxsize=AREAS_KEPT)
def _rest_written(variant: Variant, text: bytes) -> tuple[tuple[int, ...], tuple[int, ...],
                                                           tuple[Coded, ...], int]:
    """The action tracks (circled, spent), the pending question marks and the foxes read from
    the text of a sheet's keys after its areas (:func:`_rest_text`), when ``text`` is what the
    oracle writes for them; else :class:`NotWritten` or the reading's error."""
    fields = obj(loads_keys_unseen(b"{" + text), "", ("actions", "question_marks", "foxes"))
    _, tracks, _ = _layout(variant)
    actions = obj(fields["actions"], "/actions", tuple(name for _, name in tracks))
    circled, spent = [0] * TRACK_COUNT, [0] * TRACK_COUNT
    for t, name in tracks:
        circled[t], spent[t] = _track(variant, t, actions[name], f"/actions/{name}")
    pending = _pending(variant, fields["question_marks"], "/question_marks")
    foxes = fields["foxes"]
    if type(foxes) is not int or _rest_text(variant, tuple(circled), tuple(spent), pending,
                                            foxes).encode("ascii") != text:
        raise NotWritten("the actions, question marks and foxes")
    return tuple(circled), tuple(spent), pending, foxes


def check_foxes_of(value: object, where: str, shown: int) -> None:
    """A sheet's JSON ``value`` (read by :func:`sheet_from_json`) must show ``shown`` foxes if
    it gives its foxes."""
    assert isinstance(value, dict)
    given = value.get("foxes", shown)
    if given != shown or type(given) is not int:
        raise JSONModelError(where + "/foxes", f"the sheet shows {shown} foxes, not "
                             f"{str(given)[:40]}")
