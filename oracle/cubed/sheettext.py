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
from oracle.cubed.areas import AREA_MODULES
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.sheet import BONUS_BY_CODE, TRACKS, Bonus
from oracle.tracks import Track

#: The field keys in order: each area's, each action track's, then the pending question marks.
KEYS: tuple[str, ...] = (
    tuple(area.KEY for area in AREA_MODULES) + tuple(track.code for track in TRACKS) + ("q",)
)


def _count_mask(count: int) -> int:
    return (1 << count) - 1


def spent_mask(sheet: PlayerSheet, track: Track[Bonus]) -> int:
    """The spent fields of a track as a mask: re-roll and extra-die fields are spent left to
    right (a count); number-joker fields in any order (ruling 20; a mask)."""
    if track.action is Bonus.REROLL:
        return _count_mask(sheet.rerolls_spent)
    if track.action is Bonus.EXTRA_DIE:
        return _count_mask(sheet.extra_dice_spent)
    return sheet.jokers_spent


def _track(track: Track[Bonus], circled: int, spent_mask: int) -> str:
    return "".join(
        "x" if spent_mask >> i & 1 else "o" if i < circled else "." for i in range(track.length)
    )


def format_sheet(sheet: PlayerSheet) -> str:
    """The sheet's one-line notation (see the module docstring)."""
    parts = [f"{area.KEY}={area.notation(sheet)}" for area in AREA_MODULES]
    parts += [
        f"{t.code}={_track(t, sheet.circled(t.action), spent_mask(sheet, t))}" for t in TRACKS
    ]
    parts.append(f"q={','.join(b.code for b in sheet.pending)}")
    return " ".join(parts)


def _fail(text: str, key: str, what: str) -> NotationError:
    return NotationError(f"sheet {text!r}: field {key}=: {what}")


def _parse_track(text: str, track: Track[Bonus], value: str) -> tuple[int, int]:
    if len(value) != track.length or set(value) - {"x", "o", "."}:
        raise _fail(text, track.code, f"want {track.length} fields, each . (not circled), "
                    "o (circled) or x (spent)")
    circled = len(value.rstrip("."))
    if "." in value[:circled]:
        raise _fail(text, track.code, "action fields are circled left to right without gaps")
    spent = sum(1 << i for i, ch in enumerate(value) if ch == "x")
    in_order = track.action is not Bonus.NUMBER_JOKER
    if in_order and spent != _count_mask(spent.bit_count()):
        raise _fail(text, track.code, "these action fields are spent left to right")
    return circled, spent


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
    tracks = {t.action: _parse_track(text, t, value[t.code]) for t in TRACKS}
    pending = []
    for code in value["q"].split(",") if value["q"] else []:
        bonus = BONUS_BY_CODE.get(code)
        if bonus is None or not bonus.is_question:
            raise _fail(text, "q", f"{code!r} is not a question mark (?Y ?T ?B ?Br ?P ?*)")
        pending.append(bonus)
    rerolls, rr_spent = tracks[Bonus.REROLL]
    jokers, nj_spent = tracks[Bonus.NUMBER_JOKER]
    extra, xd_spent = tracks[Bonus.EXTRA_DIE]
    sheet = PlayerSheet(
        rerolls=rerolls,
        rerolls_spent=rr_spent.bit_count(),
        jokers=jokers,
        jokers_spent=nj_spent,
        extra_dice=extra,
        extra_dice_spent=xd_spent.bit_count(),
        pending=tuple(sorted(pending)),
    )
    for area in AREA_MODULES:
        try:
            sheet = area.read(value[area.KEY], sheet)
        except NotationError as exc:
            raise _fail(text, area.KEY, str(exc)) from None
    if format_sheet(sheet) != text:
        raise NotationError(f"sheet {text!r}: not canonical; write it as {format_sheet(sheet)!r}")
    return sheet
