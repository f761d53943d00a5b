"""Sheet notation: one line of text for a player's whole sheet, like FEN for chess, the same
grammar in every Clever game.

Fields in this order, separated by one space, every field always present::

    KEY=AREA ...            each area in sheet order, in its own notation (the area module's
                            ``notation``: e.g. Clever Cubed ``y=x...../....../......``)
    CODE=TRACK ...          the action tracks in the order the sheet prints them, one character
                            per field: ``.`` not circled, ``o`` circled, ``x`` circled and spent
    q=BONUSES               pending question marks, comma-separated, in order (``?Y,?*``)
    fox=N                   the foxes the sheet shows

The foxes are read off the sheet; ``fox=`` states them for a reader (a sheet that claims
another number is refused) and may be left out of a sheet given to the oracle.  Circles are
made left to right without gaps; re-roll and extra-die fields (and a game's action fields,
where the game says so) are spent left to right.  ``parse_sheet(v, format_sheet(v, s)) == s``.
"""

from __future__ import annotations

from oracle.engine.errors import NotationError
from oracle.engine.sheet import ACTION, TRACK_COUNT, Sheet
from oracle.engine.variant import Variant

__all__ = ["format_sheet", "keys", "parse_sheet"]

FOX_KEY = "fox"


def keys(variant: Variant) -> tuple[str, ...]:
    """The field keys in order."""
    return (tuple(a.rules.KEY for a in variant.areas)
            + tuple(variant.tracks[t].code for t in variant.track_order) + ("q", FOX_KEY))


def _track_text(length: int, circled: int, spent: int) -> str:
    return "".join(
        "x" if spent >> i & 1 else "o" if i < circled else "." for i in range(length)
    )


def format_sheet(variant: Variant, sheet: Sheet) -> str:
    """The sheet's one-line notation (see the module docstring)."""
    parts = [f"{a.rules.KEY}={a.rules.notation(sheet.parts[i])}"
             for i, a in enumerate(variant.areas)]
    for t in variant.track_order:
        track = variant.tracks[t]
        parts.append(f"{track.code}={_track_text(track.length, sheet.circled[t], sheet.spent[t])}")
    parts.append(f"q={','.join(b.code for b in sheet.pending)}")
    parts.append(f"{FOX_KEY}={variant.foxes(sheet)}")
    return " ".join(parts)


def _fail(text: str, key: str, what: str) -> NotationError:
    return NotationError(f"sheet {text[:200]!r}: field {key}=: {what}")


def _parse_track(text: str, key: str, length: int, value: str, in_order: bool) -> tuple[int, int]:
    if len(value) != length or set(value) - {"x", "o", "."}:
        raise _fail(text, key, f"want {length} fields, each . (not circled), o (circled) or x "
                    "(spent)")
    circled = len(value.rstrip("."))
    if "." in value[:circled]:
        raise _fail(text, key, "action fields are circled left to right without gaps")
    spent = sum(1 << i for i, ch in enumerate(value) if ch == "x")
    if in_order and spent & (spent + 1):
        raise _fail(text, key, "these action fields are spent left to right")
    return circled, spent


def parse_sheet(variant: Variant, text: str) -> Sheet:
    """A sheet of ``variant`` from its notation; :class:`NotationError` names the field and what
    is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"sheet {text!r}: not a string")
    fields = text.split(" ")
    names = [f.partition("=")[0] for f in fields]
    want = list(keys(variant))
    if names == want[:-1]:
        fields.append("")  # the foxes left out: read off the sheet
        names.append(FOX_KEY)
    if names != want or any("=" not in f for f in fields[:-1]):
        raise NotationError(
            f"sheet {text[:200]!r}: want the fields {' '.join(k + '=' for k in want)} in this "
            "order, separated by one space"
        )
    value = {k: f.partition("=")[2] for k, f in zip(names, fields)}
    parts = []
    for area in variant.areas:
        key = area.rules.KEY
        try:
            parts.append(area.rules.read(value[key]))
        except NotationError as exc:
            raise _fail(text, key, str(exc)) from None
    circled, spent = [0] * TRACK_COUNT, [0] * TRACK_COUNT
    for t, track in enumerate(variant.tracks):
        in_order = t != ACTION or variant.action.spends_in_order
        circled[t], spent[t] = _parse_track(text, track.code, track.length, value[track.code],
                                            in_order)
    pending = []
    codes = {b.code: b for b in variant.bonuses if variant.is_question[b]}
    for code in value["q"].split(",") if value["q"] else []:
        if code in variant.renamed:
            raise _fail(text, "q", f"{code!r} is now written {variant.renamed[code]!r}")
        if code not in codes:
            raise _fail(text, "q", f"{code!r} is not a question mark ({' '.join(codes)})")
        pending.append(codes[code])
    sheet = variant.sheet.make(tuple(parts), tuple(circled), tuple(spent), tuple(sorted(pending)))
    canonical = format_sheet(variant, sheet)
    foxes = value[FOX_KEY]
    if foxes and foxes != str(variant.foxes(sheet)):
        raise _fail(text, FOX_KEY, f"{foxes[:20]!r}, but the sheet shows {variant.foxes(sheet)} "
                    "foxes")
    if canonical != text and canonical.rpartition(" ")[0] != text:
        raise NotationError(f"sheet {text[:200]!r}: not canonical; write it as {canonical!r}")
    return sheet
