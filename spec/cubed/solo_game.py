"""The solo game for searching, with each die's face left open until a move uses it.

A record states its dice, so a search may choose them.  Choosing a roll's faces up front
forces a guess about what later moves will want; here a roll is not chosen at all until the
moves that use it are: an active pick names the die and the face it shows (the other dice in
the cup show 6, so they stay, rulebook "Active Player"; the blue-white partner of a blue pick
shows what the sum needs and goes to the silver platter when lower); after the third roll the
dice left in the cup lie on the platter with open faces; a solo passive roll is built from the
pick and the extra dice that use it (the three platter dice show no more than the three on the
die fields, ruling 9).  An open face is fixed when an extra die, a turquoise match or a blue
sum uses it.  :func:`spec.cubed.solo_record.to_moves` turns a game into the engine's moves.

The sheet is :mod:`spec.cubed.solo_sheet`.  Not modelled (never needed with chosen dice):
re-rolls, number jokers, the passive fallback to die-field dice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple, TypeAlias

from oracle import Area, Die
from spec.cubed import solo_sheet as ss
from spec.cubed.printed import ROUND_START_BONUS

#: Where a die lies: in the cup, on die field I..III, on the platter, or (solo passive turn)
#: not yet placed.
CUP, PLATTER, LOOSE = 0, 4, 5
#: The steps of a round.
ACTIVE, ACTIVE_EXTRA, PASSIVE, PASSIVE_EXTRA, OVER = range(5)
ROUNDS = 6
DICE = tuple(range(len(Die)))


class Dice(NamedTuple):
    """The dice of the current turn: where each lies, its face's bounds (fixed when equal),
    the mask of dice taken as extra dice this turn, and the rolls used (active turn)."""

    place: tuple[int, ...]
    lo: tuple[int, ...]
    hi: tuple[int, ...]
    used: int = 0
    rolls: int = 0


#: A step of the game, for turning it into moves: (kind, ...).  Kinds: "pick" (roll, die,
#: face, partner face or 0, area, number, target), "forfeit" (roll), "extra" (die, area,
#: number, target), "question" (bonus, area, number, target), "passive" (die, area, number,
#: target), "end" (the turn's final places and faces, 12 values).
Step = tuple[object, ...]
#: The steps so far, last first: (the steps before, the last step), or None.
History: TypeAlias = "tuple[History, Step] | None"


class Node(NamedTuple):
    """A solo game at a decision: the sheet, the round, the step of the round, the dice, and
    the steps so far (a linked list: (steps before, step))."""

    sheet: ss.Sheet
    round: int
    phase: int
    dice: Dice
    history: History


def _fresh_active() -> Dice:
    return Dice((CUP,) * 6, (1,) * 6, (6,) * 6)


def _fresh_passive() -> Dice:
    return Dice((LOOSE,) * 6, (1,) * 6, (6,) * 6)


def start() -> Node:
    """A new solo game, round 1 begun (its re-roll given)."""
    return _begin_round(Node(ss.Sheet(), 0, OVER, _fresh_active(), None), 1)


def _begin_round(node: Node, number: int) -> Node:
    bonus = ROUND_START_BONUS[number - 1]
    sheet = ss.award(node.sheet, [bonus]) if bonus is not None else node.sheet
    return _settle(node._replace(sheet=sheet, round=number, phase=ACTIVE, dice=_fresh_active()))


def _settle(node: Node) -> Node:
    """Drop question marks without a use (ruling 19)."""
    pending = node.sheet.pending
    if pending and not all(ss.usable(node.sheet, b) for b in set(pending)):
        kept = tuple(b for b in pending if ss.usable(node.sheet, b))
        node = node._replace(sheet=node.sheet._replace(pending=kept))
    return node


def _record(node: Node, step: Step) -> History:
    return (node.history, step)


def steps(node: Node) -> list[Step]:
    """The game's steps, first to last."""
    out: list[Step] = []
    history = node.history
    while history is not None:
        history, step = history
        out.append(step)
    return out[::-1]


def _areas(die: int) -> tuple[Area, ...]:
    return tuple(Area) if die == Die.WHITE else (Area(die),)


