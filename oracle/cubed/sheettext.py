"""Sheet notation: one line of text for a player's whole sheet, like FEN for chess.

Grammar (fields in this order, separated by one space; every field always present)::

    y=ROW/ROW/ROW                   yellow rows I..III, 6 cells each: x crossed, . free
    t=ROW/ROW/ROW/ROW/ROW           turquoise rows 1..5, 6 cells each (columns 1..6)
    b=LEFT|RIGHT                    blue numbers from the middle out, comma-separated (2..12)
    br=CELLS                        brown fields 1..12: x crossed, . free
    p=VALUES                        pink numbers in field order, each with h (half; with the
                                    bonus from field 2 on) or t (times the star)
    rr=TRACK nj=TRACK xd=TRACK      action tracks, 7 fields: . not circled, o circled,
                                    x circled and spent (re-roll, number joker, extra die)
    q=BONUSES                       pending question marks, comma-separated (?Y ?T ?B ?Br ?P ?*)

Example (a new sheet after round 1's bonus)::

    y=....../....../...... t=....../....../....../....../...... b=| br=............ p=
    rr=o...... nj=....... xd=....... q=

Foxes are not written: they are read off the sheet.  ``parse_sheet(format_sheet(s)) == s``.
"""

from __future__ import annotations

from oracle.errors import NotationError
from oracle.cubed import pink
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.sheet import (
    BLUE_MAX,
    BLUE_MIN,
    BLUE_SIDE_FIELDS,
    BONUS_BY_CODE,
    PINK_FIELDS,
    PINK_STARS,
    TRACK_LENGTH,
)

KEYS: tuple[str, ...] = ("y", "t", "b", "br", "p", "rr", "nj", "xd", "q")


def _cells(mask: int, rows: int) -> str:
    return "/".join(
        "".join("x" if mask >> (r * 6 + c) & 1 else "." for c in range(6)) for r in range(rows)
    )


def _track(circled: int, spent_mask: int) -> str:
    return "".join(
        "x" if spent_mask >> i & 1 else "o" if i < circled else "." for i in range(TRACK_LENGTH)
    )


def _count_mask(count: int) -> int:
    return (1 << count) - 1


def format_sheet(sheet: PlayerSheet) -> str:
    """The sheet's one-line notation (see the module docstring)."""
    pink_text = ",".join(
        f"{v}{'h' if i == 0 or sheet.pink_bonus >> i & 1 else 't'}"
        for i, v in enumerate(sheet.pink)
    )
    return " ".join((
        f"y={_cells(sheet.yellow, 3)}",
        f"t={_cells(sheet.turquoise, 5)}",
        f"b={','.join(map(str, sheet.blue_left))}|{','.join(map(str, sheet.blue_right))}",
        f"br={''.join('x' if sheet.brown >> i & 1 else '.' for i in range(12))}",
        f"p={pink_text}",
        f"rr={_track(sheet.rerolls, _count_mask(sheet.rerolls_spent))}",
        f"nj={_track(sheet.jokers, sheet.jokers_spent)}",
        f"xd={_track(sheet.extra_dice, _count_mask(sheet.extra_dice_spent))}",
        f"q={','.join(b.code for b in sheet.pending)}",
    ))


def _fail(text: str, key: str, what: str) -> NotationError:
    return NotationError(f"sheet {text!r}: field {key}=: {what}")


def _parse_cells(text: str, key: str, value: str, rows: int) -> int:
    parts = value.split("/")
    if len(parts) != rows or any(len(p) != 6 or set(p) - {"x", "."} for p in parts):
        raise _fail(text, key, f"want {rows} rows of 6 cells, each x or ., joined by /")
    return sum(1 << (r * 6 + c) for r, p in enumerate(parts) for c, ch in enumerate(p) if ch == "x")


def _parse_track(text: str, key: str, value: str, in_order: bool) -> tuple[int, int]:
    if len(value) != TRACK_LENGTH or set(value) - {"x", "o", "."}:
        raise _fail(text, key, "want 7 fields, each . (not circled), o (circled) or x (spent)")
    circled = len(value.rstrip("."))
    if "." in value[:circled]:
        raise _fail(text, key, "action fields are circled left to right without gaps")
    spent = sum(1 << i for i, ch in enumerate(value) if ch == "x")
    if in_order and spent != _count_mask(spent.bit_count()):
        raise _fail(text, key, "these action fields are spent left to right")
    return circled, spent


