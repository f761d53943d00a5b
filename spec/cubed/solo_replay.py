"""A solo record's game as an open-face game (:mod:`spec.cubed.solo_game`): the record's
entries made again, one by one, in their order, so a search can continue the game from any of
its positions (``solo_improve`` starts from a record this way).

Each entry of the record (an active pick at its roll, a forfeit, a passive pick, an extra die,
a question mark) must be the open-face game's next step of the same kind, die, area and cell
(an active pick with the face the roll showed); a question mark the engine entered at once
(it had exactly one use, ruling 19) has no move in the record and is matched by the open-face
game's only use of it; a turn ends where the record's next entry belongs to a later turn.
Records the open-face game cannot follow (re-rolls, number jokers on active picks, the passive
fallback to die-field dice: see :mod:`spec.cubed.solo_game`) are refused with the reason.
"""

from __future__ import annotations

from typing import NamedTuple

from oracle import Area, Die, OracleError, Phase, PlayerSheet, apply, new_game
from oracle.games.cubed.joker import Joker
from oracle.engine.moves import ExtraDie, Forfeit, QuestionMark, ReRoll, Roll, SoloRoll, Take
from oracle.records.record import Record
from spec.cubed import solo_game as sg


class Entry(NamedTuple):
    """One entry of the record: its turn (2 a round: active, passive), its kind (as the open-face
    game's steps name them) and what must match: (roll, die, face, area, target) for a pick,
    (roll,) for a forfeit, (die, area, number, target) for a passive pick or an extra die (the
    number its face gives, with its partner's for blue, or its number joker's, named in
    ``joker``), (bonus, number, area, target) for a question mark."""

    turn: int
    kind: str
    what: tuple[int, ...]
    joker: str = ""


def entries(record: Record) -> tuple[list[Entry], PlayerSheet]:
    """The record's entries in order, and its final sheet (each move checked by the engine).
    ``ValueError`` for a move the rules or the open-face game do not allow."""
    state = new_game(1)
    out: list[Entry] = []
    turn, roll, faces = -1, 0, [0] * 6
    for number_of_step, step in enumerate(record.steps, 1):
        move = step.move
        if state.phase in (Phase.ROLL, Phase.SOLO_ROLL) and turn % 2 != (
                state.phase is Phase.SOLO_ROLL):
            turn, roll = turn + 1, 0  # a new turn (a question mark may come before its roll)
        try:
            state = apply(state, move)
        except OracleError as exc:
            raise ValueError(f"step {number_of_step}: {exc}") from None
        if isinstance(move, SoloRoll):
            faces = list(move.faces)
        elif isinstance(move, Roll):
            roll = roll + 1
            faces = [new or old for new, old in zip(move.faces, faces)]
        elif isinstance(move, ReRoll):
            raise ValueError("a re-roll (the open-face game has none)")
        elif isinstance(move, Forfeit):
            out.append(Entry(turn, "forfeit", (roll,)))
        elif isinstance(move, Take) and turn % 2 == 0:
            if move.action is not None:
                raise ValueError(f"{move}: a number joker on an active pick (the open-face "
                                 "game has none)")
            out.append(Entry(turn, "pick", (roll, int(move.die), faces[int(move.die)],
                                            int(move.area), move.target)))
        elif isinstance(move, (Take, ExtraDie)):
            kind = "passive" if isinstance(move, Take) else "extra"
            die = int(move.die)
            joker = "" if move.action is None else str(move.action)
            face = move.action.number if isinstance(move.action, Joker) else faces[die]
            number = face + (faces[_partner(die)] if move.area is Area.BLUE else 0)
            out.append(Entry(turn, kind, (die, int(move.area), number, move.target), joker))
        elif isinstance(move, QuestionMark):
            out.append(Entry(turn, "question", (int(move.bonus), move.number, int(move.area),
                                                move.target)))
    sheet = state.sheets[0]
    assert isinstance(sheet, PlayerSheet)
    return out, sheet


def _partner(die: int) -> int:
    return int(Die.WHITE if die == Die.BLUE else Die.BLUE)


def _turn(node: sg.Node) -> int:
    return 2 * (node.round - 1) + (node.phase in (sg.PASSIVE, sg.PASSIVE_EXTRA))


def _matches(step: sg.Step, entry: Entry) -> bool:
    kind = step[0]
    if kind != entry.kind:
        return False
    if kind == "pick":
        roll, die, face, _, area, _, target = step[1:8]
        return (roll, die, face, area, target) == entry.what
    if kind == "forfeit":
        return step[1:2] == entry.what
    if kind in ("passive", "extra"):
        return step[1:5] == entry.what and step[5] == entry.joker
    bonus, area, number, target = step[1:5]
    want_bonus, want_number, want_area, want_target = entry.what
    return ((bonus, area, target) == (want_bonus, want_area, want_target)
            and want_number in (0, number))


def replay(record: Record, budget: int = 200_000) -> sg.Node:
    """The open-face game ending with the record's final sheet through the record's entries
    (a depth-first search over the open faces, at most ``budget`` nodes); ``ValueError``
    with the reason when there is none."""
    wanted, final = entries(record)
    dead: set[tuple[object, int]] = set()
    count = 0

    def search(node: sg.Node, at: int) -> sg.Node | None:
        nonlocal count
        if node.phase == sg.OVER:
            done = at == len(wanted) and node.sheet.to_player_sheet() == final
            return node if done else None
        if (sg.key(node), at) in dead:
            return None
        count += 1
        if count > budget:
            raise ValueError(f"the record's game was not followed within {budget} nodes")
        nxt = wanted[at] if at < len(wanted) else None
        children = list(sg.children(node))
        questions = sum(1 for c in children if c.history is not None
                        and c.history[1][0] == "question")
        for child in children:
            assert child.history is not None
            step = child.history[1]
            kind = step[0]
            if kind == "end":
                ok, step_at = nxt is None or nxt.turn > _turn(node), at
            elif kind == "question" and (nxt is None or not _matches(step, nxt)):
                ok, step_at = questions == 1, at  # entered at once by the engine
            else:
                ok = nxt is not None and nxt.turn == _turn(node) and _matches(step, nxt)
                step_at = at + 1
            if ok:
                found = search(child, step_at)
                if found is not None:
                    return found
        dead.add((sg.key(node), at))
        return None

    found = search(sg.start(), 0)
    if found is None:
        raise ValueError("the open-face game cannot follow the record's entries")
    return found