def _with(dice: Dice, die: int, place: int | None = None, face: int | None = None) -> Dice:
    places, lo, hi = list(dice.place), list(dice.lo), list(dice.hi)
    if place is not None:
        places[die] = place
    if face is not None:
        lo[die] = hi[die] = face
    return dice._replace(place=tuple(places), lo=tuple(lo), hi=tuple(hi))


def children(node: Node) -> Iterator[Node]:
    """Every node one decision on (question marks first, as the rules demand)."""
    if node.phase == OVER:
        return
    if node.sheet.pending:
        for bonus in sorted(set(node.sheet.pending)):
            for area, number, target in ss.question_uses(node.sheet, bonus):
                pending = list(node.sheet.pending)
                pending.remove(bonus)
                sheet = ss.enter(node.sheet._replace(pending=tuple(pending)), area, number,
                                 target)
                yield _settle(node._replace(sheet=sheet, history=_record(
                    node, ("question", bonus, area, number, target))))
        return
    if node.phase == ACTIVE:
        yield from _active(node)
    elif node.phase == PASSIVE:
        yield from _passive(node)
    else:
        yield from _extras(node)
        yield _after_extras(node)


def _after_extras(node: Node) -> Node:
    """The turn's end (its dice recorded): the passive turn, the next round, or the end."""
    d = node.dice
    faces = tuple(d.lo)
    ended = node._replace(history=_record(node, ("end",) + d.place + faces))
    if node.phase == ACTIVE_EXTRA:
        return ended._replace(phase=PASSIVE, dice=_fresh_passive())
    if node.round == ROUNDS:
        return ended._replace(phase=OVER)
    return _begin_round(ended, node.round + 1)


def _end_rolls(node: Node) -> Node:
    """After a pick or forfeit: roll again, or (third roll, or the cup empty) the dice left lie
    on the platter with open faces, and the extra dice follow."""
    d = node.dice
    if d.rolls < 3 and CUP in d.place:
        return node
    places = tuple(PLATTER if p == CUP else p for p in d.place)
    return node._replace(phase=ACTIVE_EXTRA, dice=d._replace(place=places))


def _active(node: Node) -> Iterator[Node]:
    d = node.dice
    roll = d.rolls + 1
    for die in DICE:
        if d.place[die] != CUP:
            continue
        for area in _areas(die):
            for face, partner, number, target in _pick_options(node, die, area, roll):
                dice = _with(d, die, roll, face)
                other = _partner(die)
                if partner and d.place[other] == CUP:
                    if partner < face:  # lower than the pick: to the platter
                        dice = _with(dice, other, PLATTER, partner)
                    elif roll == 3:  # stays for now, and goes to the platter showing it
                        dice = _with(dice, other, None, partner)
                dice = dice._replace(rolls=roll)
                sheet = ss.enter(node.sheet, area, number, target)
                step = ("pick", roll, die, face, partner, area, number, target)
                yield _settle(_end_rolls(node._replace(sheet=sheet, dice=dice,
                                                       history=_record(node, step))))
    if roll <= 3:
        forfeited = node._replace(dice=d._replace(rolls=roll),
                                  history=_record(node, ("forfeit", roll)))
        yield _end_rolls(forfeited)


def _partner(die: int) -> int:
    return Die.WHITE if die == Die.BLUE else Die.BLUE


def _pick_options(node: Node, die: int, area: Area, roll: int
                  ) -> Iterator[tuple[int, int, int, int]]:
    """(face, partner face or 0, number, target) for an active pick of ``die`` in ``area``
    from die field ``roll``: any face; blue adds its partner's face (fixed where it lies, or
    chosen when it is in the cup); turquoise crosses one cell plus one per die on the die
    fields showing the number (ruling 11)."""
    d = node.dice
    if area is Area.BLUE:
        other = _partner(die)
        for face in range(1, 7):
            partners = (range(1, 7) if d.place[other] == CUP
                        else range(d.lo[other], d.hi[other] + 1) if d.lo[other] == d.hi[other]
                        else range(0))
            for p in partners:
                for _, value, side in ss.entries(node.sheet, area, roll, [face + p], 1):
                    yield face, p, value, side
        return
    for face in range(1, 7):
        matches = sum(1 for x in DICE if x != die and 1 <= d.place[x] <= 3
                      and d.lo[x] == d.hi[x] == face)
        for _, number, target in ss.entries(node.sheet, area, roll, [face], 1 + matches):
            yield face, 0, number, target


