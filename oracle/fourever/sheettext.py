"""Sheet notation: one line of text for a player's whole sheet, like FEN for chess.

Grammar (fields in this order, separated by one space; every field always present)::

    y=ROW/ROW/ROW          yellow rows top to bottom: the numbers written, as digits
    b=ROW/.../ROW          blue rows 1..6, 6 cells each: x crossed, . free
    gy=PARTS               grey parts 0..16: x crossed, . free
    gn=LOWER/UPPER         green lower and upper lines: the numbers written, as digits
    p=NUMBERS              pink fields: the numbers written (the extra 3s included)
    rr=TRACK xd=TRACK ps=TRACK
                           action tracks (re-roll 7, extra die 7, polish the silver 9 fields):
                           x circled and spent, o circled, . not circled (spent from the left)
    q=BONUSES              pending question marks, comma-separated (?Y ?B ?G ?Gr ?P ?*)

Example (a new sheet after round 1's bonus)::

    y=// b=....../....../....../....../....../...... gy=................. gn=/ p=
    rr=o...... xd=....... ps=......... q=

Foxes are not written: they are read off the sheet.  ``parse_sheet(format_sheet(s)) == s``.
"""

from __future__ import annotations

from oracle.errors import NotationError
from oracle.fourever.areas import blue, green, grey, pink, yellow
from oracle.fourever.playersheet import PlayerSheet
from oracle.fourever.sheet import BONUS_BY_CODE, TRACKS, Bonus

KEYS: tuple[str, ...] = ("y", "b", "gy", "gn", "p", "rr", "xd", "ps", "q")
_TRACK_KEYS: tuple[tuple[str, Bonus], ...] = (
    ("rr", Bonus.REROLL), ("xd", Bonus.EXTRA_DIE), ("ps", Bonus.POLISH)
)


def _track(circled: int, spent: int, length: int) -> str:
    return "".join("x" if i < spent else "o" if i < circled else "." for i in range(length))


def format_sheet(sheet: PlayerSheet) -> str:
    """The sheet's one-line notation (see the module docstring)."""
    tracks = [
        f"{key}={_track(sheet.circled(b), sheet.spent(b), TRACKS[b].length)}"
        for key, b in _TRACK_KEYS
    ]
    return " ".join([
        f"y={yellow.notation(sheet.yellow)}",
        f"b={blue.notation(sheet.blue)}",
        f"gy={grey.notation(sheet.grey)}",
        f"gn={green.notation(sheet.green)}",
        f"p={pink.notation(sheet.pink)}",
        *tracks,
        f"q={','.join(b.code for b in sheet.pending)}",
    ])


def _fail(text: str, key: str, what: str) -> NotationError:
    return NotationError(f"sheet {text!r}: field {key}=: {what}")


def _parse_track(text: str, key: str, value: str, length: int) -> tuple[int, int]:
    if len(value) != length or set(value) - set("xo."):
        raise _fail(text, key, f"want {length} characters x, o or .")
    spent = len(value) - len(value.lstrip("x"))
    circled = spent + len(value[spent:]) - len(value[spent:].lstrip("o"))
    if value[circled:].strip("."):
        raise _fail(text, key, "spent fields (x) come first, then circled ones (o), then free (.)")
    return circled, spent


def parse_sheet(text: str) -> PlayerSheet:
    """A sheet from its notation; :class:`NotationError` names the field that is wrong."""
    if not isinstance(text, str):
        raise NotationError(f"sheet {text!r}: not a string")
    parts = text.split(" ")
    if len(parts) != len(KEYS):
        raise NotationError(f"sheet {text!r}: want {len(KEYS)} fields: {' '.join(KEYS)}")
    values: dict[str, str] = {}
    for part, key in zip(parts, KEYS):
        name, sep, value = part.partition("=")
        if name != key or not sep:
            raise NotationError(f"sheet {text!r}: field {part!r}: want {key}=...")
        values[key] = value
    try:
        areas = (
            yellow.parse_notation(values["y"]),
            blue.parse_notation(values["b"]),
            grey.parse_notation(values["gy"]),
            green.parse_notation(values["gn"]),
            pink.parse_notation(values["p"]),
        )
    except NotationError as error:
        raise NotationError(f"sheet {text!r}: {error}") from None
    tracks = [_parse_track(text, key, values[key], TRACKS[b].length) for key, b in _TRACK_KEYS]
    pending: list[Bonus] = []
    if values["q"]:
        for code in values["q"].split(","):
            bonus = BONUS_BY_CODE.get(code)
            if bonus is None or not bonus.is_question:
                raise _fail(text, "q", f"{code!r} is not a question mark")
            pending.append(bonus)
    if pending != sorted(pending):
        raise _fail(text, "q", "question marks are listed in order ?Y ?B ?G ?Gr ?P ?*")
    sheet = PlayerSheet(
        *areas,
        rerolls=tracks[0][0], rerolls_spent=tracks[0][1],
        extra_dice=tracks[1][0], extra_dice_spent=tracks[1][1],
        polish=tracks[2][0], polish_spent=tracks[2][1],
        pending=tuple(pending),
    )
    if format_sheet(sheet) != text:
        raise NotationError(f"sheet {text!r}: not canonical; write it as {format_sheet(sheet)!r}")
    return sheet