def _parse_blue(text: str, value: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    left, sep, right = value.partition("|")
    if not sep:
        raise _fail(text, "b", "want LEFT|RIGHT")
    sides = []
    for side in (left, right):
        numbers = side.split(",") if side else []
        if len(numbers) > BLUE_SIDE_FIELDS or not all(
            n.isdigit() and BLUE_MIN <= int(n) <= BLUE_MAX and str(int(n)) == n for n in numbers
        ):
            raise _fail(text, "b", "each side holds up to 6 numbers from 2 to 12")
        sides.append(tuple(int(n) for n in numbers))
    return sides[0], sides[1]


def _parse_pink(text: str, value: str) -> tuple[tuple[int, ...], int]:
    entries = value.split(",") if value else []
    if len(entries) > PINK_FIELDS:
        raise _fail(text, "p", "at most 12 numbers")
    written, bonus_mask = [], 0
    for i, entry in enumerate(entries):
        number, option = entry[:-1], entry[-1:]
        if option not in ("h", "t") or not number.isdigit() or str(int(number)) != number:
            raise _fail(text, "p", f"entry {i + 1} {entry!r}: want a number then h or t")
        chosen = pink.HALF if option == "h" else pink.TIMES
        if i == 0 and chosen == pink.TIMES:
            raise _fail(text, "p", "the first pink field always takes half")
        possible = {pink.value(i + 1, die, chosen) for die in range(1, 7)}
        if int(number) not in possible:
            raise _fail(text, "p", f"entry {i + 1} {entry!r}: field {i + 1} cannot hold that "
                        f"(star {PINK_STARS[i]})")
        written.append(int(number))
        if chosen == pink.HALF and i > 0:
            bonus_mask |= 1 << i
    return tuple(written), bonus_mask


def parse_sheet(text: str) -> PlayerSheet:
    """Parse a sheet's notation; :class:`NotationError` names the field and what is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"sheet {text!r}: not a string")
    parts = text.split(" ")
    keys = [p.partition("=")[0] for p in parts]
    if keys != list(KEYS) or any("=" not in p for p in parts):
        raise NotationError(
            f"sheet {text!r}: want the fields {' '.join(k + '=' for k in KEYS)} in this order, "
            "separated by one space"
        )
    value = {k: p.partition("=")[2] for k, p in zip(keys, parts)}
    rerolls, rr_spent = _parse_track(text, "rr", value["rr"], True)
    jokers, nj_spent = _parse_track(text, "nj", value["nj"], False)
    extra, xd_spent = _parse_track(text, "xd", value["xd"], True)
    pending = []
    for code in value["q"].split(",") if value["q"] else []:
        bonus = BONUS_BY_CODE.get(code)
        if bonus is None or not bonus.is_question:
            raise _fail(text, "q", f"{code!r} is not a question mark (?Y ?T ?B ?Br ?P ?*)")
        pending.append(bonus)
    brown = value["br"]
    if len(brown) != 12 or set(brown) - {"x", "."}:
        raise _fail(text, "br", "want 12 fields, each x or .")
    left, right = _parse_blue(text, value["b"])
    written, bonus_mask = _parse_pink(text, value["p"])
    sheet = PlayerSheet(
        yellow=_parse_cells(text, "y", value["y"], 3),
        turquoise=_parse_cells(text, "t", value["t"], 5),
        blue_left=left,
        blue_right=right,
        brown=sum(1 << i for i, ch in enumerate(brown) if ch == "x"),
        pink=written,
        pink_bonus=bonus_mask,
        rerolls=rerolls,
        rerolls_spent=rr_spent.bit_count(),
        jokers=jokers,
        jokers_spent=nj_spent,
        extra_dice=extra,
        extra_dice_spent=xd_spent.bit_count(),
        pending=tuple(sorted(pending)),
    )
    if format_sheet(sheet) != text:
        raise NotationError(f"sheet {text!r}: not canonical; write it as {format_sheet(sheet)!r}")
    return sheet