def _passive(node: Node) -> Iterator[Node]:
    """The solo passive pick: a die on the platter showing the number; for turquoise, other
    loose dice join it on the platter showing it too (up to the platter's three)."""
    d = node.dice
    for die in DICE:
        for area in _areas(die):
            for face, joker in _faces_and_jokers(node.sheet, range(1, 7)):
                entered = joker[0] if joker else face
                for number, target, dice in _platter_entries(node, die, area, face, d,
                                                             entered):
                    sheet = _spend(ss.enter(node.sheet, area, number, target), joker)
                    step = ("passive", die, area, number, target, joker[1] if joker else "")
                    yield _settle(node._replace(sheet=sheet, dice=dice, phase=PASSIVE_EXTRA,
                                                history=_record(node, step)))


Joker = tuple[int, str, int] | None


def _faces_and_jokers(sheet: ss.Sheet, faces: range) -> Iterator[tuple[int, Joker]]:
    """Each face without a joker; and, with a joker, the lowest face and each number a joker
    can give it (the face still rules where the die goes and what it matches, ruling 12, so
    the lowest is the freest)."""
    for face in faces:
        yield face, None
    low = faces.start
    for joker in ss.jokers(sheet, low):
        yield low, joker


def _spend(sheet: ss.Sheet, joker: Joker) -> ss.Sheet:
    return sheet if joker is None else sheet._replace(
        jokers_spent=sheet.jokers_spent | 1 << joker[2])


def _slots(d: Dice, place: int) -> int:
    """Free room at ``place`` in a solo passive turn (platter three, each die field one)."""
    have = sum(1 for p in d.place if p == place)
    return (3 if place == PLATTER else 1) - have


def _fits(d: Dice, die: int, place: int, face: int) -> bool:
    """A loose die may lie at ``place`` showing ``face``: room there, and the three platter
    dice show no more than the die-field dice (ruling 9)."""
    if _slots(d, place) <= 0:
        return False
    fields = [d.lo[x] for x in DICE if 1 <= d.place[x] <= 3]
    platter = [d.lo[x] for x in DICE if d.place[x] == PLATTER]
    if place == PLATTER:
        return not fields or face <= min(fields)
    return not platter or face >= max(platter)


def _platter_entries(node: Node, die: int, area: Area, face: int, d: Dice, number: int
                     ) -> Iterator[tuple[int, int, Dice]]:
    """(number, target, dice) for ``die`` entered as ``number`` from the platter of a solo
    passive turn, showing ``face`` (loose: placed there now)."""
    if d.place[die] == LOOSE:
        if not _fits(d, die, PLATTER, face):
            return
        d = _with(d, die, PLATTER, face)
    elif d.place[die] != PLATTER or not d.lo[die] <= face <= d.hi[die]:
        return
    else:
        d = _with(d, die, None, face)
    yield from _entries_at(node, die, area, number, PLATTER, d)


def _entries_at(node: Node, die: int, area: Area, entered: int, place: int, d: Dice
                ) -> Iterator[tuple[int, int, Dice]]:
    """(number, target, dice) for ``die`` (already at ``place``) entered as ``entered`` (its
    face, or a number joker's number) in ``area``: blue with its partner's face (fixed, or
    chosen for an open or loose partner), turquoise with the matches its group can give
    against the number entered (open or loose dice made to show it; ruling 12)."""
    position = ss.PLATTER if place == PLATTER else place
    if area is Area.BLUE:
        other = _partner(die)
        for p, pd in _partner_faces(d, other):
            for _, value, side in ss.entries(node.sheet, area, position, [entered + p], 1):
                yield value, side, pd
        return
    if area is Area.TURQUOISE:
        group = _group(d, die, place, entered)
        free = ss.turquoise_free(node.sheet, entered)
        want = min(len(free), 1 + len(group))
        for _, number, target in ss.entries(node.sheet, area, position, [entered], want):
            dd = d
            for other, new_place in group[:want - 1]:
                dd = _with(dd, other, new_place, entered)
            yield number, target, dd
        return
    for _, number, target in ss.entries(node.sheet, area, position, [entered], 1):
        yield number, target, d


def _group(d: Dice, die: int, place: int, face: int) -> list[tuple[int, int]]:
    """The other dice that can show ``face`` in ``die``'s group (the die fields, or the
    platter), each with the place it takes: fixed ones first, then open ones, then (passive
    turn) loose ones placed now."""
    fields = 1 <= place <= 3
    fixed, open_, loose = [], [], []
    for x in DICE:
        if x == die:
            continue
        p = d.place[x]
        in_group = (1 <= p <= 3) if fields else p == PLATTER
        if in_group and d.lo[x] == d.hi[x] == face:
            fixed.append((x, p))
        elif in_group and d.lo[x] <= face <= d.hi[x]:
            open_.append((x, p))
    trial = d
    for x in DICE:
        if x != die and d.place[x] == LOOSE:
            target = _free_place(trial, fields, face)
            if target is not None:
                loose.append((x, target))
                trial = _with(trial, x, target, face)
    return fixed + open_ + loose


def _free_place(d: Dice, fields: bool, face: int) -> int | None:
    places = (1, 2, 3) if fields else (PLATTER,)
    for p in places:
        if _fits(d, -1, p, face):
            return p
    return None


def _partner_faces(d: Dice, other: int) -> Iterator[tuple[int, Dice]]:
    """The partner die's possible faces for a blue sum, with the dice after fixing it."""
    if d.place[other] == LOOSE:
        for place in (PLATTER, 1, 2, 3):
            for p in range(1, 7):
                if _fits(d, other, place, p):
                    yield p, _with(d, other, place, p)
        return
    for p in range(d.lo[other], d.hi[other] + 1):
        yield p, _with(d, other, None, p)


def _extras(node: Node) -> Iterator[Node]:
    """Extra dice (rulebook "Extra Die"; ruling 6): any die not yet taken as one this turn,
    entered by where it lies; a loose die (solo passive turn) is placed now."""
    sheet, d = node.sheet, node.dice
    if sheet.extra - sheet.extra_spent <= 0:
        return
    for die in DICE:
        if d.used >> die & 1:
            continue
        places = (PLATTER, 1, 2, 3) if d.place[die] == LOOSE else (d.place[die],)
        for place in places:
            if place == CUP:
                continue
            for face, joker in _faces_and_jokers(sheet, range(d.lo[die], d.hi[die] + 1)):
                if d.place[die] == LOOSE:
                    if not _fits(d, die, place, face):
                        continue
                    dice = _with(d, die, place, face)
                else:
                    dice = _with(d, die, None, face)
                entered = joker[0] if joker else face
                for area in _areas(die):
                    for number, target, after in _entries_at(node, die, area, entered, place,
                                                             dice):
                        spent = sheet._replace(extra_spent=sheet.extra_spent + 1)
                        new = _spend(ss.enter(spent, area, number, target), joker)
                        used = after._replace(used=after.used | 1 << die)
                        step = ("extra", die, area, number, target, joker[1] if joker else "")
                        yield _settle(node._replace(sheet=new, dice=used,
                                                    history=_record(node, step)))


def slot(node: Node) -> int:
    """When a node's next roll (or turn step) comes: six steps a round (three active rolls,
    the active extra dice, the passive roll, the passive extra dice); the end after all."""
    if node.phase == OVER:
        return 1000
    within = node.dice.rolls if node.phase == ACTIVE else node.phase + 2
    return 6 * (node.round - 1) + within


#: The slots of a whole game.
LAST_SLOT = 6 * ROUNDS


def key(node: Node) -> object:
    """What decides a node's future (its history aside)."""
    return node[:4]


def to_next_slot(node: Node, branch: int, rank: Callable[[Node], float],
                 keep: Callable[[Node], bool] | None = None) -> list[Node]:
    """Every node reached from ``node`` at a later slot (or the end) through sequences of
    decisions within its slot that ``keep`` allows; the ``branch`` best unfinished ones of
    each length (by ``rank``) go on."""
    here = slot(node)
    out: list[Node] = []
    seen: set[object] = set()
    layer = [node]
    while layer:
        following: list[tuple[float, Node]] = []
        for current in layer:
            for child in children(current):
                k = key(child)
                if k in seen or (keep is not None and not keep(child)):
                    continue
                seen.add(k)
                if slot(child) != here or child.phase == OVER:
                    out.append(child)
                else:
                    following.append((rank(child), child))
        following.sort(key=lambda item: -item[0])
        layer = [n for _, n in following[:branch]]
    return out
